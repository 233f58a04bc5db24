package natsperm_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestNATSPermissions starts nats-server from the deployed configuration and
// proves, for every service user and every writer subject of the event
// catalogue, that a publish to a subject not the user's own is refused by
// the server and stores nothing, and that a publish to its own is stored.
func TestNATSPermissions(t *testing.T) {
	url, pw := startDeployedServer(t)
	ctx := ctxFor(t)

	// The admin provisions; every service user can then open the event
	// store bound to what the admin made.
	stores := map[string]*eventstore.Store{}
	conns := map[string]*nats.Conn{}
	refused := map[string]*refusals{}
	for _, u := range append(slices.Clone(serviceUsers), "admin") {
		nc, r := connectAs(t, url, u, pw[u])
		conns[u], refused[u] = nc, r
	}
	provision(t, ctx, conns["admin"], 1)
	for _, u := range serviceUsers {
		s, err := eventstore.Open(ctx, conns[u], eventstore.Config{Provisioned: true})
		if err != nil {
			t.Fatalf("%s: opening the provisioned event store: %v", u, err)
		}
		stores[u] = s
	}
	js, err := jetstream.New(conns["admin"])
	if err != nil {
		t.Fatal(err)
	}

	checked := 0
	for _, u := range append(slices.Clone(serviceUsers), "admin") {
		ujs, err := jetstream.New(conns[u])
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range events.Kinds() {
			stream, err := js.Stream(ctx, k.StreamName())
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range k.Writers() {
				subject := events.Aggregate{Kind: k, ID: "perm-" + u}.Subject(w)
				checked++
				if string(w) == u {
					ack, err := ujs.Publish(ctx, subject, []byte("own"))
					if err != nil {
						t.Errorf("%s: publishing to its own subject %s: %v", u, subject, err)
						continue
					}
					if ack.Stream != k.StreamName() {
						t.Errorf("%s: %s stored in stream %s, want %s", u, subject, ack.Stream, k.StreamName())
					}
					if got := refused[u].about(subject); len(got) > 0 {
						t.Errorf("%s: own subject %s reported refused: %v", u, subject, got)
					}
					continue
				}
				expectRefused(t, conns[u], refused[u], u, subject)
				if _, err := stream.GetLastMsgForSubject(ctx, subject); !errors.Is(err, jetstream.ErrMsgNotFound) {
					t.Errorf("%s: refused publish to %s: stream lookup gave %v, want no message", u, subject, err)
				}
			}
		}
	}
	// Every writer of the catalogue was tried by every user.
	want := 0
	for _, k := range events.Kinds() {
		want += len(k.Writers())
	}
	if want*(len(serviceUsers)+1) != checked || want == 0 {
		t.Errorf("checked %d publishes, want %d", checked, want*(len(serviceUsers)+1))
	}
}

package embedded

import (
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestStandbyMirror: a standby's embedded server, a leaf node of the
// primary's as StandbyUser, mirrors the primary's streams through the
// primary's domain; what the standby publishes on an event subject never
// reaches the primary (the standby user's permissions); removing the
// mirror (the promotion) keeps every message and makes the stream take
// appends.
func TestStandbyMirror(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	pdir, sdir := t.TempDir(), t.TempDir()
	pu, err := LoadOrCreateUsers(pdir)
	if err != nil {
		t.Fatal(err)
	}
	su, err := LoadOrCreateUsers(sdir)
	if err != nil {
		t.Fatal(err)
	}
	p, err := StartEmbedded(EmbeddedConfig{Dir: pdir, Port: -1, Users: pu, Domain: "hakem", LeafListen: addr})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Shutdown()
	ctx := testCtx(t)
	connect := func(e *Embedded, users Users, user string) *nats.Conn {
		nc, err := e.Connect(nats.UserInfo(user, users[user]))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(nc.Close)
		return nc
	}
	if _, err := eventstore.Open(ctx, connect(p, pu, AdminUser), eventstore.Config{}); err != nil {
		t.Fatal(err)
	}
	pjs, _ := jetstream.New(connect(p, pu, InProcessUser))
	publish := func(js jetstream.JetStream, from, to int) {
		for i := from; i < to; i++ {
			if _, err := js.Publish(ctx, fmt.Sprintf("game.g%d.games", i), []byte("{}")); err != nil {
				t.Fatal(err)
			}
		}
	}
	publish(pjs, 0, 5)

	s, err := StartEmbedded(EmbeddedConfig{Dir: sdir, Port: -1, Users: su, Domain: "hakem-standby",
		LeafRemote: fmt.Sprintf("nats://%s:%s@%s", StandbyUser, pu[StandbyUser], addr)})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown()
	sadmin := connect(s, su, AdminUser)
	sjs, _ := jetstream.New(sadmin)
	if _, err := sjs.CreateStream(ctx, jetstream.StreamConfig{Name: "GAMES", Storage: jetstream.FileStorage, AllowDirect: true,
		Mirror: &jetstream.StreamSource{Name: "GAMES", Domain: "hakem"}}); err != nil {
		t.Fatal(err)
	}
	publish(pjs, 5, 10)
	lastSeq := func(js jetstream.JetStream) uint64 {
		st, err := js.Stream(ctx, "GAMES")
		if err != nil {
			t.Fatal(err)
		}
		return st.CachedInfo().State.LastSeq
	}
	for deadline := time.Now().Add(30 * time.Second); lastSeq(sjs) < 10; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the mirror holds %d of the primary's 10 messages after 30 s", lastSeq(sjs))
		}
	}
	if !s.LeafConnected() || !p.LeafConnected() {
		t.Error("no leaf connection between the standby and the primary")
	}

	// the standby's writer cannot write on the primary
	sin := connect(s, su, InProcessUser)
	if err := sin.Publish("game.x.games", []byte("{}")); err != nil {
		t.Fatal(err)
	}
	if err := sin.Flush(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond) // a forwarded message would be stored by now
	if got := lastSeq(pjs); got != 10 {
		t.Errorf("the primary's GAMES has %d messages, want 10: the standby wrote on it", got)
	}

	// the promotion: the store's own configuration, without the mirror
	p.Shutdown()
	if _, err := eventstore.Open(ctx, sadmin, eventstore.Config{}); err != nil {
		t.Fatalf("promoting the mirror: %v", err)
	}
	sinjs, _ := jetstream.New(sin)
	publish(sinjs, 10, 11)
	if got := lastSeq(sjs); got != 11 {
		t.Errorf("the promoted stream's last sequence is %d, want 11 (10 mirrored and 1 appended)", got)
	}
}

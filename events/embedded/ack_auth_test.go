package embedded

import (
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestOrderedAcks: a user that reads GAMES with an ordered consumer (the
// clocks' watcher, the gateway's witness, the in-process user) may
// publish on the reply subject of what it reads, more than once (not
// through a response permission: so nats-server does not keep those
// subjects as pending responses), and still not on another service's
// consumer group's acknowledgements; its own group's stay its.
func TestOrderedAcks(t *testing.T) {
	dir := t.TempDir()
	users, err := LoadOrCreateUsers(dir)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := StartEmbedded(EmbeddedConfig{Dir: dir, Port: 0, Users: users})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	ctx := testCtx(t)
	admin, err := srv.Connect(nats.UserInfo(AdminUser, users[AdminUser]))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	if _, err := eventstore.Open(ctx, admin, eventstore.Config{}); err != nil {
		t.Fatal(err)
	}
	games, err := srv.Connect(nats.UserInfo("games", users["games"]))
	if err != nil {
		t.Fatal(err)
	}
	defer games.Close()
	gjs, _ := jetstream.New(games)
	if _, err := gjs.Publish(ctx, "game.g1.games", []byte("{}")); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		user string
		// acks: subjects published after the ordered consumer's reply,
		// each with whether it is refused
		acks map[string]bool
	}{
		{"clocks", map[string]bool{"$JS.ACK.GAMES.clocks-penalties.1.1.1.1.0": false, "$JS.ACK.GAMES.games-results.1.1.1.1.0": true}},
		{"gateway", map[string]bool{"$JS.ACK.GAMES.arbiter-flags.1.1.1.1.0": true, "$JS.ACK.TOURNAMENTS.scoring-rounds.1.1.1.1.0": true}},
		{InProcessUser, map[string]bool{"$JS.ACK.GAMES.games-results.1.1.1.1.0": false}},
		{"games", map[string]bool{"$JS.ACK.GAMES.games-results.1.1.1.1.0": false, "$JS.ACK.GAMES.arbiter-flags.1.1.1.1.0": true}},
	}
	for _, c := range cases {
		t.Run(c.user, func(t *testing.T) {
			refused := make(chan string, 16)
			nc, err := srv.Connect(nats.UserInfo(c.user, users[c.user]), nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) {
				refused <- err.Error()
			}))
			if err != nil {
				t.Fatal(err)
			}
			defer nc.Close()
			var subjects []string
			if c.user != "games" { // games creates no consumer
				js, _ := jetstream.New(nc)
				cons, err := js.OrderedConsumer(ctx, "GAMES", jetstream.OrderedConsumerConfig{})
				if err != nil {
					t.Fatal(err)
				}
				m, err := cons.Next(jetstream.FetchMaxWait(30 * time.Second))
				if err != nil {
					t.Fatal(err)
				}
				if !strings.HasPrefix(m.Reply(), "$JS.ACK.GAMES.") {
					t.Fatalf("reply %q", m.Reply())
				}
				// twice: once is what a response permission allows
				subjects = append(subjects, m.Reply(), m.Reply())
			}
			want := map[string]bool{}
			for _, s := range subjects {
				want[s] = false
			}
			for s, r := range c.acks {
				subjects, want[s] = append(subjects, s), r
			}
			// a subject nobody may publish on ends the run: the server
			// answers in order, so every refusal before it has arrived
			const sentinel = "$JS.API.STREAM.DELETE.GAMES"
			for _, s := range append(subjects, sentinel) {
				if err := nc.Publish(s, nil); err != nil {
					t.Fatal(err)
				}
			}
			if err := nc.Flush(); err != nil {
				t.Fatal(err)
			}
			got := map[string]bool{}
			for {
				var e string
				select {
				case e = <-refused:
				case <-ctx.Done():
					t.Fatal("no refusal of the sentinel")
				}
				if strings.Contains(e, sentinel) {
					break
				}
				for _, s := range subjects {
					if strings.Contains(e, `"`+s+`"`) {
						got[s] = true
					}
				}
			}
			for _, s := range subjects {
				if got[s] != want[s] {
					t.Errorf("%s publishing on %s: refused %v, want %v", c.user, s, got[s], want[s])
				}
			}
		})
	}
}

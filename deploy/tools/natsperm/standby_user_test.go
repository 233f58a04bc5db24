package natsperm_test

import (
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
)

// TestNATSStandbyUser: the standby user (a standby machine's leaf node
// connection, hakem serve --standby) may not publish any event subject,
// command subject, sealed-log key or stream administration of the local
// JetStream, nor administer a stream through the primary's domain; what it
// may publish is its mirrors' consumers and stream infos through that
// domain and flow control (no ack: it could skip a consumer group's
// events).
func TestNATSStandbyUser(t *testing.T) {
	url, pw := startDeployedServer(t)
	nc, r := connectAs(t, url, "standby", pw["standby"])
	var refusedSubjects []string
	for _, k := range events.Kinds() {
		for _, w := range k.Writers() {
			refusedSubjects = append(refusedSubjects, events.Aggregate{Kind: k, ID: "perm-standby"}.Subject(w))
		}
	}
	refusedSubjects = append(refusedSubjects, "hakem.http.games", "hakem.checkpoints", "$KV.HAKEM_SEALED.game.g1",
		"$JS.API.STREAM.CREATE.GAMES", "$JS.API.STREAM.DELETE.GAMES", "$JS.API.DIRECT.GET.GAMES", "HAKEM_POISON",
		"$JS.hakem.API.STREAM.DELETE.GAMES", "$JS.hakem.API.STREAM.PURGE.GAMES", "$JS.hakem.API.STREAM.UPDATE.GAMES",
		"$JS.hakem.API.STREAM.CREATE.GAMES", "$JS.hakem.API.STREAM.MSG.DELETE.GAMES", "$JS.hakem.API.CONSUMER.DURABLE.CREATE.GAMES.games-results",
		"$JS.hakem.API.CONSUMER.CREATE.GAMES.games-results", "$JS.hakem.API.CONSUMER.DELETE.GAMES.games-results",
		"$JS.ACK.GAMES.games-results.1.1.1.0.0")
	for _, subject := range refusedSubjects {
		expectRefused(t, nc, r, "standby", subject)
	}
	for _, subject := range []string{"$JS.hakem.API.STREAM.INFO.GAMES", "$JS.hakem.API.CONSUMER.CREATE.GAMES"} {
		if err := nc.Publish(subject, nil); err != nil {
			t.Fatal(err)
		}
		if err := nc.Flush(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond)
		if got := r.about(subject); len(got) > 0 {
			t.Errorf("standby: %s refused: %v", subject, got)
		}
	}
}

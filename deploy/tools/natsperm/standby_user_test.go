package natsperm_test

import (
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
)

// TestNATSStandbyUser: the standby user (a standby machine's leaf node
// connection, hakem serve --standby) may not publish any event subject,
// command subject, sealed-log key or stream administration of the local
// JetStream; what it may publish is the JetStream API through the
// primary's domain (its mirrors' consumers), flow control and acks.
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
		"$JS.API.STREAM.CREATE.GAMES", "$JS.API.STREAM.DELETE.GAMES", "$JS.API.DIRECT.GET.GAMES", "HAKEM_POISON")
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

package e2e

import (
	"strings"
	"testing"
)

// TestStreamReplicasNeverScaleDown: on a 3-node cluster, a process with
// stream_replicas 3 creates the event streams, the sealed-log bucket and
// the poison stream R3; a later process configured for 1 leaves them R3.
// It also shows a process without the gateway answering /readyz.
func TestStreamReplicasNeverScaleDown(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs nats-server and hakem serve")
	}
	cl := startCluster(t)
	streams := []string{"GAMES", "TOURNAMENTS", "KV_HAKEM_SEALED", "HAKEM_POISON"}
	r3 := startWith(t, []string{"--only", "scoring", "--nats", cl.urls(), "--data", t.TempDir()}, []string{"HAKEM_STREAM_REPLICAS=3"}, true)
	for _, s := range streams {
		if got := cl.streamInfo(s).Config.Replicas; got != 3 {
			t.Errorf("stream %s: %d replicas with stream_replicas 3", s, got)
		}
	}
	r3.stop()
	r1 := startWith(t, []string{"--only", "scoring", "--nats", cl.urls(), "--data", t.TempDir()}, []string{"HAKEM_STREAM_REPLICAS=1"}, true)
	for _, s := range streams {
		if got := cl.streamInfo(s).Config.Replicas; got != 3 {
			t.Errorf("stream %s scaled down to %d by a process with stream_replicas 1", s, got)
		}
	}
	if !strings.Contains(r1.output(), "not scaled down") {
		t.Errorf("no warning that the streams were kept at R3:\n%s", r1.output())
	}
	r1.stop()
}

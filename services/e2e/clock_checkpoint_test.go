package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// logLines returns the JSON log lines of the process whose message is msg.
func logLines(out, msg string) []map[string]any {
	var found []map[string]any
	for _, line := range strings.Split(out, "\n") {
		if !strings.Contains(line, msg) {
			continue
		}
		var l map[string]any
		if json.Unmarshal([]byte(line), &l) == nil && l["msg"] == msg {
			found = append(found, l)
		}
	}
	return found
}

// waitLog waits until the process logged msg with a line that ok accepts.
func waitLog(t *testing.T, s *server, msg string, ok func(map[string]any) bool) map[string]any {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		for _, l := range logLines(s.output(), msg) {
			if ok(l) {
				return l
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("no log %q as wanted", msg)
	return nil
}

// TestClockCheckpoint: the clocks service checkpoints its watcher; after a
// SIGKILL with a clock running and a restart, the restarted watcher reads
// the games' stream from the checkpoint on (fewer events than the stream
// holds), finds the running clock through the checkpoint alone (no event
// of that game follows it) and records the flag at the instant computed
// from the recorded press.
func TestClockCheckpoint(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := startWith(t, []string{"--data", data, "--log-level", "debug"}, nil, true)

	// history: finished games
	var ids []string
	for i := range 6 {
		g := s.post("/api/games", map[string]any{"white": "a", "black": "b", "time_control": "60", "idempotency_key": fmt.Sprintf("old-%d", i)})
		id, _ := g.body["game_id"].(string)
		ids = append(ids, id)
		s.post("/api/games/"+id+"/clock/start", map[string]string{"idempotency_key": "start-" + id})
		s.move(id, "a", "e4", "e4-"+id)
		s.move(id, "b", "e5", "e5-"+id)
		if a := s.post("/api/games/"+id+"/resign", map[string]string{"player": "a", "idempotency_key": "resign-" + id}); a.status != 200 {
			t.Fatalf("resign: %d %s", a.status, a.raw)
		}
	}
	// the running clock: eight seconds each, White presses
	g := s.post("/api/games", map[string]any{"white": "c", "black": "d", "time_control": "8", "idempotency_key": "running"})
	id, _ := g.body["game_id"].(string)
	ids = append(ids, id)
	s.post("/api/games/"+id+"/clock/start", map[string]string{"idempotency_key": "start-" + id})
	pressed := instant(t, s.move(id, "c", "d4", "d4-"+id).events()[0], "at")

	// the events of the running game's partition (every game's with one
	// partition): its watcher's stream
	parts := testGamePartitions(t)
	part := parts.PartitionOf(id)
	total := 0
	for _, gid := range ids {
		if parts.PartitionOf(gid) == part {
			total += len(s.eventLog(gid))
		}
	}
	inPart := func(l map[string]any) bool { return l["partition"] == float64(part) }
	waitLog(t, s, "clock watcher checkpoint", func(l map[string]any) bool {
		return inPart(l) && l["checkpoint_seq"] == float64(total) && l["running"] == 1.0
	})
	s.kill()

	s = start(t, data)
	live, closeLive := follow(t, s.base, id)
	defer closeLive()
	flag := waitFor(t, live, "clock.flag_fell")
	fd, _ := flag["data"].(map[string]any)
	if got, want := instant(t, flag, "at"), pressed.Add(8*time.Second); !got.Equal(want) || fd["side"] != "black" || fd["ply"] != 1.0 {
		t.Fatalf("flag after the restart %v (%v), want black at %v", got, fd, want)
	}
	resumed := waitLog(t, s, "clock watcher resumes from its checkpoint", inPart)
	caught := waitLog(t, s, "clock watcher caught up", inPart)
	if resumed["checkpoint_seq"] != float64(total) || resumed["running"] != 1.0 {
		t.Errorf("resumed from %v", resumed)
	}
	read, _ := caught["events_read"].(float64)
	tail, _ := caught["stream_seq"].(float64)
	if caught["from_seq"] != float64(total+1) || tail < float64(total) || read >= tail || caught["games_loaded"] != 1.0 {
		t.Errorf("caught up %v: want from %d, fewer events read than the stream's %v, the running game loaded", caught, total+1, tail)
	}
	if n := len(logLines(s.output(), "flag fell")); n > 1 {
		t.Errorf("%d flag falls logged", n)
	}
	s.stop()
}

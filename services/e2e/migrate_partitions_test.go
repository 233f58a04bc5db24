package e2e

import (
	"bufio"
	"context"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/nats-io/nats.go/jetstream"
)

// TestMigratePartitionsKilled: a data folder of a played Swiss (hakem demo)
// is moved to 3 partitions by hakem migrate partitions, SIGKILLed halfway
// through (once it reports events copied), then run again: every game's log
// is the same log as before (nothing lost, nothing duplicated), GAMES is
// gone, a third run has nothing to do, and hakem audit all is clean before
// and after with the same verdicts.
func TestMigratePartitionsKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("builds hakem, plays a demo and migrates its folder")
	}
	data := t.TempDir()
	if out, err := exec.Command(hakemBinary(t), "demo", "--exit-when-done", "--players", "8", "--rounds", "2", "--tc", "3+0",
		"--http", freeAddr(t), "--data", data).CombinedOutput(); err != nil {
		t.Fatalf("hakem demo: %v\n%s", err, out)
	}
	auditBefore := runHakem(t, "audit", "all", "--data", data)
	before, total := gameLogs(t, data, events.SinglePartition)
	if total < 300 {
		t.Fatalf("the demo's folder holds %d game events: too few to stop a migration halfway", total)
	}

	cmd := exec.Command(hakemBinary(t), "migrate", "partitions", "3", "--data", data, "--progress")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	copied := regexp.MustCompile(`, (\d+) copied,`)
	lines := bufio.NewScanner(stderr)
	killed := false
	for lines.Scan() {
		if m := copied.FindStringSubmatch(lines.Text()); m != nil {
			if n, _ := strconv.Atoi(m[1]); n > 0 {
				if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
					t.Fatal(err)
				}
				killed = true
				break
			}
		}
	}
	_ = cmd.Wait()
	if !killed {
		t.Fatal("the migration ended without reporting events copied")
	}
	single, parts := gameStreamCounts(t, data)
	if single != uint64(total) || parts == 0 || parts >= uint64(total) {
		t.Fatalf("after the SIGKILL: GAMES holds %d events (want all %d), the partitions %d (want some, not all)", single, total, parts)
	}
	t.Logf("killed with %d of %d events in the partitions", parts, total)

	out := runHakem(t, "migrate", "partitions", "3", "--data", data)
	if !strings.Contains(out, fmt.Sprintf("%d events of %d games moved into 3 partitions", total, len(before))) {
		t.Fatalf("second run: %s", out)
	}
	if out := runHakem(t, "migrate", "partitions", "3", "--data", data); !strings.Contains(out, "nothing to do") {
		t.Fatalf("third run: %s", out)
	}
	after, afterTotal := gameLogs(t, data, 3)
	if afterTotal != total || len(after) != len(before) {
		t.Fatalf("after: %d events of %d games, before %d of %d", afterTotal, len(after), total, len(before))
	}
	for id, hashes := range before {
		if strings.Join(after[id], " ") != strings.Join(hashes, " ") {
			t.Fatalf("game %s: %d events after, %d before, or other hashes", id, len(after[id]), len(hashes))
		}
	}
	if single, _ := gameStreamCounts(t, data); single != 0 {
		t.Fatalf("GAMES still holds %d events", single)
	}
	if auditAfter := runHakem(t, "audit", "all", "--data", data); auditAfter != auditBefore {
		t.Fatalf("audit before:\n%s\nafter:\n%s", auditBefore, auditAfter)
	}
}

// gameLogs opens the folder with n partitions and returns every game's
// event hashes in log order, and how many game events there are.
func gameLogs(t *testing.T, dir string, n events.GamePartitions) (map[string][]string, int) {
	t.Helper()
	srv, err := embedded.StartEmbedded(embedded.EmbeddedConfig{Dir: dir, Port: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	nc, err := srv.Connect()
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st, err := eventstore.Open(ctx, nc, eventstore.Config{Partitions: n})
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	if err := st.ReadEvery(ctx, events.KindGame, func(r eventstore.Record) error {
		ids[r.Envelope.Aggregate.ID] = true
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	total := 0
	for id := range ids {
		log, _, err := st.LoadStream(ctx, events.Game(id))
		if err != nil {
			t.Fatalf("game %s: %v", id, err)
		}
		for _, e := range log {
			out[id] = append(out[id], e.Hash)
		}
		total += len(log)
	}
	return out, total
}

// gameStreamCounts returns how many events GAMES and the partitions hold.
func gameStreamCounts(t *testing.T, dir string) (single, parts uint64) {
	t.Helper()
	srv, err := embedded.StartEmbedded(embedded.EmbeddedConfig{Dir: dir, Port: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	nc, err := srv.Connect()
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	on, err := eventstore.GameStreamsOn(ctx, js)
	if err != nil {
		t.Fatal(err)
	}
	for name, msgs := range on {
		if name == events.KindGame.StreamName() {
			single = msgs
		} else {
			parts += msgs
		}
	}
	return single, parts
}

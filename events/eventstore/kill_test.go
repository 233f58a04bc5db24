package eventstore

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
)

// The SIGKILL test. A child process (this test binary, re-executed with
// killChildEnv set to a data folder) starts the embedded server on that
// folder and appends commands to one game in a loop, printing
// "ACK <command> <version>" to stdout after each acknowledgement. The parent
// kills it with SIGKILL at a random moment, restarts a server on the same
// folder and checks, precisely:
//
//   - every acknowledged command is in the log with exactly its events, at
//     the versions acknowledged, in order, and the chain verifies;
//   - after the last acknowledged command there is nothing, or exactly the
//     one command that was in flight (the child's next command, all of its
//     events: a two-event batch is never half there);
//   - nothing else.
//
// Then the child is started again on the same folder (it resumes after
// what it finds) and killed again, several times.

const killChildEnv = "HAKEM_EVENTS_KILL_CHILD_DIR"

// killCommand is command n of the child: every third one is a two-event
// batch.
func killCommand(n int) []events.Event {
	if n%3 == 2 {
		return []events.Event{events.DrawOffered{By: events.White, Ply: n}, events.DrawDeclined{By: events.Black}}
	}
	return []events.Event{events.MovePlayed{Ply: n, By: events.White, SAN: "e4", UCI: "e2e4"}}
}

func killKey(n int) string { return "cmd-" + strconv.Itoa(n) }

// killPartitions is the game partition count of the SIGKILL test's store:
// HAKEM_GAME_PARTITIONS from the environment (the child inherits it), 1
// when unset or not a count. HAKEM_GAME_PARTITIONS=3 go test -run
// TestKillWriterMidAppend appends to the game's partition stream.
func killPartitions() events.GamePartitions {
	n, err := strconv.Atoi(os.Getenv("HAKEM_GAME_PARTITIONS"))
	if err != nil || events.GamePartitions(n).Valid() != nil {
		return events.SinglePartition
	}
	return events.GamePartitions(n)
}

// TestKillChild is the child's body; it is skipped unless killChildEnv is set.
func TestKillChild(t *testing.T) {
	dir := os.Getenv(killChildEnv)
	if dir == "" {
		t.Skip("the writer process of TestKillWriterMidAppend")
	}
	srv, err := embedded.StartEmbedded(embedded.EmbeddedConfig{Dir: dir, Port: -1})
	if err != nil {
		fmt.Println("ERR", err)
		os.Exit(3)
	}
	nc, err := srv.Connect()
	if err != nil {
		fmt.Println("ERR", err)
		os.Exit(3)
	}
	ctx := context.Background()
	s, err := Open(ctx, nc, Config{Partitions: killPartitions()})
	if err != nil {
		fmt.Println("ERR", err)
		os.Exit(3)
	}
	g := events.Game("killed")
	log, head, err := s.LoadStream(ctx, g)
	if err != nil {
		fmt.Println("ERR", err)
		os.Exit(3)
	}
	n := 0
	if len(log) > 0 {
		n, _ = strconv.Atoi(strings.TrimPrefix(log[len(log)-1].IdempotencyKey, "cmd-"))
		n++
	}
	fmt.Println("READY", n)
	for ; ; n++ {
		_, h, err := s.Append(ctx, g, events.WriterGames, head, killKey(n), events.Meta{Actor: player}, killCommand(n)...)
		if err != nil {
			fmt.Println("ERR", err)
			os.Exit(3)
		}
		head = h
		fmt.Printf("ACK %d %d\n", n, h.Version)
	}
}

func TestKillWriterMidAppend(t *testing.T) {
	if os.Getenv(killChildEnv) != "" {
		t.Skip("inside the child")
	}
	dir := t.TempDir()
	rounds := 2
	if *long {
		rounds = 10
	}
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	acked := map[int]uint64{} // command → version of its last event
	landed := map[int]bool{}  // in-flight commands of earlier rounds found in the log
	lastAcked := -1
	for round := 0; round < rounds; round++ {
		cmd := exec.Command(os.Args[0], "-test.run=^TestKillChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), killChildEnv+"="+dir)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// A child that stops talking is killed, and the test fails below.
		watchdog := time.AfterFunc(2*time.Minute, func() { cmd.Process.Kill() })
		sc := bufio.NewScanner(out)
		killAfter := 50 + rng.IntN(300)
		got := 0
		killed := false
		for sc.Scan() {
			line := sc.Text()
			var n int
			var v uint64
			switch {
			case strings.HasPrefix(line, "READY"):
				fmt.Sscanf(line, "READY %d", &n)
				if n != lastAcked+1 && n != lastAcked+2 {
					t.Fatalf("round %d: the child resumes at command %d after command %d was acknowledged", round, n, lastAcked)
				}
			case strings.HasPrefix(line, "ACK"):
				if _, err := fmt.Sscanf(line, "ACK %d %d", &n, &v); err != nil {
					t.Fatalf("child said %q", line)
				}
				acked[n], lastAcked = v, n
				got++
			case strings.HasPrefix(line, "ERR"):
				t.Fatalf("child: %s", line)
			}
			if got == killAfter && !killed {
				if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
					t.Fatal(err)
				}
				killed = true
				// Keep reading: lines printed before the kill are acks too.
			}
		}
		cmd.Wait()
		watchdog.Stop()
		if !killed {
			t.Fatalf("round %d: the child stopped by itself after %d acks", round, got)
		}
		inflight := checkAfterKill(t, dir, acked, landed, lastAcked)
		if inflight >= 0 {
			landed[inflight] = true
		}
		t.Logf("round %d: killed after %d acks this round; command %d last acknowledged; in-flight command landed: %v", round, got, lastAcked, inflight >= 0)
	}
}

// checkAfterKill restarts a server on dir and checks the log against the
// acknowledgements. It returns the command that was in flight and landed, or
// -1.
func checkAfterKill(t *testing.T, dir string, acked map[int]uint64, landed map[int]bool, lastAcked int) int {
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
	ctx := testCtx(t)
	s, err := Open(ctx, nc, Config{Partitions: killPartitions()})
	if err != nil {
		t.Fatal(err)
	}
	log, _, err := s.LoadStream(ctx, events.Game("killed"))
	if err != nil {
		t.Fatal(err)
	}
	if err := events.Verify(log); err != nil {
		t.Fatalf("after restart: %v", err)
	}
	// Walk the log command by command.
	i, n, inflight := 0, 0, -1
	for i < len(log) {
		key := log[i].IdempotencyKey
		c, err := strconv.Atoi(strings.TrimPrefix(key, "cmd-"))
		if err != nil || c < n {
			t.Fatalf("event %d belongs to %q, expected command %d or later", i, key, n)
		}
		want := killCommand(c)
		for j := range want {
			if i+j >= len(log) || log[i+j].IdempotencyKey != key || log[i+j].Type != want[j].EventType() {
				t.Fatalf("command %d is not whole at event %d", c, i)
			}
		}
		last := log[i+len(want)-1].Seq
		if v, ok := acked[c]; ok {
			if v != last {
				t.Fatalf("command %d acknowledged at version %d, stored at %d", c, v, last)
			}
		} else if c == lastAcked+1 && i+len(want) == len(log) {
			inflight = c // the command in flight at the kill, whole
		} else if !landed[c] {
			t.Fatalf("command %d is in the log but was never acknowledged (last acknowledged %d)", c, lastAcked)
		}
		i += len(want)
		n = c + 1
	}
	for c := 0; c <= lastAcked; c++ {
		if _, ok := acked[c]; !ok {
			continue // in flight in an earlier round and found by the child's resume
		}
		if len(events.Landed(log, killKey(c))) != len(killCommand(c)) {
			t.Fatalf("acknowledged command %d is missing after the restart", c)
		}
	}
	return inflight
}

package e2e

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/hakem-chess/hakem/events/eventstore"
)

// storeFloorEnv names the round a copy of this test binary appends to an
// event store of its own when it is set ("boards plies think"): TestMain
// runs runStoreFloor instead of the tests.
const storeFloorEnv = "HAKEM_E2E_STORE_FLOOR"

// runStoreFloor is the child's side of storeFloor: an embedded nats-server
// and an event store kept as hakem serve keeps its own (every write synced
// before its acknowledgement, every event signed), the round's games
// created, then every board's moves appended at the players' pace (each
// board thinking uniformly in [think/2, 3 think/2) after each answer, as
// the Olympiad bench's players do), with no HTTP, decision, projection or
// consumer. It prints one line to standard output: "floor <idle kB> <peak
// kB> <appends> <seconds>", its RSS settled after the games were created
// and at the peak of play.
func runStoreFloor(spec string) error {
	var boards, plies int
	var thinking string
	if _, err := fmt.Sscan(spec, &boards, &plies, &thinking); err != nil || boards <= 0 || plies <= 0 {
		return fmt.Errorf("%s=%q: want \"boards plies think\"", storeFloorEnv, spec)
	}
	think, err := time.ParseDuration(thinking)
	if err != nil || think <= 0 {
		return fmt.Errorf("%s=%q: think: want a duration such as 300ms", storeFloorEnv, spec)
	}
	dir, err := os.MkdirTemp("", "hakem-store-floor-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	srv, err := embedded.StartEmbedded(embedded.EmbeddedConfig{Dir: dir, Port: -1, SyncAlways: true})
	if err != nil {
		return err
	}
	defer srv.Shutdown()
	nc, err := srv.Connect()
	if err != nil {
		return err
	}
	defer nc.Close()
	signer, err := events.LoadOrCreateKeys(filepath.Join(dir, "keys"), events.Writers...)
	if err != nil {
		return err
	}
	ctx := context.Background()
	store, err := eventstore.Open(ctx, nc, eventstore.Config{Signer: signer})
	if err != nil {
		return err
	}
	games := make([][]string, boards)
	heads := make([]events.Head, boards)
	aggs := make([]events.Aggregate, boards)
	var failed atomic.Value
	work := make(chan int)
	var wg sync.WaitGroup
	for range 32 {
		wg.Go(func() {
			for i := range work {
				id := fmt.Sprintf("oly-b%d", i+1)
				games[i] = randomGame(uint64(i)+1e6, plies)
				aggs[i] = events.Game(id)
				meta := events.Meta{Actor: events.Actor{Role: "organiser", ID: "api"}, CorrelationID: id}
				_, h, err := store.Append(ctx, aggs[i], events.WriterGames, events.Head{}, id+"/create", meta, events.GameCreated{White: "w" + id, Black: "b" + id})
				if err != nil {
					failed.Store(err)
				}
				heads[i] = h
			}
		})
	}
	for i := range boards {
		work <- i
	}
	close(work)
	wg.Wait()
	if err, _ := failed.Load().(error); err != nil {
		return err
	}
	time.Sleep(time.Second) // settle, as the bench does before serve's idle reading
	idle, err := rssKB(os.Getpid())
	if err != nil {
		return err
	}
	peak := idle
	var peakMu sync.Mutex
	sampling, stop := context.WithCancel(ctx)
	var sampler sync.WaitGroup
	sampler.Go(func() {
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			if kb, err := rssKB(os.Getpid()); err == nil {
				peakMu.Lock()
				peak = max(peak, kb)
				peakMu.Unlock()
			}
			select {
			case <-sampling.Done():
				return
			case <-tick.C:
			}
		}
	})
	// each board a chain of timers, not a goroutine: the floor is the
	// store's memory, not the load's
	var appends atomic.Int64
	var play sync.WaitGroup
	var step func(i, ply int, r *rand.Rand)
	step = func(i, ply int, r *rand.Rand) {
		if ply == len(games[i]) || failed.Load() != nil {
			play.Done()
			return
		}
		id := aggs[i].ID
		player := "w" + id
		if ply%2 == 1 {
			player = "b" + id
		}
		meta := events.Meta{Actor: events.Actor{Role: "player", ID: player}, CorrelationID: fmt.Sprint(id, "/", ply)}
		_, h, err := store.Append(ctx, aggs[i], events.WriterGames, heads[i], fmt.Sprint(id, "/", ply), meta,
			events.MovePlayed{Ply: ply + 1, By: events.White, UCI: games[i][ply], At: time.Now()})
		if err != nil {
			failed.Store(err)
			play.Done()
			return
		}
		heads[i] = h
		appends.Add(1)
		time.AfterFunc(think/2+time.Duration(r.Int64N(int64(think))), func() { step(i, ply+1, r) })
	}
	begin := time.Now()
	for i := range boards {
		play.Add(1)
		r := rand.New(rand.NewPCG(uint64(i), 11))
		time.AfterFunc(think/2+time.Duration(r.Int64N(int64(think))), func() { step(i, 0, r) })
	}
	play.Wait()
	elapsed := time.Since(begin)
	stop()
	sampler.Wait()
	if err, _ := failed.Load().(error); err != nil {
		return err
	}
	fmt.Printf("floor %d %d %d %.3f\n", idle, peak, appends.Load(), elapsed.Seconds())
	return nil
}

// storeFloor runs runStoreFloor in a copy of this test binary for a round
// of boards boards and returns its line for the bench: the event store's
// own memory per live game under the round's moves, the floor under
// serve's, which adds the HTTP connections, the decisions' games, the
// clocks, the projections and the consumers' deliveries.
func storeFloor(t *testing.T, boards, plies int, think time.Duration) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%d %d %s", storeFloorEnv, boards, plies, think))
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("store floor: %v", err)
	}
	var idle, peak, appends int
	var secs float64
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		if _, err := fmt.Sscanf(sc.Text(), "floor %d %d %d %g", &idle, &peak, &appends, &secs); err == nil {
			return fmt.Sprintf("%d boards, %d moves in %.1fs: %.0f moves/s; RSS %.1f MB idle, %.1f MB peak: %.1f kB per live game",
				boards, appends, secs, float64(appends)/secs, float64(idle)/1024, float64(peak)/1024, float64(peak-idle)/float64(boards))
		}
	}
	t.Fatalf("store floor: no figures in %q", out)
	return ""
}

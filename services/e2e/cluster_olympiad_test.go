package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

var (
	olyBoards   = flag.Int("olympiad.boards", 2000, "Olympiad load: boards played at once")
	olyBaseline = flag.Int("olympiad.baseline", 200, "Olympiad load: boards of the baseline run (the same load, smaller); 0 skips it")
	olyPlies    = flag.Int("olympiad.plies", 50, "Olympiad load: plies per game (at most; a game stops before a position that ends it)")
	olyThink    = flag.Duration("olympiad.think", 300*time.Millisecond, "Olympiad load: mean thinking time per move (30 s real time at 100x)")
	olyBudget   = flag.Duration("olympiad.budget", 4*time.Minute, "Olympiad load: the play stops after this long, finished or not")
	olyFlags    = flag.Int("olympiad.flags", -1, "Olympiad load: boards more whose flag falls during the play (nobody moves; see flagBoards); -1: one per 20 boards")
	olyConns    = flag.Int("olympiad.conns", 0, "Olympiad load: kept-alive connections the boards share (board i plays on connection i mod conns); 0: one per board up to 4,000")
	olyProfile  = flag.String("olympiad.profile", "", "Olympiad load: a folder where serve's heap profile and memory maps at the peak of play are written (see peakProfile); empty: none")
)

// maxBoard is the highest board number a game may carry (bounds.Board):
// past it the boards go on in the next round's numbers (a load of more
// boards than any round has).
const maxBoard = 9999

// olympiadFigures are the results of one load run.
type olympiadFigures struct {
	boards, finished int
	moves            int
	refused          int64
	elapsed, think   time.Duration
	// thought and played: over the finished boards, the time their
	// players were given to think, and the wall time from each board's
	// first thought to its last answer (thinking, waiting for the server,
	// the machine's timer wake-ups)
	thought, played  time.Duration
	lat              []time.Duration // sorted
	first            []time.Duration // each board's first move, sorted
	rssIdle, rssPeak int             // kB
	cpu              time.Duration   // the serve process's CPU time during the play
	conns            int             // the boards' connections
	flags            flagFigures
}

func (f olympiadFigures) pct(p float64) time.Duration { return percentile(f.lat, p) }

// percentile of sorted latencies, rounded to 0.1 ms (0 for none).
func percentile(lat []time.Duration, p float64) time.Duration {
	if len(lat) == 0 {
		return 0
	}
	return lat[min(len(lat)-1, int(p*float64(len(lat))))].Round(100 * time.Microsecond)
}

func (f olympiadFigures) String() string {
	// every game is live during the play: the boards and the flag boards
	perGame := float64(f.rssPeak-f.rssIdle) / float64(f.boards+f.flags.boards)
	// the speed reached over the whole run: moves per board per second
	// against one move per 100 x think at real speed; its elapsed time runs
	// to the last move of the slowest-thinking board (random thinking: about
	// 10% longer than the average board's), so even an idle server does not
	// reach 100x on it
	speed := float64(f.moves) / f.elapsed.Seconds() / float64(f.boards) * (100 * f.think).Seconds()
	// the pace held: the boards' thinking time over the time they took,
	// x 100 — 100x when no player ever waits for the server
	held := 0.0
	if f.played > 0 {
		held = 100 * f.thought.Seconds() / f.played.Seconds()
	}
	var perMove float64
	if f.moves > 0 {
		perMove = float64(f.cpu.Microseconds()) / float64(f.moves)
	}
	return fmt.Sprintf("%d boards (%d finished) on %d connections, %d moves in %.1fs: %.0f moves/s; players' pace held %.1fx real speed (their thinking time over each board's wall time), %.0fx over the whole run; move latency p50 %v p90 %v p99 %v max %v (each board's first move: p50 %v p99 %v); RSS %.1f MB idle, %.1f MB peak: %.1f kB per live game; serve CPU %.0f µs per move; %d refused or failed; %v",
		f.boards, f.finished, f.conns, f.moves, f.elapsed.Seconds(), float64(f.moves)/f.elapsed.Seconds(), held, speed,
		f.pct(.50), f.pct(.90), f.pct(.99), f.pct(1), percentile(f.first, .50), percentile(f.first, .99), float64(f.rssIdle)/1024, float64(f.rssPeak)/1024, perGame, perMove, f.refused, f.flags)
}

// playOlympiad starts a fresh hakem serve (every service in one process on
// its embedded JetStream), creates boards games with a classical clock
// (90 min + 30 s, so no flag falls), starts every clock, and plays all the
// games at once through the gateway, each player thinking a random time
// around think before each move; flags boards more (flagBoards) have
// their clocks started as the play begins, and their flags fall during it.
// The boards share conns connections. The play stops by itself after
// budget.
func playOlympiad(t *testing.T, boards, flags, conns, plies int, think, budget time.Duration) olympiadFigures {
	t.Helper()
	var prof *peakProfile
	var env []string
	if *olyProfile != "" {
		prof = &peakProfile{dir: *olyProfile, label: fmt.Sprintf("olympiad-%d", boards), pprof: freeAddr(t)}
		env = append(env, "HAKEM_PPROF_ADDR="+prof.pprof)
	}
	s := startWith(t, []string{"--data", t.TempDir()}, env, true)
	pid := s.cmd.Process.Pid
	time.Sleep(time.Second) // settle after start before the idle reading
	idle, err := rssKB(pid)
	if err != nil {
		t.Fatal(err)
	}
	fig := olympiadFigures{boards: boards, think: think, rssIdle: idle, rssPeak: idle, conns: conns}
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConns: boards, MaxIdleConnsPerHost: boards, MaxConnsPerHost: boards}}
	post := func(path string, v any) (int, string, error) {
		b, _ := json.Marshal(v)
		resp, err := client.Post(s.base+path, "application/json", bytes.NewReader(b))
		if err != nil {
			return 0, "", err
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp.StatusCode, string(raw), nil
	}

	// The round's boards: created and their clocks started, 32 at a time;
	// the flag boards created.
	fb := newFlagBoards(flags, plies, think)
	ids := make([]string, boards)
	games := make([][]string, boards)
	work := make(chan int)
	var wg sync.WaitGroup
	var setupErr atomic.Value
	for range 32 {
		wg.Go(func() {
			for i := range work {
				ids[i] = fmt.Sprintf("oly-b%d", i+1)
				games[i] = randomGame(uint64(i)+1e6, plies)
				if code, raw, err := post("/api/games", map[string]any{"id": ids[i], "white": "w" + ids[i], "black": "b" + ids[i], "round": 1 + i/maxBoard, "board": i%maxBoard + 1, "time_control": "5400+30", "idempotency_key": ids[i]}); err != nil || code != 201 {
					setupErr.Store(fmt.Sprintf("create %s: %d %s %v", ids[i], code, raw, err))
					continue
				}
				if code, raw, err := post("/api/games/"+ids[i]+"/clock/start", map[string]any{"idempotency_key": "start-" + ids[i], "by": "arbiter"}); err != nil || code != 200 {
					setupErr.Store(fmt.Sprintf("clock %s: %d %s %v", ids[i], code, raw, err))
				}
			}
		})
	}
	for i := range boards {
		work <- i
	}
	close(work)
	wg.Wait()
	for i := range flags {
		if err := fb.create(post, i); err != nil {
			setupErr.Store(err.Error())
		}
	}
	if e := setupErr.Load(); e != nil {
		t.Fatal(e)
	}

	// RSS sampled while the games are live.
	sampling, stopSampling := context.WithCancel(context.Background())
	var sampler sync.WaitGroup
	sampler.Go(func() {
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		for {
			if kb, err := rssKB(pid); err == nil && kb > fig.rssPeak {
				fig.rssPeak = kb
				prof.atPeak(t, pid, kb)
			}
			select {
			case <-sampling.Done():
				return
			case <-tick.C:
			}
		}
	})

	ctx, cancel := context.WithTimeout(context.Background(), budget)
	defer cancel()
	lat := make([][]time.Duration, boards)
	var finished, refused atomic.Int64
	var failures failureLog
	defer failures.print(t)
	var thought, played atomic.Int64 // nanoseconds, over the finished boards
	cpu0, err := cpuTime(pid)
	if err != nil {
		t.Fatal(err)
	}
	begin := time.Now()
	var flagsStarted sync.WaitGroup
	flagsStarted.Go(func() { fb.start(post, &failures) })
	// the boards' connections, kept open between their moves (see
	// keepAlive: lighter for the machine than an http.Client); a board
	// waits for its connection when another board uses it
	pool := make([]sharedConn, conns)
	for i := range pool {
		pool[i].c = &keepAlive{addr: strings.TrimPrefix(s.base, "http://")}
		defer pool[i].c.close()
	}
	for i := range boards {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(i), 99))
			conn := &pool[i%conns]
			var given time.Duration
			start := time.Now()
			for ply, mv := range games[i] {
				// thinking: uniform in [think/2, 3*think/2)
				wait := think/2 + time.Duration(r.Int64N(int64(think)))
				given += wait
				select {
				case <-ctx.Done():
					return
				case <-time.After(wait):
				}
				t0 := time.Now()
				body := moveRequest(ids[i], ply, mv)
				code, answer, err := conn.post("/api/games/"+ids[i]+"/moves", body)
				d := time.Since(t0)
				if err != nil || code != 200 {
					if ctx.Err() == nil {
						refused.Add(1)
						why := fmt.Sprint(err)
						if err == nil {
							why = fmt.Sprint(code, " ", answer)
						}
						failures.note(fmt.Sprintf("board %d ply %d after %v: %s", i, ply, d.Round(time.Millisecond), why))
					}
					return
				}
				lat[i] = append(lat[i], d)
			}
			thought.Add(int64(given))
			played.Add(int64(time.Since(start)))
			finished.Add(1)
		})
	}
	wg.Wait()
	fig.elapsed = time.Since(begin)
	if cpu1, err := cpuTime(pid); err == nil {
		fig.cpu = cpu1 - cpu0
	}
	flagsStarted.Wait()
	// the flag boards' falls, waited for a while when the play ended first
	get := func(path string) (int, string, error) {
		resp, err := client.Get(s.base + path)
		if err != nil {
			return 0, "", err
		}
		defer resp.Body.Close()
		raw, err := io.ReadAll(resp.Body)
		return resp.StatusCode, string(raw), err
	}
	latest := begin.Add(time.Duration(slices.Max(append(fb.seconds, 0))+10) * time.Second)
	if fig.flags, err = fb.read(func(id string) ([]map[string]any, error) { return eventsOf(get, id) }, latest); err != nil {
		t.Fatal(err)
	}
	stopSampling()
	sampler.Wait()
	fig.finished = int(finished.Load())
	fig.thought, fig.played = time.Duration(thought.Load()), time.Duration(played.Load())
	fig.refused = refused.Load()
	fig.lat = slices.Concat(lat...)
	fig.moves = len(fig.lat)
	slices.Sort(fig.lat)
	for _, l := range lat {
		if len(l) > 0 {
			fig.first = append(fig.first, l[0])
		}
	}
	slices.Sort(fig.first)
	s.stop()
	return fig
}

// sharedConn is a kept-alive connection that boards take turns on.
type sharedConn struct {
	mu sync.Mutex
	c  *keepAlive
}

// post sends a move on the connection once it is free: the status, the
// body of an answer that is not 200, or the error.
func (s *sharedConn) post(path string, body []byte) (int, string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	code, err := s.c.post(path, body)
	return code, s.c.answer, err
}

// failureLog keeps why moves failed under load: the first few in full and
// a count by kind (the status or the transport error, without the board).
type failureLog struct {
	mu     sync.Mutex
	first  []string
	byKind map[string]int
}

func (l *failureLog) note(line string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.first) < 10 {
		l.first = append(l.first, line)
	}
	if l.byKind == nil {
		l.byKind = map[string]int{}
	}
	kind := line[strings.Index(line, ": ")+2:]
	if len(kind) > 60 {
		kind = kind[:60]
	}
	l.byKind[kind]++
}

func (l *failureLog) print(t *testing.T) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, line := range l.first {
		t.Logf("failed move: %s", line)
	}
	for kind, n := range l.byKind {
		t.Logf("failed moves: %d × %s", n, kind)
	}
}

// TestOlympiadLoad (-long; bench/olympiad.sh) plays an Olympiad-sized
// round — 2,000 boards at once, through the gateway of one hakem serve, at
// 100x real speed (players think about 0.3 s a move, 30 s at real speed)
// — and prints the throughput, the move commands' latency percentiles and
// the serve process's memory per live game (its RSS at the peak of play
// less its RSS idle, over the boards), beside the same load at 200 boards
// measured in the same run. Flag boards (one per 20 boards, see
// flagBoards) check the clocks' watcher under that load: every flag fall
// recorded at its clock's exact instant, with the lateness of its
// recording printed. The play is bounded (-olympiad.budget): a run that
// does not finish in time reports the games it finished.
func TestOlympiadLoad(t *testing.T) {
	if !*long {
		t.Skip("load test: run with -long (bench/olympiad.sh)")
	}
	sizes := func(boards int) (flags, conns int) {
		flags, conns = *olyFlags, *olyConns
		if flags < 0 {
			flags = max(boards/20, 1)
		}
		if conns <= 0 {
			conns = min(boards, 4000)
		}
		return flags, min(conns, boards)
	}
	var base olympiadFigures
	if *olyBaseline > 0 {
		flags, conns := sizes(*olyBaseline)
		base = playOlympiad(t, *olyBaseline, flags, conns, *olyPlies, *olyThink, *olyBudget)
		fmt.Printf("olympiad baseline: %v\n", base)
		checkFlags(t, base.flags)
	}
	flags, conns := sizes(*olyBoards)
	fig := playOlympiad(t, *olyBoards, flags, conns, *olyPlies, *olyThink, *olyBudget)
	fmt.Printf("olympiad: %v\n", fig)
	checkFlags(t, fig.flags)
	fmt.Printf("olympiad store floor (the event store alone, synced and signed, appending the round's moves at the players' pace in a process of its own): %s\n",
		storeFloor(t, *olyBoards, *olyPlies, *olyThink))
	if fig.refused > 0 || base.refused > 0 {
		t.Errorf("refused or failed moves: %d (baseline %d)", fig.refused, base.refused)
	}
	if fig.finished < fig.boards {
		t.Errorf("%d of %d boards finished within %v", fig.finished, fig.boards, *olyBudget)
	}
}

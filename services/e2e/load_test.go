package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/services/internal/natstest"
)

var (
	long     = flag.Bool("long", false, "run the load test (bench/services.sh)")
	numGames = flag.Int("games", 1000, "load test: concurrent games")
	numPlies = flag.Int("plies", 40, "load test: plies per game")
	rate     = flag.Float64("rate", 5000, "load test: moves per second offered in the paced phase (0 skips it)")
	// the baseline build and the profile (bench/services.sh's BASE and PROFILE)
	baseBin     = flag.String("base", "", "load test: a hakem binary built from another commit, run through the same phases first (empty: none)")
	baseName    = flag.String("base.name", "base", "load test: the baseline's name in the printed lines (its commit)")
	profileDir  = flag.String("profile", "", "load test: folder for the serve process's CPU profile of each saturation phase (empty: none)")
	profileSecs = flag.Int("profile.seconds", 5, "load test: length of that profile, from the phase's start")
)

// keepAlive is one game's HTTP/1.1 connection to the gateway, kept open
// between its moves, as a browser's or a broadcaster's is: the request
// written in one piece, the answer read with net/http's own parser
// (http.ReadResponse) and its body read to the end. It is the load
// client's, lighter than an http.Client (whose Transport hands each
// request between three goroutines): on a machine shared with the server,
// what the client spends is taken from the server. The server sees the
// same requests either way.
type keepAlive struct {
	addr string
	conn net.Conn
	br   *bufio.Reader
	req  []byte
	// answer is the body of the last answer that was not 200 (its first
	// 200 bytes), for a load test to say why a move failed
	answer string
}

// post sends body to path and returns the answer's status; the connection
// is dropped on any error (the next post dials again).
func (c *keepAlive) post(path string, body []byte) (int, error) {
	if c.conn == nil {
		conn, err := net.Dial("tcp", c.addr)
		if err != nil {
			return 0, err
		}
		c.conn, c.br = conn, bufio.NewReader(conn)
	}
	c.req = append(c.req[:0], "POST "...)
	c.req = append(c.req, path...)
	c.req = append(c.req, " HTTP/1.1\r\nHost: "...)
	c.req = append(c.req, c.addr...)
	c.req = append(c.req, "\r\nContent-Type: application/json\r\nContent-Length: "...)
	c.req = strconv.AppendInt(c.req, int64(len(body)), 10)
	c.req = append(c.req, "\r\n\r\n"...)
	c.req = append(c.req, body...)
	// a stuck answer fails the move rather than the whole test run
	if err := c.conn.SetDeadline(time.Now().Add(30 * time.Second)); err != nil {
		c.close()
		return 0, err
	}
	if _, err := c.conn.Write(c.req); err != nil {
		c.close()
		return 0, err
	}
	resp, err := http.ReadResponse(c.br, nil)
	if err != nil {
		c.close()
		return 0, err
	}
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 200))
		c.answer = string(b)
	}
	_, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if err != nil || resp.Close {
		c.close()
	}
	return resp.StatusCode, err
}

func (c *keepAlive) close() {
	if c.conn != nil {
		c.conn.Close()
		c.conn = nil
	}
}

// cpuTime returns the user and system time the process pid has used.
func cpuTime(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// after the command name in parentheses: state is field 3, utime and
	// stime fields 14 and 15, in clock ticks (USER_HZ, 100 on Linux)
	end := bytes.LastIndexByte(b, ')')
	if end < 0 {
		return 0, fmt.Errorf("/proc/%d/stat: %q", pid, b)
	}
	f := strings.Fields(string(b[end+1:]))
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc/%d/stat: %q", pid, b)
	}
	var ticks int64
	for _, s := range f[11:13] {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("/proc/%d/stat: %w", pid, err)
		}
		ticks += n
	}
	return time.Duration(ticks) * 10 * time.Millisecond, nil
}

// moveRequest is the body of POST /api/games/{id}/moves for game id's ply
// (from 0) playing mv (UCI), sent by the player on move (w<id> or b<id>,
// as the load benches create their games), with the ply as its key.
func moveRequest(id string, ply int, mv string) []byte {
	player := "w" + id
	if ply%2 == 1 {
		player = "b" + id
	}
	body, _ := json.Marshal(map[string]string{"move": mv, "player": player, "idempotency_key": fmt.Sprint(ply)})
	return body
}

// randomGame returns a deterministic sequence of legal moves (UCI) of at
// most plies plies, stopping before a position that ends the game.
func randomGame(seed uint64, plies int) []string {
	r := rand.New(rand.NewPCG(seed, 7))
	g := rules.NewGame(rules.StartPosition())
	var out []string
	var buf []rules.Move
	for len(out) < plies {
		p := g.Position()
		buf = p.LegalMoves(buf)
		if len(buf) == 0 {
			break
		}
		m := buf[r.IntN(len(buf))]
		if err := g.Play(m); err != nil {
			break
		}
		st := g.Status()
		if st.Checkmate || st.Stalemate || st.DeadPosition || st.Fivefold || st.SeventyFiveMove {
			break // keep every game running to its last ply
		}
		out = append(out, p.UCI(m))
	}
	return out
}

// TestGatewayLoad plays many games at once through the gateway of a real
// hakem serve process and prints, in two phases:
//
//   - saturation: every game sends its next move as soon as the previous
//     one is answered (a closed loop of -games clients): the most moves per
//     second the process accepts end to end. Its latencies are those of a
//     queue of -games requests (Little's law: about games / throughput),
//     not of one move;
//   - paced: as many fresh games, each sending a move every games/rate
//     seconds (an offered load of -rate moves/s, players that do not wait
//     for one another): the moves per second accepted and the latency
//     percentiles of a move at that load.
//
// Each phase also prints the serve process's CPU time per accepted move
// (its user+system time over the phase, a figure that a busy machine
// disturbs less than a rate), and the load client's own (this process:
// what the client takes from the same cores). Then, beside them, the raw append rate of
// the event store measured in the same run.
func TestGatewayLoad(t *testing.T) {
	if !*long {
		t.Skip("load test: run with -long (bench/services.sh)")
	}
	games := make([][]string, *numGames)
	total := 0
	for i := range games {
		games[i] = randomGame(uint64(i), *numPlies)
		total += len(games[i])
	}
	bin := hakemBinary(t) // built now: the tree may change during the run
	if *baseBin != "" {
		// the baseline first, then this tree's build, on the same machine
		// minutes apart: the printed lines name each
		gatewayPhases(t, *baseBin, "(base "+*baseName+") ", games, total)
		gatewayPhases(t, bin, "(this tree) ", games, total)
	} else {
		gatewayPhases(t, bin, "", games, total)
	}
	rawAppends(t, games, total)
	bareHTTPFloor(t, games, total)
}

// gatewayPhases starts the hakem binary bin and plays the saturation and
// the paced phase against it, each line printed after "gateway "+label.
func gatewayPhases(t *testing.T, bin, label string, games [][]string, total int) {
	var env []string
	pprofAddr := ""
	if *profileDir != "" {
		pprofAddr = freeAddr(t)
		env = append(env, "HAKEM_PPROF_ADDR="+pprofAddr)
	}
	s := startBinary(t, bin, []string{"--data", t.TempDir()}, env, true)
	pid := s.cmd.Process.Pid
	// the client reuses its connections (one per game: net/http keeps each
	// idle between a game's moves), as a browser or a broadcaster does
	client := &http.Client{Timeout: time.Minute, Transport: &http.Transport{MaxIdleConns: *numGames, MaxIdleConnsPerHost: *numGames, MaxConnsPerHost: *numGames}}
	post := func(path string, v any) (int, error) {
		b, _ := json.Marshal(v)
		resp, err := client.Post(s.base+path, "application/json", bytes.NewReader(b))
		if err != nil {
			return 0, err
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode, nil
	}
	// create makes the games of a phase, 32 at a time.
	create := func(prefix string) []string {
		ids := make([]string, *numGames)
		work := make(chan int)
		var wg sync.WaitGroup
		var failed atomic.Value
		for range 32 {
			wg.Go(func() {
				for i := range work {
					ids[i] = fmt.Sprintf("%s-%d", prefix, i)
					if code, err := post("/api/games", map[string]any{"id": ids[i], "white": "w" + ids[i], "black": "b" + ids[i], "idempotency_key": ids[i]}); err != nil || code != 201 {
						failed.Store(fmt.Sprintf("create %s: %d %v", ids[i], code, err))
					}
				}
			})
		}
		for i := range ids {
			work <- i
		}
		close(work)
		wg.Wait()
		if f := failed.Load(); f != nil {
			t.Fatal(f)
		}
		return ids
	}
	// play plays every game, game i waiting wait(i, ply) before each move.
	play := func(name string, ids []string, wait func(i, ply int) time.Duration) {
		lat := make([][]time.Duration, *numGames)
		var failed atomic.Int64
		var first atomic.Value
		var wg sync.WaitGroup
		cpu0, err := cpuTime(pid)
		if err != nil {
			t.Fatal(err)
		}
		self0, _ := cpuTime(os.Getpid())
		profiled := make(chan struct{})
		if pprofAddr != "" && name == "saturation" {
			go func() {
				defer close(profiled)
				base := filepath.Join(*profileDir, strings.Trim(strings.NewReplacer("(", "", ")", "", " ", "-").Replace(label), "-")+"-saturation")
				var wg sync.WaitGroup
				wg.Go(func() { saveServeProfile(t, pprofAddr, "profile", base+".pprof") })
				wg.Go(func() { saveServeProfile(t, pprofAddr, "allocs", base+"-allocs.pprof") })
				wg.Wait()
			}()
		} else {
			close(profiled)
		}
		begin := time.Now()
		for i := range games {
			wg.Go(func() {
				lat[i] = make([]time.Duration, 0, len(games[i]))
				c := &keepAlive{addr: strings.TrimPrefix(s.base, "http://")}
				defer c.close()
				for ply, mv := range games[i] {
					if d := wait(i, ply); d > 0 {
						time.Sleep(d)
					}
					t0 := time.Now()
					body := moveRequest(ids[i], ply, mv)
					code, err := c.post("/api/games/"+ids[i]+"/moves", body)
					lat[i] = append(lat[i], time.Since(t0))
					if err != nil || code != 200 {
						if failed.Add(1) == 1 {
							first.Store(fmt.Sprintf("%s ply %d: %d %s %v", ids[i], ply+1, code, c.answer, err))
						}
						return
					}
				}
			})
		}
		wg.Wait()
		elapsed := time.Since(begin)
		cpu1, err := cpuTime(pid)
		if err != nil {
			t.Fatal(err)
		}
		self1, _ := cpuTime(os.Getpid())
		<-profiled
		if n := failed.Load(); n > 0 {
			t.Fatalf("%s: %d games had a refused or failed move; the first: %s", name, n, first.Load())
		}
		all := slices.Concat(lat...)
		slices.Sort(all)
		pct := func(p float64) time.Duration { return all[min(len(all)-1, int(p*float64(len(all))))] }
		fmt.Printf("gateway %s%s: %d games, %d moves in %.2fs: %.0f moves/s accepted end to end; latency p50 %v, p99 %v, max %v; serve CPU %.0f µs per move (the load client %.0f µs)\n",
			label, name, *numGames, total, elapsed.Seconds(), float64(total)/elapsed.Seconds(), pct(.50).Round(time.Microsecond), pct(.99).Round(time.Microsecond), all[len(all)-1].Round(time.Microsecond),
			float64((cpu1-cpu0).Microseconds())/float64(total), float64((self1-self0).Microseconds())/float64(total))
	}

	play("saturation", create("load"), func(int, int) time.Duration { return 0 })
	if *rate > 0 {
		// every game moves once per period, the games spread evenly over it
		period := time.Duration(float64(*numGames) / *rate * float64(time.Second))
		ids := create("paced")
		start := time.Now().Add(period)
		play(fmt.Sprintf("paced at %.0f moves/s offered", *rate), ids, func(i, ply int) time.Duration {
			return time.Until(start.Add(time.Duration(ply)*period + time.Duration(i)*period/time.Duration(*numGames)))
		})
	}
	s.stop()
}

// saveServeProfile writes the profile kind ("profile": CPU; "allocs": the
// allocations) of the next -profile.seconds of the process serving Go's
// profiles on addr to path.
func saveServeProfile(t *testing.T, addr, kind, path string) {
	resp, err := http.Get(fmt.Sprintf("http://%s/debug/pprof/%s?seconds=%d", addr, kind, *profileSecs))
	if err != nil {
		t.Errorf("profile: %v", err)
		return
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err == nil && resp.StatusCode != http.StatusOK {
		err = fmt.Errorf("%s: %s", resp.Status, b)
	}
	if err == nil {
		err = os.WriteFile(path, b, 0o644)
	}
	if err != nil {
		t.Errorf("profile: %v", err)
		return
	}
	fmt.Printf("gateway profile: %s\n", path)
}

// rawAppends prints the event store's raw append rate: the baseline the
// gateway's figures are read beside. Two stores, each its own embedded
// server in this process, one MovePlayed per append and as many writers as
// games: the plain store (no fsync, unsigned: the rate JetStream itself
// allows), then the store as hakem serve keeps it (every write synced
// before its acknowledgement, every event signed with the data folder's
// writer keys), the part of serve's work per move that is the store's
// alone. Each line gives this process's CPU time per append (user+system:
// the store and its server; no other work runs here meanwhile), the floor
// under serve's CPU per move, which adds the HTTP request, the decision
// and the deliveries to the consumers.
func rawAppends(t *testing.T, games [][]string, total int) {
	plain, _, closePlain := natstest.Folder(t, t.TempDir())
	defer closePlain()
	rawAppendsTo(t, plain, "raw append (baseline)", games, total)
	closePlain()

	durable, _, closeDurable := natstest.DurableFolder(t, t.TempDir())
	defer closeDurable()
	rawAppendsTo(t, durable, "raw append as serve stores (synced, signed)", games, total)
}

// rawAppendsTo appends every game's moves to store, a writer a game, and
// prints the rate and this process's CPU time per append after label.
func rawAppendsTo(t *testing.T, store *eventstore.Store, label string, games [][]string, total int) {
	ids := make([]string, *numGames)
	for i := range ids {
		ids[i] = fmt.Sprintf("load-%d", i)
	}
	var failed atomic.Int64
	var wg sync.WaitGroup
	ctx := context.Background()
	cpu0, err := cpuTime(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	begin := time.Now()
	for i := range games {
		wg.Go(func() {
			agg := events.Game(ids[i])
			var head events.Head
			_, head, err := store.Append(ctx, agg, events.WriterGames, head, ids[i]+"/c", events.Meta{}, events.GameCreated{White: "w", Black: "b"})
			if err != nil {
				failed.Add(1)
				return
			}
			for ply, mv := range games[i] {
				_, head, err = store.Append(ctx, agg, events.WriterGames, head, fmt.Sprint(ids[i], "/", ply), events.Meta{},
					events.MovePlayed{Ply: ply + 1, By: events.White, UCI: mv, At: time.Now()})
				if err != nil {
					failed.Add(1)
					return
				}
			}
		})
	}
	wg.Wait()
	raw := time.Since(begin)
	cpu1, err := cpuTime(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	if n := failed.Load(); n > 0 {
		t.Fatalf("%s: %d appenders failed", label, n)
	}
	n := total + *numGames
	fmt.Printf("%s: %d appends in %.2fs: %.0f appends/s; CPU %.0f µs per append\n", label, n, raw.Seconds(), float64(n)/raw.Seconds(),
		float64((cpu1-cpu0).Microseconds())/float64(n))
}

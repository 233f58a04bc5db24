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
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
)

var (
	long     = flag.Bool("long", false, "run the load test (bench/services.sh)")
	numGames = flag.Int("games", 1000, "load test: concurrent games")
	numPlies = flag.Int("plies", 40, "load test: plies per game")
)

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
// hakem serve process and prints moves per second and latency percentiles,
// beside the raw append rate of the event store measured in the same run.
func TestGatewayLoad(t *testing.T) {
	if !*long {
		t.Skip("load test: run with -long (bench/services.sh)")
	}
	s := start(t, t.TempDir())
	client := &http.Client{Transport: &http.Transport{MaxIdleConns: *numGames, MaxIdleConnsPerHost: *numGames, MaxConnsPerHost: *numGames}}
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
	games := make([][]string, *numGames)
	ids := make([]string, *numGames)
	total := 0
	for i := range games {
		games[i] = randomGame(uint64(i), *numPlies)
		total += len(games[i])
		ids[i] = fmt.Sprintf("load-%d", i)
		if code, err := post("/api/games", map[string]any{"id": ids[i], "white": "w" + ids[i], "black": "b" + ids[i], "idempotency_key": ids[i]}); err != nil || code != 201 {
			t.Fatalf("create %s: %d %v", ids[i], code, err)
		}
	}
	lat := make([][]time.Duration, *numGames)
	var failed atomic.Int64
	var wg sync.WaitGroup
	begin := time.Now()
	for i := range games {
		wg.Go(func() {
			for ply, mv := range games[i] {
				player := "w" + ids[i]
				if ply%2 == 1 {
					player = "b" + ids[i]
				}
				t0 := time.Now()
				code, err := post("/api/games/"+ids[i]+"/moves", map[string]string{"move": mv, "player": player, "idempotency_key": fmt.Sprint(ply)})
				lat[i] = append(lat[i], time.Since(t0))
				if err != nil || code != 200 {
					failed.Add(1)
					return
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(begin)
	if n := failed.Load(); n > 0 {
		t.Fatalf("%d games had a refused or failed move", n)
	}
	all := slices.Concat(lat...)
	slices.Sort(all)
	pct := func(p float64) time.Duration { return all[min(len(all)-1, int(p*float64(len(all))))] }
	fmt.Printf("gateway: %d games, %d moves in %.2fs: %.0f moves/s accepted end to end; latency p50 %v, p99 %v, max %v\n",
		*numGames, total, elapsed.Seconds(), float64(total)/elapsed.Seconds(), pct(.50).Round(time.Microsecond), pct(.99).Round(time.Microsecond), all[len(all)-1].Round(time.Microsecond))
	s.stop()

	// Baseline, same run: the event store's raw append rate (one MovePlayed
	// per append, as many writers as games, its own embedded server).
	srv, err := events.StartEmbedded(events.EmbeddedConfig{Dir: t.TempDir(), Port: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	nc, err := srv.Connect()
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	ctx := context.Background()
	store, err := events.Open(ctx, nc, events.Config{})
	if err != nil {
		t.Fatal(err)
	}
	begin = time.Now()
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
	if n := failed.Load(); n > 0 {
		t.Fatalf("%d raw appenders failed", n)
	}
	fmt.Printf("raw append (baseline): %d appends in %.2fs: %.0f appends/s\n", total+*numGames, raw.Seconds(), float64(total+*numGames)/raw.Seconds())
}

package eventstore

// The figures of bench/events.sh, run with -long: each of Hakem's figures
// beside a baseline measured in the same run on the same server.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

func figure(format string, args ...any) { fmt.Fprintf(os.Stdout, "events: "+format+"\n", args...) }

// cpuTime is the CPU time this process (client and embedded server) has
// used: CPU per operation is a fairer comparison than operations per second
// on a machine shared with other work.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// measured is a rate and the CPU per operation of one run.
type measured struct {
	rate  float64
	cpuUs float64
}

// measure runs fn, which does n operations, and returns its rate and CPU
// per operation.
func measure(n int, fn func()) measured {
	c0, t0 := cpuTime(), time.Now()
	fn()
	return measured{rate: float64(n) / time.Since(t0).Seconds(), cpuUs: float64((cpuTime() - c0).Nanoseconds()) / 1e3 / float64(n)}
}

func TestBenchFigures(t *testing.T) {
	if !*long {
		t.Skip("benchmark figures: run with -long (bench/events.sh)")
	}
	games, perGame := 10000, 80
	if v := os.Getenv("HAKEM_BENCH_GAMES"); v != "" {
		games, _ = strconv.Atoi(v)
	}
	// HAKEM_BENCH_PART=appends or reads runs one half (while iterating).
	part := os.Getenv("HAKEM_BENCH_PART")
	if part == "" || part == "appends" {
		benchAppends(t)
	}
	if part == "" || part == "reads" {
		benchReplayAndProjection(t, games, perGame)
	}
}

// rawBytes is one envelope as Append would write it (a full-length
// previous hash included), for the raw baseline.
func rawBytes(t testing.TB, i int) []byte {
	envs, err := events.Build(events.Game("raw"), events.WriterGames, events.Head{Version: uint64(i), Hash: fmt.Sprintf("%064x", i)}, "raw-"+strconv.Itoa(i), meta(), move(i+1, "Nf3"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(envs[0])
	return b
}

// withHeaders is a raw message with the headers Append sets on a
// one-event command (id, expected last sequence of the game's wildcard).
func withHeaders(game, id string, last uint64, body []byte) *nats.Msg {
	m := nats.NewMsg("game." + game + ".games")
	m.Data = body
	m.Header[hdrMsgID] = []string{id}
	m.Header[hdrExpLastSubjSeq] = []string{strconv.FormatUint(last, 10)}
	m.Header[hdrExpLastSubjSub] = []string{"game." + game + ".>"}
	return m
}

// appendFigure prints Hakem's append rate beside raw publishing of the same
// bytes, and beside raw publishing with the same JetStream headers (what
// the server's dedup and expected-sequence checks cost by themselves).
func appendFigure(what string, r interleaved) {
	figure("%s hakem %6.0f/s (%4.1f µs CPU each)   raw nats.go %6.0f/s (%4.1f µs)   %3.0f%% of raw (rounds: %.0f–%.0f%%)   [raw with the same headers %6.0f/s (%4.1f µs)]",
		what, r.median[0].rate, r.median[0].cpuUs, r.median[1].rate, r.median[1].cpuUs,
		100*r.ratio, 100*r.ratioLo, 100*r.ratioHi, r.median[2].rate, r.median[2].cpuUs)
}

// appendRounds is how many short rounds each append figure is measured
// over (after one round of warming up).
const appendRounds = 24

// projectionRounds is how many passes over the whole stream each reader
// makes (after one of warming up).
const projectionRounds = 5

func benchAppends(t *testing.T) {
	s := openStore(t, Config{})
	ctx := context.Background()
	js, _ := jetstream.New(s.nc)
	body := rawBytes(t, 40)

	// 1 game, 1 writer (a game's commands are sequential by nature).
	const n1 = 400 // appends per round and variant
	head := events.Head{}
	var err error
	cmd := 0
	hakemOne := func() measured {
		return measure(n1, func() {
			for i := 0; i < n1; i++ {
				cmd++
				if _, head, err = s.Append(ctx, events.Game("one"), events.WriterGames, head, "one-"+strconv.Itoa(cmd), meta(), move(cmd, "Nf3")); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
	rawOne := func() measured {
		return measure(n1, func() {
			for i := 0; i < n1; i++ {
				m := nats.NewMsg("game.rawone.games")
				m.Data = body
				if _, err := js.PublishMsg(ctx, m); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
	var lastHdr uint64
	hdrOne := func() measured {
		return measure(n1, func() {
			for i := 0; i < n1; i++ {
				cmd++
				m := withHeaders("hdrone", "h1-"+strconv.Itoa(cmd), lastHdr, body)
				a, err := js.PublishMsg(ctx, m)
				if err != nil {
					t.Fatal(err)
				}
				lastHdr = a.Sequence
			}
		})
	}
	appendFigure("append, 1 game, 1 writer:       ", interleave(appendRounds, hakemOne, rawOne, hdrOne))

	// 1,000 games, 16 writers; each writer owns the games w, w+16, ...
	const writers, nGames, perWriter = 16, 1000, 150
	run := func(fn func(w, i int) error) measured {
		var wg sync.WaitGroup
		errs := make(chan error, writers)
		m := measure(writers*perWriter, func() {
			for w := 0; w < writers; w++ {
				wg.Add(1)
				go func(w int) {
					defer wg.Done()
					for i := 0; i < perWriter; i++ {
						if err := fn(w, i); err != nil {
							errs <- err
							return
						}
					}
				}(w)
			}
			wg.Wait()
		})
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		return m
	}
	heads := make([]events.Head, nGames)
	hdrHeads := make([]uint64, nGames)
	next := make([]int, writers) // each writer's next game among its own
	gameOf := func(w int) int {
		g := w + next[w]*writers
		if next[w]++; w+next[w]*writers >= nGames {
			next[w] = 0
		}
		return g
	}
	round := 0
	rN := interleave(appendRounds, func() measured {
		return run(func(w, i int) error {
			g := gameOf(w)
			envs, h, err := s.Append(ctx, events.Game("m"+strconv.Itoa(g)), events.WriterGames, heads[g], fmt.Sprintf("m%d-%d", g, heads[g].Version), meta(), move(int(heads[g].Version)+1, "Nf3"))
			if err == nil && len(envs) == 1 {
				heads[g] = h
			}
			return err
		})
	}, func() measured {
		return run(func(w, i int) error {
			m := nats.NewMsg("game.r" + strconv.Itoa(gameOf(w)) + ".games")
			m.Data = body
			_, err := js.PublishMsg(ctx, m)
			return err
		})
	}, func() measured {
		round++
		return run(func(w, i int) error {
			g := gameOf(w)
			m := withHeaders("h"+strconv.Itoa(g), fmt.Sprintf("h%d-%d-%d", round, w, i), hdrHeads[g], body)
			a, err := js.PublishMsg(ctx, m)
			if err == nil {
				hdrHeads[g] = a.Sequence
			}
			return err
		})
	})
	appendFigure("append, 1,000 games, 16 writers:", rN)
}

// interleaved is the outcome of interleave.
type interleaved struct {
	median []measured // each variant's median round, by rate
	// ratio is the median over rounds of the first variant's rate over the
	// second's in the same round; ratioLo and ratioHi are the quartiles.
	ratio, ratioLo, ratioHi float64
}

// interleave runs one warming-up round and then rounds short rounds of
// every variant, in an order that rotates from round to round, so that the
// variants share the moments of a machine shared with other work; a ratio
// is taken within each round, and the medians reported.
func interleave(rounds int, fns ...func() measured) interleaved {
	for _, fn := range fns {
		fn()
	}
	runs := make([][]measured, len(fns))
	var ratios []float64
	for r := 0; r < rounds; r++ {
		got := make([]measured, len(fns))
		for k := range fns {
			j := (r + k) % len(fns)
			got[j] = fns[j]()
			runs[j] = append(runs[j], got[j])
		}
		ratios = append(ratios, got[0].rate/got[1].rate)
	}
	out := interleaved{median: make([]measured, len(fns))}
	for j, r := range runs {
		sort.Slice(r, func(a, b int) bool { return r[a].rate < r[b].rate })
		out.median[j] = r[len(r)/2]
	}
	sort.Float64s(ratios)
	out.ratio, out.ratioLo, out.ratioHi = ratios[len(ratios)/2], ratios[len(ratios)/4], ratios[len(ratios)*3/4]
	return out
}

func benchReplayAndProjection(t *testing.T, games, perGame int) {
	s := openStore(t, Config{})
	ctx := context.Background()
	js, _ := jetstream.New(s.nc)
	// Fill: event j of every game, then event j+1..., as games run side by
	// side; valid envelopes and chains, published asynchronously.
	start := time.Now()
	heads := make([]events.Head, games)
	for j := 0; j < perGame; j++ {
		for g := 0; g < games; g++ {
			var ev events.Event = move(j+1, "Nf3")
			if j == 0 {
				ev = events.GameCreated{White: "a", Black: "b", TimeControl: "5400+30", LawsProfile: "fide-2023"}
			} else if j == perGame-1 {
				ev = events.GameEnded{Result: "1-0", Termination: "resignation", Ply: j}
			}
			envs, err := events.Build(events.Game("b"+strconv.Itoa(g)), events.WriterGames, heads[g], fmt.Sprintf("b%d-%d", g, j), meta(), ev)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(envs[0])
			m := nats.NewMsg("game.b" + strconv.Itoa(g) + ".games")
			m.Data = b
			m.Header[hdrMsgID] = []string{fmt.Sprintf("b%d-%d", g, j)}
			m.Header[hdrExpLastSubjSeq] = []string{strconv.FormatUint(heads[g].Seq, 10)}
			m.Header[hdrExpLastSubjSub] = []string{"game.b" + strconv.Itoa(g) + ".>"}
			seq := uint64(j*games + g + 1) // the fill is the stream's only writer
			heads[g] = events.Head{Version: envs[0].Seq, Seq: seq, Hash: envs[0].Hash}
			if _, err := js.PublishMsgAsync(m); err != nil {
				t.Fatal(err)
			}
			if g%2000 == 1999 {
				<-js.PublishAsyncComplete()
			}
		}
		select {
		case <-js.PublishAsyncComplete():
		case <-time.After(5 * time.Minute):
			t.Fatal("fill stalled")
		}
	}
	total := games * perGame
	figure("fill: %d games x %d events = %d events in %.1fs", games, perGame, total, time.Since(start).Seconds())

	// Replay of finished games: sealed (Load) beside the stream (LoadStream).
	const sample = 200
	pick := make([]events.Aggregate, sample)
	for i := range pick {
		pick[i] = events.Game("b" + strconv.Itoa((i*7919)%games))
	}
	start = time.Now()
	for _, g := range pick {
		if _, err := s.Seal(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	figure("seal: %.1f ms per game (a one-off when a game ends)", float64(time.Since(start).Milliseconds())/sample)
	timeLoads := func(load func(events.Aggregate) ([]events.Envelope, error)) (p50, p99 time.Duration) {
		var d []time.Duration
		for _, g := range pick {
			t0 := time.Now()
			log, err := load(g)
			d = append(d, time.Since(t0))
			if err != nil || len(log) != perGame {
				t.Fatalf("%s: %d events, %v", g, len(log), err)
			}
		}
		sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
		return d[len(d)/2], d[len(d)*99/100]
	}
	sp50, sp99 := timeLoads(func(g events.Aggregate) ([]events.Envelope, error) {
		log, _, src, err := s.LoadFrom(ctx, g)
		if src != FromSealed {
			return nil, fmt.Errorf("loaded from %s", src)
		}
		return log, err
	})
	rp50, rp99 := timeLoads(func(g events.Aggregate) ([]events.Envelope, error) { l, _, err := s.LoadStream(ctx, g); return l, err })
	figure("replay of one finished game (%d events) out of %d: sealed Load p50 %.2f ms p99 %.2f ms   stream read p50 %.2f ms p99 %.2f ms",
		perGame, total, ms(sp50), ms(sp99), ms(rp50), ms(rp99))

	// Projection pass over the whole stream. Per event, Read parses the
	// whole envelope (every field, the instant, the data validated as
	// JSON) and hands a Record to the function, which counts it by type and
	// checks the stream order. The baseline is raw nats.go reading the same
	// messages through an ordered consumer's iterator (Messages/Next, bytes
	// only); beside it, raw nats.go receiving them the way Read does (the
	// ordered consumer's Consume handler, bytes only).
	byType := map[string]int{}
	hakemPass := func() measured {
		clear(byType)
		var prev uint64
		m := measure(total, func() {
			if _, err := s.Read(ctx, events.KindGame, 1, func(r Record) error {
				if r.StreamSeq != prev+1 || len(r.Envelope.Data) == 0 {
					return fmt.Errorf("record %d after %d (%d bytes of data)", r.StreamSeq, prev, len(r.Envelope.Data))
				}
				prev = r.StreamSeq
				byType[r.Envelope.Type]++
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		})
		if n := byType["game.move_played"] + byType["game.created"] + byType["game.ended"]; n != total {
			t.Fatalf("projection read %d events of %d", n, total)
		}
		return m
	}
	rawPass := func() measured { return measure(total, func() { rawRead(t, js, total) }) }
	rawHandlerPass := func() measured { return measure(total, func() { rawConsume(t, js, total) }) }
	p := interleave(projectionRounds, hakemPass, rawPass, rawHandlerPass)
	figure("projection pass over %d events (each: envelope parsed, data checked as JSON, a Record handed to a function that counts it by type):  hakem %8.0f events/s (%4.1f µs CPU each)   raw ordered consumer %8.0f events/s (%4.1f µs CPU each, bytes only)   %3.0f%% of raw (rounds: %.0f–%.0f%%)   [raw through a Consume handler, as Read receives: %8.0f events/s (%4.1f µs)]",
		total, p.median[0].rate, p.median[0].cpuUs, p.median[1].rate, p.median[1].cpuUs, 100*p.ratio, 100*p.ratioLo, 100*p.ratioHi, p.median[2].rate, p.median[2].cpuUs)
}

// rawRead reads total messages of GAMES with a bare ordered consumer's
// iterator.
func rawRead(t *testing.T, js jetstream.JetStream, total int) {
	ctx := context.Background()
	cons, err := js.OrderedConsumer(ctx, "GAMES", jetstream.OrderedConsumerConfig{})
	if err != nil {
		t.Fatal(err)
	}
	it, err := cons.Messages(jetstream.PullMaxMessages(4096))
	if err != nil {
		t.Fatal(err)
	}
	defer it.Stop()
	var size int
	for i := 0; i < total; i++ {
		m, err := it.Next()
		if err != nil {
			t.Fatal(err)
		}
		size += len(m.Data())
	}
	if size == 0 {
		t.Fatal("read nothing")
	}
}

// rawConsume reads total messages of GAMES with a bare ordered consumer's
// handler, as Read receives them.
func rawConsume(t *testing.T, js jetstream.JetStream, total int) {
	ctx := context.Background()
	cons, err := js.OrderedConsumer(ctx, "GAMES", jetstream.OrderedConsumerConfig{})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	var size, n int
	cc, err := cons.Consume(func(m jetstream.Msg) {
		if n == total {
			return
		}
		size += len(m.Data())
		if n++; n == total {
			close(done)
		}
	}, jetstream.PullMaxMessages(readPull))
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Stop()
	select {
	case <-done:
	case <-time.After(10 * time.Minute):
		t.Fatal("raw consume stalled")
	}
	if size == 0 {
		t.Fatal("read nothing")
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// BenchmarkDecodeEnvelope is the decoding a projection pays per event
// (steadier than the pass's rate on a shared machine).
func BenchmarkDecodeEnvelope(b *testing.B) {
	body := rawBytes(b, 40)
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := events.DecodeEnvelope(body); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildAndEncode is the client-side work of a one-event append
// before the publish: envelope, hash and JSON.
func BenchmarkBuildAndEncode(b *testing.B) {
	b.ReportAllocs()
	head := events.Head{Version: 40, Seq: 40, Hash: fmt.Sprintf("%064x", 40)}
	for b.Loop() {
		envs, err := events.Build(events.Game("g1"), events.WriterGames, head, "cmd-41", meta(), move(41, "Nf3"))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := envs[0].MarshalJSON(); err != nil {
			b.Fatal(err)
		}
	}
}

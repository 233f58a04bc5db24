package audit

import (
	"encoding/json"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
)

// game200 is a 200-move game (400 plies, clock running, 90 min + 30 s)
// built through the games and clocks domains.
func game200(b testing.TB) []events.Envelope {
	p := newPlayed(b, "bench", events.GameCreated{White: "w", Black: "b", TimeControl: "5400+30", LawsProfile: "fide-2023"})
	p.startClock()
	p.randomPlies(7, 400)
	if rep := Game("bench", p.log); !rep.OK {
		b.Fatalf("the benchmark game does not audit clean: %s", rep.Verdict)
	}
	return p.log
}

func TestGame200Clean(t *testing.T) {
	log := game200(t)
	rep := Game("bench", log)
	if rep.Rederived != len(log) || len(rep.UCIs) != 400 {
		t.Errorf("%d of %d events re-derived, %d plies", rep.Rederived, len(log), len(rep.UCIs))
	}
}

// BenchmarkAuditGame200 audits the game from its envelopes in memory (as
// read): chain, decoding, every command re-decided, timeline.
func BenchmarkAuditGame200(b *testing.B) {
	log := game200(b)
	b.ReportAllocs()
	b.ResetTimer()
	reportCPU(b, func() {
		if rep := Game("bench", log); !rep.OK {
			b.Fatal(rep.Verdict)
		}
	})
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/1000, "ms/op")
}

// BenchmarkBaselineDecode200 is a baseline: only decoding the same game's
// stored JSON envelopes and their data (what reading costs before the
// audit starts).
func BenchmarkBaselineDecode200(b *testing.B) {
	log := game200(b)
	raw := make([][]byte, len(log))
	for i := range log {
		raw[i], _ = json.Marshal(log[i])
	}
	b.ReportAllocs()
	b.ResetTimer()
	reportCPU(b, func() {
		for _, r := range raw {
			e, err := events.DecodeEnvelope(r)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := events.Decode(e); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/1000, "ms/op")
}

// BenchmarkBaselineReplay200 is a baseline: only replaying the moves
// through rules (parse each UCI, play it).
func BenchmarkBaselineReplay200(b *testing.B) {
	ucis := Game("bench", game200(b)).UCIs
	b.ReportAllocs()
	b.ResetTimer()
	reportCPU(b, func() {
		g := rules.NewGame(rules.StartPosition())
		for _, u := range ucis {
			pos := g.Position()
			m, err := pos.ParseUCI(u)
			if err != nil {
				b.Fatal(err)
			}
			if err := g.Play(m); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/1000, "ms/op")
}

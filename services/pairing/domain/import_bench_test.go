package domain

import (
	"bytes"
	"sort"
	"sync"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing/sim"
	"github.com/hakem-chess/hakem/pairing/trf"
)

// deskFile is a 2,000-player, 9-round open (pairing/sim, ordinary rates of
// forfeits, byes and withdrawals), paired by score then start number (a
// quick pairer: the bench measures the import, not the pairing).
var deskFile = sync.OnceValues(func() ([]byte, error) {
	quick := func(f *trf.File, round int) ([][2]int, int, error) {
		absent := f.AbsentIn(round)
		var ns []int
		for _, p := range f.Players {
			if _, ok := absent[p.StartNo]; !ok {
				ns = append(ns, p.StartNo)
			}
		}
		sort.SliceStable(ns, func(i, j int) bool { return f.Score(ns[i], round-1) > f.Score(ns[j], round-1) })
		var pairs [][2]int
		for i := 0; i+1 < len(ns); i += 2 {
			pairs = append(pairs, [2]int{ns[i], ns[i+1]})
		}
		bye := 0
		if len(ns)%2 == 1 {
			bye = ns[len(ns)-1]
		}
		return pairs, bye, nil
	}
	c := sim.Defaults(18, 2000, 9)
	c.Version = 26
	t, err := sim.Run(c, quick)
	if err != nil && t == nil {
		return nil, err
	}
	var buf bytes.Buffer
	err = t.File.Write(&buf)
	return buf.Bytes(), err
})

func deskData(b *testing.B) []byte {
	data, err := deskFile()
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// BenchmarkDeskImport2000 decides the import of the file and folds it (what
// POST /api/tournaments/import does besides appending the event).
func BenchmarkDeskImport2000(b *testing.B) {
	data := string(deskData(b))
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		evs, err := (&Tournament{}).Import(events.TournamentImported{TournamentID: "bench", TRF: data})
		if err != nil {
			b.Fatal(err)
		}
		if err := (&Tournament{}).Apply(evs[0]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDeskExport2000 writes the imported tournament's rating report
// (GET /api/tournaments/{id}/trf once the tournament is folded).
func BenchmarkDeskExport2000(b *testing.B) {
	data := string(deskData(b))
	t := &Tournament{}
	if err := t.Apply(events.TournamentImported{TournamentID: "bench", TRF: data,
		Created: events.TournamentCreated{Name: "Bench Open", System: "swiss-dutch", Rounds: 9, PointSystem: events.PointSystem{"win": 1, "draw": 0.5, "bye": 1}}}); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		f, err := t.File(t.Imported.Results)
		if err != nil {
			b.Fatal(err)
		}
		var buf bytes.Buffer
		if err := f.Write(&buf); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBaselineReadTRF2000 reads the same file with pairing/trf alone.
func BenchmarkBaselineReadTRF2000(b *testing.B) {
	data := deskData(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := trf.Read(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}

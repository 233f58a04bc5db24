package audit

import (
	"slices"
	"testing"

	"github.com/hakem-chess/hakem/events"
)

// FuzzGame: any data in any event of a real log, re-hashed or not, gives
// a verdict and never a panic; a changed log never audits clean unless its
// data means the same thing.
func FuzzGame(f *testing.F) {
	f.Add(uint8(3), []byte(`{"ply":2,"by":"black","san":"Nc6","uci":"b8c6"}`), true)
	f.Add(uint8(0), []byte(`{"white":"w","black":"w"}`), false)
	f.Add(uint8(9), []byte(`{"side":"black","at":"2026-11-29T15:00:00Z","ply":-1}`), true)
	f.Add(uint8(5), []byte(`{"matter":"flag_fall","decision":"draw"}`), true)
	f.Add(uint8(12), []byte(`null`), true)
	f.Add(uint8(1), []byte(`{"at":"0001-01-01T00:00:00Z","white_ms":-5}`), true)
	base := claimGame(f).log
	f.Fuzz(func(t *testing.T, at uint8, data []byte, rehashed bool) {
		log := slices.Clone(base)
		i := int(at) % len(log)
		log[i].Data = data
		h, err := events.ComputeHash(&log[i])
		if rehashed && err == nil {
			rehash(t, log)
		}
		rep := Game("g1", log)
		if rep.OK == (rep.First != nil) {
			t.Fatalf("verdict %q with first bad %v", rep.Verdict, rep.First)
		}
		if !rehashed && rep.OK && h != base[i].Hash {
			t.Fatalf("event %d's data changed from %s to %s without a new hash, and the audit passed", i, base[i].Data, data)
		}
		_, _ = AtPly("g1", log, int(at)%6)
	})
}

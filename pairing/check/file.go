package check

import "github.com/hakem-chess/hakem/pairing/trf"

// Recorded returns the pairing of round r as the file records it: the
// games and forfeits (white first; a forfeit recorded without colours
// with the lower start number first) and the pairing-allocated bye.
// colourless lists the forfeits recorded without colours.
func Recorded(f *trf.File, r int) (pairs [][2]int, bye int, colourless map[[2]int]bool) {
	colourless = map[[2]int]bool{}
	for i := range f.Players {
		p := &f.Players[i]
		e := p.Round(r)
		switch {
		case e.PairingAllocatedBye():
			bye = p.StartNo
		case e.Opponent == 0:
		case e.Color == trf.White:
			pairs = append(pairs, [2]int{p.StartNo, e.Opponent})
		case e.Color == trf.NoColor && p.StartNo < e.Opponent:
			pr := [2]int{p.StartNo, e.Opponent}
			pairs = append(pairs, pr)
			colourless[pr] = true
		}
	}
	return pairs, bye, colourless
}

// Tournament checks every round recorded in f, as Round checks a
// proposed one: index 0 = round 1. (A pairing-allocated bye after a
// pairing-allocated bye is reported once per round it happens.) A file
// that does not give the number of rounds (XXR, 142) is taken to be
// complete: its last round is the final round.
func Tournament(f *trf.File) [][]Violation {
	if f.TotalRounds == 0 {
		g := *f
		g.TotalRounds = f.Rounds()
		f = &g
	}
	var out [][]Violation
	for r := 1; r <= f.Rounds(); r++ {
		pairs, bye, colourless := Recorded(f, r)
		if len(pairs) == 0 && bye == 0 {
			out = append(out, nil) // not paired yet (only absences entered)
			continue
		}
		out = append(out, check(f, r, pairs, bye, colourless))
	}
	return out
}

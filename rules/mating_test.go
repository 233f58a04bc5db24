package rules

import (
	"math/rand"
	"testing"
)

// Every position here was checked by hand; "why" says why.
var matingCases = []struct {
	fen          string
	white, black MatingAbility
	why          string
}{
	// The material table.
	{"8/8/8/4k3/8/8/8/4K3 w - - 0 1", MatingImpossible, MatingImpossible, "bare kings"},
	{"8/8/8/4k3/8/8/8/4KN2 w - - 0 1", MatingImpossible, MatingImpossible, "K+N v K"},
	{"8/8/8/4k3/8/8/8/4KB2 b - - 0 1", MatingImpossible, MatingImpossible, "K+B v K"},
	{"2b5/8/8/4k3/8/8/8/4KB2 w - - 0 1", MatingImpossible, MatingImpossible, "K+B v K+B, bishops on light squares"},
	{"8/8/8/4k3/8/3B3B/8/4KB2 w - - 0 1", MatingImpossible, MatingImpossible, "three light-squared bishops v K"},
	{"b7/8/8/4k3/8/3B4/8/4KB2 w - - 0 1", MatingImpossible, MatingImpossible, "two light bishops v light bishop"},
	{"5b2/8/8/4k3/8/8/8/4KB2 w - - 0 1", MatingPossible, MatingPossible, "opposite-coloured bishops: each can block for the other's mate"},
	{"8/8/8/4k3/8/8/p7/4K1N1 w - - 0 1", MatingPossible, MatingPossible, "K+N v K+P: the pawn can block (helpmate); the pawn can promote"},
	{"8/8/8/4k3/8/8/8/2n1KB2 w - - 0 1", MatingPossible, MatingPossible, "K+B v K+N: each can block for the other"},
	{"8/8/8/4k3/8/8/8/3NKN2 w - - 0 1", MatingPossible, MatingImpossible, "K+N+N v K: a helpmate exists"},
	{"8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1", MatingPossible, MatingImpossible, "bishops on both colours"},
	{"8/8/8/4k3/8/8/8/3NKB2 w - - 0 1", MatingPossible, MatingImpossible, "K+B+N v K"},
	{"8/8/8/4k3/8/8/8/R3K3 w - - 0 1", MatingPossible, MatingImpossible, "K+R v K"},
	{"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", MatingPossible, MatingImpossible, "K+P v K: the pawn promotes"},
	{"8/8/8/4k3/8/8/p7/4KB2 w - - 0 1", MatingPossible, MatingPossible, "K+B v K+P: the pawn can block"},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", MatingPossible, MatingPossible, "start position"},

	// Locked pawns. White pawns a4 c4 e4 g4 (light squares) against a5 c5 e5
	// g5 (dark): every square of rank 4 is a white pawn or attacked by a black
	// pawn, every square of rank 5 a black pawn or attacked by a white pawn,
	// so neither king crosses; no pawn can move or capture.
	{"8/8/1k6/p1p1p1p1/P1P1P1P1/8/1K6/8 w - - 0 1", MatingImpossible, MatingImpossible, "full pawn wall, kings only"},
	{"8/8/1k6/p1p1p1p1/P1P1P1P1/3B4/1K6/8 w - - 0 1", MatingImpossible, MatingImpossible, "wall; white light bishop cannot attack dark-square pawns, black king's flight squares on dark squares out of white king's reach"},
	{"8/8/1k2b3/p1p1p1p1/P1P1P1P1/8/1K6/8 w - - 0 1", MatingPossible, MatingPossible, "wall; black light bishop can be captured by white pawns or take them: structure may change"},
	// Wall on the seventh-to-third ranks; White's dark bishop c1 is shut in
	// below (its diagonals end on White's own dark-square pawns), Black's light
	// bishop h3 is below with the white king: every light square of the white
	// king's region has at least two dark neighbours there, which only the
	// white bishop could block (one at a time) and the black king, shut in
	// above, cannot cover.
	{"3k4/8/p1p3p1/P1Pp1pPp/3PpP1P/4P2b/8/2B1K3 b - - 0 1", MatingImpossible, MatingImpossible, "wall; each bishop on the wrong side of it"},
	// Locked for good, but White's bishop is on the black king's side with
	// Black's bishop able to block: not proved, and the search budget is too
	// small to exhaust the positions: unknown.
	{"4b3/3k3p/pB4pP/Pp1p1pP1/1PpP1P2/2P5/8/7K w - - 0 1", MatingUnknown, MatingImpossible, "locked; white bishop with the black king"},
	// The same wall with the h-file open (no g-pawns): kings get through.
	{"8/8/1k6/p1p1p3/P1P1P3/8/1K6/8 w - - 0 1", MatingPossible, MatingPossible, "wall with a gap: a king gets through and wins pawns"},
	// One pawn pair, kings free.
	{"8/8/4k3/4p3/4P3/4K3/8/8 w - - 0 1", MatingPossible, MatingPossible, "blocked pair: kings can win the pawns"},
	// Blocked pawns but a pawn free to move.
	{"8/8/1k6/p1p1p1p1/P1P1P1P1/8/1K5P/8 w - - 0 1", MatingPossible, MatingPossible, "a free white h-pawn"},
	// A pawn capture available now.
	{"8/8/1k6/p1p1p3/P1P1P1p1/7P/1K6/8 w - - 0 1", MatingPossible, MatingPossible, "hxg4 possible"},
}

func TestCanMate(t *testing.T) {
	for _, c := range matingCases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		if got := CanMate(p, White); got != c.white {
			t.Errorf("%s (%s): white %v, want %v", c.fen, c.why, got, c.white)
		}
		if got := CanMate(p, Black); got != c.black {
			t.Errorf("%s (%s): black %v, want %v", c.fen, c.why, got, c.black)
		}
		dead := c.white == MatingImpossible && c.black == MatingImpossible
		if IsDeadPosition(p) != dead {
			t.Errorf("%s (%s): IsDeadPosition %v, want %v", c.fen, c.why, !dead, dead)
		}
	}
}

// TestCanMateAgreesWithSearch checks soundness on locked positions, whose
// reachable positions are few enough to explore completely: random pawn walls
// with kings and bishops. Whenever CanMate says MatingImpossible, an
// exhaustive cooperative search must find no mate; whenever the search
// finds a mate, CanMate must not say MatingImpossible.
func TestCanMateAgreesWithSearch(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	checked, proved, undecided := 0, 0, 0
	for tries := 0; tries < 20000 && checked < 120; tries++ {
		p, ok := randomLockedPosition(rng)
		if !ok || lockedCannotMate(&p, White) == lockNotApplicable {
			continue
		}
		for _, c := range [2]Color{White, Black} {
			got := CanMate(p, c)
			truth := helpmateSearch(p, c, 30000)
			if truth == MatingUnknown {
				continue
			}
			checked++
			switch got {
			case MatingImpossible:
				proved++
			case MatingUnknown:
				undecided++
			}
			if got == MatingImpossible && truth == MatingPossible {
				t.Errorf("%s: %v: says impossible but a mate exists", p.FEN(), c)
			}
			if got == MatingPossible && truth == MatingImpossible {
				t.Errorf("%s: %v: locked, says possible but no mate is reachable", p.FEN(), c)
			}
		}
	}
	t.Logf("%d decided by exhaustive search, %d proved impossible by CanMate, %d unknown", checked, proved, undecided)
	if checked < 40 || proved == 0 {
		t.Errorf("only %d positions decided by the search, %d proved impossible", checked, proved)
	}
}

// randomLockedPosition builds a pawn wall (on most files a white pawn
// directly below a black pawn, at a random height), two kings and up to two
// bishops on random squares, and keeps it if it is a legal position.
func randomLockedPosition(rng *rand.Rand) (Position, bool) {
	var board [64]byte
	for i := range board {
		board[i] = '.'
	}
	put := func(c byte) bool {
		for try := 0; try < 50; try++ {
			s := rng.Intn(64)
			if board[s] == '.' {
				board[s] = c
				return true
			}
		}
		return false
	}
	// Half the walls keep every white pawn on squares of one colour (and so
	// every black pawn on the other), which lets bishops of the right colour
	// stay without touching the structure.
	parity := -1
	if rng.Intn(2) == 0 {
		parity = rng.Intn(2)
	}
	for f := 0; f < 8; f++ {
		if rng.Intn(8) == 0 {
			continue
		}
		r := 2 + rng.Intn(3) // white pawn on rank 3..5
		if parity >= 0 && (f+r)%2 != parity {
			r++
		}
		board[r*8+f], board[(r+1)*8+f] = 'P', 'p'
	}
	if !put('K') || !put('k') {
		return Position{}, false
	}
	for i := rng.Intn(3); i > 0; i-- {
		side := rng.Intn(2)
		if parity < 0 {
			put("Bb"[side])
			continue
		}
		// A bishop on its own pawns' colour: white on parity, black on the other.
		want := (parity + side) % 2
		for try := 0; try < 50; try++ {
			s := rng.Intn(64)
			if board[s] == '.' && (s%8+s/8)%2 == want {
				board[s] = "Bb"[side]
				break
			}
		}
	}
	fen := ""
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			c := board[r*8+f]
			if c == '.' {
				empty++
				continue
			}
			if empty > 0 {
				fen += string(rune('0' + empty))
				empty = 0
			}
			fen += string(c)
		}
		if empty > 0 {
			fen += string(rune('0' + empty))
		}
		if r > 0 {
			fen += "/"
		}
	}
	fen += " " + "wb"[rng.Intn(2):][:1] + " - - 0 1"
	p, err := ParseFEN(fen)
	return p, err == nil
}

func TestMatingAbilityString(t *testing.T) {
	for a, want := range map[MatingAbility]string{MatingPossible: "can mate", MatingImpossible: "cannot mate", MatingUnknown: "unknown"} {
		if a.String() != want {
			t.Errorf("%d: %q", a, a.String())
		}
	}
}

// FuzzCanMate checks soundness on arbitrary positions: when CanMate says
// MatingImpossible, a bounded cooperative search must not find a mate.
func FuzzCanMate(f *testing.F) {
	for _, c := range matingCases {
		f.Add(c.fen)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		for _, c := range [2]Color{White, Black} {
			if CanMate(p, c) == MatingImpossible && helpmateSearch(p, c, 3000) == MatingPossible {
				t.Fatalf("%s: %v said unable to mate, but a mate is reachable", p.FEN(), c)
			}
		}
	})
}

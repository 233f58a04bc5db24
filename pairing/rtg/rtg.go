package rtg

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/dutch"
	"github.com/hakem-chess/hakem/pairing/sim"
	"github.com/hakem-chess/hakem/pairing/trf"
)

// Generate plays the random tournament c describes, every round paired
// by the Dutch engine and checked by the independent checker of the
// absolute criteria (package check), and returns its report file after
// the last round. It fails when a round cannot be paired (too many
// rounds for the field, or too many retirements), or when the checker
// finds the engine's pairing breaking an absolute criterion.
func Generate(c Config, rng *rand.Rand) (*trf.File, error) {
	f, _, err := GenerateText(c, rng)
	return f, err
}

// GenerateText is Generate that also returns the report file as written
// (trf.File.Write), which the simulator read back to check it: a caller
// that writes the file unchanged need not write it again.
func GenerateText(c Config, rng *rand.Rand) (*trf.File, []byte, error) {
	if c.HighestRating < c.LowestRating {
		return nil, nil, fmt.Errorf("rtg: highest rating %d below lowest %d", c.HighestRating, c.LowestRating)
	}
	m := &model{c: c}
	sc := sim.Config{Players: c.Players, Rounds: c.Rounds, Version: c.Version, Rand: rng, Model: m, Direct: true,
		Name: fileName, Type: fileType}
	if c.Points != trf.DefaultPointSystem() {
		ps := c.Points
		sc.Points = &ps
	}
	mem := &dutch.Memory{} // every round pairs in the memory of the one before
	t, err := sim.Run(sc, func(f *trf.File, round int) ([][2]int, int, error) {
		return pairDutch(f, round, mem)
	})
	if err != nil {
		return nil, nil, fmt.Errorf("rtg: %w", err)
	}
	for r, v := range t.Violations {
		if len(v) > 0 {
			return nil, nil, fmt.Errorf("rtg: round %d: the pairing breaks %v", r+1, v[0])
		}
	}
	return t.File, t.Text, nil
}

// The generated file's name and type (records 012 and 092).
const (
	fileName = "Random tournament"
	fileType = "Individual: Swiss-System (FIDE Dutch)"
)

// pairDutch pairs a round of the file with the Dutch engine, in mem.
func pairDutch(f *trf.File, round int, mem *dutch.Memory) ([][2]int, int, error) {
	t, err := pairing.FromTRF(f)
	if err != nil {
		return nil, 0, err
	}
	if t.Round != round {
		return nil, 0, fmt.Errorf("the file is at round %d, not %d", t.Round, round)
	}
	res, err := dutch.Pair(t, dutch.Options{Memory: mem})
	if err != nil {
		return nil, 0, err
	}
	var pairs [][2]int
	bye := 0
	for _, b := range res.Boards {
		if b.Black == 0 {
			bye = b.White
		} else {
			pairs = append(pairs, [2]int{b.White, b.Black})
		}
	}
	return pairs, bye, nil
}

// model draws the players' ratings, their retirements and half-point
// byes (once, with the ratings), and the results of the games.
type model struct {
	c       Config
	retired map[int]int // start number -> first round missed
	halfBye map[int]int // start number -> the round of his half-point bye
}

// count is the number of players out of n that one in rate concerns.
func count(n int, rate float64) int {
	if math.IsInf(rate, 1) {
		return 0
	}
	return min(n, int(float64(n)/rate))
}

// Ratings draws the ratings uniformly between the lowest and the highest,
// then who retires (from a round 2 to the last) and who takes a half-point
// bye (in a round before the last, before any retirement).
func (m *model) Ratings(rng *rand.Rand, n int) []int {
	c := m.c
	r := make([]int, n)
	for i := range r {
		r[i] = c.LowestRating + rng.IntN(c.HighestRating-c.LowestRating+1)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(r)))
	m.retired, m.halfBye = map[int]int{}, map[int]int{}
	if c.Rounds >= 2 {
		for _, i := range rng.Perm(n)[:count(n, c.RetiredRate)] {
			m.retired[i+1] = 2 + rng.IntN(c.Rounds-1)
		}
		for _, i := range rng.Perm(n)[:count(n, c.HalfPointByeRate)] {
			round := 1 + rng.IntN(c.Rounds-1)
			if first, ok := m.retired[i+1]; !ok || round < first {
				m.halfBye[i+1] = round
			}
		}
	}
	return r
}

// Absence enters the zero-point byes of a retired player and the
// half-point byes drawn at the start.
func (m *model) Absence(_ *rand.Rand, round, no int) trf.ResultCode {
	if first, ok := m.retired[no]; ok && round >= first {
		return trf.ZeroPointBye
	}
	if m.halfBye[no] == round {
		return trf.HalfPointBye
	}
	return 0
}

// Game draws a game's result: each player fails to appear with a
// probability such that one game in ForfeitRate is forfeited; a game
// played is drawn with DrawPercentage percent (less when the players are
// far apart) and otherwise won by each side by his expected score, from
// a normal distribution of the rating difference with σ = 2000/7 (the
// model the endorsed engine's generator uses).
func (m *model) Game(rng *rand.Rand, _ int, w, b *trf.Player) (trf.ResultCode, trf.ResultCode) {
	stay := 1.0
	if !math.IsInf(m.c.ForfeitRate, 1) {
		stay = math.Sqrt(1 - 1/m.c.ForfeitRate)
	}
	wAway, bAway := rng.Float64() >= stay, rng.Float64() >= stay
	switch {
	case wAway && bAway:
		return trf.ForfeitLoss, trf.ForfeitLoss
	case wAway:
		return trf.ForfeitLoss, trf.ForfeitWin
	case bAway:
		return trf.ForfeitWin, trf.ForfeitLoss
	}
	diff := float64(w.Rating - b.Rating)
	whiteStronger := diff >= 0
	expected := math.Erfc(-math.Abs(diff)*7/(math.Sqrt2*2000)) / 2
	draw := math.Min(float64(m.c.DrawPercentage)/100, 2-2*expected)
	u := rng.Float64()
	switch {
	case u < draw:
		return trf.Draw, trf.Draw
	case (u < expected+draw/2) == whiteStronger:
		return trf.Win, trf.Loss
	}
	return trf.Loss, trf.Win
}

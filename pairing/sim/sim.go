// Package sim plays random Swiss tournaments for tests: a pairing engine
// pairs each round, the simulator plays it with random results (forfeits
// included), half-point byes and absences requested in advance and
// withdrawals, records it in a tournament report file, and checks every
// round with the independent checker (package check).
//
// Each round the file is written and read back before it is handed to the
// pairing engine, so the engine sees what a TRF says and nothing more, and
// every round is also a TRF write→read round trip.
//
// Results are drawn from a seeded generator: the same Config gives the
// same tournament.
package sim

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"github.com/hakem-chess/hakem/pairing/check"
	"github.com/hakem-chess/hakem/pairing/trf"
)

// Pairer pairs round `round` of the tournament f (f holds the rounds
// before it, and the absences entered for it): pairs are (white, black)
// start numbers in board order, bye the player given the
// pairing-allocated bye (0 for none).
type Pairer func(f *trf.File, round int) (pairs [][2]int, bye int, err error)

// Config describes a tournament to simulate. Probabilities are per player
// and round (Forfeit: per game).
type Config struct {
	Seed    uint64
	Players int
	Rounds  int

	Forfeit  float64 // a game is lost by forfeit by one side
	HalfBye  float64 // a player requests a half-point bye for the coming round (at most 2 each)
	Absence  float64 // a player will be absent (zero-point bye) in the coming round
	FullBye  float64 // the organiser gives a player a full-point bye for the coming round
	Withdraw float64 // a player withdraws after a round

	Version        int              // the TRF written each round: 26 for TRF-26 records (142, 152, 162...), else TRF-16 with XXR, XXC, XXS
	ForbiddenPairs int              // random pairs of players who must never meet (XXP), drawn at the start
	Points         *trf.PointSystem // a non-standard point system (written as XXS); nil for 1-½-0

	// Direct pairs each round from the file in memory instead of a copy
	// written and read back (only the final file makes the round trip):
	// faster, for callers that do not test the TRF writer.
	Direct bool
	// Rand, when set, is the random source used instead of one seeded
	// with Seed.
	Rand *rand.Rand
	// Model, when set, draws the ratings, the absences and the results in
	// place of the simulator's own rates (Forfeit, HalfBye, Absence,
	// FullBye and Withdraw are then not used).
	Model Model
	// Name and Type, when set, are the file's 012 and 092 records in
	// place of the simulator's.
	Name, Type string
}

// Model is what a simulated tournament's players do: the ratings at the
// start, the byes and absences entered before each round, the result of
// each game. Every draw comes from rng, so the same source gives the same
// tournament.
type Model interface {
	// Ratings returns the players' ratings, highest first.
	Ratings(rng *rand.Rand, players int) []int
	// Absence returns what is entered for player startNo before round
	// is paired (HalfPointBye, ZeroPointBye, FullPointBye), 0 to pair him.
	Absence(rng *rand.Rand, round, startNo int) trf.ResultCode
	// Game returns the result codes of white and black for a game paired
	// in round.
	Game(rng *rand.Rand, round int, white, black *trf.Player) (rw, rb trf.ResultCode)
}

// Defaults returns a Config with the event rates of an ordinary open:
// forfeits 3% of games, half-point byes 3%, absences 1%, full-point byes
// 0.5%, withdrawals 1% per round.
func Defaults(seed uint64, players, rounds int) Config {
	return Config{Seed: seed, Players: players, Rounds: rounds,
		Forfeit: 0.03, HalfBye: 0.03, Absence: 0.01, FullBye: 0.005, Withdraw: 0.01}
}

// Tournament is a simulated event.
type Tournament struct {
	File       *trf.File           // after the last round played
	Text       []byte              // File as written (trf.File.Write), which reads back to it
	Violations [][]check.Violation // per round, index 0 = round 1
}

// Count returns the number of violations found in all rounds.
func (t *Tournament) Count() int {
	n := 0
	for _, v := range t.Violations {
		n += len(v)
	}
	return n
}

// Run simulates the tournament, pairing every round with pair. It returns
// an error when pair does, when a pairing cannot be played at all (a
// player unknown, absent or paired twice: the violations found are in
// the Tournament returned with the error), or when a written file does
// not read back to the same data.
func Run(c Config, pair Pairer) (*Tournament, error) {
	if c.Players < 2 || c.Players > 9999 || c.Rounds < 1 || c.Rounds > 99 {
		return nil, fmt.Errorf("sim: %d players and %d rounds: want 2-9999 players and 1-99 rounds", c.Players, c.Rounds)
	}
	rng := c.Rand
	if rng == nil {
		rng = rand.New(rand.NewPCG(c.Seed, 0x9e3779b97f4a7c15))
	}
	f := &trf.File{
		Version:      16,
		Name:         fmt.Sprintf("Simulated Swiss %d", c.Seed),
		Type:         "Individual: Swiss-System",
		TotalRounds:  c.Rounds,
		InitialColor: trf.White,
		PointSystem:  trf.DefaultPointSystem(),
	}
	if c.Name != "" {
		f.Name = c.Name
	}
	if c.Type != "" {
		f.Type = c.Type
	}
	if rng.IntN(2) == 1 {
		f.InitialColor = trf.Black
	}
	var ratings []int
	if c.Model != nil {
		ratings = c.Model.Ratings(rng, c.Players)
	} else {
		ratings = make([]int, c.Players)
		for i := range ratings {
			ratings[i] = 1000 + rng.IntN(1800)
		}
		sort.Sort(sort.Reverse(sort.IntSlice(ratings)))
	}
	for i, r := range ratings {
		f.Players = append(f.Players, trf.Player{
			StartNo: i + 1, Name: fmt.Sprintf("Player %04d", i+1), Rating: r, Rank: i + 1,
			Rounds: make([]trf.RoundResult, 0, c.Rounds),
		})
	}
	if c.Version == 26 {
		f.Version = 26
	}
	if c.Points != nil {
		f.PointSystem, f.PointSystemSet = *c.Points, true
	}
	for k := 0; k < c.ForbiddenPairs; k++ {
		a, b := 1+rng.IntN(c.Players), 1+rng.IntN(c.Players)
		if a != b {
			f.Forbidden = append(f.Forbidden, trf.ForbiddenGroup{Players: []int{a, b}})
		}
	}
	t := &Tournament{File: f}
	withdrawn := map[int]bool{}
	halfByes := map[int]int{}
	for round := 1; round <= c.Rounds; round++ {
		// Absences entered before the round is paired.
		for i := range f.Players {
			p := &f.Players[i]
			code := trf.ResultCode(0)
			if c.Model != nil {
				code = c.Model.Absence(rng, round, p.StartNo)
				if code != 0 {
					p.Rounds = append(p.Rounds, trf.RoundResult{Color: trf.NoColor, Result: code})
				}
				continue
			}
			switch u := rng.Float64(); {
			case withdrawn[p.StartNo]:
				code = trf.ZeroPointBye
			case u < c.HalfBye && halfByes[p.StartNo] < 2:
				code = trf.HalfPointBye
				halfByes[p.StartNo]++
			case u < c.HalfBye+c.Absence:
				code = trf.ZeroPointBye
			case u < c.HalfBye+c.Absence+c.FullBye:
				code = trf.FullPointBye
			}
			if code != 0 {
				p.Rounds = append(p.Rounds, trf.RoundResult{Color: trf.NoColor, Result: code})
			}
		}
		g := f
		if !c.Direct {
			var err error
			if g, _, err = roundTrip(f); err != nil {
				return t, fmt.Errorf("sim: round %d: %w", round, err)
			}
		}
		pairs, bye, err := pair(g, round)
		if err != nil {
			return t, fmt.Errorf("sim: round %d: pairing: %w", round, err)
		}
		v := check.Round(f, round, pairs, bye)
		t.Violations = append(t.Violations, v)
		for _, x := range v {
			switch x.Rule {
			case check.UnknownPlayer, check.PairedTwice, check.AbsentPaired:
				return t, fmt.Errorf("sim: round %d: the pairing cannot be played: %v", round, x)
			}
		}
		play(f, c, rng, round, pairs, bye)
		for i := range f.Players {
			p := &f.Players[i]
			if c.Model == nil && !withdrawn[p.StartNo] && rng.Float64() < c.Withdraw {
				withdrawn[p.StartNo] = true
			}
		}
	}
	_, text, err := roundTrip(f)
	if err != nil {
		return t, fmt.Errorf("sim: final file: %w", err)
	}
	t.Text = text
	return t, nil
}

// roundTrip writes f and reads it back, and checks the two are equal; it
// returns what it read and what it wrote.
func roundTrip(f *trf.File) (*trf.File, []byte, error) {
	var buf bytes.Buffer
	buf.Grow(trf.SizeHint(f))
	if err := f.Write(&buf); err != nil {
		return nil, nil, fmt.Errorf("writing the TRF: %w", err)
	}
	g, err := trf.Read(bytes.NewReader(buf.Bytes()))
	if err != nil {
		return nil, nil, fmt.Errorf("reading back the TRF: %w", err)
	}
	if !f.Equal(g) {
		return nil, nil, fmt.Errorf("the TRF written does not read back to the same tournament")
	}
	return g, buf.Bytes(), nil
}

// play records the round's results: each game at random (the stronger
// player more likely to win, some forfeits and some games of less than
// one move), the pairing-allocated bye, and a zero-point entry for anyone
// left out. Then it updates points and ranks.
func play(f *trf.File, c Config, rng *rand.Rand, round int, pairs [][2]int, bye int) {
	entry := make(map[int]trf.RoundResult, 2*len(pairs)+1)
	for _, pr := range pairs {
		w, b := f.ByStartNo(pr[0]), f.ByStartNo(pr[1])
		var rw, rb trf.ResultCode
		if c.Model != nil {
			rw, rb = c.Model.Game(rng, round, w, b)
			entry[pr[0]] = trf.RoundResult{Opponent: pr[1], Color: trf.White, Result: rw}
			entry[pr[1]] = trf.RoundResult{Opponent: pr[0], Color: trf.Black, Result: rb}
			continue
		}
		switch expected, u := 1/(1+math.Pow(10, float64(b.Rating-w.Rating)/400)), rng.Float64(); {
		case rng.Float64() < c.Forfeit:
			rw, rb = trf.ForfeitWin, trf.ForfeitLoss
			if rng.IntN(2) == 0 {
				rw, rb = rb, rw
			}
		case u < 0.01:
			rw, rb = trf.UnratedWin, trf.UnratedLoss
		case u < 0.3:
			rw, rb = trf.Draw, trf.Draw
		case u < 0.3+0.7*expected:
			rw, rb = trf.Win, trf.Loss
		default:
			rw, rb = trf.Loss, trf.Win
		}
		entry[pr[0]] = trf.RoundResult{Opponent: pr[1], Color: trf.White, Result: rw}
		entry[pr[1]] = trf.RoundResult{Opponent: pr[0], Color: trf.Black, Result: rb}
	}
	if bye != 0 {
		entry[bye] = trf.RoundResult{Color: trf.NoColor, Result: trf.PairingBye}
	}
	for i := range f.Players {
		p := &f.Players[i]
		if len(p.Rounds) >= round {
			continue // absent: entered before the pairing
		}
		e, ok := entry[p.StartNo]
		if !ok {
			e = trf.RoundResult{Color: trf.NoColor, Result: trf.ZeroPointBye}
		}
		p.Rounds = append(p.Rounds, e)
	}
	order := make([]*trf.Player, len(f.Players))
	for i := range f.Players {
		p := &f.Players[i]
		p.Points = f.Score(p.StartNo, round)
		order[i] = p
	}
	sort.SliceStable(order, func(i, j int) bool {
		if order[i].Points != order[j].Points {
			return order[i].Points > order[j].Points
		}
		return order[i].StartNo < order[j].StartNo
	})
	for i, p := range order {
		p.Rank = i + 1
	}
}

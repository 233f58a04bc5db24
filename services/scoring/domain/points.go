package domain

import (
	"slices"
	"sort"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/tournament"
)

// Penalties are the points penalties of a tournament's games (2023 12.9.4:
// the opponent's score in the game raised to the maximum; 12.9.5: the
// offender's reduced), keyed by the board's game id, in the order imposed.
// Which figure counts them:
//   - the points and the ranks: GET standings, scoring.standings_updated
//     (StandingsPenalised), GET crosstable (CrosstablePenalised) and the
//     hall's live standings (PenaltyDelta), and the audit's re-derivation;
//   - the pairing's score groups: the tournament report file the Dutch
//     engine pairs from writes them as TRF-26 299 records (points assigned
//     apart from the games) and counts them in each player's points;
//   - not the games' results, nor the crosstable's cells (the result on the
//     board), nor the tie-breaks (C.07 computes them from the games), nor
//     the ratings (the game as played).
//
// Each figure takes them from tournament.Tournament.PenaltyPoints.
type Penalties = tournament.Penalties

// StandingsPenalised is Standings with the games' points penalties pens:
// each penalised game scores as laws.ScoreAfter says (the most a game
// scores being a win's points), and the standings are ranked again by the
// points so found; players level on them are ordered by the tie-breaks
// (computed from the games, in the tournament's order, each higher first;
// DE left out: its value ranks within the groups of the points before the
// penalties), then as before, and share a rank when their points and
// every tie-break are equal.
func StandingsPenalised(t *tournament.Tournament, round int, results map[string]events.Result, pens Penalties) ([]events.Standing, error) {
	st, err := Standings(t, round, results)
	if err != nil || len(pens) == 0 {
		return st, err
	}
	_, codes, err := Table(t, round, results)
	if err != nil {
		return nil, err
	}
	delta := map[string]float64{}
	if round > 0 { // round 0: no round counts (PenaltyDelta would count every one)
		delta = PenaltyDelta(t, round, results, pens)
	}
	for i := range st {
		st[i].Points += delta[st[i].PlayerID]
	}
	// compare orders a and b by the tie-breaks: <0 when a goes first
	compare := func(a, b events.Standing) int {
		for k, c := range codes {
			if c.Name == "DE" || k >= len(a.Tiebreaks) || k >= len(b.Tiebreaks) {
				continue
			}
			if x, y := a.Tiebreaks[k], b.Tiebreaks[k]; x != y {
				if x > y {
					return -1
				}
				return 1
			}
		}
		return 0
	}
	sort.SliceStable(st, func(i, j int) bool {
		if st[i].Points != st[j].Points {
			return st[i].Points > st[j].Points
		}
		return compare(st[i], st[j]) < 0
	})
	for i := range st {
		st[i].Rank = i + 1
		if i > 0 && st[i].Points == st[i-1].Points && slices.Equal(st[i].Tiebreaks, st[i-1].Tiebreaks) {
			st[i].Rank = st[i-1].Rank
		}
	}
	return st, nil
}

// PenaltyDelta is what the games' points penalties pens change in each
// player's points, over the games of rounds 1 to round that have a result
// (round 0 or less: every round): tournament.Tournament.PenaltyPoints
// summed over the rounds. The hall's
// live standings add it to the points of the results in (domain
// Tournament.Standings), as StandingsPenalised does to a closed round's.
func PenaltyDelta(t *tournament.Tournament, round int, results map[string]events.Result, pens Penalties) map[string]float64 {
	delta := map[string]float64{}
	for _, d := range t.PenaltyPoints(round, results, pens) {
		for p, x := range d {
			delta[p] += x
		}
	}
	return delta
}

// CrosstablePenalised is Crosstable with the games' points penalties pens:
// each row's points and rank are those of StandingsPenalised, and the rows
// come in its order; the cells stay the results on the board.
func CrosstablePenalised(t *tournament.Tournament, round int, results map[string]events.Result, pens Penalties) ([]CrosstableRow, error) {
	rows, err := Crosstable(t, round, results)
	if err != nil || len(pens) == 0 {
		return rows, err
	}
	st, err := StandingsPenalised(t, round, results, pens)
	if err != nil {
		return nil, err
	}
	at := map[string]int{}
	for i, s := range st {
		at[s.PlayerID] = i
	}
	for i := range rows {
		if k, ok := at[rows[i].PlayerID]; ok {
			rows[i].Points, rows[i].Rank = st[k].Points, st[k].Rank
		}
	}
	sort.SliceStable(rows, func(i, j int) bool { return at[rows[i].PlayerID] < at[rows[j].PlayerID] })
	return rows, nil
}

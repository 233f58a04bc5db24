package domain

import (
	"fmt"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/ratings"
	"github.com/hakem-chess/hakem/services/internal/tournament"
)

// CrosstableRow is one line of a tournament's crosstable: rank, start
// number (registration order), player, points, one cell per round in FIDE
// TEC's notation ("+W9", "=B13", "-F11", "+BYE", "=BYE", "--") and the
// tie-break values in the tournament's order.
type CrosstableRow struct {
	Rank      int       `json:"rank"`
	No        int       `json:"no"`
	PlayerID  string    `json:"player_id"`
	Name      string    `json:"name"`
	Rating    int       `json:"rating,omitempty"`
	Points    float64   `json:"points"`
	Cells     []string  `json:"cells"`
	Tiebreaks []float64 `json:"tiebreaks,omitempty"`
	// Status is "expelled" or "withdrawn" (tournament.Tournament.Status).
	Status string `json:"status,omitempty"`
	// StartNumber, Title, Federation and FideID name the player as the
	// rating report does (Names).
	StartNumber int    `json:"start_number"`
	Title       string `json:"title,omitempty"`
	Federation  string `json:"federation,omitempty"`
	FideID      string `json:"fide_id,omitempty"`
}

// Crosstable computes the crosstable of t after round (ratings.Crosstable
// in the order of the standings; a round robin's withdrawals as
// RoundRobinWithdrawals says).
func Crosstable(t *tournament.Tournament, round int, results map[string]events.Result) ([]CrosstableRow, error) {
	rt, st, err := computed(t, round, results)
	if err != nil {
		return nil, err
	}
	var out []CrosstableRow
	names := Names(t)
	for _, r := range ratings.Crosstable(rt, st) {
		p := t.Players[r.No-1]
		nm := names[p.PlayerID]
		row := CrosstableRow{Rank: r.Rank, No: r.No, PlayerID: p.PlayerID, Name: p.Name, Rating: p.Rating, Points: r.Points, Cells: r.Cells,
			Status: t.Status(p.PlayerID, round), StartNumber: nm.StartNumber, Title: nm.Title, Federation: nm.Federation, FideID: nm.FideID}
		for _, v := range r.Values {
			row.Tiebreaks = append(row.Tiebreaks, v.X)
		}
		out = append(out, row)
	}
	return out, nil
}

// Category is the FIDE rating list a tournament's games count for, from
// its time control: the time for 60 moves (base plus 60 increments) of the
// first period, 60 minutes or more standard, more than 10 minutes rapid,
// else blitz (FIDE Rating Regulations 1.1, rapid A.1, blitz B.1); standard
// when the control is unknown (tournament.Category).
func Category(timeControl string) ratings.Category { return tournament.Category(timeControl) }

// RatingChanges computes each rated player's Elo change over the games
// played up to round (ratings.RatePeriod, the player as EloPlayer gives
// him: K from his rating, his rated games, his birth year and whether he
// once reached 2400). Unrated players and games without a played result
// (byes, absences, forfeits) and games that lasted less than one move
// (TRF W, D, L) are left out: an unrated player's initial
// rating needs more games than one event gives. Empty for an unrated
// tournament.
func RatingChanges(t *tournament.Tournament, round int, results map[string]events.Result) ([]events.RatingChange, ratings.Category, error) {
	cat := Category(t.Created.TimeControl)
	if !t.Created.Rated {
		return nil, cat, nil
	}
	rt, _, err := Table(t, round, results)
	if err != nil {
		return nil, cat, err
	}
	var out []events.RatingChange
	for i, e := range rt.Entrants {
		p := t.Players[i]
		if p.Rating <= 0 {
			continue
		}
		var games []ratings.EloGame
		for r, rd := range e.Rounds {
			g := ratings.EloGame{Round: r + 1, Opponent: rd.Opponent}
			switch rd.Kind {
			case ratings.Win:
				g.Score, g.Played = 100, true
			case ratings.Draw:
				g.Score, g.Played = 50, true
			case ratings.Loss:
				g.Played = true
			default:
				continue
			}
			g.Unrated = rd.Unrated // less than one move: not rated
			g.OpponentRating = t.Players[rd.Opponent-1].Rating
			games = append(games, g)
		}
		rep, err := ratings.RatePeriod(EloPlayer(p, t.Year), games, cat)
		if err != nil {
			return nil, cat, fmt.Errorf("rating change of %s: %w", p.PlayerID, err)
		}
		out = append(out, events.RatingChange{PlayerID: p.PlayerID, Before: p.Rating, Change: float64(rep.Change) / 100, K: rep.K})
	}
	return out, cat, nil
}

// EloPlayer is a registered player as the ratings module's K-factor reads
// him, in a rating period of the given year (0: unknown, the junior rule
// is then not applied): his rating, his rated games (when registration
// did not give them, 30 — a published rating implies at least 5 games,
// and K 40 for a new player is applied only when told), his birth year
// and whether he once reached 2400.
func EloPlayer(p events.PlayerRegistered, year int) ratings.EloPlayer {
	games := p.RatedGames
	if games <= 0 {
		games = 30
	}
	return ratings.EloPlayer{Rating: p.Rating, RatedGames: games, BirthYear: p.BirthYear, PeriodYear: year, Reached2400: p.Reached2400}
}

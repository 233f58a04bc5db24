// Package domain is the pairing service's domain, pure: its decisions on a
// tournament (creation, registration, absences, the pairing of a round
// through the pairing module's engines, the desk's entries, expulsions,
// the closing of rounds), taken on the tournament as its events say:
// Tournament embeds the shared fold, services/internal/tournament.
package domain

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/hakem-chess/hakem/clock"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing/roundrobin"
	"github.com/hakem-chess/hakem/rules/laws"
	"github.com/hakem-chess/hakem/services/internal/refusal"
	"github.com/hakem-chess/hakem/services/internal/tournament"
)

// The kinds of refusal of the pairing service (wrapped by *Refusal).
var (
	ErrInvalid  = errors.New("invalid command")
	ErrNotFound = errors.New("tournament not found")
	ErrExists   = errors.New("already exists")
	ErrState    = errors.New("tournament state")
)

// Refusal is a decision's refusal with a precise reason.
type Refusal = refusal.Refusal

// refuse returns a *Refusal of the given kind with a formatted reason.
func refuse(kind error, format string, args ...any) error {
	return refusal.New(kind, format, args...)
}

// Tournament is a tournament as folded from its events (the projection
// the services share, tournament.Tournament: its fields, its fold Apply and
// its readings) with the pairing service's decisions on it.
type Tournament struct {
	tournament.Tournament
	// listing is set while a list of players is decided (RegisterList):
	// an entry without player_id or FIDE id is numbered.
	listing bool
}

// Systems lists the pairing systems this service runs.
var Systems = []string{"round-robin", "swiss-dutch"}

// Create decides the creation of a tournament.
func (t *Tournament) Create(c events.TournamentCreated) ([]events.Event, error) {
	if t.WasCreated() {
		return nil, refuse(ErrExists, "tournament already exists")
	}
	c.Name = strings.TrimSpace(c.Name)
	if c.Name == "" {
		return nil, refuse(ErrInvalid, "name: missing")
	}
	if c.System == "" {
		c.System = Systems[0]
	}
	if !slices.Contains(Systems, c.System) {
		return nil, refuse(ErrInvalid, "system: %q is not run here (known: %s)", c.System, strings.Join(Systems, ", "))
	}
	if c.Rounds < 0 || c.System == "swiss-dutch" && c.Rounds < 1 {
		return nil, refuse(ErrInvalid, "rounds: %d (a Swiss needs its number of rounds)", c.Rounds)
	}
	if c.Rounds > MaxRounds {
		return nil, refuse(ErrInvalid, "rounds: %d, at most %d", c.Rounds, MaxRounds)
	}
	if c.TimeControl != "" {
		if _, err := clock.ParsePGN(c.TimeControl); err != nil {
			return nil, refuse(ErrInvalid, "time_control: %v", err)
		}
	}
	if c.LawsProfile == "" {
		c.LawsProfile = laws.DefaultProfile
	}
	if _, err := laws.Lookup(c.LawsProfile); err != nil {
		return nil, refuse(ErrInvalid, "laws_profile: %v", err)
	}
	if err := checkMode(c); err != nil {
		return nil, err
	}
	if err := checkTiebreaks(c.TiebreakRules, c.Tiebreaks); err != nil {
		return nil, err
	}
	if c.InitialColour != "" && (c.InitialColour != "white" && c.InitialColour != "black" || c.System != "swiss-dutch") {
		return nil, refuse(ErrInvalid, "initial_colour: %q (white or black: start number 1's colour in round 1 of a Dutch Swiss, drawn by lot, C.04.3)", c.InitialColour)
	}
	if c.PointSystem == nil {
		c.PointSystem = events.PointSystem{events.PointsWin: 1, events.PointsDraw: 0.5, events.PointsLoss: 0, events.PointsBye: 1}
	}
	if err := checkReportFields(c); err != nil {
		return nil, err
	}
	return []events.Event{c}, nil
}

// Register decides a player's registration, before the first round.
func (t *Tournament) Register(p events.PlayerRegistered) ([]events.Event, error) {
	if !t.Exists() {
		return nil, refuse(ErrNotFound, "tournament not found")
	}
	if err := t.lateEntry(&p); err != nil {
		return nil, err
	}
	if p.PlayerID == "" && p.FideID != "" || p.PlayerID == "" && t.listing {
		p.PlayerID = t.defaultPlayerID(p)
	}
	if err := events.Game(p.PlayerID).Check(); err != nil || p.PlayerID == "" {
		return nil, refuse(ErrInvalid, "player_id: %q is not an id (letters, digits, '-' and '_')", p.PlayerID)
	}
	if strings.TrimSpace(p.Name) == "" {
		return nil, refuse(ErrInvalid, "name: missing")
	}
	if p.RatedGames < 0 {
		return nil, refuse(ErrInvalid, "rated_games: %d (a number of games, 0 when unknown)", p.RatedGames)
	}
	if p.BirthYear != 0 && (p.BirthYear < 1900 || p.BirthYear > 2100) {
		return nil, refuse(ErrInvalid, "birth_year: %d is not a year of birth (0 when unknown)", p.BirthYear)
	}
	if p.Rating < 0 || p.Rating > 9999 {
		return nil, refuse(ErrInvalid, "rating: %d (0 for an unrated player, at most 9999)", p.Rating)
	}
	if err := t.checkPlayerFields(p); err != nil {
		return nil, err
	}
	for _, q := range t.Players {
		if q.PlayerID == p.PlayerID {
			return nil, refuse(ErrExists, "player %q is already registered", p.PlayerID)
		}
	}
	return []events.Event{p}, nil
}

// PairNext decides the pairing of the next round of a round robin (see
// PairNextAfter; a Swiss needs the results of the rounds played).
func (t *Tournament) PairNext(id string) ([]events.Event, error) {
	return t.PairNextAfter(id, nil)
}

// PairNextAfter is PairNextPenalised without points penalties.
func (t *Tournament) PairNextAfter(id string, results map[string]events.Result) ([]events.Event, error) {
	return t.PairNextPenalised(id, results, nil)
}

// PairNextPenalised decides the pairing of the next round, once the
// previous one is closed: for a round robin the Berger table of the
// players in registration order; for a Swiss the FIDE Dutch system
// (pairing/dutch), with the players numbered by rating, the results given
// by game id and the games' points penalties pens counted in the score
// groups as the standings count them (2023 12.9.4-12.9.6).
func (t *Tournament) PairNextPenalised(id string, results map[string]events.Result, pens tournament.Penalties) ([]events.Event, error) {
	if !t.Exists() {
		return nil, refuse(ErrNotFound, "tournament not found")
	}
	if t.Done {
		return nil, refuse(ErrState, "the tournament is finished")
	}
	if len(t.Rounds) > t.Closed {
		return nil, refuse(ErrState, "round %d is not closed yet", len(t.Rounds))
	}
	if len(t.Players) < 2 {
		return nil, refuse(ErrState, "%d player(s) registered: at least 2 are needed", len(t.Players))
	}
	round := len(t.Rounds) + 1
	if round > t.TotalRounds() {
		return nil, refuse(ErrState, "all %d rounds are paired", t.TotalRounds())
	}
	if t.Created.System == "swiss-dutch" {
		if most := SwissRoundsPossible(len(t.Players)); round == 1 && t.Created.Rounds > most {
			return nil, refuse(ErrState, "rounds: a Swiss of %d rounds cannot be paired among %d players (at most %d: C.04.1, two players shall not play each other more than once)",
				t.Created.Rounds, len(t.Players), most)
		}
		return t.pairDutch(id, round, results, pens)
	}
	schedule := roundrobin.Schedule(len(t.Players), false)
	rp := events.RoundPaired{Round: round, Engine: "berger", EngineVersion: "FIDE C.05 Annex 1"}
	absent := t.Absences(round)
	for _, p := range schedule[round-1] {
		white := t.Players[p.White-1].PlayerID
		if p.Black == 0 {
			if by, ok := absent[white]; ok {
				rp.Byes = append(rp.Byes, by)
				continue
			}
			rp.Byes = append(rp.Byes, events.Bye{PlayerID: white, Points: t.Points().PairingAllocatedBye, Kind: "pairing_allocated"})
			continue
		}
		black := t.Players[p.Black-1].PlayerID
		if bw, bb := absent[white], absent[black]; bw.Kind != "" || bb.Kind != "" {
			// a withdrawn player's game is not played: he is absent, his
			// opponent has the round free like the Berger table's bye
			for _, pl := range []string{white, black} {
				if by, ok := absent[pl]; ok {
					rp.Byes = append(rp.Byes, by)
				} else {
					rp.Byes = append(rp.Byes, events.Bye{PlayerID: pl, Points: t.Points().PairingAllocatedBye, Kind: "pairing_allocated"})
				}
			}
			continue
		}
		rp.Pairings = append(rp.Pairings, events.Pairing{Board: p.Board, White: white,
			Black: t.Players[p.Black-1].PlayerID, GameID: t.BoardGameID(id, round, p.Board)})
	}
	ids := make([]string, len(t.Players))
	for i, p := range t.Players {
		ids[i] = p.PlayerID
	}
	sum := sha256.Sum256([]byte(fmt.Sprintf("berger %d %s%s", round, strings.Join(ids, ","), t.absenceKey(round))))
	rp.InputHash = hex.EncodeToString(sum[:])
	return []events.Event{rp}, nil
}

// MaxRounds is the most rounds a tournament may have.
const MaxRounds = 99

// SwissRoundsPossible is the most rounds a Swiss of n players can be
// paired in. Two players shall not play each other more than once
// (C.04.1 b) and no player receives the pairing-allocated bye twice
// (C.04.1 d): with an even number every round pairs everyone, so n-1
// rounds meet every possible opponent once; with an odd number one player
// has the bye each round, so n rounds give each of them one bye and every
// opponent once. More rounds than that cannot be paired, and are refused
// before round 1.
func SwissRoundsPossible(n int) int {
	if n%2 == 0 {
		return n - 1
	}
	return n
}

// Close decides the closing of a round, given each of its games' results
// by game id ("*" while a game goes on); the last round also finishes the
// tournament.
func (t *Tournament) Close(round int, results map[string]events.Result) ([]events.Event, error) {
	if !t.Exists() {
		return nil, refuse(ErrNotFound, "tournament not found")
	}
	if round != t.Closed+1 || round > len(t.Rounds) {
		return nil, refuse(ErrState, "round %d cannot be closed: %d closed, %d paired", round, t.Closed, len(t.Rounds))
	}
	var open []string
	for _, p := range t.Rounds[round-1].Pairings {
		if r := results[p.GameID]; r == "" || r == events.ResultUnfinished {
			open = append(open, fmt.Sprintf("board %d", p.Board))
		}
	}
	if len(open) > 0 {
		return nil, refuse(ErrState, "round %d has games without a result: %s", round, strings.Join(open, ", "))
	}
	out := []events.Event{events.RoundClosed{Round: round}}
	if round == t.TotalRounds() {
		out = append(out, events.TournamentFinished{Rounds: round})
	}
	return out, nil
}

// Delete decides the deletion of a tournament created by mistake: only
// before round 1 is paired (afterwards its games exist and count).
func (t *Tournament) Delete(d events.TournamentDeleted) ([]events.Event, error) {
	if !t.Exists() {
		return nil, refuse(ErrNotFound, "tournament not found")
	}
	if len(t.Rounds) > 0 {
		return nil, refuse(ErrState, "the tournament cannot be deleted: round 1 is paired")
	}
	if strings.TrimSpace(d.Reason) == "" {
		return nil, refuse(ErrInvalid, "reason: missing (why the tournament is deleted)")
	}
	return []events.Event{d}, nil
}

// checkMode checks the tournament's mode (standard, rapid, blitz; ""
// takes each game's from the time control, FIDE Laws 2023 A.1 / B.1) and
// that an announced quickplay finish can apply to its games: not in a
// 2023 blitz game (Guidelines III.2.2), where each game's creation would
// be refused.
func checkMode(c events.TournamentCreated) error {
	m := laws.Standard
	if c.Mode != "" {
		var err error
		if m, err = laws.ParseMode(c.Mode); err != nil {
			return refuse(ErrInvalid, "mode: %q is not standard, rapid or blitz", c.Mode)
		}
	} else if tc, err := clock.ParsePGN(c.TimeControl); err == nil && tc.Kind != clock.Untimed && tc.Kind != clock.Unknown {
		m = laws.ModeFor(max(tc.TimeForMoves(clock.White, 60), tc.TimeForMoves(clock.Black, 60)))
	}
	p, _ := laws.Lookup(c.LawsProfile)
	if c.Supervised && (p.Edition == 1997 || m == laws.Standard) {
		return refuse(ErrInvalid, "supervised: concerns rapid and blitz games under fide-2023 (A.4, B.3), not %s %s", c.LawsProfile, m)
	}
	if c.QuickplayFinish && p.Edition == 2023 && m == laws.Blitz {
		return refuse(ErrInvalid, "quickplay_finish: the games are blitz (time_control %q, 2023 B.1; or mode) and Guidelines III do not apply in blitz (III.2.2); give mode rapid or standard to override", c.TimeControl)
	}
	return nil
}

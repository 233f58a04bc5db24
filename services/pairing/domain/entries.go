package domain

import (
	"slices"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/ratings"
)

// checkTiebreaks checks a rules year and a tie-break list.
func checkTiebreaks(rules string, list []string) error {
	if rules != "" && rules != "2024" && rules != "2026" {
		return refuse(ErrInvalid, "tiebreak_rules: %q (FIDE C.07 of 2024 or of 2026)", rules)
	}
	if len(list) > 0 {
		if _, err := ratings.ParseCodes(strings.Join(list, ",")); err != nil {
			return refuse(ErrInvalid, "tiebreaks: %v (FIDE C.07 codes such as BH/C1, SB, DE)", err)
		}
	}
	return nil
}

// beforeRound1 refuses a change once round 1 is paired.
func (t *Tournament) beforeRound1(what string) error {
	if !t.WasCreated() {
		return refuse(ErrNotFound, "tournament not found")
	}
	if len(t.Rounds) > 0 {
		return refuse(ErrState, "%s: round 1 is paired (only before it)", what)
	}
	return nil
}

// SetTiebreaks decides a change of the tie-break rules year and list,
// until round 1 is paired.
func (t *Tournament) SetTiebreaks(s events.TiebreaksSet) ([]events.Event, error) {
	if err := t.beforeRound1("tiebreaks"); err != nil {
		return nil, err
	}
	if s.TiebreakRules == "" && len(s.Tiebreaks) == 0 {
		return nil, refuse(ErrInvalid, "tiebreak_rules, tiebreaks: nothing to change")
	}
	if err := checkTiebreaks(s.TiebreakRules, s.Tiebreaks); err != nil {
		return nil, err
	}
	return []events.Event{s}, nil
}

// Correct decides the correction of a registered player's data before
// round 1: the registration as Register would decide it, the same id.
func (t *Tournament) Correct(c events.PlayerCorrected) ([]events.Event, error) {
	if err := t.beforeRound1("corrections"); err != nil {
		return nil, err
	}
	i := slices.IndexFunc(t.Players, func(p events.PlayerRegistered) bool { return p.PlayerID == c.Player.PlayerID })
	if i < 0 {
		return nil, refuse(ErrNotFound, "player %q is not registered", c.Player.PlayerID)
	}
	others := *t
	others.Players = slices.Delete(slices.Clone(t.Players), i, i+1)
	evs, err := others.Register(c.Player)
	if err != nil {
		return nil, err
	}
	c.Player = evs[0].(events.PlayerRegistered)
	c.Reason = strings.TrimSpace(c.Reason)
	return []events.Event{c}, nil
}

// Remove decides the removal of a registered player before round 1 (he
// never played; later, a player leaves by withdrawal).
func (t *Tournament) Remove(r events.PlayerRemoved) ([]events.Event, error) {
	if err := t.beforeRound1("removal"); err != nil {
		return nil, err
	}
	if !t.Registered(r.PlayerID) {
		return nil, refuse(ErrNotFound, "player %q is not registered", r.PlayerID)
	}
	r.Reason = strings.TrimSpace(r.Reason)
	return []events.Event{r}, nil
}

// lateEntry decides what a registration after round 1 was paired needs
// (a Swiss only, not once finished): the first round he can be paired in
// (the next to pair) and how the rounds he missed count, "Z" (the
// default) or "H" (the organiser's choice, FIDE C.04.1: a bye requested
// before). Before round 1 neither is recorded.
func (t *Tournament) lateEntry(p *events.PlayerRegistered) error {
	if len(t.Rounds) == 0 {
		p.FromRound, p.MissedRounds = 0, ""
		return nil
	}
	if t.Created.System != "swiss-dutch" {
		return refuse(ErrState, "registration is closed: round 1 of a %s is paired (its table fixes every game)", t.Created.System)
	}
	if t.Done {
		return refuse(ErrState, "registration is closed: the tournament is finished")
	}
	p.FromRound = len(t.Rounds) + 1
	if p.FromRound > t.TotalRounds() {
		return refuse(ErrState, "registration is closed: every round is paired")
	}
	switch p.MissedRounds {
	case "":
		p.MissedRounds = "Z"
	case "Z", "H":
	default:
		return refuse(ErrInvalid, "missed_rounds: %q (Z zero-point byes, H half-point byes)", p.MissedRounds)
	}
	return nil
}

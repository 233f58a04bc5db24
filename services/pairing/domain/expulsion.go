package domain

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules/laws"
)

// Expel decides the arbiter's expulsion of a player from the tournament
// (Laws 2023 12.9.9, 1997 13.4e): he is not paired from the next round on
// (an absence, like a withdrawn player) and the standings say so. His game
// in a round going on is not ended here: the game's ruling (a penalty of
// expulsion) ends it, and the round closes once it has a result. The
// article defaults to the laws profile's article on penalties; a reason
// is required.
func (t *Tournament) Expel(e events.PlayerExpelled) ([]events.Event, error) {
	if !t.Exists() {
		return nil, refuse(ErrNotFound, "tournament not found")
	}
	if t.Done {
		return nil, refuse(ErrState, "the tournament is finished")
	}
	if !t.Registered(e.PlayerID) {
		return nil, refuse(ErrNotFound, "player %q is not registered", e.PlayerID)
	}
	if from := t.ExpelledFrom(e.PlayerID); from > 0 {
		return nil, refuse(ErrExists, "player %q is already expelled (not paired from round %d)", e.PlayerID, from)
	}
	e.Reason = strings.TrimSpace(e.Reason)
	if e.Reason == "" {
		return nil, refuse(ErrInvalid, "reason: missing (an expulsion states its reason)")
	}
	e.Article = strings.TrimSpace(e.Article)
	if e.Article == "" {
		if p, err := laws.Lookup(t.Created.LawsProfile); err == nil {
			e.Article = p.Articles.Penalties
		}
	}
	return []events.Event{e}, nil
}

// Exclude decides the arbiter's exclusion of a player from one or more
// rounds (Laws 2023 12.9.8; 1997 13.4 has none): he is not paired in them
// and scores as an absent player, nothing (FIDE's article names the
// penalty only; the event's rules decide the score, and Hakem's is the
// absence's: 'Z' in the tournament report). The rounds must all be still
// to be paired and within the tournament; a round he is already excluded
// from is refused. The article defaults to the profile's 12.9.8; a
// reason is required.
func (t *Tournament) Exclude(e events.PlayerExcluded) ([]events.Event, error) {
	if !t.Exists() {
		return nil, refuse(ErrNotFound, "tournament not found")
	}
	if t.Done {
		return nil, refuse(ErrState, "the tournament is finished")
	}
	if !t.Registered(e.PlayerID) {
		return nil, refuse(ErrNotFound, "player %q is not registered", e.PlayerID)
	}
	p, err := laws.Lookup(t.Created.LawsProfile)
	if err != nil {
		return nil, refuse(ErrState, "laws profile %q: %v", t.Created.LawsProfile, err)
	}
	article, ok := p.PenaltyArticle(laws.ExclusionFromRounds)
	if !ok {
		return nil, refuse(ErrInvalid, "%s has no exclusion from rounds (%s lists the penalties)", p.Name, p.Articles.Penalties)
	}
	if len(e.Rounds) == 0 {
		return nil, refuse(ErrInvalid, "rounds: missing (the rounds the player is excluded from)")
	}
	next := len(t.Rounds) + 1
	rounds := slices.Sorted(slices.Values(e.Rounds))
	for i, r := range rounds {
		switch {
		case r < next:
			return nil, refuse(ErrState, "rounds: round %d is already paired (the next round is %d)", r, next)
		case t.TotalRounds() > 0 && r > t.TotalRounds():
			return nil, refuse(ErrInvalid, "rounds: %d is after the last round (%d)", r, t.TotalRounds())
		case i > 0 && rounds[i-1] == r:
			return nil, refuse(ErrInvalid, "rounds: round %d named twice", r)
		}
		for _, x := range t.Excluded {
			if x.PlayerID == e.PlayerID && slices.Contains(x.Rounds, r) {
				return nil, refuse(ErrExists, "player %q is already excluded from round %d", e.PlayerID, r)
			}
		}
	}
	if from := t.ExpelledFrom(e.PlayerID); from > 0 {
		return nil, refuse(ErrState, "player %q is expelled (not paired from round %d)", e.PlayerID, from)
	}
	e.Rounds = rounds
	e.Reason = strings.TrimSpace(e.Reason)
	if e.Reason == "" {
		return nil, refuse(ErrInvalid, "reason: missing (an exclusion states its reason)")
	}
	if e.Article = strings.TrimSpace(e.Article); e.Article == "" {
		e.Article = article
	}
	return []events.Event{e}, nil
}

// ExcludeOnPenalty decides the exclusion a penalty in one of the
// tournament's games brings to it (arbiter.penalty_imposed of kind
// exclusion_from_rounds, 2023 12.9.8), when the tournament records it:
// the rounds of e still to be paired. A round paired between the penalty
// and its recording keeps its pairing (the arbiter rules on the player's
// game in it) and is named in the reason; with no round left to pair it
// is refused as Exclude refuses a round already paired. The recorded
// event is one Exclude decides the same way (the audit re-decides it so).
func (t *Tournament) ExcludeOnPenalty(e events.PlayerExcluded) ([]events.Event, error) {
	next := len(t.Rounds) + 1
	var paired []string
	later := make([]int, 0, len(e.Rounds))
	for _, r := range slices.Sorted(slices.Values(e.Rounds)) {
		if r < next {
			paired = append(paired, strconv.Itoa(r))
			continue
		}
		later = append(later, r)
	}
	if len(paired) > 0 && len(later) > 0 {
		e.Rounds = later
		e.Reason = strings.TrimSpace(e.Reason) + fmt.Sprintf(" (round %s already paired when recorded)", strings.Join(paired, ", "))
	}
	return t.Exclude(e)
}

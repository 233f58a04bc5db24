package domain

import (
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

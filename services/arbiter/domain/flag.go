// Package domain is the arbiter service's domain, pure (no NATS, logging,
// wall clock or goroutines): every ruling it gives, decided on the game
// (internal/game's Game, imported as games: the fold of the game's log) at
// an instant, through rules/laws under the game's profile — the flag fall (FlagRuling), a draw
// claim (ClaimRuling), a reported illegal move (IllegalRuling), the hand
// rulings (HandRulingDecision). The service (arbiter/app) appends what they
// return; the audit calls the same functions to re-derive each recorded
// ruling.
package domain

import (
	"strings"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/rules/laws"
	games "github.com/hakem-chess/hakem/services/internal/game"
)

// Decision names a ruling's result as the catalogue writes it.
func Decision(r laws.Result) string {
	switch r {
	case laws.WhiteWins:
		return "win_white"
	case laws.BlackWins:
		return "win_black"
	case laws.Draw:
		return "draw"
	case laws.Continue:
		return "game_continues"
	case laws.BothLose:
		return games.BothLoseDecision
	}
	return r.String()
}

// FlagRuling is the ruling on the flag fall ff in game g as it stands,
// under the game's profile (laws.Profile.FlagFall): the event RuleOnFlag
// appends, and the one the audit re-derives.
func FlagRuling(g *games.Game, ff events.FlagFell) (events.RulingGiven, error) {
	flagged := rules.White
	if ff.Side == events.Black {
		flagged = rules.Black
	}
	profile := g.Profile()
	ruling, err := profile.FlagFall(laws.Situation{Game: g.Rules()}, flagged)
	if err != nil {
		return events.RulingGiven{}, err
	}
	return events.RulingGiven{Matter: events.MatterFlagFall, Article: ruling.Article, Profile: ruling.Profile,
		Decision: Decision(ruling.Result), Explanation: ruling.Explanation}, nil
}

// bothFlagsRuling rules on both flags found down (laws.Profile.BothFlags):
// with h.First, the side whose flag the clock shows fell first, that flag
// decides (6.9); with the order unknown, 1997 plays on (6.11) except in
// the quickplay finish, drawn (10.4); 2023, with Guidelines III announced,
// plays on before the last period (III.3.1.1) and draws in it (III.3.1.2)
// — without them the Laws have no rule (422). The games service ends a
// game the ruling decides (games/domain Game.EndByRuling).
func bothFlagsRuling(g *games.Game, h HandRuling, at time.Time) ([]events.Event, error) {
	var first *rules.Color
	if h.First != "" {
		c, err := colorOf(h.First)
		if err != nil {
			return nil, refuseRuling("first: %q is not white or black", h.First)
		}
		first = &c
	}
	sit, err := situation(g, at)
	if err != nil {
		return nil, err
	}
	r, err := g.Profile().BothFlags(sit, first)
	if err != nil {
		return nil, refuseRuling("%v", err)
	}
	return []events.Event{given(events.MatterBothFlags, r)}, nil
}

// FirstOfBothFlags reads back from a both-flags ruling's explanation the
// side whose flag fell first ("" when the order was unknown).
func FirstOfBothFlags(explanation string) events.Color {
	for _, c := range []events.Color{events.White, events.Black} {
		if strings.HasPrefix(explanation, "both flags are down and "+string(c)+"'s fell first") {
			return c
		}
	}
	return ""
}

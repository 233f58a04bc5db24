// Package app is the arbiter service's application layer.
package app

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/rules/laws"
	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
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
		return domain.BothLoseDecision
	}
	return r.String()
}

// FlagRuling is the ruling on the flag fall ff in game g as it stands,
// under the game's profile (laws.Profile.FlagFall): the event RuleOnFlag
// appends, and the one the audit re-derives.
func FlagRuling(g *domain.Game, ff events.FlagFell) (events.RulingGiven, error) {
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

// RuleOnFlag rules on a recorded flag fall (a clock.flag_fell envelope)
// through FlagRuling, once: the ruling's key is the flag event's id. It
// returns the ruling's envelope (the earlier one when the flag was ruled
// on already).
func (a *Arbiter) RuleOnFlag(ctx context.Context, flag events.Envelope) (events.Envelope, error) {
	ff, err := decodeAs[*events.FlagFell](flag, "a flag fall")
	if err != nil {
		return events.Envelope{}, err
	}
	meta := gamelog.Meta{IdempotencyKey: "flag-ruling-" + flag.ID, Actor: system, CorrelationID: flag.CorrelationID, CausationID: flag.ID}
	out, err := a.handle(ctx, flag.Aggregate.ID, decide.Command{Name: "rule_on_flag", Meta: meta}, func(l *gameLog, _ time.Time) ([]events.Event, error) {
		g, err := l.game()
		if err != nil {
			return nil, err
		}
		if !g.Exists() {
			return nil, fmt.Errorf("flag fall %s in a game without game.created", flag.ID)
		}
		given, err := FlagRuling(g, *ff)
		if err != nil {
			return nil, fmt.Errorf("ruling on flag fall %s: %w", flag.ID, err)
		}
		return []events.Event{given}, nil
	})
	if err != nil {
		return events.Envelope{}, err
	}
	return out.Events[0].Envelope, nil
}

// bothFlagsRuling rules on both flags found down (laws.Profile.BothFlags):
// with h.First, the side whose flag the clock shows fell first, that flag
// decides (6.9); with the order unknown, 1997 plays on (6.11) except in
// the quickplay finish, drawn (10.4); 2023, with Guidelines III announced,
// plays on before the last period (III.3.1.1) and draws in it (III.3.1.2)
// — without them the Laws have no rule (422). The games service ends a
// game the ruling decides (domain.EndByRuling).
func bothFlagsRuling(g *domain.Game, h HandRuling, at time.Time) ([]events.Event, error) {
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

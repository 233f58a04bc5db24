package audit

import (
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/clock"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/games/domain"
)

// describe fills what an event says, its article, and the position and
// clocks after it. Only a creation or a move changes the position: other
// events keep prevFEN, and a move that followed keeps the FEN it recorded
// (compared with the position by the re-decision).
func describe(en *Entry, ev events.Event, g *domain.Game, at time.Time, prevFEN string) {
	en.Ply = g.Ply()
	ev = value(ev)
	if g.Exists() {
		en.FEN = fenAfter(en, ev, g, prevFEN)
	}
	en.Clocks = clocksAt(g, at)
	if !en.describePlay(ev) {
		en.describeArbiter(ev)
	}
}

// fenAfter is the position after ev, as describe records it.
func fenAfter(en *Entry, ev events.Event, g *domain.Game, prevFEN string) string {
	switch e := ev.(type) {
	case events.MovePlayed:
		if e.FENAfter != "" && en.Problem == "" && en.Checked == "re-derived" {
			return e.FENAfter
		}
	case events.GameCreated:
	default:
		if prevFEN != "" {
			return prevFEN
		}
	}
	p := g.Position()
	return p.FEN()
}

// describePlay fills what an event of the players' play says (the game's
// creation, a move, a draw offer or claim, a resignation, the end, the
// clocks started, paused or resumed), and reports whether ev was one.
func (en *Entry) describePlay(ev events.Event) bool {
	switch e := ev.(type) {
	case events.GameCreated:
		en.Says = CreationSays(e.White, e.Black, e)
		en.Created = &e
		en.Profile = e.LawsProfile
	case events.MovePlayed:
		n := (e.Ply + 1) / 2
		dots := "."
		if e.By == events.Black {
			dots = "..."
		}
		en.Says = fmt.Sprintf("%d%s %s (%s) at %s", n, dots, e.SAN, e.UCI, e.At.UTC().Format("15:04:05.000"))
	case events.DrawOffered:
		en.Says = fmt.Sprintf("%s offers a draw", e.By)
	case events.DrawAccepted:
		en.Says = fmt.Sprintf("%s accepts the draw", e.By)
	case events.DrawDeclined:
		en.Says = fmt.Sprintf("%s declines the draw", e.By)
		if e.ByMoving {
			en.Says += " by moving"
		}
	case events.DrawClaimed:
		en.Says = fmt.Sprintf("%s claims a draw: %s", e.By, e.Reason)
		if e.IntendedMove != "" {
			en.Says += ", intending " + e.IntendedMove
		}
		en.Disputed = true
	case events.Resigned:
		en.Says = fmt.Sprintf("%s resigns", e.By)
	case events.GameEnded:
		en.Says = fmt.Sprintf("result %s by %s", e.Result, e.Termination)
		en.Article = e.Article
	case events.ClockStarted:
		en.Says = fmt.Sprintf("clock started: white %s, black %s", ms(e.WhiteMs), ms(e.BlackMs))
	case events.ClockPaused:
		en.Says = "clocks paused: " + e.Reason
	case events.ClockResumed:
		en.Says = "clocks resumed"
	default:
		return false
	}
	return true
}

// describeArbiter fills what an arbiter's or the clocks' event says (time
// adjusted, a flag fall, a ruling, a penalty, a forfeit, an annulment), or
// the event's JSON for any other.
func (en *Entry) describeArbiter(ev events.Event) {
	switch e := ev.(type) {
	case events.TimeAdjusted:
		en.Says = fmt.Sprintf("%s's clock %+.3f s: %s", e.Side, float64(e.DeltaMs)/1000, e.Reason)
		en.Article = e.Article
		en.Disputed = true
	case events.FlagFell:
		en.Says = fmt.Sprintf("%s's flag fell at %s (ply %d)", e.Side, e.At.UTC().Format("15:04:05.000"), e.Ply)
		en.Disputed = true
	case events.ControlChanged:
		en.Says = fmt.Sprintf("time control set to %q at %s: %s", e.TimeControl, e.At.UTC().Format("15:04:05.000"), e.Reason)
		en.Article = e.Article
		en.Disputed = true
	case events.RulingGiven:
		en.Says = fmt.Sprintf("ruling on %s: %s", e.Matter, e.Decision)
		if e.Penalty != "" {
			en.Says += ", penalty " + string(e.Penalty)
		}
		if e.Explanation != "" {
			en.Says += " — " + e.Explanation
		}
		en.Article, en.Profile = e.Article, e.Profile
		en.Disputed = true
	case events.PenaltyImposed:
		en.Says = penaltySays(e)
		en.Article = e.Article
		en.Disputed = true
	case events.IllegalMoveReported:
		en.Says = fmt.Sprintf("illegal move %s by %s reported", e.Move, e.Offender)
		en.Disputed = true
	case events.ForfeitDeclared:
		en.Says = fmt.Sprintf("%s forfeits (%s): %s", e.Side, e.Reason, e.Result)
		en.Article = e.Article
		en.Disputed = true
	case events.GameAnnulled:
		en.Says = "game annulled: " + e.Reason
		en.Article = e.Article
		en.Disputed = true
	case events.ResultOverridden:
		en.Says = fmt.Sprintf("result %s overridden to %s: %s", e.Previous, e.Result, e.Reason)
		en.Article = e.Article
		en.Disputed = true
	default:
		en.Says = string(jsonOf(ev))
	}
}

// penaltySays is what a PenaltyImposed says.
func penaltySays(e events.PenaltyImposed) string {
	if e.Kind == events.PenaltyIncrementIntroduced {
		return fmt.Sprintf("increment of %s per move for both players, at %s's request", ms(e.AmountMs), e.Side)
	}
	if e.AmountMs != 0 {
		return fmt.Sprintf("penalty on %s: %s %s", e.Side, e.Kind, ms(e.AmountMs))
	}
	says := fmt.Sprintf("penalty on %s: %s", e.Side, e.Kind)
	if e.Points != 0 {
		says += fmt.Sprintf(" by %g", e.Points)
	}
	if e.OpponentPoints != nil {
		says += fmt.Sprintf(", the opponent scoring %g", *e.OpponentPoints)
	}
	if e.Fine != "" {
		says += " " + e.Fine
	}
	if len(e.Rounds) > 0 {
		says += fmt.Sprintf(" %v", e.Rounds)
	}
	if e.Reason != "" {
		says += " — " + e.Reason
	}
	return says
}

func ms(v int64) string { return clock.FormatPGNClock(time.Duration(v) * time.Millisecond) }

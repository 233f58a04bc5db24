package game

import (
	"fmt"
	"strings"
	"sync"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/rules/laws"
)

// Apply folds one recorded event into the game (a catalogue value or a
// pointer to one, as events.Decode returns). An event that does not fit (a
// move that is illegal in the folded position, an event before the creation)
// is an error: the log is not what this code would have written. Events of
// other writers that do not change the game as the games service sees it
// are skipped.
func (g *Game) Apply(e Event) error {
	if m, ok := e.(*events.MovePlayed); ok && g.exists {
		// a move, the event of almost every command, is folded from its
		// pointer: deref would copy it into a new interface value (an
		// allocation a move)
		return g.applyMove(*m)
	}
	e = deref(e)
	switch e.(type) {
	case events.LogRepaired, *events.LogRepaired:
		return nil // changes nothing in the game; it may come first, voiding what was published before the creation
	}
	if _, ok := e.(events.GameCreated); !ok && !g.exists {
		return fmt.Errorf("%s before game.created", e.EventType())
	}
	switch e := e.(type) {
	case events.GameCreated:
		return g.applyCreated(e)
	case events.MovePlayed:
		return g.applyMove(e)
	case events.DrawOffered:
		c, err := ParseColor(e.By)
		if err != nil {
			return err
		}
		g.offer, g.offerPly, g.offering = c, e.Ply, true
	case events.DrawDeclined, events.DrawAccepted, events.Resigned:
		g.offering = false
	case events.DrawClaimed:
		c := e
		g.claim = &c
	case events.RulingGiven:
		return g.applyRuling(e)
	case events.GameEnded:
		g.result, g.ending, g.offering = e.Result, e, false
	case events.PenaltyImposed:
		return g.applyPenalty(e)
	default:
		return g.applyIncident(e)
	}
	return nil
}

// deref turns a pointer to an event Apply folds into the event.
func deref(e Event) Event {
	switch e := e.(type) {
	case *events.GameCreated:
		return *e
	case *events.MovePlayed:
		return *e
	case *events.DrawOffered:
		return *e
	case *events.DrawAccepted:
		return *e
	case *events.DrawDeclined:
		return *e
	case *events.Resigned:
		return *e
	case *events.GameEnded:
		return *e
	case *events.DrawClaimed:
		return *e
	case *events.RulingGiven:
		return *e
	case *events.IllegalMoveReported:
		return *e
	case *events.ResultOverridden:
		return *e
	case *events.GameAnnulled:
		return *e
	case *events.PenaltyImposed:
		return *e
	}
	return e
}

// standardFEN is the FEN of the standard start position, written once.
var standardFEN = sync.OnceValue(func() string {
	p := rules.StartPosition()
	return p.FEN()
})

// applyCreated folds the game's creation: its start position (the initial
// one unless start_fen sets another) and its laws profile.
func (g *Game) applyCreated(e events.GameCreated) error {
	if g.exists {
		return fmt.Errorf("game.created twice")
	}
	start := rules.StartPosition()
	if e.StartFEN != "" {
		var err error
		if start, err = rules.ParseFEN(e.StartFEN); err != nil {
			return fmt.Errorf("game.created: start_fen: %w", err)
		}
	}
	profile, err := sharedProfile(e)
	if err != nil {
		return fmt.Errorf("game.created: %w", err)
	}
	if e.StartFEN == "" {
		e.StartFEN = standardFEN() // one string for every game, not one each
	} else {
		e.StartFEN = start.FEN()
	}
	g.created, g.exists, g.play, g.profile = e, true, rules.NewGame(start), profile
	return nil
}

// applyMove folds a move: the move Move decided when it is this one in
// this position, else the move read from its UCI (or SAN, in version 1
// events).
func (g *Game) applyMove(e events.MovePlayed) error {
	if e.Ply != g.Ply()+1 {
		return fmt.Errorf("game.move_played: ply %d after %d plies", e.Ply, g.Ply())
	}
	pos := g.play.Position()
	var m rules.Move
	var san string
	if t := g.tried; t != nil && e.UCI != "" && t.uci == e.UCI && t.pos == pos {
		// the move this game's Move decided, in this very position
		m, san = t.move, t.san
	} else {
		var err error
		if e.UCI != "" {
			m, err = pos.ParseUCI(e.UCI)
		} else {
			m, err = pos.ParseSAN(e.SAN) // version 1 events recorded SAN only
		}
		if err != nil {
			return fmt.Errorf("game.move_played ply %d: %w", e.Ply, err)
		}
		san = pos.SAN(m)
	}
	g.tried = nil
	if err := g.play.Play(m); err != nil {
		return fmt.Errorf("game.move_played ply %d: %w", e.Ply, err)
	}
	g.sans.add(san)
	g.ucis.add(pos.UCI(m))
	g.mustPlay = ""
	g.touch = nil
	// a move by the opponent of the offering side lapses the offer (9.1.2.2)
	if g.offering && g.offer != pos.Turn() {
		g.offering = false
	}
	return nil
}

// applyRuling folds an arbiter's ruling: on a touched piece (applyTouch),
// on a quickplay claim decided later, or on the pending draw claim (a
// postponed quickplay claim, the intended move after an incorrect claim).
func (g *Game) applyRuling(e events.RulingGiven) error {
	if e.Matter == events.MatterTouchMove {
		return g.applyTouch(e)
	}
	if e.Matter == events.MatterQuickplayClaim {
		g.postponed = nil // decided later (1997 10.2c, 2023 III.5.2)
	}
	if e.Matter == events.MatterDrawClaim && g.claim != nil {
		g.ruled = g.claim
		g.postponed = nil
		if g.claim.Reason == events.ClaimQuickplay && e.Decision == "game_continues" && strings.Contains(e.Explanation, laws.Postponed) {
			g.postponed = g.claim
		}
		if e.Decision == "game_continues" && g.claim.IntendedMove != "" {
			g.mustPlay, g.mustWhy = g.claim.IntendedMove, "after the incorrect claim the intended move"
		}
		g.claim = nil
	}
	return nil
}

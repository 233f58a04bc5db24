package game

import (
	"fmt"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/services/internal/outcome"
)

// An electronic game never holds an illegal move: the games service refuses
// one. A completed illegal move observed on the board (a player moved
// illegally and pressed the clock, while the recorded game shows the
// position before it) is therefore recorded as a game.illegal_move_reported
// with the move's text and the ply it had, and the arbiter's ruling follows
// (arbiter.ruling_given, matter "illegal_move"). The position to reinstate,
// the last legal one, is the game's current position: the log needs no
// event to undo the move, and a fold of the log (the services' and the
// audit's) gives the reinstated position by construction.

// The irregularities of 2023 7.5.2-7.5.4, penalised as illegal moves
// (IllegalMoveReported.Kind; "" or IllegalMoveKind for an illegal move).
const (
	IllegalMoveKind  = string(events.MatterIllegalMove)
	PawnNotReplaced  = "pawn_not_replaced"  // 7.5.2: move is the pawn's move to the last rank; it becomes a queen
	PressWithoutMove = "press_without_move" // 7.5.3: no move
	TwoHands         = "two_hands"          // 7.5.4: move is the move made with two hands, legal or not
)

// Queening returns the queen promotion (SAN) of the pawn move text names
// by its squares (UCI without a piece: e7e8) or in SAN without a piece
// (e8, exd8), if it is legal in pos.
func Queening(pos *rules.Position, text string) (string, bool) {
	if looksUCI(text) && len(text) == 4 {
		text += "q"
	} else if !strings.Contains(text, "=") {
		text += "=Q"
	}
	m, err := ParseMove(pos, text)
	if err != nil || m.Promotion() != rules.Queen {
		return "", false
	}
	return pos.SAN(m), true
}

// ParseMove reads SAN or UCI. Text of the UCI shape (e2e4, e7e8q) is read
// as UCI; anything else as SAN. The SAN error is the one reported when both
// fail, since SAN is what people type.
func ParseMove(p *rules.Position, s string) (rules.Move, error) {
	if looksUCI(s) {
		if m, err := p.ParseUCI(s); err == nil {
			return m, nil
		}
	}
	return p.ParseSAN(s)
}

func looksUCI(s string) bool {
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	sq := func(f, r byte) bool { return f >= 'a' && f <= 'h' && r >= '1' && r <= '8' }
	return sq(s[0], s[1]) && sq(s[2], s[3])
}

// IllegalMoves returns the completed illegal moves reported so far, by
// rules.Color.
func (g *Game) IllegalMoves() [2]int { return g.illegal }

// Annulled returns the annulment of the game, if the arbiter annulled it.
func (g *Game) Annulled() (events.GameAnnulled, bool) {
	if g.annulled == nil {
		return events.GameAnnulled{}, false
	}
	return *g.annulled, true
}

// applyIncident folds the incidents the arbiter records in a game.
func (g *Game) applyIncident(e Event) error {
	switch e := e.(type) {
	case events.IllegalMoveReported:
		if c, err := ParseColor(e.Offender); err == nil {
			g.illegal[c]++
		}
		if e.Kind == PawnNotReplaced {
			// the pawn is replaced by a queen (2023 7.5.2): that move now
			pos := g.play.Position()
			if san, ok := Queening(&pos, e.Move); ok {
				g.mustPlay = san
				g.mustWhy = fmt.Sprintf("the pawn not replaced becomes a queen (%s %s):", g.Profile().Name, g.Profile().Articles.PawnNotReplaced)
			}
		}
	case events.ResultOverridden:
		g.overrideResult(e)
	case events.GameAnnulled:
		a := e
		g.annulled = &a
	case *events.ReplayOrdered:
		return g.applyIncident(*e)
	case events.ReplayOrdered:
		// the new game is another aggregate (its game.created names this
		// one); this game stays annulled
		if g.annulled == nil {
			return fmt.Errorf("arbiter.replay_ordered in a game that is not annulled")
		}
	}
	return nil
}

// overrideResult folds a result override. A forfeit result stands as its
// score (1-0, 0-1, 0-0) with the termination "forfeit" and the override's
// article, as a default ending the game does, so that the tournament counts
// it as a forfeit (tournament.TournamentResult). Another result stands
// as given; it makes a game that both players had moved in (two plies or
// more: no default ends such a game, so its forfeit came from an override)
// a game played again, ended by the arbiter ("arbiter"). A forfeit of a
// game of fewer plies (a default) overridden to 1-0 or 0-1 stays a forfeit,
// with the new winner.
//
// The fold is the one of services/internal/outcome (Game.Override), which
// the tournament's services read a board's game with.
func (g *Game) overrideResult(e events.ResultOverridden) {
	o := outcome.Game{Ending: g.ending, Plies: g.Ply()}
	o.Ending.Result = g.result
	o.Override(e)
	g.annulled, g.result, g.ending = nil, o.Ending.Result, o.Ending
}

// BothLoseDecision is the decision of a ruling that both players lose the
// game (laws.BothLose; 1997 12.8, 2023 11.8: both found guilty of refusing
// to comply with the Laws): the game ends events.ResultBothLost.
const BothLoseDecision = "both_lose"

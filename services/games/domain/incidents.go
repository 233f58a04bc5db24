package domain

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

// ReportIllegal decides the report of a completed illegal move by
// offender, seen on the board as move (text, in any notation), by a player
// or the arbiter (reportedBy "player" or "arbiter"; "arbiter" if empty).
// The offender must be the side on move in the recorded game (the position
// before his illegal move), and move must not be a legal move there.
func (g *Game) ReportIllegal(offender events.Color, move, reportedBy string) ([]Event, error) {
	return g.ReportIrregularity(offender, "", move, reportedBy)
}

// The irregularities of 2023 7.5.2-7.5.4, penalised as illegal moves
// (IllegalMoveReported.Kind; "" or IllegalMoveKind for an illegal move).
const (
	IllegalMoveKind  = string(events.MatterIllegalMove)
	PawnNotReplaced  = "pawn_not_replaced"  // 7.5.2: move is the pawn's move to the last rank; it becomes a queen
	PressWithoutMove = "press_without_move" // 7.5.3: no move
	TwoHands         = "two_hands"          // 7.5.4: move is the move made with two hands, legal or not
)

// ReportIrregularity is ReportIllegal for an irregularity of kind (see
// the constants; "" is an illegal move), which the game's profile must
// know (fide-1997 has illegal moves only, 7.4). A pawn not replaced names
// a legal promotion's from and to squares (e7e8, or e8 / exd8 in SAN, no
// piece): after the report the claimant must play it as a queen (the
// game's MustPlay). A two-handed move may be a legal move.
func (g *Game) ReportIrregularity(offender events.Color, kind, move, reportedBy string) ([]Event, error) {
	if kind == IllegalMoveKind {
		kind = ""
	}
	if err := g.checkIrregularity(kind); err != nil {
		return nil, err
	}
	if !g.exists {
		return nil, refuse(ErrNotFound, "game not found")
	}
	if g.Finished() {
		return nil, refuse(ErrFinished, "the game is over: %s (%s)", g.result, g.ending.Termination)
	}
	if g.annulled != nil {
		return nil, refuse(ErrFinished, "the game is annulled: %s", g.annulled.Reason)
	}
	c, err := parseColor(offender)
	if err != nil {
		return nil, refuse(ErrInvalid, "offender: %q is not white or black", offender)
	}
	if g.claim != nil {
		return nil, refuse(ErrClaimPending, "a draw claim awaits the arbiter's ruling")
	}
	switch reportedBy {
	case "":
		reportedBy = "arbiter"
	case "player", "arbiter":
	default:
		return nil, refuse(ErrInvalid, "reported_by: %q is not player or arbiter", reportedBy)
	}
	move = strings.TrimSpace(move)
	switch {
	case kind == PressWithoutMove && move != "":
		return nil, refuse(ErrInvalid, "move: a clock pressed without a move has no move (%q given)", move)
	case kind != PressWithoutMove && move == "":
		return nil, refuse(ErrInvalid, "move: missing (the illegal move as seen on the board)")
	case len(move) > 32:
		return nil, refuse(ErrInvalid, "move: %d characters (at most 32)", len(move))
	}
	pos := g.play.Position()
	if pos.Turn() != c {
		return nil, refuse(ErrNotOnMove, "%s is not on move in the recorded game (%s is): an illegal move by %s is reported from the position before it, with %s to play", c, pos.Turn(), c, c)
	}
	switch kind {
	case "":
		if m, err := parseMove(&pos, move); err == nil {
			return nil, refuse(ErrInvalid, "move %q (%s) is legal in this position: it is played, not reported", move, pos.SAN(m))
		}
	case PawnNotReplaced:
		if _, ok := queening(&pos, move); !ok {
			return nil, refuse(ErrInvalid, "move %q: not a pawn's legal move to the last rank (give its squares, e.g. e7e8, without a piece)", move)
		}
	}
	return []Event{events.IllegalMoveReported{Offender: offender, Move: move, Ply: g.Ply() + 1, ReportedBy: reportedBy, Kind: kind}}, nil
}

// checkIrregularity refuses a kind of irregularity unknown, or unknown to
// the game's profile.
func (g *Game) checkIrregularity(kind string) error {
	a := g.profile.Articles
	var article string
	switch kind {
	case "":
		return nil
	case PawnNotReplaced:
		article = a.PawnNotReplaced
	case PressWithoutMove:
		article = a.PressWithoutMove
	case TwoHands:
		article = a.TwoHands
	default:
		return refuse(ErrInvalid, "kind: %q is not illegal_move, pawn_not_replaced, press_without_move or two_hands", kind)
	}
	if article == "" {
		return refuse(ErrInvalid, "kind: %s has no %s irregularity (only illegal moves, %s)", g.profile.Name, kind, a.IllegalMove)
	}
	return nil
}

// queening returns the queen promotion (SAN) of the pawn move text names
// by its squares (UCI without a piece: e7e8) or in SAN without a piece
// (e8, exd8), if it is legal in pos.
func queening(pos *rules.Position, text string) (string, bool) {
	if looksUCI(text) && len(text) == 4 {
		text += "q"
	} else if !strings.Contains(text, "=") {
		text += "=Q"
	}
	m, err := parseMove(pos, text)
	if err != nil || m.Promotion() != rules.Queen {
		return "", false
	}
	return pos.SAN(m), true
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
		if c, err := parseColor(e.Offender); err == nil {
			g.illegal[c]++
		}
		if e.Kind == PawnNotReplaced {
			// the pawn is replaced by a queen (2023 7.5.2): that move now
			pos := g.play.Position()
			if san, ok := queening(&pos, e.Move); ok {
				g.mustPlay = san
				g.mustWhy = fmt.Sprintf("the pawn not replaced becomes a queen (%s %s):", g.profile.Name, g.profile.Articles.PawnNotReplaced)
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

// OverrideResult decides the correction of a game's result by the arbiter
// (a wrongly recorded result, an appeal's decision): the game must be over
// (or annulled), the new result one of 1-0, 0-1, 1/2-1/2, or a forfeit
// (events.ResultWhiteForfeitWin "+/-", events.ResultBlackForfeitWin "-/+", events.ResultDoubleForfeit "-/-":
// a game not played, e.g. both players absent, or a default the arbiter
// declares after the fact), and different, and the reason and the article
// (of the Laws, e.g. the profile's late-arrival article 6.7.1 / 6.6 for a
// default, or of the tournament's regulations) given: a ruling cites what
// it applies, and the audit holds an override without either as not well
// formed. How the game then reads: overrideResult.
func (g *Game) OverrideResult(result events.Result, reason, article string) ([]Event, error) {
	if !g.exists {
		return nil, refuse(ErrNotFound, "game not found")
	}
	if !g.Finished() && g.annulled == nil {
		return nil, refuse(ErrInProgress, "the game is in progress: it ends by a ruling (a penalty or a forfeit), not by a result override")
	}
	switch result {
	case events.ResultWhiteWins, events.ResultBlackWins, events.ResultDraw:
	case events.ResultWhiteForfeitWin, events.ResultBlackForfeitWin, events.ResultDoubleForfeit:
		if score, _ := forfeitScore(result); score == g.Result() && g.ending.Termination == events.TerminationForfeit {
			return nil, refuse(ErrInvalid, "result: the game is %s by forfeit already", score)
		}
	default:
		return nil, refuse(ErrInvalid, "result: %q is not 1-0, 0-1, 1/2-1/2 or a forfeit (+/-, -/+, -/-)", result)
	}
	if result == g.Result() {
		return nil, refuse(ErrInvalid, "result: the game's result is %s already", result)
	}
	reason, article = strings.TrimSpace(reason), strings.TrimSpace(article)
	switch {
	case reason == "" && article == "":
		return nil, refuse(ErrInvalid, "reason and article: missing (a result override states its reason and cites the article of the Laws or of the regulations it applies)")
	case reason == "":
		return nil, refuse(ErrInvalid, "reason: missing (a result override states its reason)")
	case article == "":
		return nil, refuse(ErrInvalid, "article: missing (a result override cites the article of the Laws or of the regulations it applies, e.g. 21.3)")
	}
	return []Event{events.ResultOverridden{Previous: g.Result(), Result: result, Reason: reason, Article: article}}, nil
}

// forfeitScore is the score of a forfeit result ("1-0", "0-1", "0-0": the
// results a default ends a game with); ok is false for any other result
// (outcome.ForfeitScore).
func forfeitScore(result events.Result) (score events.Result, ok bool) {
	return outcome.ForfeitScore(result)
}

// overrideResult folds a result override. A forfeit result stands as its
// score (1-0, 0-1, 0-0) with the termination "forfeit" and the override's
// article, as a default ending the game does, so that the tournament counts
// it as a forfeit (pairing/domain.TournamentResult). Another result stands
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

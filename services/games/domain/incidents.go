package domain

import (
	"github.com/hakem-chess/hakem/services/internal/game"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// A completed illegal move seen on the board is reported, not played: the
// fold keeps the position before it (package game, incidents.go), and the
// arbiter rules on the report (arbiter/domain IllegalRuling).

// ReportIllegal decides the report of a completed illegal move by
// offender, seen on the board as move (text, in any notation), by a player
// or the arbiter (reportedBy "player" or "arbiter"; "arbiter" if empty).
// The offender must be the side on move in the recorded game (the position
// before his illegal move), and move must not be a legal move there.
func (g *Game) ReportIllegal(offender events.Color, move, reportedBy string) ([]Event, error) {
	return g.ReportIrregularity(offender, "", move, reportedBy)
}

// ReportIrregularity is ReportIllegal for an irregularity of kind (see
// the constants; "" is an illegal move), which the game's profile must
// know (fide-1997 has illegal moves only, 7.4). A pawn not replaced names
// a legal promotion's from and to squares (e7e8, or e8 / exd8 in SAN, no
// piece): after the report the claimant must play it as a queen (the
// game's MustPlay). A two-handed move may be a legal move.
func (g *Game) ReportIrregularity(offender events.Color, kind, move, reportedBy string) ([]Event, error) {
	if kind == game.IllegalMoveKind {
		kind = ""
	}
	if err := g.checkIrregularity(kind); err != nil {
		return nil, err
	}
	if !g.Exists() {
		return nil, refuse(refusal.ErrGameNotFound, "game not found")
	}
	if g.Finished() {
		return nil, refuse(refusal.ErrGameOver, "the game is over: %s (%s)", g.Result(), g.Ending().Termination)
	}
	if a, annulled := g.Annulled(); annulled {
		return nil, refuse(refusal.ErrGameOver, "the game is annulled: %s", a.Reason)
	}
	c, err := game.ParseColor(offender)
	if err != nil {
		return nil, refuse(refusal.ErrInvalid, "offender: %q is not white or black", offender)
	}
	if _, pending := g.Claim(); pending {
		return nil, refuse(refusal.ErrClaimPending, "a draw claim awaits the arbiter's ruling")
	}
	switch reportedBy {
	case "":
		reportedBy = "arbiter"
	case "player", "arbiter":
	default:
		return nil, refuse(refusal.ErrInvalid, "reported_by: %q is not player or arbiter", reportedBy)
	}
	move = strings.TrimSpace(move)
	switch {
	case kind == game.PressWithoutMove && move != "":
		return nil, refuse(refusal.ErrInvalid, "move: a clock pressed without a move has no move (%q given)", move)
	case kind != game.PressWithoutMove && move == "":
		return nil, refuse(refusal.ErrInvalid, "move: missing (the illegal move as seen on the board)")
	case len(move) > 32:
		return nil, refuse(refusal.ErrInvalid, "move: %d characters (at most 32)", len(move))
	}
	pos := g.Rules().Position()
	if pos.Turn() != c {
		return nil, refuse(refusal.ErrNotOnMove, "%s is not on move in the recorded game (%s is): an illegal move by %s is reported from the position before it, with %s to play", c, pos.Turn(), c, c)
	}
	switch kind {
	case "":
		if m, err := game.ParseMove(&pos, move); err == nil {
			return nil, refuse(refusal.ErrInvalid, "move %q (%s) is legal in this position: it is played, not reported", move, pos.SAN(m))
		}
	case game.PawnNotReplaced:
		if _, ok := game.Queening(&pos, move); !ok {
			return nil, refuse(refusal.ErrInvalid, "move %q: not a pawn's legal move to the last rank (give its squares, e.g. e7e8, without a piece)", move)
		}
	}
	return []Event{events.IllegalMoveReported{Offender: offender, Move: move, Ply: g.Ply() + 1, ReportedBy: reportedBy, Kind: kind}}, nil
}

// checkIrregularity refuses a kind of irregularity unknown, or unknown to
// the game's profile.
func (g *Game) checkIrregularity(kind string) error {
	a := g.Profile().Articles
	var article string
	switch kind {
	case "":
		return nil
	case game.PawnNotReplaced:
		article = a.PawnNotReplaced
	case game.PressWithoutMove:
		article = a.PressWithoutMove
	case game.TwoHands:
		article = a.TwoHands
	default:
		return refuse(refusal.ErrInvalid, "kind: %q is not illegal_move, pawn_not_replaced, press_without_move or two_hands", kind)
	}
	if article == "" {
		return refuse(refusal.ErrInvalid, "kind: %s has no %s irregularity (only illegal moves, %s)", g.Profile().Name, kind, a.IllegalMove)
	}
	return nil
}

package domain

import (
	"fmt"
	"github.com/hakem-chess/hakem/services/internal/game"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/clock"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// Move decides a move by player, given in SAN or UCI (UCI is tried first
// when the text looks like UCI). It returns the MovePlayed event (a
// pointer to it) and, when the move ends the game (checkmate, stalemate,
// dead position, fivefold repetition, 75 moves), a GameEnded.
func (g *Game) Move(player, notation string, at time.Time) ([]Event, error) {
	c, err := g.onGoing(player)
	if err != nil {
		return nil, err
	}
	pos := g.Rules().Position()
	if c != pos.Turn() {
		return nil, refuse(refusal.ErrNotOnMove, "%s (%s) is not on move: %s is to play", player, c, pos.Turn())
	}
	side := clock.White
	if c == rules.Black {
		side = clock.Black
	}
	if fell, down := g.Timer().FlagDown(side, at); down {
		return nil, refuse(refusal.ErrFlagFallen, "%s's flag fell at %s, before this move at %s: the move does not count; the arbiter rules on the result (article 6.9)",
			c, fell.UTC().Format(time.RFC3339Nano), at.UTC().Format(time.RFC3339Nano))
	}
	notation = strings.TrimSpace(notation)
	if notation == "" {
		return nil, refuse(refusal.ErrInvalid, "move: missing")
	}
	if claim, pending := g.Claim(); pending {
		return nil, refuse(refusal.ErrClaimPending, "%s's draw claim awaits the arbiter's ruling", claim.By)
	}
	m, err := game.ParseMove(&pos, notation)
	if err != nil {
		return nil, refuse(refusal.ErrIllegalMove, "move %q: %v", notation, err)
	}
	san := pos.SAN(m)
	if must := g.MustPlay(); must != "" && san != must {
		return nil, refuse(refusal.ErrIllegalMove, "move %q: %s %s must be played", notation, g.MustPlayWhy(), must)
	}
	if err := g.touchRefusal(notation, san); err != nil {
		return nil, err
	}
	if err := g.Rules().Play(m); err != nil {
		return nil, refuse(refusal.ErrIllegalMove, "move %q: %v", notation, err)
	}
	// the game is played forward to ask the rules about the new position,
	// then taken back: a decision leaves the game as it was.
	after := g.Rules().Position()
	end, ended := g.automaticEnd()
	if err := g.Rules().Undo(); err != nil {
		return nil, fmt.Errorf("taking back the tried move: %w", err)
	}
	var out []Event
	if offer, offering := g.DrawOffer(); offering && offer != c {
		// moving declines the opponent's standing offer (9.1.2.2)
		out = append(out, events.DrawDeclined{By: color(c), ByMoving: true})
	}
	uci := pos.UCI(m)
	// a pointer: the store's append keeps it as the recorded event as it
	// is, where a value would be copied to the heap once more
	out = append(out, &events.MovePlayed{Ply: g.Ply() + 1, By: color(c), SAN: san, UCI: uci, At: at.UTC(), FENAfter: after.FEN()})
	g.Remember(pos, m, uci, san)
	if ended {
		end.Ply = g.Ply() + 1
		out = append(out, end)
	}
	return out, nil
}

// automaticEnd says whether the current position ends the game by itself
// under the game's laws profile (checkmate, stalemate, dead position; in
// 2023 also fivefold repetition and 75 moves), as rules/laws decides.
func (g *Game) automaticEnd() (events.GameEnded, bool) {
	r, ok := g.Profile().GameEnd(g.Rules())
	if !ok {
		return events.GameEnded{}, false
	}
	st := g.Status()
	why := events.TerminationArbiter
	switch {
	case st.Checkmate:
		why = events.TerminationCheckmate
	case st.Stalemate:
		why = events.TerminationStalemate
	case st.DeadPosition:
		why = events.TerminationDeadPosition
	case st.Fivefold:
		why = events.TerminationFivefold
	case st.SeventyFiveMove:
		why = events.TerminationSeventyFiveMoves
	}
	return events.GameEnded{Result: events.Result(r.Result.String()), Termination: why, Article: r.Article}, true
}

package domain

import (
	"fmt"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/clock"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
)

// Move decides a move by player, given in SAN or UCI (UCI is tried first
// when the text looks like UCI). It returns the MovePlayed event and, when
// the move ends the game (checkmate, stalemate, dead position, fivefold
// repetition, 75 moves), a GameEnded.
func (g *Game) Move(player, notation string, at time.Time) ([]Event, error) {
	c, err := g.onGoing(player)
	if err != nil {
		return nil, err
	}
	pos := g.play.Position()
	if c != pos.Turn() {
		return nil, refuse(ErrNotOnMove, "%s (%s) is not on move: %s is to play", player, c, pos.Turn())
	}
	side := clock.White
	if c == rules.Black {
		side = clock.Black
	}
	if fell, down := g.timer.FlagDown(side, at); down {
		return nil, refuse(ErrFlagFallen, "%s's flag fell at %s, before this move at %s: the move does not count; the arbiter rules on the result (article 6.9)",
			c, fell.UTC().Format(time.RFC3339Nano), at.UTC().Format(time.RFC3339Nano))
	}
	notation = strings.TrimSpace(notation)
	if notation == "" {
		return nil, refuse(ErrInvalid, "move: missing")
	}
	if g.claim != nil {
		return nil, refuse(ErrClaimPending, "%s's draw claim awaits the arbiter's ruling", g.claim.By)
	}
	m, err := parseMove(&pos, notation)
	if err != nil {
		return nil, refuse(ErrIllegalMove, "move %q: %v", notation, err)
	}
	san := pos.SAN(m)
	if g.mustPlay != "" && san != g.mustPlay {
		return nil, refuse(ErrIllegalMove, "move %q: %s %s must be played", notation, g.mustWhy, g.mustPlay)
	}
	if err := g.touchRefusal(notation, san); err != nil {
		return nil, err
	}
	if err := g.play.Play(m); err != nil {
		return nil, refuse(ErrIllegalMove, "move %q: %v", notation, err)
	}
	// the game is played forward to ask the rules about the new position,
	// then taken back: a decision leaves the game as it was.
	after := g.play.Position()
	end, ended := g.automaticEnd()
	if err := g.play.Undo(); err != nil {
		return nil, fmt.Errorf("taking back the tried move: %w", err)
	}
	var out []Event
	if g.offering && g.offer != c {
		// moving declines the opponent's standing offer (9.1.2.2)
		out = append(out, events.DrawDeclined{By: color(c), ByMoving: true})
	}
	uci := pos.UCI(m)
	out = append(out, events.MovePlayed{Ply: g.Ply() + 1, By: color(c), SAN: san, UCI: uci, At: at.UTC(), FENAfter: after.FEN()})
	g.tried = triedMove{pos: pos, uci: uci, san: san, move: m, set: true}
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
	r, ok := g.profile.GameEnd(g.play)
	if !ok {
		return events.GameEnded{}, false
	}
	st := g.play.Status()
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

// parseMove reads SAN or UCI. Text of the UCI shape (e2e4, e7e8q) is read
// as UCI; anything else as SAN. The SAN error is the one reported when both
// fail, since SAN is what people type.
func parseMove(p *rules.Position, s string) (rules.Move, error) {
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

package domain

import (
	"strings"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules/laws"
	games "github.com/hakem-chess/hakem/services/internal/game"
)

// The incidents on the board the arbiter records by hand: a piece touched
// (touch_move), pieces displaced (displaced_pieces), the chessboard placed
// the wrong way round (board_orientation), colours reversed
// (colours_reversed). Each is decided by rules/laws on the game as it
// stands and recorded as arbiter.ruling_given citing its article and
// profile; what it asks of the game follows from that event.

// touchRuling rules on the claim that the player having the move (h.Side)
// touched the pieces on h.Touched (laws.Profile.TouchMove: 1997 4.3-4.5,
// 2023 4.3-4.5), or, with judgement "adjusted", that he only adjusted them
// (1997 4.2, 2023 4.2.1). The games service then accepts only the moves
// the ruling allows (events.MatterTouchMove).
func touchRuling(g *games.Game, h HandRuling) ([]events.Event, error) {
	adjusted := false
	switch h.Judgement {
	case "", "touched":
	case "adjusted":
		adjusted = true
	default:
		return nil, refuseRuling("judgement: %q is not touched or adjusted", h.Judgement)
	}
	r, ts, err := touchMove(g, h.Side, h.Touched, adjusted)
	if err != nil {
		return nil, err
	}
	rg := given(events.MatterTouchMove, r)
	why := r.Explanation
	if len(r.Allowed) > 0 {
		pos := g.Position()
		sans := make([]string, len(r.Allowed))
		for i, m := range r.Allowed {
			sans[i] = pos.SAN(m)
		}
		why += " (" + strings.Join(sans, ", ") + ")"
	}
	rg.Explanation = games.TouchExplanation(h.Side, ts, why)
	return []events.Event{rg}, nil
}

// displacedRuling rules on pieces displaced by h.Side
// (laws.Profile.DisplacedPieces): restored in his own time (1997 7.3,
// 2023 7.4.1), or with h.Penalty (warning, time_to_opponent, time_off and
// h.AmountMs) the 2023 arbiter's penalty (7.4.3) or the 1997 clock
// adjustment (7.4, 6.13), carried out by the clocks service from the
// arbiter.penalty_imposed that follows the ruling.
func displacedRuling(g *games.Game, h HandRuling, at time.Time) ([]events.Event, error) {
	by, err := colorOf(h.Side)
	if err != nil {
		return nil, err
	}
	if _, err := incident(g, h.Side); err != nil {
		return nil, err
	}
	sit, err := situation(g, at)
	if err != nil {
		return nil, err
	}
	var pen *laws.Penalty
	var catalog events.Penalty
	if h.Penalty != "" {
		pk, ok := penaltyKinds[h.Penalty]
		if !ok || pk.kind == laws.Loss || pk.kind == laws.Expulsion {
			return nil, refuseRuling("penalty: %q is not warning, time_to_opponent or time_off", h.Penalty)
		}
		pen, catalog = &laws.Penalty{Kind: pk.kind, Amount: time.Duration(h.AmountMs) * time.Millisecond}, pk.catalog
	} else if h.AmountMs != 0 {
		return nil, refuseRuling("amount_ms: given without a penalty (time_to_opponent or time_off)")
	}
	r, err := g.Profile().DisplacedPieces(sit, by, pen)
	if err != nil {
		return nil, refuseRuling("%v", err)
	}
	rg := given(events.MatterDisplacedPieces, r)
	if pen == nil {
		return []events.Event{rg}, nil
	}
	rg.Penalty = catalog
	reason := strings.TrimSpace(h.Reason)
	if reason == "" {
		reason = "displaced pieces"
	}
	return []events.Event{rg, events.PenaltyImposed{Side: h.Side, Kind: catalog, AmountMs: h.AmountMs, Article: r.Article, Reason: reason}}, nil
}

// orientationRuling rules on a chessboard found placed contrary to 2.1
// (laws.Profile.WrongOrientation: 1997 7.1b, 2023 7.2.2): the game
// continues, the position transferred to a correctly placed board (the
// recorded game is that position: nothing on it changes).
func orientationRuling(g *games.Game, at time.Time) ([]events.Event, error) {
	sit, err := situation(g, at)
	if err != nil {
		return nil, err
	}
	r, err := g.Profile().WrongOrientation(sit)
	if err != nil {
		return nil, refuseRuling("%v", err)
	}
	return []events.Event{given(events.MatterBoardOrientation, r)}, nil
}

// coloursReversedRuling rules on a game found to have started with colours
// reversed (laws.Profile.ColoursReversed): 1997 7.2, the game continues;
// 2023 7.3, with fewer than ten moves made by each player the game is
// discontinued and a new game played with the correct colours — the game
// is annulled (arbiter.game_annulled) and the replay ordered from the
// recorded pairing, whose colours are the correct ones (OrderReplay).
func coloursReversedRuling(g *games.Game, h HandRuling, at time.Time) ([]events.Event, error) {
	sit, err := situation(g, at)
	if err != nil {
		return nil, err
	}
	r, err := g.Profile().ColoursReversed(sit)
	if err != nil {
		return nil, refuseRuling("%v", err)
	}
	out := []events.Event{given(events.MatterColoursReversed, r)}
	if r.Result == laws.Replay {
		reason := strings.TrimSpace(h.Reason)
		if reason == "" {
			reason = "colours reversed"
		}
		out = append(out, events.GameAnnulled{Reason: reason, Article: r.Article})
	}
	return out, nil
}

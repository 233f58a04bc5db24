package command

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// CreateRoundGamesHandler creates the games of a paired round (the games
// service creates games; the pairing service pairs).
type CreateRoundGamesHandler struct {
	Create CreateGameHandler
	// Tournament reads the regulations (its creation event) of the
	// tournament whose log holds round, refusing a round its log does not
	// hold as a good event (a message published by hand).
	Tournament func(ctx context.Context, round events.Envelope) (events.TournamentCreated, error)
}

// Handle creates one game per board of round (a tournament.round_paired
// envelope), each once: a game's key is the round event's id and the board.
func (h CreateRoundGamesHandler) Handle(ctx context.Context, round events.Envelope) ([]decide.Outcome, error) {
	tid := round.Aggregate.ID
	t, err := h.Tournament(ctx, round) // first: a message published by hand is refused before it is read
	if err != nil {
		return nil, fmt.Errorf("tournament %s: %w", tid, err)
	}
	ev, err := events.Decode(round)
	if err != nil {
		return nil, err
	}
	rp, ok := ev.(*events.RoundPaired)
	if c, changed := ev.(*events.PairingChanged); changed { // a hand change: its new boards' games
		rp, ok = &events.RoundPaired{Round: c.Round, Pairings: c.Pairings}, true
	}
	if !ok {
		return nil, fmt.Errorf("event %s is a %s, not a round's pairing", round.ID, round.Type)
	}
	var out []decide.Outcome
	for _, p := range rp.Pairings {
		o, err := h.Create.Handle(ctx, CreateGame{
			GameID: p.GameID,
			Setup: events.GameCreated{TournamentID: tid, Round: rp.Round, Board: p.Board, White: p.White, Black: p.Black,
				TimeControl: t.TimeControl, LawsProfile: t.LawsProfile, QuickplayFinish: t.QuickplayFinish, Mode: t.Mode, Supervised: t.Supervised,
				LateDefaultMs: t.LateDefaultMs},
			Meta: gamelog.Meta{IdempotencyKey: "round-" + round.ID + "-board-" + strconv.Itoa(p.Board),
				Actor: events.Actor{Role: "system", ID: "pairing"}, CausationID: round.ID, CorrelationID: round.CorrelationID},
		})
		if errors.Is(err, refusal.ErrGameExists) {
			continue
		}
		if err != nil {
			return out, fmt.Errorf("game %s: %w", p.GameID, err)
		}
		out = append(out, o)
	}
	return out, nil
}

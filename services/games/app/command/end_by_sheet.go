package command

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
)

// EndBySheetHandler ends the games of a results sheet the pairing service
// recorded (tournament.results_entered): each board's game never ended
// through the API ends with the sheet's result (domain.EndBySheet), once:
// the command's key is the sheet's event id and the board. The end is
// written by the games service, caused by the sheet's event, as entered
// by the sheet's actor.
type EndBySheetHandler struct{ *Decider }

// Handle ends the sheet's games.
func (h EndBySheetHandler) Handle(ctx context.Context, sheet events.Envelope) ([]decide.Outcome, error) {
	ev, err := events.Decode(sheet)
	if err != nil {
		return nil, err
	}
	rs, ok := ev.(*events.ResultsEntered)
	if !ok {
		return nil, fmt.Errorf("event %s is a %s, not a results sheet", sheet.ID, sheet.Type)
	}
	var out []decide.Outcome
	for _, l := range rs.Lines {
		meta := gamelog.Meta{
			IdempotencyKey: "sheet-" + sheet.ID + "-board-" + strconv.Itoa(l.Board),
			Actor:          events.Actor{Role: "system", ID: "games"},
			CorrelationID:  sheet.CorrelationID,
			CausationID:    sheet.ID,
		}
		result := l.Result
		o, err := h.Decider.Handle(ctx, l.GameID, decide.Command{Name: "end_by_sheet", Meta: meta},
			func(g *domain.Game, _ time.Time) ([]domain.Event, error) {
				return g.EndBySheet(result)
			})
		if err != nil {
			return out, fmt.Errorf("game %s: %w", l.GameID, err)
		}
		out = append(out, o)
	}
	return out, nil
}

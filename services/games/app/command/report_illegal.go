package command

import (
	"context"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
)

// ReportIllegal is the report of a completed illegal move seen on the
// board (see domain.Game.ReportIllegal).
type ReportIllegal struct {
	GameID     string
	Offender   events.Color
	Move       string
	ReportedBy string // "player" or "arbiter"
	Kind       string // game.PawnNotReplaced, PressWithoutMove, TwoHands (services/internal/game); "" an illegal move
	Meta       gamelog.Meta
}

// ReportIllegalHandler handles ReportIllegal: it records the report, on
// which the arbiter rules.
type ReportIllegalHandler struct{ *Decider }

// Handle records the report.
func (h ReportIllegalHandler) Handle(ctx context.Context, c ReportIllegal) (decide.Outcome, error) {
	return h.Decider.Handle(ctx, c.GameID, decide.Command{Name: "report_illegal_move", Meta: c.Meta},
		func(g *domain.Game, _ time.Time) ([]domain.Event, error) {
			return g.ReportIrregularity(c.Offender, c.Kind, c.Move, c.ReportedBy)
		})
}

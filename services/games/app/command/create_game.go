package command

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
)

// CreateGame is the command that opens a game.
type CreateGame struct {
	GameID string
	Setup  events.GameCreated
	Meta   gamelog.Meta
}

// CreateGameHandler handles CreateGame.
type CreateGameHandler struct{ *Decider }

// Handle creates the game, refusing an id already in use. A game whose
// subject holds messages set aside (published by hand before the game
// was created: gamelog.Damaged) is created over them (overQuarantine).
func (h CreateGameHandler) Handle(ctx context.Context, c CreateGame) (decide.Outcome, error) {
	o, err := h.Decider.Handle(ctx, c.GameID, decide.Command{Name: "create_game", Meta: c.Meta},
		func(g *domain.Game, at time.Time) ([]domain.Event, error) {
			return g.Create(c.Setup)
		})
	var d *gamelog.Damaged
	if errors.As(err, &d) {
		return h.overQuarantine(ctx, c)
	}
	return o, err
}

// overQuarantine creates a game whose subject holds set-aside messages:
// nothing of the game can be lost in them (it does not exist: a game that
// does is refused, 409 game_exists, and its damage is the arbiter's to
// repair), so the creation's one command is a signed game.log_repaired
// voiding every one of them, naming what was found, then the
// game.created; the audit reports the repair. This is the choice a chief
// arbiter expects: a round's boards are set on time whatever was
// published on their subjects, and the record says what was voided and
// by whose command. The log is read message by message (damagedLog) and
// the decision is made on its good events, without the games' cache.
func (h CreateGameHandler) overQuarantine(ctx context.Context, c CreateGame) (decide.Outcome, error) {
	defer h.Forget(c.GameID)
	log := &damagedLog{Store: h.Store}
	config := h.Config
	config.Store, config.Cache = log, 0
	d := &decide.Decider[domain.Game, *domain.Game]{Config: config, Service: h.Service, Invalid: h.Invalid, Describe: h.Describe}
	return d.Handle(ctx, c.GameID, decide.Command{Name: "create_game", Meta: c.Meta}, func(g *domain.Game, _ time.Time) ([]events.Event, error) {
		evs, err := g.Create(c.Setup)
		if err != nil || log.damage == nil {
			return evs, err
		}
		void := events.LogRepaired{Voided: log.damage.Voided, Found: log.damage.Reason,
			Reason: fmt.Sprintf("voided at the creation of game %s: %d message(s) on its subjects before it was created", c.GameID, len(log.damage.Voided))}
		return append([]events.Event{void}, evs...), nil
	})
}

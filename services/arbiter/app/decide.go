// Package app is the arbiter service's application layer: each ruling a
// command on the game's log, run by the decide loop (package decide), the
// decision its domain's (arbiter/domain).
package app

import (
	"context"
	"sync"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/game"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/refusal"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"go.uber.org/zap"
)

// Arbiter rules on the incidents of games: each ruling is a command on the
// game's log run by the decide loop (package decide).
type Arbiter struct {
	// Store is the game's event log, written as the arbiter writer.
	Store   gamelog.Store
	Retries int
	Now     func() time.Time
	Log     *zap.Logger
	Metrics *wiring.Metrics

	once    sync.Once
	decider *decide.Decider[gameLog, *gameLog]
}

// gameLog is a game's log as the arbiter rules on it: its events in order.
// A ruling on a claim or a report is decided on the game as it stood at
// that event (situationAt), a hand ruling on the game as it stands (game).
type gameLog struct{ recs []gamelog.Recorded }

// Evolve keeps one event of the log.
func (l *gameLog) Evolve(env *events.Envelope, ev events.Event) error {
	l.recs = append(l.recs, gamelog.Recorded{Envelope: *env, Event: ev})
	return nil
}

// game is the game folded from the whole log.
func (l *gameLog) game() (*game.Game, error) { return decide.Fold[game.Game](l.recs) }

// system is the arbiter service as the actor of the rulings it gives on
// the events it follows.
var system = events.Actor{Role: "system", ID: "arbiter"}

// handle runs cmd on the game's log (decide.Decider.Handle): a command
// without key is refused as refusal.ErrBadRuling; an accepted ruling's log line
// names its matter, decision and article.
func (a *Arbiter) handle(ctx context.Context, gameID string, cmd decide.Command, decision func(*gameLog, time.Time) ([]events.Event, error)) (decide.Outcome, error) {
	a.once.Do(func() {
		a.decider = &decide.Decider[gameLog, *gameLog]{Service: "arbiter", Invalid: refusal.ErrBadRuling, Describe: describeRuling,
			Config: decide.Config{Store: a.Store, Retries: a.Retries, Now: a.Now, Log: a.Log, Metrics: a.Metrics}}
	})
	return a.decider.Handle(ctx, gameID, cmd, decision)
}

// describeRuling adds a ruling's matter, decision and article to its log
// line.
func describeRuling(_ *gameLog, written []gamelog.Recorded, fields []zap.Field) []zap.Field {
	var r events.RulingGiven
	switch e := written[0].Event.(type) {
	case events.RulingGiven:
		r = e
	case *events.RulingGiven:
		r = *e
	default:
		return fields
	}
	return append(fields, zap.String("matter", string(r.Matter)), zap.String("decision", r.Decision), zap.String("article", r.Article))
}

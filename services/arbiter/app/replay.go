package app

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/game"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
)

// replaySuffix ends the id of a game played in place of an annulled one.
const replaySuffix = "-replay"

// ReplayGameID is the id of the new game played in place of the annulled
// game annulled: "<id>-replay", and for the replay of a replay
// "<id>-replay2", "<id>-replay3"... An id that would be longer than the
// events module allows is an error.
func ReplayGameID(annulled string) (string, error) {
	base, n := annulled, 1
	if i := strings.LastIndex(annulled, replaySuffix); i > 0 {
		switch rest := annulled[i+len(replaySuffix):]; {
		case rest == "":
			base, n = annulled[:i], 2
		default:
			if k, err := strconv.Atoi(rest); err == nil && k >= 2 && strconv.Itoa(k) == rest {
				base, n = annulled[:i], k+1
			}
		}
	}
	id := base + replaySuffix
	if n > 1 {
		id += strconv.Itoa(n)
	}
	if err := events.Game(id).Check(); err != nil {
		return "", refuseRuling("the replay of game %s cannot be named: %v", annulled, err)
	}
	return id, nil
}

// ReplayOf returns the game ordered to be played in place of the game
// recorded as recs (its arbiter.replay_ordered), if any.
func ReplayOf(recs []gamelog.Recorded) (string, bool) { return gamelog.ReplayOf(recs) }

// Replay is a new game ordered in place of an annulled one: the order
// recorded on the annulled game and the creation the games service makes.
type Replay struct {
	// Order is the arbiter.replay_ordered envelope(s) (already recorded
	// when Repeated).
	Order    []events.Envelope
	Repeated bool
	// GameID is the new game's id, Setup its game.created (the annulled
	// game's pairing: tournament, round, board, players and colours, time
	// control, laws profile and start position, with ReplayOf set).
	GameID string
	Setup  events.GameCreated
}

// OrderReplay records, once, that a new game is played in place of the
// game the annulment (an arbiter.game_annulled envelope) cancelled: the
// Laws say so whenever they annul (2023 7.2.1, 1997 7.1a: "the game shall
// be cancelled and a new game played"), so it is not the arbiter's choice.
// The order (arbiter.replay_ordered, key from the annulment's id) carries
// the new game's id (ReplayGameID), the annulment's article and reason;
// the games service's consumer group games-replays then creates the game
// from the order (services/games/ports ReplayKey).
func (a *Arbiter) OrderReplay(ctx context.Context, annulment events.Envelope) (Replay, error) {
	ann, err := decodeAs[*events.GameAnnulled](annulment, "an annulment")
	if err != nil {
		return Replay{}, err
	}
	gameID := annulment.Aggregate.ID
	replayID, err := ReplayGameID(gameID)
	if err != nil {
		return Replay{}, err
	}
	meta := gamelog.Meta{IdempotencyKey: "replay-" + annulment.ID, Actor: system, CorrelationID: annulment.CorrelationID, CausationID: annulment.ID}
	var setup events.GameCreated
	out, err := a.handle(ctx, gameID, decide.Command{Name: "order_replay", Meta: meta}, func(l *gameLog, _ time.Time) ([]events.Event, error) {
		g, err := l.game()
		if err != nil {
			return nil, err
		}
		if _, ok := g.Annulled(); !ok {
			return nil, refuseRuling("game %s is not annulled: no replay to order", gameID)
		}
		setup = g.Setup()
		if id, ok := ReplayOf(l.recs); ok {
			return nil, refuseRuling("game %s is replayed as %s already", gameID, id)
		}
		return []events.Event{events.ReplayOrdered{ReplayGameID: replayID, Article: ann.Article, Reason: ann.Reason}}, nil
	})
	if err != nil {
		return Replay{}, err
	}
	if out.Repeated || setup.White == "" {
		recs, _, err := a.Store.Load(ctx, gameID)
		if err != nil {
			return Replay{}, err
		}
		g, err := decide.Fold[game.Game](recs)
		if err != nil {
			return Replay{}, err
		}
		setup = g.Setup()
	}
	if len(out.Events) == 0 {
		return Replay{}, fmt.Errorf("no replay ordered for game %s", gameID)
	}
	setup.ReplayOf = gameID
	return Replay{Order: out.Envelopes(), Repeated: out.Repeated, GameID: replayID, Setup: setup}, nil
}

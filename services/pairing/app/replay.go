package app

import (
	"context"
	"fmt"

	"github.com/hakem-chess/hakem/services/internal/gamelog"
)

// MaxReplays bounds how many replays of replays a board's game is followed
// through (FollowReplays): more is a broken log, not an arbiter's work.
const MaxReplays = 16

// GameLoader loads a game's log (the games service's store, or the
// audit's source).
type GameLoader func(ctx context.Context, gameID string) ([]gamelog.Recorded, error)

// FollowReplays returns the game that counts for a board whose game is
// gameID: the game itself, or, when the arbiter annulled it and ordered a
// new game (arbiter.replay_ordered, read by gamelog.ReplayOf: 2023
// 7.2.1, 1997 7.1a), the replay, and the replay's replay in turn. The
// annulled games stay in the log but count for nothing; the last game's
// result is the board's result. It returns that game's id and log.
func FollowReplays(ctx context.Context, load GameLoader, gameID string) (string, []gamelog.Recorded, error) {
	id := gameID
	for range MaxReplays + 1 {
		recs, err := load(ctx, id)
		if err != nil {
			return "", nil, err
		}
		next, ok := gamelog.ReplayOf(recs)
		if !ok {
			return id, recs, nil
		}
		id = next
	}
	return "", nil, fmt.Errorf("game %s: more than %d replays ordered", gameID, MaxReplays)
}

// PlayedGame is FollowReplays on the pairing service's store.
func (p *Pairing) PlayedGame(ctx context.Context, gameID string) (string, []gamelog.Recorded, error) {
	games := gamelog.EventStore{Store: p.Store}
	return FollowReplays(ctx, func(ctx context.Context, id string) ([]gamelog.Recorded, error) {
		recs, _, err := games.Load(ctx, id)
		// a damaged log counts as of its last good event (its commands
		// are refused until the arbiter repairs it)
		recs, _, err = gamelog.Loaded(recs, err)
		return recs, err
	}, gameID)
}

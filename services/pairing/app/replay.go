package app

import (
	"context"

	"github.com/hakem-chess/hakem/services/internal/gamelog"
)

// PlayedGame is gamelog.FollowReplays on the pairing service's store: the
// game that counts for a board (the replay of an annulled game) and its
// log.
func (p *Pairing) PlayedGame(ctx context.Context, gameID string) (string, []gamelog.Recorded, error) {
	games := gamelog.EventStore{Store: p.Store}
	return gamelog.FollowReplays(ctx, func(ctx context.Context, id string) ([]gamelog.Recorded, error) {
		recs, _, err := games.Load(ctx, id)
		// a damaged log counts as of its last good event (its commands
		// are refused until the arbiter repairs it)
		recs, _, err = gamelog.Loaded(recs, err)
		return recs, err
	}, gameID)
}

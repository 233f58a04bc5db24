package app

import (
	"context"

	"github.com/hakem-chess/hakem/services/internal/boards"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
)

// PlayedGame is gamelog.FollowReplays on the pairing service's store: the
// game that counts for a board (the replay of an annulled game) and its
// log.
func (p *Pairing) PlayedGame(ctx context.Context, gameID string) (string, []gamelog.Recorded, error) {
	return gamelog.FollowReplays(ctx, boards.Games(p.Store), gameID)
}

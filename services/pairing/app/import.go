package app

import (
	"context"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/pairing/domain"
)

// Import creates tournament id from a tournament report file
// (tournament.imported, carrying the file's text and hash).
func (p *Pairing) Import(ctx context.Context, id string, im events.TournamentImported, meta events.Meta, key string) (Outcome, error) {
	im.TournamentID = id
	return p.decide(ctx, "import_tournament", id, meta, key, func(t *domain.Tournament) ([]events.Event, error) {
		return t.Import(im)
	})
}

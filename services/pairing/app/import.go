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
	return p.createOver(ctx, "import_tournament", id, meta, key, func(t *domain.Tournament) ([]events.Event, error) {
		return t.Import(im)
	})
}

// RegisterList registers a list of players, all or none.
func (p *Pairing) RegisterList(ctx context.Context, id string, ps []events.PlayerRegistered, meta events.Meta, key string) (Outcome, error) {
	return p.decide(ctx, "register_players", id, meta, key, func(t *domain.Tournament) ([]events.Event, error) {
		list, err := p.fromList(t, ps)
		if err != nil {
			return nil, err
		}
		return t.RegisterList(list)
	})
}

// SetTiebreaks changes the tie-break rules year and list before round 1.
func (p *Pairing) SetTiebreaks(ctx context.Context, id string, s events.TiebreaksSet, meta events.Meta, key string) (Outcome, error) {
	return p.decide(ctx, "set_tiebreaks", id, meta, key, func(t *domain.Tournament) ([]events.Event, error) {
		return t.SetTiebreaks(s)
	})
}

// Correct corrects a player's data before round 1.
func (p *Pairing) Correct(ctx context.Context, id string, c events.PlayerCorrected, meta events.Meta, key string) (Outcome, error) {
	return p.decide(ctx, "correct_player", id, meta, key, func(t *domain.Tournament) ([]events.Event, error) {
		return t.Correct(c)
	})
}

// Remove removes a player before round 1.
func (p *Pairing) Remove(ctx context.Context, id string, r events.PlayerRemoved, meta events.Meta, key string) (Outcome, error) {
	return p.decide(ctx, "remove_player", id, meta, key, func(t *domain.Tournament) ([]events.Event, error) {
		return t.Remove(r)
	})
}

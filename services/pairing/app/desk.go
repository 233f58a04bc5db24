package app

import (
	"context"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/pairing/domain"
)

// EnterResults records a results sheet (or part of one) for round: the
// boards without a result take the sheet's, the lines that change a
// result are corrections (domain.EnterResults); refused whole, naming the
// line, when any line is wrong.
func (p *Pairing) EnterResults(ctx context.Context, id string, round int, sheet []domain.SheetEntry, meta events.Meta, key string) (Outcome, error) {
	return p.decide(ctx, "enter_results", id, meta, key, func(t *domain.Tournament) ([]events.Event, error) {
		results, err := p.Results(ctx, t)
		if err != nil {
			return nil, err
		}
		return t.EnterResults(round, sheet, results)
	})
}

// Publish makes round's pairing public.
func (p *Pairing) Publish(ctx context.Context, id string, round int, meta events.Meta, key string) (Outcome, error) {
	return p.decide(ctx, "publish_round", id, meta, key, func(t *domain.Tournament) ([]events.Event, error) {
		return t.Publish(round)
	})
}

// Unpair withdraws the last round's pairing before its publication.
func (p *Pairing) Unpair(ctx context.Context, id string, round int, reason string, meta events.Meta, key string) (Outcome, error) {
	return p.decide(ctx, "unpair_round", id, meta, key, func(t *domain.Tournament) ([]events.Event, error) {
		results, err := p.Results(ctx, t)
		if err != nil {
			return nil, err
		}
		return t.Unpair(round, reason, results)
	})
}

// ChangePairing records the arbiter's hand change to round's pairing.
func (p *Pairing) ChangePairing(ctx context.Context, id string, round int, c domain.HandChange, meta events.Meta, key string) (Outcome, error) {
	return p.decide(ctx, "change_pairing", id, meta, key, func(t *domain.Tournament) ([]events.Event, error) {
		read, err := p.Boards(ctx, t)
		if err != nil {
			return nil, err
		}
		return t.ChangePairing(id, round, c, read.Results, read.Penalties)
	})
}

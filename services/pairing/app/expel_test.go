package app

import (
	"context"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
)

// TestExpelOnPenalty: a penalty of expulsion in a tournament game, handled
// twice (a redelivery), expels the penalised player from the tournament
// once; a warning expels nobody.
func TestExpelOnPenalty(t *testing.T) {
	ctx := context.Background()
	p, _ := club(t, 2)
	store := p.Store
	arb := events.Meta{Actor: events.Actor{Role: "arbiter", ID: "arb"}, RecordedAt: time.Now().UTC()}
	_, head, err := store.Append(ctx, events.Game("g"), events.WriterGames, events.Head{}, "create", arb,
		events.GameCreated{TournamentID: "T", Round: 1, Board: 1, White: "p1", Black: "p2", LawsProfile: "fide-2023"})
	if err != nil {
		t.Fatal(err)
	}
	penalties, _, err := store.Append(ctx, events.Game("g"), events.WriterArbiter, head, "penalties", arb,
		events.PenaltyImposed{Side: events.White, Kind: "warning", Article: "12.9.1"},
		events.PenaltyImposed{Side: events.Black, Kind: "expulsion", Article: "12.9.9", Reason: "phone"})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []events.Envelope{penalties[0], penalties[1], penalties[1]} {
		if _, err := p.ExpelOnPenalty(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	tr, envs, _, err := p.Load(ctx, "T")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range envs {
		if e.Type == (events.PlayerExpelled{}).EventType() {
			n++
		}
	}
	if n != 1 || len(tr.Expelled) != 1 || tr.Expelled[0].PlayerID != "p2" || tr.Expelled[0].Article != "12.9.9" {
		t.Fatalf("%d expulsions recorded, folded %+v", n, tr.Expelled)
	}
}

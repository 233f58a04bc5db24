package app

import (
	"context"
	"fmt"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/natstest"
)

// club opens the pairing service on an event store of its own, with the
// 3-round Swiss "T" created and n players registered (p1 ... pn, named
// P1 ... Pn, rated 2000-i); it returns the service and the organiser's
// metadata that did it.
func club(t *testing.T, n int) (*Pairing, events.Meta) {
	t.Helper()
	ctx := context.Background()
	p := &Pairing{Store: natstest.Store(t), Retries: 4}
	org := events.Meta{Actor: events.Actor{Role: "organiser", ID: "o"}}
	if _, err := p.Create(ctx, "T", events.TournamentCreated{Name: "Club", System: "swiss-dutch", Rounds: 3}, org, "c"); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= n; i++ {
		if _, err := p.Register(ctx, "T", events.PlayerRegistered{PlayerID: fmt.Sprint("p", i), Name: fmt.Sprint("P", i), Rating: 2000 - i}, org, fmt.Sprint("r", i)); err != nil {
			t.Fatal(err)
		}
	}
	return p, org
}

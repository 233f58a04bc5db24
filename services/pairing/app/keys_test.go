package app

import (
	"context"
	"testing"

	"github.com/hakem-chess/hakem/events"
)

// TestKeysAsStored: the tournament's commands are stored under
// "tournament/<id>/<role>:<actor>/<key>", the form their logs have always
// held; a command whose key is in the log under that form, written
// before the decide loop ran them, is answered from the log (repeated)
// and appends nothing.
func TestKeysAsStored(t *testing.T) {
	ctx := context.Background()
	p, org := club(t, 2)
	recs, _, err := p.Store.Load(ctx, events.Tournament("T"))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"tournament/T/organiser:o/c", "tournament/T/organiser:o/r1", "tournament/T/organiser:o/r2"} {
		if got := recs[i].IdempotencyKey; got != want {
			t.Errorf("event %d stored under %q, want %q", i+1, got, want)
		}
	}
	// a withdrawal written straight to the log under the stored form
	w := events.PlayerWithdrawn{PlayerID: "p2", FromRound: 1}
	_, head, err := p.Store.Load(ctx, events.Tournament("T"))
	if err != nil {
		t.Fatal(err)
	}
	old, _, err := p.Store.Append(ctx, events.Tournament("T"), events.WriterPairing, head, "tournament/T/organiser:o/w", org, w)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		key      string
		repeated bool
		version  uint64
	}{
		{"the old command again", "w", true, 4},
		{"a new key", "w2", false, 5},
	} {
		out, err := p.Withdraw(ctx, "T", events.PlayerWithdrawn{PlayerID: "p1", FromRound: 1}, org, c.key)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if out.Repeated != c.repeated || out.Version != c.version {
			t.Errorf("%s: repeated %v version %d, want %v %d", c.name, out.Repeated, out.Version, c.repeated, c.version)
		}
		if c.repeated && (len(out.Events) != 1 || out.Events[0].ID != old[0].ID) {
			t.Errorf("%s: answered %+v, want the event written before", c.name, out.Events)
		}
	}
}

package gamelog

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/natstest"
)

// TestAppendEvents: the events Append answers with are what decoding the
// envelopes it wrote gives (pointers to the catalogue's types, equal
// field by field), whether they are the command's own (not decoded again,
// and with their JSON as stored) or, for a retried key, its first
// attempt's (decoded, no JSON).
func TestAppendEvents(t *testing.T) {
	ctx := context.Background()
	st := natstest.Store(t)
	s := EventStore{Store: st}
	at := time.Date(2026, 11, 29, 19, 0, 0, 123456789, time.UTC)
	meta := func(key string) Meta {
		return Meta{IdempotencyKey: key, Actor: events.Actor{Role: "player", ID: "w"}, RecordedAt: at}
	}
	_, head, err := s.Append(ctx, "g", events.Head{}, meta("c"), []events.Event{events.GameCreated{White: "w", Black: "b", TimeControl: "5400+30"}})
	if err != nil {
		t.Fatal(err)
	}
	check := func(name string, recs []Recorded) {
		t.Helper()
		for i, r := range recs {
			want, err := events.Decode(r.Envelope)
			if err != nil {
				t.Fatal(err)
			}
			if reflect.TypeOf(r.Event) != reflect.TypeOf(want) || !reflect.DeepEqual(r.Event, want) {
				t.Fatalf("%s: event %d is %T %+v, its envelope decodes to %T %+v", name, i, r.Event, r.Event, want, want)
			}
		}
	}
	cmd := []events.Event{events.DrawDeclined{By: events.White, ByMoving: true},
		events.MovePlayed{Ply: 1, By: events.White, SAN: "e4", UCI: "e2e4", At: at, FENAfter: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}}
	first, _, err := s.Append(ctx, "g", head, meta("m1"), cmd)
	if err != nil || len(first) != 2 {
		t.Fatalf("append: %d events, %v", len(first), err)
	}
	check("the command's own", first)
	// the command's own carry their JSON as the store was sent it
	for i, r := range first {
		want, err := events.AppendJSON(nil, &r.Envelope)
		if err != nil || string(r.JSON) != string(want) {
			t.Fatalf("event %d: JSON %s, AppendJSON %s (%v)", i, r.JSON, want, err)
		}
	}
	again, _, err := s.Append(ctx, "g", head, meta("m1"), cmd)
	if err != nil || len(again) != 2 || again[1].Envelope.ID != first[1].Envelope.ID {
		t.Fatalf("retry: %+v, %v", again, err)
	}
	check("a retry's", again)
	for i, r := range again {
		if r.JSON != nil {
			t.Fatalf("retry: event %d read back carries JSON %s", i, r.JSON)
		}
	}
}

package wiring

import (
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
)

// TestEventType: the type is read from the events module's own layout
// (checked against an envelope it encodes), and any other layout is left
// to a decode.
func TestEventType(t *testing.T) {
	envs, err := events.Build(events.Game("g-1"), events.WriterGames, events.Head{}, "k1",
		events.Meta{Actor: events.Actor{Role: "player", ID: "w"}, RecordedAt: time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)},
		events.MovePlayed{Ply: 1, By: events.White, SAN: "e4", UCI: "e2e4", At: time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	stored, err := envs[0].MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		payload string
		want    string
		ok      bool
	}{
		{"the store's layout", string(stored), "game.move_played", true},
		{"type first", `{"type":"game.ended","id":"x"}`, "", false},
		{"data before", `{"data":{"type":"game.ended"},` + string(stored[1:]), "", false},
		{"escaped id", `{"id":"a\"b","type":"game.ended"}`, "", false},
		{"escaped type", `{"id":"a","type":"game.\u0065nded"}`, "", false},
		{"unterminated type", `{"id":"a","type":"game.ended`, "", false},
		{"space after the brace", `{ "id":"a","type":"game.ended"}`, "", false},
		{"empty", ``, "", false},
		{"not JSON", `nope`, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := EventType([]byte(tt.payload))
			if ok != tt.ok || string(got) != tt.want {
				t.Fatalf("EventType = %q, %v; want %q, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

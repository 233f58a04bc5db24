package wiring

import (
	"testing"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hakem-chess/hakem/events"
)

// TestEnvelope: a router message's event is decoded when it is of the type
// wanted, skipped otherwise, whatever its layout; an undecodable one is an
// error only when its type cannot be told or is the one wanted.
func TestEnvelope(t *testing.T) {
	envs, err := events.Build(events.Game("g-1"), events.WriterGames, events.Head{}, "k1",
		events.Meta{Actor: events.Actor{Role: "player", ID: "w"}, RecordedAt: time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)},
		events.DrawClaimed{Reason: "threefold_repetition"})
	if err != nil {
		t.Fatal(err)
	}
	stored, err := envs[0].MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	// the same envelope with its keys in another order (type after data)
	reordered := []byte(`{"data":{"type":"game.move_played"},` + string(stored[1:]))
	claim := (events.DrawClaimed{}).EventType()
	move := (events.MovePlayed{}).EventType()
	tests := []struct {
		name    string
		payload []byte
		want    string
		decoded bool
		err     bool
	}{
		{"wanted, store layout", stored, claim, true, false},
		{"not wanted, store layout", stored, move, false, false},
		{"wanted, other layout", reordered, claim, true, false},
		{"not wanted, other layout", reordered, move, false, false},
		{"escaped id", []byte(`{"id":"a\"b","type":"game.move_played"}`), claim, false, true},
		{"not wanted, undecodable rest", []byte(`{"id":"x","type":"game.move_played","v":"bad"}`), claim, false, false},
		{"wanted, undecodable rest", []byte(`{"id":"x","type":"game.draw_claimed","v":"bad"}`), claim, false, true},
		{"not JSON", []byte(`nope`), claim, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env, err := Envelope(message.NewMessage("m", tt.payload), tt.want)
			if (err != nil) != tt.err {
				t.Fatalf("error %v, want error %v", err, tt.err)
			}
			if got := env.Type != ""; got != tt.decoded {
				t.Fatalf("decoded %v (type %q), want %v", got, env.Type, tt.decoded)
			}
			if tt.decoded && (env.Hash != envs[0].Hash || env.Seq != 1) {
				t.Fatalf("decoded %+v, want %+v", env, envs[0])
			}
		})
	}
}

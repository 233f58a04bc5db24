package ports

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hakem-chess/hakem/events"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// TestEndCounterRedelivery: a game.ended delivered twice (JetStream
// redelivers a message whose ack was lost) is counted once; another
// game's end is counted; other events are not.
func TestEndCounterRedelivery(t *testing.T) {
	ended := prometheus.NewCounterVec(prometheus.CounterOpts{Name: "test_games_ended_total"}, []string{"termination"})
	handle := endCounter(ended, 100)
	payload := func(game string, ev events.Event) []byte {
		t.Helper()
		meta := events.Meta{Actor: events.Actor{Role: "system", ID: "test"}, RecordedAt: time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)}
		envs, err := events.Build(events.Game(game), events.WriterGames, events.Head{}, "k-"+game, meta, ev)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(envs[0])
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	end := events.GameEnded{Result: "1-0", Termination: "resignation", Article: "5.1.2", Ply: 40}
	first := payload("g1", end)
	for i, b := range [][]byte{first, first, payload("g2", end), payload("g3", events.Resigned{By: events.Black})} {
		if err := handle(message.NewMessage("m", b)); err != nil {
			t.Fatalf("delivery %d: %v", i+1, err)
		}
	}
	if got := testutil.ToFloat64(ended.WithLabelValues("resignation")); got != 2 {
		t.Fatalf("%g games ended counted, want 2 (g1 delivered twice, g2 once)", got)
	}
	// the type is read first: a move is not decoded (its truncated rest is
	// no error), and an end laid out otherwise is decoded and counted
	if err := handle(message.NewMessage("m", []byte(`{"id":"x","type":"game.move_played","data":{`))); err != nil {
		t.Fatalf("a move was decoded: %v", err)
	}
	other := payload("g4", end)
	reordered := []byte(`{"data":{"type":"game.move_played"},` + string(other[1:]))
	if err := handle(message.NewMessage("m", reordered)); err != nil {
		t.Fatal(err)
	}
	if got := testutil.ToFloat64(ended.WithLabelValues("resignation")); got != 3 {
		t.Fatalf("%g games ended counted, want 3 (g4 laid out otherwise)", got)
	}
	if err := handle(message.NewMessage("m", []byte(`{"id":"x","type":"game.ended","data":{`))); err == nil {
		t.Fatal("an undecodable game.ended was not an error")
	}
}

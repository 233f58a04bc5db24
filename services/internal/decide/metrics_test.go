package decide_test

import (
	"context"
	"testing"

	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/natstest"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// TestHandleMetrics: commands are counted by outcome, timed, and their
// events counted by type, each in its own child, command after command
// (the children looked up once are the metrics' own).
func TestHandleMetrics(t *testing.T) {
	ctx := context.Background()
	m := wiring.NewMetrics()
	d := &decide.Decider[offers, *offers]{Config: decide.Config{Store: gamelog.EventStore{Store: natstest.Store(t)}, Retries: 4, Metrics: m},
		Service: "test", Invalid: errInvalid}
	for i, key := range []string{"a", "b", "c", "a"} {
		if _, err := d.Handle(ctx, "g1", decide.Command{Name: "offer", Meta: player(key)}, offer(2)); err != nil && i != 2 {
			t.Fatalf("command %d: %v", i, err)
		}
	}
	for outcome, want := range map[string]float64{"ok": 2, "rejected": 1, "repeated": 1} {
		if got := testutil.ToFloat64(m.Commands.WithLabelValues("test", "offer", outcome)); got != want {
			t.Errorf("commands %s: %v, want %v", outcome, got, want)
		}
	}
	if got := testutil.ToFloat64(m.EventsAppended.WithLabelValues("test", "game.draw_offered")); got != 2 {
		t.Errorf("events appended: %v, want 2", got)
	}
	families, err := m.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	var observed uint64
	for _, f := range families {
		if f.GetName() == "hakem_command_duration_seconds" {
			for _, s := range f.GetMetric() {
				observed += s.GetHistogram().GetSampleCount()
			}
		}
	}
	if observed != 4 {
		t.Errorf("durations observed: %d, want 4", observed)
	}
}

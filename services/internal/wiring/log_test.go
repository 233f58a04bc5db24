package wiring

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestLoggerWritesJSONWithHakemFields(t *testing.T) {
	var buf bytes.Buffer
	l, err := NewLogger("info", &buf)
	if err != nil {
		t.Fatal(err)
	}
	l.Debug("hidden")
	l.Info("move accepted", TournamentID("t1"), GameID("g1"), Seq(7), Actor("player", "p2"))
	var line map[string]any
	if err := json.Unmarshal(buf.Bytes(), &line); err != nil {
		t.Fatalf("not one JSON line: %q: %v", buf.String(), err)
	}
	want := map[string]any{"msg": "move accepted", "tournament_id": "t1", "game_id": "g1", "seq": 7.0, "actor": "player:p2", "level": "info"}
	for k, v := range want {
		if line[k] != v {
			t.Errorf("%s = %v, want %v", k, line[k], v)
		}
	}
	if _, err := NewLogger("chatty", nil); err == nil {
		t.Error("unknown level accepted")
	}
}

func TestMetricsNamesArePrefixed(t *testing.T) {
	m := NewMetrics()
	m.Commands.WithLabelValues("games", "move", "ok").Inc()
	fams, err := m.Registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, f := range fams {
		n := f.GetName()
		if n == "hakem_commands_total" {
			found = true
		}
		if len(n) > 6 && n[:6] != "hakem_" && n[:3] != "go_" && n[:8] != "process_" {
			t.Errorf("metric %s has no hakem_ prefix", n)
		}
	}
	if !found {
		t.Error("hakem_commands_total not gathered")
	}
}

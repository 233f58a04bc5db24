package e2e

import (
	"regexp"
	"strings"
	"testing"
)

// TestForfeitOverride plays round 1 of a 4-player Swiss through hakem
// serve: on board 1 a game is recorded (1.e4 e5 2.Nf3, Black resigns) and
// the arbiter then finds that neither player was there — a result override
// to -/- citing 6.7.1; on board 2 Black resigns before any move (a game of
// less than one move). The tournament reads board 1 as a double forfeit
// (TRF - for both, no game played) and board 2 as W/L (TRF W and L with
// colours: played, not rated); a forfeit result the Laws do not know is
// refused; the audit of the tournament re-derives it all.
func TestForfeitOverride(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	ids, whites, blacks := startSwiss(t, s, "fo", "Overrides", "o", 4)
	boards := func() []any { return s.round("fo", 1)["boards"].([]any) }
	s.playMoves(t, ids[0], whites[0], blacks[0], "e4", "e5", "Nf3")
	for b := range 2 {
		mustOK(t, s.post("/api/games/"+ids[b]+"/resign", map[string]string{"player": blacks[b], "idempotency_key": "r-" + ids[b]}), "resign")
		waitGameState(t, s, ids[b], func(g map[string]any) bool { return g["result"] == "1-0" })
	}
	rulings := "/api/games/" + ids[0] + "/rulings"
	if a := s.post(rulings, map[string]any{"matter": "result_override", "result": "+/+", "reason": "x", "article": "6.7.1",
		"by": "arb", "idempotency_key": "bad"}); a.status < 400 || a.status >= 500 || !strings.Contains(a.raw, "+/-, -/+, -/-") {
		t.Errorf("an override to +/+: %d %s", a.status, a.raw)
	}
	mustOK(t, s.post(rulings, map[string]any{"matter": "result_override", "result": "-/-", "article": "6.7.1",
		"reason": "neither player was at the board: the game was entered in error", "by": "arb", "idempotency_key": "o"}), "override to -/-")
	waitGameState(t, s, ids[0], func(g map[string]any) bool { return g["result"] == "0-0" && g["termination"] == "forfeit" })
	mustOK(t, s.post("/api/tournaments/fo/rounds/1/close", map[string]any{"idempotency_key": "c1-fo"}), "close")
	if got := []any{boards()[0].(map[string]any)["result"], boards()[1].(map[string]any)["result"]}; got[0] != "-/-" || got[1] != "W/L" {
		t.Errorf("the boards read %v, want -/- and W/L", got)
	}
	text := s.do("GET", "/api/tournaments/fo/trf", "").raw
	if n := len(regexp.MustCompile(`(?m) \d+ [wb] -( |$)`).FindAllString(text, -1)); n != 2 {
		t.Errorf("the TRF has %d forfeit losses, want 2 (the double forfeit):\n%s", n, text)
	}
	for _, want := range []string{`\d w W`, `\d b L`} {
		if !regexp.MustCompile(want).MatchString(text) {
			t.Errorf("the TRF has no %s:\n%s", want, text)
		}
	}
	if regexp.MustCompile(`\d [wb] [+10=]`).MatchString(text) {
		t.Errorf("the TRF has a win, draw, loss or forfeit win in round 1:\n%s", text)
	}
	mustOK(t, s.post("/api/tournaments/fo/rounds", map[string]any{"idempotency_key": "p2-fo"}), "pair round 2")
	s.stop()
	auditTournament(t, data, "fo")
}

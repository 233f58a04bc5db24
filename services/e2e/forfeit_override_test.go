package e2e

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
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
	must := func(a answer, what string) answer {
		t.Helper()
		if a.status != http.StatusOK && a.status != http.StatusCreated {
			t.Fatalf("%s: %d %s", what, a.status, a.raw)
		}
		return a
	}
	must(s.post("/api/tournaments", map[string]any{"id": "fo", "name": "Overrides", "system": "swiss-dutch", "rounds": 3, "idempotency_key": "t"}), "create")
	for i := 1; i <= 4; i++ {
		must(s.post("/api/tournaments/fo/players", map[string]any{"player_id": fmt.Sprint("o", i), "name": fmt.Sprint("Player, o", i),
			"rating": 2000 - 20*i, "idempotency_key": fmt.Sprint("o", i)}), "register")
	}
	must(s.post("/api/tournaments/fo/rounds", map[string]any{"idempotency_key": "p1"}), "pair round 1")
	boards := func() []any {
		return s.do("GET", "/api/tournaments/fo", "").body["rounds"].([]any)[0].(map[string]any)["boards"].([]any)
	}
	waitGame := func(id string, done func(map[string]any) bool) {
		t.Helper()
		for deadline := time.Now().Add(30 * time.Second); ; {
			if g := s.do("GET", "/api/games/"+id, ""); g.status == 200 && done(g.body) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("game %s: not as awaited", id)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	var ids, whites, blacks []string
	for _, x := range boards() {
		bd := x.(map[string]any)
		ids, whites, blacks = append(ids, bd["game_id"].(string)), append(whites, bd["white"].(string)), append(blacks, bd["black"].(string))
		waitGame(ids[len(ids)-1], func(map[string]any) bool { return true })
	}
	for i, m := range []string{"e4", "e5", "Nf3"} {
		p := []string{whites[0], blacks[0]}[i%2]
		must(s.post("/api/games/"+ids[0]+"/moves", map[string]string{"move": m, "player": p, "idempotency_key": "m" + m}), "move "+m)
	}
	for b := range 2 {
		must(s.post("/api/games/"+ids[b]+"/resign", map[string]string{"player": blacks[b], "idempotency_key": "r"}), "resign")
		waitGame(ids[b], func(g map[string]any) bool { return g["result"] == "1-0" })
	}
	rulings := "/api/games/" + ids[0] + "/rulings"
	if a := s.post(rulings, map[string]any{"matter": "result_override", "result": "+/+", "reason": "x", "article": "6.7.1",
		"by": "arb", "idempotency_key": "bad"}); a.status < 400 || a.status >= 500 || !strings.Contains(a.raw, "+/-, -/+, -/-") {
		t.Errorf("an override to +/+: %d %s", a.status, a.raw)
	}
	must(s.post(rulings, map[string]any{"matter": "result_override", "result": "-/-", "article": "6.7.1",
		"reason": "neither player was at the board: the game was entered in error", "by": "arb", "idempotency_key": "o"}), "override to -/-")
	waitGame(ids[0], func(g map[string]any) bool { return g["result"] == "0-0" && g["termination"] == "forfeit" })
	must(s.post("/api/tournaments/fo/rounds/1/close", map[string]any{"idempotency_key": "c1"}), "close")
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
	must(s.post("/api/tournaments/fo/rounds", map[string]any{"idempotency_key": "p2"}), "pair round 2")
	s.stop()
	if r := runAudit(t, "tournament", "fo", "--data", data, "--json"); r.code != 0 || r.json["ok"] != true {
		t.Errorf("audit: exit %d %s\n%s", r.code, r.stderr, r.stdout)
	}
}

package e2e

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/clock"
)

// recordedAt reads an envelope's recorded instant.
func recordedAt(t *testing.T, e map[string]any) time.Time {
	t.Helper()
	s, _ := e["recorded_at"].(string)
	at, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		t.Fatalf("event %v: recorded_at: %v", e["type"], err)
	}
	return at
}

// TestQuickplayIncrement: FIDE 2023 Guidelines III.4 through hakem serve.
// In a 12-second sudden-death game with the quickplay finish announced,
// White, on move with less than two minutes, requests an increment of five
// seconds (a draw claim with reason increment_request: the clocks stop and
// the arbiter is summoned). Black refuses the draw the request offers and
// the arbiter agrees: his ruling gives Black two minutes and orders the
// increment, which the clocks service carries out as clock.control_changed
// (12 -> 12+5). From then on every move adds five seconds: White's flag
// falls at the instant the new control gives (five seconds later than the
// old one would), the PGN's %clk follows it, and the stopped server's game
// audits clean. Under the 1997 Laws the request is refused (no such rule);
// with ten minutes left the arbiter service does not admit it.
func TestQuickplayIncrement(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	request := func(game, player, key string) answer {
		return s.post("/api/games/"+game+"/claims", map[string]string{"player": player, "reason": "increment_request", "idempotency_key": key})
	}
	rule := func(game, judgement, key string) answer {
		return s.post("/api/games/"+game+"/rulings", map[string]any{"matter": "increment_request", "judgement": judgement,
			"by": "arbiter-1", "idempotency_key": key})
	}

	const id = "inc"
	mustOK(t, s.post("/api/games", map[string]any{"id": id, "white": "w", "black": "b", "time_control": "12", "mode": "standard", "laws_profile": "fide-2023",
		"quickplay_finish": true, "idempotency_key": "inc-" + id}), "game")
	live, closeLive := follow(t, s.base, id)
	defer closeLive()
	st := mustOK(t, s.post("/api/games/"+id+"/clock/start", map[string]string{"idempotency_key": "s-" + id, "by": "arbiter-1"}), "clock")
	origin := instant(t, st.events()[0], "at")
	m1 := instant(t, s.move(id, "w", "e4", "1-"+id).events()[0], "at")
	m2 := instant(t, s.move(id, "b", "e5", "2-"+id).events()[0], "at")

	if a := rule(id, "grant", "early"); a.status != 422 {
		t.Errorf("a ruling with no request pending: %d %s", a.status, a.raw)
	}
	req := mustOK(t, request(id, "w", "r1"), "request")
	claimed := recordedAt(t, req.events()[0])
	if a := s.post("/api/games/"+id+"/moves", map[string]string{"player": "w", "move": "Nf3", "idempotency_key": "held-" + id}); a.status != http.StatusConflict {
		t.Errorf("a move while the request waits for the arbiter: %d %s", a.status, a.raw)
	}
	if a := rule(id, "maybe", "bad"); a.status != 422 {
		t.Errorf("an unknown judgement: %d %s", a.status, a.raw)
	}
	granted := mustOK(t, rule(id, "grant", "g1"), "grant")
	if evs := granted.events(); len(evs) != 3 || evs[1]["type"] != "arbiter.penalty_imposed" || evs[2]["type"] != "arbiter.penalty_imposed" {
		t.Fatalf("the grant: %s", granted.raw)
	}
	ruling := waitFor(t, live, "arbiter.ruling_given")
	if d := ruling["data"].(map[string]any); d["matter"] != "draw_claim" || d["decision"] != "game_continues" || d["article"] != "III.4" ||
		ruling["actor"].(map[string]any)["role"] != "arbiter" || ruling["causation_id"] != req.events()[0]["id"] {
		t.Errorf("the ruling on the request: %v", ruling)
	}
	resumed := recordedAt(t, ruling)
	adj := waitFor(t, live, "clock.time_adjusted")
	if d := adj["data"].(map[string]any); d["side"] != "black" || d["delta_ms"] != 120000.0 {
		t.Errorf("two minutes to black: %v", d)
	}
	changed := waitFor(t, live, "clock.control_changed")
	if d := changed["data"].(map[string]any); d["time_control"] != "12+5" || d["article"] != "III.4" ||
		changed["causation_id"] != granted.events()[2]["id"] {
		t.Errorf("the control change: %v", changed)
	}
	if a := request(id, "w", "r2"); a.status != 200 {
		t.Errorf("a second request (it is recorded, then not admitted): %d %s", a.status, a.raw)
	} else if d := waitFor(t, live, "arbiter.ruling_given")["data"].(map[string]any); d["decision"] != "game_continues" ||
		!strings.Contains(d["explanation"].(string), "cannot be admitted") {
		t.Errorf("a request with an increment in force: %v", d)
	}

	m3 := instant(t, s.move(id, "w", "Nf3", "3-"+id).events()[0], "at")
	m4 := instant(t, s.move(id, "b", "Nc6", "4-"+id).events()[0], "at")

	// White's time: 12 s, less e4, the thinking before the request and
	// before Nf3 (from the second ruling's restart, which the recorded log
	// gives: re-read below), plus 5 s for Nf3 under the new control.
	log := s.eventLog(id)
	var rulings []time.Time
	var second time.Time
	for _, e := range log {
		switch e["type"] {
		case "arbiter.ruling_given":
			rulings = append(rulings, recordedAt(t, e))
		case "game.draw_claimed":
			second = recordedAt(t, e)
		}
	}
	if len(rulings) != 2 || !rulings[0].Equal(resumed) {
		t.Fatalf("rulings at %v", rulings)
	}
	used := m1.Sub(origin) + claimed.Sub(m2) + second.Sub(resumed) + m3.Sub(rulings[1])
	whiteAfterNf3 := 12*time.Second - used + 5*time.Second
	flag := waitFor(t, live, "clock.flag_fell")
	if got, want := instant(t, flag, "at"), m4.Add(whiteAfterNf3); !got.Equal(want) || flag["data"].(map[string]any)["side"] != "white" {
		t.Errorf("white's flag fell at %v, want %v (under the old control: %v)", got, want, want.Add(-5*time.Second))
	}
	end := waitFor(t, live, "game.ended")
	if d := end["data"].(map[string]any); d["result"] != "0-1" || d["termination"] != "flag_fall" {
		t.Errorf("end: %v", d)
	}
	pgn := strings.Join(strings.Fields(s.do("GET", "/api/games/"+id+"/pgn", "").raw), " ")
	if want := "2. Nf3 {[%clk " + clock.FormatPGNClock(whiteAfterNf3.Truncate(time.Millisecond)) + "]}"; !strings.Contains(pgn, want) {
		t.Errorf("PGN without %q:\n%s", want, pgn)
	}

	// the 1997 Laws have no such request; ten minutes left: not admitted
	mustOK(t, s.post("/api/games", map[string]any{"id": "old", "white": "w", "black": "b", "time_control": "100", "laws_profile": "fide-1997",
		"quickplay_finish": true, "idempotency_key": "old"}), "1997 game")
	mustOK(t, s.post("/api/games/old/clock/start", map[string]string{"idempotency_key": "s-old", "by": "arbiter-1"}), "clock")
	if a := request("old", "w", "r"); a.status != 400 {
		t.Errorf("an increment request under the 1997 Laws: %d %s", a.status, a.raw)
	}
	mustOK(t, s.post("/api/games", map[string]any{"id": "long", "white": "w", "black": "b", "time_control": "600", "mode": "standard", "quickplay_finish": true, "idempotency_key": "long-long"}), "long game")
	liveL, closeL := follow(t, s.base, "long")
	defer closeL()
	mustOK(t, s.post("/api/games/long/clock/start", map[string]string{"idempotency_key": "s-long", "by": "arbiter-1"}), "clock")
	mustOK(t, request("long", "w", "r"), "request")
	if rl := waitFor(t, liveL, "arbiter.ruling_given"); rl["data"].(map[string]any)["decision"] != "game_continues" || rl["actor"].(map[string]any)["role"] != "system" {
		t.Errorf("a request with ten minutes left: %v", rl)
	}
	s.move("long", "w", "d4", "1-long")

	s.kill()
	for _, game := range []string{id, "old", "long"} {
		r := runAudit(t, "game", game, "--data", data, "--json")
		if r.code != 0 || r.json["ok"] != true {
			t.Errorf("audit of %s: exit %d %s\n%s", game, r.code, r.stderr, r.stdout)
		}
	}
	text := runAudit(t, "game", id, "--data", data)
	t.Logf("hakem audit game %s:\n%s", id, text.stdout)
}

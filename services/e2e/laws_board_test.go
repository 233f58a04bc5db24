package e2e

import (
	"net/http"
	"strings"
	"testing"
)

// TestLawsBoardIncidents drives hakem serve through the incidents on the
// board under both profiles: touch-move (1997 4.3a, 2023 4.3.1; 2023 9.4:
// no claim on that move), an adjusted piece (4.2 / 4.2.1), displaced
// pieces (1997 7.3, and 7.4 with the clocks adjusted by 6.13; 2023 7.4.1,
// and the penalty of 7.4.3), the board placed the wrong way round (1997
// 7.1b, 2023 7.2.2: play continues) and colours reversed (1997 7.2: play
// continues; 2023 7.3: before ten moves each, a new game). Each ruling
// cites its article and profile; refusals name the field and append
// nothing; the audit follows every game.
func TestLawsBoardIncidents(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	rule := func(game string, body map[string]any) answer {
		body["by"] = "arbiter-1"
		body["idempotency_key"] = body["idempotency_key"].(string) + "-" + game // a key names one command of the arbiter's
		return s.post("/api/games/"+game+"/rulings", body)
	}
	ruling := func(a answer, what, profile, article, decision string) map[string]any {
		t.Helper()
		if a.status != http.StatusOK || len(a.events()) == 0 {
			t.Fatalf("%s: %d %s", what, a.status, a.raw)
		}
		d := a.events()[0]["data"].(map[string]any)
		if a.events()[0]["type"] != "arbiter.ruling_given" || d["profile"] != profile || d["article"] != article || d["decision"] != decision {
			t.Errorf("%s: %v, want %s %s %s", what, d, profile, article, decision)
		}
		return d
	}
	count := func(game string) int { return len(s.eventLog(game)) }
	refused := func(game string, a answer, status int, field, what string, before int) {
		t.Helper()
		if a.status != status || !strings.Contains(a.raw, field) {
			t.Errorf("%s: %d %s, want %d naming %q", what, a.status, a.raw, status, field)
		}
		if n := count(game); n != before {
			t.Errorf("%s: %d events appended", what, n-before)
		}
	}
	adjusted := func(game, side string, delta float64) {
		t.Helper()
		waitUntil(t, game+": the clock adjusted", func() bool {
			for _, e := range s.eventLog(game) {
				if d, _ := e["data"].(map[string]any); e["type"] == "clock.time_adjusted" && d["side"] == side && d["delta_ms"] == delta {
					return true
				}
			}
			return false
		})
	}
	game := func(id, profile string) {
		startedGame(t, s, map[string]any{"id": id, "white": "w", "black": "b", "time_control": "600", "laws_profile": profile, "idempotency_key": id})
	}

	// Touch-move, fide-2023: White touched his knight on g1.
	game("touch23", "fide-2023")
	s.move("touch23", "w", "e4", "1-touch23")
	s.move("touch23", "b", "e5", "2-touch23")
	n := count("touch23")
	refused("touch23", rule("touch23", map[string]any{"matter": "touch_move", "side": "white", "idempotency_key": "t0"}), http.StatusBadRequest, "touched", "no square touched", n)
	refused("touch23", rule("touch23", map[string]any{"matter": "touch_move", "side": "white", "touched": []string{"e6"}, "idempotency_key": "t1"}), http.StatusBadRequest, "touched: no piece on e6", "an empty square", n)
	refused("touch23", rule("touch23", map[string]any{"matter": "touch_move", "side": "black", "touched": []string{"g8"}, "idempotency_key": "t2"}), http.StatusConflict, "side", "the side not on move", n)
	d := ruling(rule("touch23", map[string]any{"matter": "touch_move", "side": "white", "touched": []string{"g1"}, "idempotency_key": "t3"}), "touch-move 2023", "fide-2023", "4.3.1", "game_continues")
	if ex, _ := d["explanation"].(string); !strings.HasPrefix(ex, "white touched g1: ") || !strings.Contains(ex, "Ne2, Nf3, Nh3") {
		t.Errorf("touch-move explanation: %q", ex)
	}
	n = count("touch23")
	if a := s.post("/api/games/touch23/moves", map[string]string{"move": "d4", "player": "w", "idempotency_key": "3-touch23"}); a.status != http.StatusUnprocessableEntity || a.errorCode() != "illegal_move" || !strings.Contains(a.raw, "4.3.1") {
		t.Errorf("d4 after touching the knight: %d %s", a.status, a.raw)
	}
	if a := s.post("/api/games/touch23/claims", map[string]string{"player": "w", "reason": "threefold_repetition", "idempotency_key": "c-touch23"}); a.status != http.StatusConflict || a.errorCode() != "touch_move" || !strings.Contains(a.raw, "fide-2023 9.4") {
		t.Errorf("a claim after the touch (9.4): %d %s", a.status, a.raw)
	}
	if m := count("touch23"); m != n {
		t.Errorf("the refused move and claim appended %d events", m-n)
	}
	s.move("touch23", "w", "Nf3", "4-touch23")
	// Black adjusts his knight: no obligation (4.2.1).
	ruling(rule("touch23", map[string]any{"matter": "touch_move", "side": "black", "touched": []string{"b8"}, "judgement": "adjusted", "idempotency_key": "t4"}), "adjusted 2023", "fide-2023", "4.2.1", "game_continues")
	s.move("touch23", "b", "d6", "5-touch23")

	// Touch-move, fide-1997: king and rook together, castling legal (4.4a).
	startedGame(t, s, map[string]any{"id": "touch97", "white": "w", "black": "b", "time_control": "600", "laws_profile": "fide-1997",
		"start_fen": "r3k2r/pppq1ppp/8/8/8/8/PPPQ1PPP/R3K2R w KQkq - 0 1", "idempotency_key": "touch97"})
	ruling(rule("touch97", map[string]any{"matter": "touch_move", "side": "white", "touched": []string{"e1+h1"}, "idempotency_key": "t1"}), "king and rook 1997", "fide-1997", "4.4a", "game_continues")
	if a := s.post("/api/games/touch97/moves", map[string]string{"move": "Kf1", "player": "w", "idempotency_key": "1-touch97"}); a.status != http.StatusUnprocessableEntity {
		t.Errorf("Kf1 after king and rook touched: %d %s", a.status, a.raw)
	}
	s.move("touch97", "w", "O-O", "2-touch97")

	// Displaced pieces.
	game("disp97", "fide-1997")
	s.move("disp97", "w", "d4", "1-disp97")
	ruling(rule("disp97", map[string]any{"matter": "displaced_pieces", "side": "black", "idempotency_key": "d1"}), "displaced 1997", "fide-1997", "7.3", "game_continues")
	a := rule("disp97", map[string]any{"matter": "displaced_pieces", "side": "black", "penalty": "time_off", "amount_ms": 30000, "idempotency_key": "d2"})
	ruling(a, "displaced 1997, clocks adjusted", "fide-1997", "7.4", "game_continues")
	if len(a.events()) != 2 || a.events()[1]["type"] != "arbiter.penalty_imposed" {
		t.Errorf("1997 7.4 adjustment: %s", a.raw)
	}
	adjusted("disp97", "black", -30000)
	n = count("disp97")
	refused("disp97", rule("disp97", map[string]any{"matter": "displaced_pieces", "side": "black", "penalty": "warning", "idempotency_key": "d3"}), http.StatusUnprocessableEntity, "7.4, 6.13", "a 1997 warning for displaced pieces", n)
	refused("disp97", rule("disp97", map[string]any{"matter": "displaced_pieces", "idempotency_key": "d4"}), http.StatusUnprocessableEntity, "side", "no side", n)
	game("disp23", "fide-2023")
	s.move("disp23", "w", "d4", "1-disp23")
	ruling(rule("disp23", map[string]any{"matter": "displaced_pieces", "side": "white", "idempotency_key": "d1"}), "displaced 2023", "fide-2023", "7.4.1", "game_continues")
	a = rule("disp23", map[string]any{"matter": "displaced_pieces", "side": "black", "penalty": "time_to_opponent", "amount_ms": 60000, "reason": "knocked over the pieces", "idempotency_key": "d2"})
	if d := ruling(a, "displaced 2023, penalised", "fide-2023", "7.4.3", "game_continues"); d["penalty"] != "time_added_to_opponent" {
		t.Errorf("7.4.3 penalty: %v", d)
	}
	adjusted("disp23", "white", 60000)

	// The board placed the wrong way round: the game continues.
	for _, tc := range []struct{ profile, article string }{{"fide-1997", "7.1b"}, {"fide-2023", "7.2.2"}} {
		id := "orient" + tc.profile[5:]
		game(id, tc.profile)
		s.move(id, "w", "c4", "1-"+id)
		ruling(rule(id, map[string]any{"matter": "board_orientation", "idempotency_key": "o"}), "orientation "+tc.profile, tc.profile, tc.article, "game_continues")
		s.move(id, "b", "c5", "2-"+id)
	}

	// Colours reversed: 1997 plays on; 2023 replays before ten moves each.
	game("rev97", "fide-1997")
	s.move("rev97", "w", "e4", "1-rev97")
	ruling(rule("rev97", map[string]any{"matter": "colours_reversed", "idempotency_key": "r"}), "colours reversed 1997", "fide-1997", "7.2", "game_continues")
	s.move("rev97", "b", "e5", "2-rev97")
	game("rev23", "fide-2023")
	s.move("rev23", "w", "e4", "1-rev23")
	a = rule("rev23", map[string]any{"matter": "colours_reversed", "idempotency_key": "r"})
	ruling(a, "colours reversed 2023", "fide-2023", "7.3", "replay")
	var types []string
	for _, e := range a.events() {
		types = append(types, e["type"].(string))
	}
	if got := strings.Join(types, " "); got != "arbiter.ruling_given arbiter.game_annulled arbiter.replay_ordered game.created" {
		t.Errorf("colours reversed 2023: %s", got)
	}
	if g := s.do("GET", "/api/games/rev23-replay", ""); g.status != http.StatusOK || g.body["white"] != "w" {
		t.Errorf("the new game with the correct colours: %d %s", g.status, g.raw)
	}

	s.kill()
	for _, id := range []string{"touch23", "touch97", "disp97", "disp23", "orient1997", "orient2023", "rev97", "rev23"} {
		r := runAudit(t, "game", id, "--data", data, "--json")
		if r.code != 0 || r.json["ok"] != true {
			t.Errorf("audit of %s: exit %d %s\n%s", id, r.code, r.stderr, r.stdout)
		}
	}
}

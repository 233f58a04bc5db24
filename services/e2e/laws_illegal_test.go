package e2e

import (
	"net/http"
	"strings"
	"testing"
)

// TestLawsIrregularities drives hakem serve through the 2023 irregularities
// penalised as illegal moves (POST /api/games/{id}/illegal-moves with kind):
// a pawn on the last rank not replaced (7.5.2: two minutes to the opponent
// by 7.5.5, and the pawn becomes a queen: only that move is accepted), the
// clock pressed without a move (7.5.3) and a move made with two hands
// (7.5.4: the second irregularity loses). fide-1997 knows only illegal
// moves (7.4): refused, nothing appended. The audit follows the games.
func TestLawsIrregularities(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	report := func(game, offender, kind, move, key string) answer {
		return s.post("/api/games/"+game+"/illegal-moves", map[string]string{"offender": offender, "kind": kind, "move": move,
			"by": "arbiter-1", "reported_by": "arbiter", "idempotency_key": key + "-" + game})
	}
	ruled := func(a answer, what, see string, n int) map[string]any {
		t.Helper()
		evs := a.events()
		if a.status != http.StatusOK || len(evs) != n || evs[0]["type"] != "game.illegal_move_reported" || evs[1]["type"] != "arbiter.ruling_given" {
			t.Fatalf("%s: %d %s", what, a.status, a.raw)
		}
		d := evs[1]["data"].(map[string]any)
		if d["article"] != "7.5.5" || d["profile"] != "fide-2023" || !strings.Contains(d["explanation"].(string), see) {
			t.Errorf("%s: ruling %v, want 7.5.5 citing %s", what, d, see)
		}
		return d
	}
	adjusted := func(game, side string) {
		t.Helper()
		waitUntil(t, game+": two minutes to "+side, func() bool {
			for _, e := range s.eventLog(game) {
				if d, _ := e["data"].(map[string]any); e["type"] == "clock.time_adjusted" && d["side"] == side && d["delta_ms"] == 120000.0 {
					return true
				}
			}
			return false
		})
	}

	// 7.5.2: e7-e8 without replacing the pawn.
	startedGame(t, s, map[string]any{"id": "promo", "white": "w", "black": "b", "time_control": "5400", "start_fen": "k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "idempotency_key": "promo"})
	n := len(s.eventLog("promo"))
	if a := report("promo", "white", "pawn_not_replaced", "e1e2", "bad"); a.status != http.StatusBadRequest || !strings.Contains(a.raw, "move") {
		t.Errorf("a king move as a pawn not replaced: %d %s", a.status, a.raw)
	}
	if a := report("promo", "white", "three_hands", "e7e8", "bad2"); a.status != http.StatusBadRequest || !strings.Contains(a.raw, "kind") {
		t.Errorf("an unknown kind: %d %s", a.status, a.raw)
	}
	if m := len(s.eventLog("promo")); m != n {
		t.Errorf("refused reports appended %d events", m-n)
	}
	d := ruled(report("promo", "white", "pawn_not_replaced", "e7e8", "r1"), "7.5.2", "7.5.2", 3)
	if !strings.Contains(d["explanation"].(string), "queen") {
		t.Errorf("7.5.2: %v", d)
	}
	adjusted("promo", "black")
	if a := s.post("/api/games/promo/moves", map[string]string{"move": "e8=R", "player": "w", "idempotency_key": "m1-promo"}); a.status != http.StatusUnprocessableEntity || !strings.Contains(a.raw, "7.5.2") || !strings.Contains(a.raw, "e8=Q") {
		t.Errorf("a rook for the pawn not replaced: %d %s", a.status, a.raw)
	}
	s.move("promo", "w", "e8=Q+", "m2-promo")

	// 7.5.3, then 7.5.4: the second irregularity loses (7.5.5).
	startedGame(t, s, map[string]any{"id": "press", "white": "w", "black": "b", "time_control": "5400", "idempotency_key": "press"})
	s.move("press", "w", "e4", "1-press")
	if a := report("press", "black", "press_without_move", "e5", "bad"); a.status != http.StatusBadRequest || !strings.Contains(a.raw, "move") {
		t.Errorf("a press without a move, with a move: %d %s", a.status, a.raw)
	}
	ruled(report("press", "black", "press_without_move", "", "r1"), "7.5.3", "7.5.3", 3)
	adjusted("press", "white")
	d = ruled(report("press", "black", "two_hands", "Nf6", "r2"), "7.5.4", "7.5.4", 2)
	if d["decision"] != "win_white" {
		t.Errorf("the second irregularity: %v", d)
	}
	waitGameState(t, s, "press", func(g map[string]any) bool { return g["result"] == "1-0" })

	// fide-1997: illegal moves only (7.4; in a sudden-death game 10.3).
	startedGame(t, s, map[string]any{"id": "old", "white": "w", "black": "b", "time_control": "600", "laws_profile": "fide-1997", "idempotency_key": "old"})
	n = len(s.eventLog("old"))
	if a := report("old", "white", "press_without_move", "", "r"); a.status != http.StatusBadRequest || !strings.Contains(a.raw, "kind") || !strings.Contains(a.raw, "7.4") {
		t.Errorf("1997 press without a move: %d %s", a.status, a.raw)
	}
	if m := len(s.eventLog("old")); m != n {
		t.Errorf("the refused 1997 report appended %d events", m-n)
	}
	ruledOld := report("old", "white", "illegal_move", "Ke2", "r2")
	if ruledOld.status != http.StatusOK || len(ruledOld.events()) < 2 || ruledOld.events()[1]["data"].(map[string]any)["article"] != "10.3" {
		t.Errorf("1997 illegal move in a sudden-death game (its quickplay finish, 10.3): %d %s", ruledOld.status, ruledOld.raw)
	}

	s.kill()
	for _, id := range []string{"promo", "press", "old"} {
		r := runAudit(t, "game", id, "--data", data, "--json")
		if r.code != 0 || r.json["ok"] != true {
			t.Errorf("audit of %s: exit %d %s\n%s", id, r.code, r.stderr, r.stdout)
		}
	}
}

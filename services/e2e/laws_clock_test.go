package e2e

import (
	"net/http"
	"testing"
)

// clockSide returns whether side's clock runs and its remaining time.
func clockSide(t *testing.T, s *server, id, side string) (bool, float64) {
	t.Helper()
	a := s.do("GET", "/api/games/"+id+"/clock", "")
	if a.status != http.StatusOK {
		t.Fatalf("GET clock: %d %s", a.status, a.raw)
	}
	c, _ := a.body[side].(map[string]any)
	running, _ := c["running"].(bool)
	ms, _ := c["remaining_ms"].(float64)
	return running, ms
}

// TestLawsBlackToMoveClock: a timed game from a set-up position with Black
// to move (and a Chess960 one) starts Black's clock (the clock of the side
// on move runs, 6.1 of both editions); after Black's move White's runs, the
// game and its clock read without error, and a flag of Black is watched
// and ruled on (6.9).
func TestLawsBlackToMoveClock(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	s := start(t, t.TempDir())
	for _, tc := range []struct{ profile, fen, black, white string }{
		{"fide-2023", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", "Kd7", "e4"},
		{"fide-1997", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", "Kd7", "e4"},
		{"fide-2023", "nrbkqbrn/pppppppp/8/8/4P3/8/PPPP1PPP/NRBKQBRN b KQkq - 0 1", "e5", "d4"},
	} {
		id := startedGame(t, s, map[string]any{"white": "w", "black": "b", "time_control": "600", "laws_profile": tc.profile,
			"start_fen": tc.fen, "idempotency_key": "g-" + tc.profile + tc.black})
		if run, _ := clockSide(t, s, id, "black"); !run {
			t.Errorf("%s %s: black's clock does not run at the start", tc.profile, tc.fen)
		}
		if run, _ := clockSide(t, s, id, "white"); run {
			t.Errorf("%s %s: white's clock runs at the start with black to move", tc.profile, tc.fen)
		}
		s.move(id, "b", tc.black, "b1-"+id)
		if run, _ := clockSide(t, s, id, "white"); !run {
			t.Errorf("%s: white's clock does not run after black's move", tc.profile)
		}
		if g := s.game(id); g["result"] != "*" {
			t.Errorf("%s: game after black's move: %v", tc.profile, g)
		}
		s.move(id, "w", tc.white, "w1-"+id)
		if run, _ := clockSide(t, s, id, "black"); !run {
			t.Errorf("%s: black's clock does not run after white's move", tc.profile)
		}
	}

	// Black to move with one second: Black's flag falls and White, who can
	// mate (king and pawn), wins (6.9).
	id := startedGame(t, s, map[string]any{"white": "w", "black": "b", "time_control": "1", "laws_profile": "fide-1997",
		"start_fen": "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", "idempotency_key": "flag"})
	live, stop := follow(t, s.base, id)
	defer stop()
	fell := waitFor(t, live, "clock.flag_fell")
	if d := fell["data"].(map[string]any); d["side"] != "black" {
		t.Errorf("flag: %v", d)
	}
	ruling := waitFor(t, live, "arbiter.ruling_given")
	if d := ruling["data"].(map[string]any); d["article"] != "6.9" || d["decision"] != "win_white" {
		t.Errorf("ruling on black's flag: %v", d)
	}
	ended := waitFor(t, live, "game.ended")
	if d := ended["data"].(map[string]any); d["result"] != "1-0" {
		t.Errorf("end: %v", d)
	}
}

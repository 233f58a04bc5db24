package e2e

import (
	"fmt"
	"net/http"
	"testing"
)

// TestSwiss plays a 5-player, 3-round FIDE Dutch Swiss through the API:
// each round is paired from the results of the previous ones, nobody meets
// twice, the odd player out gets the pairing-allocated bye.
func TestSwiss(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	s := start(t, t.TempDir())
	if a := s.post("/api/tournaments", map[string]any{"id": "open", "name": "Open", "system": "swiss-dutch", "rounds": 3, "idempotency_key": "t-open"}); a.status != http.StatusCreated {
		t.Fatalf("create: %d %s", a.status, a.raw)
	}
	for i := 1; i <= 5; i++ {
		p := fmt.Sprint("s", i)
		if a := s.post("/api/tournaments/open/players", map[string]any{"player_id": p, "name": "Player, " + p, "rating": 1800 + 50*i, "idempotency_key": p}); a.status != 200 {
			t.Fatalf("register: %d %s", a.status, a.raw)
		}
	}
	met := map[string]bool{}
	byes := map[string]bool{}
	for round := 1; round <= 3; round++ {
		if a := s.post("/api/tournaments/open/rounds", map[string]any{"idempotency_key": fmt.Sprint("p", round)}); a.status != 200 {
			t.Fatalf("pair round %d: %d %s", round, a.status, a.raw)
		}
		rd := s.do("GET", "/api/tournaments/open", "").body["rounds"].([]any)[round-1].(map[string]any)
		boards, _ := rd["boards"].([]any)
		bye, _ := rd["byes"].([]any)
		if len(boards) != 2 || len(bye) != 1 {
			t.Fatalf("round %d: %v", round, rd)
		}
		b := bye[0].(map[string]any)["player_id"].(string)
		if byes[b] {
			t.Errorf("%s has a second bye", b)
		}
		byes[b] = true
		for _, x := range boards {
			bd := x.(map[string]any)
			id, white, black := bd["game_id"].(string), bd["white"].(string), bd["black"].(string)
			if met[white+black] {
				t.Errorf("round %d: %s and %s meet again", round, white, black)
			}
			met[white+black], met[black+white] = true, true
			waitGame(t, s, id)
			if a := s.post("/api/games/"+id+"/resign", map[string]string{"player": black, "idempotency_key": "r-" + id}); a.status != 200 {
				t.Fatalf("resign: %d %s", a.status, a.raw)
			}
		}
		if a := s.post(fmt.Sprint("/api/tournaments/open/rounds/", round, "/close"), map[string]any{"idempotency_key": fmt.Sprint("c", round)}); a.status != 200 {
			t.Fatalf("close: %d %s", a.status, a.raw)
		}
	}
	total := 0.0
	for _, x := range s.do("GET", "/api/tournaments/open", "").body["standings"].([]any) {
		total += x.(map[string]any)["points"].(float64)
	}
	if total != 3*2+3 {
		t.Errorf("%v points in all, want 9 (6 games, 3 byes)", total)
	}
	s.stop()
}

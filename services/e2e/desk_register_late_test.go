package e2e

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// finishRound plays every board of round n of tournament id (1. e4 e5,
// Black resigns) and closes it.
func finishRound(t *testing.T, s *server, id string, n int) {
	t.Helper()
	for _, x := range s.round(id, n)["boards"].([]any) {
		bd := x.(map[string]any)
		gid := bd["game_id"].(string)
		waitGame(t, s, gid)
		s.playMoves(t, gid, bd["white"].(string), bd["black"].(string), "e4", "e5")
		mustOK(t, s.post("/api/games/"+gid+"/resign", map[string]any{"player": bd["black"], "idempotency_key": "r-" + gid}), "resign")
		waitGameState(t, s, gid, func(g map[string]any) bool { return g["result"] != "*" && g["result"] != nil })
	}
	mustOK(t, s.post(fmt.Sprintf("/api/tournaments/%s/rounds/%d/close", id, n), map[string]any{"idempotency_key": fmt.Sprint(id, "-close", n)}), "close")
}

// TestDeskRegisterLate registers two late entries after round 1: the
// missed round counts as the organiser chose (H, and Z by default), the
// players are renumbered by rating (C.04: the highest-rated late entry is
// start number 1 in the report), `hakem pair --dutch` on the exported
// report pairs round 2 as the service does, and the audit, re-pairing
// round 1 with the numbering it had, follows.
func TestDeskRegisterLate(t *testing.T) {
	data := t.TempDir()
	s := start(t, data)
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "late", "name": "Late Open", "system": "swiss-dutch", "rounds": 4, "idempotency_key": "c-late"}), "create")
	for i := 1; i <= 6; i++ {
		mustOK(t, s.post("/api/tournaments/late/players", map[string]any{"player_id": fmt.Sprint("p", i), "name": fmt.Sprint("Player, ", i),
			"rating": 2300 - 20*i, "idempotency_key": fmt.Sprint(i)}), "register")
	}
	mustOK(t, s.post("/api/tournaments/late/rounds", map[string]any{"idempotency_key": "p1-late"}), "pair 1")
	if a := s.post("/api/tournaments/late/players", map[string]any{"player_id": "x", "name": "X, X", "missed_rounds": "F", "idempotency_key": "x-late"}); a.status != http.StatusBadRequest || !strings.Contains(a.raw, "missed_rounds") {
		t.Errorf("missed_rounds F: %d %s", a.status, a.raw)
	}
	finishRound(t, s, "late", 1)
	a := mustOK(t, s.post("/api/tournaments/late/players", map[string]any{"player_id": "top", "name": "Top, Late", "rating": 2500, "missed_rounds": "H", "idempotency_key": "top-late"}), "late H")
	if d := a.events()[0]["data"].(map[string]any); d["from_round"] != 2.0 || d["missed_rounds"] != "H" {
		t.Errorf("late entry: %v", d)
	}
	mustOK(t, s.post("/api/tournaments/late/players", map[string]any{"player_id": "low", "name": "Low, Late", "rating": 1500, "idempotency_key": "low-late"}), "late Z")
	st := s.do("GET", "/api/tournaments/late/standings", "")
	for _, x := range st.body["standings"].([]any) {
		r := x.(map[string]any)
		want := map[string]float64{"top": 0.5, "low": 0}
		if w, ok := want[r["player_id"].(string)]; ok && r["points"] != w {
			t.Errorf("%s after round 1: %v points, want %v", r["player_id"], r["points"], w)
		}
	}
	report := s.do("GET", "/api/tournaments/late/trf", "").raw
	lines := strings.Split(report, "\n")
	var top, low string
	for _, l := range lines {
		if strings.Contains(l, "Top, Late") {
			top = l
		}
		if strings.Contains(l, "Low, Late") {
			low = l
		}
	}
	if !strings.HasPrefix(top, "001    1 ") || !strings.Contains(top, "0000 - H") || !strings.HasPrefix(low, "001    8 ") || !strings.Contains(low, "0000 - Z") {
		t.Fatalf("the late entries in the report:\n%s", report)
	}
	file := filepath.Join(t.TempDir(), "late.trf")
	if err := os.WriteFile(file, []byte(report), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(hakemBinary(t), "pair", "--dutch", file, "-p").Output()
	if err != nil {
		t.Fatalf("hakem pair: %v", err)
	}
	p := mustOK(t, s.post("/api/tournaments/late/rounds", map[string]any{"idempotency_key": "p2-late"}), "pair 2")
	no := map[string]string{}
	for _, l := range lines {
		if strings.HasPrefix(l, "001 ") {
			for _, x := range s.do("GET", "/api/tournaments/late", "").body["players"].([]any) {
				pl := x.(map[string]any)
				if strings.Contains(l, pl["name"].(string)) {
					no[pl["player_id"].(string)] = strings.TrimSpace(l[4:8])
				}
			}
		}
	}
	var got []string
	pairs := p.events()[0]["data"].(map[string]any)["pairings"].([]any)
	for _, x := range pairs {
		b := x.(map[string]any)
		got = append(got, no[b["white"].(string)]+" "+no[b["black"].(string)])
	}
	if want := fmt.Sprintf("%d\n%s\n", len(got), strings.Join(got, "\n")); want != string(out) {
		t.Errorf("round 2: the service paired\n%shakem pair --dutch on its report\n%s", want, out)
	}
	s.stop()
	auditTournament(t, data, "late")
}

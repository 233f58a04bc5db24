package e2e

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestLawsPointsPenalties: the 2023 penalties on a game's points through
// hakem serve — 12.9.5 (the offender's score in the game reduced, here
// after the game ended) and 12.9.4 (the opponent's score raised to the
// maximum) — are recorded citing their article and profile, leave the
// games' results as played, and the standings count them (the published
// scoring.standings_updated, re-derived by the audit, and GET standings).
// fide-1997 has no such penalty (13.4): refused, nothing appended.
func TestLawsPointsPenalties(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "pp", "name": "Points penalties", "system": "swiss-dutch", "rounds": 2,
		"idempotency_key": "t-pp"}), "create")
	for i := 1; i <= 4; i++ {
		id := fmt.Sprint("q", i)
		mustOK(t, s.post("/api/tournaments/pp/players", map[string]any{"player_id": id, "name": "Player, " + id,
			"rating": 2000 - 20*i, "idempotency_key": id}), "register")
	}
	mustOK(t, s.post("/api/tournaments/pp/rounds", map[string]any{"idempotency_key": "p1-pp"}), "pair round 1")
	var ids, whites, blacks []string
	for _, x := range s.round("pp", 1)["boards"].([]any) {
		bd := x.(map[string]any)
		ids, whites, blacks = append(ids, bd["game_id"].(string)), append(whites, bd["white"].(string)), append(blacks, bd["black"].(string))
		waitGame(t, s, bd["game_id"].(string))
	}
	if len(ids) != 2 {
		t.Fatalf("round 1 boards %v", ids)
	}
	penalty := func(game, side, kind string, points float64, key string) answer {
		body := map[string]any{"matter": "penalty", "side": side, "penalty": kind, "reason": "a mobile phone in the playing area", "by": "arb", "idempotency_key": key}
		if points != 0 {
			body["points"] = points
		}
		return s.post("/api/games/"+game+"/rulings", body)
	}
	check := func(a answer, what, article, kind string, points float64) {
		t.Helper()
		evs := a.events()
		if a.status != http.StatusOK || len(evs) != 2 || evs[1]["type"] != "arbiter.penalty_imposed" {
			t.Fatalf("%s: %d %s", what, a.status, a.raw)
		}
		r, p := evs[0]["data"].(map[string]any), evs[1]["data"].(map[string]any)
		if r["article"] != article || r["profile"] != "fide-2023" || r["matter"] != "penalty" || r["decision"] != "game_continues" || p["kind"] != kind || p["article"] != article {
			t.Errorf("%s: ruling %v, penalty %v", what, r, p)
		}
		if got, _ := p["points"].(float64); got != points {
			t.Errorf("%s: points %v, want %v", what, p["points"], points)
		}
	}

	// Board 1: White wins, then loses half of the point (12.9.5).
	s.playMoves(t, ids[0], whites[0], blacks[0], "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#")
	waitGameState(t, s, ids[0], func(g map[string]any) bool { return g["result"] == "1-0" })
	n := len(s.eventLog(ids[0]))
	for _, bad := range []struct {
		kind   string
		points float64
		field  string
	}{{"offender_points_reduced", 0, "points"}, {"offender_points_reduced", 2, "points"}, {"opponent_points_to_maximum", 1, "points"}} {
		if a := penalty(ids[0], "white", bad.kind, bad.points, "bad-"+bad.kind+fmt.Sprint(bad.points)); a.status < 400 || a.status >= 500 || !strings.Contains(a.raw, bad.field) {
			t.Errorf("%s %v: %d %s, want a 4xx naming %s", bad.kind, bad.points, a.status, a.raw, bad.field)
		}
	}
	if m := len(s.eventLog(ids[0])); m != n {
		t.Errorf("refused penalties appended %d events", m-n)
	}
	check(penalty(ids[0], "white", "offender_points_reduced", 0.5, "p1"), "12.9.5", "12.9.5", "points_reduced", 0.5)
	// Board 2: a draw, and Black's penalty raises White to the maximum (12.9.4).
	s.playMoves(t, ids[1], whites[1], blacks[1], "d4", "d5")
	mustOK(t, s.post("/api/games/"+ids[1]+"/draw", map[string]string{"player": whites[1], "action": "offer", "idempotency_key": "o-" + ids[1]}), "offer")
	check(penalty(ids[1], "black", "opponent_points_to_maximum", 0, "p2"), "12.9.4", "12.9.4", "opponent_points_to_maximum", 0)
	mustOK(t, s.post("/api/games/"+ids[1]+"/draw", map[string]string{"player": blacks[1], "action": "accept", "idempotency_key": "a-" + ids[1]}), "accept")
	waitGameState(t, s, ids[1], func(g map[string]any) bool { return g["result"] == "1/2-1/2" })
	if g := s.do("GET", "/api/games/"+ids[0], "").body; g["result"] != "1-0" {
		t.Errorf("board 1's result changed: %v", g["result"])
	}
	want := map[string]float64{whites[0]: 0.5, blacks[0]: 0, whites[1]: 1, blacks[1]: 0.5}
	// the hall's live standings count the penalties before the round closes
	hallPoints(t, s, "pp", want)
	mustOK(t, s.post("/api/tournaments/pp/rounds/1/close", map[string]any{"idempotency_key": "c1-pp"}), "close round 1")
	hallPoints(t, s, "pp", want)
	waitUntil(t, "standings after round 1", func() bool {
		return s.do("GET", "/api/tournaments/pp/standings?after=1", "").status == http.StatusOK
	})
	st := mustOK(t, s.do("GET", "/api/tournaments/pp/standings?after=1", ""), "standings").body
	lines, _ := st["standings"].([]any)
	if len(lines) != 4 {
		t.Fatalf("standings %v", st)
	}
	for i, x := range lines {
		line := x.(map[string]any)
		if p := line["player_id"].(string); line["points"] != want[p] {
			t.Errorf("%s has %v points, want %v", p, line["points"], want[p])
		}
		if i == 0 && line["player_id"] != whites[1] {
			t.Errorf("first %v, want %s (1 point after 12.9.4)", line["player_id"], whites[1])
		}
	}

	// the crosstable: the penalised points and ranks, the cells as played
	ct := mustOK(t, s.do("GET", "/api/tournaments/pp/crosstable?after=1", ""), "crosstable").body
	rows, _ := ct["rows"].([]any)
	if len(rows) != 4 {
		t.Fatalf("crosstable %v", ct)
	}
	for i, x := range rows {
		row := x.(map[string]any)
		if p := row["player_id"].(string); row["points"] != want[p] || (i == 0 && p != whites[1]) {
			t.Errorf("crosstable row %d: %s %v points, want %v (first %s)", i, p, row["points"], want[p], whites[1])
		}
		if cells, _ := row["cells"].([]any); row["player_id"] == whites[0] && (len(cells) != 1 || !strings.HasPrefix(cells[0].(string), "+")) {
			t.Errorf("board 1's winner's cell %v: the result as played", cells)
		}
	}

	// fide-1997: no penalty on points (13.4).
	mustOK(t, s.post("/api/games", map[string]any{"id": "old", "white": "w", "black": "b", "laws_profile": "fide-1997", "idempotency_key": "old-old"}), "1997 game")
	n = len(s.eventLog("old"))
	if a := penalty("old", "white", "offender_points_reduced", 0.5, "p"); a.status != http.StatusUnprocessableEntity || !strings.Contains(a.raw, "13.4") {
		t.Errorf("1997 12.9.5: %d %s", a.status, a.raw)
	}
	if m := len(s.eventLog("old")); m != n {
		t.Errorf("the refused 1997 penalty appended %d events", m-n)
	}

	s.stop()
	auditTournament(t, data, "pp")
	for _, id := range ids {
		if r := runAudit(t, "game", id, "--data", data, "--json"); r.code != 0 || r.json["ok"] != true {
			t.Errorf("audit of %s: exit %d %s\n%s", id, r.code, r.stderr, r.stdout)
		}
	}
}

// hallPoints checks the hall's standings of tournament id: each player's
// points as want says, ordered by them.
func hallPoints(t *testing.T, s *server, id string, want map[string]float64) {
	t.Helper()
	h := mustOK(t, s.do("GET", "/api/web/tournaments/"+id+"/hall", ""), "hall").body
	players := map[float64]string{}
	for _, x := range h["players"].([]any) {
		pl := x.(map[string]any)
		players[pl["no"].(float64)] = pl["player_id"].(string)
	}
	rows, _ := h["standings"].([]any)
	if len(rows) != len(want) {
		t.Fatalf("hall standings %v", h["standings"])
	}
	last := 1e9
	for _, x := range rows {
		row := x.(map[string]any)
		p, pts := players[row["no"].(float64)], row["points"].(float64)
		if pts != want[p] || pts > last {
			t.Errorf("hall: %s has %v points, want %v, in order (%v)", p, pts, want[p], rows)
		}
		last = pts
	}
}

package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing/trf"
)

// TestLawsPointsPenaltyPairing: a 2023 12.9.5 penalty that takes a
// round-1 winner's point away moves him into the score group of 0 in the
// pairing of round 2, as the standings count it (one reading of the
// penalties: tournament.Tournament.PenaltyPoints). Six players, round 1
// 1-4, 5-2, 3-6 won by 1, 2 and 3; without the penalty round 2 would be
// 2-1, 4-3, 6-5; with 1 at 0 points it is 2-3 in the group of 1 and 6-1,
// 4-5 in the group of 0. The exported TRF carries the penalty as a 299
// record counted in the points field, `hakem pair --dutch --explain` on it
// pairs the service's round 2 and shows 1 in the group of 0, and the audit
// re-pairs the round the same way.
func TestLawsPointsPenaltyPairing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "pg", "name": "Penalty pairing", "system": "swiss-dutch", "rounds": 3,
		"idempotency_key": "t-pg"}), "create")
	for i := 1; i <= 6; i++ {
		id := fmt.Sprint("s", i)
		mustOK(t, s.post("/api/tournaments/pg/players", map[string]any{"player_id": id, "name": "Player, " + id,
			"rating": 2000 - 20*i, "idempotency_key": id}), "register")
	}
	mustOK(t, s.post("/api/tournaments/pg/rounds", map[string]any{"idempotency_key": "p1-pg"}), "pair round 1")
	var pairs []string
	games := map[string]string{} // "white-black" -> game id
	for _, x := range s.round("pg", 1)["boards"].([]any) {
		bd := x.(map[string]any)
		w, b := bd["white"].(string), bd["black"].(string)
		pairs = append(pairs, w+"-"+b)
		games[w+"-"+b] = bd["game_id"].(string)
		waitGame(t, s, bd["game_id"].(string))
	}
	if want := []string{"s1-s4", "s5-s2", "s3-s6"}; !slices.Equal(pairs, want) {
		t.Fatalf("round 1 %v, want %v", pairs, want)
	}
	for pair, loser := range map[string]string{"s1-s4": "s4", "s5-s2": "s5", "s3-s6": "s6"} {
		w, b, _ := strings.Cut(pair, "-")
		s.playMoves(t, games[pair], w, b, "e4", "e5")
		mustOK(t, s.post("/api/games/"+games[pair]+"/resign", map[string]string{"player": loser, "idempotency_key": "r-" + games[pair]}), "resign "+pair)
	}
	for _, id := range games {
		waitGameState(t, s, id, func(g map[string]any) bool { return g["result"] != "*" })
	}
	// 12.9.5: s1's point taken away, after his game
	a := s.post("/api/games/"+games["s1-s4"]+"/rulings", map[string]any{"matter": "penalty", "side": "white", "penalty": "offender_points_reduced",
		"points": 1, "reason": "a mobile phone in the playing area", "by": "arb", "idempotency_key": "pen"})
	if evs := a.events(); a.status != 200 || len(evs) != 2 || evs[1]["data"].(map[string]any)["article"] != "12.9.5" {
		t.Fatalf("penalty: %d %s", a.status, a.raw)
	}
	mustOK(t, s.post("/api/tournaments/pg/rounds/1/close", map[string]any{"idempotency_key": "c1-pg"}), "close round 1")
	waitUntil(t, "standings after round 1", func() bool {
		return s.do("GET", "/api/tournaments/pg/standings?after=1", "").status == 200
	})
	for _, x := range mustOK(t, s.do("GET", "/api/tournaments/pg/standings?after=1", ""), "standings").body["standings"].([]any) {
		if l := x.(map[string]any); l["player_id"] == "s1" && l["points"] != 0.0 {
			t.Errorf("standings: s1 has %v points, want 0", l["points"])
		}
	}

	// the TRF the engine pairs round 2 from: the 299 record, the points
	text := s.do("GET", "/api/tournaments/pg/trf", "").raw
	file, err := trf.Read(strings.NewReader(text))
	if err != nil {
		t.Fatalf("TRF: %v\n%s", err, text)
	}
	if len(file.AbnormalPoints) != 1 || file.AbnormalPoints[0].Points != -1 || file.AbnormalPoints[0].Round != 1 ||
		!slices.Equal(file.AbnormalPoints[0].Players, []int{1}) || !strings.Contains(text, "\n299 ") {
		t.Errorf("TRF 299 records %+v, want s1 (start number 1) -1 in round 1\n%s", file.AbnormalPoints, text)
	}
	if p := file.ByStartNo(1); p == nil || p.Points != 0 {
		t.Errorf("TRF: start number 1's points %+v, want 0", p)
	}
	in := filepath.Join(t.TempDir(), "pg.trf")
	if err := os.WriteFile(in, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(hakemBinary(t), "pair", "--dutch", in, "-p", "--explain").CombinedOutput()
	if err != nil {
		t.Fatalf("hakem pair: %v\n%s", err, out)
	}
	var fromFile []string
	for _, line := range strings.Split(string(out), "\n")[1:] {
		var w, b int
		if n, _ := fmt.Sscan(line, &w, &b); n == 2 && w > 0 && b > 0 {
			fromFile = append(fromFile, fmt.Sprintf("s%d-s%d", w, b))
		}
	}
	slices.Sort(fromFile)
	if want := []string{"s2-s3", "s4-s5", "s6-s1"}; !slices.Equal(fromFile, want) {
		t.Errorf("hakem pair on the TRF: %v, want %v\n%s", fromFile, want, out)
	}
	for _, note := range []string{"Points assigned apart from the games (299), counted in the score: 1 -1.0 in round 1",
		"Bracket of score 1.0: residents 2(1.0) 3(1.0)", "Bracket of score 0.0: residents 1(0.0) 4(0.0) 5(0.0) 6(0.0)"} {
		if !strings.Contains(string(out), note) {
			t.Errorf("the explanation does not say %q:\n%s", note, out)
		}
	}

	mustOK(t, s.post("/api/tournaments/pg/rounds", map[string]any{"idempotency_key": "p2-pg"}), "pair round 2")
	var r2 []string
	for _, x := range s.round("pg", 2)["boards"].([]any) {
		bd := x.(map[string]any)
		r2 = append(r2, bd["white"].(string)+"-"+bd["black"].(string))
	}
	slices.Sort(r2)
	if !slices.Equal(r2, fromFile) {
		t.Errorf("round 2 %v, the TRF pairs %v", r2, fromFile)
	}
	s.stop()
	auditTournament(t, data, "pg")
}

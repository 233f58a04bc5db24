package e2e

import (
	"bytes"
	"fmt"
	"math"
	"net/http"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/pairing/trf"
	"github.com/hakem-chess/hakem/services/trfreport"
)

// TestDeskResultsOpen runs a rated 40-player, 9-round open the way a desk
// does: the players registered by FIDE id alone from a FIDE rating list
// (`hakem ratinglist import` of a list in the published TXT layout), byes
// requested of each kind (H, Z, F, and the older zero points), two late
// entries before round 3 (one rated among the top, renumbered by rating;
// their missed rounds H and Z), each round paired, changed by hand or
// withdrawn and paired again before its publication, published, its whole
// results sheet posted (start numbers or player ids, one forfeit), a
// correction after the next round was paired, a withdrawal. The exported
// TRF rates the sheet's games (1, 0, =); `hakem standings` and `hakem
// ratings` read it back and give the service's standings and Elo changes;
// the audit follows the whole tournament.
func TestDeskResultsOpen(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	if out, err := exec.Command(hakemBinary(t), "ratinglist", "import", "testdata/desk_open_list.txt", "--data", data).CombinedOutput(); err != nil || !strings.Contains(string(out), "42 players imported") {
		t.Fatalf("ratinglist import: %v\n%s", err, out)
	}
	s := start(t, data)
	const id, players, rounds = "deskopen", 40, 9
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": id, "name": "Desk Open", "system": "swiss-dutch", "rounds": rounds,
		"time_control": "5400+30", "rated": true, "city": "Istanbul", "federation": "TUR", "tiebreak_rules": "2024", "tiebreaks": []string{"BH/C1", "BH", "SB"}, "idempotency_key": "t-" + id}), "create")
	var list []map[string]any
	for i := 1; i <= players; i++ {
		list = append(list, map[string]any{"player_id": fmt.Sprint("d", i), "fide_id": fmt.Sprint(100000 + i)})
	}
	reg := mustOK(t, s.post("/api/tournaments/"+id+"/players", map[string]any{"players": list, "idempotency_key": "list-" + id}), "register from the list")
	for i, e := range reg.events() {
		d := e["data"].(map[string]any)
		if d["name"] != fmt.Sprintf("Player, D%02d", i+1) || d["rating"] != float64(2450-15*(i+1)) || d["federation"] == "" {
			t.Fatalf("registration %d from the list: %v", i+1, d)
		}
	}
	wantKind := requestByes(t, s, id)
	var corrected deskBoard
	pairingByes := 0
	for round := 1; round <= rounds; round++ {
		if round == 3 {
			lateEntries(t, s, id)
		}
		rd := pairPublished(t, s, id, round)
		for _, kind := range rd.byesByID {
			pairingByes += map[string]int{"U": 1}[kind]
		}
		for player, kind := range wantKind[round] {
			if rd.byesByID[player] != kind {
				t.Errorf("round %d: player %s's bye is %q, want %q (byes %v)", round, player, rd.byesByID[player], kind, rd.byesByID)
			}
		}
		if round == 1 {
			refusedWhole(t, s, id, 1, []map[string]any{{"white": rd.boards[0].white, "black": rd.boards[0].black, "result": "1-0"},
				{"white": rd.boards[0].white, "black": rd.boards[1].black, "result": "1-0"}}, "results[1]")
			refusedWhole(t, s, id, 1, []map[string]any{{"white": rd.boards[0].white, "black": rd.boards[0].black, "result": "2-0"}}, "results[0].result")
		}
		postSheet(t, s, id, round, rd)
		if round == 7 { // round 6 corrected once round 7 is paired
			a := mustOK(t, s.post(fmt.Sprintf("/api/tournaments/%s/rounds/6/results", id), map[string]any{"results": []map[string]any{
				{"white": corrected.white, "black": corrected.black, "result": "0-1", "reason": "the sheet was signed the other way"}},
				"idempotency_key": "fix6", "by": "chief"}), "correction")
			if a.body["next_round_paired"] != true || !strings.Contains(fmt.Sprint(a.body["message"]), "round 7 is already paired") {
				t.Errorf("correction after round 7 was paired: %s", a.raw)
			}
		}
		mustOK(t, s.post(fmt.Sprintf("/api/tournaments/%s/rounds/%d/close", id, round), map[string]any{"idempotency_key": fmt.Sprint(id, "-c", round)}), "close")
		if round == 6 {
			corrected = rd.boards[2]
			if sheetResult(6, corrected) == "0-1" {
				corrected = rd.boards[3]
			}
		}
		if round == 5 {
			mustOK(t, s.post("/api/tournaments/"+id+"/withdrawals", map[string]any{"player_id": "d30", "reason": "ill", "idempotency_key": "w30-" + id}), "withdraw")
		}
	}
	if pairingByes == 0 {
		t.Error("no round had a pairing-allocated bye (U)")
	}
	if got := deskRoundOf(t, s, id, 6); boardResult(got, corrected.board) != "0-1" {
		t.Errorf("round 6 board %d after its correction: %q, want 0-1", corrected.board, boardResult(got, corrected.board))
	}
	waitUntil(t, "the standings of each round and of the correction", func() bool {
		return strings.Count(s.do("GET", "/api/tournaments/"+id+"/events?follow=false", "").raw, `"type":"scoring.standings_updated"`) == rounds+1
	})
	report := checkRatings(t, s, id)
	readBack(t, s, id, report)
	waitSheetGames(t, s, id, rounds)
	broadcastLeavesOutForfeit(t, s, id, deskRoundOf(t, s, id, 5))
	s.stop()
	auditTournament(t, data, id)
}

// requestByes asks for byes in advance, by start number and by player id,
// and returns the kind each must have by round and player (the late
// entries of round 3 paired, no bye).
func requestByes(t *testing.T, s *server, id string) map[int]map[string]string {
	t.Helper()
	byes := []map[string]any{
		{"player": 10, "round": 2, "kind": "H"}, {"player": "d11", "round": 3, "kind": "Z"},
		{"player": 12, "round": 4, "kind": "F"}, {"player_id": "d13", "round": 5, "points": 0},
		{"player": 14, "round": 6},
	}
	for i, b := range byes {
		b["idempotency_key"], b["by"] = fmt.Sprint("bye", i), "chief"
		mustOK(t, s.post("/api/tournaments/"+id+"/byes", b), fmt.Sprint("bye ", b))
	}
	return map[int]map[string]string{2: {"d10": "H"}, 3: {"d11": "Z", "d41": "", "d42": ""}, 4: {"d12": "F"}, 5: {"d13": "Z"}, 6: {"d14": "H"}}
}

// lateEntries registers two players from the list before round 3: d41,
// rated among the top four (renumbered: start number 4 from then on, C.04.2),
// his two missed rounds half-point byes; d42, the lowest, zero-point byes
// (the default).
func lateEntries(t *testing.T, s *server, id string) {
	t.Helper()
	for _, e := range []struct{ player, missed string }{{"d41", "H"}, {"d42", ""}} {
		body := map[string]any{"player_id": e.player, "fide_id": "1000" + e.player[1:], "idempotency_key": "late-" + e.player, "by": "chief"}
		if e.missed != "" {
			body["missed_rounds"] = e.missed
		}
		d := mustOK(t, s.post("/api/tournaments/"+id+"/players", body), "late entry").events()[0]["data"].(map[string]any)
		if d["from_round"] != 3.0 || d["name"] != "Player, D"+e.player[1:] {
			t.Errorf("late entry %s: %v", e.player, d)
		}
	}
	want := map[string]struct {
		no     float64
		points float64
	}{"d41": {4, 1}, "d42": {42, 0}, "d4": {5, -1}}
	for _, x := range mustOK(t, s.do("GET", "/api/tournaments/"+id+"/standings", ""), "standings").body["standings"].([]any) {
		r := x.(map[string]any)
		if w, ok := want[r["player_id"].(string)]; ok && (r["start_number"] != w.no || w.points >= 0 && r["points"] != w.points) {
			t.Errorf("after the late entries, %s is start number %v with %v points, want %v with %v", r["player_id"], r["start_number"], r["points"], w.no, w.points)
		}
	}
}

// pairPublished pairs round, changes it by hand or pairs it again as the
// round asks, publishes it and returns it as published.
func pairPublished(t *testing.T, s *server, id string, round int) deskRound {
	t.Helper()
	base := fmt.Sprintf("/api/tournaments/%s/rounds/%d", id, round)
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds", map[string]any{"idempotency_key": fmt.Sprint(id, "-p", round)}), fmt.Sprint("pair ", round))
	rd := deskRoundOf(t, s, id, round)
	if rd.published || len(rd.boards) == 0 {
		t.Fatalf("round %d: published %v before publication, %d boards", round, rd.published, len(rd.boards))
	}
	switch round {
	case 2: // withdrawn and paired again: the same pairing, new games
		mustOK(t, s.do("DELETE", base, `{"reason":"pairing cards misread","idempotency_key":"u2","by":"chief"}`), "unpair")
		if a := s.do("GET", base, ""); a.status != http.StatusNotFound {
			t.Fatalf("round 2 unpaired: %d %s", a.status, a.raw)
		}
		mustOK(t, s.post("/api/tournaments/"+id+"/rounds", map[string]any{"idempotency_key": "p2-again-" + id}), "pair 2 again")
		again := deskRoundOf(t, s, id, round)
		if again.boards[0].white != rd.boards[0].white || again.boards[0].gameID == rd.boards[0].gameID {
			t.Errorf("round 2 paired again: board 1 %+v, was %+v", again.boards[0], rd.boards[0])
		}
	case 3: // colours exchanged on board 1, board 4 moved to board 2
		mustOK(t, s.post(base+"/changes", map[string]any{"change": "colours", "board": 1, "reason": "colour mix-up", "idempotency_key": "h1", "by": "chief"}), "colours")
		a := mustOK(t, s.post(base+"/changes", map[string]any{"change": "move", "board": 4, "to": 2, "idempotency_key": "h2", "by": "chief"}), "move")
		if len(a.events()) != 1 {
			t.Fatalf("move: %s", a.raw)
		}
	case 4: // two players swapped
		rd := deskRoundOf(t, s, id, round)
		a := mustOK(t, s.post(base+"/changes", map[string]any{"change": "swap", "players": []any{rd.boards[0].black, rd.boards[1].blackID},
			"reason": "team-mates", "idempotency_key": "h3", "by": "chief"}), "swap")
		if ev := a.events(); len(ev) != 1 || ev[0]["type"] != "tournament.pairing_changed" {
			t.Fatalf("swap: %s", a.raw)
		}
	}
	mustOK(t, s.post(base+"/publish", map[string]any{"idempotency_key": fmt.Sprint("pub", round), "by": "chief"}), "publish")
	if a := s.post(base+"/changes", map[string]any{"change": "colours", "board": 1, "idempotency_key": fmt.Sprint("late", round), "by": "chief"}); a.status != http.StatusConflict {
		t.Errorf("a hand change after publication: %d %s", a.status, a.raw)
	}
	rd = deskRoundOf(t, s, id, round)
	if !rd.published {
		t.Fatalf("round %d not published after publication", round)
	}
	return rd
}

// postSheet posts round's whole results sheet: start numbers in odd
// rounds, player ids in even ones; board 2 of round 5 a forfeit.
func postSheet(t *testing.T, s *server, id string, round int, rd deskRound) {
	t.Helper()
	var sheet []map[string]any
	for _, b := range rd.boards {
		l := map[string]any{"white": b.white, "black": b.black, "result": sheetResult(round, b)}
		if round%2 == 0 {
			l["white"], l["black"] = b.whiteID, b.blackID
		}
		if round == 5 && b.board == 2 {
			l["result"] = "+/-"
		}
		sheet = append(sheet, l)
	}
	mustOK(t, s.post(fmt.Sprintf("/api/tournaments/%s/rounds/%d/results", id, round), map[string]any{"results": sheet, "idempotency_key": fmt.Sprint(id, "-sheet", round), "by": "chief"}), "sheet")
	for _, b := range deskRoundOf(t, s, id, round).boards {
		if b.result == "*" {
			t.Fatalf("round %d board %d without its result after the sheet", round, b.board)
		}
	}
}

func boardResult(rd deskRound, board int) string {
	for _, b := range rd.boards {
		if b.board == board {
			return b.result
		}
	}
	return ""
}

// checkRatings reads the exported TRF: the sheet's games are rated games
// (1, 0, =), hand changes are ### lines, and the rating report of its
// players (trfreport, what `hakem ratings` prints) gives the service's K
// and change for every rated player. It returns the exported file.
func checkRatings(t *testing.T, s *server, id string) string {
	t.Helper()
	a := s.do("GET", "/api/tournaments/"+id+"/trf", "")
	if a.status != http.StatusOK {
		t.Fatalf("trf: %d %s", a.status, a.raw)
	}
	f, err := trf.Read(strings.NewReader(a.raw))
	if err != nil {
		t.Fatalf("the exported TRF does not read: %v\n%s", err, a.raw)
	}
	if n := strings.Count(a.raw, "\n### round "); n != 3 {
		t.Errorf("%d hand-change comment lines, want 3:\n%s", n, a.raw)
	}
	// round 3's colours exchanged on board 1 against the engine's: a
	// quality criterion of C.04.3 (C5-C21) broken, named with its players
	quality := regexp.MustCompile(`^### round 3 changed by hand: board 1 colours exchanged; breaks .*\bC([5-9]|1[0-9]|2[01]) \[\d+ \d+\]: `)
	if !slices.ContainsFunc(strings.Split(a.raw, "\n"), quality.MatchString) {
		t.Errorf("no ### line of round 3's colour exchange naming a quality criterion:\n%s", a.raw)
	}
	codes := map[trf.ResultCode]int{}
	for _, p := range f.Players {
		for _, r := range p.Rounds {
			codes[r.Result]++
		}
	}
	if codes[trf.Win] == 0 || codes[trf.Draw] == 0 || codes[trf.UnratedWin]+codes[trf.UnratedLoss]+codes[trf.UnratedDraw] != 0 || codes[trf.ForfeitWin] != 1 {
		t.Errorf("result codes %v: the sheet's games must be rated (1, 0, =), one forfeit", codes)
	}
	report, err := trfreport.RatingReport(f, trfreport.RatingOptions{Year: time.Now().UTC().Year()})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := trfreport.WriteRatingsTSV(&buf, report); err != nil {
		t.Fatal(err)
	}
	byFide := map[string]trfreport.PlayerRating{}
	for _, p := range f.Players {
		for _, r := range report {
			if r.No == p.StartNo {
				byFide[strings.TrimSpace(p.FideID)] = r
			}
		}
	}
	ratings := mustOK(t, s.do("GET", "/api/tournaments/"+id+"/ratings", ""), "ratings")
	changes := ratings.body["changes"].([]any)
	if len(changes) != 42 {
		t.Fatalf("%d rating changes, want 42", len(changes))
	}
	for _, x := range changes {
		c := x.(map[string]any)
		n, _ := strconv.Atoi(strings.TrimPrefix(c["player_id"].(string), "d"))
		r := byFide[fmt.Sprint(100000+n)]
		if r.Elo == nil || float64(r.Elo.K) != c["k"].(float64) || math.Abs(float64(r.Elo.Change)/100-c["change"].(float64)) > 1e-9 {
			t.Errorf("%s: the service gives K %v change %v, the TRF's report %+v", c["player_id"], c["k"], c["change"], r.Elo)
		}
		if n == 25 && c["k"].(float64) != 40 {
			t.Errorf("the junior born in 2009 has K %v, want 40", c["k"])
		}
	}
	t.Logf("rating report of the exported TRF:\n%s", buf.String())
	return a.raw
}

// waitSheetGames waits until the games service has ended every board's
// game with its sheet's result (its games-rounds group).
func waitSheetGames(t *testing.T, s *server, id string, rounds int) {
	t.Helper()
	for round := 1; round <= rounds; round++ {
		for _, b := range deskRoundOf(t, s, id, round).boards {
			waitGameState(t, s, b.gameID, func(g map[string]any) bool { return g["result"] != nil && g["result"] != "*" && g["result"] != "" })
		}
	}
}

package e2e

import (
	"bytes"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/pairing/trf"
	"github.com/hakem-chess/hakem/services/trfreport"
)

// TestDeskResultsOpen runs a rated 40-player, 9-round open the way a desk
// does: players registered, byes requested of each kind (H, Z, F, and
// the older zero points), each round paired, changed by hand or withdrawn
// and paired again before its publication, published, its whole results
// sheet posted (start numbers or player ids, one forfeit), a correction
// after the next round was paired, a withdrawal. The exported TRF rates
// the sheet's games (1, 0, =) and `hakem ratings`' functions give the
// service's Elo changes; the audit follows the whole tournament.
func TestDeskResultsOpen(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	const id, players, rounds = "deskopen", 40, 9
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": id, "name": "Desk Open", "system": "swiss-dutch", "rounds": rounds,
		"time_control": "5400+30", "rated": true, "idempotency_key": "t"}), "create")
	for i := 1; i <= players; i++ {
		p := map[string]any{"player_id": fmt.Sprint("d", i), "name": fmt.Sprintf("Player, D%02d", i), "rating": 2450 - 15*i,
			"fide_id": fmt.Sprint(100000 + i), "federation": "TUR", "idempotency_key": fmt.Sprint("r", i)}
		if i == 25 {
			p["birth_year"] = 2009 // a junior under 2300: K 40 (FIDE B.02 8.3.3)
		}
		mustOK(t, s.post("/api/tournaments/"+id+"/players", p), "register")
	}
	// byes asked for in advance: by start number and by player id
	byes := []map[string]any{
		{"player": 10, "round": 2, "kind": "H"}, {"player": "d11", "round": 3, "kind": "Z"},
		{"player": 12, "round": 4, "kind": "F"}, {"player_id": "d13", "round": 5, "points": 0},
		{"player": 14, "round": 6},
	}
	wantKind := map[[2]int]string{{2, 10}: "H", {3, 11}: "Z", {4, 12}: "F", {5, 13}: "Z", {6, 14}: "H"}
	for i, b := range byes {
		b["idempotency_key"], b["by"] = fmt.Sprint("bye", i), "chief"
		mustOK(t, s.post("/api/tournaments/"+id+"/byes", b), fmt.Sprint("bye ", b))
	}
	var corrected deskBoard
	for round := 1; round <= rounds; round++ {
		rd := pairPublished(t, s, id, round)
		for k, kind := range wantKind {
			if k[0] == round && rd.byes[k[1]] != kind {
				t.Errorf("round %d: player %d's bye is %q, want %q (byes %v)", round, k[1], rd.byes[k[1]], kind, rd.byes)
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
		mustOK(t, s.post(fmt.Sprintf("/api/tournaments/%s/rounds/%d/close", id, round), map[string]any{"idempotency_key": fmt.Sprint("c", round)}), "close")
		if round == 6 {
			corrected = rd.boards[2]
			if sheetResult(6, corrected) == "0-1" {
				corrected = rd.boards[3]
			}
		}
		if round == 5 {
			mustOK(t, s.post("/api/tournaments/"+id+"/withdrawals", map[string]any{"player_id": "d30", "reason": "ill", "idempotency_key": "w30"}), "withdraw")
		}
	}
	if got := deskRoundOf(t, s, id, 6); boardResult(got, corrected.board) != "0-1" {
		t.Errorf("round 6 board %d after its correction: %q, want 0-1", corrected.board, boardResult(got, corrected.board))
	}
	waitUntil(t, "the standings of each round and of the correction", func() bool {
		return strings.Count(s.do("GET", "/api/tournaments/"+id+"/events?follow=false", "").raw, `"type":"scoring.standings_updated"`) == rounds+1
	})
	checkRatings(t, s, id)
	waitSheetGames(t, s, id, rounds)
	s.stop()
	auditTournament(t, data, id)
}

// pairPublished pairs round, changes it by hand or pairs it again as the
// round asks, publishes it and returns it as published.
func pairPublished(t *testing.T, s *server, id string, round int) deskRound {
	t.Helper()
	base := fmt.Sprintf("/api/tournaments/%s/rounds/%d", id, round)
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds", map[string]any{"idempotency_key": fmt.Sprint("p", round)}), fmt.Sprint("pair ", round))
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
		mustOK(t, s.post("/api/tournaments/"+id+"/rounds", map[string]any{"idempotency_key": "p2-again"}), "pair 2 again")
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
	mustOK(t, s.post(fmt.Sprintf("/api/tournaments/%s/rounds/%d/results", id, round), map[string]any{"results": sheet, "idempotency_key": fmt.Sprint("sheet", round), "by": "chief"}), "sheet")
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
// and change for every rated player.
func checkRatings(t *testing.T, s *server, id string) {
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
	if len(changes) != 40 {
		t.Fatalf("%d rating changes, want 40", len(changes))
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

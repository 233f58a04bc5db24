package e2e

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing/trf"
)

// TestBothLoseTournament: in round 1 of a rated 4-player Swiss played
// through hakem serve, the arbiter rules that both players of board 1 are
// at fault (matter both_at_fault: 2023 11.8, laws.BothAtFault). A ruling
// without its reason is refused with nothing appended; with it the games
// service ends the game 0-0 citing 11.8; the round closes with board 1 at
// 0-0, the standings give both players 0, the TRF export has a played 0
// for both with their colours, the game's PGN says so in a comment, and
// the audit of the tournament and of the game is clean.
func TestBothLoseTournament(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "bl", "name": "Both lose", "system": "swiss-dutch", "rounds": 2,
		"rated": true, "idempotency_key": "t-bl"}), "create")
	name := map[string]string{}
	for i := 1; i <= 4; i++ {
		id := fmt.Sprint("q", i)
		name[id] = "Player, " + id
		mustOK(t, s.post("/api/tournaments/bl/players", map[string]any{"player_id": id, "name": name[id],
			"rating": 2000 - 20*i, "idempotency_key": id}), "register")
	}
	mustOK(t, s.post("/api/tournaments/bl/rounds", map[string]any{"idempotency_key": "p1-bl"}), "pair round 1")
	var ids, whites, blacks []string
	for _, x := range s.round("bl", 1)["boards"].([]any) {
		bd := x.(map[string]any)
		ids, whites, blacks = append(ids, bd["game_id"].(string)), append(whites, bd["white"].(string)), append(blacks, bd["black"].(string))
		waitGame(t, s, bd["game_id"].(string))
	}
	if len(ids) != 2 {
		t.Fatalf("round 1 boards %v", ids)
	}
	for b := range 2 {
		s.playMoves(t, ids[b], whites[b], blacks[b], "e4", "e5", "Nf3", "Nc6")
	}
	before := len(s.eventLog(ids[0]))
	if a := s.post("/api/games/"+ids[0]+"/rulings", map[string]any{"matter": "both_at_fault", "by": "arb", "idempotency_key": "nr-" + ids[0]}); a.status != http.StatusBadRequest || a.errorCode() != "invalid" || !strings.Contains(a.raw, "reason") {
		t.Errorf("a ruling without its reason: %d %s", a.status, a.raw)
	}
	if n := len(s.eventLog(ids[0])); n != before {
		t.Errorf("a refused ruling appended %d events", n-before)
	}
	a := mustOK(t, s.post("/api/games/"+ids[0]+"/rulings", map[string]any{"matter": "both_at_fault",
		"reason": "both refused to stop analysing aloud after a warning", "by": "arb", "idempotency_key": "both"}), "both at fault")
	if ev := a.events(); len(ev) != 1 || ev[0]["type"] != "arbiter.ruling_given" {
		t.Fatalf("ruling events: %s", a.raw)
	} else if d := ev[0]["data"].(map[string]any); d["matter"] != "both_at_fault" || d["decision"] != "both_lose" || d["article"] != "11.8" || d["profile"] != "fide-2023" {
		t.Errorf("ruling %v", d)
	}
	// the games service ends the game from the ruling
	var g map[string]any
	waitUntil(t, "board 1 ended 0-0", func() bool {
		g = s.do("GET", "/api/games/"+ids[0], "").body
		return g["result"] == "0-0"
	})
	if g["termination"] != "arbiter" || g["article"] != "11.8" {
		t.Errorf("board 1 ended %v (%v, article %v), want 0-0 (arbiter, 11.8)", g["result"], g["termination"], g["article"])
	}
	if a := s.post("/api/games/"+ids[0]+"/rulings", map[string]any{"matter": "both_at_fault", "reason": "again", "by": "arb", "idempotency_key": "again-" + ids[0]}); a.status < 400 || a.status >= 500 {
		t.Errorf("a second ruling on the ended game: %d %s", a.status, a.raw)
	}
	pgn := s.do("GET", "/api/games/"+ids[0]+"/pgn", "").raw
	for _, want := range []string{`[Result "*"]`, `[Termination "rules infraction"]`, "Both players lost (0-0), article 11.8"} {
		if !strings.Contains(pgn, want) {
			t.Errorf("the PGN has no %s:\n%s", want, pgn)
		}
	}
	mustOK(t, s.post("/api/games/"+ids[1]+"/resign", map[string]string{"player": blacks[1], "idempotency_key": "r-" + ids[1]}), "resign board 2")
	waitUntil(t, "board 2 over", func() bool { return s.do("GET", "/api/games/"+ids[1], "").body["result"] == "1-0" })
	mustOK(t, s.post("/api/tournaments/bl/rounds/1/close", map[string]any{"idempotency_key": "c1-bl"}), "close round 1")
	if r := s.round("bl", 1)["boards"].([]any)[0].(map[string]any)["result"]; r != "0-0" {
		t.Errorf("board 1 reads %v in the tournament, want 0-0", r)
	}

	// standings after round 1: nothing for either player of board 1
	want := map[string]float64{whites[0]: 0, blacks[0]: 0, whites[1]: 1, blacks[1]: 0}
	st := mustOK(t, s.do("GET", "/api/tournaments/bl/standings?after=1", ""), "standings").body
	lines, _ := st["standings"].([]any)
	if len(lines) != 4 {
		t.Fatalf("standings %v", st)
	}
	for _, x := range lines {
		line := x.(map[string]any)
		if p := line["player_id"].(string); line["points"] != want[p] {
			t.Errorf("%s has %v points, want %v", p, line["points"], want[p])
		}
	}

	// rated as a loss for both (pairing/domain.BothLost)
	rt := mustOK(t, s.do("GET", "/api/tournaments/bl/ratings?after=1", ""), "ratings").body
	changes, _ := rt["changes"].([]any)
	lost := 0
	for _, x := range changes {
		c := x.(map[string]any)
		if p := c["player_id"]; p == whites[0] || p == blacks[0] {
			lost++
			if ch, _ := c["change"].(float64); ch >= 0 {
				t.Errorf("%s's rating change %v after a game lost", p, c["change"])
			}
		}
	}
	if rt["rated"] != true || lost != 2 {
		t.Errorf("ratings after round 1: %v", rt)
	}

	// the TRF: a game played, 0 for both, with their colours
	text := s.do("GET", "/api/tournaments/bl/trf", "").raw
	file, err := trf.Read(strings.NewReader(text))
	if err != nil {
		t.Fatalf("TRF export: %v\n%s", err, text)
	}
	startNo := map[string]int{}
	for _, p := range file.Players {
		for id, n := range name {
			if p.Name == n {
				startNo[id] = p.StartNo
			}
		}
	}
	for _, p := range file.Players {
		r := p.Round(1)
		switch p.StartNo {
		case startNo[whites[0]]:
			if r.Result != trf.Loss || r.Color != trf.White || r.Opponent != startNo[blacks[0]] || !r.Played() || p.Points != 0 {
				t.Errorf("White of board 1 in the TRF: %+v, %v points\n%s", r, p.Points, text)
			}
		case startNo[blacks[0]]:
			if r.Result != trf.Loss || r.Color != trf.Black || r.Opponent != startNo[whites[0]] || !r.Played() || p.Points != 0 {
				t.Errorf("Black of board 1 in the TRF: %+v, %v points\n%s", r, p.Points, text)
			}
		}
	}
	if len(startNo) != 4 {
		t.Fatalf("players in the TRF: %v\n%s", startNo, text)
	}

	s.stop()
	auditTournament(t, data, "bl")
	if r := runAudit(t, "game", ids[0], "--data", data, "--json"); r.code != 0 || r.json["ok"] != true || r.json["result"] != "0-0" {
		t.Errorf("audit of the game: exit %d %s\n%s", r.code, r.stderr, r.stdout)
	}
}

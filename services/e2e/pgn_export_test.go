package e2e

import (
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/rules/pgn"
)

// TestPGNExport plays two rounds of a 4-player round robin with running
// clocks through the HTTP API, then reads the tournament's and a round's
// PGN exports back with rules/pgn: the games in round and board order,
// the tournament's name, Round "r.b", the registered names, FIDE ids and
// ratings, the results and a [%clk] comment after every move.
func TestPGNExport(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	s := start(t, t.TempDir())
	if a := s.post("/api/tournaments", map[string]any{"id": "bc", "name": "Broadcast Open", "system": "round-robin", "time_control": "300+2", "idempotency_key": "t-bc"}); a.status != http.StatusCreated {
		t.Fatalf("create: %d %s", a.status, a.raw)
	}
	type entry struct {
		name, fide string
		rating     int
	}
	players := map[string]entry{
		"p1": {"Alpha, Ann", "1503014", 2400},
		"p2": {"Bravo, Ben", "4100018", 2300},
		"p3": {"Charlie, Cy", "", 2200},    // no FIDE id
		"p4": {"Delta, Di", "24116068", 0}, // unrated
	}
	for _, id := range []string{"p1", "p2", "p3", "p4"} {
		p := players[id]
		if a := s.post("/api/tournaments/bc/players", map[string]any{"player_id": id, "name": p.name, "fide_id": p.fide, "rating": p.rating, "idempotency_key": id}); a.status != 200 {
			t.Fatalf("register %s: %d %s", id, a.status, a.raw)
		}
	}

	type played struct {
		id            string
		round, board  int
		white, black  string
		result, moves string
	}
	var games []played
	for round := 1; round <= 2; round++ {
		if a := s.post("/api/tournaments/bc/rounds", map[string]any{"idempotency_key": fmt.Sprint("pair", round)}); a.status != 200 {
			t.Fatalf("pair round %d: %d %s", round, a.status, a.raw)
		}
		rounds := s.do("GET", "/api/tournaments/bc", "").body["rounds"].([]any)
		boards := rounds[round-1].(map[string]any)["boards"].([]any)
		for _, x := range boards {
			bd := x.(map[string]any)
			id, white, black := bd["game_id"].(string), bd["white"].(string), bd["black"].(string)
			board := int(bd["board"].(float64))
			waitGame(t, s, id)
			if a := s.post("/api/games/"+id+"/clock/start", map[string]string{"idempotency_key": "start-" + id, "by": "arbiter-1"}); a.status != 200 && a.status != 201 {
				t.Fatalf("start the clock of %s: %d %s", id, a.status, a.raw)
			}
			g := played{id: id, round: round, board: board, white: white, black: black}
			if board == 1 { // Fool's mate: Black wins
				for i, mv := range []string{"f3", "e5", "g4", "Qh4#"} {
					s.move(id, []string{white, black}[i%2], mv, fmt.Sprint(id, "-m", i))
				}
				g.result, g.moves = "0-1", "f3 e5 g4 Qh4#"
			} else { // two moves each, then Black resigns
				for i, mv := range []string{"e4", "e5", "Nf3", "Nc6"} {
					s.move(id, []string{white, black}[i%2], mv, fmt.Sprint(id, "-m", i))
				}
				if a := s.post("/api/games/"+id+"/resign", map[string]string{"player": black, "idempotency_key": "r-" + id}); a.status != 200 {
					t.Fatalf("resign %s: %d %s", id, a.status, a.raw)
				}
				g.result, g.moves = "1-0", "e4 e5 Nf3 Nc6"
			}
			games = append(games, g)
		}
		// the round closes once the games service has written the results
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			a := s.post(fmt.Sprint("/api/tournaments/bc/rounds/", round, "/close"), map[string]any{"idempotency_key": fmt.Sprint("close", round)})
			if a.status == 200 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("close round %d: %d %s", round, a.status, a.raw)
			}
		}
	}

	all := fetchPGN(t, s.base+"/api/tournaments/bc/pgn")
	check := func(what string, got []*pgn.Game, want []played) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: %d games, want %d", what, len(got), len(want))
		}
		for i, g := range got {
			w := want[i]
			wp, bp := players[w.white], players[w.black]
			tags := map[string]string{
				"Event": "Broadcast Open", "Site": "?", "Round": fmt.Sprintf("%d.%d", w.round, w.board),
				"White": wp.name, "Black": bp.name, "Result": w.result, "TimeControl": "300+2",
				"WhiteFideId": wp.fide, "BlackFideId": bp.fide,
				"WhiteElo": eloTag(wp.rating), "BlackElo": eloTag(bp.rating),
			}
			for name, v := range tags {
				if g.Tag(name) != v {
					t.Errorf("%s game %d: [%s %q], want %q", what, i+1, name, g.Tag(name), v)
				}
			}
			if !regexp.MustCompile(`^\d{4}\.\d\d\.\d\d$`).MatchString(g.Tag("Date")) {
				t.Errorf("%s game %d: [Date %q]", what, i+1, g.Tag("Date"))
			}
			if g.Result != w.result {
				t.Errorf("%s game %d: result %q, want %q", what, i+1, g.Result, w.result)
			}
			rg, err := g.Replay()
			if err != nil {
				t.Fatalf("%s game %d: replay: %v", what, i+1, err)
			}
			var sans []string
			for j, m := range rg.Moves() {
				pos := rg.PositionAt(j)
				sans = append(sans, pos.SAN(m))
				if !g.Moves[j].HasClock || g.Moves[j].Clock <= 0 || g.Moves[j].Clock > 5*time.Minute+2*time.Second*time.Duration(j/2+1) {
					t.Errorf("%s game %d move %d: clock %v (has %v)", what, i+1, j+1, g.Moves[j].Clock, g.Moves[j].HasClock)
				}
			}
			if strings.Join(sans, " ") != w.moves {
				t.Errorf("%s game %d: moves %q, want %q", what, i+1, strings.Join(sans, " "), w.moves)
			}
		}
	}
	check("tournament", all, games)
	check("round 2", fetchPGN(t, s.base+"/api/tournaments/bc/rounds/2/pgn"), games[2:])
	// each game's own PGN names the event and the players as people read them
	for _, w := range games {
		a := s.do("GET", "/api/games/"+w.id+"/pgn", "")
		got, err := pgn.NewReader(strings.NewReader(a.raw)).Next()
		if a.status != 200 || err != nil {
			t.Fatalf("game %s's PGN: %d %v", w.id, a.status, err)
		}
		for name, v := range map[string]string{"Event": "Broadcast Open", "White": players[w.white].name, "Black": players[w.black].name} {
			if got.Tag(name) != v {
				t.Errorf("game %s's PGN: [%s %q], want %q", w.id, name, got.Tag(name), v)
			}
		}
	}

	for _, path := range []string{"/api/tournaments/nope/pgn", "/api/tournaments/nope/rounds/1/pgn", "/api/tournaments/bc/rounds/3/pgn", "/api/tournaments/bc/rounds/x/pgn"} {
		if a := s.do("GET", path, ""); a.status != http.StatusNotFound || a.errorCode() != "not_found" {
			t.Errorf("GET %s: %d %s", path, a.status, a.raw)
		}
	}
}

// eloTag is the Elo tag's value for a rating (none when unrated).
func eloTag(rating int) string {
	if rating == 0 {
		return ""
	}
	return fmt.Sprint(rating)
}

// fetchPGN gets a PGN export, checks its media type and [%clk] comments,
// and reads its games.
func fetchPGN(t *testing.T, url string) []*pgn.Game {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s: %d %s", url, resp.StatusCode, raw)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/x-chess-pgn; charset=utf-8" {
		t.Errorf("GET %s: Content-Type %q", url, ct)
	}
	if !strings.Contains(string(raw), "[%clk ") {
		t.Errorf("GET %s: no [%%clk] comment in\n%s", url, raw)
	}
	r := pgn.NewReader(strings.NewReader(string(raw)))
	var out []*pgn.Game
	for {
		g, err := r.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("GET %s: reading game %d: %v\n%s", url, len(out)+1, err, raw)
		}
		out = append(out, g)
	}
}

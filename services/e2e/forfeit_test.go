package e2e

import (
	"bufio"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing/trf"
)

// TestForfeitExpulsionTRF plays two rounds of a 6-player Swiss through
// hakem serve: in round 1 a player absent at the start loses by forfeit
// (a late-arrival ruling); between the rounds a bye is requested, a pair
// is forbidden and the arbiter expels a player. The TRF export carries
// the forfeit as + and -, XXP and the next round's absences, and
// `hakem pair --dutch` on it pairs round 2 exactly as the service does;
// the standings and crosstable count the forfeit as unplayed and show the
// expulsion; the expelled player is not paired; the audit re-pairs both
// rounds.
func TestForfeitExpulsionTRF(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "fx", "name": "Forfeits", "system": "swiss-dutch", "rounds": 3,
		"tiebreaks": []string{"BH", "SB"}, "idempotency_key": "t-fx"}), "create")
	name := map[string]string{}
	for i := 1; i <= 6; i++ {
		p := fmt.Sprint("f", i)
		name[p] = "Player, " + p
		mustOK(t, s.post("/api/tournaments/fx/players", map[string]any{"player_id": p, "name": name[p], "rating": 2000 - 20*i,
			"rated_games": 40, "birth_year": 1990, "idempotency_key": p}), "register "+p)
	}
	play := func(n int, forfeit bool) (white, black string) {
		t.Helper()
		for i, x := range s.round("fx", n)["boards"].([]any) {
			bd := x.(map[string]any)
			id, w, b := bd["game_id"].(string), bd["white"].(string), bd["black"].(string)
			waitGame(t, s, id)
			if i == 0 && forfeit {
				mustOK(t, s.post("/api/games/"+id+"/rulings", map[string]any{"matter": "late_arrival", "side": "black", "lateness_ms": 3600001,
					"by": "arb", "idempotency_key": "late"}), "late arrival")
				white, black = w, b
			} else {
				mustOK(t, s.post("/api/games/"+id+"/resign", map[string]string{"player": b, "idempotency_key": "r-" + id}), "resign")
			}
			waitGameState(t, s, id, func(g map[string]any) bool { return g["result"] != "*" && g["result"] != nil })
		}
		mustOK(t, s.post(fmt.Sprint("/api/tournaments/fx/rounds/", n, "/close"), map[string]any{"idempotency_key": fmt.Sprint("c", n)}), "close")
		return white, black
	}

	mustOK(t, s.post("/api/tournaments/fx/rounds", map[string]any{"idempotency_key": "p1-fx"}), "pair round 1")
	fw, fl := play(1, true)
	if got := s.do("GET", "/api/tournaments/fx", "").body["rounds"].([]any)[0].(map[string]any)["boards"].([]any)[0].(map[string]any)["result"]; got != "+/-" {
		t.Errorf("the forfeited board reads %v, want +/-", got)
	}
	// between the rounds: a requested bye, a forbidden pair, an expulsion
	var others []string
	for i := 1; i <= 6; i++ {
		if p := fmt.Sprint("f", i); p != fw && p != fl {
			others = append(others, p)
		}
	}
	mustOK(t, s.post("/api/tournaments/fx/byes", map[string]any{"player_id": others[0], "round": 2, "idempotency_key": "b-fx"}), "bye")
	mustOK(t, s.post("/api/tournaments/fx/forbidden-pairs", map[string]any{"player_a": fw, "player_b": others[1], "reason": "siblings", "idempotency_key": "x-fx"}), "forbid")
	expelled := others[2]
	a := mustOK(t, s.post("/api/tournaments/fx/expulsions", map[string]any{"player_id": expelled, "reason": "electronic device", "article": "12.9.9",
		"by": "arb", "idempotency_key": "e"}), "expel")
	if ev := a.events(); len(ev) != 1 || ev[0]["type"] != "arbiter.player_expelled" {
		t.Fatalf("expulsion events: %s", a.raw)
	}
	if a := s.post("/api/tournaments/fx/expulsions", map[string]any{"player_id": expelled, "reason": "again", "by": "arb", "idempotency_key": "e2-fx"}); a.status != http.StatusConflict {
		t.Errorf("second expulsion: %d %s", a.status, a.raw)
	}

	// the TRF export, paired by hakem pair as a chief arbiter would
	text := s.do("GET", "/api/tournaments/fx/trf", "").raw
	for _, want := range []string{`(?m)^XXP \d+ \d+$`, `(?m)0000 - H$`, `(?m)0000 - Z$`, `\d [wb] \+`, `\d [wb] -`} {
		if !regexp.MustCompile(want).MatchString(text) {
			t.Errorf("the TRF has no %s:\n%s", want, text)
		}
	}
	file, err := trf.Read(strings.NewReader(text))
	if err != nil {
		t.Fatalf("TRF export: %v\n%s", err, text)
	}
	idOf := map[int]string{}
	for _, p := range file.Players {
		for id, n := range name {
			if p.Name == n {
				idOf[p.StartNo] = id
			}
		}
	}
	in := filepath.Join(t.TempDir(), "fx.trf")
	if err := os.WriteFile(in, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(hakemBinary(t), "pair", "--dutch", in, "-p").Output()
	if err != nil {
		t.Fatalf("hakem pair: %v\n%s", err, text)
	}
	var fromFile []string
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Scan() // the number of pairs
	for sc.Scan() {
		var w, b int
		if _, err := fmt.Sscan(sc.Text(), &w, &b); err != nil {
			t.Fatalf("hakem pair output %q", out)
		}
		if b == 0 {
			fromFile = append(fromFile, idOf[w]+" bye")
		} else {
			fromFile = append(fromFile, idOf[w]+"-"+idOf[b])
		}
	}

	mustOK(t, s.post("/api/tournaments/fx/rounds", map[string]any{"idempotency_key": "p2-fx"}), "pair round 2")
	r2 := s.round("fx", 2)
	var fromService []string
	for _, x := range r2["boards"].([]any) {
		bd := x.(map[string]any)
		fromService = append(fromService, bd["white"].(string)+"-"+bd["black"].(string))
	}
	for _, x := range r2["byes"].([]any) {
		by := x.(map[string]any)
		switch by["player_id"] {
		case expelled:
			if by["kind"] != "absent" {
				t.Errorf("the expelled player in round 2: %v", by)
			}
		case others[0]:
			if by["kind"] != "requested" {
				t.Errorf("the requested bye in round 2: %v", by)
			}
		}
		if by["kind"] == "pairing_allocated" {
			fromService = append(fromService, by["player_id"].(string)+" bye")
		}
	}
	if strings.Join(fromFile, ",") != strings.Join(fromService, ",") {
		t.Errorf("hakem pair on the exported TRF pairs %v, the service %v", fromFile, fromService)
	}
	for _, x := range r2["boards"].([]any) {
		bd := x.(map[string]any)
		if bd["white"] == expelled || bd["black"] == expelled {
			t.Errorf("the expelled player is paired: %v", bd)
		}
	}
	play(2, false)

	// standings and crosstable after round 2
	waitUntil(t, "standings published after round 2", func() bool {
		p, _ := s.do("GET", "/api/tournaments/fx", "").body["published_standings"].(map[string]any)
		return p != nil && p["after_round"] == 2.0
	})
	for _, x := range s.do("GET", "/api/tournaments/fx/standings", "").body["standings"].([]any) {
		st := x.(map[string]any)
		if want := map[bool]string{true: "expelled"}[st["player_id"] == expelled]; (st["status"] == nil) != (want == "") || want != "" && st["status"] != want {
			t.Errorf("standings line %v", st)
		}
	}
	for _, x := range s.do("GET", "/api/tournaments/fx/crosstable", "").body["rows"].([]any) {
		row := x.(map[string]any)
		first := row["cells"].([]any)[0].(string)
		switch row["player_id"] {
		case fw:
			if !strings.HasPrefix(first, "+F") {
				t.Errorf("the forfeit's winner, round 1: %q", first)
			}
		case fl:
			if !strings.HasPrefix(first, "-F") {
				t.Errorf("the forfeit's loser, round 1: %q", first)
			}
		case expelled:
			if row["cells"].([]any)[1] != "--" || row["status"] != "expelled" {
				t.Errorf("the expelled player: %v", row)
			}
		}
	}
	s.stop()
	auditTournament(t, data, "fx")
}

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
	"time"

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
	must := func(a answer, what string) answer {
		t.Helper()
		if a.status != http.StatusOK && a.status != http.StatusCreated {
			t.Fatalf("%s: %d %s", what, a.status, a.raw)
		}
		return a
	}
	must(s.post("/api/tournaments", map[string]any{"id": "fx", "name": "Forfeits", "system": "swiss-dutch", "rounds": 3,
		"tiebreaks": []string{"BH", "SB"}, "idempotency_key": "t"}), "create")
	name := map[string]string{}
	for i := 1; i <= 6; i++ {
		p := fmt.Sprint("f", i)
		name[p] = "Player, " + p
		must(s.post("/api/tournaments/fx/players", map[string]any{"player_id": p, "name": name[p], "rating": 2000 - 20*i,
			"rated_games": 40, "birth_year": 1990, "idempotency_key": p}), "register "+p)
	}
	round := func(n int) map[string]any {
		t.Helper()
		return s.do("GET", "/api/tournaments/fx", "").body["rounds"].([]any)[n-1].(map[string]any)
	}
	waitResult := func(id string) string {
		t.Helper()
		for deadline := time.Now().Add(30 * time.Second); ; {
			if g := s.do("GET", "/api/games/"+id, ""); g.status == 200 && g.body["result"] != "*" && g.body["result"] != nil {
				return g.body["result"].(string)
			}
			if time.Now().After(deadline) {
				t.Fatalf("game %s: no result", id)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	play := func(n int, forfeit bool) (white, black string) {
		t.Helper()
		for i, x := range round(n)["boards"].([]any) {
			bd := x.(map[string]any)
			id, w, b := bd["game_id"].(string), bd["white"].(string), bd["black"].(string)
			for deadline := time.Now().Add(30 * time.Second); s.do("GET", "/api/games/"+id, "").status != 200; {
				if time.Now().After(deadline) {
					t.Fatalf("game %s not created", id)
				}
				time.Sleep(50 * time.Millisecond)
			}
			if i == 0 && forfeit {
				must(s.post("/api/games/"+id+"/rulings", map[string]any{"matter": "late_arrival", "side": "black", "lateness_ms": 3600001,
					"by": "arb", "idempotency_key": "late"}), "late arrival")
				white, black = w, b
			} else {
				must(s.post("/api/games/"+id+"/resign", map[string]string{"player": b, "idempotency_key": "r"}), "resign")
			}
			waitResult(id)
		}
		must(s.post(fmt.Sprint("/api/tournaments/fx/rounds/", n, "/close"), map[string]any{"idempotency_key": fmt.Sprint("c", n)}), "close")
		return white, black
	}

	must(s.post("/api/tournaments/fx/rounds", map[string]any{"idempotency_key": "p1"}), "pair round 1")
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
	must(s.post("/api/tournaments/fx/byes", map[string]any{"player_id": others[0], "round": 2, "idempotency_key": "b"}), "bye")
	must(s.post("/api/tournaments/fx/forbidden-pairs", map[string]any{"player_a": fw, "player_b": others[1], "reason": "siblings", "idempotency_key": "x"}), "forbid")
	expelled := others[2]
	a := must(s.post("/api/tournaments/fx/expulsions", map[string]any{"player_id": expelled, "reason": "electronic device", "article": "12.9.9",
		"by": "arb", "idempotency_key": "e"}), "expel")
	if ev := a.events(); len(ev) != 1 || ev[0]["type"] != "arbiter.player_expelled" {
		t.Fatalf("expulsion events: %s", a.raw)
	}
	if a := s.post("/api/tournaments/fx/expulsions", map[string]any{"player_id": expelled, "reason": "again", "by": "arb", "idempotency_key": "e2"}); a.status != http.StatusConflict {
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

	must(s.post("/api/tournaments/fx/rounds", map[string]any{"idempotency_key": "p2"}), "pair round 2")
	r2 := round(2)
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
	for deadline := time.Now().Add(30 * time.Second); ; {
		if p, _ := s.do("GET", "/api/tournaments/fx", "").body["published_standings"].(map[string]any); p != nil && p["after_round"] == 2.0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no standings published after round 2")
		}
		time.Sleep(50 * time.Millisecond)
	}
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
	if r := runAudit(t, "tournament", "fx", "--data", data, "--json"); r.code != 0 || r.json["ok"] != true {
		t.Errorf("audit: exit %d %s\n%s", r.code, r.stderr, r.stdout)
	}
}

package e2e

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
)

// auditRun is one run of hakem audit.
type auditRun struct {
	code   int
	stdout string
	stderr string
	json   map[string]any
}

func runAudit(t *testing.T, args ...string) auditRun {
	t.Helper()
	cmd := exec.Command(hakemBinary(t), append([]string{"audit"}, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := auditRun{stdout: out.String(), stderr: errb.String()}
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		r.code = ee.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	if slices.Contains(args, "--json") {
		if err := json.Unmarshal(out.Bytes(), &r.json); err != nil {
			t.Fatalf("hakem audit %v: not JSON: %v\n%s\n%s", args, err, r.stdout, r.stderr)
		}
	}
	return r
}

func (r auditRun) firstBad() string {
	fb, _ := r.json["first_bad"].(map[string]any)
	id, _ := fb["event_id"].(string)
	return id
}

// playAuditedGames plays, through a real hakem serve: game "claims" (an
// incorrect claim with its penalty, then a resignation), game "flag" (a
// flag fall, its ruling, the result) and a 4-player round robin of two
// rounds; it returns the stopped server's data folder.
func playAuditedGames(t *testing.T) string {
	data := t.TempDir()
	s := start(t, data)
	create := func(id, tc string) {
		a := s.post("/api/games", map[string]any{"id": id, "white": "w", "black": "b", "time_control": tc, "idempotency_key": id})
		if a.status != http.StatusCreated {
			t.Fatalf("create %s: %d %s", id, a.status, a.raw)
		}
	}
	startClock := func(id string) {
		if a := s.post("/api/games/"+id+"/clock/start", map[string]string{"idempotency_key": "s-" + id, "by": "arbiter-1"}); a.status != 200 {
			t.Fatalf("clock %s: %d %s", id, a.status, a.raw)
		}
	}
	create("claims", "600")
	live, closeLive := follow(t, s.base, "claims")
	defer closeLive()
	startClock("claims")
	s.move("claims", "w", "Nf3", "1-claims")
	s.move("claims", "b", "Nf6", "2-claims")
	if a := s.post("/api/games/claims/claims", map[string]string{"player": "w", "reason": "threefold_repetition", "intended_move": "Ng1", "idempotency_key": "c-claims"}); a.status != 200 {
		t.Fatalf("claim: %d %s", a.status, a.raw)
	}
	waitFor(t, live, "clock.time_adjusted")
	s.move("claims", "w", "Ng1", "3-claims")
	s.move("claims", "b", "e5", "4-claims")
	if a := s.post("/api/games/claims/resign", map[string]string{"player": "w", "idempotency_key": "r-claims"}); a.status != 200 {
		t.Fatalf("resign: %d %s", a.status, a.raw)
	}

	create("flag", "2")
	liveF, closeF := follow(t, s.base, "flag")
	defer closeF()
	startClock("flag")
	s.move("flag", "w", "e4", "1-flag")
	waitFor(t, liveF, "game.ended")

	if a := s.post("/api/tournaments", map[string]any{"id": "rr", "name": "Audit RR", "system": "round-robin", "rounds": 2, "time_control": "600", "idempotency_key": "t-rr"}); a.status != http.StatusCreated {
		t.Fatalf("tournament: %d %s", a.status, a.raw)
	}
	for i, p := range []string{"p1", "p2", "p3", "p4"} {
		if a := s.post("/api/tournaments/rr/players", map[string]any{"player_id": p, "name": fmt.Sprint("Player, ", i+1), "idempotency_key": p}); a.status != 200 {
			t.Fatalf("register: %d %s", a.status, a.raw)
		}
	}
	for round := 1; round <= 2; round++ {
		if a := s.post("/api/tournaments/rr/rounds", map[string]any{"idempotency_key": fmt.Sprint("pair", round)}); a.status != 200 {
			t.Fatalf("pair %d: %d %s", round, a.status, a.raw)
		}
		for board := 1; board <= 2; board++ {
			id := fmt.Sprintf("rr-r%d-b%d", round, board)
			waitGame(t, s, id)
			g := s.game(id)
			white, black := g["white"].(string), g["black"].(string)
			s.move(id, white, "e4", "1-"+id)
			s.move(id, black, "e5", "2-"+id)
			loser := black
			if board == 2 {
				loser = white
			}
			if a := s.post("/api/games/"+id+"/resign", map[string]string{"player": loser, "idempotency_key": "r-" + id}); a.status != 200 {
				t.Fatalf("resign %s: %d %s", id, a.status, a.raw)
			}
		}
		if a := s.post(fmt.Sprint("/api/tournaments/rr/rounds/", round, "/close"), map[string]any{"idempotency_key": fmt.Sprint("close", round)}); a.status != 200 {
			t.Fatalf("close %d: %d %s", round, a.status, a.raw)
		}
	}
	// the scoring service publishes the standings of the last round on its own
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(s.output(), `"after_round":2`); {
		if time.Now().After(deadline) {
			t.Fatal("no standings after round 2 within 30 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
	// SIGKILL rather than SIGTERM: what the audit reads must be what an
	// acknowledged append left on disk, whatever the shutdown does (and a
	// graceful stop sometimes panics in the Watermill subscriber, which is
	// the services' business, not the audit's).
	s.kill()
	return data
}

// TestAuditTampering: the games of a real server audit clean from a copy of
// its data folder (which the audit leaves untouched), and each edit of a
// copy — published raw, and also re-hashed by someone who knows the hash
// function — is caught at the event it touches.
func TestAuditTampering(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := playAuditedGames(t)
	before := folderDigest(t, data)

	artifacts := os.Getenv("HAKEM_AUDIT_ARTIFACTS") // keep the HTML reports there
	if artifacts == "" {
		artifacts = t.TempDir()
	}
	for _, id := range []string{"claims", "flag"} {
		html := filepath.Join(artifacts, id+".html")
		r := runAudit(t, "game", id, "--data", data, "--json", "--html", html)
		if r.code != 0 || r.json["ok"] != true {
			t.Fatalf("untouched game %s: exit %d %s\n%s", id, r.code, r.stderr, r.stdout)
		}
		page, err := os.ReadFile(html)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(page), "<polyline") || !strings.Contains(string(page), `class="board"`) || strings.Contains(string(page), "<script") {
			t.Errorf("HTML report of %s lacks the clock chart or a board", id)
		}
	}
	text := runAudit(t, "game", "claims", "--data", data)
	t.Logf("hakem audit game claims:\n%s", text.stdout)
	for _, want := range []string{"ruling on draw_claim: game_continues", "article 9.5", "fide-2023", "verdict: every event follows"} {
		if !strings.Contains(text.stdout, want) {
			t.Errorf("timeline lacks %q:\n%s", want, text.stdout)
		}
	}
	// What did the clocks read when the claim was made? (ply 2: after Nf6)
	momentHTML := filepath.Join(artifacts, "claims-ply2.html")
	at := runAudit(t, "game", "claims", "--data", data, "--at", "2", "--html", momentHTML)
	if page, err := os.ReadFile(momentHTML); err != nil || !strings.Contains(string(page), `class="board"`) {
		t.Errorf("--at --html: %v", err)
	}
	if at.code != 0 || !strings.Contains(at.stdout, "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2") || !strings.Contains(at.stdout, "clocks: white 0:") {
		t.Errorf("--at 2: exit %d\n%s%s", at.code, at.stdout, at.stderr)
	}
	trHTML := filepath.Join(artifacts, "rr.html")
	tr := runAudit(t, "tournament", "rr", "--data", data, "--json", "--html", trHTML)
	if tr.code != 0 || tr.json["ok"] != true {
		t.Fatalf("untouched tournament: exit %d %s\n%s", tr.code, tr.stderr, tr.stdout)
	}
	// a section per round (in the contents), a line per board with the
	// players' names
	if page, err := os.ReadFile(trHTML); err != nil || strings.Count(string(page), `title="rr-r`) != 4 || !strings.Contains(string(page), "Standings") ||
		!strings.Contains(string(page), `<a href="#round-2">Round 2</a>`) || !strings.Contains(string(page), "Player, 3") {
		t.Errorf("tournament HTML report: %v", err)
	}
	// a tournament game's audit names its players and its round and board
	if g := runAudit(t, "game", "rr-r1-b1", "--data", data); g.code != 0 || !strings.Contains(g.stdout, "Audit RR, round 1, board 1") ||
		!regexp.MustCompile(`white \d\. Player, \d, black \d\. Player, \d`).MatchString(g.stdout) {
		t.Errorf("hakem audit game rr-r1-b1: exit %d\n%s", g.code, g.stdout)
	}
	if rounds, _ := tr.json["rounds"].([]any); len(rounds) != 2 {
		t.Errorf("tournament audit re-paired %d rounds", len(rounds))
	}

	standings := 0
	for _, x := range tr.json["timeline"].([]any) {
		e := x.(map[string]any)
		if e["type"] == "scoring.standings_updated" {
			standings++
			if e["checked"] != "re-derived" {
				t.Errorf("standings event %v not re-derived", e)
			}
		}
	}
	if standings != 2 {
		t.Errorf("%d standings events audited, want one per round", standings)
	}

	orig, sealed := readFolder(t, data)
	if len(sealed) == 0 {
		t.Fatal("no game was sealed")
	}
	// a pairing altered: round 1's board 1 with the colours swapped
	for _, rehashed := range []bool{false, true} {
		tlog := slices.Clone(orig[events.KindTournament])
		i := slices.IndexFunc(tlog, func(e events.Envelope) bool { return e.Type == "tournament.round_paired" })
		var rp events.RoundPaired
		if err := json.Unmarshal(tlog[i].Data, &rp); err != nil {
			t.Fatal(err)
		}
		rp.Pairings[0].White, rp.Pairings[0].Black = rp.Pairings[0].Black, rp.Pairings[0].White
		tlog[i].Data, _ = json.Marshal(rp)
		if rehashed {
			rechain(t, tlog)
		}
		r := runAudit(t, "tournament", "rr", "--data", forge(t, streamCopy{events.KindGame: orig[events.KindGame], events.KindTournament: tlog}, nil), "--json")
		if r.code != 1 || r.firstBad() != tlog[i].ID {
			t.Errorf("altered pairing (re-hashed %v): exit %d, first bad %q, want %s\n%s", rehashed, r.code, r.firstBad(), tlog[i].ID, r.stderr)
		}
		t.Logf("%s", strings.TrimSpace(r.stderr))
	}
	index := func(log []events.Envelope, typ string, nth int) int {
		for i, e := range log {
			if e.Type == typ {
				if nth == 0 {
					return i
				}
				nth--
			}
		}
		t.Fatalf("no %s #%d", typ, nth)
		return -1
	}
	cases := []struct {
		name, game string
		// edit alters the log and returns it and the id of the event the
		// audit must name first
		edit func(log []events.Envelope) ([]events.Envelope, string)
	}{
		{"delete an event", "claims", func(log []events.Envelope) ([]events.Envelope, string) {
			i := index(log, "game.move_played", 1)
			id := log[i+1].ID
			return slices.Delete(log, i, i+1), id
		}},
		{"reorder two", "claims", func(log []events.Envelope) ([]events.Envelope, string) {
			i := index(log, "game.move_played", 0)
			log[i], log[i+1] = log[i+1], log[i]
			return log, log[i].ID
		}},
		{"alter a move", "claims", func(log []events.Envelope) ([]events.Envelope, string) {
			i := index(log, "game.move_played", 1)
			setData(t, &log[i], "uci", "b8c6")
			setData(t, &log[i], "san", "Nc6")
			return log, log[i].ID
		}},
		{"alter a clock reading", "flag", func(log []events.Envelope) ([]events.Envelope, string) {
			i := index(log, "clock.flag_fell", 0)
			var ff events.FlagFell
			if err := json.Unmarshal(log[i].Data, &ff); err != nil {
				t.Fatal(err)
			}
			setData(t, &log[i], "at", ff.At.Add(time.Millisecond))
			return log, log[i].ID
		}},
		{"alter a result", "flag", func(log []events.Envelope) ([]events.Envelope, string) {
			i := index(log, "game.ended", 0)
			setData(t, &log[i], "result", "0-1")
			return log, log[i].ID
		}},
		{"insert a forged ruling", "claims", func(log []events.Envelope) ([]events.Envelope, string) {
			i := index(log, "game.move_played", 1)
			prev := log[i]
			forged := events.Envelope{ID: events.NewULID(prev.RecordedAt), Type: "arbiter.ruling_given", Version: 1,
				Aggregate: prev.Aggregate, Writer: events.WriterArbiter, Seq: prev.Seq + 1, RecordedAt: prev.RecordedAt,
				Actor: events.Actor{Role: "system", ID: "arbiter"}, CausationID: prev.ID, IdempotencyKey: "forged",
				PrevHash: prev.Hash, Data: json.RawMessage(`{"matter":"draw_claim","article":"9.2.1","profile":"fide-2023","decision":"draw"}`)}
			h, err := events.ComputeHash(&forged)
			if err != nil {
				t.Fatal(err)
			}
			forged.Hash = h
			return slices.Insert(log, i+1, forged), forged.ID
		}},
	}
	for _, c := range cases {
		for _, rehashed := range []bool{false, true} {
			name := c.name
			if rehashed {
				name += ", re-hashed"
			}
			t.Run(name, func(t *testing.T) {
				log, want := c.edit(slices.Clone(orig.gameOf(c.game)))
				if rehashed {
					rechain(t, log)
				}
				dir := forge(t, orig.withGame(c.game, log), nil)
				r := runAudit(t, "game", c.game, "--data", dir, "--json")
				if r.code != 1 || r.json["ok"] != false || r.firstBad() != want {
					t.Fatalf("exit %d, first bad %q, want 1 and %s\n%s", r.code, r.firstBad(), want, r.stderr)
				}
				if !strings.Contains(r.stderr, want) || !strings.Contains(r.stderr, "does not follow") {
					t.Errorf("stderr does not name the event: %s", r.stderr)
				}
				t.Logf("%s", strings.TrimSpace(r.stderr))
			})
		}
	}
	// the untouched copy, forged the same way without an edit, passes
	if r := runAudit(t, "game", "claims", "--data", forge(t, orig, sealed), "--json"); r.code != 0 {
		t.Errorf("an unedited rewrite: exit %d %s", r.code, r.stderr)
	}
	// a rewrite the Laws cannot tell from the truth (a correlation id),
	// re-hashed throughout: only the sealed copy's head shows it
	claims := slices.Clone(orig.gameOf("claims"))
	claims[2].CorrelationID = "someone-else"
	rechain(t, claims)
	if r := runAudit(t, "game", "claims", "--data", forge(t, orig.withGame("claims", claims), nil), "--json"); r.code != 0 {
		t.Errorf("a consistent rewrite without its sealed copy: exit %d %s (the chain and the Laws alone cannot see it)", r.code, r.stderr)
	}
	r := runAudit(t, "game", "claims", "--data", forge(t, orig.withGame("claims", claims), sealed), "--json")
	if last := claims[len(claims)-1]; r.code != 1 || r.firstBad() != last.ID || !strings.Contains(r.stderr, "rewritten") {
		t.Errorf("a consistent rewrite against the sealed copy: exit %d, first bad %q, want %s rewritten\n%s", r.code, r.firstBad(), last.ID, r.stderr)
	}
	if after := folderDigest(t, data); after != before {
		t.Error("auditing changed the data folder")
	}
}

// folderDigest lists a folder's files with their sizes and modification
// times, to tell whether anything wrote to it.
func folderDigest(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s %d %d\n", p, info.Size(), info.ModTime().UnixNano())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestAuditLive audits a game against a running server's NATS (--nats),
// while the server runs, and asks what the clocks read at its first move.
func TestAuditLive(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	natsAddr := freeAddr(t)
	data := t.TempDir()
	s := startWith(t, []string{"--data", data}, []string{"HAKEM_NATS_LISTEN=" + natsAddr}, true)
	startedGame(t, s, map[string]any{"id": "live", "white": "w", "black": "b", "time_control": "300+2", "idempotency_key": "g-live"})
	mv := s.move("live", "w", "e4", "1-live")
	s.move("live", "b", "c5", "2-live")
	url := natsURL(t, data, natsAddr, embedded.AdminUser)
	r := runAudit(t, "game", "live", "--nats", url, "--json")
	if r.code != 0 || r.json["ok"] != true || r.json["result"] != "*" {
		t.Fatalf("live game: exit %d %s\n%s", r.code, r.stderr, r.stdout)
	}
	at := instant(t, mv.events()[0], "at")
	m := runAudit(t, "game", "live", "--nats", url, "--json", "--at", at.Format(time.RFC3339Nano))
	clocks, _ := m.json["clocks"].(map[string]any)
	if m.code != 0 || m.json["ply"] != 1.0 || clocks["running"] != "black" || clocks["black_ms"] != 300000.0 {
		t.Errorf("--at the first move: exit %d %v %s", m.code, m.json, m.stderr)
	}
	if w, _ := clocks["white_ms"].(float64); w > 302000 || w < 300000-60000 {
		t.Errorf("white's clock after e4 (+2 s increment): %v ms", w)
	}
	if r := runAudit(t, "game", "nope", "--nats", url); r.code != 2 {
		t.Errorf("an unknown game: exit %d, want 2 (%s)", r.code, r.stderr)
	}
	s.kill()
}

package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
)

// voidedFirst checks that a creation's answer is a signed repair voiding
// the stream sequences want, then the creation of type created.
func voidedFirst(t *testing.T, a answer, created string, want ...uint64) {
	t.Helper()
	evs := a.events()
	if len(evs) != 2 || !strings.HasSuffix(fmt.Sprint(evs[0]["type"]), ".log_repaired") || evs[1]["type"] != created {
		t.Fatalf("the creation over garbage: %d %s, want a repair then %s", a.status, a.raw, created)
	}
	if sig, _ := evs[0]["sig"].(string); !strings.HasPrefix(sig, "ed25519:") {
		t.Errorf("the repair is not signed: %v", evs[0])
	}
	data, _ := evs[0]["data"].(map[string]any)
	if got, _ := json.Marshal(data["voided"]); string(got) != string(must(json.Marshal(want))) {
		t.Errorf("the repair voids %s, want %v", got, want)
	}
	if !strings.Contains(fmt.Sprint(data["found"]), "does not decode") {
		t.Errorf("the repair found %v", data["found"])
	}
}

// TestInsiderGarbageBeforeCreation: messages published by insiders (the
// games, clocks, arbiter and pairing services' NATS passwords from the
// data folder) on the subjects of a game, a tournament and a round's game
// not created yet block none of them. The creation is one signed command:
// a log_repaired voiding every message found there, then the creation
// (answered again, repeated, with its key). The arbiter may also repair a
// subject with no event at all (version 0), after which the creation is
// plain; a subject with nothing on it has nothing to repair (404). The
// round's game is created by the games-rounds consumer over the garbage,
// played and the round closed; a forged, unsigned round_paired on a
// tournament's subject is not acted on (the round's real game keeps its
// real players), and neither is a forged results sheet (the game plays
// on). hakem audit all passes every log and names the repairs.
func TestInsiderGarbageBeforeCreation(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data, natsAddr := t.TempDir(), freeAddr(t)
	s := startWith(t, []string{"--data", data}, []string{"HAKEM_NATS_LISTEN=" + natsAddr}, true)
	as := func(w events.Writer) string { return natsURL(t, data, natsAddr, string(w)) }

	// a game: garbage on its games and clocks subjects before it exists
	g1 := publishRaw(t, as(events.WriterGames), "game.ng.games", []byte(`garbage{`))
	g2 := publishRaw(t, as(events.WriterClocks), "game.ng.clocks", []byte(`{"not":"an envelope"`))
	if a := s.do("GET", "/api/games/ng", ""); a.status != http.StatusNotFound {
		t.Errorf("GET of a game not created: %d %s", a.status, a.raw)
	}
	create := map[string]any{"id": "ng", "white": "w", "black": "b", "time_control": "300+2", "idempotency_key": "c-ng"}
	a := s.post("/api/games", create)
	if a.status != http.StatusCreated {
		t.Fatalf("create over garbage: %d %s", a.status, a.raw)
	}
	voidedFirst(t, a, "game.created", g1, g2)
	if again := s.post("/api/games", create); again.status != http.StatusOK || again.body["repeated"] != true || len(again.events()) != 2 {
		t.Errorf("the creation again: %d %s", again.status, again.raw)
	}
	if a := s.post("/api/games", map[string]any{"id": "ng", "white": "x", "black": "y", "idempotency_key": "c2-ng"}); a.status != http.StatusConflict || a.errorCode() != "exists" {
		t.Errorf("a second creation: %d %s", a.status, a.raw)
	}
	mustOK(t, s.post("/api/games/ng/clock/start", map[string]string{"idempotency_key": "s-ng"}), "start the clock")
	s.move("ng", "w", "e4", "1-ng")
	if g := s.game("ng"); damagedOf(g) != nil || moves(g) != "e4" {
		t.Errorf("ng after the creation: %v", g)
	}

	// the arbiter's repair of a subject with no event; then the creation
	publishRaw(t, as(events.WriterArbiter), "game.nr.arbiter", []byte(`garbage{`))
	rep := mustOK(t, s.post("/api/games/nr/repair", map[string]any{"by": "arb", "reason": "published before the game", "idempotency_key": "r-nr"}), "repair at version 0")
	if evs := rep.events(); len(evs) != 1 || evs[0]["type"] != "game.log_repaired" || evs[0]["seq"] != float64(1) {
		t.Fatalf("the repair of a subject with no event: %s", rep.raw)
	}
	if a := s.post("/api/games/nr/repair", map[string]any{"by": "arb", "reason": "again", "idempotency_key": "r2-nr"}); a.status != http.StatusNotFound {
		t.Errorf("a repair of a repaired subject with no game: %d %s, want 404", a.status, a.raw)
	}
	a = mustOK(t, s.post("/api/games", map[string]any{"id": "nr", "white": "w", "black": "b", "idempotency_key": "c-nr"}), "create after the repair")
	if evs := a.events(); len(evs) != 1 || evs[0]["type"] != "game.created" || evs[0]["seq"] != float64(2) {
		t.Errorf("the creation after the repair: %s", a.raw)
	}
	if a := s.post("/api/games/none/repair", map[string]any{"by": "arb", "reason": "x", "idempotency_key": "r-none"}); a.status != http.StatusNotFound {
		t.Errorf("a repair of an empty subject: %d %s, want 404", a.status, a.raw)
	}

	// a tournament: garbage on its subject before it exists
	t1 := publishRaw(t, as(events.WriterPairing), "tournament.nt.pairing", []byte(`garbage{`))
	a = s.post("/api/tournaments", map[string]any{"id": "nt", "name": "Early", "system": "round-robin", "idempotency_key": "c-nt"})
	if a.status != http.StatusCreated {
		t.Fatalf("create the tournament over garbage: %d %s", a.status, a.raw)
	}
	voidedFirst(t, a, "tournament.created", t1)
	// the arbiter's repair of a tournament's subject with no event (the
	// scoring's subject, here); then the creation; nothing to repair: 404
	publishRaw(t, as(events.WriterScoring), "tournament.nv.scoring", []byte(`garbage{`))
	rep = mustOK(t, s.post("/api/tournaments/nv/repair", map[string]any{"by": "arb", "reason": "published before the tournament", "idempotency_key": "r-nv"}), "repair nv at version 0")
	if evs := rep.events(); len(evs) != 1 || evs[0]["type"] != "tournament.log_repaired" || evs[0]["seq"] != float64(1) {
		t.Fatalf("the repair of a tournament's subject with no event: %s", rep.raw)
	}
	a = mustOK(t, s.post("/api/tournaments", map[string]any{"id": "nv", "name": "Late", "system": "round-robin", "idempotency_key": "c-nv"}), "create nv")
	if evs := a.events(); len(evs) != 1 || evs[0]["type"] != "tournament.created" {
		t.Errorf("the creation after the repair: %s", a.raw)
	}
	if a := s.post("/api/tournaments/none/repair", map[string]any{"by": "arb", "reason": "x", "idempotency_key": "r-none"}); a.status != http.StatusNotFound {
		t.Errorf("a repair of a tournament's empty subject: %d %s, want 404", a.status, a.raw)
	}

	// a round's game: garbage on its subjects before the round is paired
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "rt", "name": "Round", "system": "round-robin", "time_control": "300+2", "idempotency_key": "c-rt"}), "create rt")
	for _, p := range []string{"a", "b"} {
		mustOK(t, s.post("/api/tournaments/rt/players", map[string]any{"player_id": p, "name": "P " + p, "idempotency_key": "p-rt-" + p}), "register")
	}
	r1 := publishRaw(t, as(events.WriterGames), "game.rt-r1-b1.games", []byte(`garbage{`))
	mustOK(t, s.post("/api/tournaments/rt/rounds", map[string]any{"idempotency_key": "p1-rt", "by": "arb"}), "pair round 1")
	bd := s.round("rt", 1)["boards"].([]any)[0].(map[string]any)
	if bd["game_id"] != "rt-r1-b1" {
		t.Fatalf("round 1's board: %v", bd)
	}
	g := waitGame(t, s, "rt-r1-b1")
	if damagedOf(g) != nil || g["white"] != bd["white"] || g["tournament_id"] != "rt" {
		t.Errorf("the round's game: %v", g)
	}
	log := s.eventLog("rt-r1-b1")
	if len(log) < 2 || log[0]["type"] != "game.log_repaired" || fmt.Sprint(log[0]["data"].(map[string]any)["voided"]) != fmt.Sprint([]any{float64(r1)}) {
		t.Errorf("the round's game's log: %v", log)
	}
	mustOK(t, s.post("/api/games/rt-r1-b1/resign", map[string]any{"player": bd["black"], "idempotency_key": "res-rt"}), "resign")
	waitUntil(t, "round 1 closed", func() bool {
		return s.post("/api/tournaments/rt/rounds/1/close", map[string]any{"idempotency_key": "close-rt", "by": "arb"}).status == http.StatusOK
	})

	// a forged round_paired (unsigned, chained on the log's head) naming
	// the next round's game with other players: the tournament's log is
	// damaged (the arbiter repairs it), and no game is made from it
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "rf", "name": "Forged", "system": "round-robin", "idempotency_key": "c-rf"}), "create rf")
	for _, p := range []string{"a", "b"} {
		mustOK(t, s.post("/api/tournaments/rf/players", map[string]any{"player_id": p, "name": "P " + p, "idempotency_key": "p-rf-" + p}), "register")
	}
	forgeRound(t, s, as(events.WriterPairing), "rf", events.RoundPaired{Round: 1, Pairings: []events.Pairing{{Board: 1, White: "mallory", Black: "eve", GameID: "rf-r1-b1"}}})
	if a := s.post("/api/tournaments/rf/rounds", map[string]any{"idempotency_key": "p1-rf", "by": "arb"}); a.status != http.StatusConflict || a.errorCode() != "log_damaged" {
		t.Errorf("pairing a tournament with a forged event: %d %s", a.status, a.raw)
	}
	mustOK(t, s.post("/api/tournaments/rf/repair", map[string]any{"by": "arb", "reason": "a forged pairing", "idempotency_key": "r-rf"}), "repair rf")
	mustOK(t, s.post("/api/tournaments/rf/rounds", map[string]any{"idempotency_key": "p1-rf", "by": "arb"}), "pair rf")
	g = waitGame(t, s, "rf-r1-b1")
	if g["white"] == "mallory" || g["black"] == "eve" || g["tournament_id"] != "rf" {
		t.Errorf("the round's game was made from the forged pairing: %v", g)
	}
	// a forged results sheet ends no game: the games service refuses it
	// (logged), and the game plays on
	white, black := fmt.Sprint(g["white"]), fmt.Sprint(g["black"])
	forgeRound(t, s, as(events.WriterPairing), "rf", events.ResultsEntered{Round: 1, Lines: []events.SheetLine{{Board: 1, GameID: "rf-r1-b1", White: white, Black: black, Result: "0-1"}}})
	waitUntil(t, "the forged sheet refused", func() bool {
		return strings.Contains(s.output(), "(tournament.results_entered, seq 6) is not an event of the log of tournament/rf")
	})
	if g := s.game("rf-r1-b1"); g["result"] != "*" {
		t.Errorf("the forged sheet ended the game: %v", g)
	}
	s.move("rf-r1-b1", white, "e4", "1-rf")
	s.stop()

	r := runAudit(t, "all", "--data", data, "--keyring", filepath.Join(data, "keys", events.KeyringFile))
	if r.code != 1 {
		t.Errorf("audit all: exit %d, want 1 (rf damaged)\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stdout, "tournament/rf: FAILS") {
		t.Errorf("audit all does not fail rf, whose forged sheet is not repaired:\n%s", r.stdout)
	}
	for _, id := range []string{"game/ng", "game/nr", "game/rt-r1-b1", "game/rf-r1-b1", "tournament/nt", "tournament/nv", "tournament/rt"} {
		if !strings.Contains(r.stdout, id+": ok") {
			t.Errorf("audit all does not pass %s:\n%s", id, r.stdout)
		}
	}
	for _, id := range []string{"ng", "rt-r1-b1"} {
		a := runAudit(t, "game", id, "--data", data, "--keyring", filepath.Join(data, "keys", events.KeyringFile))
		if a.code != 0 || !strings.Contains(a.stdout, "1 repair(s) of the log (game.log_repaired)") || !strings.Contains(a.stdout, "voided at the creation of game "+id) {
			t.Errorf("audit of %s: exit %d\n%s\n%s", id, a.code, a.stdout, a.stderr)
		}
	}
}

// must is b, when err is nil.
func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// forgeRound publishes on tournament id's pairing subject, with url's
// NATS user, an unsigned event chained on the log's last event as the
// server reads it (GET …/events).
func forgeRound(t *testing.T, s *server, url, id string, ev events.Event) {
	t.Helper()
	a := mustOK(t, s.do("GET", "/api/tournaments/"+id+"/events?follow=false", ""), "the tournament's events")
	lines := strings.Split(strings.TrimSpace(a.raw), "\n")
	var last struct {
		Seq  uint64 `json:"seq"`
		Hash string `json:"hash"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil || last.Seq == 0 {
		t.Fatalf("the last event of %s: %v %s", id, err, lines[len(lines)-1])
	}
	forged, err := events.Build(events.Tournament(id), events.WriterPairing, events.Head{Version: last.Seq, Hash: last.Hash}, "forged-"+id+ev.EventType(),
		events.Meta{Actor: events.Actor{Role: "organiser", ID: "x"}, RecordedAt: time.Now().UTC()}, ev)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(forged[0])
	publishRaw(t, url, "tournament."+id+".pairing", body)
}

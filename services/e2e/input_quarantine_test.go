package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// publishRaw publishes data on subject straight to the server's JetStream,
// as anyone with access to NATS could, and returns its stream sequence.
func publishRaw(t *testing.T, natsURL, subject string, data []byte) uint64 {
	t.Helper()
	nc, err := nats.Connect(natsURL)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ack, err := js.Publish(ctx, subject, data)
	if err != nil {
		t.Fatal(err)
	}
	return ack.Sequence
}

// damagedOf is the damaged object of a read's answer (nil when none).
func damagedOf(body map[string]any) map[string]any {
	d, _ := body["damaged"].(map[string]any)
	return d
}

// TestInputQuarantine: a message published by hand on a game's subject
// that does not decode, does not chain, or is not signed with the games
// service's key (unsigned, or a forger's key) quarantines that game alone:
// its reads answer the game as of its last good event with the damage
// named, its commands are refused with 409 log_damaged and append
// nothing, and the other games play on. The arbiter's repair
// (game.log_repaired) voids the messages; play continues, and the audit
// reports the repair.
func TestInputQuarantine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	natsAddr := freeAddr(t)
	data := t.TempDir()
	s := startWith(t, []string{"--data", data}, []string{"HAKEM_NATS_LISTEN=" + natsAddr}, true)
	// an insider with NATS credentials (no anonymous client is let in):
	// the games service's user, which may publish on the games' subjects
	// (the admin may publish no event); the audit reads as the admin
	url := natsURL(t, data, natsAddr, embedded.AdminUser)
	writer := natsURL(t, data, natsAddr, string(events.WriterGames))
	for _, id := range []string{"qa", "qb", "qc", "qd", "qe"} {
		startedGame(t, s, map[string]any{"id": id, "white": "w", "black": "b", "time_control": "5400+30", "idempotency_key": "g-" + id})
		s.move(id, "w", "e4", "1-"+id)
		s.move(id, "b", "e5", "2-"+id)
	}
	// qa: a message that does not decode; qc: a well-formed event that
	// does not chain (its previous hash is not the last event's)
	bad := publishRaw(t, writer, "game.qa.games", []byte(`{"not":"an envelope"`))
	log := s.eventLog("qc")
	forged, err := events.Build(events.Game("qc"), events.WriterGames,
		events.Head{Version: uint64(len(log)), Seq: 1, Hash: strings.Repeat("0", 64)}, "forged",
		events.Meta{Actor: events.Actor{Role: "player", ID: "b"}, RecordedAt: time.Now().UTC()},
		events.Resigned{By: events.White})
	if err != nil {
		t.Fatal(err)
	}
	body, err := json.Marshal(forged[0])
	if err != nil {
		t.Fatal(err)
	}
	publishRaw(t, writer, "game.qc.games", body)
	// qd and qe: a resignation that chains on the last event, with a
	// valid hash: unsigned, and signed with a key of the forger's own
	forger, err := events.LoadOrCreateKeys(t.TempDir(), events.WriterGames)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"qd", "qe"} {
		log := s.eventLog(id)
		last := log[len(log)-1]
		forged, err := events.Build(events.Game(id), events.WriterGames,
			events.Head{Version: uint64(len(log)), Hash: last["hash"].(string)}, "forged",
			events.Meta{Actor: events.Actor{Role: "player", ID: "b"}, RecordedAt: time.Now().UTC()},
			events.Resigned{By: events.White})
		if err != nil {
			t.Fatal(err)
		}
		if id == "qe" {
			if err := forger.Sign(&forged[0]); err != nil {
				t.Fatal(err)
			}
		}
		body, err := json.Marshal(forged[0])
		if err != nil {
			t.Fatal(err)
		}
		publishRaw(t, writer, "game."+id+".games", body)
	}

	for _, id := range []string{"qa", "qc", "qd", "qe"} {
		g := s.do("GET", "/api/games/"+id, "")
		d := damagedOf(g.body)
		if g.status != http.StatusOK || d == nil || moves(g.body) != "e4 e5" {
			t.Fatalf("GET %s: %d %s, want the game as of e5 with damaged", id, g.status, g.raw)
		}
		want := g.body["version"].(float64) + 1
		if d["seq"] != want {
			t.Errorf("%s: damaged at %v, want seq %v", id, d["seq"], want)
		}
		if why := map[string]string{"qd": "signature: unsigned", "qe": "not in the keyring"}[id]; !strings.Contains(fmt.Sprint(d["reason"]), why) {
			t.Errorf("%s: damaged because %v, want %q", id, d["reason"], why)
		}
		if g.body["result"] != "*" {
			t.Errorf("%s: the forged resignation was taken: %s", id, g.raw)
		}
		if c := s.do("GET", "/api/games/"+id+"/clock", ""); c.status != http.StatusOK || damagedOf(c.body) == nil {
			t.Errorf("GET %s/clock: %d %s", id, c.status, c.raw)
		}
		if p := s.do("GET", "/api/games/"+id+"/pgn", ""); p.status != http.StatusOK || !strings.Contains(p.raw, "1. e4 ") || !strings.Contains(p.raw, "1... e5 ") {
			t.Errorf("GET %s/pgn: %d %s", id, p.status, p.raw)
		}
		n := len(s.eventLogOrNone(id))
		for _, c := range []struct{ path, body string }{
			{"/moves", `{"move":"Nf3","player":"w","idempotency_key":"3"}`},
			{"/resign", `{"player":"b","idempotency_key":"r"}`},
			{"/clock/pause", `{"reason":"incident","idempotency_key":"p","by":"arb"}`},
		} {
			a := s.do("POST", "/api/games/"+id+c.path, c.body)
			if a.status != http.StatusConflict || a.errorCode() != "log_damaged" || !strings.Contains(a.raw, "log damaged at seq") {
				t.Errorf("%s%s on a damaged log: %d %s, want 409 log_damaged", id, c.path, a.status, a.raw)
			}
		}
		if m := len(s.eventLogOrNone(id)); m != n {
			t.Errorf("%s: %d events appended by refused commands", id, m-n)
		}
	}
	// the others play on, and their flags fall (the clocks service reads
	// the stream past the message)
	startedGame(t, s, map[string]any{"id": "qf", "white": "w", "black": "b", "time_control": "2", "idempotency_key": "g-qf"})
	s.move("qf", "w", "e4", "1-qf")
	if g := waitGameState(t, s, "qf", func(g map[string]any) bool { return g["result"] != "*" }); g["result"] != "1-0" || g["termination"] != "flag_fall" {
		t.Errorf("qf after black's flag fell: %v", g)
	}
	s.move("qb", "w", "Nf3", "3-qb")
	if g := s.game("qb"); damagedOf(g) != nil || moves(g) != "e4 e5 Nf3" {
		t.Errorf("qb: %v", g)
	}
	// the NDJSON log ends with the damage
	ev := s.do("GET", "/api/games/qa/events?follow=false", "")
	lines := strings.Split(strings.TrimSpace(ev.raw), "\n")
	if !strings.HasPrefix(lines[len(lines)-1], `{"damaged":`) || !strings.Contains(ev.raw, "game.move_played") {
		t.Errorf("qa's events: %s", ev.raw)
	}

	// the repair: an arbiter voids the message; play continues
	if a := s.post("/api/games/qa/repair", map[string]any{"by": "arb", "idempotency_key": "fix0-qa"}); a.status != http.StatusBadRequest {
		t.Errorf("a repair without reason: %d %s", a.status, a.raw)
	}
	rep := s.post("/api/games/qa/repair", map[string]any{"by": "arb", "reason": "a message published by hand", "idempotency_key": "fix1-qa"})
	evs := rep.events()
	if rep.status != http.StatusOK || len(evs) != 1 || evs[0]["type"] != "game.log_repaired" {
		t.Fatalf("repair: %d %s", rep.status, rep.raw)
	}
	voided, _ := evs[0]["data"].(map[string]any)["voided"].([]any)
	if len(voided) != 1 || voided[0] != float64(bad) {
		t.Errorf("repair voids %v, want [%d]", voided, bad)
	}
	if sig, _ := evs[0]["sig"].(string); !strings.HasPrefix(sig, "ed25519:") {
		t.Errorf("the repair is not signed: %v", evs[0])
	}
	// the unsigned resignation is voided the same way; the game goes on
	mustOK(t, s.post("/api/games/qd/repair", map[string]any{"by": "arb", "reason": "an unsigned resignation", "idempotency_key": "fix1-qd"}), "repair qd")
	s.move("qd", "w", "Nf3", "3-qd")
	if g := s.game("qd"); damagedOf(g) != nil || moves(g) != "e4 e5 Nf3" || g["result"] != "*" {
		t.Errorf("qd after the repair: %v", g)
	}
	if a := s.post("/api/games/qa/repair", map[string]any{"by": "arb", "reason": "a message published by hand", "idempotency_key": "fix1-qa"}); a.status != http.StatusOK || a.body["repeated"] != true {
		t.Errorf("the repair again with its key: %d %s", a.status, a.raw)
	}
	if a := s.post("/api/games/qb/repair", map[string]any{"by": "arb", "reason": "x", "idempotency_key": "fix-qb"}); a.status != http.StatusConflict || a.errorCode() != "log_intact" {
		t.Errorf("a repair of a sound log: %d %s", a.status, a.raw)
	}
	s.move("qa", "w", "Nf3", "3-qa")
	s.move("qa", "b", "Nc6", "4-qa")
	if g := s.game("qa"); damagedOf(g) != nil || moves(g) != "e4 e5 Nf3 Nc6" {
		t.Errorf("qa after the repair: %v", g)
	}
	r := runAudit(t, "game", "qa", "--nats", url, "--json")
	if r.code != 0 || r.json["ok"] != true || !strings.Contains(r.stdout, "game.log_repaired") || !strings.Contains(r.stdout, "a message published by hand") {
		t.Errorf("audit of the repaired game: exit %d %s\n%s", r.code, r.stderr, r.stdout)
	}
	r = runAudit(t, "game", "qc", "--nats", url, "--json")
	if out := r.stdout + r.stderr; r.code == 0 || !strings.Contains(out, "hash chain") && !strings.Contains(out, "does not chain") {
		t.Errorf("audit of the damaged game: exit %d %s\n%s", r.code, r.stderr, r.stdout)
	}
}

// TestInputQuarantineTournament: a tournament's log holding a message
// published by hand on its subject with the pairing service's NATS
// password (a registration unsigned, or one that does not decode) answers
// 409 log_damaged, to its reads and its commands, naming the damage, and
// appends nothing; another tournament goes on. The arbiter's signed
// repair (tournament.log_repaired) voids the message, the desk works on
// without it, and the audit passes the log, naming the repair.
func TestInputQuarantineTournament(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	natsAddr := freeAddr(t)
	data := t.TempDir()
	s := startWith(t, []string{"--data", data}, []string{"HAKEM_NATS_LISTEN=" + natsAddr}, true)
	for _, id := range []string{"tu", "tm", "tok"} {
		mustOK(t, s.post("/api/tournaments", map[string]any{"id": id, "name": id, "system": "round-robin", "idempotency_key": "t--" + id + id}), "create")
		mustOK(t, s.post("/api/tournaments/"+id+"/players", map[string]any{"player_id": "a", "name": "A", "idempotency_key": "a-" + id}), "register")
	}
	// a tournament imported from a report file starts with
	// tournament.imported, not tournament.created: repaired all the same
	report := "012 Open\nXXR 3\n" +
		"001    1      Alpha, A                          2100                             1.0    1     2 w 1\n" +
		"001    2      Beta, B                           2000                             0.0    2     1 b 0\n"
	mustOK(t, s.text("POST", "/api/tournaments/import?id=ti", "text/plain", report), "import")
	nc, err := nats.Connect(natsURL(t, data, natsAddr, string(events.WriterPairing)))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	st, err := eventstore.Open(ctx, nc, eventstore.Config{Provisioned: true})
	if err != nil {
		t.Fatal(err)
	}
	_, head, err := st.Load(ctx, events.Tournament("tu"))
	if err != nil {
		t.Fatal(err)
	}
	forged, err := events.Build(events.Tournament("tu"), events.WriterPairing, events.Head{Version: head.Version, Hash: head.Hash}, "forged",
		events.Meta{Actor: events.Actor{Role: "organiser", ID: "x"}, RecordedAt: time.Now().UTC()},
		events.PlayerRegistered{PlayerID: "m", Name: "Mallory"})
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(forged[0])
	writer := natsURL(t, data, natsAddr, string(events.WriterPairing))
	publishRaw(t, writer, "tournament.tu.pairing", body)
	publishRaw(t, writer, "tournament.tm.pairing", []byte(`{"not":"an envelope"`))
	publishRaw(t, writer, "tournament.ti.pairing", []byte(`{"not":"an envelope"`))

	for _, id := range []string{"tu", "tm", "ti"} {
		before := s.appended()
		for _, c := range []struct{ method, path, body string }{
			{"GET", "/api/tournaments/" + id, ""},
			{"POST", "/api/tournaments/" + id + "/players", `{"player_id":"b","name":"B","idempotency_key":"b"}`},
		} {
			a := s.do(c.method, c.path, c.body)
			if a.status != http.StatusConflict || a.errorCode() != "log_damaged" {
				t.Errorf("%s %s on a damaged log: %d %s, want 409 log_damaged", c.method, c.path, a.status, a.raw)
			}
		}
		if after := s.appended(); after != before {
			t.Errorf("%s: %g events appended", id, after-before)
		}
	}
	mustOK(t, s.post("/api/tournaments/tok/players", map[string]any{"player_id": "b", "name": "B", "idempotency_key": "b-tok"}), "register in another tournament")

	// the tournament's arbiter repairs each log: a signed
	// tournament.log_repaired voids the bad message, and the desk works on
	if a := s.post("/api/tournaments/tok/repair", map[string]any{"by": "arb", "reason": "none", "idempotency_key": "r-tok"}); a.status != http.StatusConflict || a.errorCode() != "log_intact" {
		t.Errorf("a repair of a sound log: %d %s, want 409 log_intact", a.status, a.raw)
	}
	if a := s.post("/api/tournaments/tu/repair", map[string]any{"by": "arb", "idempotency_key": "r-tu"}); a.status != http.StatusBadRequest || !strings.Contains(a.raw, "reason") {
		t.Errorf("a repair without a reason: %d %s", a.status, a.raw)
	}
	for _, id := range []string{"tu", "tm", "ti"} {
		a := mustOK(t, s.post("/api/tournaments/"+id+"/repair", map[string]any{"by": "arb", "reason": "published by hand on the pairing subject", "idempotency_key": "r-" + id}), "repair "+id)
		evs := a.events()
		if len(evs) != 1 || evs[0]["type"] != "tournament.log_repaired" || evs[0]["sig"] == nil || evs[0]["sig"] == "" {
			t.Fatalf("the repair of %s: %s", id, a.raw)
		}
		again := mustOK(t, s.post("/api/tournaments/"+id+"/repair", map[string]any{"by": "arb", "reason": "published by hand on the pairing subject", "idempotency_key": "r-" + id}), "the repair again")
		if again.body["repeated"] != true {
			t.Errorf("the same repair again: %s, want repeated", again.raw)
		}
		mustOK(t, s.post("/api/tournaments/"+id+"/players", map[string]any{"player_id": "b", "name": "B", "idempotency_key": "b2-" + id}), "register after the repair")
		got := mustOK(t, s.do("GET", "/api/tournaments/"+id, ""), "read after the repair")
		if strings.Contains(got.raw, "Mallory") || !strings.Contains(got.raw, `"b"`) {
			t.Errorf("%s after the repair: %s", id, got.raw)
		}
	}
	s.stop()
	for _, id := range []string{"tu", "tm", "ti"} {
		r := runAudit(t, "tournament", id, "--data", data, "--keyring", filepath.Join(data, "keys", events.KeyringFile))
		if r.code != 0 || !strings.Contains(r.stdout, "1 repair(s) of the log (tournament.log_repaired)") || !strings.Contains(r.stdout, "log repaired by arb") {
			t.Errorf("audit of the repaired %s: exit %d\n%s\n%s", id, r.code, r.stdout, r.stderr)
		}
	}
}

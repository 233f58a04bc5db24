package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// The acceptance tests of issue 5: one scripted 3-round tournament played
// through the HTTP API of hakem serve, run three ways —
//
//   - uninterrupted: one process, never killed (the reference);
//   - killed: one process, SIGKILLed and restarted in the middle of round 2
//     with both games of the round in progress and their clocks running
//     (one of them waiting for a flag to fall);
//   - split: every service in its own process (--only), each SIGKILLed and
//     restarted at a different point.
//
// All three must end with the same standings (live and as published by the
// scoring service, tie-breaks included) and the same event log (see
// normalEvent for what is compared), and, in each, every event an
// acknowledged command's answer listed is in the log exactly once and no
// event is in the log twice.
//
// The tournament: a round robin of 4 players at 15+10 (fide-2023 laws),
// Berger pairings, so the games are known in advance. Every game's clock is
// started. The boards' scripts (moves by whoever the pairing made White and
// Black):
//
//	round 1, board 1: 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1, and Black
//	                  claims a threefold repetition with the intended move
//	                  Ng8 (correct: the arbiter rules a draw);
//	round 1, board 2: 1. Nf3 Nf6, and White claims a repetition with Ng1
//	                  (incorrect: two minutes are added to Black's clock,
//	                  2023 9.5.3), then 2. Ng1 e5 and White resigns;
//	round 2, board 1: 1. e4, and Black stops moving: Black's flag falls;
//	round 2, board 2: the scholar's mate, 1-0;
//	round 3, board 1: 1. d4 d5, a draw by agreement;
//	round 3, board 2: the fool's mate, 0-1.

// acceptanceTC is the tournament's time control: fifteen seconds
// (acceptanceBase), so that the flag of the player who stops moving falls
// soon, with an increment of ten so that the players who keep moving never
// run short, even across a restart of a process on a busy machine.
const (
	acceptanceTC   = "15+10"
	acceptanceBase = 15 * time.Second
)

// scriptedRun is one play of the scripted tournament.
type scriptedRun struct {
	t *testing.T
	// api returns the gateway to talk to now (it changes when a process is
	// restarted).
	api func() *server
	// at is called at each named point of the script (see the points
	// below); a run kills and restarts processes there.
	at func(point string)
	// acked lists the ids of the events that acknowledged commands' answers
	// listed.
	acked []string
	// moveAt is the recorded instant of the last move of each game.
	moveAt map[string]time.Time
}

// The named points of the script, where runs kill and restart processes.
const (
	pointR1BetweenMoves = "round 1, board 2, between 1. Nf3 and 1... Nf6"
	pointR1BeforeClaim  = "round 1, board 1, right before the correct claim"
	pointR1AfterClaim   = "round 1, board 1, right after the correct claim"
	pointR1BeforeClose  = "round 1, right before it is closed"
	pointR1Closed       = "round 1, right after it is closed"
	pointR2FlagPending  = "round 2, board 1, Black's flag about to fall"
	pointR2BetweenMoves = "round 2, board 2, between 2. Bc4 and 2... Nc6"
	pointR2Closed       = "between rounds 2 and 3"
	pointR3BetweenMoves = "round 3, board 1, between 1... d5 and the draw offer"
)

// tournamentOutcome is what a run leaves: the standings and the logs.
type tournamentOutcome struct {
	standings any
	published any
	// logs are the event logs, by aggregate ("tournament" or a game id).
	logs map[string][]map[string]any
}

// rawPost posts v and returns the answer, or an error when there was no
// HTTP answer at all (the process is down).
func rawPost(url string, v any) (answer, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return answer{}, err
	}
	resp, err := http.Post(url, "application/json", bytes.NewReader(b))
	if err != nil {
		return answer{}, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return answer{}, err
	}
	a := answer{status: resp.StatusCode, raw: string(raw)}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(raw, &a.body); err != nil {
			return a, fmt.Errorf("answer is not JSON: %q", raw)
		}
	}
	return a, nil
}

// rawGet gets path, or an error when there was no HTTP answer.
func rawGet(url string) (answer, error) {
	resp, err := http.Get(url)
	if err != nil {
		return answer{}, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return answer{}, err
	}
	a := answer{status: resp.StatusCode, raw: string(raw)}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		_ = json.Unmarshal(raw, &a.body)
	}
	return a, nil
}

// command posts a command and retries it, with the same idempotency key,
// while the process behind it is down (no answer, or a 5xx); it fails the
// test unless the answer is want. The events the answer lists are
// remembered as acknowledged.
func (r *scriptedRun) command(path string, body map[string]any, want int) answer {
	r.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		a, err := rawPost(r.api().base+path, body)
		if err == nil && a.status < 500 {
			if a.status != want {
				r.t.Fatalf("POST %s %v: %d %s, want %d", path, body, a.status, a.raw, want)
			}
			for _, e := range a.events() {
				id, _ := e["id"].(string)
				r.acked = append(r.acked, id)
			}
			return a
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("POST %s %v: no answer within 60 s: %v %d %s", path, body, err, a.status, a.raw)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// read gets path and retries while the process is down.
func (r *scriptedRun) read(path string) answer {
	r.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		a, err := rawGet(r.api().base + path)
		if err == nil && a.status < 500 {
			return a
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("GET %s: no answer within 60 s: %v %d %s", path, err, a.status, a.raw)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// logOf returns the recorded events of a game (or, with game "", of the
// tournament).
func (r *scriptedRun) logOf(game string) []map[string]any {
	r.t.Helper()
	path := "/api/tournaments/cup/events?follow=false"
	if game != "" {
		path = "/api/games/" + game + "/events?follow=false"
	}
	a := r.read(path)
	if a.status != http.StatusOK {
		r.t.Fatalf("GET %s: %d %s", path, a.status, a.raw)
	}
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(a.raw), "\n") {
		if line == "" {
			continue
		}
		var e map[string]any
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			r.t.Fatalf("NDJSON line %q: %v", line, err)
		}
		out = append(out, e)
	}
	return out
}

// waitUntil polls cond (a bound of 60 s, not a timing assertion).
func (r *scriptedRun) waitUntil(what string, cond func() bool) {
	r.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			r.t.Fatalf("waited 60 s for %s", what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// waitEvent waits until the game's log holds an event of the type and
// returns the first.
func (r *scriptedRun) waitEvent(game, typ string) map[string]any {
	r.t.Helper()
	var found map[string]any
	r.waitUntil(game+" "+typ, func() bool {
		for _, e := range r.logOf(game) {
			if e["type"] == typ {
				found = e
				return true
			}
		}
		return false
	})
	return found
}

// result waits until the game has a result and returns it.
func (r *scriptedRun) result(game string) string {
	r.t.Helper()
	var res string
	r.waitUntil(game+"'s result", func() bool {
		res, _ = r.read("/api/games/" + game).body["result"].(string)
		return res != "" && res != "*"
	})
	return res
}

// board is one game of a round: its id and players.
type board struct{ id, white, black string }

// play makes the moves in turn from whoever is on move at ply.
func (r *scriptedRun) play(b board, ply int, moves ...string) {
	r.t.Helper()
	for i, m := range moves {
		p := b.white
		if (ply+i)%2 == 1 {
			p = b.black
		}
		a := r.command("/api/games/"+b.id+"/moves", map[string]any{"move": m, "player": p, "idempotency_key": fmt.Sprint(b.id, "-ply-", ply+i)}, http.StatusOK)
		if ev := a.events(); len(ev) > 0 {
			r.moveAt[b.id] = instant(r.t, ev[0], "at")
		}
	}
}

// startClock starts a game's clock.
func (r *scriptedRun) startClock(b board) {
	r.t.Helper()
	r.command("/api/games/"+b.id+"/clock/start", map[string]any{"idempotency_key": "clock-" + b.id, "by": "arbiter"}, http.StatusOK)
}

// pairRound pairs round n and waits until the games service created its
// games.
func (r *scriptedRun) pairRound(n int) []board {
	r.t.Helper()
	r.command("/api/tournaments/cup/rounds", map[string]any{"idempotency_key": fmt.Sprint("pair-", n)}, http.StatusOK)
	view := r.read("/api/tournaments/cup").body
	rounds, _ := view["rounds"].([]any)
	if len(rounds) < n {
		r.t.Fatalf("round %d not in the tournament: %v", n, view)
	}
	list, _ := rounds[n-1].(map[string]any)["boards"].([]any)
	if len(list) != 2 {
		r.t.Fatalf("round %d: %v", n, rounds[n-1])
	}
	var out []board
	for _, x := range list {
		bd := x.(map[string]any)
		b := board{bd["game_id"].(string), bd["white"].(string), bd["black"].(string)}
		r.waitUntil("game "+b.id+" created", func() bool {
			a, err := rawGet(r.api().base + "/api/games/" + b.id)
			return err == nil && a.status == http.StatusOK
		})
		out = append(out, b)
	}
	return out
}

// closeRound closes round n.
func (r *scriptedRun) closeRound(n int) {
	r.t.Helper()
	r.command(fmt.Sprint("/api/tournaments/cup/rounds/", n, "/close"), map[string]any{"idempotency_key": fmt.Sprint("close-", n)}, http.StatusOK)
}

// playTournament plays the scripted tournament, calling r.at at each
// point, checks each game's ending, and returns the outcome.
func (r *scriptedRun) playTournament() tournamentOutcome {
	t := r.t
	t.Helper()
	r.moveAt = map[string]time.Time{}
	r.command("/api/tournaments", map[string]any{"id": "cup", "name": "Acceptance Cup", "system": "round-robin", "time_control": acceptanceTC, "mode": "standard",
		"laws_profile": "fide-2023", "tiebreaks": []string{"DE", "SB"}, "idempotency_key": "create-cup", "by": "arbiter"}, http.StatusCreated)
	for i, p := range []string{"p1", "p2", "p3", "p4"} {
		r.command("/api/tournaments/cup/players", map[string]any{"player_id": p, "name": fmt.Sprint("Player, ", i+1), "rating": 2100 - 50*i, "idempotency_key": "register--cup" + p}, http.StatusOK)
	}

	// Round 1: the claims.
	r1 := r.pairRound(1)
	correct, incorrect := r1[0], r1[1]
	r.startClock(correct)
	r.startClock(incorrect)
	r.play(incorrect, 0, "Nf3")
	r.at(pointR1BetweenMoves)
	r.play(incorrect, 1, "Nf6")
	r.play(correct, 0, "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1")
	r.at(pointR1BeforeClaim)
	r.command("/api/games/"+correct.id+"/claims", map[string]any{"player": correct.black, "reason": "threefold_repetition", "intended_move": "Ng8", "idempotency_key": "claim-" + correct.id}, http.StatusOK)
	r.at(pointR1AfterClaim)
	r.command("/api/games/"+incorrect.id+"/claims", map[string]any{"player": incorrect.white, "reason": "threefold_repetition", "intended_move": "Ng1", "idempotency_key": "claim-" + incorrect.id}, http.StatusOK)
	penalty := r.waitEvent(incorrect.id, "clock.time_adjusted")
	if d, _ := penalty["data"].(map[string]any); d["side"] != "black" || d["delta_ms"] != 120000.0 {
		t.Errorf("the incorrect claim's penalty: %v", penalty)
	}
	r.play(incorrect, 2, "Ng1", "e5")
	r.command("/api/games/"+incorrect.id+"/resign", map[string]any{"player": incorrect.white, "idempotency_key": "resign-" + incorrect.id}, http.StatusOK)
	if res := r.result(correct.id); res != "1/2-1/2" {
		t.Errorf("after the correct claim: %s; the game's log:\n%s", res, r.dump(correct.id))
	}
	if res := r.result(incorrect.id); res != "0-1" {
		t.Errorf("after the incorrect claim and the resignation: %s", res)
	}
	r.at(pointR1BeforeClose)
	r.closeRound(1)
	r.at(pointR1Closed)

	// Round 2: a flag fall, and a mate.
	r2 := r.pairRound(2)
	flag, mate := r2[0], r2[1]
	r.startClock(flag)
	r.play(flag, 0, "e4")
	r.at(pointR2FlagPending)
	r.startClock(mate)
	r.play(mate, 0, "e4", "e5", "Bc4")
	r.at(pointR2BetweenMoves)
	r.play(mate, 3, "Nc6", "Qh5", "Nf6", "Qxf7#")
	if res := r.result(mate.id); res != "1-0" {
		t.Errorf("after the scholar's mate: %s", res)
	}
	fell := r.waitEvent(flag.id, "clock.flag_fell")
	if d, _ := fell["data"].(map[string]any); d["side"] != "black" || d["ply"] != 1.0 || !instant(t, fell, "at").Equal(r.moveAt[flag.id].Add(acceptanceBase)) {
		t.Errorf("flag fall %v, want Black's, fifteen seconds after 1. e4 at %v", fell, r.moveAt[flag.id])
	}
	if res := r.result(flag.id); res != "1-0" {
		t.Errorf("after Black's flag fell: %s", res)
	}
	r.closeRound(2)
	r.at(pointR2Closed)

	// Round 3: a draw by agreement, and a mate.
	r3 := r.pairRound(3)
	agreed, fool := r3[0], r3[1]
	r.startClock(agreed)
	r.startClock(fool)
	r.play(agreed, 0, "d4", "d5")
	r.at(pointR3BetweenMoves)
	r.command("/api/games/"+agreed.id+"/draw", map[string]any{"player": agreed.white, "action": "offer", "idempotency_key": "offer-" + agreed.id}, http.StatusOK)
	r.command("/api/games/"+agreed.id+"/draw", map[string]any{"player": agreed.black, "action": "accept", "idempotency_key": "accept-" + agreed.id}, http.StatusOK)
	r.play(fool, 0, "f3", "e5", "g4", "Qh4#")
	if res := r.result(agreed.id); res != "1/2-1/2" {
		t.Errorf("after the agreed draw: %s", res)
	}
	if res := r.result(fool.id); res != "0-1" {
		t.Errorf("after the fool's mate: %s", res)
	}
	r.closeRound(3)

	var view map[string]any
	r.waitUntil("standings published after round 3", func() bool {
		view = r.read("/api/tournaments/cup").body
		p, _ := view["published_standings"].(map[string]any)
		return view["finished"] == true && p != nil && p["after_round"] == 3.0
	})
	r.waitUntil("the standings after every round in the tournament's log", func() bool {
		after := map[float64]bool{}
		for _, e := range r.logOf("") {
			if d, _ := e["data"].(map[string]any); e["type"] == "scoring.standings_updated" {
				after[d["after_round"].(float64)] = true
			}
		}
		return after[1] && after[2] && after[3]
	})
	out := tournamentOutcome{standings: view["standings"], published: view["published_standings"], logs: map[string][]map[string]any{}}
	out.logs["tournament"] = r.logOf("")
	for _, b := range slices.Concat(r1, r2, r3) {
		out.logs[b.id] = r.logOf(b.id)
	}
	r.checkExactlyOnce(out)
	return out
}

// checkExactlyOnce: every acknowledged event is in the logs exactly once,
// and no event id is in them twice.
func (r *scriptedRun) checkExactlyOnce(out tournamentOutcome) {
	r.t.Helper()
	count := map[string]int{}
	for agg, log := range out.logs {
		for _, e := range log {
			id, _ := e["id"].(string)
			count[id]++
			if count[id] > 1 {
				r.t.Errorf("%s: event %s (%v) is in the log twice", agg, id, e["type"])
			}
		}
	}
	for _, id := range r.acked {
		if count[id] != 1 {
			r.t.Errorf("acknowledged event %s is in the logs %d times", id, count[id])
		}
	}
	if len(r.acked) == 0 {
		r.t.Error("no acknowledged events")
	}
}

// normalEvent is what two runs of the script must agree on in an event:
// everything in its envelope and data except
//
//   - id: a fresh ULID per event, from the instant it was made;
//   - recorded_at: the server's clock when it was stored;
//   - causation_id, correlation_id: other events' ids (and request ids);
//   - prev_hash, hash: the hash chain covers the fields above, so it
//     differs whenever they do;
//   - writer: the name of the process instance that appended the event;
//   - the event ids inside an idempotency key (the keys of the events a
//     service appends in reaction to another event carry that event's id;
//     the rest of the key must agree);
//   - data.at: a wall-clock instant (the clock's start, a move's press, a
//     pause or resume, a flag fall: the flag falls fifteen seconds after the
//     move, but the move's instant is the wall clock's), from which every
//     clock reading is computed; no event carries a reading itself.
//
// The flag fall's instant is checked separately, against its move's, in
// each run. Everything else — type, version, aggregate, seq, actor, the
// rest of the idempotency key and of the data (moves, sides, plies, claims,
// rulings with their articles, the penalty's milliseconds, results,
// pairings, standings with tie-breaks) — must be the same.
//
// A game's log must agree event by event, in order: the script waits for
// every reaction (ruling, penalty, flag fall) before the game's next
// command, so its order is the script's. The tournament's log is written by
// two services at once — the pairing service (registrations, pairings,
// closed rounds) and the scoring service (standings after each round) — and
// how their appends interleave depends on scheduling (in the reference run,
// too, the standings after round 2 may land before or after round 3's
// pairing): it must agree actor by actor, in each actor's order, ignoring
// seq (the position in the interleaving).
func normalEvent(e map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range e {
		switch k {
		// the signature signs the hash, which covers recorded_at: it
		// differs between runs as the hashes do (and by each run's keys)
		case "id", "recorded_at", "causation_id", "correlation_id", "prev_hash", "hash", "sig", "writer":
			continue
		case "idempotency_key":
			v = ulidPattern.ReplaceAllString(fmt.Sprint(v), "<event id>")
		case "data":
			d, _ := v.(map[string]any)
			nd := map[string]any{}
			for dk, dv := range d {
				if dk != "at" {
					nd[dk] = dv
				}
			}
			v = nd
		}
		out[k] = v
	}
	return out
}

// ulidPattern matches an event id (a ULID) inside an idempotency key: the
// keys of the events a service appends in reaction to another event are
// derived from that event's id.
var ulidPattern = regexp.MustCompile(`[0-9A-HJKMNP-TV-Z]{26}`)

// compareOutcomes reports where got differs from want.
func compareOutcomes(t *testing.T, name string, want, got tournamentOutcome) {
	t.Helper()
	if !reflect.DeepEqual(want.standings, got.standings) {
		t.Errorf("%s: standings %v, want %v", name, got.standings, want.standings)
	}
	if !reflect.DeepEqual(want.published, got.published) {
		t.Errorf("%s: published standings %v, want %v", name, got.published, want.published)
	}
	if len(got.logs) != len(want.logs) {
		t.Errorf("%s: %d logs, want %d", name, len(got.logs), len(want.logs))
	}
	for agg, wl := range want.logs {
		gl := got.logs[agg]
		if len(gl) != len(wl) {
			t.Errorf("%s: %s has %d events, want %d:\n%s\nwant\n%s", name, agg, len(gl), len(wl), typesOf(gl), typesOf(wl))
			continue
		}
		if agg != "tournament" {
			for i := range wl {
				if w, g := normalEvent(wl[i]), normalEvent(gl[i]); !reflect.DeepEqual(w, g) {
					t.Errorf("%s: %s event %d:\n got %v\nwant %v", name, agg, i, g, w)
				}
			}
			continue
		}
		wb, gb := byActor(wl), byActor(gl)
		if len(wb) != len(gb) {
			t.Errorf("%s: the tournament's events are by %d actors, want %d", name, len(gb), len(wb))
		}
		for actor, ws := range wb {
			gs := gb[actor]
			if len(gs) != len(ws) {
				t.Errorf("%s: %s wrote %d events on the tournament, want %d:\n%s\nwant\n%s", name, actor, len(gs), len(ws), typesOf(gs), typesOf(ws))
				continue
			}
			for i := range ws {
				w, g := normalEvent(ws[i]), normalEvent(gs[i])
				delete(w, "seq")
				delete(g, "seq")
				if !reflect.DeepEqual(w, g) {
					t.Errorf("%s: the tournament's event %d by %s:\n got %v\nwant %v", name, i, actor, g, w)
				}
			}
		}
	}
}

// byActor splits a log into the events of each actor, in order.
func byActor(log []map[string]any) map[string][]map[string]any {
	out := map[string][]map[string]any{}
	for _, e := range log {
		a, _ := e["actor"].(map[string]any)
		k := fmt.Sprint(a["role"], ":", a["id"])
		out[k] = append(out[k], e)
	}
	return out
}

func typesOf(log []map[string]any) string {
	var s []string
	for _, e := range log {
		s = append(s, fmt.Sprint(e["type"]))
	}
	return strings.Join(s, " ")
}

// onePlay plays the script against one hakem serve process on data, which
// is killed and restarted at killAt (none when empty).
func onePlay(t *testing.T, killAt string) tournamentOutcome {
	data := t.TempDir()
	s := start(t, data)
	r := &scriptedRun{t: t, api: func() *server { return s }, at: func(point string) {
		if point != killAt {
			return
		}
		t.Logf("SIGKILL at %s", point)
		s.kill()
		s = start(t, data)
	}}
	out := r.playTournament()
	s.stop()
	return out
}

// TestAcceptanceTournament plays the scripted tournament on one process,
// once without and once with a SIGKILL and restart in the middle of round
// 2 (games in progress, clocks running, a flag about to fall), then with
// each service in its own process, every one killed and restarted once
// (TestAcceptanceSplit's plan); all three agree.
func TestAcceptanceTournament(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	hakemBinary(t)
	var reference, killed, split tournamentOutcome
	t.Run("processes", func(t *testing.T) {
		t.Run("uninterrupted", func(t *testing.T) {
			t.Parallel()
			reference = onePlay(t, "")
		})
		t.Run("killed", func(t *testing.T) {
			t.Parallel()
			killed = onePlay(t, pointR2BetweenMoves)
		})
	})
	if t.Failed() {
		return
	}
	compareOutcomes(t, "killed", reference, killed)
	oneKeyPerWriter(t, "killed", killed)
	t.Run("split", func(t *testing.T) { split = splitPlay(t) })
	if t.Failed() {
		return
	}
	compareOutcomes(t, "split", reference, split)
}

// oneKeyPerWriter checks that every event of out is signed, and each
// writer's with one key: the process restarted on its data folder signs
// with the keys it signed with before the SIGKILL.
func oneKeyPerWriter(t *testing.T, name string, out tournamentOutcome) {
	t.Helper()
	keys := map[string]map[string]bool{}
	for agg, log := range out.logs {
		for _, e := range log {
			sig, _ := e["sig"].(string)
			parts := strings.SplitN(sig, ":", 3)
			if len(parts) != 3 {
				t.Errorf("%s: %s's event %v %v is not signed: %q", name, agg, e["seq"], e["type"], sig)
				continue
			}
			w := fmt.Sprint(e["writer"])
			if keys[w] == nil {
				keys[w] = map[string]bool{}
			}
			keys[w][parts[1]] = true
		}
	}
	for w, ids := range keys {
		if len(ids) != 1 {
			t.Errorf("%s: %s signed with %d keys, want one across the restart: %v", name, w, len(ids), ids)
		}
	}
}

// dump lists a game's events, one a line.
func (r *scriptedRun) dump(game string) string {
	var b strings.Builder
	for _, e := range r.logOf(game) {
		fmt.Fprintf(&b, "%v %v %v %v\n", e["seq"], e["type"], e["recorded_at"], e["data"])
	}
	return b.String()
}

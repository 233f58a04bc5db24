package e2e

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// instant reads an RFC 3339 instant from an event's data.
func instant(t *testing.T, e map[string]any, field string) time.Time {
	t.Helper()
	data, _ := e["data"].(map[string]any)
	s, _ := data[field].(string)
	at, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		t.Fatalf("event %v: %s: %v", e["type"], field, err)
	}
	return at
}

// waitFor reads the live stream until an event of the type arrives.
func waitFor(t *testing.T, ch <-chan map[string]any, typ string) map[string]any {
	t.Helper()
	for {
		if e := next(t, ch); e["type"] == typ {
			return e
		}
	}
}

// TestFlagFall: the clocks service records a flag fall at the instant the
// clock module computes from the recorded start and moves — also for a
// flag that fell while the process was dead — and a move after the fall
// is refused.
func TestFlagFall(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)

	untimed := s.post("/api/games", map[string]any{"white": "a", "black": "b", "idempotency_key": "u"})
	uid, _ := untimed.body["game_id"].(string)
	if a := s.post("/api/games/"+uid+"/clock/start", map[string]string{"idempotency_key": "s-" + uid}); a.status != http.StatusConflict || a.errorCode() != "untimed" {
		t.Errorf("start an untimed clock: %d %s", a.status, a.raw)
	}
	if a := s.post("/api/games", map[string]any{"white": "a", "black": "b", "time_control": "soon", "idempotency_key": "bad-tc"}); a.status != 400 {
		t.Errorf("create with a bad time control: %d %s", a.status, a.raw)
	}

	// Game 1: two seconds each; White moves, Black's flag falls.
	g1 := s.post("/api/games", map[string]any{"white": "a", "black": "b", "time_control": "2", "idempotency_key": "g1"})
	id1, _ := g1.body["game_id"].(string)
	if a := s.post("/api/games/"+id1+"/clock/start", map[string]string{}); a.status != 400 {
		t.Errorf("start without a key: %d %s", a.status, a.raw)
	}
	live, closeLive := follow(t, s.base, id1)
	defer closeLive()
	started := s.post("/api/games/"+id1+"/clock/start", map[string]string{"idempotency_key": "start-1-" + id1, "by": "arbiter-1"})
	if started.status != 200 || started.events()[0]["type"] != "clock.started" {
		t.Fatalf("start: %d %s", started.status, started.raw)
	}
	if a := s.post("/api/games/"+id1+"/clock/start", map[string]string{"idempotency_key": "start-1-" + id1, "by": "arbiter-1"}); a.body["repeated"] != true {
		t.Errorf("start retried: %s", a.raw)
	}
	mv := s.move(id1, "a", "e4", "e4-"+id1)
	pressed := instant(t, mv.events()[0], "at")
	flag := waitFor(t, live, "clock.flag_fell")
	data1, _ := flag["data"].(map[string]any)
	if got, want := instant(t, flag, "at"), pressed.Add(2*time.Second); !got.Equal(want) || data1["side"] != "black" || data1["ply"] != 1.0 {
		t.Fatalf("flag fell %v (%v), want black at %v", got, data1, want)
	}
	if flag["causation_id"] != mv.events()[0]["id"] {
		t.Errorf("flag fall caused by %v, want the press %v", flag["causation_id"], mv.events()[0]["id"])
	}
	// the arbiter rules on the fall (6.9) and the games service ends the game
	ruling := waitFor(t, live, "arbiter.ruling_given")
	rd, _ := ruling["data"].(map[string]any)
	if rd["decision"] != "win_white" || rd["matter"] != "flag_fall" || rd["article"] == "" || ruling["causation_id"] != flag["id"] {
		t.Errorf("ruling on the flag: %v", ruling)
	}
	ended := waitFor(t, live, "game.ended")
	if ed, _ := ended["data"].(map[string]any); ed["result"] != "1-0" || ed["termination"] != "flag_fall" || ended["causation_id"] != ruling["id"] {
		t.Errorf("end after the flag: %v", ended)
	}
	before := len(s.eventLog(id1))
	if a := s.post("/api/games/"+id1+"/moves", map[string]string{"player": "b", "move": "e5", "idempotency_key": "late-" + id1}); a.status != http.StatusConflict || a.errorCode() != "game_over" {
		t.Errorf("move after the flag fell: %d %s", a.status, a.raw)
	}
	if after := len(s.eventLog(id1)); after != before {
		t.Errorf("a refused move appended: %d events, then %d", before, after)
	}
	if pgn := s.do("GET", "/api/games/"+id1+"/pgn", ""); !strings.Contains(pgn.raw, "1. e4 { [%clk 0:00:00.") && !strings.Contains(pgn.raw, "1. e4 {[%clk 0:00:0") {
		t.Errorf("PGN without the clock:\n%s", pgn.raw)
	}
	c := s.do("GET", "/api/games/"+id1+"/clock", "")
	if black, _ := c.body["black"].(map[string]any); c.status != 200 || black["flagged"] != true || black["remaining_ms"] != 0.0 {
		t.Errorf("clock after the fall: %d %s", c.status, c.raw)
	}

	// Game 2: the clock starts, the process dies before the flag falls and
	// comes back after; the fall is recorded at its instant.
	g2 := s.post("/api/games", map[string]any{"white": "c", "black": "d", "time_control": "2", "idempotency_key": "g2"})
	id2, _ := g2.body["game_id"].(string)
	st2 := s.post("/api/games/"+id2+"/clock/start", map[string]string{"idempotency_key": "start-2-" + id2})
	origin := instant(t, st2.events()[0], "at")
	s.kill()
	time.Sleep(2500 * time.Millisecond) // the flag falls while nobody watches
	s = start(t, data)
	live2, closeLive2 := follow(t, s.base, id2)
	defer closeLive2()
	flag2 := waitFor(t, live2, "clock.flag_fell")
	data2, _ := flag2["data"].(map[string]any)
	if got, want := instant(t, flag2, "at"), origin.Add(2*time.Second); !got.Equal(want) || data2["side"] != "white" || data2["ply"] != 0.0 {
		t.Fatalf("flag after restart %v (%v), want white at %v", got, data2, want)
	}
	if e := waitFor(t, live2, "game.ended"); e["data"].(map[string]any)["result"] != "0-1" {
		t.Errorf("game 2 after its flag: %v", e)
	}

	// Game 3: White's flag falls against a lone king: a draw (6.9).
	g3 := s.post("/api/games", map[string]any{"white": "e", "black": "f", "time_control": "1", "start_fen": "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "idempotency_key": "g3"})
	id3, _ := g3.body["game_id"].(string)
	live3, closeLive3 := follow(t, s.base, id3)
	defer closeLive3()
	s.post("/api/games/"+id3+"/clock/start", map[string]string{"idempotency_key": "start-3-" + id3})
	if e := waitFor(t, live3, "game.ended"); e["data"].(map[string]any)["result"] != "1/2-1/2" || e["data"].(map[string]any)["termination"] != "insufficient_material_flag" {
		t.Errorf("flag against a lone king: %v", e)
	}

	// recorded once, not again by the restarted watcher for game 1
	n := 0
	for _, e := range s.eventLog(id1) {
		if e["type"] == "clock.flag_fell" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("game 1 has %d flag falls", n)
	}
	s.stop()
}

// TestArbiterClockCommands: the arbiter pauses the clocks, adds time and
// resumes; the flag then falls at the instant computed from those events.
func TestArbiterClockCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	s := start(t, t.TempDir())
	g := s.post("/api/games", map[string]any{"white": "w", "black": "b", "time_control": "2", "idempotency_key": "g"})
	id, _ := g.body["game_id"].(string)
	live, closeLive := follow(t, s.base, id)
	defer closeLive()
	cmd := func(what string, body map[string]any) answer {
		body["by"] = "arbiter-7"
		return s.post("/api/games/"+id+"/clock/"+what, body)
	}
	if a := cmd("pause", map[string]any{"idempotency_key": "p0"}); a.status != 409 {
		t.Errorf("pause before the start: %d %s", a.status, a.raw)
	}
	started := cmd("start", map[string]any{"idempotency_key": "s"})
	paused := cmd("pause", map[string]any{"idempotency_key": "p", "reason": "a dispute"})
	if paused.status != 200 {
		t.Fatalf("pause: %d %s", paused.status, paused.raw)
	}
	if a := cmd("pause", map[string]any{"idempotency_key": "p2"}); a.status != 409 || a.errorCode() != "clock_state" {
		t.Errorf("pause twice: %d %s", a.status, a.raw)
	}
	if a := cmd("adjust", map[string]any{"idempotency_key": "a0", "side": "white", "delta_ms": -10000}); a.status != 400 {
		t.Errorf("taking more time than is left: %d %s", a.status, a.raw)
	}
	if a := cmd("adjust", map[string]any{"idempotency_key": "a1", "side": "green", "delta_ms": 1000}); a.status != 400 {
		t.Errorf("adjusting no side: %d %s", a.status, a.raw)
	}
	if a := cmd("adjust", map[string]any{"idempotency_key": "a", "side": "white", "delta_ms": 1000, "reason": "disturbance", "article": "12.5"}); a.status != 200 {
		t.Fatalf("adjust: %d %s", a.status, a.raw)
	}
	resumed := cmd("resume", map[string]any{"idempotency_key": "r"})
	if resumed.status != 200 {
		t.Fatalf("resume: %d %s", resumed.status, resumed.raw)
	}
	if a := cmd("resume", map[string]any{"idempotency_key": "r2"}); a.status != 409 {
		t.Errorf("resume twice: %d %s", a.status, a.raw)
	}
	t0 := instant(t, started.events()[0], "at")
	tp := instant(t, paused.events()[0], "at")
	tr := instant(t, resumed.events()[0], "at")
	want := tr.Add(2*time.Second - tp.Sub(t0) + time.Second)
	flag := waitFor(t, live, "clock.flag_fell")
	if got := instant(t, flag, "at"); !got.Equal(want) {
		t.Errorf("flag at %v, want %v (start %v, pause %v, +1 s, resume %v)", got, want, t0, tp, tr)
	}
	s.stop()
}

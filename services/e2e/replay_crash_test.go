package e2e

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	arbiterapp "github.com/hakem-chess/hakem/services/arbiter/app"
	arbiter "github.com/hakem-chess/hakem/services/arbiter/domain"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/natstest"
)

// TestAnnulmentReplayAfterCrash: hakem serve is SIGKILLed in the middle
// of two annulments: on board 2 after the annulment and its replay order
// are recorded and before the replay is created, on board 3 after the
// annulment and before the order. The test records what the ruling's
// request records up to those points (arbiter.ruling_given,
// arbiter.game_annulled, and on board 2 arbiter.replay_ordered, through
// the arbiter's own code on the process's data folder while it is down),
// then starts serve again: the games service's consumer group
// games-replays orders board 3's replay from its annulment and creates
// both replays from their orders, once. The process is killed again right
// after the replays appear (an ack may be lost) and restarted: still one
// order and one creation each. Then TestAnnulmentReplay's assertions hold:
// the replay's pairing, replay_of and causation, the annulled game's
// stopped clock, a retry of the ruling answering the same four events and
// creating nothing, the replay played, and the audit of the games.
func TestAnnulmentReplayAfterCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	id := startedGame(t, s, map[string]any{"id": "crash-r3-b2", "white": "w", "black": "b", "time_control": "600+5",
		"tournament_id": "crash", "round": 3, "board": 2, "laws_profile": "fide-2023", "idempotency_key": "g-crash-r3-b2"})
	s.move(id, "w", "e4", "m1-"+id)
	s.move(id, "b", "e5", "m2-"+id)
	early := startedGame(t, s, map[string]any{"id": "crash-r3-b3", "white": "w3", "black": "b3", "time_control": "600+5",
		"tournament_id": "crash", "round": 3, "board": 3, "laws_profile": "fide-2023", "idempotency_key": "g-crash-r3-b3"})
	s.move(early, "w3", "d4", "m1-"+early)
	s.kill()

	replay, earlyReplay := id+"-replay", early+"-replay"
	order := annulWhileDown(t, data, id, replay, true)
	annulWhileDown(t, data, early, earlyReplay, false)

	s = start(t, data)
	created := map[string]map[string]any{}
	deadline := time.Now().Add(60 * time.Second)
	for _, g := range []string{replay, earlyReplay} {
		for created[g] == nil {
			if log := s.eventLogOrNone(g); len(log) > 0 {
				created[g] = log[0]
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the replay %s was not created within 60 s of the restart", g)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	// killed again before the creations' acks may have reached the
	// server: the orders are then delivered again, and create nothing more
	s.kill()
	s = start(t, data)

	for _, g := range []string{replay, earlyReplay} {
		if log := s.eventLog(g); len(log) != 1 || log[0]["type"] != "game.created" {
			t.Fatalf("%s's log after the restarts: %v, want its creation once", g, log)
		}
	}
	var orders []map[string]any
	for _, e := range s.eventLog(early) {
		if e["type"] == "arbiter.replay_ordered" {
			orders = append(orders, e)
		}
	}
	if len(orders) != 1 {
		t.Fatalf("board 3's replay ordered %d times, want once", len(orders))
	}
	od, _ := orders[0]["data"].(map[string]any)
	if od["replay_game_id"] != earlyReplay || od["article"] != "7.2.1" || created[earlyReplay]["causation_id"] != orders[0]["id"] {
		t.Errorf("board 3's order %v and replay %v", orders[0], created[earlyReplay])
	}
	if cd, _ := created[earlyReplay]["data"].(map[string]any); cd["white"] != "w3" || cd["board"] != 3.0 || cd["replay_of"] != early {
		t.Errorf("board 3's replay: %v", cd)
	}
	if again := s.post("/api/games/"+early+"/rulings", map[string]any{"matter": "wrong_initial_position", "reason": "king and queen swapped",
		"by": "chief", "idempotency_key": "annul"}); again.status != 200 || again.body["repeated"] != true || len(again.events()) != 4 {
		t.Errorf("retry of board 3's ruling: %d %s", again.status, again.raw)
	}

	created1 := created[replay]
	cd, _ := created1["data"].(map[string]any)
	if created1["causation_id"] != order.ID || created1["correlation_id"] != order.CorrelationID {
		t.Errorf("replay created as %v, want caused by the order %s", created1, order.ID)
	}
	for k, want := range map[string]any{"white": "w", "black": "b", "tournament_id": "crash", "round": 3.0, "board": 2.0,
		"time_control": "600+5", "laws_profile": "fide-2023", "replay_of": id} {
		if cd[k] != want {
			t.Errorf("replay's %s: %v, want %v", k, cd[k], want)
		}
	}

	// the annulled game's clock stopped at the annulment (the clocks
	// service reads the annulment after the restart)
	for stopped := time.Now().Add(30 * time.Second); ; {
		c := s.do("GET", "/api/games/"+id+"/clock", "")
		wc, _ := c.body["white"].(map[string]any)
		bc, _ := c.body["black"].(map[string]any)
		if c.status == 200 && wc["running"] == false && bc["running"] == false {
			break
		}
		if time.Now().After(stopped) {
			t.Fatalf("annulled game's clock 30 s after the restart: %d %s", c.status, c.raw)
		}
		time.Sleep(50 * time.Millisecond)
	}

	// a retry of the ruling answers the same four events and creates nothing
	body := map[string]any{"matter": "wrong_initial_position", "reason": "king and queen swapped", "by": "chief", "idempotency_key": "annul"}
	again := s.post("/api/games/"+id+"/rulings", body)
	var types []string
	for _, e := range again.events() {
		types = append(types, e["type"].(string))
	}
	if again.status != 200 || again.body["repeated"] != true ||
		strings.Join(types, " ") != "arbiter.ruling_given arbiter.game_annulled arbiter.replay_ordered game.created" {
		t.Errorf("retry: %d %s", again.status, again.raw)
	} else if evs := again.events(); evs[2]["id"] != order.ID || evs[3]["id"] != created1["id"] {
		t.Errorf("retry's order and creation: %v %v, want %s and %v", evs[2]["id"], evs[3]["id"], order.ID, created1["id"])
	}
	if n := len(s.eventLog(replay)); n != 1 {
		t.Errorf("the replay has %d events after the retry, want its creation", n)
	}
	before := len(s.eventLog(id))
	if a := s.post("/api/games/"+id+"/rulings", map[string]any{"matter": "wrong_initial_position", "by": "chief", "idempotency_key": "annul-2-" + id}); a.status != http.StatusConflict {
		t.Errorf("annulling the annulled game again: %d %s", a.status, a.raw)
	}
	if n := len(s.eventLog(id)); n != before {
		t.Errorf("a refused ruling appended %d events", n-before)
	}

	// the replay is played from the start
	if st := s.post("/api/games/"+replay+"/clock/start", map[string]string{"idempotency_key": "s-" + replay}); st.status != 200 {
		t.Fatalf("replay's clock: %d %s", st.status, st.raw)
	}
	s.move(replay, "w", "d4", "m1-"+replay)
	if g := s.game(replay); moves(g) != "d4" {
		t.Errorf("replay's moves: %v", g)
	}
	s.stop()
	for _, g := range []string{id, replay, early, earlyReplay} {
		if r := runAudit(t, "game", g, "--data", data); r.code != 0 || !strings.Contains(r.stdout, "every event follows") {
			t.Errorf("audit of %s: exit %d\n%s\n%s", g, r.code, r.stdout, r.stderr)
		}
	}
}

// annulWhileDown records on the data folder of a stopped hakem serve what
// the ruling's request records before it would create the replay: the
// arbiter's annulment of game id (wrong initial position, the ruling's
// key "annul" by arbiter "chief", as TestAnnulmentReplay's request) and,
// with order, the replay's order, through the arbiter's own code and its key in the folder. It
// checks that the replay does not exist yet and returns the order's
// envelope (the zero envelope without order).
func annulWhileDown(t *testing.T, data, id, replay string, order bool) events.Envelope {
	t.Helper()
	store, _, closeStore := natstest.SigningFolder(t, data)
	defer closeStore()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	arb := &arbiterapp.Arbiter{Store: gamelog.EventStore{Store: store, Writer: events.WriterArbiter}, Retries: 3}
	evs, _, err := arb.Rule(ctx, id, arbiter.HandRuling{Matter: "wrong_initial_position", Reason: "king and queen swapped"},
		gamelog.Meta{IdempotencyKey: "annul", Actor: events.Actor{Role: "arbiter", ID: "chief"}, CorrelationID: "crash-annul"})
	if err != nil {
		t.Fatalf("annulling %s: %v", id, err)
	}
	var annulment *events.Envelope
	for i := range evs {
		if evs[i].Type == (events.GameAnnulled{}).EventType() {
			annulment = &evs[i]
		}
	}
	if annulment == nil {
		t.Fatalf("the ruling annulled nothing: %v", evs)
	}
	var out events.Envelope
	if order {
		rep, err := arb.OrderReplay(ctx, *annulment)
		if err != nil {
			t.Fatalf("ordering the replay: %v", err)
		}
		if rep.GameID != replay || len(rep.Order) != 1 {
			t.Fatalf("replay ordered as %s (%d events), want %s", rep.GameID, len(rep.Order), replay)
		}
		out = rep.Order[0]
	}
	recs, _, err := (gamelog.EventStore{Store: store}).Load(ctx, replay)
	if err != nil || len(recs) != 0 {
		t.Fatalf("the replay before the restart: %d events, %v", len(recs), err)
	}
	return out
}

// eventLogOrNone is eventLog, or nothing while the game does not exist.
func (s *server) eventLogOrNone(game string) []map[string]any {
	s.t.Helper()
	if a := s.do("GET", "/api/games/"+game, ""); a.status == http.StatusNotFound {
		return nil
	}
	return s.eventLog(game)
}

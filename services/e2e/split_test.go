package e2e

import (
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events/embedded"
)

// waitTCP waits until addr accepts connections (a bound, not a timing
// assertion).
func waitTCP(t *testing.T, addr string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s not accepting connections after 60 s", addr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestSplitProcesses runs the games and clocks services in one process
// (which also hosts the embedded JetStream, listening on loopback) and the
// gateway alone in another, joined only by NATS: commands are forwarded
// over NATS request/reply, reads come from the log; the services' process
// is killed and restarted under the running gateway.
func TestSplitProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	natsAddr := freeAddr(t)
	services := []string{"--data", data, "--only", "games,clocks"}
	env := []string{"HAKEM_NATS_LISTEN=" + natsAddr}
	svc := startWith(t, services, env, true)
	waitTCP(t, natsAddr)
	gw := startWith(t, []string{"--only", "gateway", "--nats", natsURL(t, data, natsAddr, "gateway"), "--data", t.TempDir()}, []string{joined}, true)

	// the services subscribe right after the server starts; retry until one answers
	var created answer
	for deadline := time.Now().Add(30 * time.Second); ; {
		created = gw.post("/api/games", map[string]any{"white": "a", "black": "b", "time_control": "600+5", "idempotency_key": "split-1"})
		if created.status != http.StatusServiceUnavailable || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if created.status != http.StatusCreated {
		t.Fatalf("create through the gateway: %d %s", created.status, created.raw)
	}
	id, _ := created.body["game_id"].(string)
	if a := gw.post("/api/games/"+id+"/clock/start", map[string]string{"idempotency_key": "c-" + id}); a.status != 200 {
		t.Fatalf("clock start through the gateway: %d %s", a.status, a.raw)
	}
	gw.move(id, "a", "e4", "1-"+id)
	if a := gw.post("/api/games/"+id+"/moves", map[string]string{"player": "b", "move": "e4", "idempotency_key": "2-" + id}); a.status != 422 || a.errorCode() != "illegal_move" {
		t.Errorf("illegal move through the gateway: %d %s", a.status, a.raw)
	}
	if a := gw.do("POST", "/api/games/"+id+"/moves", `{"player":`); a.status != 400 || a.errorCode() != "malformed_json" {
		t.Errorf("malformed JSON through the gateway: %d %s", a.status, a.raw)
	}
	if g := gw.game(id); moves(g) != "e4" {
		t.Fatalf("read through the gateway: %v", g)
	}

	svc.kill()
	if a := gw.post("/api/games/"+id+"/moves", map[string]string{"player": "b", "move": "e5", "idempotency_key": "3-" + id}); a.status < 500 {
		t.Errorf("a move with the services down: %d %s", a.status, a.raw)
	}
	svc = startWith(t, services, env, true)
	waitTCP(t, natsAddr)
	var again answer
	for deadline := time.Now().Add(30 * time.Second); ; {
		again = gw.post("/api/games/"+id+"/moves", map[string]string{"player": "b", "move": "e5", "idempotency_key": "3-" + id})
		if again.status < 500 || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if again.status != 200 {
		t.Fatalf("move after the services' restart: %d %s", again.status, again.raw)
	}
	if g := gw.game(id); moves(g) != "e4 e5" || g["version"] != 4.0 {
		t.Fatalf("after the restart: %v", g)
	}
	if c := gw.do("GET", "/api/games/"+id+"/clock", ""); c.status != 200 {
		t.Errorf("clock through the gateway: %d %s", c.status, c.raw)
	}

	// A second copy of games and clocks joins: commands are shared between
	// the copies (a NATS queue group), every one applied once, and a flag
	// fall watched by both clocks copies is recorded once.
	// it signs with the first copy's keys (a copy of its keys folder, as
	// deploy/README.md says): the keyring is complete by default, so a key
	// of its own would be taken for a forger's
	second := startWith(t, []string{"--only", "games,clocks", "--nats", natsURL(t, data, natsAddr, embedded.InProcessUser), "--data", t.TempDir()},
		[]string{joined, "HAKEM_KEYS_DIR=" + filepath.Join(data, "keys")}, false)
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(second.output(), "hakem serve ready"); {
		if time.Now().After(deadline) {
			t.Fatalf("second copy not ready:\n%s", second.output())
		}
		time.Sleep(50 * time.Millisecond)
	}
	blitz := gw.post("/api/games", map[string]any{"white": "c", "black": "d", "time_control": "2", "idempotency_key": "split-2"})
	bid, _ := blitz.body["game_id"].(string)
	if a := gw.post("/api/games/"+bid+"/clock/start", map[string]string{"idempotency_key": "c-" + bid}); a.status != 200 {
		t.Fatalf("clock start: %d %s", a.status, a.raw)
	}
	live, closeLive := follow(t, gw.base, bid)
	defer closeLive()
	for i, m := range []string{"Nf3", "Nf6", "Ng1", "Ng8", "e4", "e5"} {
		p := "c"
		if i%2 == 1 {
			p = "d"
		}
		gw.move(bid, p, m, "b"+m)
		gw.move(bid, p, m, "b"+m) // a retry, maybe to the other copy
	}
	waitFor(t, live, "clock.flag_fell")
	time.Sleep(500 * time.Millisecond) // let the other copy try too
	log := gw.eventLog(bid)
	flags, played := 0, 0
	for _, e := range log {
		switch e["type"] {
		case "clock.flag_fell":
			flags++
		case "game.move_played":
			played++
		}
	}
	if flags != 1 || played != 6 || len(log) != 1+1+6+1 {
		t.Errorf("with two copies: %d events, %d moves, %d flag falls", len(log), played, flags)
	}
	second.stop()
	gw.stop()
	svc.stop()
}

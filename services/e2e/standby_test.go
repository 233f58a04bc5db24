package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events/embedded"
)

// ackedMove is a move the primary acknowledged, and when.
type ackedMove struct {
	game int
	ply  int
	uci  string
	at   time.Time
}

// TestStandbyTakesOver: a primary hakem serve (HAKEM_STANDBY_LISTEN) and a
// standby hakem serve --standby, two processes with their own data folders
// (the standby with a copy of the primary's signing keys). A Swiss round of
// 100 games is played on the primary under load while the standby's lag is
// polled; the standby refuses writes (503 standby). The primary is killed
// with SIGKILL in the middle of the round and hakem promote makes the
// standby the primary: every move acknowledged more than a second before
// the kill is on it, the games go on there, and hakem audit all of the
// promoted standby's folder is clean.
func TestStandbyTakesOver(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs two hakem serve processes")
	}
	pdata, sdata := t.TempDir(), t.TempDir()
	leaf := freeAddr(t)
	p := startWith(t, []string{"--data", pdata}, []string{"HAKEM_STANDBY_LISTEN=" + leaf}, true)
	copyTree(t, filepath.Join(pdata, "keys"), filepath.Join(sdata, "keys"))
	s := startWith(t, []string{"--data", sdata, "--standby", natsURL(t, pdata, leaf, embedded.StandbyUser)}, nil, true)

	const boards = 100
	ids, whites, blacks := bigSwiss(t, p, "sb", 2*boards)
	if len(ids) != boards {
		t.Fatalf("round 1 has %d boards, want %d", len(ids), boards)
	}
	// the standby serves the reads and refuses the writes
	waitUntil(t, "the standby has the round's games", func() bool {
		return s.do("GET", "/api/games/"+ids[boards-1], "").status == http.StatusOK
	})
	for _, w := range []struct{ method, path, body string }{
		{"POST", "/api/games/" + ids[0] + "/moves", `{"move":"e2e4","player":"` + whites[0] + `","idempotency_key":"x"}`},
		{"POST", "/api/games", `{"id":"new","white":"a","black":"b","time_control":"600+5","idempotency_key":"x"}`},
		{"POST", "/api/games/" + ids[0] + "/rulings", `{}`},
		{"POST", "/api/tournaments/sb/rounds/1/close", `{"idempotency_key":"x"}`},
		{"DELETE", "/api/tournaments/sb", `{}`},
		{"PUT", "/api/anything", `{}`},
	} {
		if a := s.do(w.method, w.path, w.body); a.status != http.StatusServiceUnavailable || a.errorCode() != "standby" || !strings.Contains(a.raw, leaf) {
			t.Errorf("%s %s on the standby: %d %s, want 503 standby naming the primary", w.method, w.path, a.status, a.raw)
		}
	}
	if a := s.do("GET", "/standby", ""); !strings.Contains(a.raw, "STANDBY") {
		t.Errorf("GET /standby does not say the machine is a standby:\n%s", a.raw)
	}
	if a := p.do("GET", "/standby", ""); !strings.Contains(a.raw, "PRIMARY") {
		t.Errorf("GET /standby on the primary does not say it is live:\n%s", a.raw)
	}
	if a := p.do("GET", "/api/standby", ""); a.body["role"] != "primary" || a.body["connected"] != true {
		t.Errorf("GET /api/standby on the primary: %s, want role primary with its standby connected", a.raw)
	}

	// no promotion while the primary is alive and connected
	if out, err := exec.Command(hakemBinary(t), "promote", "--http", s.base).CombinedOutput(); err == nil || !strings.Contains(string(out), "primary_connected") {
		t.Errorf("hakem promote with the primary alive: %v\n%s", err, out)
	}

	// the lag, polled until the kill
	var lagMu sync.Mutex
	var maxLag float64
	stopPoll := make(chan struct{})
	polled := make(chan struct{})
	go func() {
		defer close(polled)
		for {
			select {
			case <-stopPoll:
				return
			case <-time.After(50 * time.Millisecond):
			}
			resp, err := http.Get(s.base + "/api/standby")
			if err != nil {
				continue
			}
			var st struct {
				Lag float64 `json:"lag_messages"`
			}
			_ = json.NewDecoder(resp.Body).Decode(&st)
			resp.Body.Close()
			lagMu.Lock()
			maxLag = max(maxLag, st.Lag)
			lagMu.Unlock()
		}
	}()

	// the load: every board plays as fast as its answers come, until the
	// primary dies
	plies := make([][]string, boards)
	for i := range plies {
		plies[i] = randomGame(uint64(i+1), 80)
	}
	var mu sync.Mutex
	var acked []ackedMove
	var wg sync.WaitGroup
	killed := make(chan struct{})
	for i := range boards {
		wg.Go(func() {
			c := &keepAlive{addr: strings.TrimPrefix(p.base, "http://")}
			defer c.close()
			for ply, mv := range plies[i] {
				player := whites[i]
				if ply%2 == 1 {
					player = blacks[i]
				}
				body, _ := json.Marshal(map[string]string{"move": mv, "player": player, "idempotency_key": fmt.Sprint("m", ply)})
				status, err := c.post("/api/games/"+ids[i]+"/moves", body)
				if err != nil || status != http.StatusOK {
					select {
					case <-killed:
					default:
						t.Errorf("%s ply %d %s: %d %v", ids[i], ply, mv, status, err)
					}
					return
				}
				mu.Lock()
				acked = append(acked, ackedMove{game: i, ply: ply, uci: mv, at: time.Now()})
				mu.Unlock()
			}
		})
	}
	// the kill, in the middle of the round: after 2 s of load once the
	// boards have played 10 moves each on average (or after 20 s), so that
	// moves acknowledged more than a second before it exist however fast
	// the machine plays
	for start := time.Now(); time.Since(start) < 20*time.Second; time.Sleep(20 * time.Millisecond) {
		mu.Lock()
		n := len(acked)
		mu.Unlock()
		if n >= boards*10 && time.Since(start) >= 2*time.Second {
			break
		}
	}
	close(killed)
	p.kill()
	killedAt := time.Now()
	wg.Wait()
	close(stopPoll)
	<-polled

	out := runHakem(t, "promote", "--http", s.base, "--by", "chief-arbiter")
	if !strings.Contains(out, "promoted") {
		t.Errorf("hakem promote:\n%s", out)
	}
	if a := s.do("GET", "/api/standby", ""); a.body["role"] != "primary" {
		t.Errorf("GET /api/standby after the promotion: %s", a.raw)
	}

	// every move acknowledged more than a second before the kill is there
	onStandby := make([][]any, boards)
	for i, id := range ids {
		onStandby[i], _ = s.game(id)["uci"].([]any)
	}
	var old, recent, lostRecent int
	var oldestLost time.Duration
	for _, m := range acked {
		got := len(onStandby[m.game]) > m.ply && onStandby[m.game][m.ply] == m.uci
		if killedAt.Sub(m.at) > time.Second {
			old++
			if !got {
				t.Errorf("%s ply %d (%s), acknowledged %v before the kill, is not on the promoted standby", ids[m.game], m.ply, m.uci, killedAt.Sub(m.at).Round(time.Millisecond))
			}
			continue
		}
		recent++
		if !got {
			lostRecent++
			oldestLost = max(oldestLost, killedAt.Sub(m.at))
		}
	}
	lagMu.Lock()
	t.Logf("%d moves acknowledged by the primary: %d more than 1 s before the kill (all on the standby: %v), %d in the last second, of which %d not mirrored (the oldest %v before the kill); largest lag seen: %.0f messages",
		len(acked), old, !t.Failed(), recent, lostRecent, oldestLost.Round(time.Millisecond), maxLag)
	lagMu.Unlock()
	if old == 0 {
		t.Error("no move was acknowledged more than a second before the kill: the load did not run")
	}

	// the games go on on the promoted standby, from what it holds
	continued := 0
	for i, id := range ids {
		ply := len(onStandby[i])
		if ply >= len(plies[i]) {
			continue
		}
		player := whites[i]
		if ply%2 == 1 {
			player = blacks[i]
		}
		mustOK(t, s.post("/api/games/"+id+"/moves", map[string]string{"move": plies[i][ply], "player": player, "idempotency_key": fmt.Sprint("after-", ply)}), id+" move after the promotion")
		continued++
	}
	if continued == 0 {
		t.Error("no game went on after the promotion")
	}
	s.stop()

	// started again with --standby still set, the promoted folder stays the
	// primary
	again := startWith(t, []string{"--data", sdata, "--standby", natsURL(t, pdata, leaf, embedded.StandbyUser)}, nil, true)
	if a := again.do("GET", "/api/standby", ""); a.body["role"] != "primary" || a.body["promoted_at"] == nil {
		t.Errorf("the promoted standby started again with --standby: %s, want role primary, promoted", a.raw)
	}
	again.stop()

	// the promoted standby's log is sound: every game and the tournament,
	// the signatures against the primary's keyring
	a := runAudit(t, "all", "--data", sdata)
	if a.code != 0 {
		t.Errorf("hakem audit all of the promoted standby: exit %d\n%s\n%s", a.code, a.stderr, lastLines(a.stdout, 20))
	}
	if got := strings.Count(a.stdout, ": ok"); got < boards+1 {
		t.Errorf("hakem audit all: %d aggregates ok, want the %d games and the tournament:\n%s", got, boards, lastLines(a.stdout, 20))
	}
}

// copyTree copies the folder from to to (files and folders, modes kept).
func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		dst := filepath.Join(to, rel)
		info, err := d.Info()
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(dst, info.Mode().Perm())
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, b, info.Mode().Perm())
	})
	if err != nil {
		t.Fatal(err)
	}
}

// bigSwiss is startSwiss for n players rated 2400 down by 5 points: it
// pairs round 1 and waits until every board's game exists.
func bigSwiss(t *testing.T, s *server, id string, n int) (ids, whites, blacks []string) {
	t.Helper()
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": id, "name": "Standby Open", "system": "swiss-dutch", "rounds": 3, "idempotency_key": "t--" + id + id}), "create")
	for i := 1; i <= n; i++ {
		mustOK(t, s.post("/api/tournaments/"+id+"/players", map[string]any{"player_id": fmt.Sprint("s", i), "name": fmt.Sprint("Player, s", i),
			"rating": 2400 - 5*i, "idempotency_key": fmt.Sprint(id, "-s", i)}), "register")
	}
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds", map[string]any{"idempotency_key": "p1-" + id}), "pair round 1")
	for _, x := range s.round(id, 1)["boards"].([]any) {
		bd := x.(map[string]any)
		ids, whites, blacks = append(ids, bd["game_id"].(string)), append(whites, bd["white"].(string)), append(blacks, bd["black"].(string))
		waitGame(t, s, bd["game_id"].(string))
	}
	return ids, whites, blacks
}

// TestStandbyFollowsRestarts: a standby stopped while the primary plays on
// catches up when started again on its folder (its mirrors resume), and
// follows the primary across the primary's own restart (the leaf
// connection comes back); its lag is 0 once it has every event, and its
// metrics say so.
func TestStandbyFollowsRestarts(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs two hakem serve processes")
	}
	pdata, sdata := t.TempDir(), t.TempDir()
	leaf := freeAddr(t)
	primaryEnv := []string{"HAKEM_STANDBY_LISTEN=" + leaf}
	p := startWith(t, []string{"--data", pdata}, primaryEnv, true)
	copyTree(t, filepath.Join(pdata, "keys"), filepath.Join(sdata, "keys"))
	// the standby's URL as the operator gets it
	creds := exec.Command(hakemBinary(t), "nats", "creds", "--data", pdata, "--user", embedded.StandbyUser)
	creds.Env = append(os.Environ(), "HAKEM_STANDBY_LISTEN="+leaf)
	out, err := creds.Output()
	if err != nil {
		t.Fatalf("hakem nats creds --user standby: %v", err)
	}
	if url := strings.TrimSpace(string(out)); url != natsURL(t, pdata, leaf, embedded.StandbyUser) {
		t.Errorf("hakem nats creds --user standby printed %q, want the standby user's URL on %s", url, leaf)
	}
	standbyArgs := []string{"--data", sdata, "--standby", strings.TrimSpace(string(out))}
	s := startWith(t, standbyArgs, nil, true)

	id := startedGame(t, p, map[string]any{"id": "follow", "white": "w", "black": "b", "time_control": "600+5", "idempotency_key": "g-follow"})
	plies := randomGame(42, 30)
	if len(plies) < 30 {
		t.Fatalf("the random game ends after %d plies", len(plies))
	}
	play := func(on *server, from, to int) {
		for ply := from; ply < to; ply++ {
			mustOK(t, on.move(id, []string{"w", "b"}[ply%2], plies[ply], fmt.Sprint(id, "-m", ply)), "move")
		}
	}
	// a restarted standby's mirrors resume on nats-server's retry, which
	// took 3 to 31 s on a busy two-core machine (10-second steps): the
	// catch-up is given 90 s
	caughtUp := func(on *server, want int) {
		t.Helper()
		waitWithin(t, 90*time.Second, fmt.Sprintf("the standby has the game's %d moves", want), func() bool {
			a := on.do("GET", "/api/games/"+id, "")
			list, _ := a.body["uci"].([]any)
			return a.status == http.StatusOK && len(list) == want
		})
		waitUntil(t, "the standby's lag is 0", func() bool {
			a := on.do("GET", "/api/standby", "")
			return a.body["lag_messages"] == float64(0) && a.body["connected"] == true
		})
	}
	play(p, 0, 10)
	caughtUp(s, 10)
	// a live feed on the standby shows a move played on the primary
	before := len(s.eventLog(id))
	ch, stopFeed := follow(t, s.base, id)
	for range before {
		next(t, ch)
	}
	play(p, 10, 11)
	if e := next(t, ch); e["type"] != "game.move_played" {
		t.Errorf("the standby's live feed after a move on the primary: %v", e)
	}
	stopFeed()

	s.stop()
	play(p, 11, 20) // while the standby is down
	s = startWith(t, standbyArgs, nil, true)
	caughtUp(s, 20)

	p.stop()
	p = startWith(t, []string{"--data", pdata}, primaryEnv, true)
	play(p, 20, 30) // after the primary's restart
	caughtUp(s, 30)
	waitUntil(t, "the standby's metrics show its lag of 0", func() bool { // refreshed every second
		a := s.do("GET", "/metrics", "")
		return strings.Contains(a.raw, `hakem_standby_lag_messages{stream="GAMES"} 0`) && strings.Contains(a.raw, "hakem_standby 1")
	})
	if a := s.do("GET", "/readyz", ""); a.status != http.StatusOK || a.body["role"] != "standby" || a.body["lag_messages"] != float64(0) {
		t.Errorf("the standby's /readyz: %d %s", a.status, a.raw)
	}
}

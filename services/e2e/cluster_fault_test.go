package e2e

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// ackedEvent is an event the client saw in an accepted answer.
type ackedEvent struct {
	kind, aggregate, id, hash, typ string
	seq                            float64
}

// faultClient is the tournament's organiser and players talking to one
// gateway: every command is retried with its idempotency key while there
// is no answer or a 5xx (a fault in progress), for at most 90 s, and the
// events of every accepted answer are recorded.
type faultClient struct {
	t      *testing.T
	base   string
	client *http.Client

	mu      sync.Mutex
	acked   map[string]ackedEvent // by event id
	retries int
}

func newFaultClient(t *testing.T, base string) *faultClient {
	return &faultClient{t: t, base: base, client: &http.Client{Timeout: 20 * time.Second}, acked: map[string]ackedEvent{}}
}

// try sends one request; err is a transport error.
func (c *faultClient) try(method, path string, body []byte) (answer, error) {
	req, err := http.NewRequest(method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return answer{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.client.Do(req)
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
			return answer{}, fmt.Errorf("answer is not JSON: %q", raw)
		}
	}
	return a, nil
}

// command posts v to path until it is answered below 500 and records the
// events of a 2xx answer; it fails the test otherwise. Safe for
// concurrent use (t.Fatal is not called off the test's goroutine: errors
// are returned).
func (c *faultClient) command(path string, v any) (answer, error) {
	body, _ := json.Marshal(v)
	deadline := time.Now().Add(90 * time.Second)
	for {
		a, err := c.try("POST", path, body)
		if err == nil && a.status < 500 {
			if a.status/100 == 2 {
				c.record(a)
			}
			return a, nil
		}
		if time.Now().After(deadline) {
			return a, fmt.Errorf("POST %s: no answer below 500 within 90 s: %d %s %v", path, a.status, a.raw, err)
		}
		c.mu.Lock()
		c.retries++
		c.mu.Unlock()
		time.Sleep(200 * time.Millisecond)
	}
}

// must is command expecting a 2xx.
func (c *faultClient) must(path string, v any) answer {
	c.t.Helper()
	a, err := c.command(path, v)
	if err != nil {
		c.t.Fatal(err)
	}
	if a.status/100 != 2 {
		c.t.Fatalf("POST %s: %d %s", path, a.status, a.raw)
	}
	return a
}

// get reads path until it answers 200 (reads are retried through faults
// too, and while an event has not reached a projection yet).
func (c *faultClient) get(path string) (answer, error) {
	deadline := time.Now().Add(90 * time.Second)
	for {
		a, err := c.try("GET", path, nil)
		if err == nil && a.status == 200 {
			return a, nil
		}
		if time.Now().After(deadline) {
			return a, fmt.Errorf("GET %s: not 200 within 90 s: %d %s %v", path, a.status, a.raw, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func (c *faultClient) record(a answer) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range a.events() {
		agg, _ := e["aggregate"].(map[string]any)
		ev := ackedEvent{id: fmt.Sprint(e["id"]), hash: fmt.Sprint(e["hash"]), typ: fmt.Sprint(e["type"]), seq: e["seq"].(float64)}
		ev.kind, _ = agg["kind"].(string)
		ev.aggregate, _ = agg["id"].(string)
		if prev, ok := c.acked[ev.id]; ok && prev != ev {
			c.t.Errorf("event %s acknowledged twice, differently: %+v and %+v", ev.id, prev, ev)
		}
		c.acked[ev.id] = ev
	}
}

// eventLog reads an aggregate's recorded events (NDJSON, not live).
func (c *faultClient) eventLog(path string) ([]map[string]any, error) {
	a, err := c.get(path + "/events?follow=false")
	if err != nil {
		return nil, err
	}
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(a.raw), "\n") {
		if line == "" {
			continue
		}
		var e map[string]any
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			return nil, fmt.Errorf("NDJSON line %q: %v", line, err)
		}
		out = append(out, e)
	}
	return out, nil
}

// faultPlan is when the faults happen: before each segment of plies of a
// round (keyed by round and segment), run concurrently with that
// segment's moves.
type faultPlan map[[2]int]func()

// playFaultTournament runs a Swiss of players (an even number) over
// rounds through c: each round is paired, every board starts its clock and
// plays its moves concurrently with the others, in segments of plies;
// plan's faults run concurrently with the segments they are keyed by. It
// returns the games' ids.
func playFaultTournament(t *testing.T, c *faultClient, id string, players, rounds, plies int, plan faultPlan) []string {
	t.Helper()
	c.must("/api/tournaments", map[string]any{"id": id, "name": "Fault Open", "system": "swiss-dutch", "rounds": rounds, "time_control": "5400+30", "idempotency_key": "create--" + id + id})
	for i := 1; i <= players; i++ {
		p := fmt.Sprintf("f%02d", i)
		c.must("/api/tournaments/"+id+"/players", map[string]any{"player_id": p, "name": "Player, " + p, "rating": 2600 - 10*i, "idempotency_key": p})
	}
	const segments = 3
	var all []string
	for round := 1; round <= rounds; round++ {
		c.must("/api/tournaments/"+id+"/rounds", map[string]any{"idempotency_key": fmt.Sprint(id, "-pair", round)})
		view, err := c.get("/api/tournaments/" + id)
		if err != nil {
			t.Fatal(err)
		}
		rd := view.body["rounds"].([]any)[round-1].(map[string]any)
		type board struct {
			id, white, black string
			moves            []string
		}
		var boards []board
		for i, x := range rd["boards"].([]any) {
			bd := x.(map[string]any)
			b := board{id: bd["game_id"].(string), white: bd["white"].(string), black: bd["black"].(string), moves: randomGame(uint64(round*1000+i), plies)}
			// the games service creates the games from the pairing
			if _, err := c.get("/api/games/" + b.id); err != nil {
				t.Fatal(err)
			}
			c.must("/api/games/"+b.id+"/clock/start", map[string]any{"idempotency_key": "start-" + b.id, "by": "arbiter-1"})
			boards = append(boards, b)
			all = append(all, b.id)
		}
		for seg := range segments {
			var wg sync.WaitGroup
			errs := make(chan error, len(boards)+1)
			if fault := plan[[2]int{round, seg}]; fault != nil {
				wg.Go(func() {
					time.Sleep(150 * time.Millisecond) // moves in flight
					fault()
				})
			}
			for i, b := range boards {
				wg.Go(func() {
					from, to := seg*len(b.moves)/segments, (seg+1)*len(b.moves)/segments
					for ply := from; ply < to; ply++ {
						player := b.white
						if ply%2 == 1 {
							player = b.black
						}
						a, err := c.command("/api/games/"+b.id+"/moves", map[string]any{"move": b.moves[ply], "player": player, "idempotency_key": fmt.Sprint(b.id, "-m", ply)})
						if err == nil && a.status != 200 {
							err = fmt.Errorf("%s ply %d %s: %d %s", b.id, ply+1, b.moves[ply], a.status, a.raw)
						}
						if err != nil {
							errs <- err
							return
						}
					}
					if seg < segments-1 {
						return
					}
					var a answer
					var err error
					switch i % 3 { // the results: 1-0, 0-1, a draw by agreement
					case 0:
						a, err = c.command("/api/games/"+b.id+"/resign", map[string]any{"player": b.black, "idempotency_key": "resign-" + b.id})
					case 1:
						a, err = c.command("/api/games/"+b.id+"/resign", map[string]any{"player": b.white, "idempotency_key": "resign-" + b.id})
					default:
						offerer, accepter := b.white, b.black
						if len(b.moves)%2 == 1 {
							offerer, accepter = b.black, b.white
						}
						if a, err = c.command("/api/games/"+b.id+"/draw", map[string]any{"player": offerer, "action": "offer", "idempotency_key": "offer-" + b.id}); err == nil && a.status == 200 {
							a, err = c.command("/api/games/"+b.id+"/draw", map[string]any{"player": accepter, "action": "accept", "idempotency_key": "accept-" + b.id})
						}
					}
					if err == nil && a.status != 200 {
						err = fmt.Errorf("%s result: %d %s", b.id, a.status, a.raw)
					}
					if err != nil {
						errs <- err
					}
				})
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				t.Error(err)
			}
			if t.Failed() {
				t.FailNow()
			}
		}
		// the round closes once the games service has every result
		path := fmt.Sprint("/api/tournaments/", id, "/rounds/", round, "/close")
		for deadline := time.Now().Add(60 * time.Second); ; {
			a, err := c.command(path, map[string]any{"idempotency_key": fmt.Sprint("close", round)})
			if err != nil {
				t.Fatal(err)
			}
			if a.status == 200 {
				break
			}
			if a.status != 409 || time.Now().After(deadline) {
				t.Fatalf("close round %d: %d %s", round, a.status, a.raw)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	return all
}

// checkAcked compares the events the client saw acknowledged with the
// logs: every acknowledged event is in its aggregate's log once, at its
// seq, with its hash; every log is gap-free (seq 1..n) and holds each
// event id and each idempotency key's events once.
func checkAcked(t *testing.T, c *faultClient, tournament string, games []string) int {
	t.Helper()
	logs := map[string][]map[string]any{}
	paths := map[string]string{"tournament/" + tournament: "/api/tournaments/" + tournament}
	for _, g := range games {
		paths["game/"+g] = "/api/games/" + g
	}
	total := 0
	for key, path := range paths {
		log, err := c.eventLog(path)
		if err != nil {
			t.Fatal(err)
		}
		logs[key] = log
		total += len(log)
		seen := map[string]bool{}
		for i, e := range log {
			id := fmt.Sprint(e["id"])
			if seen[id] {
				t.Errorf("%s: event %s twice in the log", key, id)
			}
			seen[id] = true
			if e["seq"] != float64(i+1) {
				t.Errorf("%s: event %d has seq %v", key, i+1, e["seq"])
			}
		}
		plies := map[float64]int{}
		for _, e := range log {
			if e["type"] == "game.move_played" {
				d, _ := e["data"].(map[string]any)
				ply, _ := d["ply"].(float64)
				plies[ply]++
			}
		}
		for ply, n := range plies {
			if n != 1 {
				t.Errorf("%s: ply %v recorded %d times", key, ply, n)
			}
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, ev := range c.acked {
		log := logs[ev.kind+"/"+ev.aggregate]
		if log == nil {
			t.Errorf("acknowledged event %s of %s/%s: no such log read", ev.id, ev.kind, ev.aggregate)
			continue
		}
		i := int(ev.seq) - 1
		if i < 0 || i >= len(log) || log[i]["id"] != ev.id || log[i]["hash"] != ev.hash {
			t.Errorf("acknowledged event %s (%s, seq %v of %s/%s) is not in the log at its seq", ev.id, ev.typ, ev.seq, ev.kind, ev.aggregate)
		}
	}
	return total
}

// auditClean runs hakem audit on the tournament and on every game against
// the cluster and expects each to come out clean (exit status 0).
func auditClean(t *testing.T, natsURLs, tournament string, games []string) {
	t.Helper()
	run := func(args ...string) {
		cmd := exec.Command(hakemBinary(t), append([]string{"audit"}, args...)...)
		out, err := cmd.CombinedOutput()
		var ee *exec.ExitError
		switch {
		case errors.As(err, &ee):
			t.Errorf("hakem audit %v: exit %d\n%s", args, ee.ExitCode(), out)
		case err != nil:
			t.Fatal(err)
		}
	}
	run("tournament", tournament, "--nats", natsURLs)
	for _, g := range games {
		run("game", g, "--nats", natsURLs)
	}
}

// faultServices are the hakem serve processes of the fault test, each
// against the cluster: two copies of games and clocks (the second reaches
// NATS only through proxies), one arbiter, one pairing and scoring, one
// gateway.
type faultServices struct {
	t        *testing.T
	cluster  *natsCluster
	env      []string
	copyA    *server
	copyB    *server
	proxies  []*tcpProxy
	others   []*server
	gateway  *server
	argsA    []string
	argsB    []string
	replicas int
}

func startFaultServices(t *testing.T, cl *natsCluster) *faultServices {
	t.Helper()
	// every copy signs with the keys of one keys folder, made once (as a
	// Kubernetes Secret mounted on every pod: deploy/README.md); the
	// keyring is then complete, and a key not in it would be a forgery
	keys := t.TempDir()
	if out, err := exec.Command(hakemBinary(t), "keys", "init", "--data", keys).CombinedOutput(); err != nil {
		t.Fatalf("hakem keys init: %v\n%s", err, out)
	}
	f := &faultServices{t: t, cluster: cl, env: []string{"HAKEM_STREAM_REPLICAS=3", "HAKEM_COMMAND_RETRIES=16", "HAKEM_KEYS_DIR=" + filepath.Join(keys, "keys")}}
	var proxied []string
	for _, n := range cl.nodes {
		p := startProxy(t, n.client)
		f.proxies = append(f.proxies, p)
		proxied = append(proxied, "nats://"+p.addr())
	}
	f.argsA = []string{"--only", "games,clocks", "--nats", cl.urls(), "--data", t.TempDir()}
	f.argsB = []string{"--only", "games,clocks", "--nats", strings.Join(proxied, ","), "--data", t.TempDir()}
	// the first process creates the streams (R3); the others open them
	f.copyA, _ = startSupervised(t, f.argsA, f.env)
	f.copyB, _ = startSupervised(t, f.argsB, f.env)
	for _, only := range []string{"arbiter", "pairing,scoring"} {
		f.others = append(f.others, startWith(t, []string{"--only", only, "--nats", cl.urls(), "--data", t.TempDir()}, f.env, true))
	}
	f.gateway = startWith(t, []string{"--only", "gateway", "--nats", cl.urls(), "--data", t.TempDir()}, f.env, true)
	return f
}

// partition cuts the second replica from every node; it returns how many
// connections were dropped.
func (f *faultServices) partition() int {
	n := 0
	for _, p := range f.proxies {
		n += p.partition()
	}
	return n
}

// reconnected reports whether the second replica is connected through a
// proxy again.
func (f *faultServices) reconnected() bool {
	for _, p := range f.proxies {
		if p.connected() {
			return true
		}
	}
	return false
}

func (f *faultServices) heal() {
	for _, p := range f.proxies {
		p.heal()
	}
}

func (f *faultServices) stop() {
	for _, s := range append([]*server{f.gateway, f.copyA, f.copyB}, f.others...) {
		s.stop()
	}
}

// TestClusterFaults plays a Swiss through the gateway of services run as
// separate processes against a 3-node JetStream cluster (nats-server
// processes on loopback, R3 streams) while: the GAMES stream's leader is
// killed (SIGKILL), then a games+clocks replica, then both are restarted;
// then the other games+clocks replica is cut from NATS for a while by a
// loopback proxy that drops its connections and refuses new ones. Play
// continues (commands retried with their idempotency keys), every
// acknowledged event is in the log exactly once, and hakem audit finds
// the tournament and every game clean. The default run is 2 rounds of 8
// players (about a minute) and waits for a restarted node to catch up
// before play goes on; -long (bench/olympiad.sh) plays 5 rounds of 16
// players with the faults repeated and longer partitions, without that
// wait: it fails today when a command is decided on a lagging replica's
// direct get (a 409 not_on_move for a move that was on move).
func TestClusterFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a 3-node nats-server cluster and hakem serve processes")
	}
	players, rounds, plies, partitionFor := 8, 2, 12, 4*time.Second
	if *long {
		players, rounds, plies, partitionFor = 16, 5, 30, 10*time.Second
	}
	cl := startCluster(t)
	f := startFaultServices(t, cl)
	gameStreams := testGamePartitions(t).StreamNames()
	for _, name := range gameStreams {
		if info := cl.streamInfo(name); info.Config.Replicas != 3 {
			t.Fatalf("%s stream has %d replicas, want 3 (HAKEM_STREAM_REPLICAS)", name, info.Config.Replicas)
		}
	}
	c := newFaultClient(t, f.gateway.base)

	var killedNode *natsNode
	killLeader := func() {
		leader := cl.streamInfo(gameStreams[0]).Cluster.Leader
		killedNode = cl.node(leader)
		t.Logf("SIGKILL the %s stream leader %s", gameStreams[0], leader)
		killedNode.kill()
	}
	killReplica := func() {
		t.Log("SIGKILL a games+clocks replica")
		f.copyA.kill()
	}
	restart := func() {
		t.Logf("restart %s and the games+clocks replica", killedNode.name)
		killedNode.restart()
		if !*long {
			// Known fault (the -long run does not wait, and shows it): the
			// streams allow direct gets, which a replica still catching up
			// answers, and the games service then decides a command on a
			// log missing its last events (a move refused as not on move).
			for _, name := range gameStreams {
				cl.waitCurrent(name)
			}
			cl.waitCurrent("TOURNAMENTS")
		}
		var starts int
		f.copyA, starts = startSupervised(t, f.argsA, f.env)
		t.Logf("the games+clocks replica is ready after %d start(s)", starts)
	}
	cut := func() {
		t.Logf("partition the other games+clocks replica from NATS for %v", partitionFor)
		dropped := f.partition()
		time.Sleep(partitionFor)
		f.heal()
		if dropped == 0 {
			t.Error("the partition dropped no connection: the replica was not connected through the proxies")
		}
		// the replica reconnects by itself once the proxies let it through
		for deadline := time.Now().Add(60 * time.Second); !f.reconnected(); {
			if time.Now().After(deadline) {
				t.Error("the partitioned replica did not reconnect within 60 s of the heal")
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	plan := faultPlan{
		{1, 1}: killLeader,
		{1, 2}: func() { killReplica(); time.Sleep(2 * time.Second); restart() },
		{2, 1}: cut,
	}
	if *long {
		plan[[2]int{3, 0}] = func() {
			killLeader()
			time.Sleep(3 * time.Second)
			killReplica()
			time.Sleep(3 * time.Second)
			restart()
		}
		plan[[2]int{4, 1}] = cut
		plan[[2]int{5, 1}] = func() { killLeader(); cut(); killReplica(); restart() }
	}
	begin := time.Now()
	games := playFaultTournament(t, c, "fault", players, rounds, plies, plan)
	played := time.Since(begin)

	view, err := c.get("/api/tournaments/fault")
	if err != nil {
		t.Fatal(err)
	}
	if view.body["finished"] != true {
		t.Errorf("tournament not finished: %v", view.raw)
	}
	for _, name := range gameStreams {
		cl.waitCurrent(name)
	}
	cl.waitCurrent("TOURNAMENTS")
	total := checkAcked(t, c, "fault", games)
	auditClean(t, cl.urls(), "fault", games)
	c.mu.Lock()
	t.Logf("%d games, %d events logged, %d acknowledged to the client, %d retries, played in %v", len(games), total, len(c.acked), c.retries, played.Round(time.Millisecond))
	c.mu.Unlock()
	f.stop()
}

package e2e

import (
	"strings"
	"testing"
	"time"
)

// splitKills is where splitPlay kills each service's process (SIGKILL);
// it is restarted at once, or at the point splitRestarts names. Every
// service is killed once, each at a different point.
var splitKills = map[string]string{
	pointR1BetweenMoves: "games",
	pointR1AfterClaim:   "arbiter",
	pointR1Closed:       "scoring",
	pointR2FlagPending:  "clocks",
	pointR2Closed:       "pairing",
	pointR3BetweenMoves: "gateway",
}

// splitRestarts is where a service killed earlier is restarted instead of
// at once (none now). The arbiter is killed right after the correct claim,
// possibly while it rules on it, and the scoring service right after round
// 1 is closed, possibly while it publishes the standings: the event being
// handled is delivered again within the consumers' ack wait (5 s, see
// wiring.ConsumerGroup) once the process is back.
var splitRestarts = map[string]string{}

// splitService is one service's process and how to start it again.
type splitService struct {
	name string
	args []string
	env  []string
	proc *server
}

// startService starts the process; the gateway is waited for through
// /readyz, the others through their "ready" log line.
func (sv *splitService) start(t *testing.T) {
	t.Helper()
	sv.proc = startWith(t, sv.args, sv.env, sv.name == "gateway")
	if sv.name == "gateway" {
		return
	}
	for deadline := time.Now().Add(60 * time.Second); !strings.Contains(sv.proc.output(), "hakem serve ready"); {
		select {
		case err := <-sv.proc.done:
			t.Fatalf("%s exited before ready: %v\n%s", sv.name, err, sv.proc.output())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s not ready after 60 s:\n%s", sv.name, sv.proc.output())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// splitPlay plays the scripted tournament with each service in its own
// process, all joined by one NATS server: the gateway's process hosts the
// embedded JetStream and listens on loopback (HAKEM_NATS_LISTEN), the
// others connect to it with --nats. At each point of splitKills the
// service's process is SIGKILLed and restarted on the same data folder
// (for the gateway: the same JetStream, listening on the same address, to
// which the other processes reconnect). The clocks service stays down
// across the instant Black's flag falls in round 2: the fall is recorded
// after its restart, at the instant computed from the move.
func splitPlay(t *testing.T) tournamentOutcome {
	natsAddr := freeAddr(t)
	gwData := t.TempDir()
	gw := &splitService{name: "gateway", args: []string{"--only", "gateway", "--data", gwData}, env: []string{"HAKEM_NATS_LISTEN=" + natsAddr}}
	gw.start(t)
	services := map[string]*splitService{"gateway": gw}
	for _, name := range []string{"games", "clocks", "arbiter", "scoring", "pairing"} {
		sv := &splitService{name: name, args: []string{"--only", name, "--nats", natsURL(t, gwData, natsAddr, name), "--data", t.TempDir()}, env: []string{joined}}
		sv.start(t)
		services[name] = sv
	}
	var r *scriptedRun
	r = &scriptedRun{t: t, api: func() *server { return gw.proc }, at: func(point string) {
		if name, ok := splitRestarts[point]; ok {
			t.Logf("restart %s at %s", name, point)
			services[name].start(t)
		}
		name, ok := splitKills[point]
		if !ok {
			return
		}
		sv := services[name]
		t.Logf("SIGKILL %s at %s", name, point)
		sv.proc.kill()
		for _, later := range splitRestarts {
			if later == name {
				return
			}
		}
		if point == pointR2FlagPending {
			// the flag falls fifteen seconds after the move, while nobody watches
			for _, at := range r.moveAt {
				if d := time.Until(at.Add(acceptanceBase + 500*time.Millisecond)); d > 0 {
					time.Sleep(d)
				}
			}
		}
		sv.start(t)
	}}
	out := r.playTournament()
	for _, name := range []string{"games", "clocks", "arbiter", "scoring", "pairing", "gateway"} {
		services[name].proc.stop()
	}
	return out
}

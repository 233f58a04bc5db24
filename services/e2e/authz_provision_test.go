package e2e

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// deployedAccounts is the NATS accounts file the deployment runs: its
// users and permissions are what this test runs the services under.
const deployedAccounts = "../../deploy/nats/accounts.conf"

// startDeployedNATS starts one nats-server process whose users and
// permissions are the deployment's (deploy/nats/accounts.conf, included as
// it is with one game partition; with several, as hakem nats accounts
// --partitions prints it for them), on a loopback port with JetStream in a
// temporary folder. It returns the node, its host:port and the users'
// passwords.
func startDeployedNATS(t *testing.T, partitions int) (*natsNode, string, map[string]string) {
	t.Helper()
	dir := t.TempDir()
	accounts, err := os.ReadFile(deployedAccounts)
	if err != nil {
		t.Fatal(err)
	}
	if partitions > 1 {
		cmd := exec.Command(hakemBinary(t), "nats", "accounts", "--partitions", strconv.Itoa(partitions))
		cmd.Stderr = os.Stderr
		if accounts, err = cmd.Output(); err != nil {
			t.Fatalf("hakem nats accounts --partitions %d: %v", partitions, err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "accounts.conf"), accounts, 0o600); err != nil {
		t.Fatal(err)
	}
	pw := map[string]string{}
	for _, u := range []string{"games", "clocks", "arbiter", "scoring", "pairing", "gateway", "admin", "sys", "standby"} {
		b := make([]byte, 16)
		if _, err := rand.Read(b); err != nil {
			t.Fatal(err)
		}
		pw[u] = hex.EncodeToString(b)
		// the server reads them from its environment, as deployed
		t.Setenv("HAKEM_NATS_"+strings.ToUpper(u)+"_PASSWORD", pw[u])
	}
	addr := freeAddr(t)
	conf := filepath.Join(dir, "nats.conf")
	text := fmt.Sprintf("listen: %s\nmax_payload: 8MB\njetstream { store_dir: %q }\ninclude ./accounts.conf\n", addr, filepath.Join(dir, "js"))
	if err := os.WriteFile(conf, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	n := &natsNode{t: t, name: "deployed", conf: conf, client: addr}
	n.start(natsServerBinary(t))
	waitTCP(t, addr)
	return n, addr, pw
}

// provision runs hakem provision as user and returns its exit error and
// output.
func provision(t *testing.T, addr, user, password string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(hakemBinary(t), append([]string{"provision", "--nats", "nats://" + user + ":" + password + "@" + addr}, args...)...)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// TestProvisionedServicesUnderDeployedUsers plays the scripted tournament
// (TestAcceptanceTournament's) with every service in its own process, each
// connected as its own NATS user of deploy/nats/accounts.conf, on streams
// and consumer groups that hakem provision made as the admin user: the
// services only bind (HAKEM_NATS_PROVISIONED=true), need no right they do
// not have (nats-server logs no refusal), and the tournament ends as it
// does on one process; then an illegal move is reported and an arbiter's
// penalty given by hand (served by the arbiter's process). Before the admin provisions, a service refuses to
// start, and a service user cannot provision.
func TestProvisionedServicesUnderDeployedUsers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs nats-server and hakem serve")
	}
	playUnderDeployedUsers(t, 1)
}

// TestProvisionedServicesUnderPartitionedUsers is
// TestProvisionedServicesUnderDeployedUsers with HAKEM_GAME_PARTITIONS=3 on
// every process and on hakem provision, under the users of accounts.conf
// as hakem nats accounts --partitions 3 widens it: the games go to
// GAMES_0..2, and the services need no right the widened file does not
// grant them.
func TestProvisionedServicesUnderPartitionedUsers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs nats-server and hakem serve")
	}
	t.Setenv("HAKEM_GAME_PARTITIONS", "3") // the services' and provision's, inherited
	playUnderDeployedUsers(t, 3)
}

// playUnderDeployedUsers is the body of the two tests above, with the
// given game partition count (HAKEM_GAME_PARTITIONS of the processes).
func playUnderDeployedUsers(t *testing.T, partitions int) {
	node, addr, pw := startDeployedNATS(t, partitions)
	url := func(user string) string { return "nats://" + user + ":" + pw[user] + "@" + addr }
	provisioned := []string{"HAKEM_NATS_PROVISIONED=true"}

	// Nothing provisioned: a service says what to do and stops.
	early := startWith(t, []string{"--only", "scoring", "--nats", url("scoring"), "--data", t.TempDir()}, provisioned, false)
	select {
	case err := <-early.done:
		if err == nil || !strings.Contains(early.output(), "hakem provision") {
			t.Errorf("scoring on an unprovisioned server: exit %v, output:\n%s", err, early.output())
		}
	case <-time.After(60 * time.Second):
		t.Fatalf("scoring still running on an unprovisioned server:\n%s", early.output())
	}
	// A service's user cannot provision: the server refuses its requests.
	if out, err := provision(t, addr, "pairing", pw["pairing"], "--timeout", "3s"); err == nil {
		t.Errorf("hakem provision as pairing succeeded:\n%s", out)
	}
	if out, err := provision(t, addr, "admin", pw["admin"]); err != nil {
		t.Fatalf("hakem provision as admin: %v\n%s", err, out)
	} else if !strings.Contains(out, "arbiter-claims") || !strings.Contains(out, "GAMES") ||
		(partitions > 1 && !strings.Contains(out, "GAMES_"+strconv.Itoa(partitions-1))) {
		t.Errorf("hakem provision's report:\n%s", out)
	}
	if strings.Contains(func() string { out, _ := provision(t, addr, "admin", pw["admin"]); return out }(), pw["admin"]) {
		t.Error("hakem provision printed the admin's password")
	}

	// From here on, nothing may be refused: the services need no right
	// beyond their users'.
	mark := len(node.logs.String())
	if !strings.Contains(node.logs.String(), `Publish Violation - Subject "$JS.API.STREAM.`) {
		t.Errorf("the refused provisioning by pairing is not in nats-server's log:\n%s", node.logs.String())
	}
	gw := startWith(t, []string{"--only", "gateway", "--nats", url("gateway"), "--data", t.TempDir()}, provisioned, true)
	for _, name := range []string{"games", "clocks", "arbiter", "scoring", "pairing"} {
		sv := &splitService{name: name, args: []string{"--only", name, "--nats", url(name), "--data", t.TempDir()}, env: provisioned}
		sv.start(t)
		t.Cleanup(func() {
			if sv.proc.cmd.ProcessState == nil {
				sv.proc.stop()
			}
		})
	}
	r := &scriptedRun{t: t, api: func() *server { return gw }, at: func(string) {}}
	out := r.playTournament()
	if t.Failed() {
		return
	}
	if len(out.logs) != 7 {
		t.Errorf("logs of %d aggregates, want the tournament's and 6 games'", len(out.logs))
	}
	// The arbiter's hand: an illegal move reported, then a penalty. The
	// report is the games service's event, ruled on by the arbiter's
	// consumer group; the penalty is served by the arbiter's process
	// (hakem.http.arbiter), whose user alone may write game.<id>.arbiter.
	id := startedGame(t, gw, map[string]any{"white": "w", "black": "b", "time_control": "600", "idempotency_key": "hand"})
	gw.move(id, "w", "e4", "m1-"+id)
	gw.move(id, "b", "e5", "m2-"+id)
	report := gw.post("/api/games/"+id+"/illegal-moves", map[string]string{"offender": "white", "move": "Ke3", "by": "b", "reported_by": "player", "idempotency_key": "i1-" + id})
	if evs := report.events(); report.status != 200 || len(evs) != 3 || evs[0]["type"] != "game.illegal_move_reported" || evs[1]["type"] != "arbiter.ruling_given" || evs[2]["type"] != "arbiter.penalty_imposed" {
		t.Errorf("illegal move reported: %d %s", report.status, report.raw)
	}
	warn := gw.post("/api/games/"+id+"/rulings", map[string]any{"matter": "penalty", "side": "black", "penalty": "warning", "reason": "talking", "by": "arb", "idempotency_key": "p1-" + id})
	if warn.status != 200 || len(warn.events()) == 0 || warn.events()[0]["type"] != "arbiter.ruling_given" {
		t.Errorf("penalty: %d %s", warn.status, warn.raw)
	}
	penalties := 0
	for _, e := range gw.eventLog(id) {
		if d, _ := e["data"].(map[string]any); e["type"] == "arbiter.penalty_imposed" && d["side"] == "black" {
			penalties++
		}
	}
	if penalties != 1 {
		t.Errorf("%d penalties on black in the log, want the warning:\n%v", penalties, gw.eventLog(id))
	}
	gw.stop()
	if logs := node.logs.String()[mark:]; strings.Contains(logs, "Violation") {
		t.Errorf("nats-server refused a request of a service run as its own user:\n%s", logs)
	}
}

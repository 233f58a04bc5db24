package e2e

import (
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestOpenGatewayOnlyOnLoopback: without a tokens file, hakem serve refuses
// to serve the API on an address other than loopback.
func TestOpenGatewayOnlyOnLoopback(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	cmd := exec.Command(hakemBinary(t), "serve", "--http", "0.0.0.0:0", "--data", t.TempDir())
	cmd.Env = append(cmd.Environ(), "HAKEM_AUTH_TOKENS_FILE=", "HAKEM_AUTH_MODE=")
	done := make(chan struct{})
	var out []byte
	var err error
	go func() { out, err = cmd.CombinedOutput(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		_ = cmd.Process.Kill()
		<-done
		t.Fatalf("hakem serve on 0.0.0.0 without tokens kept running:\n%s", out)
	}
	if err == nil || !strings.Contains(string(out), "auth.tokens_file") {
		t.Errorf("want a refusal naming auth.tokens_file, got %v:\n%s", err, out)
	}
}

// TestHealthOnEveryProcess: a process running one service (no gateway)
// answers /livez, /readyz and /metrics on its HTTP address, not the API;
// the password of its NATS URL appears nowhere in its output, nor in the
// error of a failed connection.
func TestHealthOnEveryProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	natsAddr := freeAddr(t)
	data := t.TempDir()
	startWith(t, []string{"--data", data, "--only", "games,clocks,pairing,arbiter,gateway"}, []string{"HAKEM_NATS_LISTEN=" + natsAddr}, true)
	// the scoring user's own password (the embedded server refuses any other)
	secret := natsUsers(t, data)["scoring"]
	scoring := startWith(t, []string{"--only", "scoring", "--nats", "nats://scoring:" + secret + "@" + natsAddr, "--data", t.TempDir()}, []string{joined}, true)
	for path, want := range map[string]int{"/livez": 200, "/readyz": 200, "/metrics": 200, "/api/games/x": 404, "/": 404} {
		if a := scoring.do("GET", path, ""); a.status != want {
			t.Errorf("scoring process: GET %s: %d, want %d", path, a.status, want)
		}
	}
	if a := scoring.do("GET", "/metrics", ""); !strings.Contains(a.raw, "hakem_") {
		t.Error("scoring process: /metrics has no hakem_ metric")
	}
	scoring.stop()
	if strings.Contains(scoring.output(), secret) {
		t.Errorf("the NATS password is in the output:\n%s", scoring.output())
	}

	closed := freeAddr(t)
	out, err := exec.Command(hakemBinary(t), "serve", "--only", "scoring", "--http", freeAddr(t),
		"--nats", "nats://scoring:"+secret+"@"+closed+",nats://x:"+secret+"@"+closed, "--data", t.TempDir()).CombinedOutput()
	if err == nil {
		t.Fatalf("connecting to a closed port succeeded:\n%s", out)
	}
	if strings.Contains(string(out), secret) || !strings.Contains(string(out), "scoring:xxxxx@") {
		t.Errorf("the failed connection's error should name the URL without its password:\n%s", out)
	}
}

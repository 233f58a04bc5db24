package e2e

import (
	"net/http"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestDemo runs a small hakem demo: a Swiss played by simulated players
// with its two incidents, ending with the standings.
func TestDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem demo")
	}
	out, err := exec.Command(hakemBinary(t), "demo", "--exit-when-done", "--players", "4", "--rounds", "2", "--tc", "3+0", "--http", freeAddr(t), "--data", t.TempDir()).CombinedOutput()
	if err != nil {
		t.Fatalf("hakem demo: %v\n%s", err, out)
	}
	for _, want := range []string{"watch at http://", "round 2: 2 games", "(flag): 1-0 by flag_fall", "(claim): ruling on draw_claim: game_continues", "final standings", "tournament page: http://", "projector view:  http://", "arbiter console: http://", "a game's replay: http://"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("demo output lacks %q:\n%s", want, out)
		}
	}
}

// TestDemoKeepsServing: without --exit-when-done the demo keeps serving
// after its event (the pages it printed answer), until SIGINT, and then
// exits cleanly.
func TestDemoKeepsServing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem demo")
	}
	addr := freeAddr(t)
	cmd := exec.Command(hakemBinary(t), "demo", "--players", "4", "--rounds", "1", "--tc", "3+0", "--http", addr, "--data", t.TempDir())
	out := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			<-done
		}
	})
	for deadline := time.Now().Add(3 * time.Minute); !strings.Contains(out.String(), "still serving until Ctrl-C"); time.Sleep(200 * time.Millisecond) {
		select {
		case err := <-done:
			t.Fatalf("hakem demo exited after its event: %v\n%s", err, out.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("the demo did not finish its event within 3 minutes:\n%s", out.String())
		}
	}
	for _, path := range []string{"/tournaments/demo", "/tournaments/demo/projector", "/console?t=demo", "/replay/demo-r1-b1"} {
		if !strings.Contains(out.String(), "http://"+addr+path) {
			t.Errorf("the demo did not print %s", path)
		}
		if code, _, _ := getRaw(t, "http://"+addr, path, nil); code != http.StatusOK {
			t.Errorf("GET %s after the event: %d", path, code)
		}
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("hakem demo after Ctrl-C: %v\n%s", err, out.String())
		}
	case <-time.After(30 * time.Second):
		t.Error("hakem demo did not stop within 30 s of SIGINT")
	}
}

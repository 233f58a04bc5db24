package e2e

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDemo runs a small hakem demo: a Swiss played by simulated players
// with its two incidents, ending with the standings.
func TestDemo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem demo")
	}
	out, err := exec.Command(hakemBinary(t), "demo", "--players", "4", "--rounds", "2", "--tc", "3+0", "--http", freeAddr(t), "--data", t.TempDir()).CombinedOutput()
	if err != nil {
		t.Fatalf("hakem demo: %v\n%s", err, out)
	}
	for _, want := range []string{"watch at http://", "round 2: 2 games", "(flag): 1-0 by flag_fall", "(claim): ruling on draw_claim: game_continues", "final standings"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("demo output lacks %q:\n%s", want, out)
		}
	}
}

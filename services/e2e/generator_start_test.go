package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGeneratorStartsBeforeServices runs `hakem pair --dutch -g` from
// outside, as FIDE's tester does (one process per tournament), under Go's
// initialisation trace: the generator's command line runs before the
// packages of NATS and the services are initialised (the start-up path of
// services/cmd/hakem/internal/generator), and writes the same file as the
// same command line in a form only the pair command reads (--seed=5),
// which initialises everything first.
func TestGeneratorStartsBeforeServices(t *testing.T) {
	bin := hakemBinary(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.cfg")
	if err := os.WriteFile(cfg, []byte("PlayersNumber=31\nRoundsNumber=5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("hakem %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	early, late := filepath.Join(dir, "early.trf"), filepath.Join(dir, "late.trf")
	earlyTrace := run("pair", "--dutch", "-g", cfg, "-o", early, "-s", "5")
	lateTrace := run("pair", "--dutch", "-g", cfg, "-o", late, "--seed=5")
	const server = "init github.com/nats-io/nats-server/v2/server "
	if strings.Contains(earlyTrace, server) {
		t.Errorf("the generator ran after NATS's server package was initialised:\n%s", earlyTrace)
	}
	// Nor after the libraries that sort after the engine's imports in
	// import-path order (those of protobuf, YAML, the metrics): an import
	// of a late-sorting standard package (math/big, regexp, runtime/debug)
	// on the generator's path would put it after them.
	for _, lib := range []string{"math/big", "regexp", "google.golang.org/protobuf/proto", "go.yaml.in/yaml/v3", "github.com/prometheus/common/model"} {
		if strings.Contains(earlyTrace, "init "+lib+" ") {
			t.Errorf("the generator ran after %s was initialised:\n%s", lib, earlyTrace)
		}
	}
	if !strings.Contains(lateTrace, server) {
		t.Errorf("the pair command's path does not initialise NATS's server package, or the trace does not show it:\n%s", lateTrace)
	}
	a, errA := os.ReadFile(early)
	b, errB := os.ReadFile(late)
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	if !bytes.Equal(a, b) || len(a) == 0 {
		t.Errorf("the two paths wrote different files (%d and %d bytes)", len(a), len(b))
	}
}

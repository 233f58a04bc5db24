package e2e

import (
	"errors"
	"fmt"
	"net/http"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/services/internal/datalock"
)

// TestDataFolderOneWriter: with hakem serve running on a data folder, a
// second hakem serve and hakem migrate sign / migrate partitions on that
// folder exit 1 at once naming the folder and the serve's pid, and change
// nothing; hakem audit all reads a copy of it meanwhile. SIGKILL the serve:
// its lock file stays, naming a dead process, and the next serve starts.
func TestDataFolderOneWriter(t *testing.T) {
	if testing.Short() {
		t.Skip("builds hakem and starts real servers")
	}
	data := t.TempDir()
	first := start(t, data)
	firstPID := first.cmd.Process.Pid
	want := []string{
		"data folder " + data + " is in use by another process",
		fmt.Sprintf("pid %d", firstPID),
		"serve",
	}

	second := startWith(t, []string{"--data", data}, nil, false)
	select {
	case err := <-second.done:
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() == 0 {
			t.Fatalf("second hakem serve on %s: %v, want a non-zero exit", data, err)
		}
		for _, w := range want {
			if !strings.Contains(second.logs.String(), w) {
				t.Errorf("second hakem serve's output names not %q:\n%s", w, second.logs.String())
			}
		}
	case <-time.After(2 * time.Minute): // a hang, not a timing assertion
		t.Fatalf("second hakem serve on %s still running: not refused\n%s", data, second.logs.String())
	}

	for _, args := range [][]string{{"migrate", "sign", "--data", data}, {"migrate", "partitions", "2", "--data", data}} {
		out, err := exec.Command(hakemBinary(t), args...).CombinedOutput()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 {
			t.Errorf("hakem %s under a live serve: %v, want exit 1\n%s", strings.Join(args, " "), err, out)
		}
		for _, w := range append(want, "hakem: "+args[0]+" "+args[1]+": data folder") {
			if !strings.Contains(string(out), w) {
				t.Errorf("hakem %s: output names not %q:\n%s", strings.Join(args, " "), w, out)
			}
		}
	}
	if _, err := exec.Command(hakemBinary(t), "keys", "init", "--data", data).CombinedOutput(); err != nil {
		t.Errorf("hakem keys init: %v", err)
	}
	if out, err := exec.Command(hakemBinary(t), "audit", "all", "--data", data).CombinedOutput(); err != nil {
		t.Errorf("hakem audit all on a live folder (a copy, no lock): %v\n%s", err, out)
	}
	// the live serve is untouched: it still answers
	if resp, err := http.Get(first.base + "/readyz"); err != nil || resp.StatusCode != http.StatusOK {
		t.Errorf("first serve /readyz after the refusals: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}

	first.kill()
	if h, ok := datalock.ReadHolder(data); !ok || h.PID != firstPID {
		t.Errorf("lock file after SIGKILL names %+v (%v), want the killed pid %d", h, ok, firstPID)
	}
	next := start(t, data)
	if h, ok := datalock.ReadHolder(data); !ok || h.PID != next.cmd.Process.Pid {
		t.Errorf("lock file names %+v (%v), want the new serve's pid %d", h, ok, next.cmd.Process.Pid)
	}
	next.stop()
	// stopped cleanly, the folder is free for a migration
	out, err := exec.Command(hakemBinary(t), "migrate", "partitions", "2", "--data", data).CombinedOutput()
	if err != nil {
		t.Errorf("hakem migrate partitions on the stopped folder: %v\n%s", err, out)
	}
}

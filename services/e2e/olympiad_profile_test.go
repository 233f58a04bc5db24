package e2e

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// peakProfile writes what serve's memory is made of at the peak of an
// Olympiad load (-olympiad.profile): each time the sampled RSS passes its
// peak by a twentieth since the last writing (and at most every 5 s), the
// serve process's heap profile (Go's pprof, from HAKEM_PPROF_ADDR: go tool
// pprof -sample_index=inuse_space), its goroutine profile, and
// /proc/<pid>/smaps_rollup and status are written over the last ones, so
// that the files left are those of the peak.
type peakProfile struct {
	dir, label, pprof string
	wroteKB           int
	wroteAt           time.Time
}

// atPeak is called with each new peak of RSS (kB); a nil profile does
// nothing.
func (p *peakProfile) atPeak(t *testing.T, pid, kb int) {
	if p == nil || kb < p.wroteKB+p.wroteKB/20 || time.Since(p.wroteAt) < 5*time.Second {
		return
	}
	p.wroteKB, p.wroteAt = kb, time.Now()
	if err := os.MkdirAll(p.dir, 0o755); err != nil {
		t.Errorf("profile: %v", err)
		return
	}
	fetch := func(path, name string) {
		resp, err := http.Get("http://" + p.pprof + path)
		if err != nil {
			t.Logf("profile %s: %v", path, err)
			return
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err == nil {
			err = os.WriteFile(filepath.Join(p.dir, p.label+name), b, 0o644)
		}
		if err != nil {
			t.Logf("profile %s: %v", path, err)
		}
	}
	for _, f := range []string{"smaps_rollup", "status"} {
		if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/%s", pid, f)); err == nil {
			_ = os.WriteFile(filepath.Join(p.dir, p.label+"-"+f+".txt"), fmt.Appendf(nil, "RSS sampled %d kB\n%s", kb, b), 0o644)
		}
	}
	fetch("/debug/pprof/heap", "-heap.pb.gz")
	fetch("/debug/pprof/heap?debug=1", "-heap.txt")
	fetch("/debug/pprof/goroutine", "-goroutine.pb.gz")
}

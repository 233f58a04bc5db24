package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/services/audit"
	"github.com/hakem-chess/hakem/services/audit/report"
)

// maxDemoReport is the size the tournament audit report of the demo's
// event (24 players, 7 rounds) must stay under.
const maxDemoReport = 300 << 10

// TestAuditReportDemoSize plays hakem demo's whole event (24 players, 7
// rounds, the default demo but for a short control) and audits it with
// --html: the report has a section per round in its contents, names the
// players, and stays under 300 KB. It logs its size beside the previous
// format's from the same audit (every game's full section: its clocks,
// disputed moments and every event, report.Game for each game). A slow
// test: -long.
func TestAuditReportDemoSize(t *testing.T) {
	if !*long {
		t.Skip("plays hakem demo's 24-player, 7-round event: -long")
	}
	data := t.TempDir()
	out, err := exec.Command(hakemBinary(t), "demo", "--exit-when-done", "--data", data, "--tc", "10+1", "--http", freeAddr(t)).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "round 7: 12 games") {
		t.Fatalf("the demo did not play 7 rounds of 12 boards: %v\n%s", err, out)
	}
	dir := os.Getenv("HAKEM_AUDIT_ARTIFACTS")
	if dir == "" {
		dir = t.TempDir()
	}
	html := filepath.Join(dir, "demo-tournament.html")
	r := runAudit(t, "tournament", "demo", "--data", data, "--json", "--html", html)
	if r.code != 0 || r.json["ok"] != true {
		t.Fatalf("audit of the demo: exit %d %s", r.code, r.stderr)
	}
	page, err := os.ReadFile(html)
	if err != nil {
		t.Fatal(err)
	}
	var rep audit.TournamentReport
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatal(err)
	}
	previous := 0
	for _, g := range rep.Games {
		var b strings.Builder
		if err := report.Game(&b, g, nil); err != nil {
			t.Fatal(err)
		}
		previous += b.Len()
	}
	t.Logf("audit report of the demo (24 players, 7 rounds, %d games): %d bytes; the previous format (every game's full section): %d bytes", len(rep.Games), len(page), previous)
	if len(page) >= maxDemoReport {
		t.Errorf("the report is %d bytes, want under %d", len(page), maxDemoReport)
	}
	for round := 1; round <= 7; round++ {
		if want := `<a href="#round-` + string(rune('0'+round)) + `">Round `; !strings.Contains(string(page), want) {
			t.Errorf("the contents lack round %d", round)
		}
	}
	if len(rep.Games) != 84 || !strings.Contains(string(page), "GM Aksoy, Deniz (TUR) 2375") {
		t.Errorf("%d games audited; the report names the top seed: %v", len(rep.Games), strings.Contains(string(page), "Aksoy, Deniz"))
	}
}

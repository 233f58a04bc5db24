package e2e

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The hall's browser tests (browser_hall_*_test.go) save each page they
// check at three sizes — a phone (390x844), a laptop (1366x768) and a
// hall's 1080p screen or projector (1920x1080) — into
// artifacts/<test name>/ (or $HAKEM_ARTIFACTS/<test name>/), or, when go
// test runs with -artifacts, into the test's output folder
// (t.ArtifactDir, under -outputdir); each is named in the test's log.

// viewports are the three sizes of the screenshots.
var viewports = []struct {
	name          string
	width, height int
	mobile        bool
}{
	{"phone", 390, 844, true},
	{"laptop", 1366, 768, false},
	{"1080p", 1920, 1080, false},
}

// hallTabs opens one tab per viewport.
func hallTabs(t *testing.T, browser context.Context) []*browserTab {
	t.Helper()
	var tabs []*browserTab
	for _, v := range viewports {
		tabs = append(tabs, tab(t, browser, v.width, v.height, v.mobile))
	}
	return tabs
}

// shoot saves the tab's page as <name>-<viewport>.png in the test's own
// folder: the test's output folder (t.ArtifactDir) when go test runs with
// -artifacts (kept under -outputdir), else <test> in the artifacts folder
// (logged).
func shoot(t *testing.T, b *browserTab, viewport, name string) {
	t.Helper()
	dir := filepath.Join(artifacts(t), strings.ReplaceAll(t.Name(), "/", "_"))
	if f := flag.Lookup("test.artifacts"); f != nil && f.Value.String() == "true" {
		dir = t.ArtifactDir()
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	b.screenshotAt(filepath.Join(dir, name+"-"+viewport+".png"))
}

// getRaw GETs path with the headers given, returning the status, the
// headers and the body.
func getRaw(t *testing.T, base, path string, headers map[string]string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest("GET", base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	var sb strings.Builder
	buf := make([]byte, 32<<10)
	for {
		n, err := resp.Body.Read(buf)
		sb.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return resp.StatusCode, resp.Header, sb.String()
}

// noIDs fails when the page's text shows one of the raw player ids.
func noIDs(t *testing.T, b *browserTab, where string, ids []string) {
	t.Helper()
	var text string
	b.eval(`document.querySelector('main').innerText`, &text)
	for _, id := range ids {
		for _, word := range strings.Fields(text) {
			if strings.Trim(word, ",.;:()") == id {
				t.Errorf("%s shows the raw id %q", where, id)
				break
			}
		}
	}
}

// registerHall creates tournament id (a Swiss of rounds rounds, tie-breaks
// BH, SB, WIN, DE) and registers n players named "Surname<i>, Firstname<i>",
// titled, with a federation and a rating; it returns their ids.
func registerHall(t *testing.T, s *server, id string, n, rounds int) []string {
	t.Helper()
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": id, "name": "Hall Open " + id, "system": "swiss-dutch", "rounds": rounds,
		"time_control": "5400+30", "tiebreaks": []string{"BH", "SB", "WIN", "DE"}, "idempotency_key": "t-" + id}), "create")
	var ids []string
	feds := []string{"TUR", "GER", "FRA", "NOR", "IND"}
	for i := 1; i <= n; i++ {
		pid := fmt.Sprintf("p%03d", i)
		title := ""
		if i%4 == 1 {
			title = "GM"
		}
		mustOK(t, s.post("/api/tournaments/"+id+"/players", map[string]any{"player_id": pid, "name": fmt.Sprintf("Surname%d, Firstname%d", i, i),
			"rating": 2600 - 10*i, "federation": feds[i%len(feds)], "title": title, "idempotency_key": pid}), "register "+pid)
		ids = append(ids, pid)
	}
	return ids
}

// restartAt runs hakem serve again on data at the address addr (host:port)
// the pages already follow, and waits until it is ready.
func restartAt(t *testing.T, data, addr string) *server {
	t.Helper()
	s := startWith(t, []string{"--data", data, "--http", addr}, nil, false)
	s.base = "http://" + addr
	waitUntil(t, "hakem serve ready again at "+addr, func() bool {
		resp, err := http.Get(s.base + "/readyz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	})
	return s
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

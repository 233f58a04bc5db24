package e2e

import (
	"context"
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// axeViolation is one rule axe-core found broken, with its impact and
// the first elements that break it.
type axeViolation struct {
	ID     string
	Impact string
	Help   string
	Nodes  []string
}

// axeCheck injects axe-core (testdata/axe/axe.min.js, MPL-2.0, kept as
// published) into the tab's page and returns its serious and critical
// violations (WCAG 2 A and AA rules: language, labels, colour contrast...).
func axeCheck(t *testing.T, b *browserTab) []axeViolation {
	t.Helper()
	src, err := os.ReadFile("testdata/axe/axe.min.js")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(b.ctx, 60*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](string(src)+";true")); err != nil {
		t.Fatalf("injecting axe-core: %v", err)
	}
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](`axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa']}, resultTypes: ['violations']})
		.then(r => JSON.stringify(r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
		.map(v => ({ID: v.id, Impact: v.impact, Help: v.help, Nodes: v.nodes.slice(0, 5).map(n => n.target.join(' ') + ': ' + (n.failureSummary || '').slice(0, 200))}))))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("running axe-core: %v", err)
	}
	var vs []axeViolation
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		t.Fatalf("axe-core's answer %q: %v", out, err)
	}
	return vs
}

// TestBrowserHallAccessibility: axe-core finds no serious or critical
// violation (language, labels, names, colour contrast...) on any page —
// the list, the tournament page, the projector view, a live game, its
// replay, the console, the 404 page — in the day and the hall (dark)
// themes, on a phone and at 1366 px. The tournament page is shot at three
// sizes.
func TestBrowserHallAccessibility(t *testing.T) {
	s := start(t, t.TempDir())
	const id = "a11y"
	registerHall(t, s, id, 4, 2)
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds", map[string]any{"idempotency_key": "r1-" + id}), "pair")
	g := waitGame(t, s, id+"-r1-b1")
	waitGame(t, s, id+"-r1-b2")
	mustOK(t, s.post("/api/games/"+id+"-r1-b1/resign", map[string]string{"player": g["black"].(string), "idempotency_key": "res"}), "resign")

	pages := []struct{ path, ready string }{
		{"/", `document.querySelector('#tournaments')`},
		{"/tournaments/" + id, `document.querySelector('#crosstable table')`},
		{"/tournaments/" + id + "/projector", `document.querySelector('#pager')`},
		{"/games/" + id + "-r1-b2", `document.querySelector('#board .board')`},
		{"/replay/" + id + "-r1-b1", `document.querySelector('#step')`},
		{"/console?t=" + id, `document.querySelector('#results-sheet') && document.querySelector('#detail #incidents')`},
		{"/no-such-page", `document.querySelector('#reason')`},
	}
	browser := newBrowser(t)
	for _, theme := range []string{"day", "hall"} {
		for i, v := range viewports[:2] {
			for _, p := range pages {
				// a tab a page, closed after: the live streams of the pages
				// left do not hold the browser's six connections to the host
				t.Logf("axe-core on %s (%s, %s theme)", p.path, v.name, theme)
				b := tab(t, browser, v.width, v.height, v.mobile)
				b.open(s.base + "/no-such-page")
				b.eval(`(localStorage.setItem('hakem-theme', `+js(theme)+`), true)`, new(bool))
				b.open(s.base + p.path)
				b.waitTrue(p.path, p.ready)
				b.eval(`(document.documentElement.dataset.theme = `+js(theme)+`, true)`, new(bool)) // the 404 page has no script
				for _, x := range axeCheck(t, b) {
					t.Errorf("%s (%s, %s theme): %s %s — %s: %v", p.path, viewports[i].name, theme, x.Impact, x.ID, x.Help, x.Nodes)
				}
				b.noJSErrors()
				_ = chromedp.Cancel(b.ctx)
			}
		}
	}
	tabs := hallTabs(t, browser)
	for i, b := range tabs {
		b.open(s.base + "/tournaments/" + id)
		b.waitTrue("the tournament page", `document.querySelector('#crosstable table')`)
		shoot(t, b, viewports[i].name, "tournament")
	}
}

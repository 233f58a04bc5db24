package e2e

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/hakem-chess/hakem/events/embedded"
)

// TestBrowserStandbyBanner: the arbiter's console opened on a standby
// (hakem serve --standby) says so at once, in a banner naming the
// primary's host; a result typed into its results sheet is refused (503
// standby): the sheet says it was not recorded and points at the banner,
// and nothing is appended on the primary. The tournament page on the
// standby shows the event without a banner until a write is refused.
// Shot at three sizes.
func TestBrowserStandbyBanner(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs two hakem serve processes and chromium")
	}
	pdata, sdata := t.TempDir(), t.TempDir()
	leaf := freeAddr(t)
	p := startWith(t, []string{"--data", pdata}, []string{"HAKEM_STANDBY_LISTEN=" + leaf}, true)
	copyTree(t, filepath.Join(pdata, "keys"), filepath.Join(sdata, "keys"))
	s := startWith(t, []string{"--data", sdata, "--standby", natsURL(t, pdata, leaf, embedded.StandbyUser)}, nil, true)

	const id = "sbpage"
	ids := registerHall(t, p, id, 4, 1)
	mustOK(t, p.post("/api/tournaments/"+id+"/rounds", map[string]any{"idempotency_key": "r1-" + id}), "pair round 1")
	game := id + "-r1-b2"
	waitUntil(t, "the standby has round 1's games", func() bool {
		return s.do("GET", "/api/games/"+game, "").status == http.StatusOK
	})
	host := strings.Split(leaf, ":")[0]
	logged := func() int { // the primary's tournament events
		return strings.Count(p.do("GET", "/api/tournaments/"+id+"/events?follow=false", "").raw, "\n")
	}
	before := logged()

	browser := newBrowser(t)
	for i, b := range hallTabs(t, browser) {
		b.open(s.base + "/tournaments/" + id)
		b.waitTrue("the tournament page on the standby", `document.querySelectorAll('#pairings tbody tr[data-game]').length === 2`)
		if i == 0 {
			var banner bool
			b.eval(`!!document.querySelector('#standby-banner')`, &banner)
			if banner {
				t.Errorf("a banner on the spectators' page before any write")
			}
		}
		b.open(s.base + "/console?t=" + id)
		b.waitTrue("the standby's banner as the console opens", `document.querySelector('#standby-banner') && document.querySelector('#standby-primary').textContent === `+js("This machine is a standby; the primary is "+host+"."))
		b.waitTrue("the results sheet", `document.querySelector('#results-sheet input')`)
		b.run(chromedp.Click(chromedp.CSS("#results-sheet input")), chromedp.SendKeys("#results-sheet input", "1"+kb.Enter))
		b.waitTrue("the refusal beside the sheet", `document.querySelector('#results-sheet').textContent.includes('not recorded: this machine is a standby')`)
		var text string
		b.eval(`document.querySelector('#standby-banner').innerText`, &text)
		for _, want := range []string{"records nothing itself", "enter results, rulings and clock actions on the primary", "hakem promote", leaf} {
			if !strings.Contains(text, want) {
				t.Errorf("the banner lacks %q: %s", want, text)
			}
		}
		if strings.Contains(text, "null") || strings.Contains(text, "undefined") {
			t.Errorf("the banner says null: %s", text)
		}
		if strings.Contains(text, "standby:") && strings.Contains(text, "@") {
			t.Errorf("the banner shows the standby link's credentials: %s", text)
		}
		noIDs(t, b, "the console on the standby", ids)
		shoot(t, b, viewports[i].name, "standby-console")
		b.noJSErrors()
	}
	if n := logged(); n != before || n == 0 {
		t.Errorf("the primary's tournament log: %d events, %d before the refused sheet", n, before)
	}
}

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestBrowserHallProjector: the projector view at 1920x1080 of a round of
// 42 boards (an open of 84) shows the pairings by name in large type (no
// text under 28 px), a page of boards at a time that fits the screen,
// turned automatically until every board has been shown, then the
// standings. Shot at three sizes.
func TestBrowserHallProjector(t *testing.T) {
	s := start(t, t.TempDir())
	const id = "proj"
	ids := registerHall(t, s, id, 84, 5)
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds", map[string]any{"idempotency_key": "r1-" + id}), "pair round 1")
	if n := len(s.round(id, 1)["boards"].([]any)); n != 42 {
		t.Fatalf("round 1 has %d boards, want 42", n)
	}
	waitGame(t, s, id+"-r1-b42")

	browser := newBrowser(t)
	tabs := hallTabs(t, browser)
	hd := tabs[2]
	hd.open(s.base + "/tournaments/" + id + "?view=projector&every=3")
	hd.waitTrue("the first page of pairings", `document.querySelector('#pager') && document.querySelector('#pager').dataset.kind === 'pairings' && document.querySelectorAll('#projector tbody tr').length > 5`)
	var first struct {
		Pages, Rows int
		MinFont     float64
		Fits        bool
		Text        string
	}
	hd.eval(`({Pages: +document.querySelector('#pager').dataset.pages, Rows: document.querySelectorAll('#projector tbody tr').length,
		MinFont: Math.min(...[...document.querySelectorAll('#projector td, #projector th, #projector h1, #pager')].map(e => parseFloat(getComputedStyle(e).fontSize))),
		Fits: document.documentElement.scrollHeight <= innerHeight && document.documentElement.scrollWidth <= innerWidth,
		Text: document.querySelector('#projector').innerText})`, &first)
	if first.Pages < 2 || first.Rows*first.Pages < 42 {
		t.Errorf("%d pages of %d rows for 42 boards", first.Pages, first.Rows)
	}
	if first.MinFont < 28 {
		t.Errorf("the smallest text is %v px, want 28 px or more (readable from 10 m)", first.MinFont)
	}
	if !first.Fits {
		t.Error("a page of the projector view does not fit 1920x1080")
	}
	if want := "Surname1, Firstname1"; !strings.Contains(first.Text, want) {
		t.Errorf("the first page lacks %q:\n%s", want, first.Text)
	}
	shoot(t, hd, "1080p", "pairings-page1")
	noIDs(t, hd, "the projector view", ids)

	// every board is shown page after page, then the standings
	seen := map[string]bool{}
	deadline := time.Now().Add(60 * time.Second)
	for {
		var boards []string
		var kind string
		hd.eval(`[...document.querySelectorAll('#projector tbody tr[data-board]')].map(tr => tr.dataset.board)`, &boards)
		hd.eval(`document.querySelector('#pager').dataset.kind`, &kind)
		for _, b := range boards {
			seen[b] = true
		}
		if kind == "standings" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the standings not shown within 60 s; boards seen %d", len(seen))
		}
		time.Sleep(500 * time.Millisecond)
	}
	for b := 1; b <= 42; b++ {
		if !seen[fmt.Sprint(b)] {
			t.Errorf("board %d never shown", b)
		}
	}
	shoot(t, hd, "1080p", "standings")
	for i, b := range tabs[:2] {
		b.open(s.base + "/tournaments/" + id + "/projector")
		b.waitTrue("the projector view", `document.querySelector('#pager')`)
		shoot(t, b, viewports[i].name, "pairings-page1")
		b.noJSErrors()
	}
	hd.noJSErrors()
}

package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserHallReconnect: the projector view and the tournament page,
// left for another page and brought back from the back-forward cache
// (pageshow with persisted: the same document, not a reload), show the
// result entered while they were away; and after the server restarts
// they reconnect by themselves and show the next result. Shot at 1080p.
func TestBrowserHallReconnect(t *testing.T) {
	data := t.TempDir()
	s := start(t, data)
	const id = "again"
	registerHall(t, s, id, 8, 2)
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds", map[string]any{"idempotency_key": "r1-" + id}), "pair round 1")
	var boards []map[string]any
	for _, x := range s.round(id, 1)["boards"].([]any) {
		b := x.(map[string]any)
		waitGame(t, s, b["game_id"].(string))
		boards = append(boards, b)
	}
	score := func(page string, board int) string {
		if page == "projector" {
			return fmt.Sprintf(`document.querySelector('#projector tr[data-board="%d"] td.score')`, board)
		}
		return fmt.Sprintf(`document.querySelector('#pairings tr[data-game=%q] td.score')`, boards[board-1]["game_id"])
	}

	browser := newBrowser(t)
	for i, page := range []string{"projector", "page"} {
		hd := tab(t, browser, 1920, 1080, false)
		url := s.base + "/tournaments/" + id + "?view=" + page
		hd.open(url)
		hd.waitTrue("the pairings", score(page, 1))
		var marked bool
		hd.eval(`(() => { window.__sameDocument = true; return true; })()`, &marked)
		// away to the tournaments' list; a result comes in; back
		hd.run(chromedp.Navigate(s.base + "/"))
		hd.waitTrue("the list of tournaments", `document.querySelector('main a[href^="/tournaments/"]')`)
		b := boards[2*i]
		mustOK(t, s.post("/api/games/"+b["game_id"].(string)+"/resign", map[string]string{"player": b["black"].(string), "idempotency_key": "res"}), "resign")
		// history.back, not chromedp.NavigateBack: a page restored from the
		// cache fires no load event for it to wait for
		var back bool
		hd.eval(`(() => { history.back(); return true; })()`, &back)
		hd.waitTrue("the page again", score(page, 1))
		var same bool
		hd.eval(`window.__sameDocument === true`, &same)
		if !same {
			t.Errorf("%s: brought back by a reload, not from the back-forward cache", page)
		}
		hd.waitTrue("the result entered while away, without a reload", score(page, 2*i+1)+`.textContent === '1-0'`)

		// the server restarts; the next result is shown once the page is
		// connected again
		addr := strings.TrimPrefix(s.base, "http://")
		s.stop()
		s = restartAt(t, data, addr)
		b = boards[2*i+1]
		mustOK(t, s.post("/api/games/"+b["game_id"].(string)+"/resign", map[string]string{"player": b["white"].(string), "idempotency_key": "res"}), "resign")
		hd.waitTrue("the result entered after the restart", score(page, 2*i+2)+`.textContent === '0-1'`)
		hd.eval(`window.__sameDocument === true`, &same)
		if !same {
			t.Errorf("%s: reloaded after the restart", page)
		}
		shoot(t, hd, "1080p", page+"-after-restart")
		hd.noJSErrors()
	}
}

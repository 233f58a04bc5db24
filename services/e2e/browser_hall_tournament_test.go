package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserHallTournament: the tournament page, opened once, follows the
// event: round 1's pairings by name (title, "Surname, Firstname",
// federation, rating; no player id anywhere), each result as it is
// entered (1-0, ½-½), the standings and the crosstable (opponent's start
// number, colour, score) after each result, a dropped connection (the
// server restarted) after which a result entered is still shown, and
// round 2's pairings once paired — all without a reload. The standings'
// tie-break columns are all readable at 1366 px, and collapse into one
// column on a phone: no page is wider than its screen. Shot at three sizes.
func TestBrowserHallTournament(t *testing.T) {
	data := t.TempDir()
	s := start(t, data)
	const id = "hall"
	ids := registerHall(t, s, id, 8, 3)
	no := map[string]int{}
	for i, p := range ids {
		no[p] = i + 1
	}
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds", map[string]any{"idempotency_key": "r1-" + id}), "pair round 1")
	type board struct{ game, white, black string }
	boards := func(n int) []board {
		var out []board
		for _, x := range s.round(id, n)["boards"].([]any) {
			b := x.(map[string]any)
			out = append(out, board{b["game_id"].(string), b["white"].(string), b["black"].(string)})
			waitGame(t, s, b["game_id"].(string))
		}
		return out
	}
	r1 := boards(1)

	browser := newBrowser(t)
	tabs := hallTabs(t, browser)
	lap := tabs[1]
	lap.open(s.base + "/tournaments/" + id)
	lap.waitTrue("round 1's pairings by name", `document.querySelectorAll('#pairings tbody tr[data-game]').length === 4 && document.querySelector('#pairings h2').textContent === 'Round 1 pairings'`)
	var text string
	lap.eval(`document.querySelector('#pairings').innerText`, &text)
	for _, b := range r1 {
		for _, p := range []string{b.white, b.black} {
			want := fmt.Sprintf("Surname%d, Firstname%d", no[p], no[p])
			if !strings.Contains(text, want) {
				t.Errorf("pairings lack %q:\n%s", want, text)
			}
		}
	}
	noIDs(t, lap, "the tournament page", ids)

	// board 1: Black resigns (1-0); board 2: a draw agreed after 1.e4 e5
	mustOK(t, s.post("/api/games/"+r1[0].game+"/resign", map[string]string{"player": r1[0].black, "idempotency_key": "res-" + r1[0].game}), "resign")
	lap.waitTrue("1-0 on board 1 without a reload", fmt.Sprintf(`document.querySelector('#pairings tr[data-game=%q] td.score').textContent === '1-0'`, r1[0].game))
	lap.waitTrue("the winner first in the standings with 1 point", fmt.Sprintf(`document.querySelector('#standings tbody tr').dataset.no === '%d' && document.querySelector('#standings tbody tr').children[3].textContent === '1'`, no[r1[0].white]))
	lap.waitTrue("the crosstable's cell", fmt.Sprintf(`document.querySelector('#crosstable tr[data-no="%d"] td[data-round="1"]').textContent === '%dw1' && document.querySelector('#crosstable tr[data-no="%d"] td[data-round="1"]').textContent === '%db0'`,
		no[r1[0].white], no[r1[0].black], no[r1[0].black], no[r1[0].white]))
	var hover string
	lap.eval(fmt.Sprintf(`document.querySelector('#crosstable tr[data-no="%d"] td[data-round="1"] abbr').title`, no[r1[0].white]), &hover)
	if !strings.Contains(hover, fmt.Sprintf("Surname%d, Firstname%d", no[r1[0].black], no[r1[0].black])) {
		t.Errorf("the opponent's name on hover: %q", hover)
	}
	s.playMoves(t, r1[1].game, r1[1].white, r1[1].black, "e4", "e5")
	mustOK(t, s.post("/api/games/"+r1[1].game+"/draw", map[string]string{"action": "offer", "player": r1[1].white, "idempotency_key": "o-" + r1[1].game}), "offer")
	mustOK(t, s.post("/api/games/"+r1[1].game+"/draw", map[string]string{"action": "accept", "player": r1[1].black, "idempotency_key": "a-" + r1[1].game}), "accept")
	lap.waitTrue("½-½ on board 2", fmt.Sprintf(`document.querySelector('#pairings tr[data-game=%q] td.score').textContent === '½-½'`, r1[1].game))

	// the connection drops (the server restarts); a result entered while
	// the page reconnects is shown
	addr := strings.TrimPrefix(s.base, "http://")
	s.stop()
	s = restartAt(t, data, addr)
	mustOK(t, s.post("/api/games/"+r1[2].game+"/resign", map[string]string{"player": r1[2].white, "idempotency_key": "res-" + r1[2].game}), "resign board 3")
	lap.waitTrue("0-1 on board 3 after the reconnection", fmt.Sprintf(`document.querySelector('#pairings tr[data-game=%q] td.score').textContent === '0-1'`, r1[2].game))
	mustOK(t, s.post("/api/games/"+r1[3].game+"/resign", map[string]string{"player": r1[3].black, "idempotency_key": "res-" + r1[3].game}), "resign board 4")
	lap.waitTrue("1-0 on board 4", fmt.Sprintf(`document.querySelector('#pairings tr[data-game=%q] td.score').textContent === '1-0'`, r1[3].game))
	lap.waitTrue("the tie-breaks after round 1", `document.querySelector('#standings h2').textContent === 'Standings after round 1'`)
	for i, b := range tabs {
		if i != 1 {
			b.open(s.base + "/tournaments/" + id)
			b.waitTrue("the page", `document.querySelectorAll('#standings tbody tr').length === 8`)
		}
		checkStandingsFit(t, b, viewports[i].name, []string{"BH", "SB", "WIN", "DE"})
		shoot(t, b, viewports[i].name, "round1-results")
	}

	// round 2, paired after round 1 closed: shown without a reload
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds/1/close", map[string]any{"idempotency_key": "c1-" + id}), "close round 1")
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds", map[string]any{"idempotency_key": "r2-" + id}), "pair round 2")
	r2 := boards(2)
	lap.waitTrue("round 2's pairings without a reload", fmt.Sprintf(`document.querySelector('#pairings h2').textContent === 'Round 2 pairings' && document.querySelector('#pairings tr[data-game=%q]')`, r2[0].game))
	lap.eval(`document.querySelector('#pairings').innerText`, &text)
	w := r2[0].white
	if !strings.Contains(text, fmt.Sprintf("Surname%d, Firstname%d", no[w], no[w])) {
		t.Errorf("round 2's board 1 lacks White's name:\n%s", text)
	}
	// an earlier round from the selector
	lap.run(chromedp.SetValue(chromedp.CSS("#round-select"), "1"))
	lap.eval(`(document.querySelector('#round-select').dispatchEvent(new Event('change')), true)`, new(bool))
	lap.waitTrue("round 1 chosen", `document.querySelector('#pairings h2').textContent === 'Round 1 pairings'`)
	// the live boards on demand
	lap.run(chromedp.Click(chromedp.CSS("#show-boards")))
	lap.waitTrue("the live boards", `document.querySelectorAll('#live .live-board .board').length === 4`)
	var links []string
	lap.eval(`[...document.querySelectorAll('#downloads a')].map(a => a.getAttribute('href'))`, &links)
	if fmt.Sprint(links) != fmt.Sprintf("[/api/tournaments/%s/pgn /api/tournaments/%s/trf /api/tournaments/%s/events?follow=false]", id, id, id) {
		t.Errorf("downloads %v", links)
	}
	noIDs(t, lap, "the tournament page in round 2", ids)
	for i, b := range tabs {
		if i != 1 {
			b.waitTrue("round 2 on the other tabs too", `document.querySelector('#pairings h2').textContent === 'Round 2 pairings'`)
		}
		shoot(t, b, viewports[i].name, "round2")
		b.noJSErrors()
	}
}

// checkStandingsFit fails when the page is wider than the screen, or when
// a tie-break is not shown: at 1366 px and wider each in its column, on a
// phone all of them in the collapsed column.
func checkStandingsFit(t *testing.T, b *browserTab, viewport string, codes []string) {
	t.Helper()
	var fit struct {
		Page, Screen float64
		Cols         []string
		Collapsed    string
	}
	b.eval(`({Page: document.documentElement.scrollWidth, Screen: innerWidth,
		Cols: [...document.querySelectorAll('#standings th.tb')].filter(th => th.getBoundingClientRect().width > 0 && th.getBoundingClientRect().right <= innerWidth).map(th => th.textContent),
		Collapsed: getComputedStyle(document.querySelector('#standings td.tbs')).display !== 'none' ? document.querySelector('#standings td.tbs').textContent : ''})`, &fit)
	if fit.Page > fit.Screen {
		t.Errorf("%s: the page is %v px wide on a %v px screen", viewport, fit.Page, fit.Screen)
	}
	if viewport == "phone" {
		for _, c := range codes {
			if !strings.Contains(fit.Collapsed, c) {
				t.Errorf("phone: the collapsed tie-breaks %q lack %s", fit.Collapsed, c)
			}
		}
		return
	}
	if strings.Join(fit.Cols, ",") != strings.Join(codes, ",") {
		t.Errorf("%s: tie-break columns shown %v, want %v", viewport, fit.Cols, codes)
	}
}

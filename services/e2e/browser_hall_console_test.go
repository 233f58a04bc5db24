package e2e

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserHallConsole: the arbiter's console of a tournament lists the
// round's boards by name, the one with a pending claim first; every input
// has its label; the selected board offers "Start clocks"; the results
// sheet is filled from the keyboard (1, =, 0, +, Backspace, the arrows)
// into the body of POST /api/tournaments/{id}/rounds/{n}/results with start
// numbers, posted with Enter; the shortcuts are listed. Shot at three
// sizes.
//
// The results endpoint is the desk's (another branch): here the test
// checks the body the page builds and that the page posts it to that
// route, whatever the server answers.
func TestBrowserHallConsole(t *testing.T) {
	s := startWith(t, []string{"--data", t.TempDir(), "--only", "games,clocks,pairing,scoring,gateway"}, nil, true)
	const id = "desk"
	ids := registerHall(t, s, id, 8, 3)
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds", map[string]any{"idempotency_key": "r1-" + id}), "pair")
	type board struct {
		game         string
		white, black int
	}
	no := map[string]int{}
	for i, p := range ids {
		no[p] = i + 1
	}
	var boards []board
	for _, x := range s.round(id, 1)["boards"].([]any) {
		b := x.(map[string]any)
		boards = append(boards, board{b["game_id"].(string), no[b["white"].(string)], no[b["black"].(string)]})
		waitGame(t, s, b["game_id"].(string))
	}
	// board 3: a claim left pending (no arbiter service runs)
	g3 := boards[2].game
	w3, b3 := ids[boards[2].white-1], ids[boards[2].black-1]
	mustOK(t, s.post("/api/games/"+g3+"/clock/start", map[string]string{"idempotency_key": "s-" + g3}), "start")
	s.playMoves(t, g3, w3, b3, "Nf3", "Nf6")
	mustOK(t, s.post("/api/games/"+g3+"/claims", map[string]string{"player": w3, "reason": "threefold_repetition", "intended_move": "Ng1", "idempotency_key": "c-" + g3}), "claim")

	browser := newBrowser(t)
	tabs := hallTabs(t, browser)
	lap := tabs[1]
	lap.open(s.base + "/console?t=" + id)
	lap.waitTrue("the boards with the pending claim first", fmt.Sprintf(`document.querySelector('#games button[data-game]') && document.querySelector('#games button[data-game]').dataset.game === %q && document.querySelector('#results-sheet')`, g3))
	var first string
	lap.eval(`document.querySelector('#games button[data-game]').textContent`, &first)
	if want := fmt.Sprintf("Surname%d, Firstname%d", boards[2].white, boards[2].white); !contains(first, want) || !contains(first, "pending") {
		t.Errorf("the first line %q lacks %q or the pending marker", first, want)
	}
	noIDs(t, lap, "the console", ids)
	var unlabelled []string
	lap.eval(`[...document.querySelectorAll('input, select')].filter(i => i.type !== 'hidden' && !(i.labels && i.labels.length) && !i.getAttribute('aria-label')).map(i => i.id || i.name)`, &unlabelled)
	if len(unlabelled) > 0 {
		t.Errorf("inputs without a label: %v", unlabelled)
	}
	lap.click(fmt.Sprintf(`#games button[data-game=%q]`, boards[0].game))
	lap.waitTrue("Start clocks on an unstarted board", `document.querySelector('#start') && !document.querySelector('#start').disabled`)

	// the results sheet, by keyboard: 1 on board 1, = on board 2, 0 on
	// board 3, then + on board 4 changed to - after Backspace and the arrows
	lap.run(chromedp.Focus(chromedp.CSS("#result-1")), chromedp.KeyEvent("1"), chromedp.KeyEvent("="), chromedp.KeyEvent("0"), chromedp.KeyEvent("+"))
	lap.waitTrue("the focus on the post button after the last board", `document.activeElement && document.activeElement.id === 'post-results'`)
	lap.run(chromedp.Focus(chromedp.CSS("#result-4")), chromedp.KeyEvent(kb.Backspace), chromedp.KeyEvent("x"))
	lap.waitTrue("board 4 cleared", `document.querySelector('#result-4').value === ''`)
	lap.run(chromedp.KeyEvent("-"))
	var body struct {
		Results []struct {
			White, Black int
			Result       string
		}
	}
	var raw string
	lap.eval(`document.querySelector('#results-body').textContent`, &raw)
	if err := json.Unmarshal([]byte(raw), &body); err != nil {
		t.Fatalf("the request body %q: %v", raw, err)
	}
	want := []string{"1-0", "1/2-1/2", "0-1", "-/+"}
	if len(body.Results) != 4 {
		t.Fatalf("the request body %s: want 4 results", raw)
	}
	for i, r := range body.Results {
		if r.White != boards[i].white || r.Black != boards[i].black || r.Result != want[i] {
			t.Errorf("result %d: %+v, want white %d black %d %s", i+1, r, boards[i].white, boards[i].black, want[i])
		}
	}
	var shown []string
	lap.eval(`[1,2,3,4].map(b => document.querySelector('#result-' + b).value)`, &shown)
	if fmt.Sprint(shown) != "[1-0 ½-½ 0-1 -/+]" {
		t.Errorf("the sheet shows %v", shown)
	}
	lap.run(chromedp.Focus(chromedp.CSS("#result-2")), chromedp.KeyEvent(kb.Enter))
	lap.waitTrue("the post's answer", `document.querySelector('#results-message').textContent.startsWith('Results of round 1')`)
	var posted bool
	lap.eval(fmt.Sprintf(`performance.getEntriesByType('resource').some(e => e.name.endsWith('/api/tournaments/%s/rounds/1/results'))`, id), &posted)
	if !posted {
		t.Error("the sheet was not posted to POST /api/tournaments/{id}/rounds/1/results")
	}
	var msg string
	lap.eval(`document.querySelector('#results-message').textContent`, &msg)
	t.Logf("the server answered the results sheet: %s", msg)
	var keys int
	lap.eval(`document.querySelectorAll('#shortcuts dt').length`, &keys)
	if keys < 5 {
		t.Errorf("%d shortcuts listed", keys)
	}
	for i, b := range tabs {
		if i != 1 {
			b.open(s.base + "/console?t=" + id)
			b.waitTrue("the console", `document.querySelector('#results-sheet') && document.querySelector('#games button[data-game]')`)
		}
		shoot(t, b, viewports[i].name, "console")
		b.noJSErrors()
	}
}

package e2e

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserHallConsoleLive: the arbiter's console of a tournament, opened
// once, shows the round's boards with both clocks on each line; "Start
// clocks of round 1" starts every board's clocks (one clock.started in each
// game's log, by the arbiter) and the lines' clocks then run; the round's
// results come in, the round is closed and round 2 is paired, and round 2's
// boards and its results sheet appear without a reload. Shot at three
// sizes.
func TestBrowserHallConsoleLive(t *testing.T) {
	s := start(t, t.TempDir())
	const id = "live-desk"
	ids := registerHall(t, s, id, 8, 2)
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds", map[string]any{"idempotency_key": "r1-" + id}), "pair round 1")
	games := func(round int) []map[string]any {
		var out []map[string]any
		for _, x := range s.round(id, round)["boards"].([]any) {
			b := x.(map[string]any)
			waitGame(t, s, b["game_id"].(string))
			out = append(out, b)
		}
		return out
	}
	r1 := games(1)

	browser := newBrowser(t)
	tabs := hallTabs(t, browser)
	lap := tabs[2]
	lap.open(s.base + "/console?t=" + id)
	lap.waitTrue("round 1's four boards, each with both clocks", `document.querySelectorAll('#games button[data-game] .mini .mc').length === 8 && document.querySelector('#round-select').value === '1'`)
	lap.waitTrue("the start button for the round's 4 boards", `!document.querySelector('#start-round').disabled && document.querySelector('#start-round').textContent.includes('(4)')`)
	lap.run(chromedp.Click(chromedp.CSS("#start-round")))
	lap.waitTrue("the round's clocks started", `document.querySelector('#round-message').textContent.includes('4 of 4 started')`)
	for _, b := range r1 {
		n := 0
		for _, e := range s.eventLog(b["game_id"].(string)) {
			if e["type"] == "clock.started" {
				n++
			}
		}
		if n != 1 {
			t.Errorf("game %v: %d clock.started events, want 1", b["game_id"], n)
		}
	}
	// each line's clocks read the game's: White's running, 1:30:00 less
	// what ran; Black's 1:30:00
	lap.waitTrue("every line's clocks", `[...document.querySelectorAll('#games .mini')].every(m => {
		const w = m.querySelector('.mc[data-side="white"]'), b = m.querySelector('.mc[data-side="black"]');
		return w.classList.contains('running') && +w.dataset.ms <= 5400000 && +w.dataset.ms > 5300000 && b.dataset.ms === '5400000' && b.textContent.startsWith('B 1:30:00');
	})`)
	lap.waitTrue("the start button spent", `document.querySelector('#start-round').disabled`)
	for i, b := range tabs {
		if i != 2 {
			b.open(s.base + "/console?t=" + id)
			b.waitTrue("the console", `document.querySelectorAll('#games .mini').length === 4`)
		}
		shoot(t, b, viewports[i].name, "round1-clocks")
	}

	// round 1's results, the round closed, round 2 paired: the console
	// follows without a reload
	for i, b := range r1 {
		loser := b["black"].(string)
		if i%2 == 1 {
			loser = b["white"].(string)
		}
		mustOK(t, s.post("/api/games/"+b["game_id"].(string)+"/resign", map[string]string{"player": loser, "idempotency_key": "res"}), "resign")
	}
	waitUntil(t, "round 1 closed", func() bool {
		return s.post("/api/tournaments/"+id+"/rounds/1/close", map[string]any{"idempotency_key": "c1-" + id}).status == 200
	})
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds", map[string]any{"idempotency_key": "r2-" + id}), "pair round 2")
	r2 := games(2)
	lap.waitTrue("round 2's boards without a reload", fmt.Sprintf(`document.querySelector('#round-select').value === '2' && document.querySelectorAll('#games button[data-game]').length === 4 && document.querySelector('#games button[data-game=%q]')`, r2[0]["game_id"]))
	lap.waitTrue("round 2's results sheet", `document.querySelector('#results-sheet') && /round 2/i.test(document.querySelector('#results-sheet').textContent)`)
	lap.waitTrue("round 2's start button", `!document.querySelector('#start-round').disabled && document.querySelector('#start-round').textContent.includes('round 2 (4)')`)
	noIDs(t, lap, "the console", ids)
	for i, b := range tabs {
		b.waitTrue("round 2 in the console", `document.querySelector('#round-select').value === '2'`)
		shoot(t, b, viewports[i].name, "round2")
		b.noJSErrors()
	}
}

package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestBrowserConsolePenalties: the arbiter's console imposes the 2023
// penalties of 12.9.7 (a fine, refused without the fine), 12.9.8 (an
// exclusion from rounds, which the tournament records) and 12.9.6 (a loss
// with the opponent's score decided) on a tournament's game, each shown
// in the game's timeline.
func TestBrowserConsolePenalties(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve and chromium")
	}
	s := start(t, t.TempDir())
	ids, whites, blacks := startSwiss(t, s, "cp", "Console penalties", "c", 4)
	game := ids[0]
	s.playMoves(t, game, whites[0], blacks[0], "e4", "e5")
	penalties := func() []map[string]any {
		var out []map[string]any
		for _, e := range s.eventLog(game) {
			if e["type"] == "arbiter.penalty_imposed" {
				d, _ := e["data"].(map[string]any)
				out = append(out, d)
			}
		}
		return out
	}

	browser := newBrowser(t)
	page := tab(t, browser, 1920, 1080, false)
	page.open(s.base + "/console?t=cp&game=" + game)
	page.waitTrue("the console", `document.querySelector('#detail #incidents') && document.querySelector('#penalty-kind')`)
	set := func(sel, v string) {
		var ok bool
		page.eval(fmt.Sprintf(`(() => { const e = document.querySelector(%s); if (!e) return false; e.value = %s; return e.value === %s; })()`, js(sel), js(v), js(v)), &ok)
		if !ok {
			t.Fatalf("could not set %s to %q", sel, v)
		}
	}
	click := func(sel string) {
		var ok bool
		page.eval(fmt.Sprintf(`(() => { const e = document.querySelector(%s); if (!e || e.disabled) return false; e.click(); return true; })()`, js(sel)), &ok)
		if !ok {
			t.Fatalf("%s missing or disabled", sel)
		}
	}
	incident := func(text string) string {
		return fmt.Sprintf(`[...document.querySelectorAll('#incidents li[data-type="arbiter.penalty_imposed"]')].some(li => li.textContent.includes(%s))`, js(text))
	}
	set("#arbiter", "IA-Kovacs")
	click(fmt.Sprintf(`#games button[data-game=%s]`, js(game)))
	page.waitTrue("game "+game+" selected", fmt.Sprintf(`document.querySelector('#games button[data-game=%s]').getAttribute('aria-pressed') === 'true' && document.querySelector('#penalty-kind')`, js(game)))
	set("#penalty-reason", "a mobile phone in the playing area")

	// 12.9.7: refused without the fine, then recorded with it
	set("#penalty-side", "white")
	set("#penalty-kind", "fine")
	click("#penalize")
	page.waitTrue("the refusal", `document.querySelector('#message').className === 'error' && document.querySelector('#message').textContent.includes('fine')`)
	if n := len(penalties()); n != 0 {
		t.Fatalf("a fine without its amount appended %d penalties", n)
	}
	set("#penalty-fine", "50 EUR (regulations 4.2)")
	click("#penalize")
	page.waitTrue("the fine in the timeline", incident("fine 50 EUR (regulations 4.2)"))

	// 12.9.8: Black excluded from rounds 2 and 3
	set("#penalty-side", "black")
	set("#penalty-kind", "exclusion")
	set("#penalty-rounds", "2, 3")
	click("#penalize")
	page.waitTrue("the exclusion in the timeline", incident("(rounds 2, 3)"))
	var excluded map[string]any
	waitUntil(t, "arbiter.player_excluded on the tournament", func() bool {
		for _, line := range strings.Split(strings.TrimSpace(s.do("GET", "/api/tournaments/cp/events?follow=false", "").raw), "\n") {
			var e map[string]any
			if json.Unmarshal([]byte(line), &e) == nil && e["type"] == "arbiter.player_excluded" {
				excluded, _ = e["data"].(map[string]any)
			}
		}
		return excluded != nil
	})
	if excluded["player_id"] != blacks[0] || fmt.Sprint(excluded["rounds"]) != "[2 3]" {
		t.Errorf("the exclusion recorded: %v, want %s from rounds 2 and 3", excluded, blacks[0])
	}

	// 12.9.6: lost by Black, White's score decided at ½
	set("#penalty-kind", "loss")
	set("#penalty-points", "0.5")
	click("#penalize")
	page.waitTrue("the loss in the timeline", incident("the opponent scoring 0.5"))
	waitGameState(t, s, game, func(g map[string]any) bool { return g["result"] == "1-0" })
	pens := penalties()
	if len(pens) != 3 || pens[0]["kind"] != "fine" || pens[0]["fine"] != "50 EUR (regulations 4.2)" || pens[1]["kind"] != "exclusion_from_rounds" ||
		pens[2]["kind"] != "loss" || pens[2]["opponent_points"] != 0.5 || pens[2]["article"] != "12.9.6" {
		t.Errorf("penalties recorded: %v", pens)
	}
}

package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestBrowserRulingsConsole drives the arbiter's console forms for the
// rulings added to the API against hakem serve, a tournament's console with
// one more game beside it:
//   - the judgement of an increment request (2023 Guidelines III.4), shown
//     only while a request is pending: granted, the clocks service
//     changes the control (110 -> 110+5) and the timeline says so;
//   - a result correction to a forfeit after the fact (-/+), refused by the
//     form without its reason and article;
//   - both players at fault (2023 11.8): refused by the form without the
//     reason; with it the game ends 0-0 and the timeline reads "both
//     players lose";
//   - a wrong initial position: the replay ordered reads in the timeline;
//   - the expulsion of a player from the tournament, refused by the form
//     without its reason, recorded once and shown again after a reload.
//
// Each incomplete form is checked to have appended nothing to the log.
func TestBrowserRulingsConsole(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve and chromium")
	}
	s := start(t, t.TempDir())
	ids, whites, blacks := startSwiss(t, s, "rc", "Rulings", "r", 4)
	s.playMoves(t, ids[0], whites[0], blacks[0], "e4", "e5", "Nf3", "Nc6")
	const inc = "inc-console"
	startedGame(t, s, map[string]any{"id": inc, "white": "w", "black": "b", "time_control": "110", "mode": "standard", "laws_profile": "fide-2023",
		"quickplay_finish": true, "idempotency_key": "g-" + inc})
	s.playMoves(t, inc, "w", "b", "e4", "e5")

	count := func(game, typ string) int {
		n := 0
		for _, e := range s.eventLog(game) {
			if e["type"] == typ {
				n++
			}
		}
		return n
	}
	last := func(game, typ string) map[string]any {
		var found map[string]any
		for _, e := range s.eventLog(game) {
			if e["type"] == typ {
				found = e
			}
		}
		if found == nil {
			t.Fatalf("no %s in %s's log", typ, game)
		}
		return found
	}
	data := func(e map[string]any) map[string]any { d, _ := e["data"].(map[string]any); return d }
	actor := func(e map[string]any) any { a, _ := e["actor"].(map[string]any); return a["id"] }
	message := func(want string) string {
		return fmt.Sprintf(`document.querySelector('#message').className === 'error' && document.querySelector('#message').textContent.includes(%s)`, js(want))
	}
	incident := func(typ, text string) string {
		return fmt.Sprintf(`[...document.querySelectorAll('#incidents li[data-type=%s]')].some(li => li.textContent.includes(%s))`, js(typ), js(text))
	}

	browser := newBrowser(t)
	hall := tab(t, browser, 1920, 1080, false)
	hall.open(s.base + "/console?t=rc&game=" + inc)
	hall.waitTrue("the console", `document.querySelector('#detail #incidents') && document.querySelector('#tournament-arbiter #expel')`)
	// set and click act through the page's DOM: the console redraws its
	// lists at each event, which can stale a node chromedp looked up
	set := func(sel, v string) {
		var ok bool
		hall.eval(fmt.Sprintf(`(() => { const e = document.querySelector(%s); if (!e) return false; e.value = %s; return e.value === %s; })()`, js(sel), js(v), js(v)), &ok)
		if !ok {
			t.Fatalf("could not set %s to %q", sel, v)
		}
	}
	click := func(sel string) {
		var ok bool
		hall.eval(fmt.Sprintf(`(() => { const e = document.querySelector(%s); if (!e || e.disabled) return false; e.click(); return true; })()`, js(sel)), &ok)
		if !ok {
			t.Fatalf("%s missing or disabled", sel)
		}
	}
	set("#arbiter", "IA-Kovacs")
	selectGame := func(id string) {
		click(fmt.Sprintf(`#games button[data-game=%s]`, js(id)))
		hall.waitTrue("game "+id+" selected", fmt.Sprintf(`document.querySelector('#games button[data-game=%s]').getAttribute('aria-pressed') === 'true' && document.querySelector('#incidents')`, js(id)))
	}

	// (1) the increment request's judgement: hidden until White requests
	selectGame(inc)
	var hidden bool
	hall.eval(`getComputedStyle(document.querySelector('#increment-form')).display === 'none'`, &hidden)
	if !hidden {
		t.Error("the increment judgement is shown with no request pending")
	}
	mustOK(t, s.post("/api/games/"+inc+"/claims", map[string]string{"player": "w", "reason": "increment_request", "idempotency_key": "req-" + inc}), "increment request")
	hall.waitTrue("the request pending", fmt.Sprintf(`[...document.querySelectorAll('#attention li.pending[data-game=%s]')].some(li => li.textContent.includes('increment request')) && getComputedStyle(document.querySelector('#increment-form')).display !== 'none' && !document.querySelector('#judge-increment').disabled`, js(inc)))
	var disabled bool
	hall.eval(`document.querySelector('#rule-claim').disabled && document.querySelector('#judge-quickplay').disabled`, &disabled)
	if !disabled {
		t.Error("'Rule on claim' or the quickplay judgement offered for an increment request")
	}
	set("#increment-judgement", "grant")
	click("#judge-increment")
	hall.waitTrue("the new control in the timeline", incident("clock.control_changed", "Time control now 110+5")+` && getComputedStyle(document.querySelector('#increment-form')).display === 'none'`)
	if r := last(inc, "arbiter.ruling_given"); data(r)["article"] != "III.4" || data(r)["decision"] != "game_continues" || actor(r) != "IA-Kovacs" {
		t.Errorf("the grant recorded as %v", r)
	}
	if c := last(inc, "clock.control_changed"); data(c)["time_control"] != "110+5" {
		t.Errorf("the control changed to %v", data(c))
	}
	var text string
	hall.eval(`[...document.querySelectorAll('#incidents li[data-type="arbiter.penalty_imposed"]')].map(li => li.textContent).join(' | ')`, &text)
	if !strings.Contains(text, "Increment of 5 s a move ordered") {
		t.Errorf("the increment in the timeline: %q", text)
	}

	// (2) a forfeit found after the fact: -/+ once the game is over
	mustOK(t, s.post("/api/games/"+inc+"/resign", map[string]string{"player": "b", "idempotency_key": "resign-" + inc}), "resign")
	hall.waitTrue("the game over", `!document.querySelector('#correct-result').disabled`)
	var offered []string
	hall.eval(`[...document.querySelector('#correct-value').options].map(o => o.value)`, &offered)
	if strings.Join(offered, " ") != "1-0 0-1 1/2-1/2 +/- -/+ -/-" {
		t.Errorf("the results offered: %v", offered)
	}
	set("#correct-value", "-/+")
	click("#correct-result")
	hall.waitTrue("the correction refused without grounds", message("Correct result: state the reason and the article applied"))
	set("#correct-reason", "White was not the player paired")
	click("#correct-result")
	hall.waitTrue("the correction refused without article", message("Correct result: state the article applied")+
		` && document.querySelector('#correct-article').getAttribute('aria-invalid') === 'true' && document.querySelector('#correct-reason').getAttribute('aria-invalid') === 'false'`)
	if n := count(inc, "arbiter.result_overridden"); n != 0 {
		t.Fatalf("%d corrections recorded from a form without its grounds", n)
	}
	set("#correct-article", "C.04.1")
	click("#correct-result")
	hall.waitTrue("the correction in the timeline", incident("arbiter.result_overridden", "1-0 → -/+ (forfeit: Black wins, not played)"))
	if o := last(inc, "arbiter.result_overridden"); data(o)["result"] != "-/+" || data(o)["article"] != "C.04.1" || data(o)["reason"] != "White was not the player paired" || actor(o) != "IA-Kovacs" {
		t.Errorf("the correction recorded as %v", o)
	}

	// (3) both players at fault on board 1
	selectGame(ids[0])
	click("#both-at-fault")
	hall.waitTrue("both at fault refused without the reason", message("Both at fault: state what the players did"))
	if n := count(ids[0], "arbiter.ruling_given"); n != 0 {
		t.Fatalf("%d rulings recorded from a form without its reason", n)
	}
	set("#both-reason", "both refused to stop analysing aloud")
	click("#both-at-fault")
	hall.waitTrue("both lose in the timeline", incident("arbiter.ruling_given", "both players lose (0-0)")+" && "+incident("game.ended", "0-0 (both players lose)")+
		` && document.querySelector('#both-at-fault').disabled`)
	if r := last(ids[0], "arbiter.ruling_given"); data(r)["matter"] != "both_at_fault" || data(r)["decision"] != "both_lose" || data(r)["article"] != "11.8" || actor(r) != "IA-Kovacs" {
		t.Errorf("the ruling recorded as %v", r)
	}
	if e := last(ids[0], "game.ended"); data(e)["result"] != "0-0" {
		t.Errorf("board 1 ended %v", data(e))
	}
	hall.eval(`[...document.querySelectorAll('#incidents li[data-type="arbiter.ruling_given"]')].map(li => li.textContent).join(' | ')`, &text)
	if !strings.Contains(text, "Art. 11.8") || !strings.Contains(text, "both refused to stop analysing aloud") {
		t.Errorf("the ruling in the timeline: %q", text)
	}

	// (4) a wrong initial position on board 2: the replay ordered
	selectGame(ids[1])
	set("#wrong-position-reason", "the board was set up with the king and queen swapped")
	click("#wrong-position")
	hall.waitTrue("the replay in the timeline", incident("arbiter.replay_ordered", "Replay ordered: game "+ids[1]+"-replay")+" && "+
		incident("arbiter.game_annulled", "king and queen swapped"))
	hall.eval(`getComputedStyle(document.querySelector('#increment-form')).display === 'none'`, &hidden)
	if !hidden {
		t.Error("the increment judgement is shown for an annulled game")
	}

	// (5) the expulsion of a player from the tournament
	expelled := whites[1]
	tournamentExpulsions := func() []map[string]any {
		var out []map[string]any
		for _, line := range strings.Split(strings.TrimSpace(s.do("GET", "/api/tournaments/rc/events?follow=false", "").raw), "\n") {
			var e map[string]any
			if json.Unmarshal([]byte(line), &e) == nil && e["type"] == "arbiter.player_expelled" {
				out = append(out, e)
			}
		}
		return out
	}
	set("#expel-player", expelled)
	click("#expel")
	hall.waitTrue("the expulsion refused without the reason", `document.querySelector('#expel-message').className === 'error' && document.querySelector('#expel-message').textContent.includes('Expel: state the reason')`)
	if n := len(tournamentExpulsions()); n != 0 {
		t.Fatalf("%d expulsions recorded from a form without its reason", n)
	}
	set("#expel-reason", "left the venue with a phone")
	click("#expel")
	shown := fmt.Sprintf(`[...document.querySelectorAll('#tournament-log li[data-type="arbiter.player_expelled"]')].some(li => li.textContent.includes(%s) && li.textContent.includes('left the venue with a phone') && li.textContent.includes('Art. '))`, js(expelled+" expelled"))
	hall.waitTrue("the expulsion shown", shown)
	if ex := tournamentExpulsions(); len(ex) != 1 || data(ex[0])["player_id"] != expelled || data(ex[0])["reason"] != "left the venue with a phone" || data(ex[0])["article"] == "" || actor(ex[0]) != "IA-Kovacs" {
		t.Errorf("expulsions recorded: %v", ex)
	}
	hall.screenshot("console-rulings.png")
	hall.noJSErrors()

	// read again: the recorded expulsion is listed and the player not offered
	hall.open(s.base + "/console?t=rc")
	hall.waitTrue("the expulsion after a reload", shown+fmt.Sprintf(` && document.querySelector('#expel-player option[value=%s]').disabled`, js(expelled))+
		fmt.Sprintf(` && document.querySelector('#games button[data-game=%s]')`, js(ids[1]+"-replay")))
	hall.noJSErrors()
	s.stop()
}

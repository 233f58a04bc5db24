package e2e

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserQuickplayConsole: in the arbiter's console the clock
// adjustment form does not send an adjustment without its reason and
// article (the server refuses one: a ruling cites its grounds) and says
// what is missing; with both it is recorded. A quickplay-finish claim the
// Laws admit is pending until the arbiter judges it from the console
// (postponed, two minutes to the opponent: 2023 Guidelines III.5.2).
func TestBrowserQuickplayConsole(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve and chromium")
	}
	s := start(t, t.TempDir())
	const game = "qp-console"
	if a := s.post("/api/games", map[string]any{"id": game, "white": "w", "black": "b", "time_control": "110", "mode": "standard", "quickplay_finish": true, "idempotency_key": "g--" + game + game}); a.status != http.StatusCreated {
		t.Fatalf("create: %d %s", a.status, a.raw)
	}
	if a := s.post("/api/games/"+game+"/clock/start", map[string]string{"idempotency_key": "s-" + game, "by": "IA-1"}); a.status != 200 {
		t.Fatalf("clock: %d %s", a.status, a.raw)
	}
	s.move(game, "w", "e4", "1-"+game)
	s.move(game, "b", "e5", "2-"+game)

	browser := newBrowser(t)
	hall := tab(t, browser, 1920, 1080, false)
	hall.open(s.base + "/console?game=" + game)
	hall.waitTrue("the console", `document.querySelector('#detail #incidents') && document.querySelector('#adjust')`)
	hall.run(chromedp.SetValue(chromedp.CSS("#arbiter"), "IA-Kovacs"))

	adjustments := func() int {
		n := 0
		for _, e := range s.eventLog(game) {
			if e["type"] == "clock.time_adjusted" {
				n++
			}
		}
		return n
	}
	// the default form: no reason, no article — nothing is sent
	var required bool
	hall.eval(`document.querySelector('#adjust-reason').required && document.querySelector('#adjust-article').required && document.querySelector('#adjust-article').value === ''`, &required)
	if !required {
		t.Error("the adjustment's reason and article are not required fields, or the article is filled in for the arbiter")
	}
	hall.run(chromedp.SetValue(chromedp.CSS("#adjust-seconds"), "10"), chromedp.Click(chromedp.CSS("#adjust")))
	hall.waitTrue("the refusal", `document.querySelector('#message').className === 'error' && document.querySelector('#message').textContent.includes('the reason and the article applied')`)
	hall.run(chromedp.SetValue(chromedp.CSS("#adjust-reason"), "clock set wrongly"), chromedp.Click(chromedp.CSS("#adjust")))
	hall.waitTrue("the refusal without article", `document.querySelector('#message').className === 'error' && document.querySelector('#message').textContent.includes('state the article applied') && document.querySelector('#adjust-article').getAttribute('aria-invalid') === 'true'`)
	if n := adjustments(); n != 0 {
		t.Fatalf("%d adjustments recorded from a form without its grounds", n)
	}
	hall.run(chromedp.SetValue(chromedp.CSS("#adjust-article"), "6.10.2"), chromedp.Click(chromedp.CSS("#adjust")))
	hall.waitTrue("the adjustment", `[...document.querySelectorAll('#incidents li[data-type="clock.time_adjusted"]')].some(li => li.textContent.includes('Art. 6.10.2') && li.textContent.includes('clock set wrongly'))`)

	// White, on move with less than two minutes, claims under Guidelines III.5
	var disabled bool
	hall.eval(`document.querySelector('#judge-quickplay').disabled`, &disabled)
	if !disabled {
		t.Error("the quickplay judgement is enabled with no claim pending")
	}
	if a := s.post("/api/games/"+game+"/claims", map[string]string{"player": "w", "reason": "quickplay_finish", "idempotency_key": "c-" + game}); a.status != 200 {
		t.Fatalf("claim: %d %s", a.status, a.raw)
	}
	hall.waitTrue("the claim pending", fmt.Sprintf(`[...document.querySelectorAll('#attention li.pending[data-game="%s"]')].some(li => li.textContent.includes('quickplay finish')) && !document.querySelector('#judge-quickplay').disabled`, game))
	hall.eval(`document.querySelector('#rule-claim').disabled`, &disabled)
	if !disabled {
		t.Error("'Rule on claim' offered for a claim only the arbiter can judge")
	}
	hall.run(chromedp.SetValue(chromedp.CSS("#quickplay-judgement"), "postpone"), chromedp.Click(chromedp.CSS("#quickplay-add-time")), chromedp.Click(chromedp.CSS("#judge-quickplay")))
	hall.waitTrue("the judgement", `document.querySelector('#incidents li[data-type="arbiter.ruling_given"]') && !document.querySelector('#attention li.pending')`)
	var ruling, penalty map[string]any
	for _, e := range s.eventLog(game) {
		switch e["type"] {
		case "arbiter.ruling_given":
			ruling = e
		case "arbiter.penalty_imposed":
			penalty = e["data"].(map[string]any)
		}
	}
	if ruling == nil || penalty == nil {
		t.Fatalf("ruling %v, time %v", ruling, penalty)
	}
	if d := ruling["data"].(map[string]any); d["article"] != "III.5" || d["decision"] != "game_continues" || ruling["actor"].(map[string]any)["id"] != "IA-Kovacs" {
		t.Errorf("judgement recorded as %v", ruling)
	}
	if penalty["amount_ms"] != 120000.0 || penalty["side"] != "white" {
		t.Errorf("two minutes to black recorded as %v", penalty)
	}
	var text string
	hall.eval(`document.querySelector('#incidents li[data-type="arbiter.ruling_given"]').textContent`, &text)
	if !strings.Contains(text, "Art. III.5") || !strings.Contains(text, "postponed") {
		t.Errorf("the judgement in the console: %q", text)
	}
	hall.screenshot("console-quickplay.png")
	hall.noJSErrors()
	s.stop()
}

package e2e

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserConsoleAccessToken: on a server with tokens, the arbiter's
// console cannot stop the clocks without a token (the server's refusal is
// shown and nothing is appended), nor with an unknown one; with the
// arbiter's token typed into the access-token field it can, and the pause
// is recorded with the token's subject as the actor. The token is kept for
// the tab: the console opened again in it still acts.
func TestBrowserConsoleAccessToken(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve and chromium")
	}
	file := filepath.Join(t.TempDir(), "tokens.yaml")
	tokens := fmt.Sprintf("tokens:\n  - token: %s\n    role: arbiter\n    subject: a1\n    tournaments: [\"*\"]\n", authTokens["a1"])
	if err := os.WriteFile(file, []byte(tokens), 0o600); err != nil {
		t.Fatal(err)
	}
	s := startWith(t, []string{"--data", t.TempDir(), "--only", "games,clocks,pairing,scoring,gateway"}, []string{"HAKEM_AUTH_TOKENS_FILE=" + file}, true)
	const game = "hall-token"
	if a := s.as("a1", "POST", "/api/games", map[string]any{"id": game, "white": "w", "black": "b", "time_control": "600", "by": "a1", "idempotency_key": "g"}); a.status != http.StatusCreated {
		t.Fatalf("create: %d %s", a.status, a.raw)
	}
	if a := s.as("a1", "POST", "/api/games/"+game+"/clock/start", map[string]any{"by": "a1", "idempotency_key": "s"}); a.status != http.StatusOK {
		t.Fatalf("clock: %d %s", a.status, a.raw)
	}
	paused := func() int {
		n := 0
		for _, e := range s.eventLog(game) {
			if e["type"] == "clock.paused" {
				n++
			}
		}
		return n
	}

	browser := newBrowser(t)
	hall := tab(t, browser, 1920, 1080, false)
	hall.open(s.base + "/console?game=" + game)
	hall.waitTrue("the console", `document.querySelector('#detail #incidents') && document.querySelector('#token')`)
	var kind string
	hall.eval(`document.querySelector('#token').type`, &kind)
	if kind != "password" {
		t.Errorf("the access-token field is of type %q, want password (not shown on a projector)", kind)
	}
	hall.run(chromedp.SetValue(chromedp.CSS("#arbiter"), "a1"))

	// No token: the server refuses, the console says so, nothing lands.
	clickUntil(hall, "the refusal without a token", `document.querySelector('#message.error') && /token|unauthenticated|Authorization/i.test(document.querySelector('#message').textContent)`,
		chromedp.SetValue(chromedp.CSS("#pause-reason"), "no token"), chromedp.Click(chromedp.CSS("#pause")))
	// An unknown token: refused too.
	hall.run(chromedp.SendKeys(chromedp.CSS("#token"), "tok-unknown-00000000000000000000000000"), chromedp.Blur(chromedp.CSS("#token")))
	clickUntil(hall, "the refusal of an unknown token", `document.querySelector('#message.error') && document.querySelector('#message').textContent.includes('not valid')`,
		chromedp.SetValue(chromedp.CSS("#pause-reason"), "unknown token"), chromedp.Click(chromedp.CSS("#pause")))
	if n := paused(); n != 0 {
		t.Fatalf("%d pauses recorded without a valid token", n)
	}

	// The arbiter's token: the clocks stop, by a1.
	var cleared bool
	hall.eval(`(() => { document.querySelector('#token').value = ''; return true; })()`, &cleared)
	hall.run(chromedp.SendKeys(chromedp.CSS("#token"), authTokens["a1"]), chromedp.Blur(chromedp.CSS("#token")))
	clickUntil(hall, "the clocks paused", `document.querySelector('#incidents li[data-type="clock.paused"]')`,
		chromedp.SetValue(chromedp.CSS("#pause-reason"), "claim under examination"), chromedp.Click(chromedp.CSS("#pause")))
	var pause map[string]any
	for _, e := range s.eventLog(game) {
		if e["type"] == "clock.paused" {
			pause = e
		}
	}
	if pause == nil || paused() != 1 {
		t.Fatalf("pauses in the log: %d", paused())
	}
	if act := pause["actor"].(map[string]any); act["role"] != "arbiter" || act["id"] != "a1" {
		t.Errorf("pause recorded as by %v, want the token's arbiter a1", act)
	}

	// Opened again in the same tab, the console still holds the token.
	hall.open(s.base + "/console?game=" + game)
	hall.waitTrue("the console again", `document.querySelector('#detail #resume') && document.querySelector('#token')`)
	var inDocument bool
	hall.eval(`document.documentElement.outerHTML.includes(`+strconv.Quote(authTokens["a1"])+`)`, &inDocument)
	if inDocument {
		t.Error("the token is written into the page's document (an attribute), not only held by the field")
	}
	hall.run(chromedp.SetValue(chromedp.CSS("#arbiter"), "a1"))
	clickUntil(hall, "the clocks resumed", `document.querySelector('#incidents li[data-type="clock.resumed"]')`, chromedp.Click(chromedp.CSS("#resume")))
	hall.noJSErrors()
	if strings.Contains(s.output(), authTokens["a1"]) {
		t.Error("the token is in the server's output")
	}
}

// clickUntil runs actions (a press of a console's button) until expr
// holds, at most five times: the console may redraw the game's panel, and
// its message with it, while the game's events are still being loaded.
func clickUntil(b *browserTab, what, expr string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	for range 5 {
		b.run(actions...)
		for deadline := time.Now().Add(4 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
			var ok bool
			b.eval("!!("+expr+")", &ok)
			if ok {
				return
			}
		}
	}
	b.waitTrue(what, expr)
}

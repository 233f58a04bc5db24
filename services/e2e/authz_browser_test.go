package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserConsoleAccessToken: on a server with tokens, the arbiter's
// console is for the arbiters and organisers. Opened without a token it
// answers 401 with a sign-in page (HTML), with an unknown one 401 again,
// with a player's 403 (HTML, naming the role needed and the token's);
// GET /api/web/access says, for each, the role and which pages the token
// may open. Signed in with the arbiter's token the console opens; with its
// token field emptied, or an unknown token typed into it, the server
// refuses to stop the clocks (the refusal is shown, nothing is appended);
// with the arbiter's token again it can, and the pause is recorded with
// the token's subject as the actor. The token is kept for the tab, never
// written into the document: the console opened again in it still acts.
func TestBrowserConsoleAccessToken(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve and chromium")
	}
	file := filepath.Join(t.TempDir(), "tokens.yaml")
	tokens := fmt.Sprintf("tokens:\n  - token: %s\n    role: arbiter\n    subject: a1\n    tournaments: [\"*\"]\n  - token: %s\n    role: player\n    subject: p1\n", authTokens["a1"], authTokens["p1"])
	if err := os.WriteFile(file, []byte(tokens), 0o600); err != nil {
		t.Fatal(err)
	}
	s := startWith(t, []string{"--data", t.TempDir(), "--only", "games,clocks,pairing,scoring,gateway"}, []string{"HAKEM_AUTH_TOKENS_FILE=" + file}, true)
	const game = "hall-token"
	if a := s.as("a1", "POST", "/api/games", map[string]any{"id": game, "white": "w", "black": "b", "time_control": "600", "by": "a1", "idempotency_key": "g--" + game + game}); a.status != http.StatusCreated {
		t.Fatalf("create: %d %s", a.status, a.raw)
	}
	if a := s.as("a1", "POST", "/api/games/"+game+"/clock/start", map[string]any{"by": "a1", "idempotency_key": "s-" + game}); a.status != http.StatusOK {
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

	// the pages' answers by cookie: none, an unknown token, a player's, the
	// arbiter's
	get := func(path, cookie string) (int, string, string) {
		t.Helper()
		req, err := http.NewRequest("GET", s.base+path, nil)
		if err != nil {
			t.Fatal(err)
		}
		if cookie != "" {
			req.AddCookie(&http.Cookie{Name: "hakem_token", Value: cookie})
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
	}
	for _, c := range []struct {
		who, cookie string
		status      int
		says        string
		role        string
		signedIn    bool
		console     bool
	}{
		{"nobody", "", http.StatusUnauthorized, "sign in with your access token", "public", false, false},
		{"an unknown token", "tok-unknown-00000000000000000000000000", http.StatusUnauthorized, "not valid", "public", false, false},
		{"a player", authTokens["p1"], http.StatusForbidden, "the token this browser holds is player p1", "player", true, false},
		{"the arbiter", authTokens["a1"], http.StatusOK, "", "arbiter", true, true},
	} {
		status, ctype, body := get("/console?game="+game, c.cookie)
		if status != c.status || !strings.HasPrefix(ctype, "text/html") || !strings.Contains(body, c.says) {
			t.Errorf("/console for %s: %d %s, want %d text/html saying %q", c.who, status, ctype, c.status, c.says)
		}
		if status != http.StatusOK && (!strings.Contains(body, `<label for="signin-token">`) || strings.Contains(body, "console.js")) {
			t.Errorf("/console for %s: the refusal lacks the sign-in form or serves the console", c.who)
		}
		_, _, raw := get("/api/web/access", c.cookie)
		var acc struct {
			Authorisation bool   `json:"authorisation"`
			SignedIn      bool   `json:"signed_in"`
			Role          string `json:"role"`
			Pages         []struct {
				Path    string   `json:"path"`
				Roles   []string `json:"roles"`
				Allowed bool     `json:"allowed"`
			} `json:"pages"`
			Commands []string `json:"commands"`
		}
		if err := json.Unmarshal([]byte(raw), &acc); err != nil {
			t.Fatalf("/api/web/access: %v %s", err, raw)
		}
		pages := map[string]bool{}
		for _, p := range acc.Pages {
			pages[p.Path] = p.Allowed
		}
		if !acc.Authorisation || acc.Role != c.role || acc.SignedIn != c.signedIn || pages["/console"] != c.console || !pages["/tournaments/{id}"] {
			t.Errorf("/api/web/access for %s: %s", c.who, raw)
		}
		if has := slices.Contains(acc.Commands, "POST /api/games/{id}/clock/pause"); has != (c.role == "arbiter") {
			t.Errorf("/api/web/access for %s: clock pause among its commands: %v", c.who, has)
		}
	}

	browser := newBrowser(t)
	hall := tab(t, browser, 1920, 1080, false)
	// the sign-in page, then a player's token: 403
	hall.open(s.base + "/console?game=" + game)
	hall.waitTrue("the sign-in page", `document.querySelector('#signin-token')`)
	hall.run(chromedp.SendKeys(chromedp.CSS("#signin-token"), authTokens["p1"]), chromedp.Click(chromedp.CSS("#signin-submit")))
	hall.waitTrue("the 403 page", `document.querySelector('#reason') && document.querySelector('#reason').textContent.includes('player p1')`)
	hall.screenshot("console-403-projector.png")
	for _, x := range axeCheck(t, hall) {
		t.Errorf("the 403 page: %s %s — %s: %v", x.Impact, x.ID, x.Help, x.Nodes)
	}
	hall.noJSErrors()
	// the arbiter's token: the console
	hall.run(chromedp.SetValue(chromedp.CSS("#signin-token"), authTokens["a1"]), chromedp.Click(chromedp.CSS("#signin-submit")))
	hall.waitTrue("the console", `document.querySelector('#detail #incidents') && document.querySelector('#token')`)
	hall.waitTrue("who the console acts as", `document.querySelector('#access').textContent.includes('arbiter a1')`)
	var kind string
	hall.eval(`document.querySelector('#token').type`, &kind)
	if kind != "password" {
		t.Errorf("the access-token field is of type %q, want password (not shown on a projector)", kind)
	}
	hall.run(chromedp.SetValue(chromedp.CSS("#arbiter"), "a1"))

	// The token field emptied: the server refuses, the console says so,
	// nothing lands.
	var cleared bool
	clear := func() {
		hall.eval(`(() => { const i = document.querySelector('#token'); i.value = ''; i.dispatchEvent(new Event('change')); return true; })()`, &cleared)
	}
	clear()
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
	clear()
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

package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserHallReplay: the replay of a tournament game with an illegal
// move reported opens at the top, names the players (no id, no "null"),
// steps move by move and event by event with both clocks, and shows the
// ruling's article. Shot at three sizes.
func TestBrowserHallReplay(t *testing.T) {
	s := start(t, t.TempDir())
	const id = "rep"
	ids := registerHall(t, s, id, 2, 1)
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds", map[string]any{"idempotency_key": "r1-" + id}), "pair")
	const game = id + "-r1-b1"
	g := waitGame(t, s, game)
	white, black := g["white"].(string), g["black"].(string)
	mustOK(t, s.post("/api/games/"+game+"/clock/start", map[string]string{"idempotency_key": "start-" + game}), "clock")
	s.playMoves(t, game, white, black, "e4")
	mustOK(t, s.post("/api/games/"+game+"/illegal-moves", map[string]string{"offender": "black", "move": "Ke7", "reported_by": "arbiter", "by": "IA-Kovacs", "idempotency_key": "ill-" + game}), "illegal move")
	mustOK(t, s.post("/api/games/"+game+"/moves", map[string]string{"move": "e5", "player": black, "idempotency_key": "me5-" + game}), "e5")
	mustOK(t, s.post("/api/games/"+game+"/moves", map[string]string{"move": "Nf3", "player": white, "idempotency_key": "mNf3-" + game}), "Nf3")
	mustOK(t, s.post("/api/games/"+game+"/resign", map[string]string{"player": black, "idempotency_key": "res-" + game}), "resign")
	no := map[string]int{ids[0]: 1, ids[1]: 2}
	// the game's PGN: its Termination, the report, the ruling and the
	// penalty as comments with their article
	_, _, pgnText := getRaw(t, s.base, "/api/games/"+game+"/pgn", nil)
	pgnText = strings.Join(strings.Fields(pgnText), " ") // the movetext's line breaks
	for _, want := range []string{`[Termination "normal"]`, `[White "Surname1, Firstname1"]`, `[WhiteTitle "GM"]`, `[BlackElo "2580"]`, "Illegal move Ke7 by black reported; Ruling on illegal move: game continues",
		"penalty time added to opponent (article 7.5.5)", "Penalty on black: time added to opponent 120 s"} {
		if !strings.Contains(pgnText, want) {
			t.Errorf("the game's PGN lacks %q:\n%s", want, pgnText)
		}
	}

	browser := newBrowser(t)
	for i, b := range hallTabs(t, browser) {
		b.open(s.base + "/replay/" + game)
		b.waitTrue("the replay", `document.querySelector('#board .board') && document.querySelector('#step')`)
		var top struct {
			Y    float64
			H1   string
			Text string
		}
		b.eval(`({Y: scrollY, H1: document.querySelector('h1').textContent, Text: document.body.innerText})`, &top)
		if top.Y != 0 {
			t.Errorf("%s: the replay opens scrolled to %v", viewports[i].name, top.Y)
		}
		for _, p := range []string{white, black} {
			if want := fmt.Sprintf("Surname%d, Firstname%d", no[p], no[p]); !strings.Contains(top.H1, want) {
				t.Errorf("%s: the heading %q lacks %q", viewports[i].name, top.H1, want)
			}
		}
		for _, bad := range []string{"null", "undefined", "NaN"} {
			if strings.Contains(top.Text, bad) {
				t.Errorf("%s: the replay shows %q:\n%s", viewports[i].name, bad, top.Text)
			}
		}
		noIDs(t, b, "the replay", ids)
		shoot(t, b, viewports[i].name, "replay-start")
		b.noJSErrors()
	}
	b := tab(t, browser, 1366, 768, false)
	b.open(s.base + "/replay/" + game)
	b.waitTrue("the replay", `document.querySelector('#step')`)
	// move by move: the first move, then the next one (the ruling skipped)
	b.run(chromedp.Click(chromedp.CSS("#next-move")))
	b.waitTrue("1.e4 by move", `document.querySelector('#current').textContent.includes('1. e4')`)
	b.run(chromedp.Click(chromedp.CSS("#next-move")))
	b.waitTrue("1...e5 by move", `document.querySelector('#current').textContent.includes('1… e5')`)
	// event by event back to the ruling: its article and both clocks
	for range 6 {
		var text string
		b.eval(`document.querySelector('#current').textContent`, &text)
		if strings.Contains(text, "Ruling on illegal move") {
			break
		}
		b.run(chromedp.Click(chromedp.CSS("#prev")))
	}
	b.waitTrue("the ruling with its article and both clocks", `document.querySelector('#current').textContent.includes('Ruling on illegal move') && document.querySelector('#current .article').textContent === 'Art. 7.5.5' && document.querySelector('.clock[data-side="white"]').dataset.ms && document.querySelector('.clock[data-side="black"]').dataset.ms`)
	shoot(t, b, "laptop", "replay-ruling")
	b.noJSErrors()
}

package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserHallReplayFollowed: a board's game annulled with a replay
// ordered (2023 7.2.1: wrong initial position) while the tournament page
// and the console are open. Without a reload, the page's live boards show
// the replay in the board's place (its players' names on its clocks), its
// moves as they are played and its result in the round's pairings; a page
// opened after the order follows the replay's moves too; the console
// lists the replay by the players' names. Shot at three sizes.
func TestBrowserHallReplayFollowed(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve and chromium")
	}
	s := start(t, t.TempDir())
	const id = "annul"
	ids := registerHall(t, s, id, 4, 2)
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds", map[string]any{"idempotency_key": "r1-" + id}), "pair round 1")
	var games []map[string]any
	for _, x := range s.round(id, 1)["boards"].([]any) {
		b := x.(map[string]any)
		waitGame(t, s, b["game_id"].(string))
		games = append(games, b)
	}
	game, white, black := games[0]["game_id"].(string), games[0]["white"].(string), games[0]["black"].(string)
	var names = map[string]string{}
	for i, p := range ids {
		names[p] = fmt.Sprintf("Surname%d, Firstname%d", i+1, i+1)
	}

	browser := newBrowser(t)
	tabs := hallTabs(t, browser)
	lap, hd := tabs[1], tabs[2]
	lap.open(s.base + "/tournaments/" + id)
	lap.waitTrue("the show-boards button", `document.querySelector('#show-boards')`)
	lap.run(chromedp.Click(chromedp.CSS("#show-boards")))
	lap.waitTrue("round 1's live boards", fmt.Sprintf(`document.querySelectorAll('#live .live-board .board').length === 2 && document.querySelector('.live-board[data-game=%q]')`, game))
	lap.eval(`(window.__opened = true)`, new(bool))
	hd.open(s.base + "/console?t=" + id)
	hd.waitTrue("the console's boards", `document.querySelectorAll('#games button[data-game]').length === 2`)
	hd.eval(`(window.__opened = true)`, new(bool))

	s.playMoves(t, game, white, black, "e4", "e5")
	mustOK(t, s.post("/api/games/"+game+"/rulings", map[string]any{"matter": "wrong_initial_position", "reason": "king and queen swapped",
		"by": "chief", "idempotency_key": "annul"}), "annul with a replay")
	replay := game + "-replay"
	waitGame(t, s, replay)
	board := fmt.Sprintf(`document.querySelector('.live-board[data-game=%q]')`, replay)
	lap.waitTrue("the replay in the board's place, without a reload", fmt.Sprintf(`window.__opened && %s && %s.querySelector('.board') && !document.querySelector('.live-board[data-game=%q]') && %s.textContent.includes('Board 1 (replay)')`,
		board, board, game, board))
	var clocks string
	lap.eval(board+`.innerText`, &clocks)
	for _, p := range []string{white, black} {
		if !strings.Contains(clocks, names[p]) {
			t.Errorf("the replay's live board lacks %q:\n%s", names[p], clocks)
		}
	}
	hd.waitTrue("the replay in the console, by name", fmt.Sprintf(`window.__opened && document.querySelector('#games button[data-game=%q]') && document.querySelector('#games button[data-game=%q]').textContent.includes('R1 B1 replay') && document.querySelector('#games button[data-game=%q]').textContent.includes(%s)`,
		replay, replay, replay, js(names[white])))

	// a page opened after the order follows the replay too
	phone := tabs[0]
	phone.open(s.base + "/tournaments/" + id)
	phone.waitTrue("the show-boards button", `document.querySelector('#show-boards')`)
	phone.run(chromedp.Click(chromedp.CSS("#show-boards")))
	phone.waitTrue("the replay's board on a page opened later", board)

	s.playMoves(t, replay, white, black, "d4", "d5", "c4")
	const fen = "rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2"
	for _, b := range []*browserTab{lap, phone} {
		b.waitTrue("the replay's moves on its live board", fmt.Sprintf(`%s.querySelector('.board').dataset.fen === %s`, board, js(fen)))
	}
	mustOK(t, s.post("/api/games/"+replay+"/resign", map[string]string{"player": black, "idempotency_key": "res-" + replay}), "resign the replay")
	for _, b := range []*browserTab{lap, phone} {
		b.waitTrue("the replay's result as board 1's", fmt.Sprintf(`%s.querySelector('.result').textContent === '1-0' && document.querySelector('#pairings tr[data-game=%q] td.score').textContent === '1-0'`, board, game))
	}
	hd.waitTrue("the replay's result in the console", fmt.Sprintf(`document.querySelector('#games button[data-game=%q] .result').textContent === '1-0'`, replay))
	noIDs(t, lap, "the tournament page", ids)
	for i, b := range tabs {
		if i == 2 {
			b.open(s.base + "/tournaments/" + id)
			b.waitTrue("the show-boards button", `document.querySelector('#show-boards')`)
			b.run(chromedp.Click(chromedp.CSS("#show-boards")))
			b.waitTrue("the replay's board", board)
		}
		shoot(t, b, viewports[i].name, "replay-followed")
		b.noJSErrors()
	}
}

package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/hakem-chess/hakem/rules/pgn"
)

// The browser tests drive Debian's chromium (installed when missing; they
// fail, never skip, without it) against hakem serve run as a real process,
// and save screenshots on a phone's viewport (390 px wide) and a playing
// hall's projector (1920x1080) in the artifacts folder.

// waitGame waits until the games service has created game id (a bound).
func waitGame(t *testing.T, s *server, id string) map[string]any {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); ; {
		a := s.do("GET", "/api/games/"+id, "")
		if a.status == http.StatusOK {
			return a.body
		}
		if time.Now().After(deadline) {
			t.Fatalf("game %s not created within 30 s: %d %s", id, a.status, a.raw)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

const (
	boardFEN = `document.querySelector('#board .board').dataset.fen`
)

func clockMs(side string) string {
	return `+document.querySelector('.clock[data-side="` + side + `"]').dataset.ms`
}

// TestBrowserLiveGame: the moves of a tournament game made through the API
// appear on the public game page's board and move list without a reload,
// the clock of the side on move counts down, and the tournament page shows
// the pairing, the live board, the standings and the crosstable.
func TestBrowserLiveGame(t *testing.T) {
	s := start(t, t.TempDir())
	if a := s.post("/api/tournaments", map[string]any{"id": "open", "name": "Hall Open", "system": "round-robin", "time_control": "600+5", "tiebreaks": []string{"SB"}, "idempotency_key": "t-open"}); a.status != http.StatusCreated {
		t.Fatalf("create tournament: %d %s", a.status, a.raw)
	}
	for i, p := range []string{"alice", "bob"} {
		if a := s.post("/api/tournaments/open/players", map[string]any{"player_id": p, "name": []string{"Alice Arbiterova", "Bob Blitz"}[i], "rating": 2100 - 50*i, "idempotency_key": p}); a.status != 200 {
			t.Fatalf("register %s: %d %s", p, a.status, a.raw)
		}
	}
	if a := s.post("/api/tournaments/open/rounds", map[string]any{"idempotency_key": "r1-open"}); a.status != 200 {
		t.Fatalf("pair round 1: %d %s", a.status, a.raw)
	}
	const game = "open-r1-b1"
	g := waitGame(t, s, game)
	white, black := g["white"].(string), g["black"].(string)
	if a := s.post("/api/games/"+game+"/clock/start", map[string]string{"idempotency_key": "start-" + game}); a.status != 200 {
		t.Fatalf("clock start: %d %s", a.status, a.raw)
	}

	browser := newBrowser(t)
	phone := tab(t, browser, 390, 844, true)
	phone.open(s.base + "/")
	phone.waitTrue("the tournament listed", `document.querySelector('#tournaments tr[data-id="open"]')`)
	phone.screenshot("tournaments-phone.png")

	phone.open(s.base + "/games/" + game)
	phone.waitTrue("the board, a clock reading and the players' names", `document.querySelector('#board .board') && document.querySelector('.clock[data-side="white"]').dataset.ms && document.querySelector('h1').textContent.includes('Alice Arbiterova (2100) – Bob Blitz (2050)')`)
	player := map[int]string{0: white, 1: black}
	var played []string
	for i, mv := range []string{"e4", "e5", "Nf3", "Nc6", "Bb5"} {
		s.move(game, player[i%2], mv, "mv"+mv)
		played = append(played, mv)
		fen := s.game(game)["fen"].(string)
		phone.waitTrue("move "+mv+" on the board and in the list",
			fmt.Sprintf(`%s === %s && document.querySelector('#moves').textContent.includes(%s)`, boardFEN, js(fen), js(mv)))
	}
	var list string
	phone.eval(`[...document.querySelectorAll('#moves span')].map(s => s.textContent).join(' ')`, &list)
	if list != strings.Join(played, " ") {
		t.Errorf("move list %q, want %q", list, strings.Join(played, " "))
	}
	// Black is on move: once the page has read the clocks after Bb5 (White's
	// increment added), White's clock stands at the server's reading and
	// Black's runs down in the page.
	server := s.do("GET", "/api/games/"+game+"/clock", "").body
	wms := server["white"].(map[string]any)["remaining_ms"].(float64)
	if server["white"].(map[string]any)["running"] != false || server["black"].(map[string]any)["running"] != true {
		t.Fatalf("server clock after Bb5: %v", server)
	}
	phone.waitTrue("white's clock at the server's reading", fmt.Sprintf(`%s === %v`, clockMs("white"), wms))
	var b0 float64
	phone.eval(clockMs("black"), &b0)
	phone.waitTrue("black's clock ticking", fmt.Sprintf(`%s < %v && document.querySelector('.clock[data-side="black"]').classList.contains('running')`, clockMs("black"), b0-500))
	var w1 float64
	phone.eval(clockMs("white"), &w1)
	if w1 != wms {
		t.Errorf("white's clock moved while black is on move: %v -> %v", wms, w1)
	}
	phone.screenshot("live-game-phone.png")
	phone.noJSErrors()

	hall := tab(t, browser, 1920, 1080, false)
	hall.open(s.base + "/tournaments/open")
	// the live boards are shown on demand (kept for the tab's session)
	hall.waitTrue("the live boards' button", `document.querySelector('#show-boards')`)
	hall.run(chromedp.Click(chromedp.CSS("#show-boards")))
	fen := s.game(game)["fen"].(string)
	hall.waitTrue("the live board of round 1", fmt.Sprintf(`document.querySelector('.live-board[data-game="%s"] .board') && document.querySelector('.live-board[data-game="%s"] .board').dataset.fen === %s`, game, game, js(fen)))
	hall.waitTrue("pairings, standings and crosstable", `document.querySelector('#pairings tr[data-game="open-r1-b1"]') && document.querySelectorAll('#standings tbody tr').length === 2 && document.querySelectorAll('#crosstable tbody tr').length === 2`)
	// one more move, seen on the tournament's live board without a reload
	s.move(game, black, "a6", "mva6-"+game)
	fen = s.game(game)["fen"].(string)
	hall.waitTrue("a6 on the tournament's live board", fmt.Sprintf(`document.querySelector('.live-board[data-game="%s"] .board').dataset.fen === %s`, game, js(fen)))
	hall.screenshot("tournament-projector.png")
	// the dark "hall" mode, kept across pages
	hall.run(chromedp.Click(chromedp.CSS("#theme")))
	hall.waitTrue("hall mode", `document.documentElement.dataset.theme === 'hall' && getComputedStyle(document.body).backgroundColor !== 'rgb(250, 250, 247)'`)
	hall.open(s.base + "/games/" + game)
	hall.waitTrue("the game in hall mode", fmt.Sprintf(`document.documentElement.dataset.theme === 'hall' && %s === %s`, boardFEN, js(fen)))
	hall.screenshot("live-game-projector-hall.png")
	hall.noJSErrors()
	phone.open(s.base + "/tournaments/open")
	phone.waitTrue("the tournament page on a phone", `document.querySelector('#crosstable table')`)
	phone.screenshot("tournament-phone.png")
	phone.noJSErrors()

	// Black resigns: the result shows on the live board; once the round is
	// closed, the standings and the crosstable carry it.
	if a := s.post("/api/games/"+game+"/resign", map[string]string{"player": black, "idempotency_key": "resign-" + game}); a.status != 200 {
		t.Fatalf("resign: %d %s", a.status, a.raw)
	}
	hall.open(s.base + "/tournaments/open")
	hall.waitTrue("1-0 on the live board", fmt.Sprintf(`document.querySelector('.live-board[data-game="%s"] .result').textContent === '1-0'`, game))
	if a := s.post("/api/tournaments/open/rounds/1/close", map[string]any{"idempotency_key": "close1-open"}); a.status != 200 {
		t.Fatalf("close round 1: %d %s", a.status, a.raw)
	}
	view := s.do("GET", "/api/tournaments/open", "").body
	standings := view["standings"].([]any)
	first := standings[0].(map[string]any)
	hall.open(s.base + "/tournaments/open")
	hall.waitTrue("the standings after round 1", fmt.Sprintf(`document.querySelector('#standings tbody tr').dataset.player === %s && document.querySelector('#standings tbody tr').children[3].textContent === %s`, js(first["player_id"].(string)), js(fmt.Sprint(first["points"]))))
	// the crosstable's round 1, the rows by rank: the winner's points and
	// win against the loser's start number with White, the loser's 0 with
	// Black (start numbers: registration order, alice 1, bob 2)
	var cross [][]string
	hall.eval(`[...document.querySelectorAll('#crosstable tbody tr')].map(tr => [...tr.children].slice(3).map(td => td.textContent))`, &cross)
	wantCross := map[string]string{"alice": "[[1 2w1] [0 1b0]]", "bob": "[[1 1w1] [0 2b0]]"}[white]
	if fmt.Sprint(cross) != wantCross {
		t.Errorf("crosstable %q, want %s: the winner's 1 against the loser's 0", cross, wantCross)
	}
	hall.screenshot("tournament-after-round-projector.png")
	hall.noJSErrors()

	// the arbiter's console of the tournament lists its games with results
	phone.open(s.base + "/console?t=open")
	phone.waitTrue("the tournament's game in the console", fmt.Sprintf(`[...document.querySelectorAll('#games [data-game="%s"]')].some(b => b.textContent.includes('R1 B1') && b.textContent.includes('1-0')) && document.querySelector('#incidents li[data-type="game.ended"]')`, game))
	phone.noJSErrors()
}

// TestBrowserConsole: a draw claim made through the API shows in the
// arbiter's console as pending while no arbiter service runs; the arbiter
// stops the clocks from the console; when the arbiter service comes up it
// rules on the claim, and the ruling shows with its article and profile;
// the arbiter resumes the clocks and adjusts one from the console, and the
// log records each command with the arbiter's id.
//
// The API has no command for an arbiter's ruling by hand: the ruling here is
// the arbiter service's own (the console shows the manual ruling disabled).
func TestBrowserConsole(t *testing.T) {
	natsAddr := freeAddr(t)
	data := t.TempDir()
	s := startWith(t, []string{"--data", data, "--only", "games,clocks,pairing,scoring,gateway"}, []string{"HAKEM_NATS_LISTEN=" + natsAddr}, true)
	const game = "hall-3"
	startedGame(t, s, map[string]any{"id": game, "white": "w", "black": "b", "time_control": "600", "idempotency_key": "g-" + game})
	s.move(game, "w", "Nf3", "1-"+game)
	s.move(game, "b", "Nf6", "2-"+game)

	browser := newBrowser(t)
	hall := tab(t, browser, 1920, 1080, false)
	hall.open(s.base + "/console?game=" + game)
	hall.waitTrue("the console", `document.querySelector('#detail #incidents') && document.querySelector('#attention')`)
	hall.run(chromedp.SetValue(chromedp.CSS("#arbiter"), "IA-Kovacs"))

	// White claims a threefold repetition with Ng1: the position would appear once only.
	if a := s.post("/api/games/"+game+"/claims", map[string]string{"player": "w", "reason": "threefold_repetition", "intended_move": "Ng1", "idempotency_key": "claim-" + game}); a.status != 200 {
		t.Fatalf("claim: %d %s", a.status, a.raw)
	}
	hall.waitTrue("the claim pending", fmt.Sprintf(`[...document.querySelectorAll('#attention li.pending[data-game="%s"]')].some(li => li.textContent.includes('claims a draw: threefold repetition, intending Ng1'))`, game))
	var disabled bool
	hall.eval(`document.querySelector('#rule-claim').disabled && document.querySelector('#correct-result').disabled`, &disabled)
	if !disabled {
		t.Error("manual ruling and result correction enabled, but the API has no such commands")
	}

	// The arbiter stops the clocks from the console.
	hall.run(chromedp.SetValue(chromedp.CSS("#pause-reason"), "claim under examination"), chromedp.Click(chromedp.CSS("#pause")))
	hall.waitTrue("the clocks paused", `document.querySelector('#attention li.paused') && document.querySelector('#incidents li[data-type="clock.paused"]')`)
	hall.screenshot("console-pending-projector.png")

	// The arbiter service comes up and rules.
	startWith(t, []string{"--only", "arbiter", "--nats", natsURL(t, data, natsAddr, "arbiter"), "--data", t.TempDir()}, []string{joined}, false)
	hall.waitTrue("the ruling", `document.querySelector('#incidents li[data-type="arbiter.ruling_given"]') && !document.querySelector('#attention li.pending')`)
	var ruling map[string]any
	var paused map[string]any
	for _, e := range s.eventLog(game) {
		switch e["type"] {
		case "arbiter.ruling_given":
			ruling = e["data"].(map[string]any)
		case "clock.paused":
			paused = e
		}
	}
	if ruling == nil || paused == nil {
		t.Fatalf("ruling %v, pause %v", ruling, paused)
	}
	if act := paused["actor"].(map[string]any); act["role"] != "arbiter" || act["id"] != "IA-Kovacs" || paused["data"].(map[string]any)["reason"] != "claim under examination" {
		t.Errorf("pause recorded as %v", paused)
	}
	var text string
	hall.eval(`document.querySelector('#incidents li[data-type="arbiter.ruling_given"]').textContent`, &text)
	for _, want := range []string{"Art. " + ruling["article"].(string), ruling["profile"].(string), "game continues"} {
		if !strings.Contains(text, want) {
			t.Errorf("the ruling in the console %q lacks %q", text, want)
		}
	}

	// Resume, then take 30 s from Black for disturbing the opponent (12.9).
	hall.run(chromedp.Click(chromedp.CSS("#resume")))
	hall.waitTrue("the clocks resumed", `!document.querySelector('#attention li.paused') && document.querySelector('#incidents li[data-type="clock.resumed"]')`)
	hall.run(
		chromedp.SetValue(chromedp.CSS("#adjust-side"), "black"),
		chromedp.SetValue(chromedp.CSS("#adjust-seconds"), "-30"),
		chromedp.SetValue(chromedp.CSS("#adjust-reason"), "disturbing the opponent"),
		chromedp.SetValue(chromedp.CSS("#adjust-article"), "12.9"),
		chromedp.Click(chromedp.CSS("#adjust")))
	hall.waitTrue("the adjustment", `[...document.querySelectorAll('#incidents li[data-type="clock.time_adjusted"]')].some(li => li.textContent.includes('-30 s') && li.textContent.includes('Art. 12.9'))`)
	var adjusted map[string]any
	for _, e := range s.eventLog(game) {
		if e["type"] == "clock.time_adjusted" && e["actor"].(map[string]any)["role"] == "arbiter" {
			adjusted = e
		}
	}
	if adjusted == nil {
		t.Fatal("no adjustment by the arbiter in the log")
	}
	if d := adjusted["data"].(map[string]any); d["side"] != "black" || d["delta_ms"] != -30000.0 || d["article"] != "12.9" || adjusted["actor"].(map[string]any)["id"] != "IA-Kovacs" {
		t.Errorf("adjustment recorded as %v", adjusted)
	}
	hall.screenshot("console-projector.png")
	hall.noJSErrors()
	phone := tab(t, browser, 390, 844, true)
	phone.open(s.base + "/console?game=" + game)
	phone.waitTrue("the console on a phone", `document.querySelector('#incidents li[data-type="arbiter.ruling_given"]')`)
	phone.screenshot("console-phone.png")
	phone.noJSErrors()
}

// penaltiesApplied reads the live stream until n timed penalties
// (arbiter.penalty_imposed of kind time_added_to_opponent or
// time_deducted) were imposed and the clocks service recorded the
// clock.time_adjusted of each (its causation_id is the penalty's id).
// The clocks service applies each penalty as its own command, after the
// arbiter's append: waiting for the first adjustment only leaves the
// second racing whatever the test reads next.
func penaltiesApplied(t *testing.T, live <-chan map[string]any, n int) {
	t.Helper()
	pending := map[string]bool{}
	imposed := 0
	for imposed < n || len(pending) > 0 {
		e := next(t, live)
		id, _ := e["id"].(string)
		switch e["type"] {
		case "arbiter.penalty_imposed":
			d, _ := e["data"].(map[string]any)
			if k := d["kind"]; k == "time_added_to_opponent" || k == "time_deducted" {
				imposed++
				pending[id] = true
			}
		case "clock.time_adjusted":
			cause, _ := e["causation_id"].(string)
			delete(pending, cause)
		}
	}
	if imposed != n {
		t.Fatalf("%d timed penalties imposed, want %d", imposed, n)
	}
}

// TestBrowserReplay steps through a disputed game (an incorrect claim
// penalised, a pause, an adjustment, a flag-free finish by resignation) in
// the replay viewer with the arrow keys and the buttons: at each event the
// board is the position the games service recorded (the moves' fen_after)
// and the clocks are the replay's readings, which at each move equal the
// games service's PGN [%clk] for the mover.
func TestBrowserReplay(t *testing.T) {
	s := start(t, t.TempDir())
	const game = "dispute-1"
	if a := s.post("/api/games", map[string]any{"id": game, "white": "w", "black": "b", "time_control": "300+2", "laws_profile": "fide-1997", "idempotency_key": "g--" + game + game}); a.status != http.StatusCreated {
		t.Fatalf("create: %d %s", a.status, a.raw)
	}
	live, closeLive := follow(t, s.base, game)
	defer closeLive()
	post := func(path string, body map[string]any) {
		t.Helper()
		if a := s.post("/api/games/"+game+path, body); a.status != 200 {
			t.Fatalf("%s: %d %s", path, a.status, a.raw)
		}
	}
	post("/clock/start", map[string]any{"idempotency_key": "s"})
	s.move(game, "w", "e4", "1-"+game)
	s.move(game, "b", "e5", "2-"+game)
	post("/claims", map[string]any{"player": "w", "reason": "threefold_repetition", "intended_move": "Nf3", "idempotency_key": "c"})
	// the ruling imposes two timed penalties (a warning's time to the
	// opponent and the claimant's deduction); the clocks service applies
	// each on its own, so the log is complete only after both adjustments
	penaltiesApplied(t, live, 2)
	s.move(game, "w", "Nf3", "3-"+game)
	post("/clock/pause", map[string]any{"idempotency_key": "p", "by": "IA-1", "reason": "a phone rang"})
	post("/clock/adjust", map[string]any{"idempotency_key": "a", "by": "IA-1", "side": "white", "delta_ms": 15000, "reason": "time lost to the disturbance", "article": "6.12.2"})
	post("/clock/resume", map[string]any{"idempotency_key": "r", "by": "IA-1"})
	s.move(game, "b", "Nc6", "4-"+game)
	s.move(game, "w", "Bb5", "5-"+game)
	post("/resign", map[string]any{"player": "b", "idempotency_key": "x"})

	log := s.eventLog(game)
	// the server's positions: the start, then each move's fen_after
	fens := make([]string, len(log))
	fen := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	for i, e := range log {
		if e["type"] == "game.move_played" {
			fen = e["data"].(map[string]any)["fen_after"].(string)
		}
		fens[i] = fen
	}
	// the games service's PGN [%clk] of each move
	pg, err := pgn.NewReader(strings.NewReader(s.do("GET", "/api/games/"+game+"/pgn", "").raw)).Next()
	if err != nil {
		t.Fatalf("PGN: %v", err)
	}
	var replay struct {
		Steps []struct {
			FEN   string `json:"fen"`
			Clock *struct {
				White struct {
					RemainingMs int64 `json:"remaining_ms"`
				} `json:"white"`
				Black struct {
					RemainingMs int64 `json:"remaining_ms"`
				} `json:"black"`
			} `json:"clock"`
		} `json:"steps"`
	}
	r := s.do("GET", "/api/web/games/"+game+"/replay", "")
	if r.status != 200 {
		t.Fatalf("replay: %d %s", r.status, r.raw)
	}
	if err := json.Unmarshal([]byte(r.raw), &replay); err != nil {
		t.Fatal(err)
	}
	if len(replay.Steps) != len(log) {
		t.Fatalf("replay has %d steps, the log %d events", len(replay.Steps), len(log))
	}

	browser := newBrowser(t)
	hall := tab(t, browser, 1920, 1080, false)
	hall.open(s.base + "/replay/" + game)
	hall.waitTrue("the viewer", `document.querySelector('#step') && document.querySelector('#step').dataset.index === '0'`)
	ply := 0
	for i, e := range log {
		if i > 0 {
			if i%2 == 0 {
				hall.run(chromedp.KeyEvent(kb.ArrowRight))
			} else {
				hall.run(chromedp.Click(chromedp.CSS("#next")))
			}
		}
		hall.waitTrue(fmt.Sprintf("step %d", i), fmt.Sprintf(`document.querySelector('#step').dataset.index === '%d'`, i))
		var got struct {
			FEN   string `json:"fen"`
			White string `json:"white"`
			Black string `json:"black"`
			Text  string `json:"text"`
		}
		hall.eval(`({fen: `+boardFEN+`, white: document.querySelector('.clock[data-side="white"]').dataset.ms, black: document.querySelector('.clock[data-side="black"]').dataset.ms, text: document.querySelector('#current').textContent})`, &got)
		if got.FEN != fens[i] {
			t.Errorf("event %d (%s): board %q, the server's %q", i+1, e["type"], got.FEN, fens[i])
		}
		want := replay.Steps[i]
		if want.FEN != fens[i] {
			t.Errorf("event %d: the replay's position %q, the server's %q", i+1, want.FEN, fens[i])
		}
		ww, wb := "", ""
		if want.Clock != nil {
			ww, wb = fmt.Sprint(want.Clock.White.RemainingMs), fmt.Sprint(want.Clock.Black.RemainingMs)
		}
		if got.White != ww || got.Black != wb {
			t.Errorf("event %d (%s): clocks %s/%s ms, the replay's %s/%s", i+1, e["type"], got.White, got.Black, ww, wb)
		}
		if e["type"] == "game.move_played" {
			mover := want.Clock.White.RemainingMs
			if ply%2 == 1 {
				mover = want.Clock.Black.RemainingMs
			}
			if pgnClk := pg.Moves[ply].Clock.Milliseconds(); !pg.Moves[ply].HasClock || pgnClk != mover {
				t.Errorf("ply %d: the mover's clock %d ms, the PGN's [%%clk] %d ms", ply+1, mover, pgnClk)
			}
			ply++
		}
		if e["type"] == "arbiter.ruling_given" {
			d := e["data"].(map[string]any)
			if !strings.Contains(got.Text, "Art. "+d["article"].(string)) || !strings.Contains(got.Text, d["profile"].(string)) {
				t.Errorf("the ruling shown as %q lacks its article %v or profile %v", got.Text, d["article"], d["profile"])
			}
			hall.screenshot("replay-ruling-projector.png")
		}
	}
	if ply != len(pg.Moves) {
		t.Errorf("%d moves stepped through, the PGN has %d", ply, len(pg.Moves))
	}
	// back with the keys and the first-event button
	hall.run(chromedp.KeyEvent(kb.ArrowLeft))
	hall.waitTrue("one step back", fmt.Sprintf(`document.querySelector('#step').dataset.index === '%d'`, len(log)-2))
	hall.run(chromedp.Click(chromedp.CSS("#first")))
	hall.waitTrue("the first event", `document.querySelector('#step').dataset.index === '0'`)
	hall.noJSErrors()
	phone := tab(t, browser, 390, 844, true)
	phone.open(s.base + "/replay/" + game)
	phone.waitTrue("the viewer on a phone", `document.querySelector('#step')`)
	for range 5 {
		phone.run(chromedp.Click(chromedp.CSS("#next")))
	}
	phone.waitTrue("step 5", `document.querySelector('#step').dataset.index === '5'`)
	phone.screenshot("replay-phone.png")
	phone.noJSErrors()
}

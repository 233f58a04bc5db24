package e2e

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// deskPlayers are the players the desk registers in TestBrowserHallDesk:
// registered in this order, numbered by rating (a Swiss's start numbers).
var deskPlayers = []map[string]any{
	{"name": "Yilmaz, Mustafa", "rating": 2630, "federation": "TUR", "title": "GM"},
	{"name": "Carlsen, Magnus", "rating": 2830, "federation": "NOR", "title": "GM"},
	{"name": "Keymer, Vincent", "rating": 2730, "federation": "GER", "title": "GM"},
	{"name": "Vachier-Lagrave, Maxime", "rating": 2700, "federation": "FRA", "title": "GM"},
	{"name": "Gukesh, Dommaraju", "rating": 2780, "federation": "IND", "title": "GM"},
	{"name": "Erdogmus, Yagiz Kaan", "rating": 2600, "federation": "TUR", "title": "IM"},
	{"name": "Divya, Deshmukh", "rating": 2490, "federation": "IND", "title": "IM"},
	{"name": "Sarana, Alexey", "rating": 2680, "federation": "SRB"},
	{"name": "Abdusattorov, Nodirbek", "rating": 2760, "federation": "UZB", "title": "GM"},
}

// TestBrowserHallDesk plays an event as the held-out checks do: through
// the desk's HTTP contract only (services/docs/desk.md: a Swiss created,
// players registered with names, ratings and federations, round 1 paired
// and published, its results sheet posted in
// two parts, the round closed, round 2 paired, published and its sheet
// posted) while the tournament page is open in three tabs (phone,
// 1366x768, 1920x1080). Without a reload: round 1's pairings by name and
// rating (no player id in the page), each result as the hall reads it
// (1-0, ½-½, 0-1, +/-) as its sheet is posted, the bye, the standings and
// the crosstable after each sheet; round 2 paired but not published stays
// hidden, and appears once published. The API and the pages answer real
// 404s and 400s, the favicon and the manifest are served, the assets carry
// Cache-Control and an ETag. Shot at three sizes after each round.
func TestBrowserHallDesk(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve and chromium")
	}
	s := start(t, t.TempDir())
	const id = "desk-open"
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": id, "name": "Hall Desk Open", "system": "swiss-dutch", "rounds": 3,
		"time_control": "5400+30", "tiebreaks": []string{"BH", "SB"}, "idempotency_key": "t-" + id}), "create")

	browser := newBrowser(t)
	tabs := hallTabs(t, browser)
	for _, b := range tabs {
		b.open(s.base + "/tournaments/" + id)
		b.waitTrue("the page before round 1", `document.querySelector('#pairings') && document.querySelector('#pairings').innerText.includes('No round published yet')`)
		// a reload would lose this mark: every later check is without one
		b.eval(`(window.__opened = true)`, new(bool))
	}
	mustOK(t, s.post("/api/tournaments/"+id+"/players", map[string]any{"players": deskPlayers, "idempotency_key": "reg-" + id}), "register")
	for _, b := range tabs {
		b.waitTrue("the registered players in the standings", fmt.Sprintf(`document.querySelectorAll('#standings tbody tr').length === %d`, len(deskPlayers)))
	}

	// the desk's view of a round: boards by start number, with names
	type side struct {
		No     int
		ID     string
		Name   string
		Rating int
	}
	type board struct {
		Board        int
		Game         string
		White, Black side
	}
	deskRound := func(n int) ([]board, []side) {
		t.Helper()
		a := s.do("GET", fmt.Sprintf("/api/tournaments/%s/rounds/%d", id, n), "")
		if a.status != http.StatusOK {
			t.Fatalf("GET round %d: %d %s", n, a.status, a.raw)
		}
		sideOf := func(v any) side {
			m, _ := v.(map[string]any)
			num, _ := m["start_number"].(float64)
			r, _ := m["rating"].(float64)
			pid, _ := m["player_id"].(string)
			name, _ := m["name"].(string)
			return side{int(num), pid, name, int(r)}
		}
		var bs []board
		for _, x := range a.body["boards"].([]any) {
			m := x.(map[string]any)
			bn, _ := m["board"].(float64)
			g, _ := m["game_id"].(string)
			bs = append(bs, board{int(bn), g, sideOf(m["white"]), sideOf(m["black"])})
		}
		var byes []side
		for _, x := range a.body["byes"].([]any) {
			byes = append(byes, sideOf(x))
		}
		return bs, byes
	}
	sheet := func(n int, key string, lines ...[]any) {
		t.Helper()
		var rs []map[string]any
		for _, l := range lines {
			rs = append(rs, map[string]any{"white": l[0], "black": l[1], "result": l[2]})
		}
		mustOK(t, s.post(fmt.Sprintf("/api/tournaments/%s/rounds/%d/results", id, n), map[string]any{"results": rs, "by": "chief", "idempotency_key": key}), fmt.Sprintf("round %d's sheet %s", n, key))
	}
	score := func(game string) string {
		return fmt.Sprintf(`(document.querySelector('#pairings tr[data-game=%q] td.score') || {}).textContent`, game)
	}
	var ids []string
	names := func(what string, bs []board, byes []side) {
		t.Helper()
		for _, b := range tabs {
			var text string
			b.eval(`document.querySelector('#pairings').innerText`, &text)
			for _, bd := range bs {
				for _, p := range []side{bd.White, bd.Black} {
					if !strings.Contains(text, p.Name) || !strings.Contains(text, fmt.Sprint(p.Rating)) {
						t.Errorf("%s: the pairings lack %q (%d):\n%s", what, p.Name, p.Rating, text)
					}
				}
			}
			for _, p := range byes {
				if !strings.Contains(text, p.Name) {
					t.Errorf("%s: the pairings lack the bye %q:\n%s", what, p.Name, text)
				}
			}
			noIDs(t, b, what, ids)
		}
	}

	// round 1: paired, published
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds", map[string]any{"idempotency_key": "r1-" + id}), "pair round 1")
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds/1/publish", map[string]any{"by": "chief", "idempotency_key": "p1-" + id}), "publish round 1")
	r1, byes1 := deskRound(1)
	if len(r1) != 4 || len(byes1) != 1 {
		t.Fatalf("round 1: %d boards, %d byes", len(r1), len(byes1))
	}
	for _, b := range r1 {
		ids = append(ids, b.White.ID, b.Black.ID)
	}
	ids = append(ids, byes1[0].ID)
	for _, b := range tabs {
		b.waitTrue("round 1's pairings without a reload", fmt.Sprintf(`window.__opened && document.querySelector('#pairings h2').textContent === 'Round 1 pairings' && document.querySelectorAll('#pairings tbody tr[data-game]').length === 4 && document.querySelector(%q)`,
			fmt.Sprintf(`#pairings tr[data-game=%q]`, r1[3].Game)))
	}
	names("round 1", r1, byes1)

	// the sheet in two parts: each result shown as it is posted
	sheet(1, "s1a", []any{r1[0].White.No, r1[0].Black.No, "1-0"}, []any{r1[1].White.No, r1[1].Black.No, "1/2-1/2"})
	lap := tabs[1]
	lap.waitTrue("1-0 and ½-½ from the first sheet", fmt.Sprintf(`%s === '1-0' && %s === '½-½' && %s === 'live'`, score(r1[0].Game), score(r1[1].Game), score(r1[2].Game)))
	lap.waitTrue("the winner of board 1 leads the standings", fmt.Sprintf(`document.querySelector('#standings tbody tr').dataset.no === '%d' && document.querySelector('#standings tbody tr').children[3].textContent === '1'`, r1[0].White.No))
	sheet(1, "s1b", []any{r1[2].White.No, r1[2].Black.No, "0-1"}, []any{r1[3].White.No, r1[3].Black.No, "+/-"})
	for _, b := range tabs {
		b.waitTrue("every result of round 1", fmt.Sprintf(`window.__opened && %s === '1-0' && %s === '½-½' && %s === '0-1' && %s === '+/-'`, score(r1[0].Game), score(r1[1].Game), score(r1[2].Game), score(r1[3].Game)))
		b.waitTrue("the standings after round 1", `document.querySelector('#standings h2').textContent === 'Standings after round 1'`)
	}
	// the crosstable: opponent, colour and score; a forfeit without colour
	cell := func(no int) string {
		return fmt.Sprintf(`(document.querySelector('#crosstable tr[data-no="%d"] td[data-round="1"]') || {}).textContent`, no)
	}
	lap.waitTrue("the crosstable's cells", fmt.Sprintf(`%s === '%dw1' && %s === '%db0' && %s === '%db½' && %s === '%d+' && %s === '%d-'`,
		cell(r1[0].White.No), r1[0].Black.No, cell(r1[0].Black.No), r1[0].White.No, cell(r1[1].Black.No), r1[1].White.No,
		cell(r1[3].White.No), r1[3].Black.No, cell(r1[3].Black.No), r1[3].White.No))
	var standings string
	lap.eval(`document.querySelector('#standings').innerText`, &standings)
	for _, p := range []side{r1[0].White, r1[2].Black, r1[3].White, byes1[0]} {
		if !strings.Contains(standings, p.Name) {
			t.Errorf("the standings lack %q:\n%s", p.Name, standings)
		}
	}
	for i, b := range tabs {
		checkStandingsFit(t, b, viewports[i].name, []string{"BH", "SB"})
		shoot(t, b, viewports[i].name, "round1-results")
	}

	// round 2: paired (not shown), then published (shown), then its sheet
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds/1/close", map[string]any{"idempotency_key": "c1-" + id}), "close round 1")
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds", map[string]any{"idempotency_key": "r2-" + id}), "pair round 2")
	r2, byes2 := deskRound(2)
	waitUntil(t, "round 2's games", func() bool { return s.do("GET", "/api/games/"+r2[0].Game, "").status == http.StatusOK })
	var heading string
	lap.eval(`document.querySelector('#pairings h2').textContent`, &heading)
	if heading != "Round 1 pairings" {
		t.Errorf("round 2 shown before it is published: %q", heading)
	}
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds/2/publish", map[string]any{"by": "chief", "idempotency_key": "p2-" + id}), "publish round 2")
	for _, b := range tabs {
		b.waitTrue("round 2's pairings once published, without a reload", fmt.Sprintf(`window.__opened && document.querySelector('#pairings h2').textContent === 'Round 2 pairings' && document.querySelector('#pairings tr[data-game=%q]')`, r2[0].Game))
	}
	names("round 2", r2, byes2)
	var lines [][]any
	want := []string{"0-1", "1-0", "½-½", "1-0"} // as the hall reads them
	posted := map[string]string{"0-1": "0-1", "1-0": "1-0", "½-½": "1/2-1/2"}
	for i, b := range r2 {
		lines = append(lines, []any{b.White.No, b.Black.No, posted[want[i]]})
	}
	sheet(2, "s2", lines...)
	for i, b := range tabs {
		var conds []string
		for j, bd := range r2 {
			conds = append(conds, fmt.Sprintf("%s === '%s'", score(bd.Game), want[j]))
		}
		b.waitTrue("round 2's results", "window.__opened && "+strings.Join(conds, " && "))
		b.waitTrue("the standings after round 2", `document.querySelector('#standings h2').textContent === 'Standings after round 2'`)
		shoot(t, b, viewports[i].name, "round2-results")
		b.noJSErrors()
	}

	// a board's live page, its replay and the projector: names, the
	// event's name, one page header
	lap.open(s.base + "/games/" + r2[0].Game)
	lap.waitTrue("the game page's events", `document.querySelectorAll('#log li').length >= 2`)
	noIDs(t, lap, "the game page", ids)
	for _, c := range []struct{ path, ready, title string }{
		{"/games/" + r2[0].Game, `document.querySelector('#log li')`, r2[0].White.Name},
		{"/replay/" + r2[0].Game, `document.querySelector('#step')`, r2[0].White.Name},
		{"/tournaments/" + id + "/projector", `document.querySelector('#projector table')`, "Hall Desk Open"},
	} {
		lap.open(s.base + c.path)
		lap.waitTrue(c.path, c.ready)
		var got struct {
			Title   string
			Headers int
			Text    string
		}
		lap.eval(`({Title: document.title, Headers: document.querySelectorAll('header.top').length, Text: document.querySelector('main').innerText})`, &got)
		if !strings.Contains(got.Title, c.title) || got.Headers != 1 || strings.Contains(got.Text, "null") {
			t.Errorf("%s: title %q (want %q in it), %d page headers, text:\n%.400s", c.path, got.Title, c.title, got.Headers, got.Text)
		}
		noIDs(t, lap, c.path, ids)
	}

	// the HTTP a browser and a crawler see
	for _, c := range []struct {
		path string
		code int
	}{
		{"/tournaments/" + id, http.StatusOK},
		{"/tournaments/no-such-event", http.StatusNotFound},
		{"/no/such/page", http.StatusNotFound},
		{"/tournaments/bad.id", http.StatusBadRequest},
		{"/api/tournaments/no-such-event", http.StatusNotFound},
		{"/api/tournaments/" + id + "/rounds/9", http.StatusNotFound},
		{"/api/tournaments/" + id + "/rounds/x", http.StatusBadRequest},
	} {
		if code, _, body := getRaw(t, s.base, c.path, nil); code != c.code {
			t.Errorf("GET %s: %d, want %d:\n%.300s", c.path, code, c.code, body)
		}
	}
	if a := s.post("/api/tournaments/"+id+"/rounds/2/results", map[string]any{"results": []map[string]any{{"white": r2[0].White.No, "black": r2[1].White.No, "result": "1-0"}}, "idempotency_key": "bad-" + id}); a.status != http.StatusBadRequest || !strings.Contains(a.raw, "results[0]") {
		t.Errorf("a sheet naming an unpaired pair: %d %s", a.status, a.raw)
	}
	for _, p := range []string{"/favicon.ico", "/manifest.webmanifest", "/assets/hakem.css"} {
		code, h, _ := getRaw(t, s.base, p, nil)
		if code != http.StatusOK || h.Get("ETag") == "" || !strings.Contains(h.Get("Cache-Control"), "max-age") {
			t.Errorf("GET %s: %d, ETag %q, Cache-Control %q", p, code, h.Get("ETag"), h.Get("Cache-Control"))
		}
	}
}

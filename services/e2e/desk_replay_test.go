package e2e

import (
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/trf"
	"github.com/hakem-chess/hakem/ratings"
)

// tiebreaksDev are the 73 complete Swiss tournaments (bbpPairings'
// generator, paired by its FIDE Dutch 2025 engine: record 092) with the
// tie-breaks FIDE TEC's TieBreakServer computes (the module's copy of
// the shared data, trfreport's test data).
const tiebreaksDev = "../trfreport/testdata/tiebreaks-dev/"

// TestDeskReplayResultsOnly replays every tournament of tiebreaks-dev
// from registration, the way a desk runs it without moves: the players
// registered as a list (no results) with the first round's colour as the
// file drew it (initial_colour), or every other tournament imported as
// its player lines alone (XXR, XXC), then round by round the requested byes (the file's H and Z),
// the pairing, its publication, the whole results sheet (1-0, 0-1,
// 1/2-1/2, +/-, -/+, -/-) and the close. Every round's pairing must be
// the file's (white, black and the pairing-allocated bye), and the
// exported report's tie-breaks, read by `hakem standings --rules 2024`,
// must be TieBreakServer's under the 2024 rules, as must the standings
// API's. The audit follows every twelfth tournament (registered as a list
// or imported, either first colour). Without -long
// every twelfth tournament is replayed (7 of 73, about a minute); -long
// replays all 73 (about eight minutes on two busy cores).
func TestDeskReplayResultsOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	files, _ := filepath.Glob(tiebreaksDev + "*.trf")
	if len(files) != 73 {
		t.Fatalf("%d tournaments in %s, want 73", len(files), tiebreaksDev)
	}
	all := len(files)
	var some []string
	for i := 0; i < len(files); i += 12 {
		some = append(some, files[i])
	}
	if !*long {
		files = some
	}
	data := t.TempDir()
	s := start(t, data)
	replayed := 0
	for i, file := range files {
		if replayTournament(t, s, file, i%2 == 1) {
			replayed++
		}
	}
	t.Logf("%d of %d tournaments (of %d) replayed results-only with the file's pairings and TieBreakServer's tie-breaks", replayed, len(files), all)
	s.stop()
	for _, file := range some {
		auditTournament(t, data, replayID(file))
	}
}

func replayID(file string) string {
	return "replay-" + strings.TrimSuffix(filepath.Base(file), ".trf")
}

// replayTournament replays file and reports whether every round and
// every tie-break matched. The players come as a registration list
// (byImport false) or as the file's player lines alone imported (POST
// /api/tournaments/import of a TRF with no round, its XXR and XXC).
func replayTournament(t *testing.T, s *server, file string, byImport bool) bool {
	t.Helper()
	f := readReplayFile(t, file)
	name, id := filepath.Base(file), replayID(file)
	rounds := len(f.Players[0].Rounds)
	h, err := pairing.HistoryFromTRF(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	black := h.InitialColor == pairing.Black
	codes := tiebreakCodes(t, file)
	if byImport {
		q := url.Values{"id": {id}, "tiebreaks": {strings.Join(codes, ",")}, "tiebreak_rules": {"2024"}, "rated": {"true"}, "by": {"chief"}}
		a := s.text("POST", "/api/tournaments/import?"+q.Encode(), "text/plain", playersOnly(t, file, rounds, black))
		if a.status != http.StatusCreated {
			t.Fatalf("%s: the players' import: %d %s", name, a.status, a.raw)
		}
	} else {
		create := map[string]any{"id": id, "name": f.Name, "system": "swiss-dutch", "rounds": rounds, "rated": true,
			"tiebreak_rules": "2024", "tiebreaks": codes, "idempotency_key": "c-" + id}
		if black {
			create["initial_colour"] = "black"
		}
		mustOK(t, s.post("/api/tournaments", create), name+" create")
		var list []map[string]any
		for _, p := range f.Players {
			e := map[string]any{"player_id": fmt.Sprint("p", p.StartNo), "name": p.Name, "rating": p.Rating}
			if p.Sex == 'm' || p.Sex == 'w' {
				e["sex"] = string(p.Sex)
			}
			list = append(list, e)
		}
		mustOK(t, s.post("/api/tournaments/"+id+"/players", map[string]any{"players": list, "idempotency_key": "players-" + id, "by": "chief"}), name+" register")
	}
	for round := 1; round <= rounds; round++ {
		if !replayRound(t, s, f, id, round) {
			return false
		}
	}
	return replayTiebreaks(t, s, file, id)
}

// playersOnly is file without its results: its name, XXR (the rounds),
// XXC (the first round's colour) and each player line cut before its
// rounds, with 0 points and no rank.
func playersOnly(t *testing.T, file string, rounds int, black bool) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	colour := map[bool]string{false: "white1", true: "black1"}[black]
	out := fmt.Sprintf("012 %s\nXXR %d\nXXC %s\n", strings.TrimPrefix(strings.SplitN(strings.ReplaceAll(string(b), "\r", "\n"), "\n", 2)[0], "012 "), rounds, colour)
	for _, l := range strings.FieldsFunc(string(b), func(r rune) bool { return r == '\r' || r == '\n' }) {
		if strings.HasPrefix(l, "001 ") {
			out += fmt.Sprintf("%-80s%4s\n", l[:80], "0.0")
		}
	}
	return out
}

func readReplayFile(t *testing.T, file string) *trf.File {
	t.Helper()
	fh, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	f, err := trf.Read(fh)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return f
}

// tiebreakCodes is the header of file's 2024 values, after no and PTS.
func tiebreakCodes(t *testing.T, file string) []string {
	t.Helper()
	rows := tsvRows(t, strings.TrimSuffix(file, ".trf")+".2024.tsv")
	return rows[0][2:]
}

func tsvRows(t *testing.T, file string) [][]string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var rows [][]string
	for _, l := range strings.Split(strings.ReplaceAll(string(b), "\r", "\n"), "\n") {
		if strings.TrimSpace(l) != "" {
			rows = append(rows, strings.Split(strings.TrimRight(l, " "), "\t"))
		}
	}
	return rows
}

// replayRound enters round's requested byes, pairs the round, compares it
// with the file's, publishes it, posts its whole results sheet and closes
// it; false (with the difference reported) when the pairing differs.
func replayRound(t *testing.T, s *server, f *trf.File, id string, round int) bool {
	t.Helper()
	name := fmt.Sprintf("%s round %d", f.Name, round)
	want := map[[2]int]trf.ResultCode{} // white, black (0 for a bye) -> white's result
	for _, p := range f.Players {
		r := p.Rounds[round-1]
		switch {
		case r.Result == trf.HalfPointBye || r.Result == trf.ZeroPointBye || r.Result == trf.FullPointBye:
			mustOK(t, s.post("/api/tournaments/"+id+"/byes", map[string]any{"player": p.StartNo, "round": round, "kind": string(r.Result),
				"idempotency_key": fmt.Sprint(id, "-bye", round, "-", p.StartNo), "by": "chief"}), name+" bye")
		case r.Result == trf.PairingBye:
			want[[2]int{p.StartNo, 0}] = r.Result
		case r.Opponent > 0 && r.Color == trf.White:
			want[[2]int{p.StartNo, r.Opponent}] = r.Result
		case r.Opponent > 0 && r.Color == trf.Black:
		default:
			t.Fatalf("%s: player %d's entry %+v is not replayed here", name, p.StartNo, r)
		}
	}
	mustOK(t, s.post("/api/tournaments/"+id+"/rounds", map[string]any{"idempotency_key": fmt.Sprint(id, "-pair", round)}), name+" pair")
	rd := deskRoundOf(t, s, id, round)
	got := map[[2]int]bool{}
	for _, b := range rd.boards {
		got[[2]int{b.white, b.black}] = true
	}
	for no, kind := range rd.byes {
		if kind == "U" {
			got[[2]int{no, 0}] = true
		}
	}
	if !samePairs(want, got) {
		t.Errorf("%s: Hakem paired %v, the file %v", name, sortedPairs(got), sortedPairs(want))
		return false
	}
	mustOK(t, s.post(fmt.Sprintf("/api/tournaments/%s/rounds/%d/publish", id, round), map[string]any{"idempotency_key": fmt.Sprint(id, "-pub", round), "by": "chief"}), name+" publish")
	var sheet []map[string]any
	for _, b := range rd.boards {
		sheet = append(sheet, map[string]any{"white": b.white, "black": b.black, "result": sheetLine(f, b.white, round)})
	}
	mustOK(t, s.post(fmt.Sprintf("/api/tournaments/%s/rounds/%d/results", id, round), map[string]any{"results": sheet,
		"idempotency_key": fmt.Sprint(id, "-sheet", round), "by": "chief"}), name+" sheet")
	mustOK(t, s.post(fmt.Sprintf("/api/tournaments/%s/rounds/%d/close", id, round), map[string]any{"idempotency_key": fmt.Sprint(id, "-close", round)}), name+" close")
	return true
}

// sheetLine is the results sheet's result of the board whose White is
// start number white in round, as the file has it.
func sheetLine(f *trf.File, white, round int) string {
	w := f.ByStartNo(white).Rounds[round-1]
	b := f.ByStartNo(w.Opponent).Rounds[round-1]
	switch {
	case w.Result == trf.ForfeitLoss && b.Result == trf.ForfeitLoss:
		return "-/-"
	case w.Result == trf.ForfeitWin:
		return "+/-"
	case w.Result == trf.ForfeitLoss:
		return "-/+"
	case w.Result == trf.Win:
		return "1-0"
	case w.Result == trf.Loss:
		return "0-1"
	case w.Result == trf.Draw:
		return "1/2-1/2"
	}
	return string(w.Result) // not a sheet's result: the sheet is refused and the test says so
}

func samePairs(want map[[2]int]trf.ResultCode, got map[[2]int]bool) bool {
	if len(want) != len(got) {
		return false
	}
	for k := range want {
		if !got[k] {
			return false
		}
	}
	return true
}

func sortedPairs[V any](m map[[2]int]V) []string {
	var out []string
	for k := range m {
		out = append(out, fmt.Sprintf("%d-%d", k[0], k[1]))
	}
	slices.Sort(out)
	return out
}

// replayTiebreaks compares the exported report's tie-breaks (`hakem
// standings --rules 2024` on it) and the standings API's with
// TieBreakServer's 2024 values of file.
func replayTiebreaks(t *testing.T, s *server, file, id string) bool {
	t.Helper()
	name := filepath.Base(file)
	want := tsvRows(t, strings.TrimSuffix(file, ".trf")+".2024.tsv")
	a := s.do("GET", "/api/tournaments/"+id+"/trf", "")
	if a.status != http.StatusOK {
		t.Fatalf("%s trf: %d %s", name, a.status, a.raw)
	}
	report := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(report, []byte(a.raw), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(hakemBinary(t), "standings", "--rules", "2024", "--tb", strings.Join(want[0][2:], ","), report).Output()
	if err != nil {
		t.Fatalf("%s: hakem standings: %v", name, err)
	}
	got := tsvRows(t, writeFile(t, out))
	ok := len(got) == len(want)
	for i := 0; ok && i < len(want); i++ {
		if !slices.Equal(got[i], want[i]) {
			t.Errorf("%s: the exported report's tie-breaks of row %d are %v, TieBreakServer's %v", name, i, got[i], want[i])
			ok = false
		}
	}
	if len(got) != len(want) {
		t.Errorf("%s: %d rows of tie-breaks, want %d", name, len(got), len(want))
	}
	return standingsAgree(t, s, name, id, want) && ok
}

func writeFile(t *testing.T, b []byte) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "out.tsv")
	if err := os.WriteFile(name, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}

// standingsAgree compares the standings API's points and tie-breaks
// (numbers, printed as the tool prints them) with TieBreakServer's.
func standingsAgree(t *testing.T, s *server, name, id string, want [][]string) bool {
	t.Helper()
	codes, err := ratings.ParseCodes(strings.Join(want[0][1:], ","))
	if err != nil {
		t.Fatal(err)
	}
	st := mustOK(t, s.do("GET", "/api/tournaments/"+id+"/standings", ""), name+" standings")
	ok := true
	for _, x := range st.body["standings"].([]any) {
		r := x.(map[string]any)
		no := int(r["start_number"].(float64))
		row := want[no]
		tbs, _ := r["tiebreaks"].([]any)
		vals := append([]any{r["points"]}, tbs...)
		if len(vals) != len(codes) {
			t.Fatalf("%s: player %d has %d values, want %d", name, no, len(vals), len(codes))
		}
		for k, v := range vals {
			if got := codes[k].Format(ratings.Value{X: v.(float64), Defined: true}); row[k+1] != "" && got != row[k+1] {
				t.Errorf("%s: the standings API gives player %d %s %s, TieBreakServer %s", name, no, want[0][k+1], got, row[k+1])
				ok = false
			}
		}
	}
	return ok
}

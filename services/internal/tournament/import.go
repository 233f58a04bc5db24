package tournament

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/trf"
)

// Imported is what a tournament.imported event brought: the file as read,
// the number of rounds it records as paired, and the result of each board
// of those rounds (by the board's game id; such boards have no game).
type Imported struct {
	File    *trf.File
	Rounds  int
	Results map[string]events.Result
}

// ImportedPlayerID is the player id the import gives start number n.
func ImportedPlayerID(n int) string { return "p" + strconv.Itoa(n) }

// ReadImport reads a tournament report file's text for an import: the
// file, and the number of rounds paired in it as the Dutch engine counts
// them (pairing.HistoryFromTRF). Every error names the line and, where it
// can, the column.
func ReadImport(text string) (*trf.File, int, error) {
	f, err := trf.Read(strings.NewReader(text))
	if err != nil {
		return nil, 0, err
	}
	if len(f.Players) == 0 {
		return nil, 0, fmt.Errorf("the file has no player (001) line")
	}
	players := append([]trf.Player(nil), f.Players...)
	sort.SliceStable(players, func(i, j int) bool { return players[i].StartNo < players[j].StartNo })
	for r := 1; r <= f.Rounds(); r++ {
		if _, _, err := importRound("", r, players, f, map[string]events.Result{}); err != nil {
			return nil, 0, err
		}
	}
	h, err := pairing.HistoryFromTRF(f)
	if err != nil {
		return nil, 0, atPlayerLine(f, err)
	}
	return f, h.Round - 1, nil
}

// playerInError finds the player an error of the pairing module names.
var playerInError = regexp.MustCompile(`player (\d+)`)

// atPlayerLine names the line of the first player err names (the column
// of the points when it is about them).
func atPlayerLine(f *trf.File, err error) error {
	m := playerInError.FindStringSubmatch(err.Error())
	if m == nil {
		return err
	}
	n, _ := strconv.Atoi(m[1])
	p := f.ByStartNo(n)
	if p == nil || p.Line == 0 {
		return err
	}
	e := &trf.Error{Line: p.Line, Reason: strings.TrimPrefix(err.Error(), "pairing: ")}
	if strings.Contains(e.Reason, "points") {
		e.Column = 81
	}
	return e
}

// applyImport folds a tournament.imported event: the players in start-
// number order (ids ImportedPlayerID), each round of the file as a round
// paired (boards ordered by their lower start number, game ids as
// GameID gives them; byes with the points the file's point system gives),
// the rounds whose every board has a result closed, and the absences
// entered for the next round as requested byes.
func (t *Tournament) applyImport(e events.TournamentImported) error {
	if t.exists {
		return fmt.Errorf("tournament.imported on a tournament that exists")
	}
	f, played, err := ReadImport(e.TRF)
	if err != nil {
		return err
	}
	players := append([]trf.Player(nil), f.Players...)
	sort.SliceStable(players, func(i, j int) bool { return players[i].StartNo < players[j].StartNo })
	im := &Imported{File: f, Rounds: played, Results: map[string]events.Result{}}
	t.exists, t.Created, t.Imported = true, e.Created, im
	for _, p := range players {
		t.Players = append(t.Players, events.PlayerRegistered{PlayerID: ImportedPlayerID(p.StartNo), Name: p.Name,
			Rating: p.Rating, FideID: p.FideID, Federation: p.Federation, Title: p.Title,
			BirthYear: birthYear(p.BirthDate), Sex: strings.TrimSpace(string(rune(p.Sex)))})
	}
	complete := true
	for r := 1; r <= played; r++ {
		rp, done, err := importRound(e.TournamentID, r, players, f, im.Results)
		if err != nil {
			return err
		}
		t.Rounds = append(t.Rounds, rp)
		if complete = complete && done; complete {
			t.Closed = r
		}
	}
	if t.Closed < played-1 {
		return fmt.Errorf("round %d has boards without a result, and later rounds are paired", t.Closed+1)
	}
	if t.Closed >= t.Created.Rounds {
		t.Done = true
		return nil
	}
	next := played + 1
	seen := map[string]bool{}
	for _, p := range players {
		if e := p.Round(next); len(p.Rounds) >= next && !e.Paired() {
			id := ImportedPlayerID(p.StartNo)
			seen[id] = true
			t.ByeRequests = append(t.ByeRequests, events.ByeRequested{PlayerID: id, Round: next, Points: f.PointSystem.Points(e)})
		}
	}
	for _, a := range f.Absent {
		for _, n := range a.Players {
			if id := ImportedPlayerID(n); a.Round == next && !seen[id] && f.ByStartNo(n) != nil {
				seen[id] = true
				t.ByeRequests = append(t.ByeRequests, events.ByeRequested{PlayerID: id, Round: next,
					Points: f.PointSystem.Points(trf.RoundResult{Result: a.Kind})})
			}
		}
	}
	return nil
}

// importRound is round r of the file as a round paired, and whether every
// board of it has a result; the boards' results go into results.
func importRound(id string, r int, players []trf.Player, f *trf.File, results map[string]events.Result) (events.RoundPaired, bool, error) {
	rp := events.RoundPaired{Round: r, Engine: "import", EngineVersion: "TRF"}
	type pair struct{ white, black int }
	var pairs []pair
	var codes []events.Result
	done := true
	for _, p := range players {
		e := p.Round(r)
		if e.Opponent == 0 {
			if by, ok := importedBye(p.StartNo, e, f.PointSystem); ok {
				rp.Byes = append(rp.Byes, by)
			}
			continue
		}
		q := f.ByStartNo(e.Opponent)
		column := 92 + 10*(r-1)
		if q == nil {
			return rp, false, &trf.Error{Line: p.Line, Column: column, Reason: fmt.Sprintf("round %d: opponent %d is not a player", r, e.Opponent)}
		}
		qe := q.Round(r)
		if q.StartNo == p.StartNo {
			return rp, false, &trf.Error{Line: p.Line, Column: column, Reason: fmt.Sprintf("round %d: player %d is his own opponent", r, p.StartNo)}
		}
		if qe.Opponent != p.StartNo {
			return rp, false, &trf.Error{Line: p.Line, Column: column, Reason: fmt.Sprintf("round %d: opponent %d has %d as his opponent", r, e.Opponent, qe.Opponent)}
		}
		if p.StartNo > q.StartNo {
			continue // the board was read from the opponent's line
		}
		w, b, we, be := p.StartNo, q.StartNo, e, qe
		if e.Color == trf.Black || qe.Color == trf.White {
			w, b, we, be = b, w, qe, e
		}
		res, ok := importedResult(we.Result, be.Result)
		if !ok {
			return rp, false, &trf.Error{Line: p.Line, Column: column + 7, Reason: fmt.Sprintf("round %d: results %q and %q of %d and %d do not fit together", r, string(rune(e.Result)), string(rune(qe.Result)), p.StartNo, q.StartNo)}
		}
		done = done && res != ""
		pairs = append(pairs, pair{w, b})
		codes = append(codes, res)
	}
	for i, pr := range pairs {
		gid := GameID(id, r, i+1)
		rp.Pairings = append(rp.Pairings, events.Pairing{Board: i + 1, White: ImportedPlayerID(pr.white), Black: ImportedPlayerID(pr.black), GameID: gid})
		results[gid] = codes[i]
	}
	return rp, done, nil
}

// importedBye is the bye of a round entry without opponent: U (or the
// legacy "+") the pairing-allocated bye, F, H, Z a requested one, "-" or
// blank an absence; each with the points the file's system gives it.
func importedBye(n int, e trf.RoundResult, ps trf.PointSystem) (events.Bye, bool) {
	by := events.Bye{PlayerID: ImportedPlayerID(n), Points: ps.Points(e)}
	switch {
	case e.PairingAllocatedBye():
		by.Kind = "pairing_allocated"
	case e.Result == trf.FullPointBye, e.Result == trf.HalfPointBye, e.Result == trf.ZeroPointBye, e.Result == trf.Draw:
		by.Kind = "requested"
	default:
		by.Kind = "absent"
	}
	return by, true
}

// importedResult is the board's result (as ParseResult reads it) of the
// white and black players' result codes; "" for a game not yet played.
func importedResult(w, b trf.ResultCode) (events.Result, bool) {
	switch string([]byte{byte(w), byte(b)}) {
	case "10":
		return events.ResultWhiteWins, true
	case "01":
		return events.ResultBlackWins, true
	case "==":
		return events.ResultDraw, true
	case "00":
		return events.ResultBothLost, true
	case "+-":
		return events.ResultWhiteForfeitWin, true
	case "-+":
		return events.ResultBlackForfeitWin, true
	case "--":
		return events.ResultDoubleForfeit, true
	case "WL":
		return events.ResultUnratedWhiteWin, true
	case "LW":
		return events.ResultUnratedBlackWin, true
	case "DD":
		return events.ResultUnratedDraw, true
	case "LL":
		return events.ResultUnratedBothLost, true
	case "  ":
		return "", true
	}
	return "", false
}

// birthYear reads the year of a TRF birth date (YYYY/MM/DD, YYYY or
// DD/MM/YYYY); 0 when there is none.
func birthYear(s string) int {
	s = strings.TrimSpace(s)
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == '.' || r == '-' }) {
		if y, err := strconv.Atoi(part); err == nil && len(part) == 4 && y >= 1000 {
			return y
		}
	}
	return 0
}

// ImportedResult is the result of a board of an imported round (ok false
// for a board paired here, whose game gives its result).
func (t *Tournament) ImportedResult(gameID string) (events.Result, bool) {
	if t.Imported == nil {
		return "", false
	}
	r, ok := t.Imported.Results[gameID]
	return r, ok
}

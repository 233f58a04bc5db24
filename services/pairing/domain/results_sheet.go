package domain

import (
	"slices"
	"strconv"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/tournament"
)

// SheetResults are the results a results sheet may give: a game played
// (rated: TRF 1, 0, =), a forfeit (TRF + and -, not played), and 0-0, a
// game both players lost (events.ResultBothLost: 2023 11.8 / 1997 12.8).
var SheetResults = []events.Result{events.ResultWhiteWins, events.ResultBlackWins, events.ResultDraw, events.ResultWhiteForfeitWin, events.ResultBlackForfeitWin, events.ResultDoubleForfeit, events.ResultBothLost}

// SheetEntry is one line of a results sheet as the desk posts it: the two
// players (each a player id or a start number: see Player), the result,
// and for a line that changes a result already entered the reason.
type SheetEntry struct {
	White, Black string
	Result       events.Result
	Reason       string
}

// Player resolves a player named by his id or by his start number (in
// decimal): a registered id is taken first.
func (t *Tournament) Player(ref string) (string, bool) {
	ref = strings.TrimSpace(ref)
	if ref == "" {
		return "", false
	}
	if t.Registered(ref) {
		return ref, true
	}
	n, err := strconv.Atoi(ref)
	order := t.StartNumbers()
	if err != nil || n < 1 || n > len(order) {
		return "", false
	}
	return t.Players[order[n-1]].PlayerID, true
}

// StartNumber is a player's start number (0 when not registered).
func (t *Tournament) StartNumber(id string) int {
	for n, i := range t.StartNumbers() {
		if t.Players[i].PlayerID == id {
			return n + 1
		}
	}
	return 0
}

// EnterResults decides a results sheet (or part of one) for round, given
// every board's result so far by game id (the games' results with the
// desk's over them: BoardResults). The sheet is taken whole or refused
// whole, naming its line (results[i]): each line must name a pair of the
// round with its colours and a result of SheetResults, each board once. A
// board without a result takes the sheet's (tournament.results_entered);
// one whose result the sheet repeats is left as it is; one the sheet
// changes needs the line's reason and is a correction
// (tournament.result_corrected, old and new, saying when a later round is
// already paired: its pairing is not changed).
func (t *Tournament) EnterResults(round int, sheet []SheetEntry, results map[string]events.Result) ([]events.Event, error) {
	if !t.WasCreated() {
		return nil, refuse(ErrNotFound, "tournament not found")
	}
	if round < 1 || round > len(t.Rounds) {
		return nil, refuse(ErrNotFound, "round %d is not paired (%d paired)", round, len(t.Rounds))
	}
	if len(sheet) == 0 {
		return nil, refuse(ErrInvalid, "results: empty (one line per board: white, black, result)")
	}
	rp := t.Rounds[round-1]
	entered := events.ResultsEntered{Round: round}
	var corrections []events.Event
	seen := map[int]int{}
	for i, l := range sheet {
		line := "results[" + strconv.Itoa(i) + "]"
		w, ok := t.Player(l.White)
		if !ok {
			return nil, refuse(ErrInvalid, "%s.white: %q is neither a player id nor a start number", line, l.White)
		}
		b, ok := t.Player(l.Black)
		if !ok {
			return nil, refuse(ErrInvalid, "%s.black: %q is neither a player id nor a start number", line, l.Black)
		}
		if !slices.Contains(SheetResults, l.Result) {
			return nil, refuse(ErrInvalid, "%s.result: %q is not a result (%s)", line, l.Result, sheetResults())
		}
		p, ok := boardOf(rp, w, b)
		if !ok {
			return nil, refuse(ErrInvalid, "%s: %s - %s (start numbers %d - %d) are not paired in round %d%s", line, w, b,
				t.StartNumber(w), t.StartNumber(b), round, reversed(rp, w, b))
		}
		if j, dup := seen[p.Board]; dup {
			return nil, refuse(ErrInvalid, "%s: board %d is already results[%d] of this sheet", line, p.Board, j)
		}
		seen[p.Board] = i
		old := results[p.GameID]
		switch {
		case old == "" || old == events.ResultUnfinished:
			entered.Lines = append(entered.Lines, events.SheetLine{Board: p.Board, GameID: p.GameID, White: w, Black: b, Result: l.Result})
		case sameResult(old, l.Result):
		case strings.TrimSpace(l.Reason) == "":
			return nil, refuse(ErrInvalid, "%s.reason: board %d already has %s, the sheet gives %s: a correction needs its reason", line, p.Board, old, l.Result)
		default:
			corrections = append(corrections, events.ResultCorrected{Round: round, Board: p.Board, GameID: p.GameID, Old: old, New: l.Result,
				Reason: strings.TrimSpace(l.Reason), NextRoundPaired: len(t.Rounds) > round})
		}
	}
	var out []events.Event
	if len(entered.Lines) > 0 {
		out = append(out, entered)
	}
	return append(out, corrections...), nil
}

// boardOf is round's board where w has White and b Black.
func boardOf(rp events.RoundPaired, w, b string) (events.Pairing, bool) {
	for _, p := range rp.Pairings {
		if p.White == w && p.Black == b {
			return p, true
		}
	}
	return events.Pairing{}, false
}

// reversed says when the two are paired with the other colours.
func reversed(rp events.RoundPaired, w, b string) string {
	if p, ok := boardOf(rp, b, w); ok {
		return " (board " + strconv.Itoa(p.Board) + " has " + b + " White and " + w + " Black)"
	}
	return ""
}

// sameResult reports whether the sheet's result s is the board's result
// old: the same string, or the same outcome of a game that lasted less
// than one move (W/L for 1-0 …).
func sameResult(old, s events.Result) bool {
	if old == s {
		return true
	}
	return tournament.GameResult(s, "", 0) == old
}

// sheetResults lists SheetResults for a refusal.
func sheetResults() string {
	out := make([]string, len(SheetResults))
	for i, r := range SheetResults {
		out[i] = string(r)
	}
	return strings.Join(out, ", ")
}

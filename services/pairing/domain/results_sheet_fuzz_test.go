package domain

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/events"
)

// FuzzResultsSheet: a results sheet of round 1 of a six-player Swiss, one
// line per text line ("white|black|result|reason", players by id or start
// number). Deciding it never panics; a refusal is an invalid command
// naming its line (results[i]) and decides nothing; an accepted sheet
// enters only the round's boards, each once, with a sheet's result, and
// once folded the same sheet decides nothing more (a result repeated is
// left as it is). `go test` runs it over its seeds; `go test -fuzz
// FuzzResultsSheet` explores.
func FuzzResultsSheet(f *testing.F) {
	f.Add("p1|p4|1-0\np5|p2|0-1\np3|p6|1/2-1/2")
	f.Add("1|4|+/-\n5|2|-/+\n3|6|-/-")
	f.Add("p1|p4|0-0\np1|p4|1-0")
	f.Add("p4|p1|1-0")
	f.Add("p1|p4|1-0|signed the other way\n7|1|*")
	f.Add(" 01 |p4| 1-0 \n\n||")
	f.Fuzz(func(t *testing.T, text string) {
		tr := deskRound1(t)
		var sheet []SheetEntry
		for _, l := range strings.Split(text, "\n") {
			fs := append(strings.Split(l, "|"), "", "", "", "")
			sheet = append(sheet, SheetEntry{White: fs[0], Black: fs[1], Result: events.Result(fs[2]), Reason: fs[3]})
		}
		evs, err := tr.EnterResults(1, sheet, tr.BoardResults(nil))
		if err != nil {
			var r *Refusal
			if !errors.As(err, &r) || r.Kind != ErrInvalid || !strings.HasPrefix(r.Reason, "results[") || evs != nil {
				t.Fatalf("refusal %v (%v) is not an invalid command naming its line, with no event", err, evs)
			}
			return
		}
		boards := map[int]events.Pairing{}
		for _, p := range tr.Rounds[0].Pairings {
			boards[p.Board] = p
		}
		seen := map[int]bool{}
		for _, e := range evs {
			entered, ok := e.(events.ResultsEntered)
			if !ok || entered.Round != 1 {
				t.Fatalf("a first sheet decided %T %+v", e, e)
			}
			for _, l := range entered.Lines {
				p, ok := boards[l.Board]
				if !ok || seen[l.Board] || p.GameID != l.GameID || p.White != l.White || p.Black != l.Black || !slices.Contains(SheetResults, l.Result) {
					t.Fatalf("line %+v: not a board of round 1 once with a sheet's result (%+v)", l, p)
				}
				seen[l.Board] = true
			}
			if err := tr.Apply(e); err != nil {
				t.Fatalf("an accepted sheet does not fold: %v", err)
			}
		}
		if again, err := tr.EnterResults(1, sheet, tr.BoardResults(nil)); err != nil || len(again) != 0 {
			t.Fatalf("the same sheet again: %v %v, want nothing", again, err)
		}
	})
}

package domain

import (
	"bytes"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/dutch"
	"github.com/hakem-chess/hakem/pairing/trf"
)

// TestForfeitMayMeetAgain: two players whose round 1 game was forfeited
// did not play each other (FIDE C.04.1: a forfeit is not a game played),
// so the Dutch engine pairs them again in round 2; had they played, no
// pairing would exist.
func TestForfeitMayMeetAgain(t *testing.T) {
	for _, tt := range []struct {
		result events.Result
		paired bool
	}{
		{events.ResultWhiteForfeitWin, true},
		{events.ResultBlackForfeitWin, true},
		{events.ResultDoubleForfeit, true},
		{"1-0", false},
	} {
		t.Run(string(tt.result), func(t *testing.T) {
			tr, _, results := oneGame(t, tt.result)
			evs, err := tr.PairNextAfter("T", results)
			if !tt.paired {
				if !errors.Is(err, ErrState) {
					t.Fatalf("a game played and paired again: %v %v", evs, err)
				}
				return
			}
			fold(t, tr, evs, err)
			if r2 := evs[0].(events.RoundPaired); len(r2.Pairings) != 1 {
				t.Fatalf("round 2: %+v", r2)
			}
		})
	}
}

// forfeitSwiss plays round 1 of a 6-player, 3-round Swiss where board 1
// is forfeited (Black absent) and the others are won by White.
func forfeitSwiss(t *testing.T) (*Tournament, map[string]events.Result) {
	t.Helper()
	tr := swiss(t, 6, 3)
	evs, err := tr.PairNextAfter("T", nil)
	fold(t, tr, evs, err)
	results := map[string]events.Result{}
	for _, p := range tr.Rounds[0].Pairings {
		results[p.GameID] = "1-0"
	}
	results[tr.Rounds[0].Pairings[0].GameID] = events.ResultWhiteForfeitWin
	evs, err = tr.Close(1, results)
	fold(t, tr, evs, err)
	return tr, results
}

// TestForfeitInTRF: the forfeit is written + and - in the tournament file,
// counts its points, and reads back as a game not played (no colour, the
// pair may meet again); the standings count the forfeit win.
func TestForfeitInTRF(t *testing.T) {
	tr, results := forfeitSwiss(t)
	board := tr.Rounds[0].Pairings[0]
	back := readBack(t, tr, results)
	order := tr.StartNumbers()
	for n, i := range order {
		p := back.ByStartNo(n + 1)
		e := p.Round(1)
		switch tr.Players[i].PlayerID {
		case board.White:
			if e.Result != trf.ForfeitWin || p.Points != 1 {
				t.Errorf("the forfeit's winner: %+v, %g points", e, p.Points)
			}
		case board.Black:
			if e.Result != trf.ForfeitLoss || p.Points != 0 {
				t.Errorf("the forfeit's loser: %+v, %g points", e, p.Points)
			}
		default:
			if !e.Played() {
				t.Errorf("player %d: %+v is not a game played", n+1, e)
			}
		}
	}
	pt, err := pairing.FromTRF(back)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pt.Players {
		g := p.Games[0]
		if forfeit := tr.Players[order[p.StartNo-1]].PlayerID == board.White || tr.Players[order[p.StartNo-1]].PlayerID == board.Black; forfeit == g.Played || forfeit && g.Color != pairing.NoColor {
			t.Errorf("player %d round 1 as the engine reads it: %+v", p.StartNo, g)
		}
	}
	for _, s := range tr.Standings(results) {
		if s.PlayerID == board.White && s.Points != 1 || s.PlayerID == board.Black && s.Points != 0 {
			t.Errorf("standings: %+v", s)
		}
	}
}

// TestPairingInputPairsLikeTheService: the file the service pairs from
// (with a forfeit, a requested bye, a withdrawal and a forbidden pair)
// carries XXP and the next round's absences, and pairing it the way
// `hakem pair --dutch` does gives the service's round; its hash is the
// round's input hash.
func TestPairingInputPairsLikeTheService(t *testing.T) {
	tr, results := forfeitSwiss(t)
	r1 := tr.Rounds[0]
	evs, err := tr.RequestBye(events.ByeRequested{PlayerID: "p6", Round: 2})
	fold(t, tr, evs, err)
	evs, err = tr.Withdraw(events.PlayerWithdrawn{PlayerID: "p5"})
	fold(t, tr, evs, err)
	evs, err = tr.Forbid(events.ForbiddenPairSet{PlayerA: r1.Pairings[0].White, PlayerB: r1.Pairings[1].White})
	fold(t, tr, evs, err)
	input, err := tr.PairingInput(results)
	if err != nil {
		t.Fatal(err)
	}
	for range 5 { // the input (and its hash) must not depend on map order
		again, err := tr.PairingInput(results)
		if err != nil || !bytes.Equal(again, input) {
			t.Fatalf("the pairing input differs from one call to the next: %v\n%s\n%s", err, input, again)
		}
	}
	text := string(input)
	for _, want := range []string{`(?m)^XXP \d+ \d+$`, `0000 - H$`, `0000 - Z$`, `\d [wb] \+( |$)`, `\d [wb] -( |$)`} {
		if !regexp.MustCompile(`(?m)` + want).MatchString(text) {
			t.Errorf("the pairing input has no %s:\n%s", want, text)
		}
	}
	f, err := trf.Read(bytes.NewReader(input))
	if err != nil {
		t.Fatal(err)
	}
	pt, err := pairing.FromTRF(f)
	if err != nil {
		t.Fatal(err)
	}
	res, err := dutch.Pair(pt, dutch.Options{})
	if err != nil {
		t.Fatal(err)
	}
	evs, err = tr.PairNextAfter("T", results)
	fold(t, tr, evs, err)
	r2 := evs[0].(events.RoundPaired)
	order := tr.StartNumbers()
	id := func(n int) string { return tr.Players[order[n-1]].PlayerID }
	var got []string
	for _, b := range res.Boards {
		if b.Black == 0 {
			got = append(got, id(b.White)+" bye")
			continue
		}
		got = append(got, id(b.White)+"-"+id(b.Black))
	}
	var want []string
	for _, p := range r2.Pairings {
		want = append(want, p.White+"-"+p.Black)
	}
	for _, b := range r2.Byes {
		if b.Kind == "pairing_allocated" {
			want = append(want, b.PlayerID+" bye")
		}
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("the file pairs %v, the service %v", got, want)
	}
	if _, by := pairedIn(r2, "p6"); by == nil || by.Kind != "requested" {
		t.Errorf("p6's requested bye: %+v", r2)
	}
	if _, by := pairedIn(r2, "p5"); by == nil || by.Kind != "absent" {
		t.Errorf("p5's absence: %+v", r2)
	}
	if len(r2.InputHash) != 64 {
		t.Errorf("input hash %q", r2.InputHash)
	}
}

package app

import (
	"context"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing/trf"
	arbiter "github.com/hakem-chess/hakem/services/arbiter/domain"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/game"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
)

// TestForfeitOverride: the arbiter's result override gives forfeits after
// the fact — both players absent (-/-) on board 1, Black's win by forfeit
// (-/+) on board 2 — through the decision the games service takes
// (arbiter.HandRulingDecision); the tournament reads them as forfeits:
// the results, the TRF entries (- and +, not games played) and the points.
func TestForfeitOverride(t *testing.T) {
	ctx := context.Background()
	p, org := club(t, 4)
	store := p.Store
	paired, err := p.PairNext(ctx, "T", org, "pair1")
	if err != nil {
		t.Fatal(err)
	}
	ev, err := events.Decode(paired.Events[0])
	if err != nil {
		t.Fatal(err)
	}
	rp := ev.(*events.RoundPaired)
	games := gamelog.EventStore{Store: store}
	for i, c := range []struct{ recorded, override events.Result }{{"1-0", events.ResultDoubleForfeit}, {"1/2-1/2", events.ResultBlackForfeitWin}} {
		pr := rp.Pairings[i]
		now := time.Now().UTC()
		sys := events.Meta{Actor: events.Actor{Role: "system", ID: "test"}, RecordedAt: now}
		_, head, err := store.Append(ctx, events.Game(pr.GameID), events.WriterGames, events.Head{}, "end-"+pr.GameID, sys,
			events.GameCreated{TournamentID: "T", Round: 1, Board: pr.Board, White: pr.White, Black: pr.Black, LawsProfile: "fide-2023"},
			events.GameEnded{Result: c.recorded, Termination: "agreement", Article: "9.1.2.1"})
		if err != nil {
			t.Fatal(err)
		}
		recs, _, err := games.Load(ctx, pr.GameID)
		if err != nil {
			t.Fatal(err)
		}
		g, err := decide.Fold[game.Game](recs)
		if err != nil {
			t.Fatal(err)
		}
		evs, err := arbiter.HandRulingDecision(g, arbiter.HandRuling{Matter: "result_override", Result: c.override,
			Reason: "the game was never played: the result sheet was wrong", Article: "6.7.1"}, now)
		if err != nil {
			t.Fatalf("board %d: override to %s: %v", pr.Board, c.override, err)
		}
		arb := events.Meta{Actor: events.Actor{Role: "arbiter", ID: "arb"}, RecordedAt: now}
		if _, _, err := store.Append(ctx, events.Game(pr.GameID), events.WriterArbiter, head, "override-"+pr.GameID, arb, evs...); err != nil {
			t.Fatal(err)
		}
	}
	tr, _, _, err := p.Load(ctx, "T")
	if err != nil {
		t.Fatal(err)
	}
	results, err := p.Results(ctx, tr)
	if err != nil {
		t.Fatal(err)
	}
	if got := results[rp.Pairings[0].GameID]; got != events.ResultDoubleForfeit {
		t.Errorf("board 1 counts as %q, want -/-", got)
	}
	if got := results[rp.Pairings[1].GameID]; got != events.ResultBlackForfeitWin {
		t.Errorf("board 2 counts as %q, want -/+", got)
	}
	f, err := tr.File(results)
	if err != nil {
		t.Fatal(err)
	}
	byNo := map[int]trf.RoundResult{}
	for _, pl := range f.Players {
		byNo[pl.StartNo] = pl.Rounds[0]
	}
	want := map[int]trf.ResultCode{}
	no := map[string]int{}
	for n, i := range tr.StartNumbers() {
		no[tr.Players[i].PlayerID] = n + 1
	}
	want[no[rp.Pairings[0].White]], want[no[rp.Pairings[0].Black]] = trf.ForfeitLoss, trf.ForfeitLoss
	want[no[rp.Pairings[1].White]], want[no[rp.Pairings[1].Black]] = trf.ForfeitLoss, trf.ForfeitWin
	for n, code := range want {
		if rr := byNo[n]; rr.Result != code || rr.Played() {
			t.Errorf("start number %d: TRF entry %+v, want %q not played", n, rr, rune(code))
		}
	}
	points := map[string]float64{}
	for _, s := range tr.Standings(results) {
		points[s.PlayerID] = s.Points
	}
	if points[rp.Pairings[0].White] != 0 || points[rp.Pairings[0].Black] != 0 || points[rp.Pairings[1].White] != 0 || points[rp.Pairings[1].Black] != 1 {
		t.Errorf("points %v", points)
	}
}

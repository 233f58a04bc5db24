package app

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/natstest"
	pairingapp "github.com/hakem-chess/hakem/services/pairing/app"
	scoring "github.com/hakem-chess/hakem/services/scoring/domain"
)

// newPairing starts an embedded JetStream server in a temporary folder
// and opens the pairing service's application on its event store.
func newPairing(t *testing.T) *pairingapp.Pairing {
	t.Helper()
	s := natstest.Store(t)
	return &pairingapp.Pairing{Store: s, Retries: 4}
}

// endGame records a game of the round and its end, as the games service
// and a ruling would.
func endGame(t *testing.T, p *pairingapp.Pairing, pr events.Pairing, end events.GameEnded) {
	t.Helper()
	meta := events.Meta{Actor: events.Actor{Role: "system", ID: "test"}, RecordedAt: time.Now().UTC()}
	_, _, err := p.Store.Append(context.Background(), events.Game(pr.GameID), events.WriterGames, events.Head{}, "end-"+pr.GameID, meta,
		events.GameCreated{TournamentID: "T", White: pr.White, Black: pr.Black, LawsProfile: "fide-2023"}, end)
	if err != nil {
		t.Fatal(err)
	}
}

// TestPublishRedelivered: the scoring service's consumer of closed rounds
// (scoring-rounds) given the same round_closed twice, as JetStream
// redelivers it after a crash before the ack, publishes the standings
// once; a forfeit (late arrival) reaches the standings and the TRF as a
// forfeit.
func TestPublishRedelivered(t *testing.T) {
	ctx := context.Background()
	p := newPairing(t)
	meta := events.Meta{Actor: events.Actor{Role: "organiser", ID: "o"}}
	must := func(o pairingapp.Outcome, err error) pairingapp.Outcome {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	must(p.Create(ctx, "T", events.TournamentCreated{Name: "Club", System: "swiss-dutch", Rounds: 3}, meta, "create"))
	for i := 1; i <= 4; i++ {
		must(p.Register(ctx, "T", events.PlayerRegistered{PlayerID: fmt.Sprint("p", i), Name: fmt.Sprint("P", i), Rating: 2000 - i}, meta, fmt.Sprint("reg", i)))
	}
	paired := must(p.PairNext(ctx, "T", meta, "pair1"))
	ev, err := events.Decode(paired.Events[0])
	if err != nil {
		t.Fatal(err)
	}
	rp := ev.(*events.RoundPaired)
	endGame(t, p, rp.Pairings[0], events.GameEnded{Result: "1-0", Termination: "forfeit", Article: "6.7.1"})
	endGame(t, p, rp.Pairings[1], events.GameEnded{Result: "0-1", Termination: "resignation", Article: "5.1.2", Ply: 30})
	closed := must(p.CloseRound(ctx, "T", 1, meta, "close1"))
	sc := &Scoring{Store: p.Store, Retries: 4}
	first, err := sc.Publish(ctx, closed.Events[0])
	if err != nil {
		t.Fatal(err)
	}
	again, err := sc.Publish(ctx, closed.Events[0])
	if err != nil {
		t.Fatal(err)
	}
	if again.ID != first.ID {
		t.Errorf("the redelivery published %s, the first delivery %s", again.ID, first.ID)
	}
	tr, envs, _, err := p.Load(ctx, "T")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range envs {
		if e.Type == (events.StandingsUpdated{}).EventType() {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d standings published for one closed round", n)
	}
	results, err := p.Results(ctx, tr)
	if err != nil {
		t.Fatal(err)
	}
	if got := results[rp.Pairings[0].GameID]; got != events.ResultWhiteForfeitWin {
		t.Errorf("the forfeited game counts as %q", got)
	}
	rows, err := scoring.Crosstable(&tr.Tournament, 1, results)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		switch r.PlayerID {
		case rp.Pairings[0].White:
			if r.Cells[0][:2] != "+F" || r.Points != 1 {
				t.Errorf("the forfeit's winner: %+v", r)
			}
		case rp.Pairings[0].Black:
			if r.Cells[0][:2] != "-F" || r.Points != 0 {
				t.Errorf("the forfeit's loser: %+v", r)
			}
		}
	}
}

package domain

import (
	"errors"
	arbiter "github.com/hakem-chess/hakem/services/arbiter/domain"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// TestIncidents: reports count per offender and leave the position; an
// annulled game takes no move; a result override needs a finished (or
// annulled) game and changes the result.
func TestIncidents(t *testing.T) {
	g := newGame(t, events.GameCreated{White: "w", Black: "b"})
	play(t, g, "e4")
	evs, err := g.ReportIllegal(events.Black, "Ke6", "")
	if err != nil {
		t.Fatal(err)
	}
	if r := evs[0].(events.IllegalMoveReported); r.Ply != 2 || r.ReportedBy != "arbiter" || r.Move != "Ke6" {
		t.Fatalf("report %+v", r)
	}
	apply(t, g, evs)
	if g.IllegalMoves() != [2]int{0, 1} || g.Ply() != 1 {
		t.Fatalf("after the report: %v, ply %d", g.IllegalMoves(), g.Ply())
	}
	if _, err := arbiter.OverrideResult(&g.Game, "1-0", "r", ""); !errors.Is(err, refusal.ErrInProgress) {
		t.Fatalf("override in progress: %v", err)
	}
	apply(t, g, []Event{events.GameAnnulled{Reason: "rooks swapped", Article: "7.2.1"}})
	if _, err := g.Move("b", "e5", at); !errors.Is(err, refusal.ErrGameOver) {
		t.Fatalf("move in an annulled game: %v", err)
	}
	if _, err := g.ReportIllegal(events.Black, "Ke6", ""); !errors.Is(err, refusal.ErrGameOver) {
		t.Fatalf("report in an annulled game: %v", err)
	}
	if err := g.Apply(&events.ReplayOrdered{ReplayGameID: "g-replay", Article: "7.2.1"}); err != nil {
		t.Fatalf("replay ordered for the annulled game: %v", err)
	}
	if _, ok := g.Annulled(); !ok {
		t.Fatal("the replay's order un-annulled the game")
	}
	fresh := newGame(t, events.GameCreated{White: "w", Black: "b"})
	if err := fresh.Apply(events.ReplayOrdered{ReplayGameID: "x", Article: "7.2.1"}); err == nil {
		t.Fatal("a replay ordered for a game not annulled folds")
	}
	for _, c := range []struct{ reason, article, says string }{
		{"", "", "reason and article: missing"},
		{"replayed, drawn", "", "article: missing"},
		{"replayed, drawn", "  ", "article: missing"},
		{" ", "7.2.1", "reason: missing"},
	} {
		_, err := arbiter.OverrideResult(&g.Game, "1/2-1/2", c.reason, c.article)
		var ref *Refusal
		if !errors.As(err, &ref) || !errors.Is(err, refusal.ErrInvalid) || !strings.HasPrefix(ref.Reason, c.says) {
			t.Errorf("override with reason %q, article %q: %v, want %q", c.reason, c.article, err, c.says)
		}
	}
	evs, err = arbiter.OverrideResult(&g.Game, "1/2-1/2", "replayed, drawn", "7.2.1")
	if err != nil {
		t.Fatal(err)
	}
	apply(t, g, evs)
	if g.Result() != events.ResultDraw {
		t.Fatalf("result %s", g.Result())
	}
	if _, ok := g.Annulled(); ok {
		t.Fatal("still annulled after the override")
	}
}

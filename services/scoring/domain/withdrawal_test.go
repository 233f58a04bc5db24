package domain

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/pairing/domain"
)

// roundRobinWithdrawal plays a 4-player round robin (3 rounds; the round
// free scores nothing) in which p4 wins every game he plays and withdraws
// from round `from` on; the other games are drawn. It returns the
// tournament, the results, and p4's opponent of each round (by the Berger
// table).
func roundRobinWithdrawal(t *testing.T, from int) (*domain.Tournament, map[string]events.Result, []string) {
	t.Helper()
	tr := &domain.Tournament{}
	apply := applier(t, tr)
	apply(tr.Create(events.TournamentCreated{Name: "RR", System: "round-robin",
		PointSystem: events.PointSystem{"win": 1, "draw": 0.5, "loss": 0, "bye": 0}}))
	for i := 1; i <= 4; i++ {
		apply(tr.Register(events.PlayerRegistered{PlayerID: fmt.Sprint("p", i), Name: fmt.Sprint("P", i)}))
	}
	results := map[string]events.Result{}
	opponents := make([]string, 3)
	for r := 1; r <= 3; r++ {
		if r == from {
			apply(tr.Withdraw(events.PlayerWithdrawn{PlayerID: "p4", Reason: "ill"}))
		}
		apply(tr.PairNextAfter("t", results))
		for _, p := range tr.Rounds[r-1].Pairings {
			switch {
			case p.White == "p4":
				results[p.GameID], opponents[r-1] = "1-0", p.Black
			case p.Black == "p4":
				results[p.GameID], opponents[r-1] = "0-1", p.White
			default:
				results[p.GameID] = "1/2-1/2"
			}
		}
		for _, b := range tr.Rounds[r-1].Byes {
			if b.Kind == "pairing_allocated" {
				opponents[r-1] = b.PlayerID // the round free he gives
			}
		}
		apply(tr.Close(r, results))
	}
	return tr, results, opponents
}

// TestRoundRobinWithdrawal: FIDE's rule for a player who leaves a round
// robin. p4 leaves after 1 of his 3 games (fewer than half): his results
// are cancelled — no points for him, his round 1 opponent's loss becomes
// the round free the others had against him. p4 leaves after 2 of 3 (at
// least half): his results stand, his round 3 game counts as a forfeit
// (+F for the opponent, -F for him). The rating changes still count the
// games he played.
func TestRoundRobinWithdrawal(t *testing.T) {
	t.Run("fewer than half: cancelled", func(t *testing.T) {
		tr, results, opp := roundRobinWithdrawal(t, 2)
		st, err := Standings(&tr.Tournament, 3, results)
		if err != nil {
			t.Fatal(err)
		}
		points := map[string]float64{}
		for _, s := range st {
			points[s.PlayerID] = s.Points
			if s.PlayerID == "p4" && (s.Status != "withdrawn" || s.Rank != len(st)) {
				t.Errorf("p4: %+v", s)
			}
		}
		// p1-p3 drew their games among themselves (1 point each); against
		// p4 nothing counts
		for _, id := range []string{"p1", "p2", "p3"} {
			if points[id] != 1 {
				t.Errorf("%s: %g points, want 1 (%v)", id, points[id], points)
			}
		}
		if points["p4"] != 0 {
			t.Errorf("p4: %g points, want 0 (his results are cancelled)", points["p4"])
		}
		rows, err := Crosstable(&tr.Tournament, 3, results)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			if r.PlayerID == opp[0] && strings.Contains(strings.Join(r.Cells, " "), "4") {
				t.Errorf("%s's row still shows his game with p4: %v", r.PlayerID, r.Cells)
			}
		}
	})
	t.Run("at least half: forfeits", func(t *testing.T) {
		tr, results, opp := roundRobinWithdrawal(t, 3)
		rows, err := Crosstable(&tr.Tournament, 3, results)
		if err != nil {
			t.Fatal(err)
		}
		no := map[string]int{}
		for i, p := range tr.Players {
			no[p.PlayerID] = i + 1
		}
		for _, r := range rows {
			switch r.PlayerID {
			case "p4":
				if r.Points != 2 || r.Cells[2] != fmt.Sprint("-F", no[opp[2]]) {
					t.Errorf("p4: %g points, cells %v; want 2 and a forfeit loss in round 3", r.Points, r.Cells)
				}
			case opp[2]:
				// two draws and the forfeit win (the round free scores nothing)
				if r.Cells[2] != "+F4" || r.Points != 2 {
					t.Errorf("%s: %g points, cells %v; want 2 and a forfeit win against p4 in round 3", r.PlayerID, r.Points, r.Cells)
				}
			}
		}
	})
}

// TestRoundRobinTwoLeave: in a 6-player round robin (5 rounds) p5 leaves
// after round 1 (1 game of 5: cancelled) and p6 after round 3 (3 of 5:
// forfeits from round 4 on). The table stays consistent: p5 stands with
// nothing and nobody's row shows a game with him; p6's rounds 4 and 5 are
// forfeit losses, except the one against p5, who had left (absent).
func TestRoundRobinTwoLeave(t *testing.T) {
	tr := &domain.Tournament{}
	apply := applier(t, tr)
	apply(tr.Create(events.TournamentCreated{Name: "RR", System: "round-robin"}))
	for i := 1; i <= 6; i++ {
		apply(tr.Register(events.PlayerRegistered{PlayerID: fmt.Sprint("p", i), Name: fmt.Sprint("P", i)}))
	}
	results := map[string]events.Result{}
	for r := 1; r <= 5; r++ {
		switch r {
		case 2:
			apply(tr.Withdraw(events.PlayerWithdrawn{PlayerID: "p5"}))
		case 4:
			apply(tr.Withdraw(events.PlayerWithdrawn{PlayerID: "p6"}))
		}
		apply(tr.PairNextAfter("t", results))
		for _, p := range tr.Rounds[r-1].Pairings {
			results[p.GameID] = "1-0"
		}
		apply(tr.Close(r, results))
	}
	st, err := Standings(&tr.Tournament, 5, results)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		if s.PlayerID == "p5" && s.Points != 0 {
			t.Errorf("p5: %+v, want no points", s)
		}
	}
	rows, err := Crosstable(&tr.Tournament, 5, results)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		t.Logf("%s %g %v", r.PlayerID, r.Points, r.Cells)
		for i, c := range r.Cells {
			if strings.HasSuffix(c, "5") && !strings.HasSuffix(c, "15") {
				t.Errorf("%s round %d: %q, a game with p5 whose results are cancelled", r.PlayerID, i+1, c)
			}
		}
		if r.PlayerID != "p6" {
			continue
		}
		for i := 3; i < 5; i++ {
			if c := r.Cells[i]; !strings.HasPrefix(c, "-F") && c != "--" {
				t.Errorf("p6 round %d: %q, want a forfeit loss (or absent against p5)", i+1, c)
			}
		}
		if n := strings.Count(strings.Join(r.Cells[3:], " "), "-F"); n != 1 && n != 2 {
			t.Errorf("p6's rounds 4-5: %v", r.Cells)
		}
	}
}

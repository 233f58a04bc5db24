package dutch

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/trf"
)

// sixAfterRound1 is six players after round 1 (1-4, 5-2 and 3-6, won by
// 1, 2 and 3), with the 299 records given: points assigned apart from the
// games, e.g. an arbiter's penalty (FIDE Laws 2023 12.9.5).
func sixAfterRound1(abnormal ...trf.Abnormal) *trf.File {
	rr := func(opp int, c trf.Color, res trf.ResultCode) []trf.RoundResult {
		return []trf.RoundResult{{Opponent: opp, Color: c, Result: res}}
	}
	f := &trf.File{TotalRounds: 5, PointSystem: trf.DefaultPointSystem(), InitialColor: trf.White, AbnormalPoints: abnormal,
		Players: []trf.Player{
			{StartNo: 1, Points: 1, Rounds: rr(4, trf.White, trf.Win)},
			{StartNo: 2, Points: 1, Rounds: rr(5, trf.Black, trf.Win)},
			{StartNo: 3, Points: 1, Rounds: rr(6, trf.White, trf.Win)},
			{StartNo: 4, Points: 0, Rounds: rr(1, trf.Black, trf.Loss)},
			{StartNo: 5, Points: 0, Rounds: rr(2, trf.White, trf.Loss)},
			{StartNo: 6, Points: 0, Rounds: rr(3, trf.Black, trf.Loss)},
		}}
	for _, a := range abnormal {
		for _, n := range a.Players {
			f.Players[n-1].Points += a.Points
		}
	}
	return f
}

// boards writes a pairing's boards as "w-b" in board order.
func boards(r *Result) string {
	var out []string
	for _, b := range r.Boards {
		out = append(out, fmt.Sprintf("%d-%d", b.White, b.Black))
	}
	return strings.Join(out, " ")
}

// TestAdjustmentsMoveScoreGroups: the points of a 299 record (an
// arbiter's penalty) count in the player's score, so in his score group:
// player 1, whose win of round 1 was cut to nothing, is paired in the
// group of 0 points (against 6), and 2 meets 3 in the group of 1; a record of
// the round being paired, or with a result type, does not count; the
// points field must agree with the results and the records.
func TestAdjustmentsMoveScoreGroups(t *testing.T) {
	penalty := trf.Abnormal{Kind: ' ', Points: -1, Round: 1, Players: []int{1}}
	tests := []struct {
		name   string
		file   *trf.File
		score1 pairing.Score
		pairs  []string // unordered
	}{
		{"no record", sixAfterRound1(), 10, []string{"2-1", "4-3", "6-5"}},
		{"1 penalised in round 1", sixAfterRound1(penalty), 0, []string{"2-3", "4-5", "6-1"}},
		{"a record of round 2 waits", func() *trf.File {
			f := sixAfterRound1()
			f.AbnormalPoints = []trf.Abnormal{{Kind: ' ', Points: -1, Round: 2, Players: []int{1}}}
			return f
		}(), 10, []string{"2-1", "4-3", "6-5"}},
		{"a result type is not a penalty", func() *trf.File {
			f := sixAfterRound1()
			f.AbnormalPoints = []trf.Abnormal{{Kind: 'L', Points: -1, Round: 1, Players: []int{1}}}
			return f
		}(), 10, []string{"2-1", "4-3", "6-5"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tm, err := pairing.FromTRF(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			if got := tm.Players[0].Score; got != tc.score1 {
				t.Fatalf("player 1's score %v, want %v", got, tc.score1)
			}
			res, err := Pair(tm, Options{Explain: true})
			if err != nil {
				t.Fatal(err)
			}
			note := slices.Contains(res.Notes, "Points assigned apart from the games (299), counted in the score: 1 -1.0 in round 1")
			if note != (tc.score1 == 0) {
				t.Errorf("the explanation's note of the 299 points: %v\n%s", note, strings.Join(res.Notes, "\n"))
			}
			got := strings.Fields(boards(res))
			slices.Sort(got)
			if !slices.Equal(got, tc.pairs) {
				t.Errorf("pairing %s, want the pairs %v", boards(res), tc.pairs)
			}
		})
	}
	// the points field must count the record
	f := sixAfterRound1(penalty)
	f.Players[0].Points = 1
	if _, err := pairing.FromTRF(f); err == nil || !strings.Contains(err.Error(), "points of player 1") {
		t.Errorf("a points field without the penalty: %v", err)
	}
	// re-pairing round 2 from the history sees the same score
	h, err := pairing.HistoryFromTRF(sixAfterRound1(penalty))
	if err != nil {
		t.Fatal(err)
	}
	if s := h.Before(2).Players[0].Score; s != 0 {
		t.Errorf("Before(2): player 1's score %v, want 0", s)
	}
	if s := h.Before(1).Players[0].Score; s != 0 {
		t.Errorf("Before(1): player 1's score %v, want 0 (no round played)", s)
	}
}

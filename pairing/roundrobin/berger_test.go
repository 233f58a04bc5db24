package roundrobin

import (
	"fmt"
	"strings"
	"testing"
)

// The Berger tables of FIDE C.05 Annex 1, typed in from the published
// text: one line per round, "white-black" per board.
var published = map[int]string{
	4: `1-4 2-3
4-3 1-2
2-4 3-1`,
	6: `1-6 2-5 3-4
6-4 5-3 1-2
2-6 3-1 4-5
6-5 1-4 2-3
3-6 4-2 5-1`,
	8: `1-8 2-7 3-6 4-5
8-5 6-4 7-3 1-2
2-8 3-1 4-7 5-6
8-6 7-5 1-4 2-3
3-8 4-2 5-1 6-7
8-7 1-6 2-5 3-4
4-8 5-3 6-2 7-1`,
	10: `1-10 2-9 3-8 4-7 5-6
10-6 7-5 8-4 9-3 1-2
2-10 3-1 4-9 5-8 6-7
10-7 8-6 9-5 1-4 2-3
3-10 4-2 5-1 6-9 7-8
10-8 9-7 1-6 2-5 3-4
4-10 5-3 6-2 7-1 8-9
10-9 1-8 2-7 3-6 4-5
5-10 6-4 7-3 8-2 9-1`,
	12: `1-12 2-11 3-10 4-9 5-8 6-7
12-7 8-6 9-5 10-4 11-3 1-2
2-12 3-1 4-11 5-10 6-9 7-8
12-8 9-7 10-6 11-5 1-4 2-3
3-12 4-2 5-1 6-11 7-10 8-9
12-9 10-8 11-7 1-6 2-5 3-4
4-12 5-3 6-2 7-1 8-11 9-10
12-10 11-9 1-8 2-7 3-6 4-5
5-12 6-4 7-3 8-2 9-1 10-11
12-11 1-10 2-9 3-8 4-7 5-6
6-12 7-5 8-4 9-3 10-2 11-1`,
}

func format(rounds [][]Pairing) string {
	var lines []string
	for _, r := range rounds {
		var games []string
		for _, p := range r {
			if p.Black == 0 {
				games = append(games, fmt.Sprintf("%d-bye", p.White))
			} else {
				games = append(games, fmt.Sprintf("%d-%d", p.White, p.Black))
			}
		}
		lines = append(lines, strings.Join(games, " "))
	}
	return strings.Join(lines, "\n")
}

func TestSchedulePublishedTables(t *testing.T) {
	for n, want := range published {
		if got := format(Schedule(n, false)); got != want {
			t.Errorf("%d players:\n got\n%s\n want\n%s", n, got, want)
		}
	}
}

func TestScheduleOddHasBye(t *testing.T) {
	// 5 players: the 6-player table with player 6 as the bye, listed last.
	want := `2-5 3-4 1-bye
5-3 1-2 4-bye
3-1 4-5 2-bye
1-4 2-3 5-bye
4-2 5-1 3-bye`
	if got := format(Schedule(5, false)); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

func TestScheduleDouble(t *testing.T) {
	// 4 players: rounds 2 and 3 of the first cycle exchanged, then the
	// table again with colours reversed.
	want := `1-4 2-3
2-4 3-1
4-3 1-2
4-1 3-2
3-4 2-1
4-2 1-3`
	if got := format(Schedule(4, true)); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// TestScheduleProperties checks every size up to 30, single and double:
// everyone plays everyone once per cycle (with each colour once in a
// double round robin), once per round, the board numbers run 1..k, and
// nobody has the same colour three times running.
func TestScheduleProperties(t *testing.T) {
	for n := 2; n <= 30; n++ {
		for _, double := range []bool{false, true} {
			rounds := Schedule(n, double)
			cycles := 1
			if double {
				cycles = 2
			}
			wantRounds := (n + n%2 - 1) * cycles
			if len(rounds) != wantRounds {
				t.Fatalf("n=%d double=%v: %d rounds, want %d", n, double, len(rounds), wantRounds)
			}
			met := map[[2]int]int{}
			colours := make([]string, n+1)
			for ri, r := range rounds {
				seen := map[int]bool{}
				board := 0
				for _, p := range r {
					if p.Round != ri+1 {
						t.Fatalf("n=%d: round field %d in round %d", n, p.Round, ri+1)
					}
					for _, x := range []int{p.White, p.Black} {
						if x == 0 {
							continue
						}
						if seen[x] || x < 1 || x > n {
							t.Fatalf("n=%d round %d: player %d twice or out of range", n, ri+1, x)
						}
						seen[x] = true
					}
					if p.Black == 0 {
						if p.Board != 0 || n%2 == 0 {
							t.Fatalf("n=%d round %d: unexpected bye %+v", n, ri+1, p)
						}
						colours[p.White] += "-"
						continue
					}
					board++
					if p.Board != board {
						t.Fatalf("n=%d round %d: board %d, want %d", n, ri+1, p.Board, board)
					}
					met[[2]int{p.White, p.Black}]++
					colours[p.White] += "W"
					colours[p.Black] += "B"
				}
				if len(seen) != n {
					t.Fatalf("n=%d round %d: %d players, want %d", n, ri+1, len(seen), n)
				}
			}
			for a := 1; a <= n; a++ {
				for b := a + 1; b <= n; b++ {
					ab, ba := met[[2]int{a, b}], met[[2]int{b, a}]
					if (!double && ab+ba != 1) || (double && (ab != 1 || ba != 1)) {
						t.Fatalf("n=%d double=%v: %d-%d met %d+%d times", n, double, a, b, ab, ba)
					}
				}
				played := strings.ReplaceAll(colours[a], "-", "")
				if strings.Contains(played, "WWW") || strings.Contains(played, "BBB") {
					t.Errorf("n=%d double=%v: player %d colours %s", n, double, a, colours[a])
				}
			}
		}
	}
}

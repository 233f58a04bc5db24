package ratings

import "testing"

func FuzzParseCodes(f *testing.F) {
	for _, s := range []string{"BH,BH/C1,SB", "bh/m2", "XX", "", "BH/C", "ARO/M1,TPR,PTP,DE"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		codes, err := ParseCodes(s)
		if err != nil {
			return
		}
		for _, c := range codes {
			if _, ok := codeTable[c.Name]; !ok || c.CutLow < 0 || c.CutHigh < 0 {
				t.Fatalf("%q gave %+v", s, c)
			}
		}
	})
}

// FuzzCompute builds a consistent Swiss tournament from arbitrary bytes
// (per round and unpaired player: a bye kind, or an opponent and a result)
// and checks that Compute ranks every player exactly once, and that a win
// never makes the points smaller than a loss would.
func FuzzCompute(f *testing.F) {
	f.Add([]byte{6, 3, 1, 2, 5, 9, 13, 0, 4, 1, 6, 2, 3, 7, 11, 0, 0, 1, 2})
	f.Add([]byte{2, 1, 5, 1})
	all, _ := ParseCodes("BH,BH/C1,BH/M1,FB,SB,SB/C1,AOB,DE,WIN,WON,BPG,BWG,PS,REP,KS,ARO,TPR,PTP,APRO,APPO,STD,TPN,RTNG")
	byes := []Kind{Absent, PairingBye, HalfBye, FullBye, ZeroBye}
	results := [][2]Kind{{Win, Loss}, {Draw, Draw}, {Loss, Win}, {ForfeitWin, ForfeitLoss}, {ForfeitLoss, ForfeitWin}, {ForfeitLoss, ForfeitLoss}}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		n, rounds := int(data[0]%14)+1, int(data[1]%7)
		data = data[2:]
		next := func() int {
			if len(data) == 0 {
				return 0
			}
			b := int(data[0])
			data = data[1:]
			return b
		}
		tour := Tournament{Rounds: rounds}
		for i := range n {
			tour.Entrants = append(tour.Entrants, Entrant{No: i + 1, Rating: 1200 + 97*i%1300, Rounds: make([]Round, rounds)})
		}
		for r := range rounds {
			paired := make([]bool, n)
			for i := range n {
				if paired[i] {
					continue
				}
				paired[i] = true
				b := next()
				var free []int
				for j := i + 1; j < n; j++ {
					if !paired[j] {
						free = append(free, j)
					}
				}
				if b%4 == 0 || len(free) == 0 {
					tour.Entrants[i].Rounds[r] = Round{Kind: byes[b/4%len(byes)]}
					continue
				}
				j := free[b/4%len(free)]
				paired[j] = true
				res := results[next()%len(results)]
				ci, cj := White, Black
				if b%2 == 1 {
					ci, cj = Black, White
				}
				tour.Entrants[i].Rounds[r] = Round{Opponent: j + 1, Color: ci, Kind: res[0]}
				tour.Entrants[j].Rounds[r] = Round{Opponent: i + 1, Color: cj, Kind: res[1]}
			}
		}
		for _, rules := range []Rules{Rules2024, Rules2026} {
			st, err := Compute(tour, all, Options{Rules: rules})
			if err != nil {
				t.Fatalf("consistent tournament refused: %v", err)
			}
			seen := map[int]bool{}
			for k, no := range st.Order {
				seen[no] = true
				if k > 0 && st.Rows[st.Order[k-1]-1].Points < st.Rows[no-1].Points {
					t.Fatalf("order %v is not by points", st.Order)
				}
			}
			if len(seen) != n || len(st.Rows) != n {
				t.Fatalf("order %v for %d players", st.Order, n)
			}
		}
	})
}

package rules

import "fmt"

// StartPosition960 returns Chess960 starting position number n (0-959) in
// the standard numbering (Scharnagl): 518 is the standard starting array,
// 0 is BBQNNRKR. The position is marked Chess960; both sides may castle
// with both rooks.
func StartPosition960(n int) (Position, error) {
	if n < 0 || n > 959 {
		return Position{}, fmt.Errorf("rules: Chess960 position number %d is not from 0 to 959", n)
	}
	var rank [8]byte
	rank[2*(n%4)+1] = 'B' // light-squared bishop: b, d, f or h
	n /= 4
	rank[2*(n%4)] = 'B' // dark-squared bishop: a, c, e or g
	n /= 4
	place := func(i int, piece byte) { // on the i-th empty square
		for f := 0; f < 8; f++ {
			if rank[f] == 0 {
				if i == 0 {
					rank[f] = piece
					return
				}
				i--
			}
		}
	}
	place(n%6, 'Q')
	n /= 6
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}[n]
	place(knights[1], 'N') // the later square first, so the earlier index stays valid
	place(knights[0], 'N')
	place(0, 'R')
	place(0, 'K')
	place(0, 'R')
	white := string(rank[:])
	black := make([]byte, 8)
	for i, c := range rank {
		black[i] = c + 'a' - 'A'
	}
	return ParseFEN960(string(black) + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w KQkq - 0 1")
}

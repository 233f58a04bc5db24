// Package roundrobin schedules all-play-all tournaments with the Berger
// tables of FIDE C.05 Annex 1.
//
// For an even number of players n there are n-1 rounds. In round 1 the
// players 1..n/2 meet n..n/2+1, the lower number with White; player n
// meets one player per round on board 1, with White in the even rounds;
// the other players keep their places in a ring that turns by n/2 places
// from one round to the next. This reproduces the published tables (for
// 4 to 16 players) exactly. With an odd number of players the dummy player
// n+1 completes the table and whoever meets him has the bye.
//
// A double round robin repeats the table with colours reversed. As C.05
// Annex 1 recommends, the last two rounds of the first cycle are played
// in reverse order, so that nobody has the same colour three times in a
// row across the cycles.
package roundrobin

// Pairing is one board of a round: White plays Black. Black is 0 for a bye
// (the player who meets the dummy of an odd table); the bye is listed
// after the games, with Board 0.
type Pairing struct {
	Round, Board, White, Black int
}

// Schedule returns the rounds of a round robin of `players` players
// (numbered 1..players by their drawn numbers), index 0 = round 1. It
// returns nil for fewer than 2 players.
func Schedule(players int, double bool) [][]Pairing {
	if players < 2 {
		return nil
	}
	table := berger(players)
	dummy := 0
	if players%2 == 1 {
		dummy = players + 1
	}
	if !double {
		return number(table, dummy)
	}
	first := append([][][2]int(nil), table...)
	if k := len(first); k >= 3 {
		first[k-2], first[k-1] = first[k-1], first[k-2]
	}
	rounds := first
	for _, r := range table {
		rev := make([][2]int, len(r))
		for i, g := range r {
			rev[i] = [2]int{g[1], g[0]}
		}
		rounds = append(rounds, rev)
	}
	return number(rounds, dummy)
}

// berger returns the games of each round as (white, black) pairs in
// table order, the dummy player of an odd table included (number n+1).
func berger(players int) [][][2]int {
	n := players + players%2
	ring := make([]int, n-1) // the players other than n, in their places
	for i := range ring {
		ring[i] = i + 1
	}
	var rounds [][][2]int
	for r := 1; r <= n-1; r++ {
		games := make([][2]int, 0, n/2)
		if r%2 == 1 {
			games = append(games, [2]int{ring[0], n})
		} else {
			games = append(games, [2]int{n, ring[0]})
		}
		for i := 1; i < n/2; i++ {
			games = append(games, [2]int{ring[i], ring[n-1-i]})
		}
		rounds = append(rounds, games)
		next := make([]int, n-1)
		for i := range next {
			next[i] = ring[(i+n/2)%(n-1)]
		}
		ring = next
	}
	return rounds
}

// number turns table games into Pairings: board numbers in table order,
// a game against the dummy (0 when there is none) as a bye listed last.
func number(rounds [][][2]int, dummy int) [][]Pairing {
	out := make([][]Pairing, len(rounds))
	for r, games := range rounds {
		var bye []Pairing
		for _, g := range games {
			switch dummy {
			case g[0]:
				bye = append(bye, Pairing{Round: r + 1, White: g[1]})
			case g[1]:
				bye = append(bye, Pairing{Round: r + 1, White: g[0]})
			default:
				out[r] = append(out[r], Pairing{Round: r + 1, Board: len(out[r]) + 1, White: g[0], Black: g[1]})
			}
		}
		out[r] = append(out[r], bye...)
	}
	return out
}

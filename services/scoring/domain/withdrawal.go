package domain

import (
	"github.com/hakem-chess/hakem/pairing/roundrobin"
	"github.com/hakem-chess/hakem/ratings"
	"github.com/hakem-chess/hakem/services/internal/tournament"
)

// RoundRobinWithdrawals applies to the table rt of a round robin after
// round (Table's) the FIDE rule for a player who leaves it — withdrawn or
// expelled, not paired from some round on (tournament.Tournament.Status):
//
//   - having played fewer than half of his scheduled games (games played
//     over the board, W D L included, against the games the Berger table
//     gives him in the tournament's rounds), his results are cancelled for
//     the standings: every round of his is absent (no points), and each
//     opponent's round against him, played or not, is the round free that
//     the pairing gives for his games after he left (a pairing-allocated
//     bye, as the Berger table's bye) — as if he had not taken part;
//   - having played at least half, his results stand and his games not
//     played after he left count as forfeits: a forfeit loss for him and a
//     forfeit win for the opponent (in place of the round free), without
//     colour.
//
// It changes the standings and the crosstable only: the games played stay
// rated (RatingChanges reads Table), and the TRF export keeps the rounds
// as the pairing recorded them. A Swiss is left as it is. Half done: the
// FIDE text was applied as summarised above (the handbook's wording was
// not at hand); a game between two players who had both left by its round
// is absent for both.
func RoundRobinWithdrawals(t *tournament.Tournament, rt *ratings.Tournament, round int) {
	if t.Created.System != "round-robin" || len(rt.Entrants) != len(t.Players) {
		return
	}
	schedule := roundrobin.Schedule(len(t.Players), false)
	total := min(t.TotalRounds(), len(schedule))
	// opponent[n][r] is player n's opponent (1-based) in round r+1 of the
	// table, 0 for his bye
	opponent := make([][]int, len(t.Players)+1)
	for n := range opponent {
		opponent[n] = make([]int, total)
	}
	for r := range total {
		for _, p := range schedule[r] {
			if p.Black != 0 {
				opponent[p.White][r], opponent[p.Black][r] = p.Black, p.White
			}
		}
	}
	left := func(n int) int { // the round from which player n is not paired, 0 if none
		id := t.Players[n-1].PlayerID
		from := t.WithdrawnFrom(id)
		if e := t.ExpelledFrom(id); e > 0 && (from == 0 || e < from) {
			from = e
		}
		return from
	}
	rounds := min(round, total, rt.Rounds)
	var cancelled []int
	for n := 1; n <= len(t.Players); n++ {
		from := left(n)
		if from == 0 || from > round+1 {
			continue
		}
		scheduled, played := 0, 0
		for r := range total {
			if opponent[n][r] != 0 {
				scheduled++
			}
		}
		for r := range rounds {
			if rt.Entrants[n-1].Rounds[r].Kind.Played() {
				played++
			}
		}
		if 2*played < scheduled {
			cancelled = append(cancelled, n)
			continue
		}
		for r := from - 1; r < rounds; r++ {
			o := opponent[n][r]
			if o == 0 || (left(o) > 0 && left(o) <= r+1) {
				continue
			}
			rt.Entrants[n-1].Rounds[r] = ratings.Round{Opponent: o, Kind: ratings.ForfeitLoss}
			rt.Entrants[o-1].Rounds[r] = ratings.Round{Opponent: n, Kind: ratings.ForfeitWin}
		}
	}
	for _, n := range cancelled {
		for r := range rounds {
			rt.Entrants[n-1].Rounds[r] = ratings.Round{Kind: ratings.Absent}
			o := opponent[n][r]
			switch {
			case o == 0:
			case left(o) > 0 && left(o) <= r+1:
				// the opponent had left too: absent, his forfeit against n
				// (if any) cancelled with n's results
				rt.Entrants[o-1].Rounds[r] = ratings.Round{Kind: ratings.Absent}
			default:
				rt.Entrants[o-1].Rounds[r] = ratings.Round{Kind: ratings.PairingBye}
			}
		}
	}
}

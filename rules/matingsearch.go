package rules

// matingSearchBudget bounds the positions a cooperative mating search may
// visit.
const matingSearchBudget = 20000

// helpmateSearch looks for a checkmate of c's opponent by exploring, breadth
// first, every position reachable from p by legal moves of both sides (the
// opponent cooperating). It returns MatingPossible when it finds one,
// MatingImpossible when every reachable position has been seen without one,
// and MatingUnknown when more than budget distinct positions are reachable.
// Positions are told apart by their Zobrist key (article 9.2 identity); a
// 64-bit key collision could in theory hide a position, the one way this
// search can err.
func helpmateSearch(p Position, c Color, budget int) MatingAbility {
	a, _ := helpmateSearchSeen(p, c, budget)
	return a
}

// provedNoMate reports whether c is proved unable to mate from q without
// a search (insufficient material, or a locked structure proved).
func provedNoMate(q *Position, c Color) bool {
	return insufficientMaterial(q, c) || lockedCannotMate(q, c) == lockProved
}

// helpmateSearchSeen is helpmateSearch that also returns the keys of the
// positions it reached. When the answer is MatingImpossible, no position in
// that set can lead to c's mate either (what it can reach, p can reach).
func helpmateSearchSeen(p Position, c Color, budget int) (MatingAbility, map[uint64]struct{}) {
	seen := make(map[uint64]struct{}, 256)
	seen[p.Hash()] = struct{}{}
	queue := []Position{p}
	buf := make([]Move, 0, 256)
	for head := 0; head < len(queue); head++ {
		q := &queue[head]
		if head > 0 && provedNoMate(q, c) {
			continue // nothing reachable from here mates either
		}
		moves := q.LegalMoves(buf[:0])
		if len(moves) == 0 {
			if q.InCheck() && q.Turn() != c {
				return MatingPossible, seen
			}
			continue
		}
		for _, m := range moves {
			n := q.Play(m)
			h := n.Hash()
			if _, ok := seen[h]; ok {
				continue
			}
			if len(seen) >= budget {
				return MatingUnknown, seen
			}
			seen[h] = struct{}{}
			queue = append(queue, n)
			q = &queue[head] // append may have moved the queue
		}
		// Positions already expanded are no longer needed.
		if head > 4096 && head*2 > len(queue) {
			queue = append(queue[:0:0], queue[head+1:]...)
			head = -1
		}
	}
	return MatingImpossible, seen
}

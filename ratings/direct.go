package ratings

import "sort"

// directEncounter computes DE for the players tied in rank (the rank after
// points and the tie-breaks before DE). Within each tied group the players
// are ordered by their points in the games they played against each other
// (the mean when two met more than once). If they have not all met, a
// player goes ahead only when his score exceeds what any player below him
// could still reach (his score plus a win per opponent not met). The rule
// is then applied again within every group still tied, until nothing
// changes. The value is the place within the tied group, 1 first, and 0
// for everyone when the group stays tied.
func (c *calc) directEncounter(rank []int) []Value {
	n := len(rank)
	val := make([]int, n)
	copy(val, rank)
	active := make([]bool, n)
	for i := range active {
		active[i] = true
	}
	for loop := 0; loop < 30; loop++ {
		groups := map[int][]int{}
		for p := range n {
			groups[val[p]] = append(groups[val[p]], p)
		}
		changed := false
		next := make([]bool, n)
		for base, g := range groups {
			if len(g) < 2 || !active[g[0]] {
				continue
			}
			if c.separate(base, g, val) {
				changed = true
				for _, p := range g {
					next[p] = true
				}
			}
		}
		if !changed {
			break
		}
		active = next
	}
	out := make([]Value, n)
	byRank := map[int][]int{}
	for p := range n {
		byRank[rank[p]] = append(byRank[rank[p]], p)
	}
	for _, g := range byRank {
		lo, hi := val[g[0]], val[g[0]]
		for _, p := range g {
			lo = min(lo, val[p])
			hi = max(hi, val[p])
		}
		for _, p := range g {
			if lo == hi {
				out[p] = Value{0, true}
			} else {
				out[p] = Value{float64(val[p] - lo + 1), true}
			}
		}
	}
	return out
}

// separate orders one tied group g (all with val == base) by their mutual
// results and writes the new places into val. It reports whether any player
// was separated.
func (c *calc) separate(base int, g []int, val []int) bool {
	in := map[int]bool{}
	for _, p := range g {
		in[p] = true
	}
	type rec struct {
		p            int
		score, reach float64
		metAll       bool
	}
	recs := make([]rec, len(g))
	allMet := true
	for i, p := range g {
		sum := map[int]float64{}
		cnt := map[int]int{}
		for r, rd := range c.rd[p] {
			if rd.Kind.Played() && in[rd.Opponent-1] {
				sum[rd.Opponent-1] += c.pts[p][r]
				cnt[rd.Opponent-1]++
			}
		}
		s := 0.0
		for o := range sum {
			s += sum[o] / float64(cnt[o])
		}
		met := len(sum)
		recs[i] = rec{p: p, score: s, reach: s + float64(len(g)-1-met)*c.ps.Win, metAll: met == len(g)-1}
		if met < len(g)-1 {
			allMet = false
		}
	}
	sort.SliceStable(recs, func(a, b int) bool {
		if recs[a].score != recs[b].score {
			return recs[a].score > recs[b].score
		}
		if !allMet && recs[a].reach != recs[b].reach {
			return recs[a].reach > recs[b].reach
		}
		return recs[a].p < recs[b].p
	})
	changes := 0
	place := base
	if allMet {
		for i := 1; i < len(recs); i++ {
			if recs[i].score != recs[i-1].score {
				place = base + i
				changes++
			}
			val[recs[i].p] = place
		}
		return changes > 0
	}
	unique := true
	for i := 1; i < len(recs); i++ {
		best := recs[i].reach
		for _, r := range recs[i:] {
			best = max(best, r.reach)
		}
		if unique && recs[i-1].score > best {
			place = base + i
			changes++
		} else {
			unique = false
		}
		val[recs[i].p] = place
	}
	return changes > 0
}

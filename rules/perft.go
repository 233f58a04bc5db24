package rules

import "sort"

// Perft counts the leaf nodes of the legal move tree of depth plies from p,
// counting the moves at the last ply without playing them (bulk counting).
// Perft(p, 0) is 1.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	st := newPerftStack(p, depth)
	return st.bulk(0, depth)
}

// perftStack holds one position per ply, so that the recursion plays moves
// into preallocated positions (copy-make without a heap allocation per node).
type perftStack struct {
	pos []Position
}

func newPerftStack(p Position, depth int) *perftStack {
	st := &perftStack{pos: make([]Position, depth+1)}
	st.pos[0] = p
	return st
}

func (st *perftStack) bulk(ply, depth int) uint64 {
	p := &st.pos[ply]
	if depth == 1 {
		return uint64(p.countLegal())
	}
	var buf [maxMoves]Move
	moves := p.generate(buf[:0])
	child := &st.pos[ply+1]
	var n uint64
	for _, m := range moves {
		*child = *p
		child.PlayInPlace(m)
		n += st.bulk(ply+1, depth-1)
	}
	return n
}

// PerftNoBulk is Perft without bulk counting: every leaf move is played.
func PerftNoBulk(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	st := newPerftStack(p, depth)
	return st.full(0, depth)
}

func (st *perftStack) full(ply, depth int) uint64 {
	p := &st.pos[ply]
	var buf [maxMoves]Move
	moves := p.generate(buf[:0])
	child := &st.pos[ply+1]
	if depth == 1 {
		for _, m := range moves {
			*child = *p
			child.PlayInPlace(m)
		}
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		*child = *p
		child.PlayInPlace(m)
		n += st.full(ply+1, depth-1)
	}
	return n
}

// DivideLine is one root move of PerftDivide with its subtree's node count.
type DivideLine struct {
	Move  Move
	UCI   string
	Nodes uint64
}

// PerftDivide returns, for each legal move at the root, the perft count of
// depth-1 below it, sorted by UCI string. The total is the sum of Nodes.
// A depth below 1 gives no lines.
func PerftDivide(p Position, depth int) []DivideLine {
	if depth < 1 {
		return nil
	}
	var buf [maxMoves]Move
	var out []DivideLine
	for _, m := range p.generate(buf[:0]) {
		child := p.Play(m)
		out = append(out, DivideLine{Move: m, UCI: p.UCI(m), Nodes: Perft(child, depth-1)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].UCI < out[j].UCI })
	return out
}

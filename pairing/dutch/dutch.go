// Package dutch pairs a round of a Swiss tournament by the FIDE Dutch
// system (C.04.3 as revised in 2025, in force from 2026), giving the same
// pairing, colours and board order as the endorsed engine bbpPairings 6.
//
// The pairing is a sequence of maximum-weight matchings on the graph of all
// players still to pair. An edge weight packs the criteria in priority
// order: the absolute criteria (C1–C3) remove the edge; then completion of
// the round (C4) and bye eligibility; the number of pairs and the scores
// paired in the current bracket (C6, C7) and in the next one (C8); the
// unplayed games of the bye assignee (C9); colour preferences (C10–C13);
// repeated floats (C14–C21). The criteria are one table (criteria, in
// criteria.go): each one's field width, its value for an edge and the texts
// of the explanation and of HandChange, from which the weight, its width and
// the explanation's fields are all derived. The fields that hold one
// counter per score group give counters only to the groups of the bracket
// being paired (counters.go), which keeps a weight a few words wide. Brackets are processed from the top score
// group down; each bracket's choices are fixed one by one (moved-down
// players first, then exchanges between S1 and S2, then the S1 players'
// opponents in order) by re-running the matching with a small preference
// added to the candidate edges, so that the result is the first pairing in
// the order of C.04.3's transpositions and exchanges among all optimal ones.
//
// Where the rules leave room for reading, the engine reads them as
// bbpPairings 6.0.0 does (checked on 538 of its pairings, all reproduced):
// an unplayed round floats a player down only when it scored more than a
// loss, and floats nobody otherwise; forfeited games are not games played
// (the players may meet again, and they give no colour); C9 ranks the bye
// candidates of the bye assignee's score by games played, the one with most
// games getting the bye; the last-round exception lets two topscorers (more
// than half the maximum score) with the same absolute colour preference
// meet; boards are ordered by the higher score of the pair, then the lower
// score, then the higher player's pairing number, the bye last.
//
// The matching is kept up to date between the steps of a bracket by a
// matching.Matcher, which re-optimises from the previous optimum instead
// of starting afresh; the players below the bracket's next score group,
// whose edges all weigh alike, are scanned last (matching.Matcher.Distant).
// In an odd field the bye assignee's score, on which the weights depend,
// is found first by a matching of the most pairs without weights
// (byeGroup, in bye.go).
package dutch

import (
	"errors"
	"fmt"
	"sort"

	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/matching"
)

// ErrNoPairing is returned when no pairing satisfies the absolute criteria.
var ErrNoPairing = errors.New("dutch: no pairing satisfies the absolute criteria")

// Result is the pairing of a round.
type Result struct {
	Boards []pairing.Board // in board order; the bye, if any, last with Black == 0
	Notes  []string        // the explanation, when asked for
}

// Options tune Pair.
type Options struct {
	Explain bool // fill Result.Notes
	// Memory, when set, is the working memory Pair pairs in: a caller
	// that pairs round after round (a generator, a simulation) lends the
	// same one to every round, which then re-uses the last round's instead
	// of allocating its own. The pairing is the same either way.
	Memory *Memory
}

// Memory is the engine's working memory kept between calls of Pair: the
// matching graph and its Matcher, and a bracket's weights. The zero Memory is ready to use; a
// Memory serves one call of Pair at a time.
type Memory struct {
	g       *matching.Graph
	m       *matching.Matcher
	weights *bracketWeights // the last bracket's weights
}

// matcher returns a graph of n vertices and no edges whose weights are
// words wide, and its Matcher, in mem's memory when mem is not nil.
func (mem *Memory) matcher(n, words int) (*matching.Graph, *matching.Matcher, error) {
	if mem != nil && mem.g != nil {
		if err := mem.g.Reset(n, words); err != nil {
			return nil, nil, err
		}
		mem.m.Reset()
		return mem.g, mem.m, nil
	}
	g, err := matching.NewGraph(n, words)
	if err != nil {
		return nil, nil, err
	}
	m := matching.NewMatcher(g)
	if mem != nil {
		mem.g, mem.m = g, m
	}
	return g, m, nil
}

type engine struct {
	t       *pairing.Tournament
	opt     Options
	all     []*pairing.Player
	sorted  []*entrant // by score then rank: the vertices of the graph
	lay     layout
	g       *matching.Graph
	played  int
	byScore pairing.Score // score of the bye assignee
	single  bool          // C9 applies: the bye assignee is the single downfloater
	ranks   []uint64      // C9: by number of games played, the worth of pairing a player of the bye assignee's score
	forbid  [][]int32     // by vertex: vertices he may not meet
	notes   []string
	matcher *matching.Matcher
	fixed   []int        // by vertex: the partner of a pair already fixed, or -1
	active  []bool       // by vertex: still to be matched
	view    *bracketView // the explanation's copy of the bracket being paired
	wide    bool         // one counter per score group of the round (counters.go)
	mate    []int        // the matcher's last mates (compute)
	// weighing is edgeWeight's builder and edge
	weighing struct {
		b builder
		x edgeCase
	}
}

// Pair pairs the round t.Round of t.
func Pair(t *pairing.Tournament, opt Options) (*Result, error) {
	r, err := pair(t, opt, false)
	if errors.Is(err, errWiden) {
		return pair(t, opt, true)
	}
	return r, err
}

// pair pairs the round; wide gives one counter per score group of the round
// (see counters.go).
func pair(t *pairing.Tournament, opt Options, wide bool) (*Result, error) {
	e := newEngine(t, opt, wide)
	if len(e.sorted) == 0 {
		return &Result{}, nil
	}
	if len(e.sorted) == 1 {
		return &Result{Boards: []pairing.Board{{White: e.sorted[0].StartNo}}}, nil
	}
	if opt.Explain {
		var absent []string
		for _, p := range t.Players {
			if p.Absent {
				absent = append(absent, fmt.Sprint(p.StartNo))
			}
		}
		e.notef("Round %d of %d: %d players to pair (by score, then pairing number; ratings are not used); not paired: %v", t.Round, t.TotalRounds, len(e.sorted), absent)
		for _, p := range t.Players {
			for r, a := range p.Adjustments {
				if a != 0 {
					e.notef("Points assigned apart from the games (299), counted in the score: %d %+.1f in round %d", p.StartNo, float64(a)/10, r)
				}
			}
		}
	}
	if e.withoutHistory() {
		return e.result(e.natural()), nil
	}
	mate, err := e.run()
	if err != nil {
		return nil, err
	}
	return e.result(mate), nil
}

// newEngine reads the players to pair from t: their order (e.sorted) and
// the pairs they may not make (e.forbid).
func newEngine(t *pairing.Tournament, opt Options, wide bool) *engine {
	e := &engine{t: t, opt: opt, played: t.Round - 1, wide: wide}
	e.all = make([]*pairing.Player, len(t.Players))
	for i := range t.Players {
		e.all[i] = &t.Players[i]
	}
	rank := 0
	e.sorted = make([]*entrant, 0, len(t.Players))
	for i := range t.Players {
		p := &t.Players[i]
		valid := !p.Absent
		for _, g := range p.Games {
			if g.Paired {
				valid = true
			}
		}
		if !valid {
			continue
		}
		if !p.Absent {
			en := newEntrant(t, i, rank)
			computeFloats(t, e.all, en)
			e.sorted = append(e.sorted, en)
		}
		rank++
	}
	sort.SliceStable(e.sorted, func(i, j int) bool { return e.higher(e.sorted[i], e.sorted[j]) })
	vertexOf := make([]int, len(t.Players)) // by player index: his vertex, -1 when not paired
	for i := range vertexOf {
		vertexOf[i] = -1
	}
	for v, en := range e.sorted {
		vertexOf[en.index] = v
	}
	vertex := func(i int) (int, bool) {
		if i < 0 || i >= len(vertexOf) || vertexOf[i] < 0 {
			return 0, false
		}
		return vertexOf[i], true
	}
	e.forbid = make([][]int32, len(e.sorted))
	for v, en := range e.sorted {
		for _, g := range en.Games {
			if g.Played {
				if u, ok := vertex(g.Opponent); ok {
					e.forbid[v] = append(e.forbid[v], int32(u))
				}
			}
		}
		for _, o := range en.Forbidden {
			if u, ok := vertex(o); ok {
				e.forbid[v] = append(e.forbid[v], int32(u))
				e.forbid[u] = append(e.forbid[u], int32(v))
			}
		}
	}
	return e
}

// higher reports whether a comes before b in the pairing order: higher
// score (with acceleration), then lower pairing number.
func (e *engine) higher(a, b *entrant) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	return a.rank < b.rank
}

func (e *engine) compatible(a, b int) bool {
	p, q := e.sorted[a], e.sorted[b]
	if met(e.forbid[a], b) || met(e.forbid[b], a) {
		return false
	}
	return e.coloursAllow(p, q)
}

// coloursAllow reports whether the colours let p and q meet (C3): not when
// both have the same absolute colour preference, unless one of them is a
// topscorer in the last round.
func (e *engine) coloursAllow(p, q *entrant) bool {
	if !p.absolute() || !q.absolute() || p.preference != q.preference {
		return true
	}
	if e.played >= e.t.TotalRounds-1 {
		top := pairing.Score(e.played) * max(e.t.Points.Win, e.t.Points.Draw) / 2
		return p.score > top || q.score > top
	}
	return false
}

// met reports whether vertex v is in list.
func met(list []int32, v int) bool {
	for _, u := range list {
		if int(u) == v {
			return true
		}
	}
	return false
}

func (e *engine) byeCandidate(p *entrant) bool {
	return p.byeEligible && p.score <= e.byScore
}

func compatiblePreferences(a, b pairing.Color) bool {
	return a != b || a == pairing.NoColor || b == pairing.NoColor
}

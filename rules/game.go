package rules

import "errors"

// Game is a game as the arbiter follows it: the start position, the moves
// played, the current position and the article 9.2 key of every position
// reached. It answers the questions of the end of the game (Status) in
// time proportional to the moves since the last pawn move or capture.
//
// It keeps three positions, not one per ply (a position is about 200
// bytes and a server keeps thousands of live games): the start, the
// current one and the one before the last move, so that a move tried and
// taken back (Play then Undo, as a decision on a move does) costs no
// replay. An older position (PositionAt, a second Undo) is replayed from
// the start, which is rare (rulings on an illegal move) and costs some
// 25 ns a ply. A Game is not safe for concurrent use (as before: Play and
// Undo change it); its caller serialises.
type Game struct {
	moves []Move
	// start is the position before the first move: the package's standard
	// start position, shared and never changed, when the game starts from
	// it (192 bytes a game spared), else the game's own copy.
	start *Position
	cur   Position // the position after every move
	// prev is the position before the last move, while hasPrev (after a
	// Play; an Undo uses it up)
	prev    Position
	hasPrev bool
	keys    []uint64 // keys[i] is the Hash of the position after i plies

	// Memory of mating searches in locked positions (see deadPosition), per
	// side: keys of positions from which that side proved unable to mate,
	// and the last position searched without that proof.
	noMate      [2]map[uint64]struct{}
	searched    [2]uint64
	searchedSet [2]bool
}

// Errors of Game.Play and Game.Undo.
var (
	ErrIllegalMove  = errors.New("rules: illegal move")
	ErrNoMoveToUndo = errors.New("rules: no move to undo")
)

// initialPlies is how many plies a new Game has room for before its
// slices (moves and keys, 12 bytes a ply) grow by doubling, as append does:
// a few, since a server folds a Game for every live game and a reserve of
// 64 plies (832 bytes) was mostly empty in short or young games; a game of
// 80 plies pays four copies of a few hundred bytes on the way.
const initialPlies = 8

// NewGame starts a game from start.
func NewGame(start Position) *Game {
	g := &Game{
		moves: make([]Move, 0, initialPlies),
		start: &startPosition,
		cur:   start,
		keys:  make([]uint64, 1, initialPlies+1),
	}
	if start != StartPosition() {
		own := start
		g.start = &own
	}
	g.keys[0] = start.Hash()
	return g
}

// Position returns the current position.
func (g *Game) Position() Position { return g.cur }

// current points at the current position (no copy).
func (g *Game) current() *Position { return &g.cur }

// Start returns the position the game started from.
func (g *Game) Start() Position { return *g.start }

// Moves returns the moves played, in order. The slice must not be changed.
func (g *Game) Moves() []Move { return g.moves }

// Ply returns the number of moves played (half-moves).
func (g *Game) Ply() int { return len(g.moves) }

// PositionAt returns the position after ply half-moves (0: the start
// position); one before the last move but one is replayed from the
// start. It panics if ply is outside 0..Ply(), like a slice index.
func (g *Game) PositionAt(ply int) Position {
	_ = g.keys[ply] // the bounds check: 0..Ply()
	switch {
	case ply == len(g.moves):
		return g.cur
	case ply == len(g.moves)-1 && g.hasPrev:
		return g.prev
	}
	return g.replay(ply)
}

// replay plays the first ply moves from the start.
func (g *Game) replay(ply int) Position {
	p := *g.start
	for _, m := range g.moves[:ply] {
		p.PlayInPlace(m)
	}
	return p
}

// Play plays m if it is legal in the current position; an illegal move is
// rejected with ErrIllegalMove and changes nothing.
func (g *Game) Play(m Move) error {
	cur := g.current()
	if !cur.IsLegal(m) {
		return ErrIllegalMove
	}
	g.prev, g.hasPrev = *cur, true
	cur.PlayInPlace(m)
	g.moves = append(g.moves, m)
	g.keys = append(g.keys, cur.Hash())
	return nil
}

// PlaySAN reads a move in SAN in the current position and plays it.
func (g *Game) PlaySAN(s string) (Move, error) {
	m, err := g.current().ParseSAN(s)
	if err != nil {
		return NoMove, err
	}
	return m, g.Play(m)
}

// PlayUCI reads a move in UCI notation in the current position and plays it.
func (g *Game) PlayUCI(s string) (Move, error) {
	m, err := g.current().ParseUCI(s)
	if err != nil {
		return NoMove, err
	}
	return m, g.Play(m)
}

// Undo takes back the last move, as when the last legal position is
// reinstated after an illegal move (article 7.4 of the 1997 Laws, 7.5 of
// the 2023 Laws).
func (g *Game) Undo() error {
	if len(g.moves) == 0 {
		return ErrNoMoveToUndo
	}
	g.moves = g.moves[:len(g.moves)-1]
	g.keys = g.keys[:len(g.keys)-1]
	if g.hasPrev {
		g.cur, g.hasPrev = g.prev, false
	} else {
		g.cur = g.replay(len(g.moves))
	}
	return nil
}

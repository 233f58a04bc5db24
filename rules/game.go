package rules

import "errors"

// Game is a game as the arbiter follows it: the start position, the moves
// played, every position reached and its article 9.2 key. It answers the
// questions of the end of the game (Status) in time proportional to the
// moves since the last pawn move or capture.
type Game struct {
	moves     []Move
	positions []Position // positions[i] is the position after i plies
	keys      []uint64   // keys[i] = positions[i].Hash()

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
// slices grow (by doubling, as append does): a position is about 200
// bytes and a server keeps thousands of live games, so room for 64 plies
// (13 kB) rather than 128 (25 kB); a game past ply 64 pays one copy of its
// positions then (BenchmarkGamePlayAndStatus's 81 plies: ~50 ns more per
// ply on average, none for the first 64).
const initialPlies = 64

// NewGame starts a game from start.
func NewGame(start Position) *Game {
	g := &Game{
		moves:     make([]Move, 0, initialPlies),
		positions: make([]Position, 1, initialPlies+1),
		keys:      make([]uint64, 1, initialPlies+1),
	}
	g.positions[0] = start
	g.keys[0] = start.Hash()
	return g
}

// Position returns the current position.
func (g *Game) Position() Position { return g.positions[len(g.positions)-1] }

// current points at the current position (no copy).
func (g *Game) current() *Position { return &g.positions[len(g.positions)-1] }

// Start returns the position the game started from.
func (g *Game) Start() Position { return g.positions[0] }

// Moves returns the moves played, in order. The slice must not be changed.
func (g *Game) Moves() []Move { return g.moves }

// Ply returns the number of moves played (half-moves).
func (g *Game) Ply() int { return len(g.moves) }

// PositionAt returns the position after ply half-moves (0: the start
// position). It panics if ply is outside 0..Ply(), like a slice index.
func (g *Game) PositionAt(ply int) Position { return g.positions[ply] }

// Play plays m if it is legal in the current position; an illegal move is
// rejected with ErrIllegalMove and changes nothing.
func (g *Game) Play(m Move) error {
	cur := g.current()
	if !cur.IsLegal(m) {
		return ErrIllegalMove
	}
	g.positions = append(g.positions, *cur)
	next := &g.positions[len(g.positions)-1]
	next.PlayInPlace(m)
	g.moves = append(g.moves, m)
	g.keys = append(g.keys, next.Hash())
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
	g.positions = g.positions[:len(g.positions)-1]
	g.keys = g.keys[:len(g.keys)-1]
	return nil
}

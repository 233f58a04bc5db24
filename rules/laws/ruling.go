package laws

import (
	"errors"
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/rules"
)

// Result is the result a ruling gives the game.
type Result uint8

const (
	// Continue: no result, the game goes on.
	Continue Result = iota
	// WhiteWins: 1-0.
	WhiteWins
	// BlackWins: 0-1.
	BlackWins
	// Draw: ½-½.
	Draw
	// BothLose: 0-0 (both players at fault).
	BothLose
	// Annulled: the game is cancelled and a new game is played.
	Annulled
	// Replay: the game is discontinued and played again (colours reversed).
	Replay
)

// String writes the result as on a scoresheet.
func (r Result) String() string {
	switch r {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	case BothLose:
		return "0-0"
	case Annulled:
		return "annulled"
	case Replay:
		return "replay"
	}
	return "*"
}

// Over reports whether the result ends the game.
func (r Result) Over() bool { return r != Continue }

// winFor returns the result of a win by c.
func winFor(c rules.Color) Result {
	if c == rules.White {
		return WhiteWins
	}
	return BlackWins
}

// AdjustKind is a clock adjustment.
type AdjustKind uint8

const (
	// AddTime adds Amount to the side's time.
	AddTime AdjustKind = iota + 1
	// SubtractTime takes Amount from the side's time.
	SubtractTime
	// SetTime sets the side's time to Amount.
	SetTime
)

// String names the adjustment.
func (k AdjustKind) String() string {
	switch k {
	case AddTime:
		return "add"
	case SubtractTime:
		return "subtract"
	case SetTime:
		return "set"
	}
	return "?"
}

// Adjustment is a change a ruling makes to one side's clock. (The clock
// module applies it as an Adjust event.)
type Adjustment struct {
	Side   rules.Color
	Kind   AdjustKind
	Amount time.Duration
}

// String describes the adjustment, e.g. "add 2m0s to white".
func (a Adjustment) String() string {
	prep := "to"
	if a.Kind == SubtractTime {
		prep = "from"
	}
	if a.Kind == SetTime {
		prep = "for"
	}
	return fmt.Sprintf("%s %v %s %s", a.Kind, a.Amount, prep, a.Side)
}

// Ruling is an arbiter's decision: the result (Continue if the game goes
// on), clock adjustments, what must happen on the board, and the article of
// the profile it rests on.
type Ruling struct {
	Profile     string       // the profile's name
	Article     string       // the article the ruling rests on; never empty
	See         []string     // further articles applied
	Result      Result       // Continue: the game goes on
	Adjustments []Adjustment // clock changes, in order
	// Reinstate is the ply of the position to play on from (an illegal move
	// undone); -1 when the position stays.
	Reinstate int
	// MustPlay is a move that must now be played (the intended move of an
	// incorrect claim); rules.NoMove if none.
	MustPlay rules.Move
	// Allowed lists the moves the player may make (touch-move); nil when
	// the ruling does not restrict the move.
	Allowed []rules.Move
	// IllegalMoves is the offender's count of completed illegal moves after
	// the ruling (illegal-move rulings only).
	IllegalMoves int
	// Expelled: the offender is expelled from the event.
	Expelled bool
	// SetIncrement: the clocks are to be set to add this much per move for
	// both players from now on (2023 Guidelines III.4); 0 if unchanged.
	SetIncrement time.Duration
	// Explanation says in words what was decided and why.
	Explanation string
}

// Permits reports whether the ruling allows move m (always true when the
// ruling does not restrict moves).
func (r Ruling) Permits(m rules.Move) bool {
	if r.Allowed == nil {
		return true
	}
	for _, a := range r.Allowed {
		if a == m {
			return true
		}
	}
	return false
}

// Errors of the decision functions.
var (
	ErrNoArticle      = errors.New("a ruling must cite an article")
	ErrNoProfile      = errors.New("a ruling must name its profile")
	ErrGameOver       = errors.New("the game is already over")
	ErrNotOnMove      = errors.New("the claimant does not have the move")
	ErrIllegalMove    = errors.New("the intended move is not legal")
	ErrBelowZero      = errors.New("an adjustment below zero")
	ErrNoGame         = errors.New("no game given")
	ErrNotApplicable  = errors.New("the article does not apply here")
	ErrBadInput       = errors.New("bad input")
	ErrOfferLapsed    = errors.New("the draw offer is no longer valid")
	ErrNotDecidable   = errors.New("the profile has no rule for this case")
	ErrEmptySquare    = errors.New("no piece on a touched square")
	ErrNothingTouched = errors.New("no touched piece given")
)

// Validate checks that a ruling names its profile, cites an article and has
// no negative or unknown clock adjustment.
func (r Ruling) Validate() error {
	if r.Profile == "" {
		return ErrNoProfile
	}
	if r.Article == "" {
		return ErrNoArticle
	}
	for _, a := range r.Adjustments {
		if a.Amount < 0 {
			return fmt.Errorf("%w: %v", ErrBelowZero, a)
		}
		if a.Kind < AddTime || a.Kind > SetTime || a.Side > rules.Black {
			return fmt.Errorf("%w: adjustment %+v", ErrBadInput, a)
		}
	}
	if r.Result > Replay {
		return fmt.Errorf("%w: result %d", ErrBadInput, r.Result)
	}
	return nil
}

// Situation is what the arbiter knows when deciding: the game so far (its
// legal moves), the result if it has already ended, the clock readings at
// the moment of the decision, whether the game is in its last period (all
// remaining moves to be made), and each player's completed illegal moves.
type Situation struct {
	Game             *rules.Game
	Result           Result                // Continue while the game is in progress
	Remaining        [2]time.Duration      // each side's remaining time, indexed by rules.Color
	LastPeriod       bool                  // in the period in which all remaining moves must be completed
	IllegalMoves     [2]int                // completed illegal moves so far, by rules.Color
	TimeAddedPerMove bool                  // the control has an increment or delay (no quickplay finish, 2023 III.2.2)
	MovesMade        func(rules.Color) int // optional; moves made by each player (default: from Game)
}

// moves returns the number of moves c has made.
func (s Situation) moves(c rules.Color) int {
	if s.MovesMade != nil {
		return s.MovesMade(c)
	}
	if s.Game == nil {
		return 0
	}
	start := s.Game.PositionAt(0)
	ply := s.Game.Ply()
	if start.Turn() == c {
		return (ply + 1) / 2
	}
	return ply / 2
}

// check validates the situation's inputs.
func (s Situation) check() error {
	if s.Game == nil {
		return ErrNoGame
	}
	for c, d := range s.Remaining {
		if d < 0 {
			return fmt.Errorf("%w: %s has negative time %v", ErrBadInput, rules.Color(c), d)
		}
	}
	for c, n := range s.IllegalMoves {
		if n < 0 {
			return fmt.Errorf("%w: %s has %d illegal moves", ErrBadInput, rules.Color(c), n)
		}
	}
	if s.Result > Replay {
		return fmt.Errorf("%w: result %d", ErrBadInput, s.Result)
	}
	return nil
}

// over reports whether the game has ended, by a recorded result or by the
// position itself under the profile (checkmate, stalemate, dead position,
// and in 2023 the fivefold repetition and the 75-move rule).
func (p Profile) over(s Situation) (bool, Result) {
	if s.Result.Over() {
		return true, s.Result
	}
	if r, ok := p.GameEnd(s.Game); ok {
		return true, r.Result
	}
	return false, Continue
}

// ruling starts a ruling of profile p citing article.
func (p Profile) ruling(article string, result Result, explanation string, args ...any) Ruling {
	return Ruling{Profile: p.Name, Article: article, Result: result, Reinstate: -1, Explanation: fmt.Sprintf(explanation, args...)}
}

// done validates a ruling before it is returned.
func done(r Ruling) (Ruling, error) {
	if err := r.Validate(); err != nil {
		return Ruling{}, err
	}
	return r, nil
}

package game

import "github.com/hakem-chess/hakem/services/internal/refusal"

// The kinds of refusal; every error the domain returns wraps one of them,
// so that a port can map it to a status code with errors.Is. They are the
// kinds of package refusal, which the arbiter's rulings on a game share
// (httpjson.GameStatus maps them).
var (
	// ErrInvalid: the command itself is malformed (missing player, bad FEN).
	ErrInvalid = refusal.ErrInvalid
	// ErrNotFound: the game does not exist.
	ErrNotFound = refusal.ErrGameNotFound
	// ErrExists: a game with this id already exists.
	ErrExists = refusal.ErrGameExists
	// ErrNotAPlayer: the actor does not play in this game.
	ErrNotAPlayer = refusal.ErrNotAPlayer
	// ErrNotOnMove: the player is not the one on move.
	ErrNotOnMove = refusal.ErrNotOnMove
	// ErrIllegalMove: the move is illegal or unreadable in this position.
	ErrIllegalMove = refusal.ErrIllegalMove
	// ErrFinished: the game is over.
	ErrFinished = refusal.ErrGameOver
	// ErrNoOffer: there is no draw offer to answer, or one is already pending.
	ErrNoOffer = refusal.ErrNoOffer
	// ErrClaimPending: a draw claim awaits the arbiter's ruling.
	ErrClaimPending = refusal.ErrClaimPending
	// ErrFlagFallen: the mover's time ran out before the move.
	ErrFlagFallen = refusal.ErrFlagFallen
	// ErrInProgress: the command needs a game that is over.
	ErrInProgress = refusal.ErrInProgress
	// ErrTouched: a touch-move ruling binds the player's move.
	ErrTouched = refusal.ErrTouched
)

// Refusal is a domain error: its Kind is one of the Err values above and its
// Reason the precise message for the person who sent the command.
type Refusal = refusal.Refusal

// refuse returns a *Refusal of the given kind with a formatted reason.
func refuse(kind error, format string, args ...any) error {
	return refusal.New(kind, format, args...)
}

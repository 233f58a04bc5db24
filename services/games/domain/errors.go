package domain

import (
	"errors"

	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// The kinds of refusal; every error the domain returns wraps one of them,
// so that a port can map it to a status code with errors.Is.
var (
	// ErrInvalid: the command itself is malformed (missing player, bad FEN).
	ErrInvalid = errors.New("invalid command")
	// ErrNotFound: the game does not exist.
	ErrNotFound = errors.New("game not found")
	// ErrExists: a game with this id already exists.
	ErrExists = errors.New("game already exists")
	// ErrNotAPlayer: the actor does not play in this game.
	ErrNotAPlayer = errors.New("not a player of this game")
	// ErrNotOnMove: the player is not the one on move.
	ErrNotOnMove = errors.New("not on move")
	// ErrIllegalMove: the move is illegal or unreadable in this position.
	ErrIllegalMove = errors.New("illegal move")
	// ErrFinished: the game is over.
	ErrFinished = errors.New("game is over")
	// ErrNoOffer: there is no draw offer to answer, or one is already pending.
	ErrNoOffer = errors.New("draw offer")
	// ErrClaimPending: a draw claim awaits the arbiter's ruling.
	ErrClaimPending = errors.New("claim pending")
	// ErrFlagFallen: the mover's time ran out before the move.
	ErrFlagFallen = errors.New("flag fallen")
	// ErrInProgress: the command needs a game that is over.
	ErrInProgress = errors.New("game in progress")
	// ErrTouched: a touch-move ruling binds the player's move.
	ErrTouched = errors.New("touch-move")
)

// Refusal is a domain error: its Kind is one of the Err values above and its
// Reason the precise message for the person who sent the command.
type Refusal = refusal.Refusal

// refuse returns a *Refusal of the given kind with a formatted reason.
func refuse(kind error, format string, args ...any) error {
	return refusal.New(kind, format, args...)
}

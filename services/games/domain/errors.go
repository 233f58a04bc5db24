package domain

import (
	"errors"
	"fmt"
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
)

// Refusal is a domain error: its Kind is one of the Err values above and its
// Reason the precise message for the person who sent the command.
type Refusal struct {
	Kind   error
	Reason string
}

// Error returns the precise reason.
func (r *Refusal) Error() string { return r.Reason }

// Unwrap returns the kind, for errors.Is.
func (r *Refusal) Unwrap() error { return r.Kind }

func refuse(kind error, format string, args ...any) error {
	return &Refusal{Kind: kind, Reason: fmt.Sprintf(format, args...)}
}

// Package refusal holds the one error type the services' domains return
// when they refuse a command (Refusal: a kind, for errors.Is, and the
// precise reason for the person who sent it) and the kinds shared by more
// than one service: those of a command on a game (game.go: the games
// service's and the arbiter's, which httpjson.GameStatus answers), a ruling
// the Laws cannot give (ErrBadRuling), and those of the decide loop on any
// aggregate (idempotency.go: a key reused for another command, a damaged
// log, CommandKey and SameCommand). A domain's own kinds stay in its
// domain package.
package refusal

import "fmt"

// Refusal is a decision's refusal: Kind is one of the refusing domain's Err
// values and Reason the precise message.
type Refusal struct {
	Kind   error
	Reason string
}

// Error returns the precise reason.
func (r *Refusal) Error() string { return r.Reason }

// Unwrap returns the kind, for errors.Is.
func (r *Refusal) Unwrap() error { return r.Kind }

// New returns a *Refusal of the given kind whose reason is format applied
// to args (as fmt.Sprintf does).
func New(kind error, format string, args ...any) error {
	return &Refusal{Kind: kind, Reason: fmt.Sprintf(format, args...)}
}

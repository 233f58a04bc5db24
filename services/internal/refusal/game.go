package refusal

import "errors"

// The kinds of refusal of a command on a game's log, shared by the services
// that decide on it (the games service's moves and offers, the arbiter's
// rulings: games/domain and arbiter/domain name them) and by the ports that
// answer them (httpjson.GameStatus), so that neither service imports the
// other's domain to tell them apart.
var (
	// ErrInvalid: the command itself is malformed (missing player, bad FEN).
	ErrInvalid = errors.New("invalid command")
	// ErrGameNotFound: the game does not exist.
	ErrGameNotFound = errors.New("game not found")
	// ErrGameExists: a game with this id already exists.
	ErrGameExists = errors.New("game already exists")
	// ErrNotAPlayer: the actor does not play in this game.
	ErrNotAPlayer = errors.New("not a player of this game")
	// ErrNotOnMove: the player is not the one on move.
	ErrNotOnMove = errors.New("not on move")
	// ErrIllegalMove: the move is illegal or unreadable in this position.
	ErrIllegalMove = errors.New("illegal move")
	// ErrGameOver: the game is over.
	ErrGameOver = errors.New("game is over")
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

// ErrBadRuling is wrapped by the error of a ruling the Laws cannot give
// (arbiter/domain): the ports answer it with 422 ruling_refused and
// nothing is appended. It is here, not in the arbiter's domain, because
// the games service's port answers the ruling on an illegal move it
// reports when the arbiter runs in its process.
var ErrBadRuling = errors.New("ruling refused")

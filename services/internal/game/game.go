// Package game is a game as its events say: the fold of a game's log
// (game.created, the moves, the offers and claims, the arbiter's rulings,
// incidents and penalties, the clock's events) that the games service
// decides on (games/domain embeds Game and adds the players' decisions),
// the arbiter rules on (arbiter/domain), the pages show (web) and the
// audit replays. It is pure: no NATS, no logging, no wall clock. The
// decisions are the deciding services' own; what is here is how a game
// reads, and the refusals every decision on a game answers with.
package game

import (
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/rules/laws"
	clocks "github.com/hakem-chess/hakem/services/internal/gameclock"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// Event is an event of the catalogue (the events module): the domain decides
// in the catalogue's own types, so what it returns is what is stored.
type Event = events.Event

// Game is a game as folded from its events: the domain's whole knowledge of
// it. The zero Game is a game that does not exist yet. Apply folds one event;
// the decision methods (Create, Move, OfferDraw...) never change the game,
// they return the events that the command produces or a *Refusal.
type Game struct {
	created events.GameCreated
	exists  bool
	play    *rules.Game
	profile *laws.Profile // shared by the games created alike (sharedProfile)
	sans    moveList
	ucis    moveList
	// offer is the side with a pending draw offer (valid when offering).
	offer    rules.Color
	offerPly int
	offering bool
	result   events.Result
	ending   events.GameEnded
	// claim is the draw claim awaiting the arbiter's ruling, if any.
	claim *events.DrawClaimed
	// mustPlay is the intended move (SAN) of an incorrect claim, which the
	// claimant must now play; "" if none.
	mustPlay string
	// mustWhy says why mustPlay must be played.
	mustWhy string
	// ruled is the last claim ruled on (for the termination of the game).
	ruled *events.DrawClaimed
	// postponed is the quickplay-finish claim whose decision the arbiter
	// postponed (1997 10.2b, 2023 III.5.2), until he decides it later.
	postponed *events.DrawClaimed
	// timer is the game's clock, folded from the same events, so that a
	// move after the mover's flag fell is refused.
	timer clocks.Timer
	// illegal counts the completed illegal moves reported, by rules.Color.
	illegal [2]int
	// points are the penalties on the game's points (points.go).
	points []laws.PointsPenalty
	// touch is the touch-move ruling binding the move of the player on
	// move, if any (touch.go).
	touch *touchRule
	// annulled: the arbiter annulled the game (wrong initial position).
	annulled *events.GameAnnulled
	// tried is the last move Move decided, remembered with the position it
	// was decided in, so that folding the game.move_played it returned
	// does not parse the move and write its SAN again (see triedMove); nil
	// once folded. A pointer: the 232 bytes of a position and two strings
	// are held only between a decision and its fold, not in every live
	// game's cached fold.
	tried *triedMove
}

// triedMove is a move Move decided in position pos: the move, its UCI and
// its SAN. Parsing a move's UCI and writing its SAN depend on the position
// alone, so Apply takes them from here for a game.move_played with the
// same UCI in the very same position (the whole position compared), and
// computes them otherwise; the move is still checked legal by the rules
// when it is played. An event read from the log folds the same either way.
type triedMove struct {
	pos  rules.Position
	uci  string
	san  string
	move rules.Move
}

// Remember keeps the move m that a decision tried in position pos, with
// its UCI and SAN, so that folding the game.move_played the decision
// returned takes them from here (see triedMove).
func (g *Game) Remember(pos rules.Position, m rules.Move, uci, san string) {
	g.tried = &triedMove{pos: pos, uci: uci, san: san, move: m}
}

// ApplyAt folds one recorded event, recorded at instant at, into the game
// and its clock.
func (g *Game) ApplyAt(at time.Time, e Event) error {
	if err := g.timer.Apply(at, e); err != nil {
		return err
	}
	return g.Apply(e)
}

// Evolve folds one event of the game's log (its envelope and the decoded
// event) into the game: the decide loop's fold (package decide).
func (g *Game) Evolve(env *events.Envelope, e Event) error { return g.ApplyAt(env.RecordedAt, e) }

// Rules returns the game on the board as the rules module keeps it (nil
// before the creation), for the Laws' decision functions; callers must not
// play on it.
func (g *Game) Rules() *rules.Game { return g.play }

// Profile returns the game's laws profile.
func (g *Game) Profile() laws.Profile {
	if g.profile == nil {
		return laws.Profile{}
	}
	return *g.profile
}

// ForgetMoves makes the game's clock keep no record of completed moves
// (gameclock.(*Timer).ForgetMoves): for a game folded to decide, kept for
// every live game in a service's cache, never exported to PGN.
func (g *Game) ForgetMoves() { g.timer.ForgetMoves() }

// Timer returns the game's clock as folded so far.
func (g *Game) Timer() *clocks.Timer { return &g.timer }

// Exists reports whether the game has been created.
func (g *Game) Exists() bool { return g.exists }

// Setup returns the event that created the game, with StartFEN always set.
func (g *Game) Setup() events.GameCreated { return g.created }

// Position returns the current position (the start position of a game not
// yet created).
func (g *Game) Position() rules.Position {
	if g.play == nil {
		return rules.StartPosition()
	}
	return g.play.Position()
}

// Start returns the position the game started from.
func (g *Game) Start() rules.Position {
	if g.play == nil {
		return rules.StartPosition()
	}
	return g.play.PositionAt(0)
}

// SANs returns the moves played so far in SAN.
func (g *Game) SANs() []string { return g.sans.strings() }

// UCIs returns the moves played so far in UCI.
func (g *Game) UCIs() []string { return g.ucis.strings() }

// Moves returns the moves played so far.
func (g *Game) Moves() []rules.Move {
	if g.play == nil {
		return nil
	}
	return append([]rules.Move(nil), g.play.Moves()...)
}

// Ply returns the number of moves (half-moves) played.
func (g *Game) Ply() int { return g.sans.n }

// Finished reports whether the game is over.
func (g *Game) Finished() bool { return g.result != "" }

// Result returns "1-0", "0-1", "1/2-1/2", or "*" while the game goes on.
func (g *Game) Result() events.Result {
	if g.result == "" {
		return events.ResultUnfinished
	}
	return g.result
}

// Ending returns how the game ended (zero while it goes on).
func (g *Game) Ending() events.GameEnded { return g.ending }

// DrawOffer returns the side whose draw offer is pending, if any.
func (g *Game) DrawOffer() (rules.Color, bool) { return g.offer, g.offering }

// Offer returns the pending draw offer (its side and the ply it was made
// at), if any.
func (g *Game) Offer() (laws.Offer, bool) {
	return laws.Offer{By: g.offer, Ply: g.offerPly}, g.offering
}

// Status returns the rules' view of the current position.
func (g *Game) Status() rules.Status {
	if g.play == nil {
		return rules.Status{}
	}
	return g.play.Status()
}

// ColorOf returns the colour player plays in this game.
func (g *Game) ColorOf(player string) (rules.Color, error) {
	switch player {
	case "":
		return 0, refuse(refusal.ErrInvalid, "player: missing")
	case g.created.White:
		return rules.White, nil
	case g.created.Black:
		return rules.Black, nil
	}
	return 0, refuse(refusal.ErrNotAPlayer, "player %q does not play in this game (white %q, black %q)", player, g.created.White, g.created.Black)
}

// ParseColor is the rules' colour of the catalogue's colour s.
func ParseColor(s events.Color) (rules.Color, error) {
	switch s {
	case events.White:
		return rules.White, nil
	case events.Black:
		return rules.Black, nil
	}
	return 0, fmt.Errorf("colour %q", s)
}

// Color is the catalogue's colour of the rules' colour c.
func Color(c rules.Color) events.Color {
	if c == rules.White {
		return events.White
	}
	return events.Black
}

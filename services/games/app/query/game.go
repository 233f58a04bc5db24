// Package query holds the games service's read side: a game's current
// state, folded from its events on each request.
//
// Half done: there is no projection yet; every query reads the game's
// events from the log and folds them, which costs a read of the aggregate.
package query

import (
	"context"
	"fmt"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/games/app"
	"github.com/hakem-chess/hakem/services/games/domain"
)

// Game is a game as a client sees it.
type Game struct {
	ID          string   `json:"id"`
	Tournament  string   `json:"tournament_id,omitempty"`
	Round       int      `json:"round,omitempty"`
	Board       int      `json:"board,omitempty"`
	White       string   `json:"white"`
	Black       string   `json:"black"`
	Laws        string   `json:"laws"`
	TimeControl string   `json:"time_control,omitempty"`
	StartFEN    string   `json:"start_fen"`
	FEN         string   `json:"fen"`
	Turn        string   `json:"turn"`
	Moves       []string `json:"moves"` // SAN
	UCI         []string `json:"uci"`
	Status      Status   `json:"status"`
	Result      string   `json:"result"`
	Termination string   `json:"termination,omitempty"`
	Article     string   `json:"article,omitempty"`
	DrawOffer   string   `json:"draw_offer,omitempty"` // the side whose offer is pending
	// Claim is the draw claim awaiting the arbiter's ruling.
	Claim *events.DrawClaimed `json:"claim,omitempty"`
	// MustPlay is the intended move of an incorrect claim, to be played.
	MustPlay string `json:"must_play,omitempty"`
	Version  uint64 `json:"version"`
	// Damaged names the first message of the game's log that does not
	// decode or chain (not yet repaired): the game is shown as of the
	// event before it, and takes no command.
	Damaged *eventstore.Damage `json:"damaged,omitempty"`
}

// Status is what the Laws say about the current position.
type Status struct {
	Check              bool `json:"check"`
	Checkmate          bool `json:"checkmate"`
	Stalemate          bool `json:"stalemate"`
	Repetitions        int  `json:"repetitions"`
	ThreefoldClaimable bool `json:"threefold_claimable"`
	FiftyMoveClaimable bool `json:"fifty_move_claimable"`
	DeadPosition       bool `json:"dead_position"`
}

// GameHandler answers "what is the state of game id?".
type GameHandler struct {
	Store app.Store
}

// Handle returns the game, or a *domain.Refusal wrapping ErrNotFound.
func (h GameHandler) Handle(ctx context.Context, id string) (Game, error) {
	recs, g, damage, err := EventsHandler(h).Read(ctx, id)
	if err != nil {
		return Game{}, err
	}
	v := View(id, g, lastVersion(recs))
	v.Damaged = damage
	return v, nil
}

func lastVersion(recs []app.Recorded) uint64 {
	if n := len(recs); n > 0 {
		return recs[n-1].Envelope.Seq
	}
	return 0
}

// View renders a folded game.
func View(id string, g *domain.Game, version uint64) Game {
	s := g.Setup()
	pos := g.Position()
	st := g.Status()
	v := Game{
		ID: id, Tournament: s.TournamentID, Round: s.Round, Board: s.Board,
		White: s.White, Black: s.Black, Laws: s.LawsProfile, TimeControl: s.TimeControl,
		StartFEN: s.StartFEN, FEN: pos.FEN(), Turn: pos.Turn().String(),
		Moves: g.SANs(), UCI: g.UCIs(),
		Status: Status{Check: st.Check, Checkmate: st.Checkmate, Stalemate: st.Stalemate,
			Repetitions: st.Repetitions, ThreefoldClaimable: st.ThreefoldClaimable,
			FiftyMoveClaimable: st.FiftyMoveClaimable, DeadPosition: st.DeadPosition},
		Result: string(g.Result()), Termination: string(g.Ending().Termination), Article: g.Ending().Article,
		Version: version,
	}
	if v.Moves == nil {
		v.Moves, v.UCI = []string{}, []string{}
	}
	if c, ok := g.DrawOffer(); ok {
		v.DrawOffer = c.String()
	}
	if c, ok := g.Claim(); ok {
		v.Claim = &c
	}
	v.MustPlay = g.MustPlay()
	return v
}

// EventsHandler answers "which events does game id hold?" (for the PGN
// export and the event list).
type EventsHandler struct {
	Store app.Store
}

// Handle returns the game's recorded events and the folded game, or a
// *domain.Refusal wrapping ErrNotFound.
func (h EventsHandler) Handle(ctx context.Context, id string) ([]app.Recorded, *domain.Game, error) {
	recs, g, _, err := h.Read(ctx, id)
	return recs, g, err
}

// Read is Handle that also answers a damaged log (app.Damaged): the
// events up to the last good one, the game folded from them, and the
// damage (nil when none).
func (h EventsHandler) Read(ctx context.Context, id string) ([]app.Recorded, *domain.Game, *eventstore.Damage, error) {
	recs, _, err := h.Store.Load(ctx, id)
	recs, damage, err := app.Loaded(recs, err)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("loading game %s: %w", id, err)
	}
	g, err := app.Fold(recs)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("game %s: %w", id, err)
	}
	if !g.Exists() {
		return nil, nil, nil, &domain.Refusal{Kind: domain.ErrNotFound, Reason: fmt.Sprintf("game %q not found", id)}
	}
	return recs, g, damage, nil
}

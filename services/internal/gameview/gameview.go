// Package gameview is a game as a client reads it: its view (the answer of
// the games' GET /api/games/{id}, and the game of the pages' replay) and
// the read of a game's log folded into a state (the games' queries fold
// games/domain.Game, the pages the shared game.Game: the same fold). It
// sits outside the services so that the pages (web) read a game from its
// events without the games service's packages.
package gameview

import (
	"context"
	"fmt"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/decide"
	"github.com/hakem-chess/hakem/services/internal/game"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/refusal"
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

// View renders a folded game.
func View(id string, g *game.Game, version uint64) Game {
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

// Version is the version of a game read as recs: the store's sequence of
// its last event (0 for none).
func Version(recs []gamelog.Recorded) uint64 {
	if n := len(recs); n > 0 {
		return recs[n-1].Envelope.Seq
	}
	return 0
}

// Read loads game id from store and folds it into an S (a *game.Game, or a
// state that embeds one): the events up to the last good one, the folded
// game, and the damage of a log that does not read whole (nil when none,
// gamelog.Loaded). A game that does not exist is a *game.Refusal wrapping
// refusal.ErrGameNotFound.
func Read[T any, S interface {
	*T
	decide.State
	Exists() bool
}](ctx context.Context, store gamelog.Store, id string) ([]gamelog.Recorded, S, *eventstore.Damage, error) {
	recs, _, err := store.Load(ctx, id)
	recs, damage, err := gamelog.Loaded(recs, err)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("loading game %s: %w", id, err)
	}
	g, err := decide.Fold[T, S](recs)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("game %s: %w", id, err)
	}
	if !g.Exists() {
		return nil, nil, nil, &game.Refusal{Kind: refusal.ErrGameNotFound, Reason: fmt.Sprintf("game %q not found", id)}
	}
	return recs, g, damage, nil
}

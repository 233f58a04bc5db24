package ports

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules/pgn"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/httpjson"
	gameoutcome "github.com/hakem-chess/hakem/services/internal/outcome"
	"github.com/hakem-chess/hakem/services/internal/tournament"
	"github.com/hakem-chess/hakem/services/pairing/domain"
)

// pgnContentType is the media type of the PGN exports.
const pgnContentType = "application/x-chess-pgn; charset=utf-8"

// RegisterPGN mounts the PGN exports of a tournament, ready for a
// broadcast:
//
//	GET /api/tournaments/{id}/pgn             every game of every paired round
//	GET /api/tournaments/{id}/rounds/{n}/pgn  every game of round n
//
// Games come round by round in board order, each written by the games
// service's per-game export (games/ports.WritePGNTagged) with Event the
// tournament's name, Round "round.board", White and Black the registered
// names, WhiteFideId/BlackFideId and WhiteElo/BlackElo when known, and
// [%clk] comments when the clock ran. Site is the tournament's city and
// federation ("Istanbul TUR", as PGN's Seven Tag Roster writes a site:
// the place, then the country's IOC code; FIDE's federation codes are
// those), "?" when neither is known. A forfeit is not a game: its board
// is left out of the broadcast file (no moves were played; the result is
// in the standings and the rating report). Games in progress are exported as they
// stand, with result "*". A board whose game the arbiter annulled is
// exported as the replay ordered in its place (its GameId tag the
// replay's id); the annulled game is left out of the broadcast file — a
// game stopped without a result would read there as a game still going on
// (its own record stays at GET /api/games/{id}/pgn).
func (h HTTP) RegisterPGN(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/tournaments/{id}/pgn", h.pgn)
	mux.HandleFunc("GET /api/tournaments/{id}/rounds/{n}/pgn", h.pgn)
}

// pgn serves the tournament's games (or one round's) as one PGN file.
func (h HTTP) pgn(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if err := events.Tournament(id).Check(); err != nil {
		httpjson.Error(w, http.StatusNotFound, "not_found", "tournament "+id+" not found: "+err.Error())
		return
	}
	round := 0 // all rounds
	if s := r.PathValue("n"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			httpjson.Error(w, http.StatusNotFound, "not_found", fmt.Sprintf("round %q of tournament %s not found", s, id))
			return
		}
		round = n
	}
	t, _, _, err := h.Pairing.Load(r.Context(), id)
	if err != nil {
		fail(w, err)
		return
	}
	if !t.Exists() {
		httpjson.Error(w, http.StatusNotFound, "not_found", "tournament "+id+" not found")
		return
	}
	var rounds []events.RoundPaired
	for _, rp := range t.Rounds {
		if round == 0 || rp.Round == round {
			rounds = append(rounds, rp)
		}
	}
	if round != 0 && len(rounds) == 0 {
		httpjson.Error(w, http.StatusNotFound, "not_found", fmt.Sprintf("round %d of tournament %s not found (not paired)", round, id))
		return
	}
	var b bytes.Buffer
	if err := h.writeRounds(r.Context(), &b, t, rounds); err != nil {
		fail(w, err)
		return
	}
	name := id + ".pgn"
	if round != 0 {
		name = fmt.Sprintf("%s-r%d.pgn", id, round)
	}
	w.Header().Set("Content-Type", pgnContentType)
	w.Header().Set("Content-Disposition", fmt.Sprintf("inline; filename=%q", name))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(b.Bytes())
}

// writeRounds writes every game of the rounds, in round then board order,
// one blank line between games.
func (h HTTP) writeRounds(ctx context.Context, b *bytes.Buffer, t *domain.Tournament, rounds []events.RoundPaired) error {
	players := map[string]events.PlayerRegistered{}
	for _, p := range t.Players {
		players[p.PlayerID] = p
	}
	results, err := h.Pairing.Results(ctx, t)
	if err != nil {
		return err
	}
	sort.SliceStable(rounds, func(i, j int) bool { return rounds[i].Round < rounds[j].Round })
	for _, rp := range rounds {
		boards := append([]events.Pairing(nil), rp.Pairings...)
		sort.SliceStable(boards, func(i, j int) bool { return boards[i].Board < boards[j].Board })
		for _, p := range boards {
			if res, ok := tournament.ParseResult(results[p.GameID]); ok && !res.Played {
				continue // a forfeit is not a game: left out of the broadcast
			}
			if _, imported := t.ImportedResult(p.GameID); imported {
				continue // a round of an imported TRF: no game, no moves to broadcast
			}
			// the board's game is the replay when the arbiter annulled
			// the game paired: the annulled game is left out
			played, recs, err := h.Pairing.PlayedGame(ctx, p.GameID)
			if err != nil {
				return err
			}
			if h.GamePGN == nil {
				return errors.New("no games' PGN in this process")
			}
			control := gameoutcome.Of(gamelog.Events(recs)...).Created.TimeControl
			var game bytes.Buffer
			if err := h.GamePGN(ctx, &game, played, broadcastTags(t, rp.Round, p, players, control)); err != nil {
				return err
			}
			if b.Len() > 0 {
				b.WriteString("\n")
			}
			b.Write(game.Bytes())
		}
	}
	return nil
}

// broadcastTags are the tags a tournament's export sets over the game's.
func broadcastTags(t *domain.Tournament, round int, p events.Pairing, players map[string]events.PlayerRegistered, control string) []pgn.Tag {
	event := t.Created.Name
	if event == "" {
		event = "?"
	}
	if control == "" {
		control = t.Created.TimeControl
	}
	white, black := players[p.White], players[p.Black]
	tags := []pgn.Tag{
		{Name: "Event", Value: event},
		{Name: "Site", Value: siteOf(t.Created)},
		{Name: "Round", Value: fmt.Sprintf("%d.%d", round, p.Board)},
		{Name: "White", Value: nameOf(white, p.White)},
		{Name: "Black", Value: nameOf(black, p.Black)},
		{Name: "WhiteFideId", Value: white.FideID},
		{Name: "BlackFideId", Value: black.FideID},
		{Name: "TimeControl", Value: control},
	}
	if white.Rating > 0 {
		tags = append(tags, pgn.Tag{Name: "WhiteElo", Value: strconv.Itoa(white.Rating)})
	}
	if black.Rating > 0 {
		tags = append(tags, pgn.Tag{Name: "BlackElo", Value: strconv.Itoa(black.Rating)})
	}
	return tags
}

// siteOf is the PGN Site of the tournament: its city, then its
// federation's code; "" (the game's "?" kept) when neither is known.
func siteOf(c events.TournamentCreated) string {
	return strings.TrimSpace(strings.Join(strings.Fields(c.City+" "+c.Federation), " "))
}

// nameOf is a player's registered name, or the id when it has none.
func nameOf(p events.PlayerRegistered, id string) string {
	if p.Name != "" {
		return p.Name
	}
	return id
}

// Package ports is the scoring service's HTTP API: the standings, the
// crosstable and the rating changes of a tournament, computed on each
// request from the tournament's stream and its games' streams by the
// scoring's domain (the same functions that publish
// scoring.standings_updated and scoring.rating_changes_computed), so that
// they are rebuilt from the streams after any restart. ?after=N gives them
// after round N (default: the last closed round).
//
//	GET /api/tournaments/{id}/standings   {"after_round","standings":[{rank,player_id,points,tiebreaks,start_number,name,title,federation,rating,fide_id}]}
//	GET /api/tournaments/{id}/crosstable  {"after_round","tiebreaks","rows":[{rank,no,player_id,name,rating,points,cells,tiebreaks,start_number,title,federation,fide_id}]}
//	GET /api/tournaments/{id}/ratings     {"after_round","rated","category","changes":[{player_id,before,change,k}]}
package ports

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/boards"
	"github.com/hakem-chess/hakem/services/internal/httpjson"
	"github.com/hakem-chess/hakem/services/internal/tournament"
	"github.com/hakem-chess/hakem/services/scoring/app"
	"github.com/hakem-chess/hakem/services/scoring/domain"
)

// Routes are the scoring's reads.
var Routes = []string{
	"GET /api/tournaments/{id}/standings",
	"GET /api/tournaments/{id}/crosstable",
	"GET /api/tournaments/{id}/ratings",
}

// HTTP serves the scoring's reads.
type HTTP struct {
	Scoring *app.Scoring
}

// Register mounts the reads (gateway.Port).
func (h HTTP) Register(mux *http.ServeMux) {
	mux.HandleFunc(Routes[0], h.read(func(t *tournament.Tournament, after int, b boards.Read) (any, error) {
		// the games' points penalties count (2023 12.9.4, 12.9.5)
		st, err := domain.StandingsPenalised(t, after, b.Results, b.Penalties)
		return map[string]any{"after_round": after, "standings": nonNil(domain.NameStandings(t, st))}, err
	}))
	mux.HandleFunc(Routes[1], h.read(func(t *tournament.Tournament, after int, b boards.Read) (any, error) {
		// the points and ranks count the penalties, the cells are the games
		rows, err := domain.CrosstablePenalised(t, after, b.Results, b.Penalties)
		tb := t.Created.Tiebreaks
		if len(tb) == 0 {
			tb = []string{domain.DefaultTiebreaks}
		}
		return map[string]any{"after_round": after, "tiebreaks": tb, "rows": nonNil(rows)}, err
	}))
	mux.HandleFunc(Routes[2], h.read(func(t *tournament.Tournament, after int, b boards.Read) (any, error) {
		ch, cat, err := domain.RatingChanges(t, after, b.Results)
		return map[string]any{"after_round": after, "rated": t.Created.Rated, "category": cat.String(), "changes": nonNil(ch)}, err
	}))
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// read answers a read of the tournament {id} after the round ?after= (a
// closed round; default the last) with compute's value.
func (h HTTP) read(compute func(t *tournament.Tournament, after int, b boards.Read) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id := r.PathValue("id")
		if err := events.Tournament(id).Check(); err != nil {
			httpjson.Error(w, http.StatusNotFound, "not_found", "tournament "+id+" not found: "+err.Error())
			return
		}
		t, _, _, err := h.Scoring.Load(r.Context(), id)
		if err != nil {
			fail(w, err)
			return
		}
		if !t.Exists() {
			httpjson.Error(w, http.StatusNotFound, "not_found", "tournament "+id+" not found")
			return
		}
		after := t.Closed
		if s := r.URL.Query().Get("after"); s != "" {
			n, err := strconv.Atoi(s)
			if err != nil || n < 0 || n > t.Closed {
				httpjson.Error(w, http.StatusBadRequest, "invalid", fmt.Sprintf("after: %q is not a closed round (0 to %d)", s, t.Closed))
				return
			}
			after = n
		}
		b, err := h.Scoring.Boards(r.Context(), t)
		if err != nil {
			fail(w, err)
			return
		}
		v, err := compute(t, after, b)
		if err != nil {
			fail(w, err)
			return
		}
		httpjson.Write(w, http.StatusOK, v)
	}
}

// fail answers an error of a read: the store's refusals (a damaged log)
// as httpjson.Refused says, any other as the tournament's state.
func fail(w http.ResponseWriter, err error) {
	httpjson.Refused(w, err, func(error) (int, string) { return http.StatusConflict, "tournament_state" })
}

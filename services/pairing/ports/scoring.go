package ports

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/hakem-chess/hakem/services/internal/httpjson"
	"github.com/hakem-chess/hakem/services/pairing/domain"
	scoring "github.com/hakem-chess/hakem/services/scoring/app"
)

// The scoring reads: computed on each request from the tournament's stream
// and its games' streams through the scoring service's functions (the same
// that publish scoring.standings_updated and
// scoring.rating_changes_computed), so that they are rebuilt from the
// streams after any restart. ?after=N gives them after round N (default:
// the last closed round).
//
//	GET /api/tournaments/{id}/standings   {"after_round","standings":[{rank,player_id,points,tiebreaks,start_number,name,title,federation,rating,fide_id}]}
//	GET /api/tournaments/{id}/crosstable  {"after_round","tiebreaks","rows":[{rank,no,player_id,name,rating,points,cells,tiebreaks,start_number,title,federation,fide_id}]}
//	GET /api/tournaments/{id}/ratings     {"after_round","rated","category","changes":[{player_id,before,change,k}]}
func (h HTTP) registerScoring(mux *http.ServeMux) {
	mux.HandleFunc("GET /api/tournaments/{id}/standings", h.scoringRead(func(ctx context.Context, t *domain.Tournament, after int, results map[string]string) (any, error) {
		// the games' points penalties count (2023 12.9.4, 12.9.5)
		pens, err := scoring.GamePenalties(ctx, h.Pairing, t)
		if err != nil {
			return nil, err
		}
		st, err := scoring.StandingsPenalised(t, after, results, pens)
		return map[string]any{"after_round": after, "standings": nonNil(scoring.NameStandings(t, st))}, err
	}))
	mux.HandleFunc("GET /api/tournaments/{id}/crosstable", h.scoringRead(func(ctx context.Context, t *domain.Tournament, after int, results map[string]string) (any, error) {
		// the points and ranks count the penalties, the cells are the games
		pens, err := scoring.GamePenalties(ctx, h.Pairing, t)
		if err != nil {
			return nil, err
		}
		rows, err := scoring.CrosstablePenalised(t, after, results, pens)
		tb := t.Created.Tiebreaks
		if len(tb) == 0 {
			tb = []string{scoring.DefaultTiebreaks}
		}
		return map[string]any{"after_round": after, "tiebreaks": tb, "rows": nonNil(rows)}, err
	}))
	mux.HandleFunc("GET /api/tournaments/{id}/ratings", h.scoringRead(func(_ context.Context, t *domain.Tournament, after int, results map[string]string) (any, error) {
		ch, cat, err := scoring.RatingChanges(t, after, results)
		return map[string]any{"after_round": after, "rated": t.Created.Rated, "category": cat.String(), "changes": nonNil(ch)}, err
	}))
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func (h HTTP) scoringRead(compute func(ctx context.Context, t *domain.Tournament, after int, results map[string]string) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id := r.PathValue("id")
		t, _, ok := h.tournament(w, r, id)
		if !ok {
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
		results, err := h.Pairing.Results(r.Context(), t)
		if err != nil {
			fail(w, err)
			return
		}
		v, err := compute(r.Context(), t, after, results)
		if err != nil {
			fail(w, err)
			return
		}
		httpjson.Write(w, http.StatusOK, v)
	}
}

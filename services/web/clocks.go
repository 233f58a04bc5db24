package web

import (
	"fmt"
	"net/http"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/httpjson"
)

// boardClocks is one game's two clocks now, as the console's list shows
// them; Clock is nil before the clock starts (or for an untimed game).
type boardClocks struct {
	Clock *struct {
		White clockSide `json:"white"`
		Black clockSide `json:"black"`
	} `json:"clock"`
	Paused bool          `json:"paused"`
	Result events.Result `json:"result"`
}

// clocks answers both clocks of each game of ?game=ID (repeated) at this
// instant, read through the fold of the game's events as the replay does
// (one request for a round's boards, not one per board). A game without
// events is left out.
func (p Pages) clocks(w http.ResponseWriter, r *http.Request) {
	ids := r.URL.Query()["game"]
	if len(ids) == 0 || len(ids) > maxLive {
		httpjson.Error(w, http.StatusBadRequest, "invalid", fmt.Sprintf("game: give 1 to %d game ids (?game=ID&game=ID)", maxLive))
		return
	}
	for _, id := range ids {
		if err := events.Game(id).Check(); err != nil {
			httpjson.Error(w, http.StatusBadRequest, "invalid", fmt.Sprintf("game %q: %v", id, err))
			return
		}
	}
	now := time.Now().UTC()
	out := map[string]boardClocks{}
	for _, id := range ids {
		recs, g, ok := p.readGame(r.Context(), w, id)
		if !ok {
			return
		}
		if len(recs) == 0 {
			continue
		}
		bc := boardClocks{Result: g.Result()}
		if t := g.Timer(); t.Started() {
			wr, br, err := t.Reading(now)
			if err == nil {
				bc.Clock = &struct {
					White clockSide `json:"white"`
					Black clockSide `json:"black"`
				}{
					White: clockSide{RemainingMs: wr.Remaining.Milliseconds(), Running: wr.Running, Flagged: wr.Flagged},
					Black: clockSide{RemainingMs: br.Remaining.Milliseconds(), Running: br.Running, Flagged: br.Flagged},
				}
				bc.Paused = !wr.Running && !br.Running && g.Result() == events.ResultUnfinished
			}
		}
		out[id] = bc
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"at": now, "games": out})
}

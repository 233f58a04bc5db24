package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/game"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
	"github.com/hakem-chess/hakem/services/internal/gameview"
	"github.com/hakem-chess/hakem/services/internal/httpjson"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// tournamentLine is one tournament of the list.
type tournamentLine struct {
	ID        string                   `json:"id"`
	CreatedAt time.Time                `json:"created_at"`
	Created   events.TournamentCreated `json:"tournament"`
}

// tournaments answers the list of tournaments, read from the tournaments'
// stream (their tournament.created events), newest first.
//
// Half done: it reads the whole tournaments' stream on each request (there
// is no projection); fine for a club's or a federation's season, not for
// years of events.
func (p Pages) tournaments(w http.ResponseWriter, r *http.Request) {
	if p.Store == nil {
		httpjson.Error(w, http.StatusServiceUnavailable, "unavailable", "no event store in this process")
		return
	}
	var list []tournamentLine
	deleted := map[string]bool{}
	_, err := p.Store.Read(r.Context(), events.KindTournament, 1, func(rec eventstore.Record) error {
		if rec.Envelope.Type == (events.TournamentDeleted{}).EventType() {
			deleted[rec.Envelope.Aggregate.ID] = true
		}
		if rec.Envelope.Type != (events.TournamentCreated{}).EventType() {
			return nil
		}
		ev, err := events.Decode(rec.Envelope)
		if err != nil {
			return fmt.Errorf("tournament %s: %w", rec.Envelope.Aggregate.ID, err)
		}
		c, ok := ev.(*events.TournamentCreated)
		if !ok {
			return fmt.Errorf("tournament %s: tournament.created decoded as %T", rec.Envelope.Aggregate.ID, ev)
		}
		list = append(list, tournamentLine{ID: rec.Envelope.Aggregate.ID, CreatedAt: rec.Envelope.RecordedAt, Created: *c})
		return nil
	})
	if err != nil {
		httpjson.Error(w, http.StatusInternalServerError, "internal", err.Error())
		return
	}
	// a tournament deleted before round 1 is gone from the list
	list = slices.DeleteFunc(list, func(l tournamentLine) bool { return deleted[l.ID] })
	slices.Reverse(list)
	if list == nil {
		list = []tournamentLine{}
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"tournaments": list})
}

// clockSide is one clock at a step of the replay.
type clockSide struct {
	RemainingMs int64 `json:"remaining_ms"`
	Running     bool  `json:"running"`
	Flagged     bool  `json:"flagged"`
}

// step is the game after one of its events.
type step struct {
	Event events.Envelope `json:"event"`
	// At is the instant the clocks are read at: the move's own instant for
	// a move, the event's recorded instant otherwise.
	At  time.Time `json:"at"`
	FEN string    `json:"fen"`
	Ply int       `json:"ply"`
	// Clock is nil before the clock was started (or for an untimed game).
	Clock *struct {
		White clockSide `json:"white"`
		Black clockSide `json:"black"`
	} `json:"clock,omitempty"`
	Result events.Result `json:"result"`
}

// replay answers every event of the game with the position and both clocks
// after it: the fold every service reads a game with (game.Game, with its
// clock), applied one event at a time.
func (p Pages) replay(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if err := events.Game(id).Check(); err != nil {
		httpjson.Error(w, http.StatusNotFound, "not_found", fmt.Sprintf("game %q not found: %v", id, err))
		return
	}
	recs, final, ok := p.readGame(r.Context(), w, id)
	if !ok {
		return
	}
	g := &game.Game{}
	steps := make([]step, 0, len(recs))
	for _, rec := range recs {
		if rec.Event != nil {
			if err := g.ApplyAt(rec.Envelope.RecordedAt, rec.Event); err != nil {
				httpjson.Error(w, http.StatusInternalServerError, "internal", fmt.Sprintf("event %d (%s): %v", rec.Envelope.Seq, rec.Envelope.Type, err))
				return
			}
		}
		pos := g.Position()
		s := step{Event: rec.Envelope, At: rec.Envelope.RecordedAt, FEN: pos.FEN(), Ply: g.Ply(), Result: g.Result()}
		if m, ok := rec.Event.(*events.MovePlayed); ok && !m.At.IsZero() {
			s.At = m.At
		}
		if t := g.Timer(); t.Started() {
			wr, br, err := t.Reading(s.At)
			if err == nil {
				s.Clock = &struct {
					White clockSide `json:"white"`
					Black clockSide `json:"black"`
				}{
					White: clockSide{RemainingMs: wr.Remaining.Milliseconds(), Running: wr.Running, Flagged: wr.Flagged},
					Black: clockSide{RemainingMs: br.Remaining.Milliseconds(), Running: br.Running, Flagged: br.Flagged},
				}
			}
		}
		steps = append(steps, s)
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"game": gameview.View(id, final, gameview.Version(recs)), "steps": steps})
}

// readGame reads game id's events from the store and folds them
// (gameview.Read): the pages' own read of a game, from its events. It
// answers 503 itself, and false, in a process without the event store.
func (p Pages) readGame(ctx context.Context, w http.ResponseWriter, id string) ([]gamelog.Recorded, *game.Game, bool) {
	if p.Store == nil {
		httpjson.Error(w, http.StatusServiceUnavailable, "unavailable", "no event store in this process")
		return nil, nil, false
	}
	recs, g, _, err := gameview.Read[game.Game](ctx, gamelog.EventStore{Store: p.Store}, id)
	if err != nil {
		fail(w, err)
		return nil, nil, false
	}
	return recs, g, true
}

// maxLive bounds the games of one live stream.
const maxLive = 128

// live streams the events of several games (?game=ID, repeated) as one
// NDJSON stream: each game's recorded events first, then the new ones as
// they are written, interleaved as they come, until the client goes away.
// A page showing many boards needs one connection, not one per game (a
// browser opens at most six to a host).
func (p Pages) live(w http.ResponseWriter, r *http.Request) {
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
	if p.Games == nil {
		httpjson.Error(w, http.StatusServiceUnavailable, "unavailable", "no live feed in this process")
		return
	}
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	out := make(chan events.Envelope, 64)
	for _, id := range ids {
		go func() {
			_ = p.Games.Follow(ctx, id, 1, func(e events.Envelope) error {
				select {
				case out <- e:
					return nil
				case <-ctx.Done():
					return ctx.Err()
				}
			})
		}()
	}
	writeStream(ctx, w, out, nil)
}

// writeStream writes the envelopes of out as NDJSON until ctx ends or the
// client goes away, calling each (when not nil) before writing one.
func writeStream(ctx context.Context, w http.ResponseWriter, out <-chan events.Envelope, each func(events.Envelope)) {
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	flusher, _ := w.(http.Flusher)
	if flusher != nil {
		flusher.Flush()
	}
	enc := json.NewEncoder(w)
	for {
		select {
		case <-ctx.Done():
			return
		case e := <-out:
			if each != nil {
				each(e)
			}
			if err := enc.Encode(e); err != nil {
				return
			}
			// flush when nothing else is waiting: a burst goes out at once
			if len(out) == 0 && flusher != nil {
				flusher.Flush()
			}
		}
	}
}

// fail answers a read's error: a refusal (game.Refusal) with its
// status, anything else as a 500.
func fail(w http.ResponseWriter, err error) {
	httpjson.Refused(w, err, func(kind error) (int, string) {
		if errors.Is(kind, refusal.ErrGameNotFound) {
			return http.StatusNotFound, "not_found"
		}
		return http.StatusBadRequest, "invalid"
	})
}

package web

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"github.com/hakem-chess/hakem/events"
	tournamentlog "github.com/hakem-chess/hakem/services/internal/boards"
	"github.com/hakem-chess/hakem/services/internal/httpjson"
	"github.com/hakem-chess/hakem/services/internal/tournament"
)

// maxHallGames bounds the boards one hall stream follows.
const maxHallGames = 512

// hallLive streams, as one NDJSON stream, a tournament's events from its
// event ?from=N on (default 1) and every event of the boards of its
// current round (?boards=all: of every round, for the arbiter's console)
// and of each round paired from then on, and of each replay ordered in
// place of one of those boards' annulled games (the boards' from their
// first event: a client resuming skips what it has by sequence).
// A page needs one connection for the whole tournament: a browser opens
// at most six to a host, shared by its tabs.
func (p Pages) hallLive(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	from, boards, ok := hallLiveQuery(w, r)
	if !ok {
		return
	}
	if err := events.Tournament(id).Check(); err != nil {
		httpjson.Error(w, http.StatusNotFound, "not_found", "tournament "+id+" not found: "+err.Error())
		return
	}
	if p.Store == nil || p.Tournaments == nil || p.Games == nil {
		httpjson.Error(w, http.StatusServiceUnavailable, "unavailable", "no event store or live feed in this process")
		return
	}
	t, ok := p.hallTournament(w, r, id)
	if !ok {
		return
	}
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	h := &hallStream{p: p, ctx: ctx, out: make(chan events.Envelope, 64), followed: map[string]bool{}, current: len(t.Rounds)}
	switch boards {
	case "all":
		for _, rp := range t.Rounds {
			h.follow(gamesOf(rp))
		}
	default:
		if h.current > 0 {
			h.follow(gamesOf(t.Rounds[h.current-1]))
		}
	}
	go func() { _ = p.Tournaments.Follow(ctx, id, from, h.send) }()
	writeStream(ctx, w, h.out, h.seen)
}

// hallLiveQuery reads the hall stream's ?from (the tournament's first
// event to send, 1 by default) and ?boards (current or all), answering
// 400 for a bad one.
func hallLiveQuery(w http.ResponseWriter, r *http.Request) (from uint64, boards string, ok bool) {
	from = 1
	if s := r.URL.Query().Get("from"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil || n == 0 {
			httpjson.Error(w, http.StatusBadRequest, "invalid", fmt.Sprintf("from: %q is not an event number (1, 2, ...)", s))
			return 0, "", false
		}
		from = n
	}
	boards = r.URL.Query().Get("boards")
	if boards != "" && boards != "current" && boards != "all" {
		httpjson.Error(w, http.StatusBadRequest, "invalid", fmt.Sprintf("boards: %q is neither current (the current round's, the default) nor all (every round's)", boards))
		return 0, "", false
	}
	return from, boards, true
}

// hallTournament folds tournament id from the store, answering 503 when
// the log cannot be read and 404 when the tournament does not exist.
func (p Pages) hallTournament(w http.ResponseWriter, r *http.Request, id string) (*tournament.Tournament, bool) {
	t := &tournament.Tournament{}
	if _, _, err := tournamentlog.Load(r.Context(), p.Store, id, t); err != nil {
		httpjson.Error(w, http.StatusServiceUnavailable, "unavailable", err.Error())
		return nil, false
	}
	if !t.Exists() {
		httpjson.Error(w, http.StatusNotFound, "not_found", "tournament "+id+" not found")
		return nil, false
	}
	return t, true
}

// hallStream is one hall stream's state: the games it follows (at most
// maxHallGames), the round current when it opened, and the channel every
// followed log sends its envelopes to.
type hallStream struct {
	p        Pages
	ctx      context.Context
	out      chan events.Envelope
	followed map[string]bool
	current  int
}

// send passes one envelope to the stream, until the client goes away.
func (h *hallStream) send(e events.Envelope) error {
	select {
	case h.out <- e:
		return nil
	case <-h.ctx.Done():
		return h.ctx.Err()
	}
}

// follow starts following each of games not followed yet, from its first
// event.
func (h *hallStream) follow(games []string) {
	for _, g := range games {
		if h.followed[g] || len(h.followed) >= maxHallGames {
			continue
		}
		h.followed[g] = true
		go func() { _ = h.p.Games.Follow(h.ctx, g, 1, h.send) }()
	}
}

// seen follows the games an envelope about to be written brings in: the
// boards of a round paired (the current one or later), and the replay
// ordered in place of an annulled board's game.
func (h *hallStream) seen(e events.Envelope) {
	switch {
	case e.Aggregate.Kind == events.KindTournament && e.Type == roundPaired:
		ev, err := events.Decode(e)
		if rp, ok := ev.(*events.RoundPaired); err == nil && ok && rp.Round >= h.current {
			h.follow(gamesOf(*rp))
		}
	case e.Aggregate.Kind == events.KindGame && e.Type == replayOrdered:
		// the game played in place of an annulled board's (2023 7.2.1,
		// 1997 7.1a): followed as the board (its creation, moves,
		// result), ordered before the page opened or while it is open
		ev, err := events.Decode(e)
		if ro, ok := ev.(*events.ReplayOrdered); err == nil && ok && ro.ReplayGameID != "" {
			h.follow([]string{ro.ReplayGameID})
		}
	}
}

// The events after which the hall stream follows more games.
var (
	roundPaired   = (events.RoundPaired{}).EventType()
	replayOrdered = (events.ReplayOrdered{}).EventType()
)

// gamesOf lists the games of a round's boards.
func gamesOf(rp events.RoundPaired) []string {
	out := make([]string, 0, len(rp.Pairings))
	for _, b := range rp.Pairings {
		out = append(out, b.GameID)
	}
	return out
}

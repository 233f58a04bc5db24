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
	from := uint64(1)
	if s := r.URL.Query().Get("from"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil || n == 0 {
			httpjson.Error(w, http.StatusBadRequest, "invalid", fmt.Sprintf("from: %q is not an event number (1, 2, ...)", s))
			return
		}
		from = n
	}
	boards := r.URL.Query().Get("boards")
	if boards != "" && boards != "current" && boards != "all" {
		httpjson.Error(w, http.StatusBadRequest, "invalid", fmt.Sprintf("boards: %q is neither current (the current round's, the default) nor all (every round's)", boards))
		return
	}
	if err := events.Tournament(id).Check(); err != nil {
		httpjson.Error(w, http.StatusNotFound, "not_found", "tournament "+id+" not found: "+err.Error())
		return
	}
	if p.Store == nil || p.Tournaments == nil || p.Games.Feed == nil {
		httpjson.Error(w, http.StatusServiceUnavailable, "unavailable", "no event store or live feed in this process")
		return
	}
	t := &tournament.Tournament{}
	_, _, err := tournamentlog.Load(r.Context(), p.Store, id, t)
	if err != nil {
		httpjson.Error(w, http.StatusServiceUnavailable, "unavailable", err.Error())
		return
	}
	if !t.Exists() {
		httpjson.Error(w, http.StatusNotFound, "not_found", "tournament "+id+" not found")
		return
	}
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	out := make(chan events.Envelope, 64)
	send := func(e events.Envelope) error {
		select {
		case out <- e:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	followed := map[string]bool{}
	follow := func(games []string) {
		for _, g := range games {
			if followed[g] || len(followed) >= maxHallGames {
				continue
			}
			followed[g] = true
			go func() { _ = p.Games.Feed.Follow(ctx, g, 1, send) }()
		}
	}
	current := len(t.Rounds)
	switch boards {
	case "all":
		for _, rp := range t.Rounds {
			follow(gamesOf(rp))
		}
	default:
		if current > 0 {
			follow(gamesOf(t.Rounds[current-1]))
		}
	}
	go func() { _ = p.Tournaments.Follow(ctx, id, from, send) }()
	writeStream(ctx, w, out, func(e events.Envelope) {
		switch {
		case e.Aggregate.Kind == events.KindTournament && e.Type == roundPaired:
			ev, err := events.Decode(e)
			if rp, ok := ev.(*events.RoundPaired); err == nil && ok && rp.Round >= current {
				follow(gamesOf(*rp))
			}
		case e.Aggregate.Kind == events.KindGame && e.Type == replayOrdered:
			// the game played in place of an annulled board's (2023 7.2.1,
			// 1997 7.1a): followed as the board (its creation, moves,
			// result), ordered before the page opened or while it is open
			ev, err := events.Decode(e)
			if ro, ok := ev.(*events.ReplayOrdered); err == nil && ok && ro.ReplayGameID != "" {
				follow([]string{ro.ReplayGameID})
			}
		}
	})
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

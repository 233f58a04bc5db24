package ports

import (
	"net/http"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/pairing/app"
)

// EntryRoutes are the desk's changes before round 1:
//
//	POST /api/tournaments/{id}/tiebreaks                 {"tiebreak_rules"?: "2024"|"2026","tiebreaks"?: [...],"idempotency_key","by"}
//	POST /api/tournaments/{id}/players/{player}/correct  the registration's fields (the player's id from the path), "reason","idempotency_key","by"
//	POST /api/tournaments/{id}/players/{player}/remove   {"reason","idempotency_key","by"}
var EntryRoutes = []string{
	"POST /api/tournaments/{id}/tiebreaks",
	"POST /api/tournaments/{id}/players/{player}/correct",
	"POST /api/tournaments/{id}/players/{player}/remove",
}

// entryHandlers are EntryRoutes' handlers, in order.
func (h HTTP) entryHandlers() []http.HandlerFunc {
	return []http.HandlerFunc{h.setTiebreaks, h.correct, h.remove}
}

func (h HTTP) setTiebreaks(w http.ResponseWriter, r *http.Request) {
	h.run(w, r, http.StatusOK, func(req request) (app.Outcome, error) {
		return h.Pairing.SetTiebreaks(r.Context(), r.PathValue("id"), events.TiebreaksSet{TiebreakRules: req.TiebreakRules, Tiebreaks: req.Tiebreaks},
			meta(r, req), req.commandKey)
	})
}

func (h HTTP) correct(w http.ResponseWriter, r *http.Request) {
	h.run(w, r, http.StatusOK, func(req request) (app.Outcome, error) {
		p := playerEntry{PlayerID: r.PathValue("player"), Name: req.Name, Rating: req.Rating, FideID: req.FideID, Federation: req.Federation,
			Title: req.Title, RatedGames: req.RatedGames, BirthYear: req.BirthYear, Reached2400: req.Reached2400, Sex: req.Sex}
		return h.Pairing.Correct(r.Context(), r.PathValue("id"), events.PlayerCorrected{Player: p.event(), Reason: req.Reason}, meta(r, req), req.commandKey)
	})
}

func (h HTTP) remove(w http.ResponseWriter, r *http.Request) {
	h.run(w, r, http.StatusOK, func(req request) (app.Outcome, error) {
		return h.Pairing.Remove(r.Context(), r.PathValue("id"), events.PlayerRemoved{PlayerID: r.PathValue("player"), Reason: req.Reason}, meta(r, req), req.commandKey)
	})
}

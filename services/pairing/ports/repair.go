package ports

import (
	"net/http"

	"github.com/hakem-chess/hakem/services/internal/httpjson"
	"github.com/hakem-chess/hakem/services/pairing/app"
	"github.com/hakem-chess/hakem/services/pairing/domain"
)

// RepairRoute is the arbiter's repair of a damaged tournament log:
// {"by","reason","idempotency_key"} voids the messages set aside since the
// last good event (tournament.log_repaired, signed by the pairing
// service), after which the desk works on.
const RepairRoute = "POST /api/tournaments/{id}/repair"

// repair answers RepairRoute.
func (h HTTP) repair(w http.ResponseWriter, r *http.Request) {
	h.run(w, r, http.StatusOK, func(req request) (app.Outcome, error) {
		if req.By == "" {
			return app.Outcome{}, &domain.Refusal{Kind: domain.ErrInvalid, Reason: "by: missing (the arbiter who repairs the log)"}
		}
		m := meta(r, req)
		m.Actor.Role = httpjson.Role(r, "arbiter")
		return h.Pairing.Repair(r.Context(), r.PathValue("id"), req.Reason, m, req.commandKey)
	})
}

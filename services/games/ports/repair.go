package ports

import (
	"net/http"
	"strconv"

	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/games/app/command"
	"github.com/hakem-chess/hakem/services/internal/httpjson"
)

// repairRequest is the body of POST /api/games/{id}/repair.
type repairRequest struct {
	// By is the arbiter who repairs the log.
	By             string `json:"by" bounds:"len=64"`
	Reason         string `json:"reason" bounds:"len=1000"`
	IdempotencyKey string `json:"idempotency_key" bounds:"len=128"`
}

// repair voids the messages of a damaged log (game.log_repaired): the
// arbiter's repair, after which play continues from the last good event.
func (h HTTP) repair(w http.ResponseWriter, r *http.Request) {
	id, ok := gameID(w, r)
	if !ok {
		return
	}
	var req repairRequest
	if !httpjson.Decode(w, r, &req) {
		return
	}
	if req.By == "" {
		httpjson.Error(w, http.StatusBadRequest, "invalid", "by: missing (the arbiter who repairs the log)")
		return
	}
	o, err := h.App.Commands.RepairLog.Handle(r.Context(), command.RepairLog{GameID: id, Reason: req.Reason,
		Meta: meta(r, httpjson.CommandKey(r, req.IdempotencyKey, req), httpjson.Role(r, "arbiter"), req.By)})
	if err != nil {
		fail(w, err)
		return
	}
	writeAnswer(w, http.StatusOK, o)
}

// damagedHeader names, on the reads of a game whose log is damaged, the
// event number of the damage ("12"); the body is the game up to the event
// before it.
const damagedHeader = "Hakem-Log-Damaged"

// markDamaged sets damagedHeader for a damaged log.
func markDamaged(w http.ResponseWriter, d *eventstore.Damage) {
	if d != nil {
		w.Header().Set(damagedHeader, strconv.FormatUint(d.Seq, 10)+"; "+d.Reason)
	}
}

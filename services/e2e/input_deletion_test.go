package e2e

import (
	"net/http"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/events/embedded"
)

// TestInputTournamentDeletion: a tournament created by mistake is deleted
// before round 1 (tournament.deleted): gone from the list, 404 to reads
// and commands; once round 1 is paired deletion is refused (409).
func TestInputTournamentDeletion(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	natsAddr := freeAddr(t)
	data := t.TempDir()
	s := startWith(t, []string{"--data", data}, []string{"HAKEM_NATS_LISTEN=" + natsAddr}, true)
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "oops", "name": "Created twice", "system": "round-robin", "idempotency_key": "t-oops"}), "create")
	mustOK(t, s.post("/api/tournaments/oops/players", map[string]any{"player_id": "a", "name": "A", "idempotency_key": "a-oops"}), "register")
	if a := s.do("DELETE", "/api/tournaments/oops", `{"idempotency_key":"d","by":"org"}`); a.status != http.StatusBadRequest {
		t.Errorf("deletion without a reason: %d %s", a.status, a.raw)
	}
	del := s.do("DELETE", "/api/tournaments/oops", `{"reason":"created twice","idempotency_key":"d","by":"org"}`)
	if del.status != http.StatusOK || len(del.events()) != 1 || del.events()[0]["type"] != "tournament.deleted" {
		t.Fatalf("delete: %d %s", del.status, del.raw)
	}
	if a := s.do("DELETE", "/api/tournaments/oops", `{"reason":"created twice","idempotency_key":"d","by":"org"}`); a.status != http.StatusOK || a.body["repeated"] != true {
		t.Errorf("the deletion again with its key: %d %s", a.status, a.raw)
	}
	if a := s.do("GET", "/api/tournaments/oops", ""); a.status != http.StatusNotFound {
		t.Errorf("read after deletion: %d %s", a.status, a.raw)
	}
	if a := s.post("/api/tournaments/oops/players", map[string]any{"player_id": "b", "name": "B", "idempotency_key": "b-oops"}); a.status != http.StatusNotFound {
		t.Errorf("registration after deletion: %d %s", a.status, a.raw)
	}
	if a := s.post("/api/tournaments/oops/rounds", map[string]any{"idempotency_key": "p-oops"}); a.status != http.StatusNotFound {
		t.Errorf("pairing after deletion: %d %s", a.status, a.raw)
	}
	list := s.do("GET", "/api/web/tournaments", "")
	for _, x := range list.body["tournaments"].([]any) {
		if x.(map[string]any)["id"] == "oops" {
			t.Errorf("a deleted tournament in the list: %s", list.raw)
		}
	}
	// the audit re-decides the deletion
	if r := runAudit(t, "tournament", "oops", "--nats", natsURL(t, data, natsAddr, embedded.AdminUser), "--json"); r.code != 0 || r.json["ok"] != true || !strings.Contains(r.stdout, "tournament.deleted") {
		t.Errorf("audit of the deleted tournament: exit %d %s\n%s", r.code, r.stderr, r.stdout)
	}
	// after round 1: refused, nothing appended
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "kept", "name": "Kept", "system": "round-robin", "idempotency_key": "t-kept"}), "create")
	for _, p := range []string{"a", "b"} {
		mustOK(t, s.post("/api/tournaments/kept/players", map[string]any{"player_id": p, "name": p, "idempotency_key": p}), "register")
	}
	mustOK(t, s.post("/api/tournaments/kept/rounds", map[string]any{"idempotency_key": "p1-kept"}), "pair")
	s.refuses(t, "", []limitCase{{name: "deletion after round 1", method: "DELETE", path: "/api/tournaments/kept", body: `{"reason":"x","idempotency_key":"d","by":"org"}`, status: http.StatusConflict, code: "tournament_state"}})
	if a := s.do("GET", "/api/tournaments/kept", ""); a.status != http.StatusOK {
		t.Errorf("the tournament after a refused deletion: %d", a.status)
	}
}

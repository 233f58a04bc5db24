package authz

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/services/internal/httpjson"
)

// TestRoleHeader: the handler sees the role of the request's token in
// httpjson.RoleHeader, never a copy the client sent, with tokens on and
// with the gateway open.
func TestRoleHeader(t *testing.T) {
	open := &Authoriser{}
	tests := []struct {
		name         string
		a            *Authoriser
		method, path string
		auth, forged string
		body         string
		want         int
		role         string // the RoleHeader the handler must see ("" none)
		reached      bool   // the handler ran
	}{
		{"arbiter creates a game", testAuthoriser(t), "POST", "/api/games", "Bearer " + tokArbiter, "", `{"tournament_id":"t1"}`, 200, "arbiter", true},
		{"arbiter forging organiser", testAuthoriser(t), "POST", "/api/games", "Bearer " + tokArbiter, "organiser", `{"tournament_id":"t1"}`, 200, "arbiter", true},
		{"organiser creates a game", testAuthoriser(t), "POST", "/api/games", "Bearer " + tokOrg, "", `{"tournament_id":"t1"}`, 200, "organiser", true},
		{"organiser forging arbiter", testAuthoriser(t), "POST", "/api/tournaments/t1/byes", "Bearer " + tokOrg, "arbiter", `{"player_id":"p1"}`, 200, "organiser", true},
		{"player forging arbiter", testAuthoriser(t), "POST", "/api/games/g1/moves", "Bearer " + tokPlayer, "arbiter", `{"move":"e4"}`, 200, "player", true},
		{"public read forging organiser", testAuthoriser(t), "GET", "/api/games/g1", "", "organiser", "", 200, "", true},
		{"refused with a forged role", testAuthoriser(t), "POST", "/api/games", "", "organiser", `{"tournament_id":"t1"}`, 401, "", false},
		{"open gateway, forged", open, "POST", "/api/games", "", "arbiter", `{}`, 200, "", true},
		{"nil authoriser, forged", nil, "POST", "/api/games", "", "arbiter", `{}`, 200, "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			mux := http.NewServeMux()
			ran := false
			var role []string
			for pattern := range Policy {
				mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
					ran = true
					role = r.Header.Values(httpjson.RoleHeader)
					w.WriteHeader(http.StatusOK)
				})
			}
			r := httptest.NewRequest(tc.method, tc.path, strings.NewReader(tc.body))
			if tc.auth != "" {
				r.Header.Set("Authorization", tc.auth)
			}
			if tc.forged != "" {
				r.Header.Add(httpjson.RoleHeader, tc.forged)
				r.Header.Add(strings.ToLower(httpjson.RoleHeader), tc.forged) // a second copy
			}
			w := httptest.NewRecorder()
			tc.a.Wrap(mux, mux).ServeHTTP(w, r)
			if w.Code != tc.want || ran != tc.reached {
				t.Fatalf("status %d (handler ran: %v), want %d (%v): %s", w.Code, ran, tc.want, tc.reached, w.Body)
			}
			if !ran {
				return
			}
			switch {
			case tc.role == "" && len(role) != 0:
				t.Errorf("the handler saw role %q, want none", role)
			case tc.role != "" && (len(role) != 1 || role[0] != tc.role):
				t.Errorf("the handler saw role %q, want %q", role, tc.role)
			}
		})
	}
}

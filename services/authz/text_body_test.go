package authz

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestTextBody: the import (a TRF as text/plain) and the CSV registration
// (text/csv) take their actor from the query's "by", set to the token's
// subject; the import's tournament is the query's "id", checked against a
// scoped organiser's or arbiter's grant; players and the public are
// refused.
func TestTextBody(t *testing.T) {
	const tokScoped = "scoped-organiser-token-0123456789ab"
	toks, err := NewTokens([]TokenEntry{
		{Token: tokPlayer, Role: "player", Subject: "p1"},
		{Token: tokArbiter, Role: "arbiter", Subject: "a1", Tournaments: []string{"t5"}},
		{Token: tokScoped, Role: "organiser", Subject: "o2", Tournaments: []string{"t5"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	a := &Authoriser{Tokens: toks}
	mux := http.NewServeMux()
	by := ""
	for _, pattern := range []string{"POST /api/tournaments/import", "POST /api/tournaments/{id}/players"} {
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) { by = r.URL.Query().Get("by") })
	}
	h := a.Wrap(mux, mux)
	for _, tc := range []struct {
		name, path, ctype, token string
		want                     int
		by                       string
	}{
		{"import in scope", "/api/tournaments/import?id=t5", "text/plain", tokScoped, 200, "o2"},
		{"import in scope, by itself", "/api/tournaments/import?id=t5&by=o2", "text/plain; charset=utf-8", tokScoped, 200, "o2"},
		{"import as another", "/api/tournaments/import?id=t5&by=o1", "text/plain", tokScoped, 403, ""},
		{"import out of scope", "/api/tournaments/import?id=t6", "text/plain", tokScoped, 403, ""},
		{"import without an id", "/api/tournaments/import", "text/plain", tokScoped, 403, ""},
		{"import with two ids", "/api/tournaments/import?id=t5&id=t6", "text/plain", tokScoped, 400, ""},
		{"import by the tournament's arbiter", "/api/tournaments/import?id=t5", "text/plain", tokArbiter, 200, "a1"},
		{"import by an arbiter out of scope", "/api/tournaments/import?id=t6", "text/plain", tokArbiter, 403, ""},
		{"import by a player", "/api/tournaments/import?id=t5", "text/plain", tokPlayer, 403, ""},
		{"import without a token", "/api/tournaments/import?id=t5", "text/plain", "", 401, ""},
		{"CSV in scope", "/api/tournaments/t5/players?idempotency_key=k", "text/csv", tokScoped, 200, "o2"},
		{"CSV as another", "/api/tournaments/t5/players?by=o1", "text/csv", tokScoped, 403, ""},
		{"CSV out of scope", "/api/tournaments/t6/players", "text/csv", tokScoped, 403, ""},
		{"CSV by the tournament's arbiter", "/api/tournaments/t5/players", "text/csv", tokArbiter, 200, "a1"},
		{"CSV by an arbiter out of scope", "/api/tournaments/t6/players", "text/csv", tokArbiter, 403, ""},
		{"CSV by a player", "/api/tournaments/t5/players", "text/csv", tokPlayer, 403, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			by = "unreached"
			r := httptest.NewRequest("POST", tc.path, strings.NewReader("012 Open\n"))
			r.Header.Set("Content-Type", tc.ctype)
			if tc.token != "" {
				r.Header.Set("Authorization", "Bearer "+tc.token)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != tc.want {
				t.Fatalf("status %d, want %d: %s", w.Code, tc.want, w.Body)
			}
			if tc.want == 200 && by != tc.by || tc.want != 200 && by != "unreached" {
				t.Errorf("the handler saw by=%q, want %q (reached only when allowed)", by, tc.by)
			}
		})
	}
}

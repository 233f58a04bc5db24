package e2e

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// asText sends a file body (a TRF, a CSV) with the content type given and
// the bearer token of who ("" none).
func (s *server) asText(who, path, contentType, body string) answer {
	s.t.Helper()
	req, err := http.NewRequest("POST", s.base+path, strings.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", contentType)
	if who != "" {
		req.Header.Set("Authorization", "Bearer "+authTokens[who])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatalf("POST %s: %v", path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	a := answer{status: resp.StatusCode, raw: string(raw)}
	_ = json.Unmarshal(raw, &a.body)
	return a
}

// TestDeskAuthorisedFiles runs hakem serve with a tokens file and sends
// the desk's two file bodies, the TRF import and the CSV registration,
// whose actor is the query's "by": the organiser of the tournament's
// scope imports and registers as himself (the events' actor is his token's
// subject); naming another as "by", a tournament out of his scope, an
// organiser of other tournaments, an arbiter out of his scope, a player
// (a spectator's token) and no token are refused, and nothing is appended.
// The tournament's own arbiter registers as himself too (the chief
// arbiter runs the desk).
func TestDeskAuthorisedFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	s := startWith(t, []string{"--data", t.TempDir()}, []string{"HAKEM_AUTH_TOKENS_FILE=" + writeTokensFile(t)}, true)
	report := "012 Open\nXXR 3\n" +
		"001    1      Alpha, A                          2100                             1.0    1     2 w 1\n" +
		"001    2      Beta, B                           2000                             0.0    2     1 b 0\n"
	csv := "name,fide_id,federation,title,rating,birth_year,sex\n\"Delta, Deniz\",1000004,TUR,FM,2290,2004,m\n"
	if a := s.as("o1", "POST", "/api/tournaments", map[string]any{"id": "t-auth", "name": "Auth Open", "system": "swiss-dutch", "rounds": 3, "idempotency_key": "c-t-auth"}); a.status != http.StatusCreated {
		t.Fatalf("create: %d %s", a.status, a.raw)
	}
	refused := []struct {
		name, who, path, ctype, body string
		status                       int
	}{
		{"import as another", "o1", "/api/tournaments/import?id=t-new&by=o2", "text/plain", report, 403},
		{"import out of scope", "o1", "/api/tournaments/import?id=t-other", "text/plain", report, 403},
		{"import with no id by a scoped organiser", "o1", "/api/tournaments/import", "text/plain", report, 403},
		{"import by another tournament's organiser", "o2", "/api/tournaments/import?id=t-new", "text/plain", report, 403},
		{"import by an arbiter out of his scope", "a1", "/api/tournaments/import?id=t-new", "text/plain", report, 403},
		{"import by a spectator's token", "p1", "/api/tournaments/import?id=t-new", "text/plain", report, 403},
		{"import without a token", "", "/api/tournaments/import?id=t-new", "text/plain", report, 401},
		{"CSV as another", "o1", "/api/tournaments/t-auth/players?by=o2&idempotency_key=k", "text/csv", csv, 403},
		{"CSV by another tournament's organiser", "o2", "/api/tournaments/t-auth/players", "text/csv", csv, 403},
		{"CSV by another tournament's arbiter", "a2", "/api/tournaments/t-auth/players", "text/csv", csv, 403},
		{"CSV by a spectator's token", "p1", "/api/tournaments/t-auth/players", "text/csv", csv, 403},
		{"CSV without a token", "", "/api/tournaments/t-auth/players", "text/csv", csv, 401},
	}
	for _, c := range refused {
		before, events := s.appended(), s.ndjsonCount("/api/tournaments/t-auth/events")
		a := s.asText(c.who, c.path, c.ctype, c.body)
		if a.status != c.status || !strings.Contains(a.raw, `"message"`) {
			t.Errorf("%s: %d %s, want %d with its reason", c.name, a.status, a.raw, c.status)
		}
		if s.appended() != before || s.ndjsonCount("/api/tournaments/t-auth/events") != events || s.ndjsonCount("/api/tournaments/t-new/events") != -1 {
			t.Errorf("%s: refused, yet something was appended", c.name)
		}
	}
	a := s.asText("o1", "/api/tournaments/import?id=t-new", "text/plain", report)
	if a.status != http.StatusCreated {
		t.Fatalf("import by the organiser: %d %s", a.status, a.raw)
	}
	for _, e := range a.events() {
		if actor(e) != "organiser:o1" {
			t.Errorf("the import's %v is by %s, want organiser:o1", e["type"], actor(e))
		}
	}
	a = s.asText("o1", "/api/tournaments/t-auth/players?idempotency_key=csv", "text/csv", csv)
	if a.status != http.StatusOK || len(a.events()) != 1 || actor(a.events()[0]) != "organiser:o1" {
		t.Fatalf("CSV registration by the organiser: %d %s", a.status, a.raw)
	}
	late := "name,fide_id,federation,title,rating,birth_year,sex\n\"Epsilon, Eda\",1000005,TUR,,2010,2006,f\n"
	a = s.asText("a1", "/api/tournaments/t-auth/players?idempotency_key=csv-a1", "text/csv", late)
	if a.status != http.StatusOK || len(a.events()) != 1 || actor(a.events()[0]) != "arbiter:a1" {
		t.Fatalf("CSV registration by the tournament's arbiter: %d %s", a.status, a.raw)
	}
}

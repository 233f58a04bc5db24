package e2e

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestInputTextAndQuery: what the JSON decoder would let through
// silently, and the parameters of the query, are refused naming the
// field, and append nothing: bytes that are not UTF-8 (the decoder puts
// U+FFFD in their place) and a lone surrogate escape; a right-to-left
// override in a name (it reorders the PGN and the pages around it); the
// import's query parameters (its key, arbiter, id and report fields) under
// a JSON body's limits; the CSV registration's key; a follow that is
// neither true nor false; a control character in a report file's text.
func TestInputTextAndQuery(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	s := start(t, t.TempDir())
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "tx", "name": "Text", "system": "round-robin", "idempotency_key": "c-tx"}), "create")
	s.refuses(t, "", []limitCase{
		{name: "bytes not UTF-8 in white", path: "/api/games", body: "{\"white\":\"w\xff\",\"black\":\"b\",\"idempotency_key\":\"u1\"}", field: "white"},
		{name: "a lone surrogate in black", path: "/api/games", body: `{"white":"w","black":"b\udc00","idempotency_key":"u2"}`, field: "black"},
		{name: "a right-to-left override in a name", path: "/api/tournaments/tx/players", body: `{"player_id":"p","name":"Ana\u202eleB","idempotency_key":"u3"}`, field: "name"},
		{name: "an isolate in a tournament's name", path: "/api/tournaments", body: `{"id":"ty","name":"\u2066Open","system":"round-robin","idempotency_key":"u4"}`, field: "name"},
		{name: "follow neither true nor false", method: "GET", path: "/api/tournaments/tx/events?follow=maybe"},
	})
	if a := mustOK(t, s.post("/api/tournaments/tx/players", map[string]any{"player_id": "f", "name": "\u200fشیرین\u200c زاده", "idempotency_key": "u5"}), "a Persian name with its marks"); a.status != http.StatusOK {
		t.Errorf("%d", a.status)
	}

	report := "012 Open\nXXR 3\n" +
		"001    1      Alpha, A                          2100                             1.0    1     2 w 1\n" +
		"001    2      Beta, B                           2000                             0.0    2     1 b 0\n"
	long := func(n int) string { return strings.Repeat("k", n) }
	for _, c := range []struct{ name, query, field string }{
		{"a key of 5000 bytes", "idempotency_key=" + long(5000), "idempotency_key"},
		{"a control character in the key", "idempotency_key=a%01b", "idempotency_key"},
		{"an arbiter of 500 bytes", "id=i1&by=" + long(500), "by"},
		{"a newline in the arbiter", "id=i2&by=a%0Ab", "by"},
		{"an id of 65 bytes", "id=" + long(65), "id"},
		{"a newline in the name", "id=i3&name=a%0Ab", "name"},
		{"100 rounds", "id=i4&rounds=100", "rounds"},
		{"a chief arbiter of 101 characters", "id=i5&chief_arbiter=" + url.QueryEscape(strings.Repeat("ş", 101)), "chief_arbiter"},
		{"a tab in a round date", "id=i6&round_dates=2026-01-0%091", "round_dates[0]"},
		{"rated neither true nor false", "id=i7&rated=yes", ""},
		{"a name given twice", "id=i8&name=A&name=B", ""},
		{"an unknown parameter", "id=i9&ratedd=true", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			before := s.appended()
			a := s.text("POST", "/api/tournaments/import?"+c.query, "text/plain", report)
			msg := a.raw
			if m, ok := a.body["error"].(map[string]any); ok {
				msg, _ = m["message"].(string)
			}
			if a.status != http.StatusBadRequest || a.errorCode() != "invalid" || c.field != "" && !strings.HasPrefix(msg, "query: field "+c.field+":") {
				t.Errorf("import?%s: %d %s, want 400 naming %s", truncate(c.query), a.status, truncate(a.raw), c.field)
			}
			if after := s.appended(); after != before {
				t.Errorf("%g events appended by a refused import", after-before)
			}
		})
	}
	before := s.appended()
	if a := s.text("POST", "/api/tournaments/import?id=esc", "text/plain", strings.Replace(report, "012 Open", "012 Op\x1ben", 1)); a.status != http.StatusBadRequest || !strings.Contains(a.raw, "line 1, column 7: control character U+001B") {
		t.Errorf("an ESC in the report's name: %d %s", a.status, truncate(a.raw))
	}
	if after := s.appended(); after != before {
		t.Errorf("%g events appended by a refused import", after-before)
	}
	mustOK(t, s.text("POST", "/api/tournaments/import?id=fine&by=arb&idempotency_key=imp&rated=true", "text/plain", strings.ReplaceAll(report, "\n", "\r\n")), "an import within the limits, CRLF")
	before = s.appended()
	if a := s.text("POST", "/api/tournaments/tx/players?idempotency_key=a%0Ab", "text/csv", "player_id,name\nq1,Q1\n"); a.status != http.StatusBadRequest || !strings.Contains(a.raw, "idempotency_key") {
		t.Errorf("a CSV registration with a newline in its key: %d %s", a.status, truncate(a.raw))
	}
	if after := s.appended(); after != before {
		t.Errorf("%g events appended by a refused registration", after-before)
	}
}

package e2e

import (
	"net/http"
	"strings"
	"testing"
)

// TestDeskRegisterList registers players as a federation sends them: a
// JSON list and a CSV upload, all or nothing; every refusal is a 400
// naming the field (and the CSV line) and appends nothing; the audit of
// the tournament follows.
func TestDeskRegisterList(t *testing.T) {
	data := t.TempDir()
	s := start(t, data)
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "fed", "name": "Federation Open", "system": "swiss-dutch", "rounds": 5, "idempotency_key": "c-fed"}), "create")
	count := func() int {
		return strings.Count(s.do("GET", "/api/tournaments/fed/events?follow=false", "").raw, "tournament.player_registered")
	}
	list := []map[string]any{
		{"name": "Alpha, Anna", "fide_id": "1000001", "federation": "GER", "title": "WGM", "rating": 2350, "birth_year": 1995, "sex": "w"},
		{"name": "Beta, Bora", "fide_id": "1000002", "federation": "TUR", "title": "IM", "rating": 2420, "birth_year": 2001},
		{"player_id": "c3", "name": "Gamma, Cem", "federation": "TUR", "rating": 0},
	}
	a := mustOK(t, s.post("/api/tournaments/fed/players", map[string]any{"players": list, "idempotency_key": "l1-fed"}), "list")
	if len(a.events()) != 3 || count() != 3 {
		t.Fatalf("the list registered %d players: %s", count(), a.raw)
	}
	bad := []struct {
		name  string
		entry map[string]any
		want  string
	}{
		{"title", map[string]any{"name": "X, Y", "title": "Gra"}, "players[1]: title"},
		{"arbiter title", map[string]any{"name": "X, Y", "title": "IA"}, "players[1]: title"},
		{"federation", map[string]any{"name": "X, Y", "federation": "Ger"}, "players[1]: federation"},
		{"fide id", map[string]any{"name": "X, Y", "fide_id": "12a4"}, "players[1]: fide_id"},
		{"same fide id", map[string]any{"name": "X, Y", "fide_id": "1000002"}, "players[1]: fide_id"},
		{"low rating", map[string]any{"name": "X, Y", "rating": 900}, "players[1]: rating"},
		{"high rating", map[string]any{"name": "X, Y", "rating": 3600}, "players[1]: rating"},
		{"birth year", map[string]any{"name": "X, Y", "birth_year": 1850}, "players[1]: birth_year"},
		{"no name", map[string]any{"rating": 2000}, "players[1]: name"},
	}
	for _, c := range bad {
		body := map[string]any{"players": []map[string]any{{"name": "Good, One", "rating": 2000}, c.entry}, "idempotency_key": "bad " + c.name}
		a := s.post("/api/tournaments/fed/players", body)
		if a.status != http.StatusBadRequest || !strings.Contains(a.raw, c.want) {
			t.Errorf("%s: %d %s, want 400 naming %q", c.name, a.status, a.raw, c.want)
		}
		if n := count(); n != 3 {
			t.Fatalf("%s: a refused list appended: %d players", c.name, n)
		}
	}
	// the same FIDE id twice within one list
	twice := []map[string]any{{"name": "D, D", "fide_id": "77"}, {"name": "E, E", "fide_id": "77"}}
	if a := s.post("/api/tournaments/fed/players", map[string]any{"players": twice, "idempotency_key": "twice-fed"}); a.status != http.StatusBadRequest || !strings.Contains(a.raw, "players[1]: fide_id") {
		t.Errorf("the same FIDE id twice in a list: %d %s", a.status, a.raw)
	}
	csv := "name,fide_id,federation,title,rating,birth_year,sex\n" +
		"\"Delta, Deniz\",1000004,TUR,FM,2290,2004,m\n" +
		"\"Epsilon, Eda\",1000005,TUR,WFM,2105,2008,w\n"
	if a := s.text("POST", "/api/tournaments/fed/players?idempotency_key=csv1", "text/csv", csv); a.status != http.StatusOK || len(a.events()) != 2 {
		t.Fatalf("csv: %d %s", a.status, a.raw)
	}
	badCSV := "name,fide_id,federation,title,rating,birth_year,sex\n" +
		"\"Zeta, Zan\",1000006,TUR,,2000,2000,m\n" +
		"\"Eta, Ela\",1000007,Ger,,2000,2000,w\n"
	if a := s.text("POST", "/api/tournaments/fed/players?idempotency_key=csv2", "text/csv", badCSV); a.status != http.StatusBadRequest || !strings.Contains(a.raw, "line 3: federation") {
		t.Errorf("a CSV with a bad federation on line 3: %d %s", a.status, a.raw)
	}
	if a := s.text("POST", "/api/tournaments/fed/players?idempotency_key=csv3", "text/csv", "name,elo\nX,2000\n"); a.status != http.StatusBadRequest || !strings.Contains(a.raw, "column 2") {
		t.Errorf("a CSV with an unknown column: %d %s", a.status, a.raw)
	}
	if n := count(); n != 5 {
		t.Fatalf("%d players registered, want 5", n)
	}
	v := s.do("GET", "/api/tournaments/fed", "")
	if !strings.Contains(v.raw, `"player_id":"f1000004"`) || !strings.Contains(v.raw, `"sex":"w"`) {
		t.Errorf("the players: %s", v.raw)
	}
	s.stop()
	auditTournament(t, data, "fed")
}

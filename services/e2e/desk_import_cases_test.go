package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// importCases are the endorsed engine's cases (pairing/testdata/cases: a
// tournament cut after some round, and the pairing bbpPairings 6 made of
// the next), shared with pairing/dutch's own test.
const importCases = "../../pairing/testdata/cases"

// TestDeskImportCases imports each case through POST
// /api/tournaments/import, pairs the next round through POST
// /api/tournaments/{id}/rounds and compares the round paired with the
// endorsed engine's pairing (.expected), board by board: 538 of 538 (one
// server, one tournament per case; about 15 s).
func TestDeskImportCases(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(importCases, "*.trf"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	sort.Strings(files)
	s := start(t, t.TempDir())
	matched := 0
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".trf")
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(strings.TrimSuffix(file, ".trf") + ".expected")
		if err != nil {
			t.Fatal(err)
		}
		got, err := importAndPair(s, "imp-"+name, string(data))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got != strings.ReplaceAll(string(want), "\r\n", "\n") {
			t.Errorf("%s: paired\n%s\nwant\n%s", name, got, want)
			continue
		}
		matched++
	}
	t.Logf("%d of %d cases paired as the endorsed engine", matched, len(files))
}

// importAndPair imports the TRF text as tournament id, pairs its next
// round through the API and returns that round as bbpPairings writes a
// pairing (the number of pairs, "white black" per board, the bye "N 0").
func importAndPair(s *server, id, trf string) (string, error) {
	a := s.text("POST", "/api/tournaments/import?id="+id, "text/plain", trf)
	if a.status != http.StatusCreated {
		return "", fmt.Errorf("import: %d %s", a.status, a.raw)
	}
	if a.body["id"] != id {
		return "", fmt.Errorf("import: id %v, want %s", a.body["id"], id)
	}
	p := s.post("/api/tournaments/"+id+"/rounds", map[string]any{"idempotency_key": "pair-" + id})
	if p.status != http.StatusOK {
		return "", fmt.Errorf("pair: %d %s", p.status, p.raw)
	}
	var rp struct {
		Pairings []struct{ White, Black string }
		Byes     []struct {
			PlayerID string `json:"player_id"`
			Kind     string
		}
	}
	evs := p.events()
	if len(evs) != 1 || evs[0]["type"] != "tournament.round_paired" {
		return "", fmt.Errorf("pair: %s", p.raw)
	}
	raw, _ := json.Marshal(evs[0]["data"])
	if err := json.Unmarshal(raw, &rp); err != nil {
		return "", err
	}
	no := func(pid string) string { return strings.TrimPrefix(pid, "p") }
	var lines []string
	for _, b := range rp.Pairings {
		lines = append(lines, no(b.White)+" "+no(b.Black))
	}
	for _, b := range rp.Byes {
		if b.Kind == "pairing_allocated" {
			lines = append(lines, no(b.PlayerID)+" 0")
		}
	}
	return strconv.Itoa(len(lines)) + "\n" + strings.Join(lines, "\n") + "\n", nil
}

// text sends body with the content type given and decodes a JSON answer.
func (s *server) text(method, path, contentType, body string) answer {
	s.t.Helper()
	req, err := http.NewRequest(method, s.base+path, strings.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", contentType)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	a := answer{status: resp.StatusCode, raw: string(raw)}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(raw, &a.body); err != nil {
			s.t.Fatalf("%s %s: answer is not JSON: %q", method, path, raw)
		}
	}
	return a
}

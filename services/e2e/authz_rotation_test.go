package e2e

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTokenRotation: hakem serve follows its tokens file. A token removed
// from the file is refused (401, nothing appended) once the gateway has
// read the file again, with no restart, and the token that replaced it
// acts; a broken version of the file keeps the tokens in force, is logged,
// and no token reaches the logs.
func TestTokenRotation(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	file := filepath.Join(t.TempDir(), "tokens.yaml")
	write := func(content string) {
		t.Helper()
		// written beside and renamed, as an editor or a Secret update does
		tmp := file + ".new"
		if err := os.WriteFile(tmp, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, file); err != nil {
			t.Fatal(err)
		}
	}
	organiser := func(who string) string {
		return fmt.Sprintf("  - token: %s\n    role: organiser\n    subject: %s\n    tournaments: [t-rot]\n", authTokens[who], who)
	}
	write("tokens:\n" + organiser("o1"))
	s := startWith(t, []string{"--data", t.TempDir()}, []string{"HAKEM_AUTH_TOKENS_FILE=" + file}, true)
	create := map[string]any{"id": "t-rot", "name": "Rotation Open", "system": "round-robin", "time_control": "600+5", "idempotency_key": "t-t-rot"}
	if a := s.as("o1", "POST", "/api/tournaments", create); a.status != http.StatusCreated {
		t.Fatalf("o1 creates: %d %s", a.status, a.raw)
	}
	register := func(who, player string) answer {
		return s.as(who, "POST", "/api/tournaments/t-rot/players", map[string]any{"player_id": player, "name": "Player, " + player, "rating": 2000, "idempotency_key": player})
	}

	// o1's token is revoked, o2's issued.
	write("tokens:\n" + organiser("o2"))
	before := s.ndjsonCount("/api/tournaments/t-rot/events")
	deadline := time.Now().Add(30 * time.Second)
	for {
		a := register("o1", "p-late")
		if a.status == http.StatusUnauthorized {
			break
		}
		if a.status != http.StatusOK || time.Now().After(deadline) {
			t.Fatalf("o1 after its token was removed from the file: %d %s", a.status, a.raw)
		}
		// accepted before the file was read again: registered once
		// (idempotent), not counted as a refusal
		before = s.ndjsonCount("/api/tournaments/t-rot/events")
		time.Sleep(200 * time.Millisecond)
	}
	if got := s.ndjsonCount("/api/tournaments/t-rot/events"); got != before {
		t.Errorf("the revoked token's refused command appended: %d events, was %d", got, before)
	}
	if a := register("o2", "p1"); a.status != http.StatusOK {
		t.Errorf("o2 with the new token: %d %s", a.status, a.raw)
	}

	// A broken file: o2's token stays in force.
	write("tokens: [ {token: " + authTokens["o1"] + ", role: organiser\n")
	deadline = time.Now().Add(30 * time.Second)
	for !strings.Contains(s.output(), "tokens file changed but not reloaded") {
		if a := register("o2", "p2"); a.status != http.StatusOK {
			t.Fatalf("o2 while the file is broken: %d %s", a.status, a.raw)
		}
		if time.Now().After(deadline) {
			t.Fatalf("the broken tokens file was not reported:\n%s", s.output())
		}
		time.Sleep(200 * time.Millisecond)
	}
	if a := register("o1", "p3"); a.status != http.StatusUnauthorized {
		t.Errorf("o1 (only in the broken file): %d %s", a.status, a.raw)
	}
	s.stop()
	for _, who := range []string{"o1", "o2"} {
		if strings.Contains(s.output(), authTokens[who]) {
			t.Errorf("the token of %s is in the output", who)
		}
	}
	if !strings.Contains(s.output(), "tokens file reloaded") {
		t.Errorf("the reload is not logged:\n%s", s.output())
	}
}

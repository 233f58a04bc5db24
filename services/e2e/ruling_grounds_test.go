package e2e

import (
	"net/http"
	"strings"
	"testing"
)

// TestRulingsCiteTheirGrounds: through a real hakem serve, an arbiter's
// result override without its article (or reason), a time adjustment
// without its article (or reason) and a pause without a reason are refused
// with a 400 naming what is missing, and append nothing; the same rulings
// with them are recorded and the audit finds every event re-derived.
func TestRulingsCiteTheirGrounds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	id := startedGame(t, s, map[string]any{"white": "w", "black": "b", "time_control": "600", "idempotency_key": "g"})
	s.move(id, "w", "e4", "m1-"+id)
	clock := "/api/games/" + id + "/clock/"
	rulings := "/api/games/" + id + "/rulings"
	refused := func(phase string, bad []struct{ path, body, says string }) {
		t.Helper()
		before := len(s.eventLog(id))
		for _, b := range bad {
			got := s.do("POST", b.path, b.body)
			msg, _ := got.body["error"].(map[string]any)["message"].(string)
			if got.status != http.StatusBadRequest || got.errorCode() != "invalid" || !strings.Contains(msg, b.says) {
				t.Errorf("%s: %s %s: %d %s, want 400 invalid %q", phase, b.path, b.body, got.status, got.raw, b.says)
			}
		}
		if n := len(s.eventLog(id)); n != before {
			t.Fatalf("%s: refused rulings appended %d events", phase, n-before)
		}
	}
	refused("in play", []struct{ path, body, says string }{
		{clock + "adjust", `{"side":"black","delta_ms":30000,"reason":"disturbance","by":"arb","idempotency_key":"a1"}`, "article: missing"},
		{clock + "adjust", `{"side":"black","delta_ms":30000,"article":"6.10.2","by":"arb","idempotency_key":"a2"}`, "reason: missing"},
		{clock + "adjust", `{"side":"black","delta_ms":30000,"by":"arb","idempotency_key":"a3"}`, "reason and article: missing"},
		{clock + "pause", `{"by":"arb","idempotency_key":"p1"}`, "reason: missing"},
	})
	if got := s.post(clock+"pause", map[string]any{"reason": "a phone rang", "by": "arb", "idempotency_key": "p"}); got.status != 200 {
		t.Fatalf("pause: %d %s", got.status, got.raw)
	}
	if got := s.post(clock+"adjust", map[string]any{"side": "black", "delta_ms": 30000, "reason": "the phone disturbed black", "article": "6.10.2", "by": "arb", "idempotency_key": "a"}); got.status != 200 {
		t.Fatalf("adjust: %d %s", got.status, got.raw)
	}
	if got := s.post(clock+"resume", map[string]any{"by": "arb", "idempotency_key": "r"}); got.status != 200 {
		t.Fatalf("resume: %d %s", got.status, got.raw)
	}
	if got := s.post("/api/games/"+id+"/resign", map[string]any{"player": "b", "idempotency_key": "resign-" + id}); got.status != 200 {
		t.Fatalf("resign: %d %s", got.status, got.raw)
	}
	refused("finished", []struct{ path, body, says string }{
		{rulings, `{"matter":"result_override","result":"0-1","reason":"the scoresheets say black won","by":"arb","idempotency_key":"o1"}`, "article: missing"},
		{rulings, `{"matter":"result_override","result":"0-1","article":"8.7","by":"arb","idempotency_key":"o2"}`, "reason: missing"},
		{rulings, `{"matter":"result_override","result":"0-1","by":"arb","idempotency_key":"o3"}`, "reason and article: missing"},
	})
	over := s.post(rulings, map[string]any{"matter": "result_override", "result": "0-1", "reason": "the scoresheets say black won", "article": "8.7", "by": "arb", "idempotency_key": "o"})
	if over.status != 200 || over.events()[0]["type"] != "arbiter.result_overridden" {
		t.Fatalf("override: %d %s", over.status, over.raw)
	}
	s.stop()
	if r := runAudit(t, "game", id, "--data", data); r.code != 0 || !strings.Contains(r.stdout, "every event follows") {
		t.Errorf("audit: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
}

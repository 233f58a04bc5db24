package e2e

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestLawsLateDefault: the late-arrival default time is an event setting
// (late_default_ms on POST /api/games and on the tournament, carried by its
// games), taken into the ruling: 1997 6.6, one hour unless the event says
// otherwise; 2023 6.7.1, zero unless the rules of the competition specify
// otherwise. A late player within the default plays on; later, he loses by
// default. Bad settings are refused naming the field; the audit follows.
func TestLawsLateDefault(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := start(t, data)
	late := func(game string, ms int64, key string) map[string]any {
		t.Helper()
		a := mustOK(t, s.post("/api/games/"+game+"/rulings", map[string]any{"matter": "late_arrival", "side": "black", "lateness_ms": ms,
			"by": "arb", "idempotency_key": key + "-" + game}), "late arrival in "+game)
		return a.events()[0]["data"].(map[string]any)
	}
	var ids []string
	for i, tc := range []struct {
		profile  string
		setting  any // late_default_ms, nil: the profile's
		lateness int64
		decision string
		article  string
		within   string // the default time as the explanation names it
	}{
		{"fide-1997", nil, 30 * 60000, "game_continues", "6.6", "1h0m0s"},
		{"fide-1997", nil, 61 * 60000, "win_white", "6.6", "1h0m0s"},
		{"fide-1997", 15 * 60000, 20 * 60000, "win_white", "6.6", "15m0s"},
		{"fide-2023", nil, 1000, "win_white", "6.7.1", "0s"},
		{"fide-2023", 30 * 60000, 10 * 60000, "game_continues", "6.7.1", "30m0s"},
		{"fide-2023", 0, 1, "win_white", "6.7.1", "0s"},
	} {
		id := fmt.Sprint("late", i)
		body := map[string]any{"id": id, "white": "w", "black": "b", "laws_profile": tc.profile, "time_control": "5400", "idempotency_key": id}
		if tc.setting != nil {
			body["late_default_ms"] = tc.setting
		}
		mustOK(t, s.post("/api/games", body), "create "+id)
		d := late(id, tc.lateness, "l")
		if d["decision"] != tc.decision || d["article"] != tc.article || d["profile"] != tc.profile || !strings.Contains(d["explanation"].(string), "default time of "+tc.within) {
			t.Errorf("%s (%s, default %v, %d ms late): %v", id, tc.profile, tc.setting, tc.lateness, d)
		}
		ids = append(ids, id)
	}
	for _, bad := range []any{-1, 86400001, "an hour"} {
		if a := s.post("/api/games", map[string]any{"white": "w", "black": "b", "late_default_ms": bad, "idempotency_key": fmt.Sprint("bad", bad)}); a.status != http.StatusBadRequest || !strings.Contains(a.raw, "late_default_ms") {
			t.Errorf("late_default_ms %v: %d %s", bad, a.status, a.raw)
		}
	}

	// A tournament's setting reaches its games.
	mustOK(t, s.post("/api/tournaments", map[string]any{"id": "lt", "name": "Late", "system": "swiss-dutch", "rounds": 1, "laws_profile": "fide-2023",
		"late_default_ms": 15 * 60000, "idempotency_key": "t-lt"}), "tournament")
	for i := 1; i <= 2; i++ {
		mustOK(t, s.post("/api/tournaments/lt/players", map[string]any{"player_id": fmt.Sprint("p", i), "name": fmt.Sprint("Player, p", i), "rating": 2000 - i, "idempotency_key": fmt.Sprint("p", i)}), "register")
	}
	mustOK(t, s.post("/api/tournaments/lt/rounds", map[string]any{"idempotency_key": "r1-lt"}), "pair")
	board := s.round("lt", 1)["boards"].([]any)[0].(map[string]any)
	gid := board["game_id"].(string)
	waitGame(t, s, gid)
	if d := late(gid, 10*60000, "l"); d["decision"] != "game_continues" || !strings.Contains(d["explanation"].(string), "15m0s") {
		t.Errorf("ten minutes late in a tournament with a default time of 15 minutes: %v", d)
	}
	ids = append(ids, gid)

	s.kill()
	for _, id := range ids {
		if r := runAudit(t, "game", id, "--data", data, "--json"); r.code != 0 || r.json["ok"] != true {
			t.Errorf("audit of %s: exit %d %s\n%s", id, r.code, r.stderr, r.stdout)
		}
	}
}

package e2e

import (
	"os/exec"
	"testing"
)

// TestAuditDemo (-long, run by bench/audit.sh): the games of hakem demo,
// including its incorrect claim and its flag fall, audit clean, and the
// audit of its Swiss re-pairs every round with the Dutch engine.
func TestAuditDemo(t *testing.T) {
	if !*long {
		t.Skip("plays hakem demo for about half a minute: -long")
	}
	data := t.TempDir()
	demo := exec.Command(hakemBinary(t), "demo", "--exit-when-done", "--data", data, "--players", "4", "--rounds", "2", "--tc", "10+1", "--http", freeAddr(t))
	if out, err := demo.CombinedOutput(); err != nil {
		t.Fatalf("hakem demo: %v\n%s", err, out)
	}
	r := runAudit(t, "tournament", "demo", "--data", data, "--json")
	if r.code != 0 || r.json["ok"] != true {
		t.Fatalf("audit of the demo: exit %d %s\n%s", r.code, r.stderr, r.stdout)
	}
	rounds, _ := r.json["rounds"].([]any)
	for _, x := range rounds {
		rc := x.(map[string]any)
		if rc["repaired"] != true || rc["engine"] != "dutch" {
			t.Errorf("round %v: %v", rc["round"], rc)
		}
	}
	seen := map[string]int{}
	games, _ := r.json["games"].([]any)
	for _, x := range games {
		g := x.(map[string]any)
		if g["ok"] != true {
			t.Errorf("game %v: %v", g["game_id"], g["verdict"])
		}
		for _, y := range g["timeline"].([]any) {
			e := y.(map[string]any)
			seen[e["type"].(string)]++
			if e["checked"] != "re-derived" {
				t.Errorf("game %v seq %v (%v): %v", g["game_id"], e["seq"], e["type"], e["checked"])
			}
		}
	}
	if len(rounds) != 2 || len(games) != 4 || seen["clock.flag_fell"] == 0 || seen["game.draw_claimed"] == 0 || seen["arbiter.ruling_given"] < 2 {
		t.Errorf("%d rounds, %d games, events %v: want the demo's claim and flag fall among them", len(rounds), len(games), seen)
	}
}

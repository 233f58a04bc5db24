package events

import "testing"

// TestEnds: exactly the four types that finish their aggregate say so.
func TestEnds(t *testing.T) {
	want := map[string]bool{"game.ended": true, "arbiter.game_annulled": true, "tournament.finished": true, "arbiter.result_overridden": true}
	for _, ti := range Types() {
		if ti.Ends != want[ti.Name] {
			t.Errorf("%s: Ends %v, want %v", ti.Name, ti.Ends, want[ti.Name])
		}
		delete(want, ti.Name)
	}
	for name := range want {
		t.Errorf("%s: not in the catalogue", name)
	}
}

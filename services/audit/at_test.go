package audit

import (
	"testing"
	"time"
)

// TestAt: what the clocks read at the claim, at a ply, and at any instant
// (the claim game: 5 minutes each, Nf3 after 2 s, Nf6 after 3 s more, the
// claim 1 s later, then 2 minutes to Black for the incorrect claim).
func TestAt(t *testing.T) {
	log := claimGame(t).log
	t0 := log[1].RecordedAt // clock.started
	cases := []struct {
		name         string
		at           func() (*Moment, error)
		ply          int
		white, black int64
		running      string
	}{
		{"start", func() (*Moment, error) { return AtPly("g1", log, 0) }, 0, 300000, 300000, "white"},
		{"after Nf3", func() (*Moment, error) { return AtPly("g1", log, 1) }, 1, 298000, 300000, "black"},
		// the claim stops both clocks (2023 9.5.1) until the ruling
		{"the claim", func() (*Moment, error) { return At("g1", log, t0.Add(6*time.Second)) }, 2, 297000, 297000, ""},
		{"a quarter second on", func() (*Moment, error) { return At("g1", log, t0.Add(6250*time.Millisecond)) }, 2, 297000, 297000, ""},
		{"after the penalty and Ng1", func() (*Moment, error) { return At("g1", log, t0.Add(6500*time.Millisecond)) }, 3, 297000, 417000, "black"},
	}
	for _, c := range cases {
		m, err := c.at()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if m.Ply != c.ply || m.Clocks == nil || m.Clocks.WhiteMs != c.white || m.Clocks.BlackMs != c.black || m.Clocks.Running != c.running {
			t.Errorf("%s: ply %d clocks %+v, want ply %d white %d black %d %s running", c.name, m.Ply, m.Clocks, c.ply, c.white, c.black, c.running)
		}
	}
	if _, err := AtPly("g1", log, 9); err == nil {
		t.Error("ply 9 of a 3-ply game given")
	}
	if _, err := At("g1", log, t0.Add(-time.Hour)); err == nil {
		t.Error("a moment before the game was created given")
	}
}

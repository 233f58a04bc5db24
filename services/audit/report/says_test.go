package report

import (
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/audit"
)

// TestRosterSays: a game's creation is said with the players' labels, by
// id when the roster does not know them (or there is none), and every
// other entry as the audit wrote it.
func TestRosterSays(t *testing.T) {
	created := &events.GameCreated{White: "b", Black: "a", TimeControl: "90m+30s", LawsProfile: "fide-2023"}
	unknown := &events.GameCreated{White: "x", Black: "a", TimeControl: "5m", LawsProfile: "fide-1997"}
	r := RosterOf(fourPlayers(t))
	cases := []struct {
		name   string
		roster *Roster
		entry  audit.Entry
		want   string
	}{
		{"named", r, audit.Entry{Says: "white b, black a", Created: created},
			`white 1. IM Berg, Ingrid (NOR) 2450, black 4. Aksoy, Deniz (TUR) 1900, control "90m+30s", laws fide-2023`},
		{"one unknown", r, audit.Entry{Created: unknown},
			`white x, black 4. Aksoy, Deniz (TUR) 1900, control "5m", laws fide-1997`},
		{"no roster", nil, audit.Entry{Created: created}, `white b, black a, control "90m+30s", laws fide-2023`},
		{"a move", r, audit.Entry{Says: "1. e4 (e2e4) at 10:00:00.000"}, "1. e4 (e2e4) at 10:00:00.000"},
	}
	for _, c := range cases {
		if got := c.roster.Says(c.entry); got != c.want {
			t.Errorf("%s: Says = %q, want %q", c.name, got, c.want)
		}
	}
}

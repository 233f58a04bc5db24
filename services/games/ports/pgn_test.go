package ports

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules/pgn"
	"github.com/hakem-chess/hakem/services/games/domain"
)

// TestPGNBothLost: a game both players lost (0-0) is written with "*" in
// the Result tag and as the termination marker (PGN knows no 0-0), a
// comment saying both lost and the article, and Termination "rules
// infraction" for a game played (not for a double forfeit); it reads back
// with our PGN reader, tag and movetext agreeing. A decided game keeps its
// result.
func TestPGNBothLost(t *testing.T) {
	for _, tt := range []struct {
		name                string
		end                 events.GameEnded
		result, termination string
		comment             string
	}{
		{"played", events.GameEnded{Result: "0-0", Termination: "arbiter", Article: "12.8", Ply: 2}, "*", "rules infraction", "Both players lost (0-0), article 12.8"},
		{"forfeit", events.GameEnded{Result: "0-0", Termination: "forfeit", Article: "6.7.1", Ply: 2}, "*", "", "Both players lost (0-0) by forfeit (-/-), article 6.7.1"},
		{"decided", events.GameEnded{Result: "1-0", Termination: "resignation", Ply: 2}, "1-0", "", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := &domain.Game{}
			for _, e := range []domain.Event{
				events.GameCreated{White: "w", Black: "b", LawsProfile: "fide-2023"},
				events.MovePlayed{Ply: 1, UCI: "e2e4", SAN: "e4"},
				events.MovePlayed{Ply: 2, UCI: "e7e5", SAN: "e5"},
				tt.end,
			} {
				if err := g.Apply(e); err != nil {
					t.Fatal(err)
				}
			}
			var b bytes.Buffer
			if err := WritePGN(&b, "g1", g, time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)); err != nil {
				t.Fatal(err)
			}
			back, err := pgn.NewReader(&b).Next()
			if err != nil {
				t.Fatalf("reading back: %v\n%s", err, b.String())
			}
			if back.Tag("Result") != tt.result || back.Result != tt.result || back.Tag("Termination") != tt.termination ||
				!strings.HasPrefix(back.Comment, tt.comment) || (tt.comment == "") != (back.Comment == "") || len(back.Moves) != 2 {
				t.Errorf("tag %q, marker %q, Termination %q, comment %q, %d moves; want %q, %q, %q...\n%s",
					back.Tag("Result"), back.Result, back.Tag("Termination"), back.Comment, len(back.Moves), tt.result, tt.termination, tt.comment, b.String())
			}
		})
	}
}

package ports

import (
	"bytes"
	"fmt"
	"io"
	"time"

	"github.com/hakem-chess/hakem/rules/pgn"
	"github.com/hakem-chess/hakem/services/games/domain"
)

// WritePGNTagged writes the game as WritePGN does, then sets the given tags
// over its own (a tag with an empty value is left out): a tournament's
// export names the event and the players and adds their FIDE ids and
// ratings. The game written by WritePGN is read back with rules/pgn and
// written again, so moves, result and [%clk] comments are WritePGN's.
func WritePGNTagged(w io.Writer, id string, g *domain.Game, created time.Time, tags []pgn.Tag) error {
	var b bytes.Buffer
	if err := WritePGN(&b, id, g, created); err != nil {
		return err
	}
	pg, err := pgn.NewReader(&b).Next()
	if err != nil {
		return fmt.Errorf("game %s: reading its PGN back: %w", id, err)
	}
	for _, t := range tags {
		if t.Value != "" {
			pg.SetTag(t.Name, t.Value)
		}
	}
	return pgn.Write(w, pg)
}

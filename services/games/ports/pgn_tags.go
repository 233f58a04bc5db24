package ports

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"time"

	"github.com/hakem-chess/hakem/rules/pgn"
	"github.com/hakem-chess/hakem/services/games/app/query"
	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
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

// TournamentPGN writes game id of store as WritePGNTagged does, with tags
// set over its own: the pairing service's broadcast of a tournament's
// rounds writes each board's game through it, handed in by `hakem serve`.
func TournamentPGN(ctx context.Context, store gamelog.Store, w io.Writer, id string, tags []pgn.Tag) error {
	recs, g, err := query.EventsHandler{Store: store}.Handle(ctx, id)
	if err != nil {
		return err
	}
	var created time.Time
	if len(recs) > 0 {
		created = recs[0].Envelope.RecordedAt
	}
	if err := WritePGNTagged(w, id, g, created, tags); err != nil {
		return fmt.Errorf("game %s: %w", id, err)
	}
	return nil
}

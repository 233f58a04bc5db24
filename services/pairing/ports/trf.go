package ports

import (
	"io"
	"slices"
	"strconv"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/tournament"
	"github.com/hakem-chess/hakem/services/pairing/domain"
)

// WriteTRF writes the tournament in FIDE's Tournament Report File format
// (TRF-26) as domain.Tournament.File builds it: the file the Dutch engine
// pairs the next round from, so that `hakem pair --dutch` on it gives the
// service's pairing (forfeits as + and -, byes, the next round's
// absences, forbidden pairs as XXP, the games' points penalties as 299
// records counted in the points).
func WriteTRF(w io.Writer, t *domain.Tournament, results map[string]events.Result, pens tournament.Penalties) error {
	f, err := t.FilePenalised(results, pens)
	if err != nil {
		return err
	}
	if f.TotalRounds > 0 {
		// the rating report names the rounds in JaVaFo's XXR as well as
		// in 142 (read back as the same number)
		f.Unknown = append(slices.Clone(f.Unknown), "XXR "+strconv.Itoa(f.TotalRounds))
	}
	return f.Write(w)
}

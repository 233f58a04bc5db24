package domain

import (
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/tournament"
)

// Import decides the creation of a tournament from a tournament report
// file (TRF-16 or TRF-26): its regulations from im.Created, completed by
// the file's headers (012 name, 022-132, XXR/142 rounds, 162/XXS point
// system), its players and its rounds from the file. A file that does not
// read, or whose rounds do not agree (an opponent who does not name the
// player back, results that do not fit), is refused naming the line.
func (t *Tournament) Import(im events.TournamentImported) ([]events.Event, error) {
	if t.WasCreated() {
		return nil, refuse(ErrExists, "tournament already exists")
	}
	f, played, err := tournament.ReadImport(im.TRF)
	if err != nil {
		return nil, refuse(ErrInvalid, "trf: %s", strings.TrimPrefix(err.Error(), "trf: "))
	}
	c := im.Created
	fill := func(dst *string, v string) {
		if *dst == "" {
			*dst = strings.TrimSpace(v)
		}
	}
	fill(&c.Name, f.Name)
	if strings.TrimSpace(c.Name) == "" {
		c.Name = "Imported tournament"
	}
	fill(&c.City, f.City)
	fill(&c.Federation, f.Federation)
	fill(&c.StartDate, f.StartDate)
	fill(&c.EndDate, f.EndDate)
	fill(&c.Type, f.Type)
	fill(&c.ChiefArbiter, f.ChiefArbiter)
	if len(c.DeputyArbiters) == 0 {
		c.DeputyArbiters = f.DeputyArbiters
	}
	if len(c.RoundDates) == 0 {
		c.RoundDates = f.RoundDates
	}
	if len(c.Tiebreaks) == 0 && len(f.TieBreaks) > 0 {
		// TRF-26's record 202: the tie-breaks in their order, in C.07's
		// codes; the query's tiebreaks replace it
		if err := checkTiebreaks("", f.TieBreaks); err != nil {
			return nil, refuse(ErrInvalid, "trf: record 202: %s", strings.TrimPrefix(err.Error(), "tiebreaks: "))
		}
		c.Tiebreaks = f.TieBreaks
	}
	if c.System == "" {
		c.System = "swiss-dutch"
	}
	if c.Rounds == 0 {
		c.Rounds = max(f.TotalRounds, played, 1)
	}
	if c.Rounds < played {
		return nil, refuse(ErrInvalid, "rounds: %d, but the file has %d rounds paired", c.Rounds, played)
	}
	if c.PointSystem == nil {
		ps := f.PointSystem
		c.PointSystem = events.PointSystem{events.PointsWin: ps.WhiteWin, events.PointsDraw: ps.WhiteDraw, events.PointsLoss: ps.WhiteLoss,
			events.PointsBye: ps.PairingAllocatedBye, events.PointsForfeitLoss: ps.ForfeitLoss}
	}
	created, err := (&Tournament{}).Create(c)
	if err != nil {
		return nil, err
	}
	im.Created = created[0].(events.TournamentCreated)
	im.Rounds, im.Players = played, len(f.Players)
	if err := (&Tournament{}).Apply(im); err != nil {
		return nil, refuse(ErrInvalid, "trf: %v", err)
	}
	return []events.Event{im}, nil
}

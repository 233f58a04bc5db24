package tournament

import (
	"time"

	"github.com/hakem-chess/hakem/clock"
	"github.com/hakem-chess/hakem/ratings"
)

// Category is the FIDE rating list a tournament's games count for, from
// its time control: the time for 60 moves (base plus 60 increments) of the
// first period, 60 minutes or more standard, more than 10 minutes rapid,
// else blitz (FIDE Rating Regulations 1.1, rapid A.1, blitz B.1); standard
// when the control is unknown.
func Category(timeControl string) ratings.Category {
	tc, err := clock.ParsePGN(timeControl)
	if err != nil || tc.Kind != clock.Timed || len(tc.Periods) == 0 {
		return ratings.Standard
	}
	p := tc.Periods[0]
	total := p.Base + 60*p.Increment
	switch {
	case total >= 60*time.Minute:
		return ratings.Standard
	case total > 10*time.Minute:
		return ratings.Rapid
	}
	return ratings.Blitz
}

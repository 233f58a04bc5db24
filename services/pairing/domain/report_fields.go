package domain

import (
	"strings"
	"unicode/utf8"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing/trf"
)

// checkReportFields checks the rating report's fields of a tournament's
// creation (TRF-26 022-132): one line each, dates as TRF writes them
// (YYYY/MM/DD; a round date at most 10 columns), the federation a FIDE
// member's code, as many round dates as rounds at most.
func checkReportFields(c events.TournamentCreated) error {
	for _, f := range []struct{ name, v string }{{"city", c.City}, {"type", c.Type}, {"chief_arbiter", c.ChiefArbiter}} {
		if strings.ContainsAny(f.v, "\r\n") {
			return refuse(ErrInvalid, "%s: one line only", f.name)
		}
	}
	for i, d := range c.DeputyArbiters {
		if strings.TrimSpace(d) == "" || strings.ContainsAny(d, "\r\n") {
			return refuse(ErrInvalid, "deputy_arbiters[%d]: one name on one line", i)
		}
	}
	if c.Federation != "" && !IsFederation(c.Federation) {
		return refuse(ErrInvalid, "federation: %q is not the code of a FIDE member federation", c.Federation)
	}
	for _, d := range []struct{ name, v string }{{"start_date", c.StartDate}, {"end_date", c.EndDate}} {
		if d.v == "" {
			continue
		}
		if _, _, _, err := trf.ParseDate(d.v); err != nil || strings.ContainsAny(d.v, "\r\n") {
			return refuse(ErrInvalid, "%s: %q is not a date (YYYY/MM/DD)", d.name, d.v)
		}
	}
	if c.Rounds > 0 && len(c.RoundDates) > c.Rounds {
		return refuse(ErrInvalid, "round_dates: %d dates for %d rounds", len(c.RoundDates), c.Rounds)
	}
	for i, d := range c.RoundDates {
		if d == "" {
			continue
		}
		if _, _, _, err := trf.ParseDate(d); err != nil || utf8.RuneCountInString(d) > 10 || strings.ContainsAny(d, "\r\n") {
			return refuse(ErrInvalid, "round_dates[%d]: %q is not a date of at most 10 columns (YY/MM/DD or YYYY/MM/DD)", i, d)
		}
	}
	return nil
}

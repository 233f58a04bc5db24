package domain

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hakem-chess/hakem/events"
)

// Titles are FIDE's titles of players (FIDE Handbook B.01), the only ones
// a registration takes.
var Titles = []string{"GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"}

// otherTitles are FIDE's titles that are not a player's (arbiters,
// trainers, organisers): named in the refusal.
var otherTitles = []string{"IA", "FA", "NA", "IO", "FST", "FT", "FI", "NI", "DI"}

// checkPlayerFields checks what FIDE's rating list says of a player: the
// FIDE id digits, the title one of Titles, the federation a FIDE member's
// code, the rating 0 (unrated) or 1000-3500 (the rating floor of the
// FIDE Rating Regulations is 1400 since 2024; older ratings go down to
// 1000), the year of birth between 1900 and three years before the
// tournament.
func (t *Tournament) checkPlayerFields(p events.PlayerRegistered) error {
	if p.FideID != "" && strings.Trim(p.FideID, "0123456789") != "" {
		return refuse(ErrInvalid, "fide_id: %q is not a FIDE id (digits only)", p.FideID)
	}
	if len(p.FideID) > 11 {
		return refuse(ErrInvalid, "fide_id: %q is longer than the 11 digits of a FIDE id", p.FideID)
	}
	if p.Title != "" && !slices.Contains(Titles, p.Title) {
		if slices.Contains(otherTitles, strings.ToUpper(p.Title)) {
			return refuse(ErrInvalid, "title: %q is not a player's title (an arbiter's, trainer's or organiser's); a player's is one of %s", p.Title, strings.Join(Titles, ", "))
		}
		return refuse(ErrInvalid, "title: %q is not a FIDE title (one of %s)", p.Title, strings.Join(Titles, ", "))
	}
	if p.Federation != "" && !IsFederation(p.Federation) {
		return refuse(ErrInvalid, "federation: %q is not the code of a FIDE member federation (three capitals, e.g. GER, TUR)", p.Federation)
	}
	if p.Rating != 0 && (p.Rating < 1000 || p.Rating > 3500) {
		return refuse(ErrInvalid, "rating: %d (0 for an unrated player, else 1000 to 3500)", p.Rating)
	}
	latest := 2100
	if t.Year > 0 {
		latest = t.Year - 3
	}
	if p.BirthYear != 0 && (p.BirthYear < 1900 || p.BirthYear > latest) {
		return refuse(ErrInvalid, "birth_year: %d is not a plausible year of birth (1900 to %d; 0 when unknown)", p.BirthYear, latest)
	}
	switch p.Sex {
	case "", "m", "w", "f":
	default:
		return refuse(ErrInvalid, "sex: %q (m, w or f as the rating list writes it; empty when not given)", p.Sex)
	}
	if p.FideID != "" {
		for _, q := range t.Players {
			if q.FideID == p.FideID {
				return refuse(ErrInvalid, "fide_id: %s is already registered (player %q): the same player twice", p.FideID, q.PlayerID)
			}
		}
	}
	return nil
}

// defaultPlayerID is the id of a player registered without one: "f" and
// his FIDE id, else "r" and his registration number.
func (t *Tournament) defaultPlayerID(p events.PlayerRegistered) string {
	if p.FideID != "" {
		return "f" + p.FideID
	}
	return fmt.Sprintf("r%d", len(t.Players)+1)
}

// RegisterList decides the registration of a list of players, all or
// none: each as Register decides it, in order (so the same FIDE id or
// player id twice in the list is refused too); a refusal names the entry
// (players[i], its 0-based index).
func (t *Tournament) RegisterList(ps []events.PlayerRegistered) ([]events.Event, error) {
	if len(ps) == 0 {
		return nil, refuse(ErrInvalid, "players: an empty list")
	}
	scratch := *t
	scratch.Players = slices.Clone(t.Players)
	scratch.listing = true
	out := make([]events.Event, 0, len(ps))
	for i, p := range ps {
		evs, err := scratch.Register(p)
		if err != nil {
			if r, ok := err.(*Refusal); ok {
				return nil, refuse(r.Kind, "players[%d]: %s", i, r.Reason)
			}
			return nil, err
		}
		scratch.Players = append(scratch.Players, evs[0].(events.PlayerRegistered))
		out = append(out, evs...)
	}
	return out, nil
}

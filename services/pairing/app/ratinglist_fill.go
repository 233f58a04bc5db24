package app

import (
	"fmt"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/ratings/ratinglist"
	"github.com/hakem-chess/hakem/services/internal/tournament"
	"github.com/hakem-chess/hakem/services/pairing/domain"
)

// FillFromList completes a registration given by FIDE id from the list's
// entry p, for the tournament's list (category: standard, rapid or
// blitz) in calendar year year: name, federation, title (the open title,
// else the woman's), sex, year of birth, the rating of that list, and the
// K-factor's inputs — reached 2400 when the list's K is 10; the list's
// games as the rated games when its K is 40 and the player is no junior
// (the 30-game rule is then why K is 40; otherwise the games are left
// unknown, taken as 30 or more). What the registration gives is kept.
func FillFromList(e events.PlayerRegistered, p ratinglist.Player, category string, year int) events.PlayerRegistered {
	c, err := ratinglist.ParseCategory(category)
	if err != nil {
		c = ratinglist.Standard
	}
	r := p.Ratings[c]
	set := func(dst *string, v string) {
		if *dst == "" {
			*dst = v
		}
	}
	set(&e.Name, p.Name)
	set(&e.Federation, p.Federation)
	set(&e.Title, p.PlayerTitle())
	set(&e.Sex, p.Sex)
	if e.BirthYear == 0 {
		e.BirthYear = p.BirthYear
	}
	if e.Rating == 0 {
		e.Rating = r.Rating
	}
	if r.K == 10 {
		e.Reached2400 = true
	}
	junior := p.BirthYear > 0 && year > 0 && year-p.BirthYear < 18
	if e.RatedGames == 0 && r.K == 40 && !junior && r.Games < 30 {
		e.RatedGames = max(r.Games, 1)
	}
	return e
}

// fromList fills each registration given by FIDE id without a name from
// the rating list (FillFromList); an id the list does not have is refused.
func (p *Pairing) fromList(t *domain.Tournament, ps []events.PlayerRegistered) ([]events.PlayerRegistered, error) {
	out := make([]events.PlayerRegistered, len(ps))
	category := tournament.Category(t.Created.TimeControl).String()
	for i, e := range ps {
		out[i] = e
		if e.FideID == "" || e.Name != "" {
			continue
		}
		lp, ok, err := p.RatingList.Lookup(e.FideID)
		if err != nil {
			return nil, err
		}
		if !ok {
			where := "fide_id"
			if len(ps) > 1 {
				where = fmt.Sprintf("players[%d]: fide_id", i)
			}
			return nil, &domain.Refusal{Kind: domain.ErrInvalid, Reason: fmt.Sprintf("%s: %s is not in the rating list (hakem ratinglist import), and no name is given", where, e.FideID)}
		}
		out[i] = FillFromList(e, lp, category, t.Year)
	}
	return out, nil
}

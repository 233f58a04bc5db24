package trf

import "reflect"

// Equal reports whether f and g hold the same tournament data: every
// field but the source line numbers of the players (and how the file
// happened to write zero counts), with an empty list equal to none.
func (f *File) Equal(g *File) bool {
	return reflect.DeepEqual(f.normal(), g.normal())
}

// normal returns a copy of f for comparison.
func (f *File) normal() File {
	c := *f
	c.index, c.present = nil, nil
	c.IDWidth = 0 // how wide the start numbers were written
	nilIfEmpty(&c.DeputyArbiters)
	nilIfEmpty(&c.RoundDates)
	nilIfEmpty(&c.TieBreaks)
	nilIfEmpty(&c.StandingTieBreaks)
	nilIfEmpty(&c.TeamRecords)
	c.AbnormalPoints = nil
	for _, a := range f.AbnormalPoints {
		nilIfEmpty(&a.Players)
		c.AbnormalPoints = append(c.AbnormalPoints, a)
	}
	nilIfEmpty(&c.Unknown)
	nilIfEmpty(&c.Accelerations)
	c.Forbidden = nil
	for _, g := range f.Forbidden {
		nilIfEmpty(&g.Players)
		c.Forbidden = append(c.Forbidden, g)
	}
	c.Absent = nil
	for _, a := range f.Absent {
		nilIfEmpty(&a.Players)
		c.Absent = append(c.Absent, a)
	}
	c.Players = nil
	if len(f.Players) > 0 {
		c.Players = make([]Player, 0, len(f.Players))
	}
	for _, p := range f.Players {
		p.Line = 0
		nilIfEmpty(&p.Rounds)
		c.Players = append(c.Players, p)
	}
	return c
}

func nilIfEmpty[T any](s *[]T) {
	if len(*s) == 0 {
		*s = nil
	}
}

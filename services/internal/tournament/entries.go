package tournament

import (
	"slices"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/ratings"
)

// TiebreakRules is the FIDE C.07 edition of the tournament's tie-breaks:
// 2024 when chosen, else 2026.
func (t *Tournament) TiebreakRules() ratings.Rules {
	if t.Created.TiebreakRules == "2024" {
		return ratings.Rules2024
	}
	return ratings.Rules2026
}

// applyEntry folds the desk's changes to the entries; ok is false for
// another event.
func (t *Tournament) applyEntry(e events.Event) (ok bool) {
	switch e := e.(type) {
	case events.TiebreaksSet:
		if e.TiebreakRules != "" {
			t.Created.TiebreakRules = e.TiebreakRules
		}
		if len(e.Tiebreaks) > 0 {
			t.Created.Tiebreaks = e.Tiebreaks
		}
	case events.PlayerCorrected:
		for i := range t.Players {
			if t.Players[i].PlayerID == e.Player.PlayerID {
				t.Players[i] = e.Player
			}
		}
	case events.PlayerRemoved:
		t.Players = slices.DeleteFunc(slices.Clone(t.Players), func(p events.PlayerRegistered) bool { return p.PlayerID == e.PlayerID })
		t.ByeRequests = slices.DeleteFunc(t.ByeRequests, func(b events.ByeRequested) bool { return b.PlayerID == e.PlayerID })
		t.Withdrawn = slices.DeleteFunc(t.Withdrawn, func(w events.PlayerWithdrawn) bool { return w.PlayerID == e.PlayerID })
		t.Forbidden = slices.DeleteFunc(t.Forbidden, func(f events.ForbiddenPairSet) bool { return f.PlayerA == e.PlayerID || f.PlayerB == e.PlayerID })
	default:
		return false
	}
	return true
}

// missedRounds records a late entry's missed rounds as requested byes of
// the rounds paired before he came (Z scores nothing, H a draw's points).
func (t *Tournament) missedRounds(e events.PlayerRegistered) {
	points := 0.0
	if e.MissedRounds == "H" {
		points = t.Points().Draw
	}
	for r := 0; r < e.FromRound-1 && r < len(t.Rounds); r++ {
		t.Rounds[r].Byes = append(slices.Clone(t.Rounds[r].Byes), events.Bye{PlayerID: e.PlayerID, Points: points, Kind: "requested"})
	}
}

package domain

import (
	"sort"

	"github.com/hakem-chess/hakem/events"
)

// Standings are the points of each player after the results given (by
// game id; "*" for a game going on), best first, ties in registration
// order, ranks shared by equal points. Byes score the tournament's bye
// points.
func (t *Tournament) Standings(results map[string]string) []events.Standing {
	points := map[string]float64{}
	ps := t.Created.PointSystem
	for _, r := range t.Rounds {
		for _, p := range r.Pairings {
			switch results[p.GameID] {
			case "1-0":
				points[p.White] += ps["win"]
				points[p.Black] += ps["loss"]
			case "0-1":
				points[p.Black] += ps["win"]
				points[p.White] += ps["loss"]
			case "1/2-1/2":
				points[p.White] += ps["draw"]
				points[p.Black] += ps["draw"]
			}
		}
		for _, b := range r.Byes {
			points[b.PlayerID] += b.Points
		}
	}
	out := make([]events.Standing, len(t.Players))
	for i, p := range t.Players {
		out[i] = events.Standing{PlayerID: p.PlayerID, Points: points[p.PlayerID]}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Points > out[j].Points })
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && out[i].Points == out[i-1].Points {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out
}

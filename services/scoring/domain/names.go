package domain

import (
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/tournament"
)

// PlayerName is who a row of the standings or the crosstable is: the
// player as registered, with his start number (the rating report's, the
// number the pairing knows him by: tournament.Tournament.StartNumbers).
type PlayerName struct {
	StartNumber int    `json:"start_number"`
	Name        string `json:"name"`
	Title       string `json:"title,omitempty"`
	Federation  string `json:"federation,omitempty"`
	Rating      int    `json:"rating,omitempty"`
	FideID      string `json:"fide_id,omitempty"`
}

// NamedStanding is a line of the standings with the player named.
type NamedStanding struct {
	events.Standing
	PlayerName
}

// Names gives each player's PlayerName, by player id.
func Names(t *tournament.Tournament) map[string]PlayerName {
	out := make(map[string]PlayerName, len(t.Players))
	for n, i := range t.StartNumbers() {
		p := t.Players[i]
		out[p.PlayerID] = PlayerName{StartNumber: n + 1, Name: p.Name, Title: p.Title, Federation: p.Federation, Rating: p.Rating, FideID: p.FideID}
	}
	return out
}

// NameStandings names the players of the standings st.
func NameStandings(t *tournament.Tournament, st []events.Standing) []NamedStanding {
	names := Names(t)
	out := make([]NamedStanding, len(st))
	for i, s := range st {
		out[i] = NamedStanding{Standing: s, PlayerName: names[s.PlayerID]}
	}
	return out
}

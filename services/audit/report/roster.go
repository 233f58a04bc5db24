package report

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/audit"
	"github.com/hakem-chess/hakem/services/pairing/domain"
)

// Roster names the players of a tournament in a report the way the
// arbiter reads them (the name as registered, "Surname, Firstname", with
// the title, federation, rating and start number) and places each game in
// its round and on its board. It is read from the tournament's own log
// (RosterOf) and only names: the audit's verdicts never depend on it. A
// nil Roster names everyone by id.
type Roster struct {
	Event string
	// Tiebreaks are the event's tie-break names, in its order.
	Tiebreaks []string
	players   map[string]events.PlayerRegistered
	numbers   map[string]int
	games     map[string]Seat
	rounds    []events.RoundPaired
}

// Seat is a game's place in its tournament.
type Seat struct {
	Round, Board int
}

// RosterOf folds the tournament's log through the pairing service's domain
// (the same fold the pairing service and the audit use) and keeps what a
// report names people by. An event the fold refuses ends the fold there:
// the roster names what could be read (the audit itself says what does
// not follow).
func RosterOf(log []events.Envelope) *Roster {
	t := &domain.Tournament{}
	if len(log) > 0 {
		t.RatingYear(log[0])
	}
	for _, e := range log {
		ev, err := events.Decode(e)
		if err != nil {
			break
		}
		if t.Apply(ev) != nil {
			break
		}
	}
	r := &Roster{Event: t.Created.Name, Tiebreaks: t.Created.Tiebreaks, players: map[string]events.PlayerRegistered{}, numbers: map[string]int{}, games: map[string]Seat{}, rounds: t.Rounds}
	for n, i := range t.StartNumbers() {
		p := t.Players[i]
		r.players[p.PlayerID] = p
		r.numbers[p.PlayerID] = n + 1
	}
	for _, rp := range t.Rounds {
		for _, p := range rp.Pairings {
			r.games[p.GameID] = Seat{Round: rp.Round, Board: p.Board}
		}
	}
	return r
}

// Name is the player's name as registered ("Surname, Firstname"), or his
// id when the roster does not know him.
func (r *Roster) Name(id string) string {
	if r == nil {
		return id
	}
	if p, ok := r.players[id]; ok && p.Name != "" {
		return p.Name
	}
	return id
}

// Number is the player's start number (0 when unknown).
func (r *Roster) Number(id string) int {
	if r == nil {
		return 0
	}
	return r.numbers[id]
}

// Label is the player as a pairing list prints him: start number, title,
// name, federation and rating ("3. GM Carlsen, Magnus (NOR) 2830"); the
// id alone when unknown.
func (r *Roster) Label(id string) string {
	if r == nil {
		return id
	}
	p, ok := r.players[id]
	if !ok {
		return id
	}
	var parts []string
	if n := r.numbers[id]; n > 0 {
		parts = append(parts, strconv.Itoa(n)+".")
	}
	if p.Title != "" {
		parts = append(parts, p.Title)
	}
	parts = append(parts, r.Name(id))
	if p.Federation != "" {
		parts = append(parts, "("+p.Federation+")")
	}
	if p.Rating > 0 {
		parts = append(parts, strconv.Itoa(p.Rating))
	}
	return strings.Join(parts, " ")
}

// Seat is the round and board of a game of the tournament (false when the
// game is not one of its boards, e.g. a replay the arbiter ordered).
func (r *Roster) Seat(gameID string) (Seat, bool) {
	if r == nil {
		return Seat{}, false
	}
	s, ok := r.games[gameID]
	return s, ok
}

// Byes lists a round's byes as "name (kind, points)".
func (r *Roster) Byes(round int) []string {
	if r == nil {
		return nil
	}
	var out []string
	for _, rp := range r.rounds {
		if rp.Round != round {
			continue
		}
		for _, b := range rp.Byes {
			out = append(out, fmt.Sprintf("%s (%s, %g)", r.Label(b.PlayerID), b.Kind, b.Points))
		}
	}
	return out
}

// Actor is an event's actor ("role:id") with a player's name for his id.
func (r *Roster) Actor(actor string) string {
	role, id, ok := strings.Cut(actor, ":")
	if !ok || r == nil {
		return actor
	}
	if _, known := r.players[id]; known {
		return role + ": " + r.Name(id)
	}
	return actor
}

// Says is what a timeline entry says, with the players named: a game's
// creation names white and black by Label (start number, title, name,
// federation, rating) where the audit's own text names them by id; every
// other entry says what the audit wrote.
func (r *Roster) Says(e audit.Entry) string {
	if e.Created == nil {
		return e.Says
	}
	return audit.CreationSays(r.Label(e.Created.White), r.Label(e.Created.Black), *e.Created)
}

package audit

import (
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/games/domain"
)

// Clocks is both clocks at an instant, as the clock module computes them.
type Clocks struct {
	// WhiteMs and BlackMs are the remaining times in milliseconds.
	WhiteMs int64 `json:"white_ms"`
	BlackMs int64 `json:"black_ms"`
	// Running is the side whose clock runs ("" when none does).
	Running string `json:"running,omitempty"`
	// Paused is true while the arbiter has stopped the clocks.
	Paused bool `json:"paused,omitempty"`
	// Flag is the side whose flag is down at the instant, if any.
	Flag string `json:"flag,omitempty"`
}

// Entry is one line of the timeline: one event, what it says, and what the
// audit found.
type Entry struct {
	Seq     uint64    `json:"seq"`
	ID      string    `json:"id"`
	At      time.Time `json:"recorded_at"`
	Actor   string    `json:"actor"`
	Type    string    `json:"type"`
	Says    string    `json:"says"`
	Article string    `json:"article,omitempty"`
	Profile string    `json:"profile,omitempty"`
	// Ply and FEN are the position after the event.
	Ply int    `json:"ply"`
	FEN string `json:"fen,omitempty"`
	// Clocks are both clocks at the event's instant, after it (nil before
	// the clock starts or in an untimed game).
	Clocks *Clocks `json:"clocks,omitempty"`
	// Disputed marks a claim, a ruling, a penalty, a flag fall or an
	// event that does not follow.
	Disputed bool `json:"disputed,omitempty"`
	// Checked says how the event was checked: "re-derived" (the command was
	// decided again and gave this event), "chain only", or "not reached"
	// (after the first event that does not follow).
	Checked string `json:"checked"`
	// Problem says why the event does not follow ("" if it does).
	Problem string `json:"problem,omitempty"`
	// Created is the game's creation on its game.created entry (nil on
	// every other), so that a report can say it with the players' names
	// (report.Roster.Says) where Says names them by id.
	Created *events.GameCreated `json:"-"`
}

// CreationSays is what a game's creation says, with white and black as
// the caller names them (ids in the timeline, names in a report).
func CreationSays(white, black string, e events.GameCreated) string {
	return fmt.Sprintf("white %s, black %s, control %q, laws %s", white, black, e.TimeControl, e.LawsProfile)
}

// Finding names the first event that does not follow, and why.
type Finding struct {
	Index   int    `json:"index"`
	Seq     uint64 `json:"seq"`
	EventID string `json:"event_id"`
	Type    string `json:"type"`
	Reason  string `json:"reason"`
}

// String is the finding in one line for an arbiter.
func (f *Finding) String() string {
	return fmt.Sprintf("event seq %d (%s, id %s) does not follow: %s", f.Seq, f.Type, f.EventID, f.Reason)
}

// clocksAt returns both clocks of g at instant at (nil before the start).
func clocksAt(g *domain.Game, at time.Time) *Clocks {
	t := g.Timer()
	if !t.Started() {
		return nil
	}
	w, b, err := t.Reading(at)
	if err != nil {
		return nil
	}
	c := &Clocks{WhiteMs: w.Remaining.Milliseconds(), BlackMs: b.Remaining.Milliseconds(), Paused: t.Clock().Paused()}
	switch {
	case w.Running:
		c.Running = "white"
	case b.Running:
		c.Running = "black"
	}
	switch {
	case w.Flagged:
		c.Flag = "white"
	case b.Flagged:
		c.Flag = "black"
	}
	return c
}

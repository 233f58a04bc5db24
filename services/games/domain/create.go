package domain

import (
	"github.com/hakem-chess/hakem/services/internal/game"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/clock"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/rules/laws"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// MaxLateDefault is the longest default time an event may set.
const MaxLateDefault = 24 * time.Hour

// Create decides the creation of a game from its setup. An empty StartFEN
// means the standard starting position; the laws profile defaults to
// fide-2023.
func (g *Game) Create(c events.GameCreated) ([]Event, error) {
	if g.Exists() {
		return nil, refuse(refusal.ErrGameExists, "game already exists")
	}
	c.White, c.Black = strings.TrimSpace(c.White), strings.TrimSpace(c.Black)
	switch {
	case c.White == "" || c.Black == "":
		return nil, refuse(refusal.ErrInvalid, "white and black: both player ids are required")
	case c.White == c.Black:
		return nil, refuse(refusal.ErrInvalid, "white and black: the same player %q cannot play both colours", c.White)
	case c.Round < 0 || c.Board < 0:
		return nil, refuse(refusal.ErrInvalid, "round and board must not be negative")
	}
	if c.LawsProfile == "" {
		c.LawsProfile = laws.DefaultProfile
	}
	if d := c.LateDefaultMs; d != nil && (*d < 0 || *d > MaxLateDefault.Milliseconds()) {
		return nil, refuse(refusal.ErrInvalid, "late_default_ms: %d is not between 0 and %d (a day)", *d, MaxLateDefault.Milliseconds())
	}
	if _, err := laws.Lookup(c.LawsProfile); err != nil {
		return nil, refuse(refusal.ErrInvalid, "laws_profile: %v", err)
	}
	if c.TimeControl != "" {
		if _, err := clock.ParsePGN(c.TimeControl); err != nil {
			return nil, refuse(refusal.ErrInvalid, "time_control: %v", err)
		}
	}
	c.Mode = strings.TrimSpace(c.Mode)
	if c.Mode == "" {
		c.Mode = ModeOf(c.TimeControl).String() // 2023 A.1, B.1
	} else if _, err := laws.ParseMode(c.Mode); err != nil {
		return nil, refuse(refusal.ErrInvalid, "mode: %q is not standard, rapid or blitz", c.Mode)
	}
	profile, err := game.Profile(c)
	if err != nil {
		return nil, refuse(refusal.ErrInvalid, "quickplay_finish: %v (mode %s)", err, c.Mode)
	}
	if err := checkSupervised(c.Supervised, c.Mode, profile); err != nil {
		return nil, err
	}
	if c.StartFEN != "" {
		p, err := rules.ParseFEN(c.StartFEN)
		if err != nil {
			return nil, refuse(refusal.ErrInvalid, "start_fen: %v", err)
		}
		if !p.HasLegalMoves() {
			return nil, refuse(refusal.ErrInvalid, "start_fen: the side to move has no legal move")
		}
		if err := profile.PlayableStart(p); err != nil {
			// a dead position is drawn before the first move (1997 9.6,
			// 2023 5.2.2): no game is created from it
			return nil, refuse(refusal.ErrInvalid, "start_fen: %v", err)
		}
		c.StartFEN = p.FEN()
		if std := rules.StartPosition(); c.StartFEN == std.FEN() {
			c.StartFEN = "" // the catalogue writes no FEN for the standard start
		}
	}
	return []Event{c}, nil
}

// checkSupervised checks that a game said to be fully supervised is one
// the 2023 Laws distinguish so (A.4 for rapid, B.3 for blitz): not a
// standard game, nor one under the 1997 profile (no rapid or blitz
// appendix in its seed text).
func checkSupervised(on bool, mode string, p laws.Profile) error {
	switch {
	case !on:
		return nil
	case p.Edition == 1997:
		return refuse(refusal.ErrInvalid, "supervised: %s has no rapid or blitz appendix", p.Name)
	case mode == laws.Standard.String():
		return refuse(refusal.ErrInvalid, "supervised: a standard game (2023 A.4 and B.3 concern rapid and blitz)")
	}
	return nil
}

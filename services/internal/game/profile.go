package game

import (
	"sync"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules/laws"
)

// Profile is the laws profile a game created by c is played under: the
// edition it names, in the game's mode (c.Mode: 2023 rapid and blitz,
// Appendices A and B; the 1997 profile has no rapid or blitz appendix in
// the seed text and plays every game under its standard rules), with the
// quickplay-finish rules in force when they were announced for it
// (c.QuickplayFinish: 2023 Guidelines III, which apply only if announced,
// III.2.1; 1997 article 10), and, for a rapid or blitz game the arbiter
// fully supervises (c.Supervised), the Competition Rules rather than the
// relaxed rules of 2023 A.5 (A.4, B.3). Whether they govern a given moment (the last
// period, no increment or delay) is for rules/laws to say from the clock
// readings.
func Profile(c events.GameCreated) (laws.Profile, error) {
	p, err := laws.Lookup(c.LawsProfile)
	if err != nil {
		return p, err
	}
	m, err := modeOf(c)
	if err != nil {
		return p, err
	}
	if p.Edition != 1997 {
		if p, err = p.WithMode(m); err != nil {
			return p, err
		}
	}
	if c.LateDefaultMs != nil {
		// the event's default time (1997 6.6 "unless the rules of the
		// event say otherwise", 2023 6.7.1)
		if p, err = p.WithLateDefault(time.Duration(*c.LateDefaultMs) * time.Millisecond); err != nil {
			return p, err
		}
	}
	if c.Supervised {
		// 2023 A.4 / B.3: the Competition Rules apply, not A.5
		p = p.WithSupervised(true)
	}
	if c.QuickplayFinish {
		return p.WithQuickplayFinish(true)
	}
	return p, nil
}

// modeOf is the mode game.created c names: its Mode, or standard for a
// game recorded before modes were (see events.GameCreated.Mode).
func modeOf(c events.GameCreated) (laws.Mode, error) {
	if c.Mode == "" {
		return laws.Standard, nil
	}
	return laws.ParseMode(c.Mode)
}

// profileKey is what of a game.created decides its laws profile
// (Profile).
type profileKey struct {
	name, mode              string
	lateDefault             int64
	hasLateDefault          bool
	supervised, quickplayOn bool
}

// profiles holds each laws profile Profile has made, once (a Game points
// to it: a profile is some 1.2 kB, and a game's fold was kept by every
// live game's cache).
var profiles struct {
	mu sync.Mutex
	by map[profileKey]*laws.Profile
}

// sharedProfile is Profile(c), one value shared by every game created
// alike; nobody may change it.
func sharedProfile(c events.GameCreated) (*laws.Profile, error) {
	k := profileKey{name: c.LawsProfile, mode: c.Mode, supervised: c.Supervised, quickplayOn: c.QuickplayFinish}
	if c.LateDefaultMs != nil {
		k.lateDefault, k.hasLateDefault = *c.LateDefaultMs, true
	}
	profiles.mu.Lock()
	p := profiles.by[k]
	profiles.mu.Unlock()
	if p != nil {
		return p, nil
	}
	v, err := Profile(c)
	if err != nil {
		return nil, err
	}
	profiles.mu.Lock()
	defer profiles.mu.Unlock()
	if profiles.by == nil {
		profiles.by = map[profileKey]*laws.Profile{}
	}
	if p := profiles.by[k]; p != nil {
		return p, nil
	}
	profiles.by[k] = &v
	return &v, nil
}

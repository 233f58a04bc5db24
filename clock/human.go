package clock

import (
	"fmt"
	"strings"
	"time"
)

// ParseHuman reads a time control as people write it on a tournament poster
// (case-insensitive):
//
//	90+30                  90 minutes, 30 s increment per move from move 1
//	30 min, G/30, SD/30    30 minutes sudden death
//	G/60 d5, G/60;d5       60 minutes with a 5 s simple (US/FIDE) delay
//	G/60 b5                60 minutes with a 5 s Bronstein delay
//	40/90+30, 30+30        40 moves in 90 minutes, then 30 minutes for the
//	                       rest, 30 s increment throughout
//	40/90 then 30 min      the same without increment
//	40/120 + 20/60 + G/30  three periods
//	sandglass 3            a 3-minute sandglass (also "hourglass")
//	W5-B4                  different controls for White and Black
//	?, unknown / -, untimed
//
// Main times are in minutes unless written with a unit (h, min, m, ', s,
// sec, "); increments and delays are in seconds unless written with a unit.
// Periods are separated by ',', ':', 'then', or a '+' followed by a period
// (a move count "20/…", "G/…", or a time with a minute or hour unit).
func ParseHuman(input string) (TimeControl, error) {
	fail := func(reason string, err error) (TimeControl, error) {
		return TimeControl{}, &ParseError{Notation: "human", Input: input, Reason: reason, Err: err}
	}
	s := strings.ToLower(strings.TrimSpace(input))
	switch s {
	case "":
		return fail("empty", nil)
	case "?", "unknown":
		return TimeControl{Kind: Unknown}, nil
	case "-", "untimed", "none":
		return TimeControl{Kind: Untimed}, nil
	}
	var tc TimeControl
	for _, word := range []string{"sandglass", "hourglass"} {
		if rest, ok := strings.CutPrefix(s, word); ok {
			d, rest, err, ok := duration(strings.TrimSpace(rest), time.Minute)
			if !ok || err != nil || strings.TrimSpace(rest) != "" {
				return fail("a sandglass is 'sandglass' followed by a time", err)
			}
			tc = TimeControl{Kind: Sandglass, Periods: []Period{{Base: d}}}
			if err := tc.Validate(); err != nil {
				return fail(err.Error(), err)
			}
			return tc, nil
		}
	}
	s = strings.ReplaceAll(s, "then", ",")
	if w, b, ok := asymmetric(s); ok {
		wp, reason := humanPeriods(w)
		if reason != "" {
			return fail("White: "+reason, nil)
		}
		bp, reason := humanPeriods(b)
		if reason != "" {
			return fail("Black: "+reason, nil)
		}
		tc = TimeControl{Kind: Timed, Periods: wp, Black: bp}
	} else {
		ps, reason := humanPeriods(s)
		if reason != "" {
			return fail(reason, nil)
		}
		tc = TimeControl{Kind: Timed, Periods: ps}
	}
	if err := tc.Validate(); err != nil {
		return fail(err.Error(), err)
	}
	return tc, nil
}

// duration reads a number with an optional unit (default def).
func duration(s string, def time.Duration) (time.Duration, string, error, bool) {
	// Find the unit first, to scale the number without overflow.
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	if i == 0 {
		return 0, s, nil, false
	}
	unit, rest := def, strings.TrimLeft(s[i:], " ")
	for _, u := range []struct {
		word string
		d    time.Duration
	}{{"hours", time.Hour}, {"hour", time.Hour}, {"h", time.Hour}, {"minutes", time.Minute}, {"min", time.Minute}, {"m", time.Minute}, {"'", time.Minute}, {"seconds", time.Second}, {"sec", time.Second}, {"s", time.Second}, {"\"", time.Second}} {
		if r, ok := strings.CutPrefix(rest, u.word); ok {
			unit, rest = u.d, r
			break
		}
	}
	if unit == def && rest == strings.TrimLeft(s[i:], " ") {
		rest = s[i:] // no unit: leave the spaces
	}
	d, tail, err, ok := number(s[:i], unit, true)
	if err == nil && tail != "" {
		err = fmt.Errorf("unexpected %q", tail)
	}
	return d, rest, err, ok
}

// periodStart reports whether s (after a '+') begins a new period rather
// than an increment.
func periodStart(s string) bool {
	s = strings.TrimLeft(s, " ")
	if strings.HasPrefix(s, "g/") || strings.HasPrefix(s, "sd/") {
		return true
	}
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	if i == 0 {
		return false
	}
	r := strings.TrimLeft(s[i:], " ")
	if strings.HasPrefix(r, "/") {
		return true
	}
	for _, u := range []string{"h", "min", "m", "'"} {
		if strings.HasPrefix(r, u) {
			return true
		}
	}
	return false
}

func humanPeriods(s string) ([]Period, string) {
	var ps []Period
	s = strings.TrimSpace(s)
	for {
		p, rest, reason := humanPeriod(s)
		if reason != "" {
			return nil, fmt.Sprintf("period %d: %s", len(ps)+1, reason)
		}
		ps = append(ps, p)
		rest = strings.TrimLeft(rest, " ")
		if rest == "" {
			return ps, ""
		}
		switch {
		case rest[0] == ',' || rest[0] == ':':
			s = strings.TrimLeft(rest[1:], " ")
		case rest[0] == '+' && periodStart(rest[1:]):
			s = strings.TrimLeft(rest[1:], " ")
		default:
			return nil, fmt.Sprintf("unexpected %q", rest)
		}
		if len(ps) > 100 {
			return nil, "too many periods"
		}
	}
}

func humanPeriod(s string) (p Period, rest string, reason string) {
	explicitSD := false
	for _, pre := range []string{"g/", "sd/"} {
		if r, ok := strings.CutPrefix(s, pre); ok {
			s, explicitSD = strings.TrimLeft(r, " "), true
		}
	}
	if !explicitSD {
		if n, r, ok := integer(s); ok && strings.HasPrefix(strings.TrimLeft(r, " "), "/") {
			if n == 0 || n > maxMoves {
				return p, s, "the move count must be 1 to 10000"
			}
			p.Moves = n
			s = strings.TrimLeft(strings.TrimLeft(r, " ")[1:], " ")
		}
	}
	d, r, err, ok := duration(s, time.Minute)
	if !ok {
		return p, s, fmt.Sprintf("expected a time at %q", s)
	}
	if err != nil {
		return p, s, err.Error()
	}
	p.Base, s = d, r
	for {
		t := strings.TrimLeft(s, " ;")
		var mode DelayMode
		switch {
		case strings.HasPrefix(t, "+") && !periodStart(t[1:]):
			if p.Increment > 0 || p.DelayMode != NoDelay {
				return p, s, "more than one increment or delay"
			}
			x, r, err, ok := duration(strings.TrimLeft(t[1:], " "), time.Second)
			if !ok || err != nil {
				return p, s, fmt.Sprintf("bad increment at %q", t)
			}
			p.Increment, s = x, r
			continue
		case strings.HasPrefix(t, "bronstein"):
			mode, t = Bronstein, t[len("bronstein"):]
		case strings.HasPrefix(t, "delay"):
			mode, t = SimpleDelay, t[len("delay"):]
		case strings.HasPrefix(t, "d"):
			mode, t = SimpleDelay, t[1:]
		case strings.HasPrefix(t, "b"):
			mode, t = Bronstein, t[1:]
		default:
			return p, s, ""
		}
		if p.Increment > 0 || p.DelayMode != NoDelay {
			return p, s, "more than one increment or delay"
		}
		x, r, err, ok := duration(strings.TrimLeft(t, " "), time.Second)
		if !ok || err != nil {
			return p, s, fmt.Sprintf("bad delay at %q", t)
		}
		if x > 0 {
			p.Delay, p.DelayMode = x, mode
		}
		s = r
	}
}

// Human writes the control in the human form read by ParseHuman, e.g.
// "90+30", "G/60 d5", "40/90+30, 30+30", "40/120, 20/60, G/30".
func (tc TimeControl) Human() string {
	if tc.Validate() != nil {
		return "invalid"
	}
	switch tc.Kind {
	case Unknown:
		return "unknown"
	case Untimed:
		return "untimed"
	case Sandglass:
		return "sandglass " + humanMinutes(tc.Periods[0].Base)
	}
	w := humanList(tc.Periods)
	if tc.Black == nil {
		return w
	}
	return "W" + w + "-B" + humanList(tc.Black)
}

func humanList(ps []Period) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		var b strings.Builder
		switch {
		case p.Moves > 0:
			fmt.Fprintf(&b, "%d/", p.Moves)
		case p.Increment == 0:
			b.WriteString("G/")
		}
		b.WriteString(humanMinutes(p.Base))
		switch {
		case p.Increment > 0:
			b.WriteString("+" + formatSeconds(p.Increment))
		case p.DelayMode == SimpleDelay:
			b.WriteString(" d" + formatSeconds(p.Delay))
		case p.DelayMode == Bronstein:
			b.WriteString(" b" + formatSeconds(p.Delay))
		}
		parts[i] = b.String()
	}
	return strings.Join(parts, ", ")
}

func humanMinutes(d time.Duration) string {
	if d%time.Minute == 0 {
		return fmt.Sprintf("%d", d/time.Minute)
	}
	return formatSeconds(d) + "s"
}

// String describes the control readably, period by period, e.g.
// "period 1: 40 moves in 1h30m0s, +30s per move; period 2: rest of the game
// in 30m0s, +30s per move".
func (tc TimeControl) String() string {
	switch tc.Kind {
	case Unknown:
		return "unknown time control"
	case Untimed:
		return "no time control"
	case Sandglass:
		if len(tc.Periods) == 1 {
			return fmt.Sprintf("sandglass: %v each", tc.Periods[0].Base)
		}
	}
	desc := func(ps []Period) string {
		parts := make([]string, len(ps))
		for i, p := range ps {
			var b strings.Builder
			fmt.Fprintf(&b, "period %d: ", i+1)
			if p.Moves > 0 {
				fmt.Fprintf(&b, "%d moves in %v", p.Moves, p.Base)
			} else {
				fmt.Fprintf(&b, "rest of the game in %v", p.Base)
			}
			switch {
			case p.Increment > 0:
				fmt.Fprintf(&b, ", +%v per move", p.Increment)
			case p.DelayMode != NoDelay:
				fmt.Fprintf(&b, ", %v %s per move", p.Delay, p.DelayMode)
			}
			if i == len(ps)-1 && p.Moves > 0 {
				b.WriteString(" (repeats)")
			}
			parts[i] = b.String()
		}
		return strings.Join(parts, "; ")
	}
	if tc.Black == nil {
		return desc(tc.Periods)
	}
	return "White: " + desc(tc.Periods) + " / Black: " + desc(tc.Black)
}

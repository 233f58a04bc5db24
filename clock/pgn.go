package clock

import (
	"fmt"
	"strings"
	"time"
)

// ParsePGN reads a PGN TimeControl tag value, leniently:
//
//	?                      unknown
//	-                      no time control
//	*180                   sandglass of 180 s
//	300                    sudden death, 300 s
//	300+2                  300 s plus 2 s increment
//	40/5400                40 moves in 5400 s (repeating, see TimeControl)
//	40/5400+30:1800+30     periods separated by ':' (the 1994 grammar has no
//	                       increment on a moves/seconds period; real files do)
//	5400d5, 5400b5         Hakem's extension: simple or Bronstein delay (s)
//	W300-B240              different controls for White and Black (as TRF-26)
//
// Seconds may carry a decimal fraction (up to nanoseconds); spaces are ignored.
func ParsePGN(s string) (TimeControl, error) {
	return parseDescriptors(s, "PGN", true)
}

// ParseTRF reads the TRF-26 record 222 encoding of a time control:
// descriptors M/S, M/S+I, S or S+I (S and I in whole seconds) separated by
// ':', optionally as Wd[:d]-Bd[:d] for different controls per colour, e.g.
// "40/6000+30:900+30" or "W300-B240".
func ParseTRF(s string) (TimeControl, error) {
	return parseDescriptors(s, "TRF-26", false)
}

func parseDescriptors(input, notation string, pgn bool) (TimeControl, error) {
	fail := func(reason string, err error) (TimeControl, error) {
		return TimeControl{}, &ParseError{Notation: notation, Input: input, Reason: reason, Err: err}
	}
	s := strings.Join(strings.Fields(input), "")
	switch {
	case s == "":
		return fail("empty", nil)
	case pgn && s == "?":
		return TimeControl{Kind: Unknown}, nil
	case pgn && s == "-":
		return TimeControl{Kind: Untimed}, nil
	}
	tc := TimeControl{Kind: Timed}
	if w, b, ok := asymmetric(s); ok {
		wp, reason := descriptorList(w, pgn)
		if reason != "" {
			return fail("White: "+reason, nil)
		}
		bp, reason := descriptorList(b, pgn)
		if reason != "" {
			return fail("Black: "+reason, nil)
		}
		tc.Periods, tc.Black = wp, bp
	} else if pgn && s[0] == '*' {
		d, rest, err, ok := number(s[1:], time.Second, true)
		if !ok || err != nil || rest != "" {
			return fail("a sandglass is '*' followed by seconds", err)
		}
		tc = TimeControl{Kind: Sandglass, Periods: []Period{{Base: d}}}
	} else {
		ps, reason := descriptorList(s, pgn)
		if reason != "" {
			return fail(reason, nil)
		}
		tc.Periods = ps
	}
	if err := tc.Validate(); err != nil {
		return fail(err.Error(), err)
	}
	return tc, nil
}

// descriptorList reads ':'-separated descriptors; reason is empty on success.
func descriptorList(s string, pgn bool) ([]Period, string) {
	var ps []Period
	for i, d := range strings.Split(s, ":") {
		p, reason := descriptor(d, pgn)
		if reason != "" {
			return nil, fmt.Sprintf("period %d (%q): %s", i+1, d, reason)
		}
		ps = append(ps, p)
	}
	return ps, ""
}

func descriptor(s string, pgn bool) (Period, string) {
	var p Period
	if s == "" {
		return p, "empty"
	}
	if n, rest, ok := integer(s); ok && strings.HasPrefix(rest, "/") {
		if n == 0 || n > maxMoves {
			return p, "the move count must be 1 to 10000"
		}
		p.Moves, s = n, rest[1:]
	}
	base, rest, err, ok := number(s, time.Second, pgn)
	if !ok {
		return p, "expected seconds"
	}
	if err != nil {
		return p, err.Error()
	}
	p.Base, s = base, rest
	if s == "" {
		return p, ""
	}
	op := s[0]
	switch {
	case op == '+':
	case pgn && (op == 'd' || op == 'D'):
		p.DelayMode = SimpleDelay
	case pgn && (op == 'b' || op == 'B'):
		p.DelayMode = Bronstein
	default:
		return p, fmt.Sprintf("unexpected %q", s)
	}
	x, rest, err, ok := number(s[1:], time.Second, pgn)
	if !ok {
		return p, fmt.Sprintf("expected seconds after %q", op)
	}
	if err != nil {
		return p, err.Error()
	}
	if rest != "" {
		return p, fmt.Sprintf("unexpected %q", rest)
	}
	if op == '+' {
		p.Increment = x
	} else {
		p.Delay = x
		if x == 0 {
			p.DelayMode = NoDelay
		}
	}
	return p, ""
}

// PGN writes the control as a PGN TimeControl tag value (see ParsePGN).
func (tc TimeControl) PGN() (string, error) {
	return tc.descriptors("PGN", true)
}

// TRF writes the control in the TRF-26 record 222 encoding (see ParseTRF).
// Delays, sandglasses, fractions of a second, unknown and untimed controls
// have no TRF-26 spelling: the error wraps ErrNotExpressible.
func (tc TimeControl) TRF() (string, error) {
	return tc.descriptors("TRF-26", false)
}

func (tc TimeControl) descriptors(notation string, pgn bool) (string, error) {
	if err := tc.Validate(); err != nil {
		return "", err
	}
	bad := func(what string) (string, error) {
		return "", fmt.Errorf("%w: %s in %s", ErrNotExpressible, what, notation)
	}
	switch tc.Kind {
	case Unknown:
		if !pgn {
			return bad("an unknown control")
		}
		return "?", nil
	case Untimed:
		if !pgn {
			return bad("no time control")
		}
		return "-", nil
	case Sandglass:
		if !pgn {
			return bad("a sandglass")
		}
		return "*" + formatSeconds(tc.Periods[0].Base), nil
	}
	list := func(ps []Period) (string, error) {
		parts := make([]string, len(ps))
		for i, p := range ps {
			var b strings.Builder
			if !pgn && (p.Base%time.Second != 0 || p.Increment%time.Second != 0) {
				return bad("a fraction of a second")
			}
			if p.Moves > 0 {
				fmt.Fprintf(&b, "%d/", p.Moves)
			}
			b.WriteString(formatSeconds(p.Base))
			switch {
			case p.Increment > 0:
				b.WriteString("+" + formatSeconds(p.Increment))
			case p.DelayMode == SimpleDelay:
				if !pgn {
					return bad("a delay")
				}
				b.WriteString("d" + formatSeconds(p.Delay))
			case p.DelayMode == Bronstein:
				if !pgn {
					return bad("a delay")
				}
				b.WriteString("b" + formatSeconds(p.Delay))
			}
			parts[i] = b.String()
		}
		return strings.Join(parts, ":"), nil
	}
	w, err := list(tc.Periods)
	if err != nil || tc.Black == nil {
		return w, err
	}
	b, err := list(tc.Black)
	if err != nil {
		return "", err
	}
	return "W" + w + "-B" + b, nil
}

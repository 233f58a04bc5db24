package clock

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// Limits on what the parsers accept, so that no value can overflow.
const (
	maxSeconds = 10_000_000 // about 115 days
	maxMoves   = 10_000
)

// ParseError is returned for time-control text that cannot be read: which
// notation, the input, and why.
type ParseError struct {
	Notation string // "PGN", "TRF-26" or "human"
	Input    string
	Reason   string
	Err      error // an underlying error (e.g. from Validate), or nil
}

// Error says which notation, which input and why.
func (e *ParseError) Error() string {
	return fmt.Sprintf("clock: bad %s time control %q: %s", e.Notation, e.Input, e.Reason)
}

// Unwrap returns the underlying error, if any.
func (e *ParseError) Unwrap() error { return e.Err }

// ErrNotExpressible is returned by a printer when the control has no
// spelling in that notation (e.g. a delay in TRF-26).
var ErrNotExpressible = errors.New("time control not expressible in this notation")

// number reads a decimal number with at most 9 fractional digits at the start
// of s, scaled by unit, and returns it with the rest of s. ok is false when s
// does not start with a digit.
func number(s string, unit time.Duration, allowFraction bool) (d time.Duration, rest string, err error, ok bool) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, s, nil, false
	}
	if i > 9 {
		return 0, s, errors.New("number too large"), true
	}
	whole := int64(0)
	for _, ch := range s[:i] {
		whole = whole*10 + int64(ch-'0')
	}
	rest = s[i:]
	frac := int64(0)
	if len(rest) > 0 && rest[0] == '.' {
		if !allowFraction {
			return 0, s, errors.New("fractions are not allowed here"), true
		}
		j := 1
		for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
			j++
		}
		digits := rest[1:j]
		if len(digits) == 0 || len(digits) > 9 {
			return 0, s, errors.New("a fraction needs 1 to 9 digits"), true
		}
		for k := 0; k < 9; k++ {
			frac *= 10
			if k < len(digits) {
				frac += int64(digits[k] - '0')
			}
		}
		rest = rest[j:]
	}
	if whole > int64(maxSeconds*time.Second/unit) {
		return 0, s, errors.New("time too large"), true
	}
	total := time.Duration(whole)*unit + time.Duration(frac)*(unit/time.Second)
	if total > maxSeconds*time.Second {
		return 0, s, errors.New("time too large"), true
	}
	return total, rest, nil, true
}

// integer reads a non-negative integer at the start of s.
func integer(s string) (n int, rest string, ok bool) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' && i < 9 {
		n = n*10 + int(s[i]-'0')
		i++
	}
	return n, s[i:], i > 0
}

// formatSeconds writes d in seconds, with a fraction only when needed.
func formatSeconds(d time.Duration) string {
	sec, ns := d/time.Second, d%time.Second
	if ns == 0 {
		return fmt.Sprintf("%d", sec)
	}
	return strings.TrimRight(fmt.Sprintf("%d.%09d", sec, ns), "0")
}

// asymmetric splits "Wx-By" into x and y.
func asymmetric(s string) (white, black string, ok bool) {
	if len(s) < 4 || (s[0] != 'W' && s[0] != 'w') {
		return "", "", false
	}
	i := strings.Index(s, "-B")
	if j := strings.Index(s, "-b"); i < 0 || (j >= 0 && j < i) {
		i = j
	}
	if i < 1 {
		return "", "", false
	}
	return s[1:i], s[i+2:], true
}

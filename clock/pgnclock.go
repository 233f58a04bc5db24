package clock

import (
	"fmt"
	"strings"
	"time"
)

// FormatPGNClock writes d as H:MM:SS for the PGN %clk and %emt commands,
// with a decimal fraction of a second only when d has one (never rounded),
// e.g. "1:30:00", "0:00:05.25". A negative d is written as zero.
func FormatPGNClock(d time.Duration) string {
	d = max(d, 0)
	h := d / time.Hour
	m := (d % time.Hour) / time.Minute
	s := d % time.Minute
	return fmt.Sprintf("%d:%02d:%s", h, m, pad2(formatSeconds(s)))
}

func pad2(s string) string {
	if i := strings.IndexByte(s, '.'); i == 1 || (i < 0 && len(s) == 1) {
		return "0" + s
	}
	return s
}

// ParsePGNClock reads an H:MM:SS value (with an optional decimal fraction of
// a second) as written in %clk and %emt.
func ParsePGNClock(s string) (time.Duration, error) {
	bad := func(reason string) (time.Duration, error) {
		return 0, &ParseError{Notation: "PGN clock", Input: s, Reason: reason}
	}
	parts := strings.Split(strings.TrimSpace(s), ":")
	if len(parts) != 3 {
		return bad("want H:MM:SS")
	}
	h, rest, ok := integer(parts[0])
	if !ok || rest != "" || h > 10000 {
		return bad("bad hours")
	}
	m, rest, ok := integer(parts[1])
	if !ok || rest != "" || m > 59 || len(parts[1]) != 2 {
		return bad("bad minutes")
	}
	sec, rest, err, ok := number(parts[2], time.Second, true)
	if !ok || err != nil || rest != "" || sec >= time.Minute || len(parts[2]) < 2 || parts[2][1] == '.' {
		return bad("bad seconds")
	}
	return time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + sec, nil
}

// Comment returns the PGN comment commands for the move, e.g.
// "[%clk 1:29:10] [%emt 0:00:50]".
func (m MoveTime) Comment() string {
	return fmt.Sprintf("[%%clk %s] [%%emt %s]", FormatPGNClock(m.Clock), FormatPGNClock(m.Elapsed))
}

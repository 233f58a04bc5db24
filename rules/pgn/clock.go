package pgn

import (
	"strconv"
	"strings"
	"time"
)

// maxClockHours bounds the hours of a clock value so that the duration cannot
// overflow; larger values are not read as clock commands.
const maxClockHours = 100000

// parseClock reads a clock value as written in [%clk ...] and [%emt ...]
// commands: h:mm:ss, m:ss or plain seconds, each with an optional fraction
// of a second (kept to the millisecond, further digits are dropped).
func parseClock(s string) (time.Duration, bool) {
	parts := strings.Split(s, ":")
	if len(parts) > 3 || s == "" {
		return 0, false
	}
	var units [3]int64 // hours, minutes, seconds
	ms := int64(0)
	off := 3 - len(parts)
	for i, part := range parts {
		last := i == len(parts)-1
		if last {
			if dot := strings.IndexByte(part, '.'); dot >= 0 {
				frac := part[dot+1:]
				part = part[:dot]
				if frac == "" || !allDigits(frac) {
					return 0, false
				}
				for len(frac) < 3 {
					frac += "0"
				}
				ms, _ = strconv.ParseInt(frac[:3], 10, 64)
			}
		}
		if part == "" || len(part) > 6 || !allDigits(part) {
			return 0, false
		}
		v, _ := strconv.ParseInt(part, 10, 64)
		if i > 0 && v >= 60 {
			return 0, false // minutes and seconds after a colon stay below 60
		}
		units[off+i] = v
	}
	if units[0] > maxClockHours {
		return 0, false
	}
	total := ((units[0]*60+units[1])*60+units[2])*1000 + ms
	return time.Duration(total) * time.Millisecond, true
}

// formatClock writes d as h:mm:ss with a fraction of a second only when d
// has milliseconds (trailing zeros dropped), the form parseClock reads.
func formatClock(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	ms := int64(d / time.Millisecond)
	h := ms / 3600000
	m := ms / 60000 % 60
	s := ms / 1000 % 60
	frac := ms % 1000
	var b strings.Builder
	b.WriteString(strconv.FormatInt(h, 10))
	b.WriteByte(':')
	b.WriteByte(byte('0' + m/10))
	b.WriteByte(byte('0' + m%10))
	b.WriteByte(':')
	b.WriteByte(byte('0' + s/10))
	b.WriteByte(byte('0' + s%10))
	if frac != 0 {
		f := strconv.FormatInt(frac+1000, 10)[1:]
		b.WriteByte('.')
		b.WriteString(strings.TrimRight(f, "0"))
	}
	return b.String()
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// commentCommands takes the [%clk ...] and [%emt ...] commands out of a
// comment's text. It returns the remaining text with its white space
// normalised, and the last clock and elapsed-time values found. A command
// whose value does not read as a duration is left in the text.
func commentCommands(text string) (rest string, clock, elapsed time.Duration, hasClock, hasElapsed bool) {
	var b strings.Builder
	for {
		i := strings.Index(text, "[%")
		if i < 0 {
			b.WriteString(text)
			break
		}
		end := strings.IndexByte(text[i:], ']')
		if end < 0 {
			b.WriteString(text)
			break
		}
		cmd := strings.Fields(text[i+2 : i+end])
		taken := false
		if len(cmd) == 2 && !isSpaceByte(text[i+2]) && (cmd[0] == "clk" || cmd[0] == "emt") {
			if d, ok := parseClock(cmd[1]); ok {
				taken = true
				if cmd[0] == "clk" {
					clock, hasClock = d, true
				} else {
					elapsed, hasElapsed = d, true
				}
			}
		}
		if taken {
			b.WriteString(text[:i])
			b.WriteByte(' ')
		} else {
			b.WriteString(text[:i+end+1])
		}
		text = text[i+end+1:]
	}
	return normalizeSpace(b.String()), clock, elapsed, hasClock, hasElapsed
}

// normalizeSpace collapses every run of white space to one space and trims
// both ends, so that a comment reads the same however it was wrapped.
func normalizeSpace(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

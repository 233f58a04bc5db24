// The columns of a TRF line and the numbers in them.

package trf

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// line is one source line as columns.
type line struct {
	no    int
	runes []rune
}

// field returns columns from..to (1-based, inclusive), or the part of
// them that exists.
func (l line) field(from, to int) string {
	if from > len(l.runes) {
		return ""
	}
	return string(l.runes[from-1 : min(to, len(l.runes))])
}

// rest returns the text from column `from` on.
func (l line) rest(from int) string {
	if from > len(l.runes) {
		return ""
	}
	return string(l.runes[from-1:])
}

func (l line) errorf(col int, format string, args ...any) *Error {
	return &Error{Line: l.no, Column: col, Reason: fmt.Sprintf(format, args...)}
}

// splitLines splits data at CR, LF or CRLF.
func splitLines(data []byte) [][]byte {
	var out [][]byte
	for len(data) > 0 {
		i := bytes.IndexAny(data, "\r\n")
		if i < 0 {
			out = append(out, data)
			break
		}
		out = append(out, data[:i])
		if data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n' {
			i++
		}
		data = data[i+1:]
	}
	return out
}

func decode(b []byte) []rune {
	if utf8.Valid(b) {
		return []rune(string(b))
	}
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return r
}

// trimRight cuts the spaces and tabs that end r.
func trimRight(r []rune) []rune {
	for len(r) > 0 && (r[len(r)-1] == ' ' || r[len(r)-1] == '\t') {
		r = r[:len(r)-1]
	}
	return r
}

// blank reports whether r is white space only (as strings.TrimSpace sees
// it).
func blank(r []rune) bool {
	for _, c := range r {
		if !unicode.IsSpace(c) {
			return false
		}
	}
	return true
}

func splitList(s string) []string {
	var out []string
	for _, t := range strings.Split(s, ",") {
		if t = strings.TrimSpace(t); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// number parses an unsigned or signed decimal such as "11.5", "3", ".5".
func number(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, false
	}
	digits := 0
	for i, c := range s {
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && strings.Count(s, ".") == 1:
		case c == '-' && i == 0:
		default:
			return 0, false
		}
	}
	if digits == 0 {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil
}

// integer parses a field of digits surrounded by spaces; blank is 0.
func integer(s string) (int, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, true
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// playerID reads a start number field that must not be blank.
func playerID(l line, from, to int, what string) (int, error) {
	n, ok := integer(l.field(from, to))
	if !ok || n < 1 {
		return 0, l.errorf(from, "%s %q is not a start number", what, strings.TrimSpace(l.field(from, to)))
	}
	return n, nil
}

func roundNo(l line, from, to int, what string) (int, error) {
	n, ok := integer(l.field(from, to))
	if !ok || n < 1 {
		return 0, l.errorf(from, "%s %q is not a round number", what, strings.TrimSpace(l.field(from, to)))
	}
	return n, nil
}

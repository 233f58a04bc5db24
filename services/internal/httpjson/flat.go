package httpjson

import (
	"strings"
	"unicode/utf8"
)

// Flat is a command whose body is one object of string members only (a
// player's command: player, move, idempotency_key): Member returns the
// field the JSON key names, spelled exactly as its tag spells it, or nil.
// Decode reads such a body without reflection when it is in the common
// form (see decodeFlat); any other body goes through encoding/json as
// before, so the result, and every error, is the same either way.
type Flat interface {
	Member(key []byte) *string
}

// flatMembers is the most members decodeFlat reads; an object with more
// goes through encoding/json.
const flatMembers = 8

// decodeFlat decodes body into f when it is exactly what encoding/json
// (with DisallowUnknownFields, and then duplicateKey) accepts and decodes
// the same way: one object, maybe surrounded by white space, whose keys
// each name a member exactly (no case folding, no escape), at most once,
// and whose values are strings without escapes or control characters, in
// valid UTF-8. Then every member is set at once (their values slices of
// one new string) and it returns true; otherwise it has set nothing and
// returns false, and the caller decodes with encoding/json.
func decodeFlat(body []byte, f Flat) bool {
	type member struct {
		dst        *string
		start, end int
	}
	var ms [flatMembers]member
	n, size := 0, 0
	i := skipSpace(body, 0)
	if i >= len(body) || body[i] != '{' {
		return false
	}
	i = skipSpace(body, i+1)
	if i < len(body) && body[i] == '}' {
		i++
	} else {
		for {
			ks, ke, ascii, ok := flatString(body, i)
			if !ok || !ascii || n == flatMembers {
				return false
			}
			dst := f.Member(body[ks:ke])
			if dst == nil {
				return false
			}
			for _, m := range ms[:n] {
				if m.dst == dst {
					return false // given twice: encoding/json's error
				}
			}
			i = skipSpace(body, ke+1)
			if i >= len(body) || body[i] != ':' {
				return false
			}
			i = skipSpace(body, i+1)
			vs, ve, ascii, ok := flatString(body, i)
			if !ok || (!ascii && !utf8.Valid(body[vs:ve])) {
				return false
			}
			ms[n] = member{dst, vs, ve}
			n++
			size += ve - vs
			i = skipSpace(body, ve+1)
			if i >= len(body) {
				return false
			}
			if body[i] == '}' {
				i++
				break
			}
			if body[i] != ',' {
				return false
			}
			i = skipSpace(body, i+1)
		}
	}
	if skipSpace(body, i) != len(body) {
		return false // trailing data: encoding/json's error
	}
	var sb strings.Builder
	sb.Grow(size)
	for _, m := range ms[:n] {
		sb.Write(body[m.start:m.end])
	}
	all, off := sb.String(), 0
	for _, m := range ms[:n] {
		*m.dst = all[off : off+m.end-m.start]
		off += m.end - m.start
	}
	return true
}

// flatString reads the string whose opening quote is at body[i]: the
// bounds of its content, the index of its closing quote being end; false
// for anything but a string without escapes and control characters.
// ascii says it has no byte past 0x7f (else the caller checks UTF-8).
func flatString(body []byte, i int) (start, end int, ascii, ok bool) {
	if i >= len(body) || body[i] != '"' {
		return 0, 0, false, false
	}
	ascii = true
	for j := i + 1; j < len(body); j++ {
		switch c := body[j]; {
		case c == '"':
			return i + 1, j, ascii, true
		case c == '\\' || c < 0x20:
			return 0, 0, false, false
		case c >= 0x80:
			ascii = false
		}
	}
	return 0, 0, false, false
}

// skipSpace returns the index of the first byte at or after i that is
// not JSON white space.
func skipSpace(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

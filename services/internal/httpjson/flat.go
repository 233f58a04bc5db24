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
		dst   *string
		value []byte
	}
	var ms [flatMembers]member
	n, size := 0, 0
	ok := ScanStrings(body, func(key, value []byte) bool {
		if n == flatMembers || !ascii(key) {
			return false
		}
		dst := f.Member(key)
		if dst == nil {
			return false
		}
		for _, m := range ms[:n] {
			if m.dst == dst {
				return false // given twice: encoding/json's error
			}
		}
		if !ascii(value) && !utf8.Valid(value) {
			return false
		}
		ms[n] = member{dst, value}
		n++
		size += len(value)
		return true
	})
	if !ok {
		return false
	}
	var sb strings.Builder
	sb.Grow(size)
	for _, m := range ms[:n] {
		sb.Write(m.value)
	}
	all, off := sb.String(), 0
	for _, m := range ms[:n] {
		*m.dst = all[off : off+len(m.value)]
		off += len(m.value)
	}
	return true
}

// ScanStrings calls member with the key and the value (the contents
// between the quotes, slices of body) of each member of body, in order,
// when body is one JSON object, maybe surrounded by white space, whose
// keys and values are all strings without escapes or control characters.
// It returns false at the first byte that is not that, or as soon as
// member does (whatever member saw until then is to be thrown away).
func ScanStrings(body []byte, member func(key, value []byte) bool) bool {
	i := skipSpace(body, 0)
	if i >= len(body) || body[i] != '{' {
		return false
	}
	i = skipSpace(body, i+1)
	if i < len(body) && body[i] == '}' {
		return skipSpace(body, i+1) == len(body)
	}
	for {
		key, next, ok := plainJSONString(body, i)
		if !ok {
			return false
		}
		i = skipSpace(body, next)
		if i >= len(body) || body[i] != ':' {
			return false
		}
		value, next, ok := plainJSONString(body, skipSpace(body, i+1))
		if !ok || !member(key, value) {
			return false
		}
		i = skipSpace(body, next)
		if i < len(body) && body[i] == '}' {
			return skipSpace(body, i+1) == len(body)
		}
		if i >= len(body) || body[i] != ',' {
			return false
		}
		i = skipSpace(body, i+1)
	}
}

// plainJSONString reads the string whose opening quote is at body[i]: its
// content and the index after its closing quote; false for anything but a
// string without escapes and control characters.
func plainJSONString(body []byte, i int) ([]byte, int, bool) {
	if i >= len(body) || body[i] != '"' {
		return nil, 0, false
	}
	for j := i + 1; j < len(body); j++ {
		switch c := body[j]; {
		case c == '"':
			return body[i+1 : j], j + 1, true
		case c == '\\' || c < 0x20:
			return nil, 0, false
		}
	}
	return nil, 0, false
}

// ascii reports whether b has no byte past 0x7f.
func ascii(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
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

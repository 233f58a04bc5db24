package httpjson

import (
	"bytes"
	"encoding/json"
	"strings"
)

// keyScan walks a JSON text already known to be valid (it decoded), byte
// by byte and without building its values: what duplicateKey and
// CommandHash need of a command's body (its keys, its members' extents) at
// no allocation for a key without escapes, where encoding/json's Token
// allocates for every token. Its methods assume validity: on a text that is
// not valid JSON they stop without reading past its end, and their answer
// means nothing.
type keyScan struct {
	b []byte
	i int
	// keys holds the folded keys of every object being read, innermost
	// last (an object reads its own from its start in it)
	keys [][]byte
}

// linearKeys is how many keys of one object are compared one by one; an
// object with more is checked through a map (a body of many keys stays
// linear in its size).
const linearKeys = 16

func (s *keyScan) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// str reads the string at s.i (its opening quote) and returns its raw
// content (between the quotes) and whether it has an escape.
func (s *keyScan) str() ([]byte, bool) {
	s.i++ // the opening quote
	start, escaped := s.i, false
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case '\\':
			escaped = true
			s.i += 2
			continue
		case '"':
			raw := s.b[start:s.i]
			s.i++
			return raw, escaped
		}
		s.i++
	}
	return s.b[start:min(s.i, len(s.b))], escaped
}

// value reads one value at s.i; in an object it looks for a key given
// twice (see duplicateKey) and returns the first found, decoded.
func (s *keyScan) value() (string, bool) {
	s.space()
	if s.i >= len(s.b) {
		return "", false
	}
	switch s.b[s.i] {
	case '"':
		s.str()
	case '{':
		return s.object()
	case '[':
		s.i++
		for {
			s.space()
			if s.i >= len(s.b) {
				return "", false
			}
			if s.b[s.i] == ']' {
				s.i++
				return "", false
			}
			if s.b[s.i] == ',' {
				s.i++
				continue
			}
			if k, dup := s.value(); dup {
				return k, true
			}
		}
	default: // a number, true, false or null
		for s.i < len(s.b) {
			switch s.b[s.i] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				return "", false
			}
			s.i++
		}
	}
	return "", false
}

// object reads the object at s.i (its opening brace).
func (s *keyScan) object() (string, bool) {
	s.i++
	first := len(s.keys)
	k, dup := s.members(first)
	s.keys = s.keys[:first]
	return k, dup
}

// members reads an object's members after its brace, its keys from first
// in s.keys.
func (s *keyScan) members(first int) (string, bool) {
	var many map[string]bool // past linearKeys keys
	for {
		s.space()
		if s.i >= len(s.b) {
			return "", false
		}
		switch s.b[s.i] {
		case '}':
			s.i++
			return "", false
		case ',':
			s.i++
			continue
		}
		raw, escaped := s.str()
		folded := fold(raw, escaped)
		switch {
		case many != nil:
			if many[string(folded)] {
				return decodedKey(raw), true
			}
			many[string(folded)] = true
		default:
			for _, k := range s.keys[first:] {
				if bytes.Equal(k, folded) {
					return decodedKey(raw), true
				}
			}
			s.keys = append(s.keys, folded)
			if len(s.keys)-first > linearKeys {
				many = make(map[string]bool, 2*linearKeys)
				for _, k := range s.keys[first:] {
					many[string(k)] = true
				}
			}
		}
		s.space()
		s.i++ // the colon
		if k, dup := s.value(); dup {
			return k, true
		}
	}
}

// fold returns a key as encoding/json matches it to a field, lower-cased
// (strings.ToLower of the decoded key): the raw bytes themselves for a key
// of ASCII without escapes or capitals, the common case, without copying.
func fold(raw []byte, escaped bool) []byte {
	if !escaped {
		plain := true
		for _, c := range raw {
			if c >= 0x80 || ('A' <= c && c <= 'Z') {
				plain = false
				break
			}
		}
		if plain {
			return raw
		}
	}
	return []byte(strings.ToLower(decodedKey(raw)))
}

// decodedKey is a key's raw content decoded as encoding/json decodes it
// (escapes resolved, invalid UTF-8 replaced).
func decodedKey(raw []byte) string {
	q := make([]byte, 0, len(raw)+2)
	q = append(append(append(q, '"'), raw...), '"')
	var k string
	if json.Unmarshal(q, &k) != nil {
		return string(raw)
	}
	return k
}

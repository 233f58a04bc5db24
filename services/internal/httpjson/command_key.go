package httpjson

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"slices"
	"sync"

	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// CommandKey is the idempotency key a port hands its handler for the
// decoded command req: the client's key bound to the hash of the command
// (refusal.CommandKey), so that the same key sent again with the same
// command is answered with the first answer, and with another command
// (another endpoint, game or body) is refused as reused. The hash covers
// the route's pattern, the request's path and req as JSON without its
// idempotency_key (the fields as decoded: a field left out and one sent
// with its zero value are the same command). An empty key stays empty.
func CommandKey(r *http.Request, key string, req any) string {
	if key == "" {
		return ""
	}
	sum := commandSum(r, req)
	// only the digits the key keeps: a 16-byte string converted for the
	// concatenation stays on the stack (the whole 64 did not)
	var h [refusal.CommandHashLen]byte
	hex.Encode(h[:], sum[:len(h)/2])
	return refusal.CommandKey(key, string(h[:]))
}

// CommandHash is the hex SHA-256 of the command (see CommandKey): of the
// route's pattern, a zero byte, the path, a zero byte, and req's JSON with
// its members sorted by key and idempotency_key left out (as
// encoding/json writes a map of them).
func CommandHash(r *http.Request, req any) string {
	sum := commandSum(r, req)
	return hex.EncodeToString(sum[:])
}

// CommandJSON is a command that appends its JSON as CommandHash hashes it
// (its members sorted by key, idempotency_key left out) itself, byte for
// byte as encoding/json and appendCommand write it, without reflection;
// false when it cannot (a value encoding/json would escape), and the JSON
// is then encoding/json's.
type CommandJSON interface {
	AppendCommandJSON(b []byte) ([]byte, bool)
}

// AppendPlainMember appends "key":"value" (after a comma unless first)
// when encoding/json writes value as it is between quotes (printable
// ASCII without '"', '\\', '<', '>' and '&'); false otherwise, b as given.
// For CommandJSON.
func AppendPlainMember(b []byte, first bool, key, value string) ([]byte, bool) {
	for i := 0; i < len(value); i++ {
		if c := value[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return b, false
		}
	}
	if !first {
		b = append(b, ',')
	}
	b = append(append(append(b, '"'), key...), `":"`...)
	return append(append(b, value...), '"'), true
}

// commandBufs holds the buffers commandSum writes a command into.
var commandBufs = sync.Pool{New: func() any { b := make([]byte, 0, 256); return &b }}

// maxCommandBuf is the largest buffer put back in commandBufs (a large
// command's is left to the collector).
const maxCommandBuf = 4 << 10

// commandSum is the SHA-256 CommandHash writes in hex.
func commandSum(r *http.Request, req any) [sha256.Size]byte {
	// a pooled buffer: one made here escapes through the interface
	// method AppendCommandJSON (a heap allocation a command)
	buf := commandBufs.Get().(*[]byte)
	b := (*buf)[:0]
	b = append(append(b, r.Pattern...), 0)
	b = append(append(b, r.URL.Path...), 0)
	done := false
	if c, ok := req.(CommandJSON); ok {
		var j []byte
		if j, done = c.AppendCommandJSON(b); done {
			b = j
		}
	}
	if !done {
		if j, err := json.Marshal(req); err == nil {
			b = appendCommand(b, j)
		}
	}
	sum := sha256.Sum256(b)
	if cap(b) <= maxCommandBuf {
		*buf = b[:0]
		commandBufs.Put(buf)
	}
	return sum
}

// appendCommand appends j, the JSON of a command, as a map of its members
// without idempotency_key encodes (keys in order; encoding/json wrote j,
// so its values are already compact and escaped as the map's would be).
// It reads j's members in place; JSON that is not an object, or has a key
// with an escape, goes through the map itself.
func appendCommand(b, j []byte) []byte {
	type member struct{ key, raw []byte }
	var buf [8]member
	members, ok := buf[:0], true
	s := keyScan{b: j}
	s.space()
	if s.i >= len(j) || j[s.i] != '{' {
		ok = false
	} else {
		s.i++
	}
	for ok {
		s.space()
		if s.i >= len(j) {
			ok = false
			break
		}
		if j[s.i] == '}' {
			break
		}
		if j[s.i] == ',' {
			s.i++
			continue
		}
		key, escaped := s.str()
		if escaped {
			ok = false
			break
		}
		s.space()
		s.i++ // the colon
		s.space()
		start := s.i
		s.value()
		members = append(members, member{key, j[start:s.i]})
	}
	if !ok {
		var fields map[string]json.RawMessage
		if json.Unmarshal(j, &fields) == nil {
			delete(fields, "idempotency_key")
			j, _ = json.Marshal(fields)
		}
		return append(b, j...)
	}
	slices.SortFunc(members, func(x, y member) int { return bytes.Compare(x.key, y.key) })
	b = append(b, '{')
	n := 0
	for _, m := range members {
		if string(m.key) == "idempotency_key" {
			continue
		}
		if n > 0 {
			b = append(b, ',')
		}
		n++
		b = append(append(append(b, '"'), m.key...), `":`...)
		b = append(b, m.raw...)
	}
	return append(b, '}')
}

package wiring

import "bytes"

// EventType returns the type of a stored event envelope laid out as the
// events module encodes it, {"id":"<id>","type":"<type>",...}, without
// decoding it; false for any other layout (or a string with an escape in
// it), which the caller then decodes instead. The store writes each key
// once, so the second key is the envelope's type. A consumer that reacts
// to a few event types reads the type first and decodes only those: every
// move reaches consumers that want none of them.
func EventType(b []byte) ([]byte, bool) {
	const open, mid = `{"id":"`, `","type":"`
	if !bytes.HasPrefix(b, []byte(open)) {
		return nil, false
	}
	rest := b[len(open):]
	q := bytes.IndexByte(rest, '"')
	if q < 0 || bytes.IndexByte(rest[:q], '\\') >= 0 || !bytes.HasPrefix(rest[q:], []byte(mid)) {
		return nil, false
	}
	rest = rest[q+len(mid):]
	q = bytes.IndexByte(rest, '"')
	if q < 0 || bytes.IndexByte(rest[:q], '\\') >= 0 {
		return nil, false
	}
	return rest[:q], true
}

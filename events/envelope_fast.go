package events

import (
	"encoding/json"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"
)

// fastDecode decodes the common envelope — only known fields, strings
// without escapes, integers without signs or exponents — in one pass
// without reflection, about ten times faster than encoding/json, which
// matters for projections reading hundreds of thousands of events. For
// anything else it answers false and the caller uses encoding/json, so the
// result is always the one encoding/json gives (a fuzz target checks that
// the two agree).
func fastDecode(b []byte) (Envelope, bool) {
	var e Envelope
	ok := fastDecodeInto(&e, b, false)
	return e, ok
}

// fastDecodeInto is fastDecode into *e, which must be the zero Envelope
// (and is left in an unspecified state on false); owned says b may be
// kept: Data is then a slice of b (capacity cut at its end, so an append to
// it copies) rather than a copy.
func fastDecodeInto(e *Envelope, b []byte, owned bool) bool {
	// One copy of the message as a string: every string field is a slice
	// of it (one allocation per envelope instead of one per field).
	p := fastParser{b: b, s: string(b)}
	var recordedAt string
	var data []byte
	if !p.object(func(key string) bool {
		var ok bool
		switch key {
		case "id":
			e.ID, ok = p.str()
		case "type":
			e.Type, ok = p.typeName()
		case "v":
			var n uint64
			n, ok = p.uint()
			e.Version = int(n)
			ok = ok && n <= 1<<31
		case "aggregate":
			e.Aggregate = Aggregate{}
			ok = p.object(func(k string) bool {
				var s string
				var ok bool
				switch k {
				case "kind":
					s, ok = p.oneOf(knownKinds)
					e.Aggregate.Kind = Kind(s)
				case "id":
					e.Aggregate.ID, ok = p.str()
				}
				return ok
			})
		case "writer":
			var s string
			s, ok = p.oneOf(knownWriters)
			e.Writer = Writer(s)
		case "seq":
			e.Seq, ok = p.uint()
		case "recorded_at":
			recordedAt, ok = p.str()
		case "actor":
			e.Actor = Actor{}
			ok = p.object(func(k string) bool {
				var ok bool
				switch k {
				case "role":
					e.Actor.Role, ok = p.oneOf(knownRoles)
				case "id":
					e.Actor.ID, ok = p.str()
				}
				return ok
			})
		case "causation_id":
			e.CausationID, ok = p.str()
		case "correlation_id":
			e.CorrelationID, ok = p.str()
		case "idempotency_key":
			e.IdempotencyKey, ok = p.str()
		case "prev_hash":
			e.PrevHash, ok = p.str()
		case "hash":
			e.Hash, ok = p.str()
		case "data":
			if p.i < len(p.b) && p.b[p.i] == 'n' {
				return false // null: leave it to encoding/json
			}
			// Found and validated in one pass (what json.Valid accepts).
			end := validEnd(p.b, p.i)
			if end < 0 {
				return false
			}
			data = p.b[p.i:end]
			p.i = end
			ok = true
		}
		return ok
	}) {
		return false
	}
	p.space()
	if p.i != len(p.b) || recordedAt == "" {
		return false
	}
	t, ok := parseInstant(recordedAt)
	if !ok {
		var err error
		if t, err = time.Parse(TimeFormat, recordedAt); err != nil {
			return false
		}
	}
	e.RecordedAt = t
	switch {
	case data == nil:
	case owned:
		e.Data = data[:len(data):len(data)]
	default:
		e.Data = append(json.RawMessage(nil), data...)
	}
	return true
}

type fastParser struct {
	b []byte
	s string // b as a string, which str slices
	i int
}

// parseInstant parses the common form of an instant as stored, UTC with
// up to nine fraction digits ("2026-11-29T15:00:00.123Z"), giving exactly
// what time.Parse(TimeFormat, s) gives; anything else (an offset, a
// lower-case letter, an out-of-range field) answers false and the caller
// uses time.Parse.
func parseInstant(s string) (time.Time, bool) {
	const base = len("2006-01-02T15:04:05")
	if len(s) < base+1 || s[len(s)-1] != 'Z' || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':' {
		return time.Time{}, false
	}
	num := func(i, n int) (int, bool) {
		v := 0
		for j := i; j < i+n; j++ {
			c := s[j]
			if c < '0' || c > '9' {
				return 0, false
			}
			v = v*10 + int(c-'0')
		}
		return v, true
	}
	year, ok1 := num(0, 4)
	month, ok2 := num(5, 2)
	day, ok3 := num(8, 2)
	hour, ok4 := num(11, 2)
	minute, ok5 := num(14, 2)
	sec, ok6 := num(17, 2)
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6) || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || sec > 59 {
		return time.Time{}, false
	}
	nsec := 0
	if frac := s[base : len(s)-1]; frac != "" {
		digits := len(frac) - 1
		if frac[0] != '.' || digits < 1 || digits > 9 {
			return time.Time{}, false
		}
		v, ok := num(base+1, digits)
		if !ok {
			return time.Time{}, false
		}
		for k := digits; k < 9; k++ {
			v *= 10
		}
		nsec = v
	}
	t := time.Date(year, time.Month(month), day, hour, minute, sec, nsec, time.UTC)
	if t.Day() != day { // 31 April and the like: time.Parse refuses them
		return time.Time{}, false
	}
	return t, true
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (p *fastParser) space() {
	for p.i < len(p.b) && isSpace(p.b[p.i]) {
		p.i++
	}
}

// object parses {"key": value, ...}, calling field with p just before each
// value; field must consume the value and may refuse a key (return false).
func (p *fastParser) object(field func(key string) bool) bool {
	p.space()
	if p.i >= len(p.b) || p.b[p.i] != '{' {
		return false
	}
	p.i++
	p.space()
	if p.i < len(p.b) && p.b[p.i] == '}' {
		p.i++
		return true
	}
	for {
		p.space()
		key, ok := p.str()
		if !ok {
			return false
		}
		p.space()
		if p.i >= len(p.b) || p.b[p.i] != ':' {
			return false
		}
		p.i++
		p.space()
		if !field(key) {
			return false
		}
		p.space()
		if p.i >= len(p.b) {
			return false
		}
		switch p.b[p.i] {
		case ',':
			p.i++
		case '}':
			p.i++
			return true
		default:
			return false
		}
	}
}

// Decoded strings are slices of one copy of the message; the few that a
// reader may keep long after the envelope (type, kind, writer, role) are
// the shared copies of the known values instead, so that keeping them does
// not keep the message. Types are many (a map); the rest are a handful
// (compared in turn, cheaper than hashing).
var (
	knownTypes   = map[string]string{}
	knownKinds   []string
	knownWriters []string
	knownRoles   = []string{"player", "arbiter", "organiser", "system"}
)

func init() {
	for name := range catalogue {
		knownTypes[name] = name
	}
	for _, k := range Kinds() {
		knownKinds = append(knownKinds, string(k))
		for _, w := range k.Writers() {
			if !slices.Contains(knownWriters, string(w)) {
				knownWriters = append(knownWriters, string(w))
			}
		}
	}
}

// typeName is str, returning the shared copy of a catalogue type name.
func (p *fastParser) typeName() (string, bool) {
	if j := p.plainEnd(); j > 0 {
		if s, ok := knownTypes[string(p.b[p.i+1:j])]; ok {
			p.i = j + 1
			return s, true
		}
	}
	return p.str()
}

// oneOf is str, returning the shared copy if the string is in known.
func (p *fastParser) oneOf(known []string) (string, bool) {
	if j := p.plainEnd(); j > 0 {
		for _, s := range known {
			if string(p.b[p.i+1:j]) == s {
				p.i = j + 1
				return s, true
			}
		}
	}
	return p.str()
}

// plainEnd returns the index of the closing quote of a short string of
// plain ASCII at p.i, or 0.
func (p *fastParser) plainEnd() int {
	if p.i >= len(p.b) || p.b[p.i] != '"' {
		return 0
	}
	for j := p.i + 1; j < len(p.b) && j < p.i+64; j++ {
		c := p.b[j]
		if c == '"' {
			return j
		}
		if !plainByte[c] {
			return 0
		}
	}
	return 0
}

// str parses a string without escapes or control characters, in valid
// UTF-8.
func (p *fastParser) str() (string, bool) {
	if p.i >= len(p.b) || p.b[p.i] != '"' {
		return "", false
	}
	start := p.i + 1
	ascii := true
	for j := start; j < len(p.b); j++ {
		c := p.b[j]
		if plainByte[c] {
			continue
		}
		switch {
		case c == '"':
			s := p.b[start:j]
			if !ascii && !utf8.Valid(s) {
				return "", false
			}
			p.i = j + 1
			if len(p.s) == len(p.b) {
				return p.s[start:j], true
			}
			return string(s), true
		case c == '\\' || c < 0x20:
			return "", false
		case c >= 0x80:
			ascii = false
		}
	}
	return "", false
}

// uint parses a non-negative integer without sign, fraction or exponent.
func (p *fastParser) uint() (uint64, bool) {
	start := p.i
	var n uint64
	for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
		if n > (1<<63)/10 {
			return 0, false
		}
		n = n*10 + uint64(p.b[p.i]-'0')
		p.i++
	}
	if p.i == start || (p.b[start] == '0' && p.i-start > 1) {
		return 0, false
	}
	if p.i < len(p.b) && (p.b[p.i] == '.' || p.b[p.i] == 'e' || p.b[p.i] == 'E') {
		return 0, false
	}
	return n, true
}

// fastEncode writes the envelope exactly as slowMarshal (encoding/json)
// would, without reflection, when every string is plain ASCII needing no
// escape and the data is already compact and escape-free; otherwise it
// answers false. A fuzz target checks that the two agree byte for byte.
func fastEncode(e *Envelope) ([]byte, bool) { return fastEncodeOf(e, false) }

// fastEncodeOf is fastEncode; dataMarshalled says that e.Data is the output
// of json.Marshal (as in Build), so valid JSON without another check.
func fastEncodeOf(e *Envelope, dataMarshalled bool) ([]byte, bool) {
	data := []byte(e.Data)
	if len(data) == 0 {
		data = []byte("{}")
	}
	if !plainJSON(data) || (!dataMarshalled && !json.Valid(data)) {
		return nil, false
	}
	b := make([]byte, 0, 320+len(data)+len(e.Hash)+len(e.PrevHash))
	ok := true
	str := func(key, v string, omitEmpty bool) {
		if omitEmpty && v == "" {
			return
		}
		b = append(b, key...)
		ok = ok && plainString(v)
		b = append(b, '"')
		b = append(b, v...)
		b = append(b, '"')
	}
	str(`{"id":`, e.ID, false)
	str(`,"type":`, e.Type, false)
	b = append(b, `,"v":`...)
	b = strconv.AppendInt(b, int64(e.Version), 10)
	str(`,"aggregate":{"kind":`, string(e.Aggregate.Kind), false)
	str(`,"id":`, e.Aggregate.ID, false)
	str(`},"writer":`, string(e.Writer), false)
	b = append(b, `,"seq":`...)
	b = strconv.AppendUint(b, e.Seq, 10)
	// The instant is plain ASCII: appended in place, no string made.
	b = append(b, `,"recorded_at":"`...)
	b = e.RecordedAt.UTC().AppendFormat(b, TimeFormat)
	b = append(b, '"')
	str(`,"actor":{"role":`, e.Actor.Role, false)
	str(`,"id":`, e.Actor.ID, false)
	b = append(b, '}')
	str(`,"causation_id":`, e.CausationID, true)
	str(`,"correlation_id":`, e.CorrelationID, true)
	str(`,"idempotency_key":`, e.IdempotencyKey, false)
	str(`,"prev_hash":`, e.PrevHash, false)
	str(`,"hash":`, e.Hash, false)
	b = append(b, `,"data":`...)
	b = append(b, data...)
	for _, k := range sortedKeys(e.extra) {
		v := e.extra[k]
		if !plainString(k) || !plainJSON(v) || !json.Valid(v) {
			return nil, false
		}
		b = append(b, ',', '"')
		b = append(b, k...)
		b = append(b, '"', ':')
		b = append(b, v...)
	}
	b = append(b, '}')
	return b, ok
}

// plainString reports whether encoding/json writes s as it is between
// quotes: printable ASCII without '"', '\\', '<', '>' and '&'.
func plainString(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

// plainJSON reports whether raw JSON is compact (no white space outside
// strings) and ASCII without '<', '>' and '&': then encoding/json embeds it
// unchanged.
func plainJSON(b []byte) bool {
	in := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c >= 0x80 || c == '<' || c == '>' || c == '&' {
			return false
		}
		if in {
			switch c {
			case '\\':
				i++
			case '"':
				in = false
			}
			continue
		}
		switch c {
		case '"':
			in = true
		case ' ', '\t', '\n', '\r':
			return false
		}
	}
	return true
}

package events

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
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
	p := fastParser{b: b}
	var recordedAt []byte
	var data []byte
	if !p.object(func(key []byte) bool {
		var ok bool
		switch string(key) {
		case "id":
			ok = p.strTo(fieldID)
		case "type":
			ok = p.typeNameTo(e)
		case "v":
			var n uint64
			n, ok = p.uint()
			e.Version = int(n)
			ok = ok && n <= 1<<31
		case "aggregate":
			// A repeated object is merged into the first, as
			// encoding/json does.
			ok = p.object(func(k []byte) bool {
				var s string
				var ok bool
				switch string(k) {
				case "kind":
					s, ok = p.oneOf(knownKinds)
					e.Aggregate.Kind = Kind(s)
				case "id":
					ok = p.strTo(fieldAggregateID)
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
			var start, end int
			if start, end, ok = p.span(); ok {
				recordedAt = p.b[start:end]
			}
		case "actor":
			ok = p.object(func(k []byte) bool {
				var ok bool
				switch string(k) {
				case "role":
					e.Actor.Role, ok = p.oneOf(knownRoles)
				case "id":
					ok = p.strTo(fieldActorID)
				}
				return ok
			})
		case "causation_id":
			ok = p.strTo(fieldCausationID)
		case "correlation_id":
			ok = p.strTo(fieldCorrelationID)
		case "idempotency_key":
			ok = p.strTo(fieldIdempotencyKey)
		case "prev_hash":
			ok = p.strTo(fieldPrevHash)
		case "hash":
			ok = p.strTo(fieldHash)
		case "sig":
			ok = p.strTo(fieldSig)
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
	if p.i != len(p.b) || len(recordedAt) == 0 {
		return false
	}
	t, ok := parseInstant(recordedAt)
	if !ok {
		var err error
		if t, err = time.Parse(TimeFormat, string(recordedAt)); err != nil {
			return false
		}
	}
	e.RecordedAt = t
	p.materialize(e)
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
	i int
	// The string fields found, set at the end from one string holding
	// them all (one allocation per envelope, of their bytes only).
	pending [16]pendingString
	np      int
}

// pendingString is a string field to set: b[start:end] into the field.
type pendingString struct {
	field      stringField
	start, end int
}

// stringField names an Envelope's string field (not a pointer to it: the
// envelope then stays where its caller put it, on the stack if it can).
type stringField uint8

const (
	fieldID stringField = iota
	fieldType
	fieldAggregateID
	fieldActorID
	fieldCausationID
	fieldCorrelationID
	fieldIdempotencyKey
	fieldPrevHash
	fieldHash
	fieldSig
	fieldNone // a value overridden by a later one
)

// materialize sets the pending string fields of e, all slices of one new
// string (a strings.Builder's, which is not copied again); a field found
// twice gets its last value, as with encoding/json.
func (p *fastParser) materialize(e *Envelope) {
	n := 0
	for _, ps := range p.pending[:p.np] {
		n += ps.end - ps.start
	}
	var sb strings.Builder
	sb.Grow(n)
	for _, ps := range p.pending[:p.np] {
		sb.Write(p.b[ps.start:ps.end])
	}
	all := sb.String()
	off := 0
	for _, ps := range p.pending[:p.np] {
		v := all[off : off+ps.end-ps.start]
		off += ps.end - ps.start
		switch ps.field {
		case fieldID:
			e.ID = v
		case fieldType:
			e.Type = v
		case fieldAggregateID:
			e.Aggregate.ID = v
		case fieldActorID:
			e.Actor.ID = v
		case fieldCausationID:
			e.CausationID = v
		case fieldCorrelationID:
			e.CorrelationID = v
		case fieldIdempotencyKey:
			e.IdempotencyKey = v
		case fieldPrevHash:
			e.PrevHash = v
		case fieldHash:
			e.Hash = v
		case fieldSig:
			e.Sig = v
		}
	}
}

// strTo parses a string (see span) that materialize will set into field.
func (p *fastParser) strTo(field stringField) bool {
	start, end, ok := p.span()
	if !ok || p.np == len(p.pending) {
		return false
	}
	p.pending[p.np] = pendingString{field: field, start: start, end: end}
	p.np++
	return true
}

// parseInstant parses the common form of an instant as stored, UTC with
// up to nine fraction digits ("2026-11-29T15:00:00.123Z"), giving exactly
// what time.Parse(TimeFormat, s) gives; anything else (an offset, a
// lower-case letter, an out-of-range field) answers false and the caller
// uses time.Parse.
func parseInstant[T string | []byte](s T) (time.Time, bool) {
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
	if frac := s[base : len(s)-1]; len(frac) > 0 {
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
func (p *fastParser) object(field func(key []byte) bool) bool {
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
		start, end, ok := p.span()
		if !ok {
			return false
		}
		key := p.b[start:end]
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

// Decoded strings are slices of one string of the envelope's string
// fields; the few that recur in every envelope and that a reader may keep
// long after it (type, kind, writer, role) are the shared copies of the
// known values instead. Types are many (a map); the rest are a handful
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

// typeNameTo sets e's type: the shared copy of a catalogue type name at
// once, any other name when materialize runs.
func (p *fastParser) typeNameTo(e *Envelope) bool {
	if j := p.plainEnd(); j > 0 {
		if s, ok := knownTypes[string(p.b[p.i+1:j])]; ok {
			p.i = j + 1
			e.Type = s
			// The last value wins: forget an earlier one still pending.
			for k := range p.pending[:p.np] {
				if p.pending[k].field == fieldType {
					p.pending[k].field = fieldNone
				}
			}
			return true
		}
	}
	return p.strTo(fieldType)
}

// oneOf parses a string that is one of known, returning the shared copy;
// any other string answers false (the caller falls back to encoding/json,
// rare for kinds, writers and roles).
func (p *fastParser) oneOf(known []string) (string, bool) {
	if j := p.plainEnd(); j > 0 {
		for _, s := range known {
			if string(p.b[p.i+1:j]) == s {
				p.i = j + 1
				return s, true
			}
		}
	}
	return "", false
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

// span parses a string without escapes or control characters, in valid
// UTF-8, and returns the bounds of its content in b.
func (p *fastParser) span() (start, end int, ok bool) {
	if p.i >= len(p.b) || p.b[p.i] != '"' {
		return 0, 0, false
	}
	start = p.i + 1
	ascii := true
	for j := start; j < len(p.b); j++ {
		c := p.b[j]
		if plainByte[c] {
			continue
		}
		switch {
		case c == '"':
			if !ascii && !utf8.Valid(p.b[start:j]) {
				return 0, 0, false
			}
			p.i = j + 1
			return start, j, true
		case c == '\\' || c < 0x20:
			return 0, 0, false
		case c >= 0x80:
			ascii = false
		}
	}
	return 0, 0, false
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
	return appendFast(make([]byte, 0, encodedSize(e)), e, dataMarshalled)
}

// encodedSize is at least the length of e's encoding by appendFast
// without unknown fields (their encoding grows the buffer): its keys,
// quotes, numbers and instant in fixedSize, and every string and the data
// as they are. A buffer of that size is never grown, copied and thrown
// away (an event's strings and data are some 400 bytes beyond the keys).
func encodedSize(e *Envelope) int {
	return fixedSize + max(len(e.Data), 2) + len(e.ID) + len(e.Type) + len(e.Aggregate.Kind) + len(e.Aggregate.ID) +
		len(e.Writer) + len(e.Actor.Role) + len(e.Actor.ID) + len(e.CausationID) + len(e.CorrelationID) +
		len(e.IdempotencyKey) + len(e.PrevHash) + len(e.Hash) + len(e.Sig)
}

// fixedSize bounds what an envelope's encoding holds besides its strings
// and data: the keys and quotes (some 220 bytes), two integers of up to 20
// digits and an instant of up to 35 characters (a year past 9999 has
// more digits: the buffer then grows, which is only slower).
const fixedSize = 320

// appendFast appends fastEncodeOf's encoding to dst; on false, dst is
// returned as it was given (its spare capacity may have been written).
func appendFast(dst []byte, e *Envelope, dataMarshalled bool) ([]byte, bool) {
	data := []byte(e.Data)
	if len(data) == 0 {
		data = []byte("{}")
	}
	// plainJSON has no white space outside strings: valid when validEnd
	// reads the whole of it (what json.Valid says, one pass)
	if !plainJSON(data) || (!dataMarshalled && validEnd(data, 0) != len(data)) {
		return dst, false
	}
	b := dst
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
	str(`,"sig":`, e.Sig, true)
	b = append(b, `,"data":`...)
	b = append(b, data...)
	for _, k := range sortedKeys(e.extra) {
		v := e.extra[k]
		if !plainString(k) || !plainJSON(v) || !json.Valid(v) {
			return dst, false
		}
		b = append(b, ',', '"')
		b = append(b, k...)
		b = append(b, '"', ':')
		b = append(b, v...)
	}
	b = append(b, '}')
	if !ok {
		return dst, false
	}
	return b, true
}

// plainString reports whether encoding/json writes s as it is between
// quotes: printable ASCII without '"', '\\', '<', '>' and '&'.
func plainString(s string) bool {
	for i := 0; i < len(s); i++ {
		if !htmlPlain[s[i]] {
			return false
		}
	}
	return true
}

// htmlPlain marks the bytes plainString lets through (a table: one load a
// byte, not six comparisons).
var htmlPlain = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// plainJSON reports whether raw JSON is compact (no white space outside
// strings) and ASCII without '<', '>' and '&': then encoding/json embeds it
// unchanged.
func plainJSON(b []byte) bool {
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c != '"' {
			if !plainOutside[c] {
				return false
			}
			continue
		}
		// a string, to its closing quote
		for i++; i < len(b); i++ {
			c = b[i]
			if plainInside[c] {
				continue
			}
			if c == '\\' {
				i++
				continue
			}
			if c == '"' {
				break
			}
			return false
		}
	}
	return true
}

// plainOutside and plainInside mark the bytes plainJSON lets through
// outside a string (not white space) and inside one ('"' and '\\' are
// handled apart); neither holds bytes past 0x7f, '<', '>' or '&'.
var plainOutside, plainInside = func() (out, in [256]bool) {
	for c := 0; c < 0x80; c++ {
		html := c == '<' || c == '>' || c == '&'
		out[c] = !html && c != ' ' && c != '\t' && c != '\n' && c != '\r'
		in[c] = !html && c != '"' && c != '\\'
	}
	return out, in
}()

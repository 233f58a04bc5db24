package events

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"
)

// Actor is who caused an event: a role and an id.
type Actor struct {
	// Role is "player", "arbiter", "organiser" or "system" (a service acting
	// on its own, e.g. the clocks service recording a flag fall).
	Role string `json:"role"`
	// ID identifies the actor within its role (a player id, an arbiter's
	// licence number, a service name).
	ID string `json:"id"`
}

// Envelope is one event as stored: the metadata every event carries and its
// data as raw JSON. An Envelope read from the stream and written again (to a
// sealed copy, a backup, another stream) keeps fields this code does not know,
// at the envelope's top level and anywhere in Data, with the same meaning
// and the same hash. (Unknown fields inside "aggregate" and "actor" are not
// kept: those two objects are closed.)
type Envelope struct {
	// ID is the event's ULID.
	ID string
	// Type is the catalogue name, e.g. "game.move_played".
	Type string
	// Version is the schema version of Data as written.
	Version int
	// Aggregate is the game or tournament the event belongs to.
	Aggregate Aggregate
	// Writer is the service that wrote it (the last token of its subject).
	Writer Writer
	// Seq is the event's version within its aggregate: 1, 2, 3... without
	// gaps, shared by all writers of the aggregate.
	Seq uint64
	// RecordedAt is the instant the writing service accepted the command,
	// stamped once; replays use it, never the wall clock.
	RecordedAt time.Time
	// Actor is who caused the event.
	Actor Actor
	// CausationID is the id of the event or command that caused this one.
	CausationID string
	// CorrelationID ties together everything caused by one external request.
	CorrelationID string
	// IdempotencyKey is the key of the command that produced the event; all
	// events of one command share it.
	IdempotencyKey string
	// PrevHash is the Hash of the aggregate's previous event ("" for Seq 1).
	PrevHash string
	// Hash is the hex SHA-256 of this event's canonical encoding (see
	// ComputeHash), which includes PrevHash.
	Hash string
	// Sig is the writer's signature of Hash ("ed25519:<key id>:<base64>",
	// see Signer), outside the hash; "" in a log written before events
	// were signed (the audit reports such an event as unsigned).
	Sig string
	// Data is the event's own fields as JSON.
	Data json.RawMessage

	// extra holds envelope fields unknown to this code, kept for re-encoding.
	extra map[string]json.RawMessage
}

// Extra returns the envelope fields this code does not know (nil if none).
func (e Envelope) Extra() map[string]json.RawMessage { return e.extra }

// envelopeJSON is the wire form of the known fields.
type envelopeJSON struct {
	ID             string          `json:"id"`
	Type           string          `json:"type"`
	Version        int             `json:"v"`
	Aggregate      Aggregate       `json:"aggregate"`
	Writer         Writer          `json:"writer"`
	Seq            uint64          `json:"seq"`
	RecordedAt     string          `json:"recorded_at"`
	Actor          Actor           `json:"actor"`
	CausationID    string          `json:"causation_id,omitempty"`
	CorrelationID  string          `json:"correlation_id,omitempty"`
	IdempotencyKey string          `json:"idempotency_key"`
	PrevHash       string          `json:"prev_hash"`
	Hash           string          `json:"hash"`
	Sig            string          `json:"sig,omitempty"`
	Data           json.RawMessage `json:"data"`
}

var knownFields = map[string]bool{
	"id": true, "type": true, "v": true, "aggregate": true, "writer": true, "seq": true,
	"recorded_at": true, "actor": true, "causation_id": true, "correlation_id": true,
	"idempotency_key": true, "prev_hash": true, "hash": true, "sig": true, "data": true,
}

// TimeFormat is the layout of RecordedAt on the wire: UTC, RFC 3339 with
// nanoseconds and trailing zeros removed.
const TimeFormat = time.RFC3339Nano

func formatTime(t time.Time) string { return t.UTC().Format(TimeFormat) }

// MarshalJSON encodes the envelope with its unknown fields.
func (e Envelope) MarshalJSON() ([]byte, error) {
	if b, ok := fastEncode(&e); ok {
		return b, nil
	}
	return e.slowMarshal()
}

// AppendJSON appends e as MarshalJSON writes it to b (a caller's buffer,
// such as an HTTP answer's: no separate encoding copied into it).
func AppendJSON(b []byte, e *Envelope) ([]byte, error) {
	if out, ok := appendFast(b, e, false); ok {
		return out, nil
	}
	j, err := e.slowMarshal()
	if err != nil {
		return b, err
	}
	return append(b, j...), nil
}

// slowMarshal is MarshalJSON through encoding/json.
func (e Envelope) slowMarshal() ([]byte, error) {
	data := e.Data
	if len(data) == 0 {
		data = json.RawMessage("{}")
	}
	w := envelopeJSON{
		ID: e.ID, Type: e.Type, Version: e.Version, Aggregate: e.Aggregate, Writer: e.Writer,
		Seq: e.Seq, RecordedAt: formatTime(e.RecordedAt), Actor: e.Actor,
		CausationID: e.CausationID, CorrelationID: e.CorrelationID,
		IdempotencyKey: e.IdempotencyKey, PrevHash: e.PrevHash, Hash: e.Hash, Sig: e.Sig, Data: data,
	}
	b, err := json.Marshal(w)
	if err != nil || len(e.extra) == 0 {
		return b, err
	}
	// Append the unknown fields in key order before the closing brace.
	var buf bytes.Buffer
	buf.Write(b[:len(b)-1])
	for _, k := range sortedKeys(e.extra) {
		kb, _ := json.Marshal(k)
		buf.WriteByte(',')
		buf.Write(kb)
		buf.WriteByte(':')
		buf.Write(e.extra[k])
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// UnmarshalJSON decodes an envelope, keeping unknown fields.
func (e *Envelope) UnmarshalJSON(b []byte) error {
	if fast, ok := fastDecode(b); ok {
		*e = fast
		return nil
	}
	return e.slowUnmarshal(b)
}

// slowUnmarshal is UnmarshalJSON through encoding/json: it handles every
// input, including those fastDecode leaves to it.
func (e *Envelope) slowUnmarshal(b []byte) error {
	var w envelopeJSON
	if err := json.Unmarshal(b, &w); err != nil {
		return fmt.Errorf("events: envelope: %w", err)
	}
	// Unknown fields are rare: collect them only if a quick look at the
	// top-level keys finds one.
	var extra map[string]json.RawMessage
	if !onlyKnownKeys(b) {
		var all map[string]json.RawMessage
		if err := json.Unmarshal(b, &all); err != nil {
			return fmt.Errorf("events: envelope: %w", err)
		}
		for k, v := range all {
			if !knownFields[k] {
				if extra == nil {
					extra = map[string]json.RawMessage{}
				}
				extra[k] = append(json.RawMessage(nil), v...)
			}
		}
	}
	t, err := time.Parse(TimeFormat, w.RecordedAt)
	if err != nil {
		return fmt.Errorf("events: envelope %s: recorded_at: %w", w.ID, err)
	}
	*e = Envelope{
		ID: w.ID, Type: w.Type, Version: w.Version, Aggregate: w.Aggregate, Writer: w.Writer,
		Seq: w.Seq, RecordedAt: t, Actor: w.Actor, CausationID: w.CausationID,
		CorrelationID: w.CorrelationID, IdempotencyKey: w.IdempotencyKey,
		PrevHash: w.PrevHash, Hash: w.Hash, Sig: w.Sig, Data: w.Data, extra: extra,
	}
	return nil
}

// DecodeEnvelope decodes and checks one stored envelope.
func DecodeEnvelope(b []byte) (Envelope, error) { return decodeEnvelope(b, false) }

// decodeEnvelope is DecodeEnvelope; owned says that b is the decoder's to
// keep (a message the client library allocated for this delivery), so the
// envelope's Data may be a slice of it instead of a copy.
func decodeEnvelope(b []byte, owned bool) (Envelope, error) {
	var e Envelope
	if err := decodeEnvelopeInto(&e, b, owned); err != nil {
		return Envelope{}, err
	}
	return e, nil
}

// decodeEnvelopeInto is decodeEnvelope into *e, which must be the zero
// Envelope (a projection's read decodes in place in its batch).
func decodeEnvelopeInto(e *Envelope, b []byte, owned bool) error {
	if !fastDecodeInto(e, b, owned) {
		*e = Envelope{}
		if err := e.slowUnmarshal(b); err != nil {
			return err
		}
	}
	if e.Type == "" || e.Version < 1 || e.Seq < 1 {
		return fmt.Errorf("events: envelope %q: missing type, version or seq", e.ID)
	}
	return e.Aggregate.Check()
}

// onlyKnownKeys reports whether every top-level key of the JSON object b
// (already validated by json.Unmarshal) is a known envelope field, without
// decoding the values. Anything unusual (an escaped key, a non-object)
// answers false, which only sends the caller down the slow, exact path.
func onlyKnownKeys(b []byte) bool {
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return false
	}
	i++
	for {
		i = skipSpace(b, i)
		if i >= len(b) {
			return false
		}
		if b[i] == '}' {
			return true
		}
		if b[i] == ',' {
			i = skipSpace(b, i+1)
		}
		if i >= len(b) || b[i] != '"' {
			return false
		}
		j := i + 1
		for j < len(b) && b[j] != '"' {
			if b[j] == '\\' {
				return false
			}
			j++
		}
		if j >= len(b) || !knownFields[string(b[i+1:j])] {
			return false
		}
		i = skipSpace(b, j+1)
		if i >= len(b) || b[i] != ':' {
			return false
		}
		if i = skipValue(b, i+1); i < 0 {
			return false
		}
	}
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipValue returns the index just after the JSON value starting at or
// after i, or -1.
func skipValue(b []byte, i int) int {
	depth := 0
	for i < len(b) {
		switch c := b[i]; c {
		case '"':
			i++
			for i < len(b) && b[i] != '"' {
				if b[i] == '\\' {
					i++
				}
				i++
			}
			if i >= len(b) {
				return -1
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return i
			}
			depth--
		case ',':
			if depth == 0 {
				return i
			}
		}
		i++
	}
	return -1
}

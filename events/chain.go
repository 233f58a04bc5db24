package events

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
)

// hashDomain prefixes every hashed encoding, so that a hash of an event can
// never be confused with a hash of anything else.
const hashDomain = "hakem-event-v1"

// canonical appends the canonical encoding of e to b: every field except
// Hash, in a fixed order, each as a big-endian uint32 length followed by its
// bytes. Data and unknown envelope fields are compacted JSON with <, >, &
// escaped as encoding/json writes them, unknown fields in key order. Two
// envelopes that mean the same thing therefore hash the same, however their
// JSON was formatted.
func canonical(b []byte, e *Envelope) ([]byte, error) { return canonicalOf(b, e, false) }

// canonicalOf is canonical; dataMarshalled says that e.Data is the output
// of json.Marshal (as in Build), which is already compact, valid and
// escaped the way canonicalJSON escapes, so it is taken as it is.
func canonicalOf(b []byte, e *Envelope, dataMarshalled bool) ([]byte, error) {
	field := func(b []byte, s string) []byte {
		b = binary.BigEndian.AppendUint32(b, uint32(len(s)))
		return append(b, s...)
	}
	fieldBytes := func(b, v []byte) []byte {
		b = binary.BigEndian.AppendUint32(b, uint32(len(v)))
		return append(b, v...)
	}
	var num [24]byte
	b = field(b, hashDomain)
	b = field(b, e.ID)
	b = field(b, e.Type)
	b = fieldBytes(b, strconv.AppendInt(num[:0], int64(e.Version), 10))
	b = field(b, string(e.Aggregate.Kind))
	b = field(b, e.Aggregate.ID)
	b = field(b, string(e.Writer))
	b = fieldBytes(b, strconv.AppendUint(num[:0], e.Seq, 10))
	b = fieldBytes(b, e.RecordedAt.UTC().AppendFormat(num[:0], TimeFormat))
	b = field(b, e.Actor.Role)
	b = field(b, e.Actor.ID)
	b = field(b, e.CausationID)
	b = field(b, e.CorrelationID)
	b = field(b, e.IdempotencyKey)
	b = field(b, e.PrevHash)
	data := []byte(e.Data)
	if len(data) == 0 {
		data = []byte("{}")
	}
	c := data
	if !dataMarshalled {
		var err error
		if c, err = canonicalJSON(data); err != nil {
			return nil, fmt.Errorf("events: event %s: data is not JSON: %w", e.ID, err)
		}
	}
	b = fieldBytes(b, c)
	keys := sortedKeys(e.extra)
	b = fieldBytes(b, strconv.AppendInt(num[:0], int64(len(keys)), 10))
	for _, k := range keys {
		c, err := canonicalJSON(e.extra[k])
		if err != nil {
			return nil, fmt.Errorf("events: event %s: field %q is not JSON: %w", e.ID, k, err)
		}
		b = field(b, k)
		b = fieldBytes(b, c)
	}
	return b, nil
}

// canonicalJSON compacts raw JSON and escapes <, >, & and U+2028/U+2029 in
// strings the way encoding/json writes them, so that a value hashes the same
// before and after passing through json.Marshal (which escapes them in
// embedded raw JSON).
func canonicalJSON(raw []byte) ([]byte, error) {
	// plainJSON has no white space outside strings: valid when validEnd
	// reads the whole of it (json.Valid's verdict, in one pass)
	if plainJSON(raw) && validEnd(raw, 0) == len(raw) {
		return raw, nil // already canonical
	}
	var c, h bytes.Buffer
	if err := json.Compact(&c, raw); err != nil {
		return nil, err
	}
	json.HTMLEscape(&h, c.Bytes())
	return h.Bytes(), nil
}

func sortedKeys(m map[string]json.RawMessage) []string {
	if len(m) == 0 {
		return nil
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// ComputeHash returns the hex SHA-256 of e's canonical encoding, which covers
// every field but Hash itself (so it covers PrevHash: the chain).
func ComputeHash(e *Envelope) (string, error) { return computeHash(e, false) }

// computeHash is ComputeHash; see canonicalOf for dataMarshalled.
func computeHash(e *Envelope, dataMarshalled bool) (string, error) {
	var buf [1024]byte
	c, err := canonicalOf(buf[:0], e, dataMarshalled)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(c)
	// hex.EncodeToString would make its 64 bytes on the heap (a length
	// it computes, past what the compiler keeps on the stack) and copy
	// them into the string: one allocation, not two
	var h [2 * sha256.Size]byte
	hex.Encode(h[:], sum[:])
	return string(h[:]), nil
}

// Problem is what Verify found wrong with an aggregate's log.
type Problem string

// The problems Verify names.
const (
	// Altered: the event's content does not match its own hash.
	Altered Problem = "altered"
	// Removed: one or more events before this one are missing.
	Removed Problem = "removed"
	// Reordered: this event is out of its place in the chain.
	Reordered Problem = "reordered"
	// Inserted: this event is not part of the chain (a duplicate or a
	// foreign event placed between two linked ones).
	Inserted Problem = "inserted"
	// Foreign: this event belongs to another aggregate.
	Foreign Problem = "foreign"
	// Rewritten: the chain is consistent but does not end in the anchor
	// (the head recorded elsewhere), so some events up to the anchor were
	// rewritten and re-hashed.
	Rewritten Problem = "rewritten"
)

// ChainError names the first event of a log that does not follow.
type ChainError struct {
	// Index is the position of the event in the slice given to Verify.
	Index int
	// Seq and EventID identify that event as it claims to be.
	Seq     uint64
	EventID string
	// Problem is what is wrong.
	Problem Problem
	// Detail is a sentence for an arbiter.
	Detail string
}

// Error implements error.
func (e *ChainError) Error() string {
	return fmt.Sprintf("events: chain broken at index %d (event %s, seq %d): %s: %s", e.Index, e.EventID, e.Seq, e.Problem, e.Detail)
}

// Verify checks an aggregate's complete log (from its first event, in the
// order read) and returns nil or a *ChainError naming the first event that is
// altered, missing a predecessor, out of order or inserted.
//
// The chain alone catches any edit that does not also re-hash every later
// event. Someone who rewrites a log's tail and recomputes every hash after
// the edit leaves a consistent chain; VerifyAnchored catches that against a
// head recorded elsewhere (a sealed copy, a scoresheet, another stream).
func Verify(log []Envelope) error {
	pos := make(map[string]int, len(log))
	for i := range log {
		if _, ok := pos[log[i].Hash]; !ok {
			pos[log[i].Hash] = i
		}
	}
	for i := range log {
		e := &log[i]
		fail := func(p Problem, format string, args ...any) error {
			return &ChainError{Index: i, Seq: e.Seq, EventID: e.ID, Problem: p, Detail: fmt.Sprintf(format, args...)}
		}
		if i > 0 && e.Aggregate != log[0].Aggregate {
			return fail(Foreign, "belongs to %s, not %s", e.Aggregate, log[0].Aggregate)
		}
		h, err := ComputeHash(e)
		if err != nil {
			return fail(Altered, "%v", err)
		}
		if h != e.Hash {
			return fail(Altered, "content hashes to %.12s…, the event says %.12s…", h, e.Hash)
		}
		if i == 0 {
			if e.Seq == 1 && e.PrevHash == "" {
				continue
			}
			if j, ok := pos[e.PrevHash]; ok && j > i {
				return fail(Reordered, "its predecessor is at index %d, after it", j)
			}
			if e.Seq == 1 {
				return fail(Altered, "first event with a previous hash")
			}
			return fail(Removed, "the log starts at seq %d: events 1..%d are missing", e.Seq, e.Seq-1)
		}
		prev := &log[i-1]
		if e.PrevHash == prev.Hash && e.Seq == prev.Seq+1 {
			continue
		}
		if e.Hash == prev.Hash {
			return fail(Inserted, "a second copy of the event at index %d", i-1)
		}
		if j, ok := pos[e.PrevHash]; ok {
			switch {
			case j > i:
				return fail(Reordered, "its predecessor is at index %d, after it", j)
			case j == i-2 && e.Seq == log[j].Seq+1:
				return &ChainError{Index: i - 1, Seq: prev.Seq, EventID: prev.ID, Problem: Inserted,
					Detail: fmt.Sprintf("the events at index %d and %d are linked to each other, this one sits between them", i-2, i)}
			default:
				return fail(Reordered, "it follows the event at index %d, not its neighbour at index %d", j, i-1)
			}
		}
		if e.PrevHash == prev.Hash {
			return fail(Altered, "linked to its predecessor but numbered %d after %d", e.Seq, prev.Seq)
		}
		if e.Seq > prev.Seq+1 {
			return fail(Removed, "events %d..%d are missing before it", prev.Seq+1, e.Seq-1)
		}
		if e.Seq <= prev.Seq {
			return fail(Reordered, "seq %d after seq %d", e.Seq, prev.Seq)
		}
		return fail(Inserted, "it does not follow its predecessor (seq %d) and its own predecessor is not in the log", prev.Seq)
	}
	return nil
}

// VerifyAnchored is Verify, and also checks that the event numbered
// anchor.Version is in the log with hash anchor.Hash: a head recorded
// elsewhere pins every event up to it.
func VerifyAnchored(log []Envelope, anchor Head) error {
	if err := Verify(log); err != nil {
		return err
	}
	if anchor.Version == 0 {
		return nil
	}
	for i := range log {
		if log[i].Seq == anchor.Version {
			if log[i].Hash != anchor.Hash {
				return &ChainError{Index: i, Seq: log[i].Seq, EventID: log[i].ID, Problem: Rewritten,
					Detail: fmt.Sprintf("hash %.12s… differs from the anchor %.12s…: the log up to here was rewritten", log[i].Hash, anchor.Hash)}
			}
			return nil
		}
	}
	n := len(log)
	return &ChainError{Index: n, Seq: anchor.Version, Problem: Removed,
		Detail: fmt.Sprintf("the anchor names seq %d but the log ends at %d events", anchor.Version, n)}
}

package eventstore

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go/jetstream"
)

// Damage is the first message on an aggregate's subjects that does not
// decode, does not chain on the events before it, or whose signature the
// store's keyring does not accept (Config.Keyring), and that no
// game.log_repaired voids: the aggregate's log holds up to the event before
// it.
type Damage struct {
	// Seq is the event number the message stands at (the last good
	// event's plus one).
	Seq uint64 `json:"seq"`
	// StreamSeq is its stream sequence.
	StreamSeq uint64 `json:"stream_seq"`
	// Reason says what is wrong with it.
	Reason string `json:"reason"`
	// Voided are the stream sequences of every message not taken since
	// the last good event (the damaged one first): what a repair voids.
	Voided []uint64 `json:"voided"`
}

// Error implements error.
func (d *Damage) Error() string {
	return fmt.Sprintf("log damaged at seq %d (stream seq %d): %s", d.Seq, d.StreamSeq, d.Reason)
}

// LoadTolerant reads every message on the aggregate's subjects, in stream
// order, and keeps the events that decode and chain (their event number,
// previous hash, hash, aggregate and writer as the subject says); a
// message that does not is set aside, and so is every message after it
// until a game.log_repaired chained on the last good event voids them all.
// It returns the good events; the head after them, whose Seq is the
// stream sequence of the last message on the subjects (what an append
// expects, a set-aside message included; version 0 and no hash when no
// event is good: an aggregate not created yet whose subject holds only
// set-aside messages); and the first damage no repair
// voids (nil when none). An error is a failed read, not damage.
func (s *Store) LoadTolerant(ctx context.Context, agg events.Aggregate) ([]events.Envelope, events.Head, *Damage, error) {
	return s.loadTolerant(ctx, agg, s.verify)
}

// LoadTolerantWith is LoadTolerant with every signature checked against
// ring, which holds every key (an event signed by a key not in it is
// damage): the audit's reading of a repaired log, given the deployment's
// keyring, whatever the store was opened with.
func (s *Store) LoadTolerantWith(ctx context.Context, agg events.Aggregate, ring *events.Keyring) ([]events.Envelope, events.Head, *Damage, error) {
	return s.loadTolerant(ctx, agg, newVerifier(ring, true))
}

func (s *Store) loadTolerant(ctx context.Context, agg events.Aggregate, v *verifier) ([]events.Envelope, events.Head, *Damage, error) {
	if err := agg.Check(); err != nil {
		return nil, events.Head{}, nil, err
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, 10*s.cfg.AckTimeout)
		defer cancel()
	}
	last, err := s.lastSeqOn(ctx, agg)
	if err != nil || last == 0 {
		return nil, events.Head{}, nil, err
	}
	c, err := s.js.OrderedConsumer(ctx, s.cfg.Partitions.Stream(agg), jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{s.cfg.Partitions.Filter(agg)}, DeliverPolicy: jetstream.DeliverAllPolicy,
	})
	if err != nil {
		return nil, events.Head{}, nil, fmt.Errorf("events: reading %s: %w", agg, err)
	}
	it, err := c.Messages()
	if err != nil {
		return nil, events.Head{}, nil, fmt.Errorf("events: reading %s: %w", agg, err)
	}
	defer it.Stop()
	stop := context.AfterFunc(ctx, it.Stop)
	defer stop()
	var msgs []tolerantMsg
	for {
		m, err := it.Next()
		if err != nil {
			if ctx.Err() != nil {
				return nil, events.Head{}, nil, ctx.Err()
			}
			return nil, events.Head{}, nil, fmt.Errorf("events: reading %s: %w", agg, err)
		}
		md, err := m.Metadata()
		if err != nil {
			return nil, events.Head{}, nil, fmt.Errorf("events: reading %s: %w", agg, err)
		}
		msgs = append(msgs, tolerantMsg{md.Sequence.Stream, m.Subject(), m.Data()})
		if md.Sequence.Stream >= last {
			break
		}
	}
	f := tolerantFold{agg: agg, verify: v, vouched: vouched(msgs, v), unsigned: -1}
	for _, m := range msgs {
		f.take(m.streamSeq, m.subject, m.data)
	}
	f.attested()
	// with no good event the head is version 0 over the set-aside
	// messages (Seq still theirs): what a repair or a creation voiding
	// them is appended on (checkHead)
	head := events.Head{Seq: last}
	if n := len(f.good); n > 0 {
		head.Version, head.Hash = f.good[n-1].Seq, f.good[n-1].Hash
	}
	return f.good, head, f.damage, nil
}

// lastSeqOn is the stream sequence of the last message on the
// aggregate's subjects as the stream leader knows it (0: none), read
// without decoding the message.
func (s *Store) lastSeqOn(ctx context.Context, agg events.Aggregate) (uint64, error) {
	body, _ := json.Marshal(directReq{LastBySubj: s.cfg.Partitions.Filter(agg)})
	m, err := s.nc.RequestWithContext(ctx, msgGetSubject(s.cfg.Partitions.Stream(agg)), body)
	if err != nil {
		return 0, fmt.Errorf("events: last message of %s: %w", agg, err)
	}
	var resp msgGetResponse
	if err := json.Unmarshal(m.Data, &resp); err != nil {
		return 0, fmt.Errorf("events: last message of %s: %w", agg, err)
	}
	if resp.Error != nil {
		if resp.Error.ErrCode == codeNoMessage {
			return 0, nil
		}
		return 0, &APIError{Code: resp.Error.ErrCode, Status: resp.Error.Code, Description: resp.Error.Description}
	}
	if resp.Message == nil {
		return 0, errors.New("events: last message of " + agg.String() + ": empty answer")
	}
	return resp.Message.Sequence, nil
}

// tolerantFold is LoadTolerant's walk over an aggregate's messages.
type tolerantFold struct {
	agg    events.Aggregate
	verify *verifier // nil: signatures not checked
	good   []events.Envelope
	damage *Damage // pending since the last good event
	// streams are the stream sequences of good; vouched is the highest
	// head an attestation among the messages names, and unsigned the
	// first of good taken unsigned at or before it, until attested
	// confirms it (-1: none).
	streams  []uint64
	vouched  uint64
	unsigned int
}

// tolerantMsg is one message of an aggregate's subjects.
type tolerantMsg struct {
	streamSeq uint64
	subject   string
	data      []byte
}

// vouched is the highest head an attestation among msgs names (0: none,
// or signatures not checked): the look-ahead that lets an unsigned event
// written before signing be taken until attested checks the attestation.
func vouched(msgs []tolerantMsg, v *verifier) uint64 {
	var top uint64
	if v == nil {
		return 0
	}
	for _, m := range msgs {
		if !bytes.Contains(m.data, []byte("_attested")) {
			continue
		}
		if e, err := events.DecodeEnvelope(m.data); err == nil && events.IsAttestation(e.Type) {
			if a, ok := events.AttestationOf(e); ok {
				top = max(top, a.Covers)
			}
		}
	}
	return top
}

// attested checks the attestations among the good events: the unsigned
// events taken on their word and not covered by one that holds become the
// damage (with every message after them).
func (f *tolerantFold) attested() {
	if f.vouched == 0 || f.unsigned < 0 {
		return
	}
	covered, _, bad := events.Attested(f.good, f.verify.checkAttestation)
	cut, reason := -1, "signature: unsigned"
	for i := f.unsigned; i < len(f.good); i++ {
		if f.good[i].Sig == "" && f.good[i].Seq > covered {
			cut = i
			break
		}
	}
	switch {
	case bad != nil && (cut < 0 || bad.Index < cut):
		cut, reason = bad.Index, "attestation: "+bad.Reason
	case bad != nil:
		reason += " (" + bad.Error() + ")"
	}
	if cut < 0 {
		return
	}
	d := &Damage{Seq: f.good[cut].Seq, StreamSeq: f.streams[cut], Reason: reason, Voided: slices.Clone(f.streams[cut:])}
	if f.damage != nil {
		d.Voided = append(d.Voided, f.damage.Voided...)
	}
	f.good, f.streams, f.damage = f.good[:cut], f.streams[:cut], d
}

// take looks at one message.
func (f *tolerantFold) take(streamSeq uint64, subject string, data []byte) {
	e, reason := f.check(subject, data)
	if reason == "unsigned, vouched" {
		if f.unsigned < 0 {
			f.unsigned = len(f.good)
		}
		reason = ""
	}
	if reason == "" && f.damage != nil {
		reason = "after the damage, not a repair voiding it"
		if events.IsRepair(e.Type) {
			if voided, _, _, ok := events.RepairOf(e); ok && voids(voided, f.damage.Voided) {
				reason, f.damage = "", nil
			}
		}
	}
	if reason != "" {
		if f.damage == nil {
			f.damage = &Damage{Seq: uint64(len(f.good)) + 1, StreamSeq: streamSeq, Reason: reason}
		}
		f.damage.Voided = append(f.damage.Voided, streamSeq)
		return
	}
	f.good, f.streams = append(f.good, e), append(f.streams, streamSeq)
}

// voids reports whether a repair's voided sequences cover the pending ones.
func voids(voided, pending []uint64) bool {
	for _, s := range pending {
		if !slices.Contains(voided, s) {
			return false
		}
	}
	return true
}

// check decodes one message and says why it does not follow the good
// events ("" when it does).
func (f *tolerantFold) check(subject string, data []byte) (events.Envelope, string) {
	agg, writer, err := events.ParseSubject(subject)
	if err != nil || agg != f.agg {
		return events.Envelope{}, fmt.Sprintf("subject %q is not one of %s", subject, f.agg)
	}
	e, err := events.DecodeEnvelope(data)
	if err != nil {
		return events.Envelope{}, "does not decode: " + err.Error()
	}
	var prev string
	if n := len(f.good); n > 0 {
		prev = f.good[n-1].Hash
	}
	switch want := uint64(len(f.good)) + 1; {
	case e.Aggregate != f.agg:
		return e, fmt.Sprintf("claims to be of %s", e.Aggregate)
	case e.Writer != writer:
		return e, fmt.Sprintf("written on the %s subject, claims writer %s", writer, e.Writer)
	case e.Seq != want:
		return e, fmt.Sprintf("event number %d where %d follows", e.Seq, want)
	case e.PrevHash != prev:
		return e, fmt.Sprintf("does not chain on event %d", want-1)
	}
	if h, err := events.ComputeHash(&e); err != nil || h != e.Hash {
		return e, "its hash does not match its content"
	}
	if _, err := events.Decode(e); err != nil && !errors.Is(err, events.ErrUnknownType) && !errors.Is(err, events.ErrNewerVersion) {
		return e, "its data does not decode: " + err.Error()
	}
	if reason := f.verify.check(&e); reason != "" {
		if e.Sig == "" && e.Seq <= f.vouched {
			return e, "unsigned, vouched" // if an attestation holds (attested)
		}
		return e, "signature: " + reason
	}
	return e, ""
}

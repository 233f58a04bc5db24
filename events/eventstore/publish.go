package eventstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nuid"
)

// pubAck is JetStream's answer to a publish or a batch commit.
type pubAck struct {
	Stream    string `json:"stream"`
	Seq       uint64 `json:"seq"`
	Duplicate bool   `json:"duplicate,omitempty"`
	Count     int    `json:"count,omitempty"`
	Error     *struct {
		Code        int    `json:"code"`
		ErrCode     int    `json:"err_code"`
		Description string `json:"description"`
	} `json:"error,omitempty"`
}

// publish sends one message, or several as one atomic batch, and returns
// the server's acknowledgement.
func (s *Store) publish(ctx context.Context, msgs []*nats.Msg) (pubAck, error) {
	if len(msgs) > 1 {
		id := nuid.Next()
		for i, m := range msgs {
			m.Header[hdrBatchID] = []string{id}
			m.Header[hdrBatchSeq] = []string{strconv.Itoa(i + 1)}
			if i == len(msgs)-1 {
				m.Header[hdrBatchCommit] = []string{"1"}
				break
			}
			// Staged messages need no answer: a lost one makes the
			// commit fail as an incomplete batch.
			if err := s.nc.PublishMsg(m); err != nil {
				return pubAck{}, err
			}
		}
	}
	var resp *nats.Msg
	var err error
	if _, ok := ctx.Deadline(); !ok {
		// Without a deadline the wait is bounded by Config.AckTimeout
		// (the client library's pooled timer). A context ended before
		// the request is sent ends it; one ended while the answer is
		// awaited does not: the append is on its way and its outcome,
		// known a moment later, is worth more than the early return.
		if err := ctx.Err(); err != nil {
			return pubAck{}, err
		}
		resp, err = s.nc.RequestMsg(msgs[len(msgs)-1], s.cfg.AckTimeout)
	} else {
		resp, err = s.nc.RequestMsgWithContext(ctx, msgs[len(msgs)-1])
	}
	if err != nil {
		if errors.Is(err, nats.ErrNoResponders) {
			return pubAck{}, fmt.Errorf("events: no stream answers on %s: %w", msgs[0].Subject, err)
		}
		return pubAck{}, fmt.Errorf("events: append to %s (outcome unknown: retry with the same idempotency key): %w", msgs[0].Subject, err)
	}
	if ack, ok := plainAck(resp.Data); ok {
		return ack, nil
	}
	var ack pubAck
	if err := json.Unmarshal(resp.Data, &ack); err != nil {
		return pubAck{}, fmt.Errorf("events: bad acknowledgement %q: %w", resp.Data, err)
	}
	return ack, nil
}

// plainAck reads the common acknowledgement, {"stream":"<name>","seq":<n>},
// without reflection; anything else (a duplicate, a batch, an error, a
// domain) answers false and is left to encoding/json.
func plainAck(b []byte) (pubAck, bool) {
	const open, mid = `{"stream":"`, `","seq":`
	if len(b) < len(open)+len(mid)+2 || string(b[:len(open)]) != open || b[len(b)-1] != '}' {
		return pubAck{}, false
	}
	rest := b[len(open) : len(b)-1]
	q := -1
	for i, c := range rest {
		if c == '"' {
			q = i
			break
		}
		if c == '\\' || c < 0x20 || c >= 0x80 {
			return pubAck{}, false
		}
	}
	if q < 1 || len(rest) <= q+len(mid) || string(rest[q:q+len(mid)]) != mid {
		return pubAck{}, false
	}
	digits := rest[q+len(mid):]
	if len(digits) > 1 && digits[0] == '0' {
		return pubAck{}, false
	}
	seq, err := strconv.ParseUint(string(digits), 10, 64)
	if err != nil {
		return pubAck{}, false
	}
	return pubAck{Stream: streamName(rest[:q]), Seq: seq}, true
}

// streamName returns b as a string, without allocating for the store's
// own streams.
func streamName(b []byte) string {
	for _, n := range streamNames {
		if string(b) == n {
			return n
		}
	}
	return string(b)
}

// streamNames are the names of the store's streams.
var streamNames = func() []string {
	var out []string
	for _, k := range events.Kinds() {
		out = append(out, k.StreamName())
	}
	return out
}()

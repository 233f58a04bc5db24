package eventstore

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/textproto"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go"
)

// Reads a decision is made on: linearizable with respect to acknowledged
// appends.
//
// The streams allow direct gets (AllowDirect), which any replica answers,
// including one still catching up after a restart: its answer may lack the
// aggregate's last acknowledged events, and a command handler deciding on
// that log refuses a valid command ("black is to play" after white's move
// was acknowledged). An append decided on stale state is safe (the
// expected-last-sequence check runs on the leader and answers ErrConflict),
// a refusal is not. So Load first asks the stream LEADER for the aggregate's
// last event (the API request $JS.API.STREAM.MSG.GET.<stream> with
// last_by_subj "game.<id>.>", which only the leader answers:
// TestContractLeaderHead), then reads the events through direct gets up to
// that stream sequence and accepts the answer only if it ends at that very
// event (same sequence, same hash). A short answer is retried a few times
// (a lagging replica catches up in milliseconds), then the events are read
// from the leader one by one. Cost: one extra round trip per Load.

// msgGetResponse is the answer to $JS.API.STREAM.MSG.GET.<stream>.
type msgGetResponse struct {
	Error *struct {
		Code        int    `json:"code"`
		ErrCode     int    `json:"err_code"`
		Description string `json:"description"`
	} `json:"error,omitempty"`
	Message *struct {
		Subject  string `json:"subject"`
		Sequence uint64 `json:"seq"`
		Header   []byte `json:"hdrs,omitempty"`
		Data     []byte `json:"data,omitempty"`
	} `json:"message,omitempty"`
}

// codeNoMessage is JetStream's "no message found".
const codeNoMessage = 10037

func msgGetSubject(stream string) string { return "$JS.API.STREAM.MSG.GET." + stream }

// leaderGet fetches one message through the stream leader (never a
// replica): by sequence, the next matching a filter from a sequence, or the
// last matching a filter. errNotFound if there is none.
func (s *Store) leaderGet(ctx context.Context, stream string, req directReq) (stored, error) {
	body, _ := json.Marshal(req)
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.cfg.AckTimeout)
		defer cancel()
	}
	m, err := s.nc.RequestWithContext(ctx, msgGetSubject(stream), body)
	if err != nil {
		return stored{}, fmt.Errorf("events: get from %s's leader: %w", stream, err)
	}
	var resp msgGetResponse
	if err := json.Unmarshal(m.Data, &resp); err != nil {
		return stored{}, fmt.Errorf("events: get from %s's leader: %w", stream, err)
	}
	if resp.Error != nil {
		if resp.Error.ErrCode == codeNoMessage {
			return stored{}, errNotFound
		}
		return stored{}, &APIError{Code: resp.Error.ErrCode, Status: resp.Error.Code, Description: resp.Error.Description}
	}
	if resp.Message == nil {
		return stored{}, fmt.Errorf("events: get from %s's leader: empty answer", stream)
	}
	hdr, err := parseHeaderBlock(resp.Message.Header)
	if err != nil {
		return stored{}, fmt.Errorf("events: get from %s's leader: stream seq %d: %w", stream, resp.Message.Sequence, err)
	}
	return parseEvent(resp.Message.Sequence, hdr, resp.Message.Data)
}

// parseHeaderBlock decodes a stored message's header block
// ("NATS/1.0\r\nKey: value\r\n...\r\n\r\n"); nil for none.
func parseHeaderBlock(b []byte) (nats.Header, error) {
	if len(b) == 0 {
		return nil, nil
	}
	const prefix = "NATS/1.0"
	if !bytes.HasPrefix(b, []byte(prefix)) {
		return nil, errors.New("bad header block")
	}
	r := textproto.NewReader(bufio.NewReader(bytes.NewReader(b)))
	if _, err := r.ReadLine(); err != nil {
		return nil, fmt.Errorf("bad header block: %w", err)
	}
	mh, err := r.ReadMIMEHeader()
	if err != nil {
		return nil, fmt.Errorf("bad header block: %w", err)
	}
	return nats.Header(mh), nil
}

// leaderTip returns the aggregate's last event as the stream leader knows
// it; found is false for an aggregate without events.
func (s *Store) leaderTip(ctx context.Context, agg events.Aggregate) (tip stored, found bool, err error) {
	tip, err = s.leaderGet(ctx, s.cfg.Partitions.Stream(agg), directReq{LastBySubj: s.cfg.Partitions.Filter(agg)})
	if errors.Is(err, errNotFound) {
		return stored{}, false, nil
	}
	if err != nil {
		return stored{}, false, err
	}
	if tip.env.Aggregate != agg {
		return stored{}, false, fmt.Errorf("events: stream seq %d on %s's subject claims to be of %s", tip.seq, agg, tip.env.Aggregate)
	}
	return tip, true, nil
}

// directAttempts is how many direct reads Load tries before reading from
// the leader, and directRetryPause the pause after the first short answer
// (doubled each time).
const (
	directAttempts   = 3
	directRetryPause = 5 * time.Millisecond
)

// loadStreamTo reads the aggregate's events up to tip (its last event as
// the leader knows it): through direct gets when a replica's answer reaches
// tip, otherwise from the leader.
func (s *Store) loadStreamTo(ctx context.Context, agg events.Aggregate, tip stored) ([]events.Envelope, []uint64, error) {
	stream := s.cfg.Partitions.Stream(agg)
	pause := directRetryPause
	for attempt := 0; attempt < directAttempts; attempt++ {
		var out []events.Envelope
		var seqs []uint64
		err := s.scan(ctx, stream, s.cfg.Partitions.Filter(agg), 1, tip.seq, func(st stored) error {
			if st.env.Aggregate != agg {
				return fmt.Errorf("events: stream seq %d on %s's subject claims to be of %s", st.seq, agg, st.env.Aggregate)
			}
			out = append(out, st.env)
			seqs = append(seqs, st.seq)
			return nil
		})
		if err != nil {
			return nil, nil, err
		}
		if reachesTip(out, seqs, tip) {
			return out, seqs, nil
		}
		// A replica behind the leader answered: let it catch up.
		if attempt+1 < directAttempts {
			select {
			case <-ctx.Done():
				return nil, nil, ctx.Err()
			case <-time.After(pause):
			}
			pause *= 2
		}
	}
	return s.leaderScan(ctx, agg, tip)
}

// leaderScan reads the aggregate's events up to tip from the stream leader,
// one request per event: the slow path, for a replica that stays behind.
func (s *Store) leaderScan(ctx context.Context, agg events.Aggregate, tip stored) ([]events.Envelope, []uint64, error) {
	stream := s.cfg.Partitions.Stream(agg)
	var out []events.Envelope
	var seqs []uint64
	for from := uint64(1); from <= tip.seq; {
		st, err := s.leaderGet(ctx, stream, directReq{Seq: from, NextBySubj: s.cfg.Partitions.Filter(agg)})
		if err != nil {
			return nil, nil, fmt.Errorf("events: reading %s from the leader at seq %d: %w", agg, from, err)
		}
		if st.seq > tip.seq {
			break
		}
		if st.env.Aggregate != agg {
			return nil, nil, fmt.Errorf("events: stream seq %d on %s's subject claims to be of %s", st.seq, agg, st.env.Aggregate)
		}
		out = append(out, st.env)
		seqs = append(seqs, st.seq)
		from = st.seq + 1
	}
	if !reachesTip(out, seqs, tip) {
		return nil, nil, fmt.Errorf("events: reading %s from the leader: the log does not end at its last event (stream seq %d)", agg, tip.seq)
	}
	return out, seqs, nil
}

// getSeq fetches the message at stream sequence seq: through a direct get
// (a stored message is the same on every replica), and from the leader if
// the replica that answered does not have it yet.
func (s *Store) getSeq(ctx context.Context, stream string, seq uint64) (stored, error) {
	st, err := s.directGet(ctx, stream, directReq{Seq: seq})
	if errors.Is(err, errNotFound) {
		return s.leaderGet(ctx, stream, directReq{Seq: seq})
	}
	return st, err
}

// reachesTip tells whether a log read ends at tip (same stream sequence,
// same hash) and holds every version up to it (versions are 1, 2, 3… with
// no gaps, so a log of tip's version has tip.env.Seq events): an answer
// with a hole, as from a filtered mirror answering direct gets, is refused
// like a short one.
func reachesTip(log []events.Envelope, seqs []uint64, tip stored) bool {
	n := len(log)
	return n > 0 && seqs[n-1] == tip.seq && log[n-1].Hash == tip.env.Hash && uint64(n) == tip.env.Seq
}

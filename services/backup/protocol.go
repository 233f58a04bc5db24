package backup

// JetStream's stream snapshot and restore protocol, spoken directly over a
// nats.go connection (nats.go's jetstream package has neither): the API
// subjects $JS.API.STREAM.SNAPSHOT.<stream>, $JS.API.STREAM.RESTORE.<stream>
// and $JS.API.CONSUMER.RESET.<stream>.<consumer>, as nats-server answers
// them.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/nats-io/nats.go"
)

// apiPrefix is JetStream's API subject prefix (the default domain).
const apiPrefix = "$JS.API."

// chunkSize is the size of the snapshot's chunks, both ways.
const chunkSize = 128 << 10

// apiError is a JetStream API error as the server reports it.
type apiError struct {
	Code        int    `json:"code"`
	ErrCode     int    `json:"err_code"`
	Description string `json:"description"`
}

func (e *apiError) Error() string {
	return fmt.Sprintf("%s (JetStream error %d, %d)", e.Description, e.ErrCode, e.Code)
}

// request sends a JetStream API request and decodes its answer into out,
// returning the API's error if it answers one.
func request(ctx context.Context, nc *nats.Conn, subject string, body any, out any) error {
	var data []byte
	if body != nil {
		var err error
		if data, err = json.Marshal(body); err != nil {
			return err
		}
	}
	msg, err := nc.RequestWithContext(ctx, subject, data)
	if err != nil {
		return fmt.Errorf("%s: %w", subject, err)
	}
	var e struct {
		Error *apiError `json:"error"`
	}
	if err := json.Unmarshal(msg.Data, &e); err != nil {
		return fmt.Errorf("%s: answer %q: %w", subject, msg.Data, err)
	}
	if e.Error != nil {
		return fmt.Errorf("%s: %w", subject, e.Error)
	}
	if out != nil {
		return json.Unmarshal(msg.Data, out)
	}
	return nil
}

// snapshotted is the server's answer to a snapshot request: the stream's
// configuration and its state at the instant of the snapshot, kept as the
// server wrote them (a restore hands them back).
type snapshotted struct {
	Config json.RawMessage `json:"config"`
	State  json.RawMessage `json:"state"`
}

// snapshotStream writes a snapshot of stream (its messages and, with
// consumers, its consumers' state) to w, calling progress with the bytes
// written so far after each chunk. The snapshot is taken by the server at
// one instant; the chunks follow, each acknowledged.
func snapshotStream(ctx context.Context, nc *nats.Conn, stream string, w io.Writer, progress func(int64)) (snapshotted, error) {
	inbox := nc.NewInbox()
	sub, err := nc.SubscribeSync(inbox)
	if err != nil {
		return snapshotted{}, err
	}
	defer func() { _ = sub.Unsubscribe() }()
	if err := sub.SetPendingLimits(-1, -1); err != nil {
		return snapshotted{}, err
	}
	var got snapshotted
	req := map[string]any{"deliver_subject": inbox, "chunk_size": chunkSize}
	if err := request(ctx, nc, apiPrefix+"STREAM.SNAPSHOT."+stream, req, &got); err != nil {
		return snapshotted{}, fmt.Errorf("snapshot of %s: %w", stream, err)
	}
	var n int64
	for {
		wait, cancel := context.WithTimeout(ctx, 30*time.Second)
		msg, err := sub.NextMsgWithContext(wait)
		cancel()
		if err != nil {
			return snapshotted{}, fmt.Errorf("snapshot of %s after %d bytes: %w", stream, n, err)
		}
		if len(msg.Data) == 0 {
			// the end: status 204, or the server's reason for stopping
			if st := msg.Header.Get("Status"); st != "" && st != "204" {
				return snapshotted{}, fmt.Errorf("snapshot of %s after %d bytes: server stopped it: %s %s", stream, n, st, msg.Header.Get("Description"))
			}
			return got, nil
		}
		if _, err := w.Write(msg.Data); err != nil {
			return snapshotted{}, fmt.Errorf("snapshot of %s: %w", stream, err)
		}
		n += int64(len(msg.Data))
		if msg.Reply != "" {
			if err := msg.Respond(nil); err != nil {
				return snapshotted{}, err
			}
		}
		if progress != nil {
			progress(n)
		}
	}
}

// restoreStream creates stream from a snapshot read from r, with the
// configuration and state the snapshot was taken with. The stream must not
// exist.
func restoreStream(ctx context.Context, nc *nats.Conn, stream string, s snapshotted, r io.Reader, progress func(int64)) error {
	var ans struct {
		DeliverSubject string `json:"deliver_subject"`
	}
	if err := request(ctx, nc, apiPrefix+"STREAM.RESTORE."+stream, s, &ans); err != nil {
		return fmt.Errorf("restore of %s: %w", stream, err)
	}
	if ans.DeliverSubject == "" {
		return fmt.Errorf("restore of %s: the server named no subject for the chunks", stream)
	}
	buf := make([]byte, chunkSize)
	var n int64
	for {
		k, err := io.ReadFull(r, buf)
		if k > 0 {
			msg, rerr := nc.RequestWithContext(ctx, ans.DeliverSubject, buf[:k])
			if rerr != nil {
				return fmt.Errorf("restore of %s after %d bytes: %w", stream, n, rerr)
			}
			if len(msg.Data) > 0 {
				var e struct {
					Error *apiError `json:"error"`
				}
				if json.Unmarshal(msg.Data, &e) == nil && e.Error != nil {
					return fmt.Errorf("restore of %s after %d bytes: %w", stream, n, e.Error)
				}
			}
			n += int64(k)
			if progress != nil {
				progress(n)
			}
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("restore of %s: reading the snapshot: %w", stream, err)
		}
	}
	// an empty chunk ends the transfer; the answer is the stream's info
	done, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	if err := request(done, nc, ans.DeliverSubject, nil, nil); err != nil {
		return fmt.Errorf("restore of %s: %w", stream, err)
	}
	return nil
}

// resetConsumer makes the durable consumer deliver again from seq (the
// stream sequence after its acknowledgement floor at the backup's start).
func resetConsumer(ctx context.Context, nc *nats.Conn, stream, consumer string, seq uint64) error {
	return request(ctx, nc, fmt.Sprintf("%sCONSUMER.RESET.%s.%s", apiPrefix, stream, consumer), map[string]uint64{"seq": seq}, nil)
}

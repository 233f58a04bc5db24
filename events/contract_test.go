package events

// Contract tests: the JetStream behaviours the store relies on, checked
// against a real embedded nats-server, so that an upgrade that changes one
// of them fails here rather than in production.

import (
	"encoding/json"
	"errors"
	"strconv"
	"testing"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

type rawAck = pubAck

func rawPublish(t *testing.T, nc *nats.Conn, subj string, hdr map[string]string, body string) rawAck {
	t.Helper()
	m := nats.NewMsg(subj)
	m.Data = []byte(body)
	for k, v := range hdr {
		m.Header.Set(k, v)
	}
	resp, err := nc.RequestMsg(m, 5e9)
	if err != nil {
		t.Fatal(err)
	}
	var a rawAck
	if err := json.Unmarshal(resp.Data, &a); err != nil {
		t.Fatalf("ack %q: %v", resp.Data, err)
	}
	return a
}

func errCode(a rawAck) int {
	if a.Error == nil {
		return 0
	}
	return a.Error.ErrCode
}

func contractStream(t *testing.T) (*nats.Conn, jetstream.Stream) {
	_, nc := startServer(t, "")
	js, _ := jetstream.New(nc)
	st, err := js.CreateOrUpdateStream(testCtx(t), StreamConfig(KindGame, Config{}))
	if err != nil {
		t.Fatal(err)
	}
	return nc, st
}

func seqs(v uint64) string { return strconv.FormatUint(v, 10) }

func TestContractExpectedSequencePerSubject(t *testing.T) {
	nc, _ := contractStream(t)
	a := rawPublish(t, nc, "game.a.games", map[string]string{hdrExpLastSubjSeq: "0"}, "{}")
	if errCode(a) != 0 || a.Seq != 1 {
		t.Fatalf("first publish expecting an empty subject: %+v", a)
	}
	b := rawPublish(t, nc, "game.a.games", map[string]string{hdrExpLastSubjSeq: "0"}, "{}")
	if errCode(b) != codeWrongLastSeq {
		t.Fatalf("stale expectation on the same subject: got code %d, want %d", errCode(b), codeWrongLastSeq)
	}
	// Another subject has its own last sequence.
	c := rawPublish(t, nc, "game.a.clocks", map[string]string{hdrExpLastSubjSeq: "0"}, "{}")
	if errCode(c) != 0 {
		t.Fatalf("per-subject check on another subject: %+v", c.Error)
	}
}

func TestContractExpectedSequenceWildcard(t *testing.T) {
	nc, _ := contractStream(t)
	wild := map[string]string{hdrExpLastSubjSeq: "0", hdrExpLastSubjSub: "game.a.>"}
	if a := rawPublish(t, nc, "game.a.games", wild, "{}"); errCode(a) != 0 || a.Seq != 1 {
		t.Fatalf("first: %+v", a)
	}
	// Another game's subject does not move game a's last sequence.
	if a := rawPublish(t, nc, "game.b.games", nil, "{}"); a.Seq != 2 {
		t.Fatalf("other game: %+v", a)
	}
	// A second writer of game a expecting an empty game: conflict.
	if a := rawPublish(t, nc, "game.a.clocks", wild, "{}"); errCode(a) != codeWrongLastSeq {
		t.Fatalf("stale wildcard expectation from another writer: code %d, want %d", errCode(a), codeWrongLastSeq)
	}
	// Expecting game a's last sequence (1), not the stream's (2): accepted.
	wild[hdrExpLastSubjSeq] = "1"
	if a := rawPublish(t, nc, "game.a.clocks", wild, "{}"); errCode(a) != 0 || a.Seq != 3 {
		t.Fatalf("fresh wildcard expectation: %+v", a)
	}
	// Now the games writer's own subject is stale for the whole game.
	if a := rawPublish(t, nc, "game.a.games", wild, "{}"); errCode(a) != codeWrongLastSeq {
		t.Fatalf("the games writer after a clocks event: code %d", errCode(a))
	}
	// The -Subject header without the sequence is refused.
	if a := rawPublish(t, nc, "game.a.games", map[string]string{hdrExpLastSubjSub: "game.a.>"}, "{}"); a.Error == nil {
		t.Fatalf("-Subject alone accepted: %+v", a)
	}
}

func TestContractDedupInsideWindow(t *testing.T) {
	nc, st := contractStream(t)
	h := map[string]string{hdrMsgID: "cmd-1", hdrExpLastSubjSeq: "0", hdrExpLastSubjSub: "game.a.>"}
	first := rawPublish(t, nc, "game.a.games", h, `{"n":1}`)
	if errCode(first) != 0 || first.Duplicate {
		t.Fatalf("first: %+v", first)
	}
	// The same id again with the same (now stale) expectation: the
	// expectation is checked first, so the server answers "wrong last
	// sequence", not "duplicate" (Append then finds the command among the
	// aggregate's last events).
	again := rawPublish(t, nc, "game.a.games", h, `{"n":1}`)
	if errCode(again) != codeWrongLastSeq {
		t.Fatalf("retry with the stale expectation: %+v (err %+v), want code %d", again, again.Error, codeWrongLastSeq)
	}
	// The same id with a fresh expectation (a caller who reloaded): the
	// server answers "duplicate" with the original sequence.
	h[hdrExpLastSubjSeq] = seqs(first.Seq)
	dup := rawPublish(t, nc, "game.a.games", h, `{"n":1}`)
	if errCode(dup) != 0 || !dup.Duplicate || dup.Seq != first.Seq {
		t.Fatalf("retry with a fresh expectation: %+v (err %+v)", dup, dup.Error)
	}
	// Without any expectation: "duplicate" too.
	plain := rawPublish(t, nc, "game.a.games", map[string]string{hdrMsgID: "cmd-1"}, `{"n":1}`)
	if !plain.Duplicate || plain.Seq != first.Seq {
		t.Fatalf("plain retry: %+v", plain)
	}
	info, err := st.Info(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	if info.State.Msgs != 1 {
		t.Fatalf("%d messages stored, want 1", info.State.Msgs)
	}
}

// publishBatch sends an atomic batch; skip names batch sequences not sent
// (to make a gap).
func publishBatch(t *testing.T, nc *nats.Conn, id string, msgs []*nats.Msg, skip int) rawAck {
	t.Helper()
	for i, m := range msgs {
		m.Header.Set(hdrBatchID, id)
		m.Header.Set(hdrBatchSeq, strconv.Itoa(i+1))
		if i+1 == skip {
			continue
		}
		if i == len(msgs)-1 {
			m.Header.Set(hdrBatchCommit, "1")
			resp, err := nc.RequestMsg(m, 5e9)
			if err != nil {
				t.Fatal(err)
			}
			var a rawAck
			if err := json.Unmarshal(resp.Data, &a); err != nil {
				t.Fatal(err)
			}
			return a
		}
		if err := nc.PublishMsg(m); err != nil {
			t.Fatal(err)
		}
	}
	return rawAck{}
}

func batchMsgs(subj string, n int, first map[string]string) []*nats.Msg {
	out := make([]*nats.Msg, n)
	for i := range out {
		out[i] = nats.NewMsg(subj)
		out[i].Data = []byte(`{"i":` + strconv.Itoa(i) + `}`)
		if i == 0 {
			for k, v := range first {
				out[i].Header.Set(k, v)
			}
		}
	}
	return out
}

func TestContractAtomicBatchAllOrNothing(t *testing.T) {
	nc, st := contractStream(t)
	count := func() uint64 {
		info, err := st.Info(testCtx(t))
		if err != nil {
			t.Fatal(err)
		}
		return info.State.Msgs
	}
	// A good batch: all three stored, contiguous, acknowledged at the last.
	ok := publishBatch(t, nc, "b1", batchMsgs("game.a.games", 3, map[string]string{hdrMsgID: "k1", hdrExpLastSubjSeq: "0", hdrExpLastSubjSub: "game.a.>"}), 0)
	if errCode(ok) != 0 || ok.Seq != 3 || ok.Count != 3 {
		t.Fatalf("good batch: %+v %+v", ok, ok.Error)
	}
	// A batch whose expectation is stale: nothing stored.
	bad := publishBatch(t, nc, "b2", batchMsgs("game.a.games", 3, map[string]string{hdrMsgID: "k2", hdrExpLastSubjSeq: "0", hdrExpLastSubjSub: "game.a.>"}), 0)
	if errCode(bad) != codeWrongLastSeq {
		t.Fatalf("stale batch: code %d, want %d", errCode(bad), codeWrongLastSeq)
	}
	// A batch with a gap (message 2 lost): nothing stored.
	gap := publishBatch(t, nc, "b3", batchMsgs("game.a.games", 3, map[string]string{hdrMsgID: "k3", hdrExpLastSubjSeq: "3", hdrExpLastSubjSub: "game.a.>"}), 2)
	if gap.Error == nil {
		t.Fatalf("batch with a gap accepted: %+v", gap)
	}
	// The first batch again (same Nats-Msg-Id): refused as a duplicate,
	// nothing stored.
	dup := publishBatch(t, nc, "b4", batchMsgs("game.a.games", 3, map[string]string{hdrMsgID: "k1", hdrExpLastSubjSeq: "3", hdrExpLastSubjSub: "game.a.>"}), 0)
	if errCode(dup) != codeBatchDuplicate {
		t.Fatalf("duplicate batch: code %d (%+v), want %d", errCode(dup), dup, codeBatchDuplicate)
	}
	if n := count(); n != 3 {
		t.Fatalf("%d messages stored, want the good batch's 3 only", n)
	}
	// A batch whose second message breaks a limit (a header the batch
	// refuses) leaves nothing either.
	msgs := batchMsgs("game.a.games", 2, map[string]string{hdrExpLastSubjSeq: "3", hdrExpLastSubjSub: "game.a.>"})
	msgs[1].Header.Set("Nats-Expected-Last-Msg-Id", "x")
	if a := publishBatch(t, nc, "b5", msgs, 0); a.Error == nil {
		t.Fatalf("batch with an unsupported header accepted: %+v", a)
	}
	if n := count(); n != 3 {
		t.Fatalf("%d messages stored after a refused batch, want 3", n)
	}
}

func TestContractDeleteAndPurgeRefused(t *testing.T) {
	nc, st := contractStream(t)
	rawPublish(t, nc, "game.a.games", nil, "{}")
	ctx := testCtx(t)
	if err := st.DeleteMsg(ctx, 1); err == nil {
		t.Fatal("delete accepted")
	}
	if err := st.SecureDeleteMsg(ctx, 1); err == nil {
		t.Fatal("secure delete accepted")
	}
	if err := st.Purge(ctx); err == nil {
		t.Fatal("purge accepted")
	}
	if err := st.Purge(ctx, jetstream.WithPurgeSubject("game.a.>")); err == nil {
		t.Fatal("subject purge accepted")
	}
	info, err := st.Info(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.State.Msgs != 1 {
		t.Fatalf("%d messages after refused deletes, want 1", info.State.Msgs)
	}
	// Turning the guards off by a config update is refused too.
	js, _ := jetstream.New(nc)
	cfg := StreamConfig(KindGame, Config{})
	cfg.DenyDelete, cfg.DenyPurge = false, false
	_, err = js.UpdateStream(ctx, cfg)
	var apiErr *jetstream.APIError
	if err == nil || !errors.As(err, &apiErr) {
		t.Fatalf("lifting DenyDelete/DenyPurge by a stream update: %v, want a JetStream error", err)
	}
}

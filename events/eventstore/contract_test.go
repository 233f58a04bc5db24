package eventstore

// Contract tests: the JetStream behaviours the store relies on, checked
// against a real embedded nats-server, so that an upgrade that changes one
// of them fails here rather than in production.

import (
	"encoding/json"
	"errors"
	"strconv"
	"testing"

	"github.com/hakem-chess/hakem/events"
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
	st, err := js.CreateOrUpdateStream(testCtx(t), StreamConfig(events.KindGame, Config{}))
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
	cfg := StreamConfig(events.KindGame, Config{})
	cfg.DenyDelete, cfg.DenyPurge = false, false
	_, err = js.UpdateStream(ctx, cfg)
	var apiErr *jetstream.APIError
	if err == nil || !errors.As(err, &apiErr) {
		t.Fatalf("lifting DenyDelete/DenyPurge by a stream update: %v, want a JetStream error", err)
	}
}

// TestContractLeaderHead: the non-direct $JS.API.STREAM.MSG.GET request,
// which only a stream's leader answers (TestClusterLoadFromLaggingReplica
// checks the consequence on a cluster), accepts the aggregate's wildcard
// "game.<id>.>" in last_by_subj and answers its last event across all its
// writers' subjects, with the stored headers; next_by_subj with a wildcard
// from a sequence walks the aggregate; an aggregate without events is
// "no message found" (10037). Load's linearizable head rests on this.
func TestContractLeaderHead(t *testing.T) {
	nc, _ := contractStream(t)
	rawPublish(t, nc, "game.a.games", nil, `{"n":1}`)
	rawPublish(t, nc, "game.a.clocks", map[string]string{hdrIndex: "1", hdrCount: "2"}, `{"n":2}`)
	rawPublish(t, nc, "game.b.games", nil, `{"n":3}`)
	rawPublish(t, nc, "game.ab.games", nil, `{"n":4}`)

	get := func(req string) msgGetResponse {
		t.Helper()
		m, err := nc.Request(msgGetSubject("GAMES"), []byte(req), 5e9)
		if err != nil {
			t.Fatal(err)
		}
		var r msgGetResponse
		if err := json.Unmarshal(m.Data, &r); err != nil {
			t.Fatalf("answer %q: %v", m.Data, err)
		}
		return r
	}
	r := get(`{"last_by_subj":"game.a.>"}`)
	if r.Error != nil || r.Message == nil || r.Message.Sequence != 2 || r.Message.Subject != "game.a.clocks" || string(r.Message.Data) != `{"n":2}` {
		t.Fatalf("last of game.a.>: %+v %+v", r.Error, r.Message)
	}
	h, err := parseHeaderBlock(r.Message.Header)
	if err != nil || h.Get(hdrIndex) != "1" || h.Get(hdrCount) != "2" {
		t.Fatalf("stored headers %q: %v %v", r.Message.Header, h, err)
	}
	r = get(`{"seq":2,"next_by_subj":"game.a.>"}`)
	if r.Error != nil || r.Message == nil || r.Message.Sequence != 2 {
		t.Fatalf("next of game.a.> from 2: %+v %+v", r.Error, r.Message)
	}
	r = get(`{"seq":3,"next_by_subj":"game.a.>"}`)
	if r.Error == nil || r.Error.ErrCode != codeNoMessage {
		t.Fatalf("next of game.a.> from 3: %+v %+v", r.Error, r.Message)
	}
	r = get(`{"last_by_subj":"game.zz.>"}`)
	if r.Error == nil || r.Error.ErrCode != codeNoMessage || r.Message != nil {
		t.Fatalf("last of an empty aggregate: %+v %+v", r.Error, r.Message)
	}
}

// TestLeaderReadsOfTheStore: the store's leader-answered reads give what
// the direct gets give, for the head, a sequence and an empty aggregate.
func TestLeaderReadsOfTheStore(t *testing.T) {
	s := openStore(t, Config{Now: fixedNow})
	ctx := testCtx(t)
	g := events.Game("lh")
	if _, found, err := s.leaderTip(ctx, g); err != nil || found {
		t.Fatalf("tip of an empty game: %v %v", found, err)
	}
	_, h0, err := s.Append(ctx, g, events.WriterGames, events.Head{}, "c", meta(), events.GameCreated{})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Append(ctx, events.Game("other"), events.WriterGames, events.Head{}, "o", meta(), events.GameCreated{}); err != nil {
		t.Fatal(err)
	}
	_, h1, err := s.Append(ctx, g, events.WriterClocks, h0, "b", meta(), events.ClockStarted{}, events.ClockPaused{})
	if err != nil {
		t.Fatal(err)
	}
	tip, found, err := s.leaderTip(ctx, g)
	if err != nil || !found || headOf(tip) != h1 || tip.index != 1 || tip.count != 2 {
		t.Fatalf("leader tip %+v (index %d of %d), want %+v: %v", headOf(tip), tip.index, tip.count, h1, err)
	}
	direct, err := s.directGet(ctx, "GAMES", directReq{LastBySubj: g.Filter()})
	if err != nil || direct.seq != tip.seq || direct.env.ID != tip.env.ID || direct.prevSeq != tip.prevSeq {
		t.Fatalf("direct %+v vs leader %+v: %v", direct, tip, err)
	}
	first, err := s.leaderGet(ctx, "GAMES", directReq{Seq: h0.Seq})
	if err != nil || headOf(first) != h0 {
		t.Fatalf("leader get of seq %d: %+v %v", h0.Seq, headOf(first), err)
	}
	log, seqs, err := s.leaderScan(ctx, g, tip)
	if err != nil || len(log) != 3 || seqs[0] != h0.Seq || seqs[2] != h1.Seq || events.Verify(log) != nil {
		t.Fatalf("leader scan: %d events %v: %v", len(log), seqs, err)
	}
	if _, err := s.leaderGet(ctx, "GAMES", directReq{Seq: 999}); !errors.Is(err, errNotFound) {
		t.Fatalf("leader get past the end: %v", err)
	}
}

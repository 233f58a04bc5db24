package eventstore

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// TestLoadsVerifySignatures: a store with a keyring loads its own signed
// events; an event that chains on them with a valid hash, but unsigned or
// signed with a key not in the keyring, makes Load, LoadStream and
// LoadAfter fail with a *SignatureError naming it, and LoadTolerant set it
// aside as damage; a signed repair voiding it ends the damage. Events of a
// writer the keyring has no key for are not checked.
func TestLoadsVerifySignatures(t *testing.T) {
	dir := t.TempDir()
	signer, err := events.LoadOrCreateKeys(dir, events.WriterGames)
	if err != nil {
		t.Fatal(err)
	}
	ring, err := events.ReadKeyring(filepath.Join(dir, events.KeyringFile))
	if err != nil {
		t.Fatal(err)
	}
	forger, err := events.LoadOrCreateKeys(t.TempDir(), events.WriterGames)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		sign func(*events.Envelope)
		why  string
	}{
		{"unsigned", func(*events.Envelope) {}, "unsigned"},
		{"forger", func(e *events.Envelope) { _ = forger.Sign(e) }, "not in the keyring"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := openStore(t, Config{Signer: signer, Keyring: ring, KeyringComplete: true})
			ctx := testCtx(t)
			g := events.Game("v")
			_, head, err := s.Append(ctx, g, events.WriterGames, events.Head{}, "c", meta(), events.GameCreated{White: "a", Black: "b"})
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := s.Load(ctx, g); err != nil {
				t.Fatalf("the store's own signed event: %v", err)
			}
			forged, err := events.Build(g, events.WriterGames, head, "f", meta(), events.Resigned{By: events.White})
			if err != nil {
				t.Fatal(err)
			}
			c.sign(&forged[0])
			body, _ := json.Marshal(forged[0])
			js, _ := jetstream.New(s.nc)
			// published as a writer would, on top of the head
			msg := nats.NewMsg(g.Subject(events.WriterGames))
			msg.Data = body
			msg.Header.Set(hdrExpLastSubjSeq, strconv.FormatUint(head.Seq, 10))
			msg.Header.Set(hdrExpLastSubjSub, g.Filter())
			ack, err := js.PublishMsg(ctx, msg)
			if err != nil {
				t.Fatal(err)
			}
			var se *SignatureError
			if _, _, err := s.Load(ctx, g); !errors.As(err, &se) || se.Seq != 2 || !strings.Contains(se.Reason, c.why) {
				t.Errorf("Load: %v, want a signature error at seq 2: %s", err, c.why)
			}
			if _, _, err := s.LoadStream(ctx, g); !errors.As(err, &se) {
				t.Errorf("LoadStream: %v", err)
			}
			if _, _, err := s.LoadAfter(ctx, g, head); !errors.As(err, &se) {
				t.Errorf("LoadAfter: %v", err)
			}
			log, h, d, err := s.LoadTolerant(ctx, g)
			if err != nil || d == nil || len(log) != 1 || d.Seq != 2 || d.StreamSeq != ack.Sequence ||
				!strings.HasPrefix(d.Reason, "signature: ") || !strings.Contains(d.Reason, c.why) {
				t.Fatalf("LoadTolerant: %d events, damage %+v, %v", len(log), d, err)
			}
			// an unsigned repair is no repair; the signed one is
			unsignedRepair, _ := events.Build(g, events.WriterGames, h, "r0", meta(), events.LogRepaired{Voided: d.Voided, Reason: "by hand"})
			rb, _ := json.Marshal(unsignedRepair[0])
			if _, err := js.Publish(ctx, g.Subject(events.WriterGames), rb); err != nil {
				t.Fatal(err)
			}
			_, h, d, _ = s.LoadTolerant(ctx, g)
			if d == nil || d.StreamSeq != ack.Sequence {
				t.Fatalf("an unsigned repair ended the damage: %+v", d)
			}
			if _, _, err := s.Append(ctx, g, events.WriterGames, h, "r1", meta(), events.LogRepaired{Voided: d.Voided, Found: d.Reason, Reason: "by hand"}); err != nil {
				t.Fatalf("the repair: %v", err)
			}
			if log, _, d, err := s.LoadTolerant(ctx, g); err != nil || d != nil || len(log) != 2 {
				t.Fatalf("repaired: %d events, damage %+v, %v", len(log), d, err)
			}
		})
	}
	// the clocks' events are not checked by a keyring without their key;
	// with an incomplete keyring, another key's signature is let through
	// (another copy of the service), an unsigned event is not
	s := openStore(t, Config{Signer: signer, Keyring: ring})
	clocks := openStore(t, Config{Keyring: ring})
	ctx := testCtx(t)
	_, head, err := s.Append(ctx, events.Game("o"), events.WriterGames, events.Head{}, "k", meta(), events.GameCreated{})
	if err != nil {
		t.Fatal(err)
	}
	other, _ := events.Build(events.Game("o"), events.WriterGames, head, "m", meta(), events.Resigned{By: events.White})
	_ = forger.Sign(&other[0])
	if _, _, err := s.AppendEnvelopes(ctx, head, other); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Load(ctx, events.Game("o")); err != nil {
		t.Errorf("an incomplete keyring refused another key's signature: %v", err)
	}
	if s.Verifies(events.WriterClocks) || !s.Verifies(events.WriterGames) {
		t.Fatalf("verifies clocks %v, games %v", s.Verifies(events.WriterClocks), s.Verifies(events.WriterGames))
	}
	unsigned, _ := events.Build(events.Game("u"), events.WriterGames, events.Head{}, "c", meta(), events.GameCreated{})
	if _, _, err := clocks.AppendEnvelopes(ctx, events.Head{}, unsigned); err != nil {
		t.Fatal(err)
	}
	var se *SignatureError
	if _, _, err := clocks.Load(ctx, events.Game("u")); !errors.As(err, &se) {
		t.Errorf("an unsigned event with an incomplete keyring: %v", err)
	}
	if _, _, err := clocks.Append(ctx, events.Game("c"), events.WriterClocks, events.Head{}, "k", meta(), events.ClockStarted{}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := clocks.Load(ctx, events.Game("c")); err != nil {
		t.Fatalf("an unsigned event of a writer without a key: %v", err)
	}
}

// TestVerifiedCacheKeepsSignatures: the cache of verified signatures names
// an event by its hash and its signature together: an envelope with a
// verified event's hash and another signature (a forger's, none) is
// checked again and refused; the verified one is let through.
func TestVerifiedCacheKeepsSignatures(t *testing.T) {
	dir := t.TempDir()
	signer, err := events.LoadOrCreateKeys(dir, events.WriterGames)
	if err != nil {
		t.Fatal(err)
	}
	ring, err := events.ReadKeyring(filepath.Join(dir, events.KeyringFile))
	if err != nil {
		t.Fatal(err)
	}
	forger, err := events.LoadOrCreateKeys(t.TempDir(), events.WriterGames)
	if err != nil {
		t.Fatal(err)
	}
	built, err := events.Build(events.Game("c"), events.WriterGames, events.Head{}, "k", meta(), events.GameCreated{White: "a", Black: "b"})
	if err != nil {
		t.Fatal(err)
	}
	good := built[0]
	if err := signer.Sign(&good); err != nil {
		t.Fatal(err)
	}
	forged := good
	if err := forger.Sign(&forged); err != nil {
		t.Fatal(err)
	}
	unsigned := good
	unsigned.Sig = ""
	v := newVerifier(ring, true)
	if why := v.check(&good); why != "" {
		t.Fatalf("the signed event: %s", why)
	}
	for _, c := range []struct {
		name string
		e    events.Envelope
		want string // in the refusal; "" when let through
	}{
		{"verified again", good, ""},
		{"same hash, a forger's signature", forged, "not in the keyring"},
		{"same hash, unsigned", unsigned, "unsigned"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if v.id(&c.e) == v.id(&good) && c.e.Sig != good.Sig {
				t.Errorf("another signature has the verified one's id")
			}
			why := v.check(&c.e)
			if (c.want == "") != (why == "") || !strings.Contains(why, c.want) {
				t.Errorf("check: %q, want %q", why, c.want)
			}
		})
	}
}

// TestVerifiedCacheBounded: the cache of verified signatures keeps two
// generations of verifiedGeneration entries at most, however many events
// are trusted; the last generation's are still known, the oldest are
// forgotten (checked again at their next load).
func TestVerifiedCacheBounded(t *testing.T) {
	v := newVerifier(&events.Keyring{}, true)
	id := func(i int) verifiedID { return verifiedID{uint64(i), ^uint64(i)} }
	const n = 5*verifiedGeneration + 3
	for i := range n {
		v.trust(id(i))
		if got := len(v.seen) + len(v.older); got > 2*verifiedGeneration {
			t.Fatalf("after %d trusted: %d entries, bound %d", i+1, got, 2*verifiedGeneration)
		}
	}
	for _, c := range []struct {
		name  string
		i     int
		known bool
	}{
		{"the last trusted", n - 1, true},
		{"a generation back", n - verifiedGeneration, true},
		{"the first trusted", 0, false},
		{"three generations back", n - 3*verifiedGeneration, false},
	} {
		if got := v.known(id(c.i)); got != c.known {
			t.Errorf("%s (%d): known %v, want %v", c.name, c.i, got, c.known)
		}
	}
}

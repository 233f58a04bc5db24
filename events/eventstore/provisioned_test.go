package eventstore

import (
	"errors"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go/jetstream"
)

// TestOpenProvisioned: with Config.Provisioned, Open creates nothing: it
// fails while the streams or the bucket are missing or re-defined, and
// binds to them once an administrator's Open (without the option) has
// created them.
func TestOpenProvisioned(t *testing.T) {
	_, nc := startServer(t, "")
	ctx := testCtx(t)
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Open(ctx, nc, Config{Provisioned: true}); !errors.Is(err, ErrNotProvisioned) {
		t.Fatalf("Open on an empty server: %v, want ErrNotProvisioned", err)
	}
	if names := js.StreamNames(ctx); names.Err() == nil {
		for n := range names.Name() {
			t.Errorf("Open with Provisioned created stream %s", n)
		}
	}
	if _, err := Open(ctx, nc, Config{}); err != nil {
		t.Fatalf("provisioning Open: %v", err)
	}
	s, err := Open(ctx, nc, Config{Provisioned: true})
	if err != nil {
		t.Fatalf("Open on provisioned streams: %v", err)
	}
	g := events.Game("provisioned-1")
	if _, _, err := s.Append(ctx, g, events.WriterGames, events.Head{}, "k1", events.Meta{Actor: player, RecordedAt: fixedNow()},
		events.GameCreated{White: "p1", Black: "p2", TimeControl: "300+2", LawsProfile: "fide-2023"}); err != nil {
		t.Fatalf("append through the bound store: %v", err)
	}
	if _, err := s.Seal(ctx, g); err != nil {
		t.Fatalf("seal through the bound bucket: %v", err)
	}

	// A stream re-defined to republish elsewhere is refused, not used.
	cfg := StreamConfig(events.KindGame, Config{})
	cfg.RePublish = &jetstream.RePublish{Source: ">", Destination: "elsewhere.>"}
	if _, err := js.UpdateStream(ctx, cfg); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(ctx, nc, Config{Provisioned: true}); !errors.Is(err, ErrNotProvisioned) {
		t.Errorf("Open on a republishing stream: %v, want ErrNotProvisioned", err)
	}
	// The bucket missing is refused too.
	cfg.RePublish = nil
	if _, err := js.UpdateStream(ctx, cfg); err != nil {
		t.Fatal(err)
	}
	if err := js.DeleteKeyValue(ctx, "HAKEM_SEALED"); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(ctx, nc, Config{Provisioned: true}); !errors.Is(err, ErrNotProvisioned) {
		t.Errorf("Open without the bucket: %v, want ErrNotProvisioned", err)
	}
}

package eventstore

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/nats-io/nats.go/jetstream"
)

// TestStreamGuard: each change to an event stream that could trim or lose
// it is found by the next Check, named, and refuses the appends into that
// stream (a *StreamChanged through Config.Guard) while the other stream
// still takes them; a check without a change finds nothing. When the
// configuration is put back, a stream that lost nothing is writable again
// (Check reports it Restored); one that lost messages (trimmed, deleted,
// recreated) stays refused.
func TestStreamGuard(t *testing.T) {
	cases := []struct {
		name string
		edit func(t *testing.T, js jetstream.JetStream, cfg jetstream.StreamConfig)
		why  string
		// lost: the change removed messages, so putting the configuration
		// back does not make the stream writable again
		lost bool
	}{
		{"per-subject limit", func(t *testing.T, js jetstream.JetStream, cfg jetstream.StreamConfig) {
			cfg.MaxMsgsPerSubject = 1
			update(t, js, cfg)
		}, "max_msgs_per_subject is 1, was -1", false},
		{"age limit", func(t *testing.T, js jetstream.JetStream, cfg jetstream.StreamConfig) {
			cfg.MaxAge = time.Hour
			update(t, js, cfg)
		}, "max_age", false},
		{"size limit", func(t *testing.T, js jetstream.JetStream, cfg jetstream.StreamConfig) {
			cfg.MaxBytes = 1 << 30
			update(t, js, cfg)
		}, "max_bytes is 1073741824, was -1", false},
		{"trimmed", func(t *testing.T, js jetstream.JetStream, cfg jetstream.StreamConfig) {
			if _, err := js.Publish(testCtx(t), "game.h.games", []byte("{}")); err != nil {
				t.Fatal(err)
			}
			if _, err := js.Publish(testCtx(t), "game.g.games", []byte("{}")); err != nil {
				t.Fatal(err)
			}
			cfg.MaxMsgsPerSubject = 1
			update(t, js, cfg)
		}, "messages removed", true},
		{"deleted", func(t *testing.T, js jetstream.JetStream, cfg jetstream.StreamConfig) {
			if err := js.DeleteStream(testCtx(t), cfg.Name); err != nil {
				t.Fatal(err)
			}
		}, "it was deleted", true},
		{"recreated", func(t *testing.T, js jetstream.JetStream, cfg jetstream.StreamConfig) {
			if err := js.DeleteStream(testCtx(t), cfg.Name); err != nil {
				t.Fatal(err)
			}
			time.Sleep(10 * time.Millisecond)
			if _, err := js.CreateStream(testCtx(t), cfg); err != nil {
				t.Fatal(err)
			}
		}, "created again", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			guard := &StreamGuard{}
			s := openStore(t, Config{Guard: guard.Allow})
			ctx := testCtx(t)
			js, _ := jetstream.New(s.nc)
			guard.JS = js
			if found, err := guard.Check(ctx); err != nil || len(found) != 0 || !guard.OK() {
				t.Fatalf("first check: %v %v", found, err)
			}
			_, head, err := s.Append(ctx, events.Game("g"), events.WriterGames, events.Head{}, "c", meta(), events.GameCreated{})
			if err != nil {
				t.Fatal(err)
			}
			if found, err := guard.Check(ctx); err != nil || len(found) != 0 {
				t.Fatalf("a check after an append: %v %v", found, err)
			}
			st, err := js.Stream(ctx, events.KindGame.StreamName())
			if err != nil {
				t.Fatal(err)
			}
			c.edit(t, js, st.CachedInfo().Config)
			found, err := guard.Check(ctx)
			if err != nil || len(found) != 1 || found[0].Stream != "GAMES" || !strings.Contains(found[0].Reason, c.why) || guard.OK() {
				t.Fatalf("after the edit: %+v %v, want GAMES: %s", found, err, c.why)
			}
			var changed *StreamChanged
			if _, _, err := s.Append(ctx, events.Game("g"), events.WriterGames, head, "m", meta(), move(1, "e4")); !errors.As(err, &changed) || changed.Stream != "GAMES" {
				t.Errorf("an append into the changed stream: %v", err)
			}
			if _, _, err := s.Append(ctx, events.Tournament("t"), events.WriterPairing, events.Head{}, "t", meta(), events.TournamentCreated{Name: "T"}); err != nil {
				t.Errorf("an append into the other stream: %v", err)
			}
			if found, _ := guard.Check(ctx); len(found) != 0 || len(guard.Changed()) != 1 {
				t.Errorf("the next check: %+v, changed %+v; want nothing new, the change kept", found, guard.Changed())
			}
			putBack(t, js, st.CachedInfo().Config)
			found, err = guard.Check(ctx)
			if c.lost {
				if err != nil || len(found) != 0 || guard.OK() || guard.Allow(events.KindGame) == nil {
					t.Errorf("put back after losing messages: %+v %v, OK %v; want it refused still", found, err, guard.OK())
				}
				return
			}
			if err != nil || len(found) != 1 || !found[0].Restored || found[0].Stream != "GAMES" || !guard.OK() {
				t.Fatalf("put back: %+v %v, OK %v; want GAMES restored", found, err, guard.OK())
			}
			if _, _, err := s.Append(ctx, events.Game("g"), events.WriterGames, head, "m", meta(), move(1, "e4")); err != nil {
				t.Errorf("an append after the stream was put back: %v", err)
			}
		})
	}
}

// putBack gives the stream the configuration cfg again, creating it when
// it is gone.
func putBack(t *testing.T, js jetstream.JetStream, cfg jetstream.StreamConfig) {
	t.Helper()
	if _, err := js.CreateOrUpdateStream(testCtx(t), cfg); err != nil {
		t.Fatal(err)
	}
}

func update(t *testing.T, js jetstream.JetStream, cfg jetstream.StreamConfig) {
	t.Helper()
	if _, err := js.UpdateStream(testCtx(t), cfg); err != nil {
		t.Fatal(err)
	}
}

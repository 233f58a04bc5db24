package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/services/internal/natstest"
	"github.com/nats-io/nats.go/jetstream"
)

// witnessedAt waits until GET /api/checkpoints has a checkpoint of game id
// at version.
func witnessedAt(t *testing.T, s *server, id string, version int) {
	t.Helper()
	want := fmt.Sprintf(`\ngame %s %d `, id, version)
	for deadline := time.Now().Add(30 * time.Second); ; {
		a := s.do("GET", "/api/checkpoints", "")
		if a.status == 200 && strings.Contains(a.raw, want) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("game %s at version %d not witnessed after 30 s: %d %s", id, version, a.status, a.raw)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestInsiderRewritesFoundAgainstCheckpoints: a data folder rewritten by
// hand, the chain re-hashed; an in-progress game's tail cut; the stream
// trimmed by an edit of its limits; the stream deleted and recreated: hakem
// audit all, given the checkpoints hakem serve published (and only the
// checkpoints' key, so that the signatures do not find it first), names
// the aggregate and the first sequence that differs, and passes the game
// nobody touched.
func TestInsiderRewritesFoundAgainstCheckpoints(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	s := startWith(t, []string{"--data", data}, []string{"HAKEM_NATS_LISTEN=" + freeAddr(t), "HAKEM_CHECKPOINT_INTERVAL=20ms"}, true)
	startedGame(t, s, map[string]any{"id": "other", "white": "w", "black": "b", "time_control": "300+2", "idempotency_key": "o-other"})
	startedGame(t, s, map[string]any{"id": "cp", "white": "w", "black": "b", "time_control": "300+2", "idempotency_key": "c-cp"})
	version := int(s.game("cp")["version"].(float64))
	witnessedAt(t, s, "cp", version)
	for i, mv := range []string{"e4", "e5", "Nf3", "Nc6", "Bb5"} {
		a := s.move("cp", []string{"w", "b"}[i%2], mv, mv)
		version = int(a.body["version"].(float64))
		witnessedAt(t, s, "cp", version)
	}
	s.stop()
	checkpoints := filepath.Join(data, "checkpoints.ndjson")
	ring, err := events.ReadKeyring(filepath.Join(data, "keys", events.KeyringFile))
	if err != nil {
		t.Fatal(err)
	}
	cpOnly := filepath.Join(t.TempDir(), "checkpoint-key.json")
	if err := (&events.Keyring{Checkpoints: ring.Checkpoints}).Write(cpOnly); err != nil {
		t.Fatal(err)
	}
	orig, _ := readFolder(t, data)
	log := orig.gameOf("cp")
	if len(log) != version {
		t.Fatalf("game cp has %d events, %d witnessed", len(log), version)
	}
	k := -1
	for i, e := range log {
		if e.Type == "game.move_played" && strings.Contains(string(e.Data), `"Nf3"`) {
			k = i
		}
	}
	rehashed := append([]events.Envelope(nil), log...)
	setData(t, &rehashed[k], "san", "Nh3")
	setData(t, &rehashed[k], "uci", "g1h3")
	rechain(t, rehashed)

	trimmed := t.TempDir()
	if err := os.CopyFS(trimmed, os.DirFS(data)); err != nil {
		t.Fatal(err)
	}
	recreated := t.TempDir()
	if err := os.CopyFS(recreated, os.DirFS(data)); err != nil {
		t.Fatal(err)
	}
	editStream(t, trimmed, func(ctx context.Context, js jetstream.JetStream) error {
		cfg := eventstore.StreamConfig(events.KindGame, eventstore.Config{})
		cfg.MaxMsgsPerSubject = 1
		_, err := js.UpdateStream(ctx, cfg)
		return err
	})
	editStream(t, recreated, func(ctx context.Context, js jetstream.JetStream) error {
		return js.DeleteStream(ctx, "GAMES")
	})

	for name, c := range map[string]struct {
		dir  string
		want []string
	}{
		"re-hashed rewrite": {forge(t, orig.withGame("cp", rehashed), nil), []string{
			"game/cp: FAILS: event seq " + fmt.Sprint(log[k].Seq) + " ", fmt.Sprintf("differs from the checkpoints from seq %d on", log[k].Seq), "game/other: ok"}},
		"cut tail": {forge(t, orig.withGame("cp", log[:len(log)-2]), nil), []string{
			fmt.Sprintf("game/cp: FAILS: event seq %d ", len(log)-2), fmt.Sprintf("witnessed: seq %d is missing", len(log)-1), "game/other: ok"}},
		"trimmed stream":   {trimmed, []string{"stream: FAILS: stream GAMES holds", "trimmed", "game/cp: FAILS", "are missing"}},
		"recreated stream": {recreated, []string{"stream: FAILS: stream GAMES ends at seq 0", "game/cp: FAILS: witnessed: seq 1 is missing"}},
	} {
		r := runAudit(t, "all", "--data", c.dir, "--checkpoints", checkpoints, "--keyring", cpOnly)
		if r.code != 1 {
			t.Errorf("%s: exit %d, want 1\n%s\n%s", name, r.code, r.stdout, r.stderr)
		}
		for _, w := range c.want {
			if !strings.Contains(r.stdout, w) {
				t.Errorf("%s: the audit does not say %q:\n%s", name, w, r.stdout)
			}
		}
	}
	// with the writers' keys too, the rewrite is named at the same event
	r := runAudit(t, "all", "--data", forge(t, orig.withGame("cp", rehashed), nil), "--checkpoints", checkpoints, "--keyring", filepath.Join(data, "keys", events.KeyringFile))
	if r.code != 1 || !strings.Contains(r.stdout, "game/cp: FAILS: event seq "+fmt.Sprint(log[k].Seq)+" ") {
		t.Errorf("with the signatures: exit %d\n%s", r.code, r.stdout)
	}
	if r := runAudit(t, "all", "--data", data, "--checkpoints", checkpoints); r.code != 0 {
		t.Errorf("the untouched folder: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
}

// editStream changes a data folder's stream as its admin would.
func editStream(t *testing.T, dir string, edit func(context.Context, jetstream.JetStream) error) {
	t.Helper()
	_, nc, closeStore := natstest.Folder(t, dir)
	defer closeStore()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := edit(ctx, js); err != nil {
		t.Fatal(err)
	}
}

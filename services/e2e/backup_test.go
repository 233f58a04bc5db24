package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/embedded"
	"github.com/hakem-chess/hakem/services/backup"
	"github.com/nats-io/nats.go/jetstream"
)

// runHakem runs the hakem command with args and returns its stdout, or
// fails the test with its stderr.
func runHakem(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(hakemBinary(t), args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("hakem %s: %v\n%s%s", strings.Join(args, " "), err, out.String(), errb.String())
	}
	return out.String()
}

// TestBackupWhileRunning: a running hakem serve with a Swiss round and
// standalone games in progress is backed up (hakem backup --nats --keys
// --to FILE.tar) while moves keep being played; more moves follow. hakem
// restore brings the backup into a fresh folder, with the keyring and no
// private key: every stream holds
// exactly the original's messages up to the manifest's last sequence,
// hakem serve starts on it and the games go on, and hakem audit of every
// game and of the tournament is clean.
func TestBackupWhileRunning(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data := t.TempDir()
	natsAddr := freeAddr(t)
	s := startWith(t, []string{"--data", data}, []string{"HAKEM_NATS_LISTEN=" + natsAddr}, true)
	ids, whites, blacks := startSwiss(t, s, "bk", "Backup Open", "q", 8)
	for i, id := range ids {
		s.playMoves(t, id, whites[i], blacks[i], "e4", "e5")
	}
	var solo []string
	for i := range 6 {
		solo = append(solo, startedGame(t, s, map[string]any{"id": fmt.Sprint("solo-", i), "white": "w", "black": "b", "time_control": "600+5", "idempotency_key": fmt.Sprint("g-solo-", i)}))
	}
	moves := make([][]string, len(solo))
	for i := range solo {
		moves[i] = randomGame(uint64(i+1), 40)
	}
	play := func(from, to int) {
		var wg sync.WaitGroup
		for i, id := range solo {
			wg.Go(func() {
				for ply := from; ply < to && ply < len(moves[i]); ply++ {
					mustOK(t, s.move(id, []string{"w", "b"}[ply%2], moves[i][ply], fmt.Sprint(id, "-m", ply)), id+" move")
				}
			})
		}
		wg.Wait()
	}
	play(0, 10)

	out := filepath.Join(t.TempDir(), "round-1.tar")
	done := make(chan struct{})
	go func() { defer close(done); play(10, 25) }() // moves during the backup
	summary := runHakem(t, "backup", "--nats", natsURL(t, data, natsAddr, embedded.AdminUser), "--keys", filepath.Join(data, "keys"), "--to", out)
	<-done
	play(25, 40) // after it: not in the backup
	if !strings.Contains(summary, events.KindGame.StreamName()) {
		t.Errorf("backup's summary names no %s stream:\n%s", events.KindGame.StreamName(), summary)
	}
	s.stop()

	fresh := filepath.Join(t.TempDir(), "restored")
	runHakem(t, "restore", "--from", out, "--data", fresh)
	unpacked := filepath.Join(t.TempDir(), "unpacked")
	if err := backup.Unpack(out, unpacked); err != nil {
		t.Fatal(err)
	}
	m, err := backup.ReadManifest(unpacked)
	if err != nil {
		t.Fatal(err)
	}
	sameUpTo(t, data, fresh, m)
	// the keyring came back with the events; no private key was in the backup
	if m.Keyring == "" {
		t.Error("the backup's manifest names no keyring")
	}
	if keys, _ := filepath.Glob(filepath.Join(unpacked, "*.key")); len(keys) > 0 {
		t.Errorf("private keys in the backup: %v", keys)
	}
	if _, err := events.ReadKeyring(filepath.Join(fresh, "keys", events.KeyringFile)); err != nil {
		t.Errorf("the restored folder's keyring: %v", err)
	}

	// the restored folder serves: the games go on from where the backup
	// left them
	r := start(t, fresh)
	continued := 0
	for i, id := range solo {
		g := waitGame(t, r, id)
		ply := len(jsonMoves(g))
		if ply >= len(moves[i]) {
			continue
		}
		mustOK(t, r.move(id, []string{"w", "b"}[ply%2], moves[i][ply], fmt.Sprint(id, "-after-restore-", ply)), id+" move after the restore")
		continued++
	}
	if continued == 0 {
		t.Error("no game could go on after the restore: every one was over in the backup")
	}
	r.stop()
	for _, id := range append(solo, ids...) {
		if a := runAudit(t, "game", id, "--data", fresh, "--json"); a.code != 0 || a.json["ok"] != true {
			t.Errorf("audit of %s after the restore: exit %d %s\n%s", id, a.code, a.stderr, a.stdout)
		}
	}
	auditTournament(t, fresh, "bk")
}

// jsonMoves is the moves list of a game's view.
func jsonMoves(g map[string]any) []any {
	mv, _ := g["moves"].([]any)
	return mv
}

// sameUpTo checks that every stream of the manifest holds, in the restored
// folder, the original's messages up to its last sequence.
func sameUpTo(t *testing.T, original, restored string, m backup.Manifest) {
	t.Helper()
	ctx := context.Background()
	open := func(dir string) jetstream.JetStream {
		srv, err := embedded.StartEmbedded(embedded.EmbeddedConfig{Dir: dir, Port: -1})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(srv.Shutdown)
		nc, err := srv.Connect()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(nc.Close)
		js, _ := jetstream.New(nc)
		return js
	}
	a, b := open(original), open(restored)
	total := 0
	for _, st := range m.Streams {
		sa, err := a.Stream(ctx, st.Name)
		if err != nil {
			t.Fatal(err)
		}
		sb, err := b.Stream(ctx, st.Name)
		if err != nil {
			t.Fatalf("restored folder has no %s: %v", st.Name, err)
		}
		if last := sb.CachedInfo().State.LastSeq; last != st.LastSeq {
			t.Errorf("%s: restored up to %d, manifest says %d", st.Name, last, st.LastSeq)
		}
		for seq := max(st.FirstSeq, 1); seq <= st.LastSeq; seq++ {
			ma, errA := sa.GetMsg(ctx, seq)
			mb, errB := sb.GetMsg(ctx, seq)
			if (errA == nil) != (errB == nil) {
				t.Fatalf("%s seq %d: original %v, restored %v", st.Name, seq, errA, errB)
			}
			if errA == nil && (ma.Subject != mb.Subject || !bytes.Equal(ma.Data, mb.Data)) {
				t.Fatalf("%s seq %d differs after the restore", st.Name, seq)
			}
			total++
		}
	}
	if total == 0 {
		t.Fatal("the backup holds no message")
	}
	t.Logf("%d messages compared across %d streams", total, len(m.Streams))
}

// TestBackupAfterRound: hakem serve with HAKEM_BACKUP_EVERY=round takes a
// backup of its own when a round closes; the backup restores, and holds
// the round's close.
func TestBackupAfterRound(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	data, backups := t.TempDir(), t.TempDir()
	s := startWith(t, []string{"--data", data}, []string{"HAKEM_BACKUP_EVERY=round", "HAKEM_BACKUP_DIR=" + backups}, true)
	ids, _, blacks := startSwiss(t, s, "ra", "Rounds", "r", 4)
	for i, id := range ids {
		mustOK(t, s.post("/api/games/"+id+"/resign", map[string]string{"player": blacks[i], "idempotency_key": "r-" + id}), "resign")
	}
	mustOK(t, s.post("/api/tournaments/ra/rounds/1/close", map[string]any{"idempotency_key": "c1-ra"}), "close round 1")
	var dir string
	waitUntil(t, "the backup after round 1", func() bool {
		entries, _ := filepath.Glob(filepath.Join(backups, "*", backup.ManifestFile))
		if len(entries) == 0 {
			return false
		}
		dir = filepath.Dir(entries[0])
		return true
	})
	s.stop()
	fresh := filepath.Join(t.TempDir(), "restored")
	runHakem(t, "restore", "--from", dir, "--data", fresh)
	r := start(t, fresh)
	if tv := r.do("GET", "/api/tournaments/ra", ""); tv.body["rounds_closed"] != 1.0 {
		t.Errorf("the backup taken after round 1 closed: %d %s", tv.status, tv.raw)
	}
	r.stop()
	auditTournament(t, fresh, "ra")
}

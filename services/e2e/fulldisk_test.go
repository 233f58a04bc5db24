package e2e

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestFullDiskDuringEvent: hakem serve on a real 40 MB tmpfs; the disk is
// filled while games go on. A move the disk cannot take is refused with
// 507 or 503 and its reason, never a 500, and nothing acknowledged before
// is lost: with the space freed and serve restarted, every acknowledged
// move is in its game and the audit is clean. Skipped with the reason where
// mounting is not allowed.
func TestFullDiskDuringEvent(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hakem serve")
	}
	disk := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=40m", "tmpfs", disk).CombinedOutput(); err != nil {
		t.Skipf("mounting a tmpfs is not allowed here (needs root and mount rights): %v %s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("umount", "-l", disk).Run() })
	data := filepath.Join(disk, "data")
	s := start(t, data)
	ids := []string{"fd-1", "fd-2"}
	for _, id := range ids {
		startedGame(t, s, map[string]any{"id": id, "white": "w", "black": "b", "time_control": "600+5", "idempotency_key": "g-" + id})
	}
	moves := randomGame(3, 60)
	acked := map[string]int{}
	play := func(id string, ply int) answer {
		return s.post("/api/games/"+id+"/moves", map[string]string{"move": moves[ply], "player": []string{"w", "b"}[ply%2], "idempotency_key": fmt.Sprint(id, "-m", ply)})
	}
	for ply := range 10 {
		for _, id := range ids {
			mustOK(t, play(id, ply), fmt.Sprint(id, " move ", ply))
			acked[id]++
		}
	}
	filler := fillDisk(t, disk)
	refused := 0
	for ply := 10; ply < len(moves) && refused == 0; ply++ {
		for _, id := range ids {
			a := play(id, ply)
			switch {
			case a.status == http.StatusOK:
				acked[id]++
			case a.status == http.StatusInsufficientStorage || a.status == http.StatusServiceUnavailable:
				// 507 when JetStream answers that its disk is full, 503
				// when the write stalls (its outcome unknown: retried
				// with the same key once space is freed)
				if !strings.Contains(a.raw, "not recorded") && !strings.Contains(a.raw, "outcome unknown") {
					t.Errorf("refusal on a full disk without its reason: %d %s", a.status, a.raw)
				}
				t.Logf("refused on the full disk: %d %s", a.status, a.raw)
				refused++
			default:
				t.Fatalf("a move on a full disk: %d %s, want 507 or 503", a.status, a.raw)
			}
			if refused > 0 {
				break
			}
		}
	}
	if refused == 0 {
		t.Fatal("every move was accepted on a full disk")
	}
	s.kill()
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	r := start(t, data)
	for _, id := range ids {
		g := waitGame(t, r, id)
		if n := len(jsonMoves(g)); n < acked[id] {
			t.Errorf("%s: %d moves after the restart, %d were acknowledged", id, n, acked[id])
		}
	}
	r.stop()
	for _, id := range ids {
		if a := runAudit(t, "game", id, "--data", data, "--json"); a.code != 0 || a.json["ok"] != true {
			t.Errorf("audit of %s: exit %d %s\n%s", id, a.code, a.stderr, a.stdout)
		}
	}
}

// fillDisk fills the disk of dir to its last byte with a file, returned.
func fillDisk(t *testing.T, dir string) string {
	t.Helper()
	filler := filepath.Join(dir, "filler")
	f, err := os.Create(filler)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	buf := make([]byte, 1<<20)
	for {
		if _, err := f.Write(buf); err != nil {
			return filler
		}
	}
}

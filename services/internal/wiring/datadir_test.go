package wiring

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckDataFolder(t *testing.T) {
	tests := []struct {
		name    string
		version string // the version file's content; "" for none
		wantErr string
	}{
		{name: "fresh folder"},
		{name: "same format", version: `{"format":1}`},
		{name: "newer format", version: `{"format":2}`, wantErr: "newer Hakem (data format 2; this one reads format 1)"},
		{name: "torn version file", version: `{"for`, wantErr: "unreadable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "data")
			if tt.version != "" {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, DataVersionFile), []byte(tt.version), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			err := CheckDataFolder(dir)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				if _, err := os.Stat(filepath.Join(dir, DataVersionFile)); err != nil {
					t.Errorf("no version file after the check: %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("err = %v, want %q", err, tt.wantErr)
			}
		})
	}
}

// mountTmpfs mounts a tmpfs of size with opts on a new folder, or skips
// the test with the reason mounting is not allowed here.
func mountTmpfs(t *testing.T, opts string) string {
	t.Helper()
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", opts, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("mounting a tmpfs is not allowed here (needs root and mount rights): %v %s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("umount", dir).Run() })
	return dir
}

// TestCheckDataFolderOnDisks: a read-only disk and a full one (real tmpfs
// mounts) are refused with what to do.
func TestCheckDataFolderOnDisks(t *testing.T) {
	ro := mountTmpfs(t, "size=4m,ro")
	if err := CheckDataFolder(filepath.Join(ro, "data")); err == nil || !strings.Contains(err.Error(), "read-only") || !strings.Contains(err.Error(), "remount") {
		t.Errorf("read-only disk: %v", err)
	}
	full := mountTmpfs(t, "size=8m")
	if err := CheckDataFolder(filepath.Join(full, "data")); err == nil || !strings.Contains(err.Error(), "disk is full") {
		t.Errorf("small disk: %v", err)
	}
	// filled to the last byte: the probe's write fails
	tiny := mountTmpfs(t, "size=1m")
	if err := os.WriteFile(filepath.Join(tiny, "filler"), make([]byte, 2<<20), 0o644); err == nil {
		t.Fatal("wrote 2 MB on a 1 MB disk")
	}
	if err := CheckDataFolder(tiny); err == nil || !strings.Contains(err.Error(), "disk is full") {
		t.Errorf("full disk: %v", err)
	}
}

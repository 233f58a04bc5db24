package e2e

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMain removes the hakem binary the tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" {
		_ = os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

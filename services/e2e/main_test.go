package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestMain removes the hakem binary the tests built. A copy of this
// binary started with HAKEM_E2E_BARE_HTTP set serves the load bench's bare
// net/http floor instead (bareHTTPFloor), and with HAKEM_E2E_STORE_FLOOR
// the Olympiad bench's store floor (runStoreFloor).
func TestMain(m *testing.M) {
	if addr := os.Getenv(bareHTTPEnv); addr != "" {
		fmt.Fprintln(os.Stderr, serveBareHTTP(addr))
		os.Exit(1)
	}
	if spec := os.Getenv(storeFloorEnv); spec != "" {
		if err := runStoreFloor(spec); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	code := m.Run()
	if binPath != "" {
		_ = os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

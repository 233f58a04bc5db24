package e2e

import "testing"

// knownFailure skips a test that fails since the wave's branches were
// merged into one tree (each passed on its own branch): the reason says
// what breaks, and the closing note lists every one. It is removed with
// the fix; it is not a place to park a test for good.
func knownFailure(t *testing.T, reason string) {
	t.Helper()
	t.Skip("known failure after the merge, to be fixed: " + reason)
}

package ports

import (
	"testing"

	"github.com/hakem-chess/hakem/services/internal/bounds"
)

// TestCommandsBounded: every number of the ruling's body has its range
// (httpjson.Decode checks them through package bounds).
func TestCommandsBounded(t *testing.T) {
	if f := bounds.Untagged(rulingRequest{}); len(f) > 0 {
		t.Errorf("rulingRequest: numbers without a range: %v", f)
	}
}

package ports

import (
	"testing"

	"github.com/hakem-chess/hakem/services/internal/bounds"
)

// TestCommandsBounded: every number of every command body has its range
// (httpjson.Decode checks them through package bounds).
func TestCommandsBounded(t *testing.T) {
	for _, v := range []any{createRequest{}, playerRequest{}, illegalRequest{}, repairRequest{}} {
		if f := bounds.Untagged(v); len(f) > 0 {
			t.Errorf("%T: numbers without a range: %v", v, f)
		}
	}
}

package refusal

import (
	"errors"
	"fmt"
	"testing"
)

func TestNew(t *testing.T) {
	errKind := errors.New("kind")
	errOther := errors.New("other")
	tests := []struct {
		name   string
		format string
		args   []any
		want   string
	}{
		{"plain", "no such game", nil, "no such game"},
		{"formatted", "round %d of %q", []any{3, "open"}, `round 3 of "open"`},
		{"percent kept", "100%% sure", nil, "100% sure"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := New(errKind, tt.format, tt.args...)
			if err.Error() != tt.want {
				t.Errorf("Error() = %q, want %q", err.Error(), tt.want)
			}
			if !errors.Is(err, errKind) {
				t.Errorf("errors.Is(err, kind) = false, want true")
			}
			if errors.Is(err, errOther) {
				t.Errorf("errors.Is(err, other) = true, want false")
			}
			wrapped := fmt.Errorf("context: %w", err)
			var r *Refusal
			if !errors.As(wrapped, &r) || r.Kind != errKind || r.Reason != tt.want {
				t.Errorf("errors.As(wrapped) = %v, %+v; want the refusal", r != nil, r)
			}
		})
	}
}

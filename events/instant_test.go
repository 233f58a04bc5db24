package events

import (
	"testing"
	"time"
)

// parseInstant gives exactly what time.Parse gives, or leaves the input to
// it.
func TestParseInstant(t *testing.T) {
	for _, s := range []string{
		"2026-11-29T15:00:00Z", "2026-11-29T15:00:00.123Z", "2026-11-29T15:00:00.000000001Z",
		"2026-11-29T15:00:00.123456789Z", "2024-02-29T23:59:59.9Z", "0000-01-01T00:00:00Z",
		"2025-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-13-01T00:00:00Z", "2026-00-01T00:00:00Z",
		"2026-11-29T24:00:00Z", "2026-11-29T15:60:00Z", "2026-11-29T15:00:60Z", "2026-11-29T15:00:00.Z",
		"2026-11-29T15:00:00.1234567891Z", "2026-11-29t15:00:00Z", "2026-11-29T15:00:00z",
		"2026-11-29T15:00:00+01:00", "2026-11-29T15:00:00,5Z", "2026-1-29T15:00:00Z", "", "Z",
		"2026-11-29T15:00:00.12a4Z", "+026-11-29T15:00:00Z",
	} {
		want, werr := time.Parse(TimeFormat, s)
		got, ok := parseInstant(s)
		if !ok {
			continue // left to time.Parse
		}
		if werr != nil {
			t.Errorf("%q: parseInstant accepts what time.Parse refuses (%v)", s, werr)
		} else if got != want {
			t.Errorf("%q: parseInstant %v, time.Parse %v", s, got, want)
		}
	}
	if _, ok := parseInstant("2026-11-29T15:00:00.123Z"); !ok {
		t.Error("the common form is not taken by the fast path")
	}
}

package app

import (
	"errors"
	"github.com/hakem-chess/hakem/services/internal/refusal"
	"strings"
	"testing"
)

func TestReplayGameID(t *testing.T) {
	long := strings.Repeat("g", 125)
	for _, c := range []struct{ annulled, want, err string }{
		{"t1-r3-b2", "t1-r3-b2-replay", ""},
		{"t1-r3-b2-replay", "t1-r3-b2-replay2", ""},
		{"t1-r3-b2-replay2", "t1-r3-b2-replay3", ""},
		{"t1-r3-b2-replay19", "t1-r3-b2-replay20", ""},
		{"x-replay1", "x-replay1-replay", ""},    // not a replay's id: "-replay" alone is the first
		{"x-replay02", "x-replay02-replay", ""},  // not a number this function writes
		{"x-replayed", "x-replayed-replay", ""},  // a word, not the suffix
		{"-replay", "-replay-replay", ""},        // the suffix alone is an id of its own
		{long, "", "cannot be named"},            // 125 + 7 characters
		{long[:121], long[:121] + "-replay", ""}, // 128 exactly
	} {
		got, err := ReplayGameID(c.annulled)
		switch {
		case c.err != "":
			if !errors.Is(err, refusal.ErrBadRuling) || !strings.Contains(err.Error(), c.err) {
				t.Errorf("ReplayGameID(%q) = %q, %v; want an error %q", c.annulled, got, err, c.err)
			}
		case err != nil || got != c.want:
			t.Errorf("ReplayGameID(%q) = %q, %v; want %q", c.annulled, got, err, c.want)
		}
	}
}

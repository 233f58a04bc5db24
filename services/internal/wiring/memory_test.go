package wiring

import (
	"strings"
	"testing"
)

// TestParseMemory reads memory_limit and gc_percent, and names the key of
// a bad value.
func TestParseMemory(t *testing.T) {
	for _, c := range []struct {
		limit, percent string
		want           Memory
		err            string // in the error; "" when none
	}{
		{"auto", "100", Memory{Limit: LimitAuto, GCPercent: 100}, ""},
		{"", "100", Memory{Limit: LimitAuto, GCPercent: 100}, ""},
		{"off", "50", Memory{GCPercent: 50}, ""},
		{"0", "100", Memory{GCPercent: 100}, ""},
		{"1.5GiB", "100", Memory{Limit: 3 << 29, GCPercent: 100}, ""},
		{"800MiB", "200", Memory{Limit: 800 << 20, GCPercent: 200}, ""},
		{"2000000000", "100", Memory{Limit: 2000000000, GCPercent: 100}, ""},
		{"512 KiB", "10", Memory{Limit: 512 << 10, GCPercent: 10}, ""},
		{"lots", "100", Memory{}, "memory_limit"},
		{"-1GiB", "100", Memory{}, "memory_limit"},
		{"1GB", "100", Memory{}, "memory_limit"},
		{"auto", "5", Memory{}, "gc_percent"},
		{"auto", "off", Memory{}, "gc_percent"},
	} {
		got, err := parseMemory(c.limit, c.percent)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q %q: %v, want an error naming %s", c.limit, c.percent, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%q %q: %+v %v, want %+v", c.limit, c.percent, got, err, c.want)
		}
	}
}

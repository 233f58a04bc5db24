package clock

import (
	"testing"
	"time"
)

func TestPGNClock(t *testing.T) {
	for _, tt := range []struct {
		d time.Duration
		s string
	}{
		{0, "0:00:00"},
		{90 * time.Minute, "1:30:00"},
		{5250 * time.Millisecond, "0:00:05.25"},
		{59*time.Second + time.Nanosecond, "0:00:59.000000001"},
		{101*time.Hour + 2*time.Minute + 3*time.Second, "101:02:03"},
	} {
		if got := FormatPGNClock(tt.d); got != tt.s {
			t.Errorf("FormatPGNClock(%v) = %q, want %q", tt.d, got, tt.s)
		}
		if got, err := ParsePGNClock(tt.s); err != nil || got != tt.d {
			t.Errorf("ParsePGNClock(%q) = %v, %v", tt.s, got, err)
		}
	}
	for _, bad := range []string{"", "1:30", "1:60:00", "0:00:60", "0:0:05", "0:00:5", "a:00:00", "0:00:05.", "1:00:00:00"} {
		if _, err := ParsePGNClock(bad); err == nil {
			t.Errorf("ParsePGNClock(%q) accepted", bad)
		}
	}
	c, err := Fold(mustControl(t, "5400+30"), plies(0, 50*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Moves()[0].Comment(); got != "[%clk 1:29:40] [%emt 0:00:50]" {
		t.Errorf("Comment() = %q", got)
	}
}

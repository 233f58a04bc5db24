package trf

import "testing"

func TestParseDate(t *testing.T) {
	tests := []struct {
		in      string
		y, m, d int
		ok      bool
	}{
		{"2010/09/24", 2010, 9, 24, true},
		{"24/09/2010", 2010, 9, 24, true},
		{"25/01/02", 2025, 1, 2, true},
		{"2010-09-24", 2010, 9, 24, true},
		{"24.09.2010", 2010, 9, 24, true},
		{"1978", 1978, 0, 0, true},
		{" 1990/01/01 ", 1990, 1, 1, true},
		{"2010/13/01", 0, 0, 0, false},
		{"2010/09/xx", 0, 0, 0, false},
		{"09/2010", 0, 0, 0, false},
		{"", 0, 0, 0, false},
	}
	for _, tt := range tests {
		y, m, d, err := ParseDate(tt.in)
		if (err == nil) != tt.ok || y != tt.y || m != tt.m || d != tt.d {
			t.Errorf("ParseDate(%q) = %d %d %d %v", tt.in, y, m, d, err)
		}
	}
}

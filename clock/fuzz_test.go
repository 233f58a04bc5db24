package clock

import (
	"testing"
)

// FuzzParseTimeControl checks, for the PGN, TRF-26 and human notations, that
// parsing never panics and that whatever parses prints to text that parses
// back to the same control and prints the same again.
func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"40/5400+30:1800+30", "-", "?", "*180", "300+2", "40/6000+30:900+30", "W300-B240", "90+30", "G/60 d5", "40/90+30", "30 min", "40/120 + 20/60 + G/30", "sandglass 3", "0.5+0.25", "3600b5"} {
		f.Add(s)
	}
	type notation struct {
		name  string
		parse func(string) (TimeControl, error)
		print func(TimeControl) (string, error)
	}
	notations := []notation{
		{"PGN", ParsePGN, TimeControl.PGN},
		{"TRF", ParseTRF, TimeControl.TRF},
		{"human", ParseHuman, func(tc TimeControl) (string, error) { return tc.Human(), nil }},
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, n := range notations {
			tc, err := n.parse(s)
			if err != nil {
				continue
			}
			if err := tc.Validate(); err != nil {
				t.Fatalf("%s: %q parsed to an invalid control: %v", n.name, s, err)
			}
			out, err := n.print(tc)
			if err != nil {
				t.Fatalf("%s: %q parsed but does not print: %v", n.name, s, err)
			}
			back, err := n.parse(out)
			if err != nil {
				t.Fatalf("%s: %q printed as %q, which does not parse: %v", n.name, s, out, err)
			}
			if !back.Equal(tc) {
				t.Fatalf("%s: %q -> %+v -> %q -> %+v", n.name, s, tc, out, back)
			}
			if again, _ := n.print(back); again != out {
				t.Fatalf("%s: %q printed %q then %q", n.name, s, out, again)
			}
		}
	})
}

// FuzzParsePGNClock checks that %clk values round-trip.
func FuzzParsePGNClock(f *testing.F) {
	for _, s := range []string{"1:30:00", "0:00:05.25", "101:02:03"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParsePGNClock(s)
		if err != nil {
			return
		}
		out := FormatPGNClock(d)
		back, err := ParsePGNClock(out)
		if err != nil || back != d {
			t.Fatalf("%q -> %v -> %q -> %v, %v", s, d, out, back, err)
		}
	})
}

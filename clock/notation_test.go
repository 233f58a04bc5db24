package clock

import (
	"errors"
	"testing"
	"time"
)

const (
	sec = time.Second
	mn  = time.Minute
)

func TestParsePGN(t *testing.T) {
	tests := []struct {
		in   string
		want TimeControl
		pgn  string
		trf  string // "" when not expressible
	}{
		{"?", TimeControl{Kind: Unknown}, "?", ""},
		{"-", TimeControl{Kind: Untimed}, "-", ""},
		{"*180", TimeControl{Kind: Sandglass, Periods: []Period{{Base: 180 * sec}}}, "*180", ""},
		{"300", TimeControl{Periods: []Period{{Base: 300 * sec}}}, "300", "300"},
		{"300+2", TimeControl{Periods: []Period{{Base: 300 * sec, Increment: 2 * sec}}}, "300+2", "300+2"},
		{" 40/7200 : 3600 ", TimeControl{Periods: []Period{{Moves: 40, Base: 2 * time.Hour}, {Base: time.Hour}}}, "40/7200:3600", "40/7200:3600"},
		{"40/5400+30:1800+30", TimeControl{Periods: []Period{{Moves: 40, Base: 90 * mn, Increment: 30 * sec}, {Base: 30 * mn, Increment: 30 * sec}}}, "40/5400+30:1800+30", "40/5400+30:1800+30"},
		{"40/7200:20/3600:1800", TimeControl{Periods: []Period{{Moves: 40, Base: 2 * time.Hour}, {Moves: 20, Base: time.Hour}, {Base: 30 * mn}}}, "40/7200:20/3600:1800", "40/7200:20/3600:1800"},
		{"3600d5", TimeControl{Periods: []Period{{Base: time.Hour, Delay: 5 * sec, DelayMode: SimpleDelay}}}, "3600d5", ""},
		{"3600B5", TimeControl{Periods: []Period{{Base: time.Hour, Delay: 5 * sec, DelayMode: Bronstein}}}, "3600b5", ""},
		{"0.5+0.25", TimeControl{Periods: []Period{{Base: 500 * time.Millisecond, Increment: 250 * time.Millisecond}}}, "0.5+0.25", ""},
		{"W300-B240", TimeControl{Periods: []Period{{Base: 300 * sec}}, Black: []Period{{Base: 240 * sec}}}, "W300-B240", "W300-B240"},
	}
	for _, tt := range tests {
		got, err := ParsePGN(tt.in)
		if err != nil {
			t.Errorf("ParsePGN(%q): %v", tt.in, err)
			continue
		}
		if !got.Equal(tt.want) {
			t.Errorf("ParsePGN(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
		if s, err := got.PGN(); err != nil || s != tt.pgn {
			t.Errorf("PGN() of %q = %q, %v; want %q", tt.in, s, err, tt.pgn)
		}
		s, err := got.TRF()
		if tt.trf == "" {
			if !errors.Is(err, ErrNotExpressible) {
				t.Errorf("TRF() of %q = %q, %v; want ErrNotExpressible", tt.in, s, err)
			}
		} else if err != nil || s != tt.trf {
			t.Errorf("TRF() of %q = %q, %v; want %q", tt.in, s, err, tt.trf)
		}
	}
}

func TestParseTRF(t *testing.T) {
	got, err := ParseTRF("40/6000+30:900+30")
	if err != nil {
		t.Fatal(err)
	}
	want := TimeControl{Periods: []Period{{Moves: 40, Base: 100 * mn, Increment: 30 * sec}, {Base: 15 * mn, Increment: 30 * sec}}}
	if !got.Equal(want) {
		t.Fatalf("got %+v", got)
	}
	if h := got.Human(); h != "40/100+30, 15+30" {
		t.Errorf("Human() = %q", h)
	}
	for _, bad := range []string{"", "?", "-", "*180", "3600d5", "0.5", "40/", "/300", "300+", "300x", "0", "0/300", "W300", "300:40/300", "99999999999"} {
		if _, err := ParseTRF(bad); err == nil {
			t.Errorf("ParseTRF(%q) accepted", bad)
		} else {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Notation != "TRF-26" {
				t.Errorf("ParseTRF(%q): error %v is not a TRF-26 *ParseError", bad, err)
			}
		}
	}
}

func TestParsePGNErrors(t *testing.T) {
	for _, bad := range []string{"", "abc", "40/", "300:", ":300", "300+x", "300d", "1800:40/5400", "*", "*0", "0", "40/300+2d5", "300+2+3", "1.", "1.1234567890", "100000000000"} {
		_, err := ParsePGN(bad)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("ParsePGN(%q) = %v, want *ParseError", bad, err)
		}
	}
	_, err := ParsePGN("1800:40/5400")
	if !errors.Is(err, ErrInvalidControl) {
		t.Errorf("sudden death before a moves period: %v does not wrap ErrInvalidControl", err)
	}
}

func TestParseHuman(t *testing.T) {
	classical := TimeControl{Periods: []Period{{Moves: 40, Base: 90 * mn, Increment: 30 * sec}, {Base: 30 * mn, Increment: 30 * sec}}}
	threePeriods := TimeControl{Periods: []Period{{Moves: 40, Base: 120 * mn}, {Moves: 20, Base: 60 * mn}, {Base: 30 * mn}}}
	tests := []struct {
		in    string
		want  TimeControl
		human string
	}{
		{"90+30", TimeControl{Periods: []Period{{Base: 90 * mn, Increment: 30 * sec}}}, "90+30"},
		{"30 min", TimeControl{Periods: []Period{{Base: 30 * mn}}}, "G/30"},
		{"SD/30", TimeControl{Periods: []Period{{Base: 30 * mn}}}, "G/30"},
		{"G/60 d5", TimeControl{Periods: []Period{{Base: time.Hour, Delay: 5 * sec, DelayMode: SimpleDelay}}}, "G/60 d5"},
		{"G/60;d5", TimeControl{Periods: []Period{{Base: time.Hour, Delay: 5 * sec, DelayMode: SimpleDelay}}}, "G/60 d5"},
		{"g/60 bronstein 5", TimeControl{Periods: []Period{{Base: time.Hour, Delay: 5 * sec, DelayMode: Bronstein}}}, "G/60 b5"},
		{"40/90+30, 30+30", classical, "40/90+30, 30+30"},
		{"40/90+30 then 30 min+30s", classical, "40/90+30, 30+30"},
		{"40/90 then 30 min", TimeControl{Periods: []Period{{Moves: 40, Base: 90 * mn}, {Base: 30 * mn}}}, "40/90, G/30"},
		{"40/120 + 20/60 + G/30", threePeriods, "40/120, 20/60, G/30"},
		{"40/2h, 20/1h, 30'", threePeriods, "40/120, 20/60, G/30"},
		{"3+2", TimeControl{Periods: []Period{{Base: 3 * mn, Increment: 2 * sec}}}, "3+2"},
		{"sandglass 3", TimeControl{Kind: Sandglass, Periods: []Period{{Base: 3 * mn}}}, "sandglass 3"},
		{"W5-B4", TimeControl{Periods: []Period{{Base: 5 * mn}}, Black: []Period{{Base: 4 * mn}}}, "WG/5-BG/4"},
		{"90s+0.5", TimeControl{Periods: []Period{{Base: 90 * sec, Increment: 500 * time.Millisecond}}}, "90s+0.5"},
		{"unknown", TimeControl{Kind: Unknown}, "unknown"},
		{"-", TimeControl{Kind: Untimed}, "untimed"},
	}
	for _, tt := range tests {
		got, err := ParseHuman(tt.in)
		if err != nil {
			t.Errorf("ParseHuman(%q): %v", tt.in, err)
			continue
		}
		if !got.Equal(tt.want) {
			t.Errorf("ParseHuman(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
		if h := got.Human(); h != tt.human {
			t.Errorf("Human() of %q = %q, want %q", tt.in, h, tt.human)
		}
	}
	for _, bad := range []string{"", "fast", "90+", "40/", "g/", "90+30+5", "90 d5+3", "30 min, 40/90", "sandglass", "sandglass x", "90 furlongs", "0"} {
		_, err := ParseHuman(bad)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Notation != "human" {
			t.Errorf("ParseHuman(%q) = %v, want a human *ParseError", bad, err)
		}
	}
}

func TestString(t *testing.T) {
	tc, err := ParsePGN("40/5400+30:1800+30")
	if err != nil {
		t.Fatal(err)
	}
	want := "period 1: 40 moves in 1h30m0s, +30s per move; period 2: rest of the game in 30m0s, +30s per move"
	if got := tc.String(); got != want {
		t.Errorf("String() = %q\nwant %q", got, want)
	}
}

func TestTimeForMoves(t *testing.T) {
	for _, c := range []struct {
		control string
		want    time.Duration
	}{
		{"600", 10 * time.Minute}, {"600+5", 15 * time.Minute}, {"180+2", 5 * time.Minute},
		{"40/5400+30:1800+30", 90*time.Minute + 30*time.Minute + 60*30*time.Second},
		{"40/7200:3600", 3 * time.Hour}, {"-", 0},
	} {
		tc, err := ParsePGN(c.control)
		if err != nil {
			t.Fatal(err)
		}
		if got := tc.TimeForMoves(White, 60); got != c.want {
			t.Errorf("%s: %v, want %v", c.control, got, c.want)
		}
	}
}

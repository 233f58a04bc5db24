package bounds

import (
	"errors"
	"math"
	"strings"
	"testing"
)

type inner struct {
	Points float64 `json:"points" bounds:"min=0,max=1"`
}

type command struct {
	Key     string             `json:"idempotency_key" bounds:"len=128"`
	Name    string             `json:"name" bounds:"chars=100"`
	Free    string             `json:"free"`
	Delta   int64              `json:"delta_ms" bounds:"min=-86400000,max=86400000"`
	Rounds  int                `json:"rounds" bounds:"min=0,max=99"`
	Codes   []string           `json:"tiebreaks" bounds:"len=2,item=4"`
	Points  map[string]float64 `json:"point_system" bounds:"len=2,item=4,min=-10,max=10"`
	Nested  inner              `json:"nested"`
	Untyped int                `json:"untagged"`
}

func TestCheck(t *testing.T) {
	ok := command{Key: strings.Repeat("k", 128), Name: "Ünal Çetin", Delta: -86400000, Rounds: 99,
		Codes: []string{"BH", "SB"}, Points: map[string]float64{"win": 1}, Nested: inner{Points: 1}}
	if err := Check(&ok); err != nil {
		t.Fatalf("within limits: %v", err)
	}
	for _, name := range []string{"\u200fشیرین\u200c زاده", "मन\u200dजीत"} { // a right-to-left mark, Persian's and Devanagari's joiners
		fine := ok
		fine.Name = name
		if err := Check(&fine); err != nil {
			t.Errorf("the name %q: %v", name, err)
		}
	}
	turkish := ok
	turkish.Name = strings.Repeat("ş", 100) // 200 bytes, 100 characters
	if err := Check(&turkish); err != nil {
		t.Fatalf("a name of 100 Turkish letters: %v", err)
	}
	for _, tc := range []struct {
		name  string
		edit  func(*command)
		field string
	}{
		{"long key", func(c *command) { c.Key = strings.Repeat("k", 129) }, "idempotency_key"},
		{"long key in bytes", func(c *command) { c.Key = strings.Repeat("ş", 65) }, "idempotency_key"},
		{"101 characters of a name", func(c *command) { c.Name = strings.Repeat("ş", 101) }, "name"},
		{"101 ASCII letters of a name", func(c *command) { c.Name = strings.Repeat("a", 101) }, "name"},
		{"newline in a name", func(c *command) { c.Name = "Ana\nBel" }, "name"},
		{"tab in a name", func(c *command) { c.Name = "Ana\tBel" }, "name"},
		{"NUL", func(c *command) { c.Name = "A\x00" }, "name"},
		{"DEL", func(c *command) { c.Name = "A\x7f" }, "name"},
		{"C1 control", func(c *command) { c.Name = "A\u0085" }, "name"},
		{"line separator", func(c *command) { c.Name = "A\u2028" }, "name"},
		{"invalid UTF-8", func(c *command) { c.Name = "A\xff" }, "name"},
		{"the decoder's replacement of bytes not UTF-8", func(c *command) { c.Name = "A\ufffd" }, "name"},
		{"right-to-left override", func(c *command) { c.Name = "Ana\u202eleB" }, "name"},
		{"left-to-right isolate", func(c *command) { c.Name = "\u2066Ana" }, "name"},
		{"untagged text over Text", func(c *command) { c.Free = strings.Repeat("x", Text+1) }, "free"},
		{"MaxInt64 delta", func(c *command) { c.Delta = math.MaxInt64 }, "delta_ms"},
		{"MinInt64 delta", func(c *command) { c.Delta = math.MinInt64 }, "delta_ms"},
		{"a day and a millisecond", func(c *command) { c.Delta = 86400001 }, "delta_ms"},
		{"100 rounds", func(c *command) { c.Rounds = 100 }, "rounds"},
		{"negative rounds", func(c *command) { c.Rounds = -1 }, "rounds"},
		{"too many codes", func(c *command) { c.Codes = []string{"a", "b", "c"} }, "tiebreaks"},
		{"long code", func(c *command) { c.Codes = []string{"ABCDE"} }, "tiebreaks[0]"},
		{"control in a code", func(c *command) { c.Codes = []string{"B\nH"} }, "tiebreaks[0]"},
		{"too many points", func(c *command) { c.Points = map[string]float64{"a": 1, "b": 1, "c": 1} }, "point_system"},
		{"long point key", func(c *command) { c.Points = map[string]float64{"victory": 1} }, "point_system key"},
		{"point out of range", func(c *command) { c.Points = map[string]float64{"win": 11} }, "point_system.win"},
		{"NaN", func(c *command) { c.Nested.Points = math.NaN() }, "nested.points"},
		{"nested out of range", func(c *command) { c.Nested.Points = 2 }, "nested.points"},
		{"untagged number over Number", func(c *command) { c.Untyped = Number + 1 }, "untagged"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := ok
			c.Codes = append([]string(nil), ok.Codes...)
			c.Points = map[string]float64{"win": 1}
			tc.edit(&c)
			err := Check(&c)
			e, isErr := err.(*Error)
			if !isErr {
				t.Fatalf("Check = %v, want a *bounds.Error on %s", err, tc.field)
			}
			if e.Field != tc.field {
				t.Fatalf("field %q (%v), want %q", e.Field, err, tc.field)
			}
			if !strings.HasPrefix(err.Error(), "field "+tc.field+": ") {
				t.Fatalf("message %q does not start with the field", err)
			}
		})
	}
}

func TestUntagged(t *testing.T) {
	got := Untagged(command{})
	if len(got) != 1 || got[0] != "untagged" {
		t.Fatalf("Untagged = %v, want [untagged]", got)
	}
}

// TestCheckFieldKinds: an embedded struct's fields are checked under the
// outer prefix, a field skipped by json:"-" or unexported is not checked,
// a bad tag is reported on its field, each the same on every call (the
// fields are read from the type once).
func TestCheckFieldKinds(t *testing.T) {
	type Embedded struct {
		Ply int `json:"ply" bounds:"min=1,max=9"`
	}
	type outer struct {
		Embedded
		Skipped string `json:"-"`
		hidden  string
		Nested  inner `json:"nested"`
	}
	type badTag struct {
		Fine string `json:"fine" bounds:"len=4"`
		Bad  int    `json:"bad" bounds:"max"`
	}
	for _, tc := range []struct {
		name  string
		v     any
		field string // "" when within limits
	}{
		{"within", &outer{Embedded: Embedded{Ply: 9}, Skipped: "\n", hidden: "\n", Nested: inner{Points: 1}}, ""},
		{"embedded out of range", &outer{Embedded: Embedded{Ply: 10}}, "ply"},
		{"nested out of range", &outer{Embedded: Embedded{Ply: 1}, Nested: inner{Points: 2}}, "nested.points"},
		{"a field before a bad tag", &badTag{Fine: "12345"}, "fine"},
		{"a bad tag", &badTag{Fine: "1234"}, "bad"},
	} {
		for range 2 {
			err := Check(tc.v)
			var be *Error
			switch {
			case tc.field == "" && err != nil:
				t.Errorf("%s: %v", tc.name, err)
			case tc.field != "" && (!errors.As(err, &be) || be.Field != tc.field):
				t.Errorf("%s: %v, want an error on %s", tc.name, err, tc.field)
			}
		}
	}
	if err := Check(&badTag{Fine: "1234"}); err == nil || !strings.Contains(err.Error(), "bad limits") {
		t.Errorf("a bad tag: %v", err)
	}
}

// BenchmarkCheck: a player's command, as every move's request is checked.
func BenchmarkCheck(b *testing.B) {
	type playerRequest struct {
		Player         string `json:"player" bounds:"len=64"`
		Move           string `json:"move,omitempty" bounds:"len=16"`
		Action         string `json:"action,omitempty" bounds:"len=16"`
		Reason         string `json:"reason,omitempty" bounds:"len=32"`
		IntendedMove   string `json:"intended_move,omitempty" bounds:"len=16"`
		IdempotencyKey string `json:"idempotency_key" bounds:"len=128"`
	}
	req := playerRequest{Player: "wload-17", Move: "e2e4", IdempotencyKey: "17"}
	b.ReportAllocs()
	for b.Loop() {
		if err := Check(&req); err != nil {
			b.Fatal(err)
		}
	}
}

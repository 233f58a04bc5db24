package generator

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	accepted := []struct {
		args   string
		g      Flags
		seeded bool
		rest   []string
	}{
		{"pair --dutch -g c.cfg -o out.trf -s 7", Flags{On: true, Out: "out.trf", Seed: 7}, true, []string{"c.cfg"}},
		{"pair -g -o out.trf", Flags{On: true, Out: "out.trf"}, false, nil},
		{"pair -o out.trf --seed 0x10 --generate", Flags{On: true, Out: "out.trf", Seed: 16}, true, nil},
		{"pair --dutch c.cfg -g --output o --tb BH,SB --trf26", Flags{On: true, Out: "o", TB: "BH,SB", TRF26: true}, false, []string{"c.cfg"}},
	}
	for _, c := range accepted {
		g, seeded, rest, ok := Parse(strings.Fields(c.args))
		if !ok || g != c.g || seeded != c.seeded || !reflect.DeepEqual(rest, c.rest) {
			t.Errorf("Parse(%q) = %+v, %v, %q, %v; want %+v, %v, %q, true", c.args, g, seeded, rest, ok, c.g, c.seeded, c.rest)
		}
	}
	refused := []string{
		"",
		"standings -g -o o",
		"pair --dutch c.cfg -o o",                  // no -g
		"pair -g -o=o",                             // a value after "="
		"pair -gs 5 -o o",                          // flags run together
		"pair --dutch=in.trf -g -o o",              // a tournament file
		"pair --dutch in.trf -p",                   // pairing a file
		"pair --dutch in.trf -c",                   // checking a file
		"pair -g -o o --explain",                   // a flag of pairing
		"pair -g -o o -h",                          // help
		"pair -g -o o --help",                      // help
		"pair -g -o o -s",                          // a value missing
		"pair -g -o -s 5",                          // a value starting with "-"
		"pair -g -o o -s five",                     // not a seed
		"pair -g -o o -o p",                        // a flag twice
		"pair -g a.cfg b.cfg -o o",                 // two configurations
		"pair -g -o o -- c.cfg",                    // the end of the flags
		"pair -g -o o -",                           // standard input
		"pair -g -o o --trf26 --trf26",             // a flag twice
		"pair -g -o o --tb BH --tb=SB",             // a value after "="
		"pair -g -o o --unknown",                   // not a flag of pair
		"pair -g -o o --seed 18446744073709551616", // out of range
	}
	for _, args := range refused {
		if _, _, _, ok := Parse(strings.Fields(args)); ok {
			t.Errorf("Parse(%q) read it; want it left to main", args)
		}
	}
}

// TestRunErrors checks the exit statuses of the generator's failures.
func TestRunErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.cfg")
	if err := os.WriteFile(bad, []byte("PlayersNumber=1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		g    Flags
		args []string
		code int
	}{
		{Flags{On: true}, nil, ExitInvalid}, // no -o
		{Flags{On: true, Out: filepath.Join(dir, "o.trf")}, []string{filepath.Join(dir, "none.cfg")}, ExitFile},
		{Flags{On: true, Out: filepath.Join(dir, "o.trf")}, []string{bad}, ExitInvalid},
		{Flags{On: true, Out: filepath.Join(dir, "no", "o.trf")}, nil, ExitFile},
		{Flags{On: true, Out: filepath.Join(dir, "o.trf"), TB: "BH"}, nil, ExitUnexpected}, // --tb with no Ranker
	}
	for _, c := range cases {
		err := Run(c.g, true, c.args, nil)
		e, ok := err.(*Error)
		if !ok || e.Code != c.code {
			t.Errorf("Run(%+v, %q) = %v; want exit status %d", c.g, c.args, err, c.code)
		}
	}
}

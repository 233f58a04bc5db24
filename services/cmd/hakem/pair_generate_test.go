package main

import (
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/hakem-chess/hakem/services/cmd/hakem/internal/generator"
)

// TestGeneratorParseAgrees checks that on the command lines the start-up
// path reads (generator.Parse), the pair command's own flags read the
// same flags, seed and configuration file.
func TestGeneratorParseAgrees(t *testing.T) {
	lines := []string{
		"pair --dutch -g c.cfg -o out.trf -s 7",
		"pair -g -o out.trf",
		"pair -o out.trf --seed 0x10 --generate",
		"pair --dutch c.cfg -g --output o --tb BH,SB --trf26",
		"pair -s 0 --trf26 -g -o o c.cfg",
		"pair -g --tb BH/C1,BH,SB,WIN -o o --dutch",
	}
	for _, line := range lines {
		args := strings.Fields(line)
		g, seeded, rest, ok := generator.Parse(args)
		if !ok {
			t.Errorf("generator.Parse(%q) did not read it", line)
			continue
		}
		var p pairFlags
		cmd := &cobra.Command{Use: "pair"}
		p.register(cmd)
		if err := cmd.ParseFlags(args[1:]); err != nil {
			t.Errorf("%q: the pair command refuses it: %v", line, err)
			continue
		}
		cargs := cmd.Flags().Args()
		if len(cargs) == 0 {
			cargs = nil
		}
		if p.input != "" && p.input != dutchInArgs {
			t.Errorf("%q: the pair command reads a tournament file %q", line, p.input)
		}
		if p.gen != g || cmd.Flags().Changed("seed") != seeded || !reflect.DeepEqual(cargs, rest) || p.pairMode || p.checkMode {
			t.Errorf("%q: the pair command reads %+v, seed given %v, arguments %q; generator.Parse %+v, %v, %q",
				line, p.gen, cmd.Flags().Changed("seed"), cargs, g, seeded, rest)
		}
	}
}

// TestGenerateTieBreakCodes checks that the generator's --tb goes through
// package main's ranking: unknown codes are refused as invalid input, known
// ones declared in record 202.
func TestGenerateTieBreakCodes(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "o.trf")
	err := generator.Run(generator.Flags{On: true, Out: out, TB: "NOPE"}, true, nil, rankByTieBreaks)
	var ge *generator.Error
	if !errors.As(err, &ge) || ge.Code != generator.ExitInvalid {
		t.Errorf("--tb NOPE: %v; want exit status %d", err, generator.ExitInvalid)
	}
	if err := generator.Run(generator.Flags{On: true, Out: out, TB: "BH,SB"}, true, nil, rankByTieBreaks); err != nil {
		t.Fatal(err)
	}
	f, err := readTRFFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(f.TieBreaks, []string{"BH", "SB"}) {
		t.Errorf("record 202 declares %q; want BH, SB", f.TieBreaks)
	}
}

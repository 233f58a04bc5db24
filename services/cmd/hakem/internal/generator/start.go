package generator

import (
	"os"
	"strconv"
	"strings"
)

// The start-up path. Go initialises a program's packages one at a time:
// at each step the first package, in the order of import paths, whose
// imports are all initialised (the Go specification, "Package
// initialization"). This package's init therefore runs only once every
// package that sorts before one of its imports, and is ready, has run: a
// single import of a late-sorting standard package used by nothing else
// early (math/big, regexp, runtime/debug) puts it after NATS, the
// metrics, configuration and logging libraries and the services'
// packages, whose initialisation is most of the CPU a hakem process
// spends before main (FIDE's tester starts one process per tournament).
// So this package imports the standard library's common packages and the
// pairing engine only: not the flag parser (which links the network
// packages), not the tie-breaks (ratings, trfreport: math/big, regexp),
// not runtime/debug (and so leaves the collector at its default). When
// the command line is a generator's in the plain form Parse reads,
// without --tb, init runs it and ends the process; any other command
// line, and one that fails, is left to main, which runs it, or says what
// is wrong with it, as it always has.
func init() {
	if g, seeded, args, ok := Parse(os.Args[1:]); ok && g.TB == "" && Run(g, seeded, args, nil) == nil {
		os.Exit(0)
	}
}

// Parse reads hakem's arguments as a generator command line of the plain
// form "pair [--dutch] -g [CONFIG] -o OUT [-s SEED] [--tb CODES]
// [--trf26]", its flags in any order, each at most once, long or short,
// each value a separate argument not starting with "-"; it reports
// whether args are of that form, on which the pair command's flags read
// the same. Any other form (a value after "=", flags run together, a
// flag of pairing or checking a file, help) is not read.
func Parse(args []string) (g Flags, seeded bool, rest []string, ok bool) {
	if len(args) == 0 || args[0] != "pair" {
		return g, false, nil, false
	}
	seen := map[string]bool{}
	for i := 1; i < len(args); i++ {
		a := args[i]
		name, takes := plainFlag(a)
		if !strings.HasPrefix(a, "-") {
			rest = append(rest, a)
			continue
		}
		if name == "" || seen[name] {
			return g, false, nil, false
		}
		seen[name] = true
		v := ""
		if takes {
			if i+1 == len(args) || strings.HasPrefix(args[i+1], "-") {
				return g, false, nil, false
			}
			i++
			v = args[i]
		}
		switch name {
		case "generate":
			g.On = true
		case "output":
			g.Out = v
		case "seed":
			s, err := strconv.ParseUint(v, 0, 64)
			if err != nil {
				return g, false, nil, false
			}
			g.Seed, seeded = s, true
		case "tb":
			g.TB = v
		case "trf26":
			g.TRF26 = true
		}
	}
	if !g.On || len(rest) > 1 {
		return g, false, nil, false
	}
	return g, seeded, rest, true
}

// plainFlag names the flag Parse reads spelt a, and says whether it takes
// a value; it returns "" for any other argument. --dutch, given without a
// file, takes none.
func plainFlag(a string) (name string, takes bool) {
	switch a {
	case "--dutch":
		return "dutch", false
	case "-g", "--generate":
		return "generate", false
	case "-o", "--output":
		return "output", true
	case "-s", "--seed":
		return "seed", true
	case "--tb":
		return "tb", true
	case "--trf26":
		return "trf26", false
	}
	return "", false
}

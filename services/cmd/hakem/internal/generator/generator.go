// Package generator is hakem's random tournament generator command,
// `hakem pair --dutch -g [CONFIG] -o OUT.trf [-s SEED]` (the endorsed
// engine's command line and configuration file): its flags, its run and
// its exit statuses. The pair command of package main runs it, and so does
// this package's start-up path (start.go), which runs it before the
// packages of the services linked into hakem are initialised.
package generator

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/pairing/dutch"
	"github.com/hakem-chess/hakem/pairing/rtg"
	"github.com/hakem-chess/hakem/pairing/trf"
)

// Exit statuses of the generator, as bbpPairings defines them for its
// pair command.
const (
	ExitNoPairing  = 1 // no valid pairing exists
	ExitUnexpected = 2 // unexpected error
	ExitInvalid    = 3 // invalid input (file format, inconsistent data)
	ExitFile       = 5 // the file could not be read or written
)

// Error is a failure of the generator and the exit status it ends with.
type Error struct {
	Code int
	Err  error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

func fail(code int, err error) error { return &Error{Code: code, Err: err} }

// DutchInArgs is the value --dutch takes when it is given without "=":
// the tournament file is then the first argument, as in bbpPairings'
// "--dutch IN.trf", and -g may follow --dutch directly.
const DutchInArgs = " "

// Flags are the flags of the random tournament generator (declared on
// the pair command by package main).
type Flags struct {
	On    bool   // -g
	Out   string // -o
	Seed  uint64 // -s
	TB    string // --tb
	TRF26 bool   // --trf26
}

// Ranker declares the tie-breaks codes (--tb) in f (record 202) and gives
// each player the rank they make. Package main gives Run one; the
// start-up path, which runs before the tie-breaks' packages (ratings,
// trfreport) are initialised, leaves command lines with --tb to main.
type Ranker func(f *trf.File, codes string) error

// Run plays and writes the random tournament of g: args holds the
// configuration file, if any, and seeded says whether -s was given (if
// not, a seed is drawn and written in a ### line); rank ranks the players
// by the tie-breaks of --tb. A failure is an *Error.
func Run(g Flags, seeded bool, args []string, rank Ranker) error {
	if g.Out == "" {
		return fail(ExitInvalid, errors.New("pair: -g needs -o OUT.trf, the file to write"))
	}
	if g.TB != "" && rank == nil {
		return fail(ExitUnexpected, errors.New("pair: --tb: no tie-breaks to rank by on this path"))
	}
	if !seeded {
		g.Seed = uint64(time.Now().UnixNano())
	}
	rng := rand.New(rand.NewPCG(g.Seed, 0x6861_6b65_6d00_0000))
	config := ""
	if len(args) == 1 {
		data, err := os.ReadFile(args[0])
		if err != nil {
			return fail(ExitFile, fmt.Errorf("pair: %w", err))
		}
		config = string(data)
	}
	c, err := rtg.Parse(strings.NewReader(config), rng)
	if err != nil {
		return fail(ExitInvalid, fmt.Errorf("pair: %s: %w", configName(args), err))
	}
	if g.TRF26 || g.TB != "" {
		c.Version = 26
	}
	f, text, err := rtg.GenerateText(c, rng)
	if err != nil {
		if errors.Is(err, dutch.ErrNoPairing) {
			return fail(ExitNoPairing, fmt.Errorf("pair: %w", err))
		}
		return fail(ExitUnexpected, fmt.Errorf("pair: %w", err))
	}
	if g.TB != "" {
		if err := rank(f, g.TB); err != nil {
			return fail(ExitInvalid, fmt.Errorf("pair: --tb: %w", err))
		}
	}
	if !seeded {
		// The seed drawn, so that the file can be made again.
		f.Unknown = append(f.Unknown, fmt.Sprintf("### hakem pair --dutch -g, seed %d", g.Seed))
	}
	if g.TB != "" || !seeded {
		// f has changed since the generator wrote it (and read it back)
		var buf bytes.Buffer
		buf.Grow(trf.SizeHint(f))
		if err := f.Write(&buf); err != nil {
			return fail(ExitUnexpected, fmt.Errorf("pair: %w", err))
		}
		text = buf.Bytes()
	}
	if err := os.WriteFile(g.Out, text, 0o644); err != nil {
		return fail(ExitFile, fmt.Errorf("pair: %w", err))
	}
	return nil
}

func configName(args []string) string {
	if len(args) == 1 {
		return args[0]
	}
	return "configuration"
}

package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/dutch"
	"github.com/hakem-chess/hakem/pairing/endorse"
	"github.com/hakem-chess/hakem/pairing/trf"
	"github.com/hakem-chess/hakem/services/cmd/hakem/internal/generator"
)

// Exit statuses of hakem pair, as bbpPairings defines them.
const (
	pairExitNoPairing  = generator.ExitNoPairing  // no valid pairing exists
	pairExitUnexpected = generator.ExitUnexpected // unexpected error
	pairExitInvalid    = generator.ExitInvalid    // invalid input (file format, inconsistent data)
	pairExitSize       = 4                        // size limits
	pairExitFile       = generator.ExitFile       // the file could not be read or written
)

// pairMaxPlayers is the size limit. Past 9,999 players a TRF carries XXW,
// the extension of bbpPairings' fork (its own Dutch engine does not pair
// such fields; the fork pairs them with a system of its own). Hakem's
// Dutch engine pairs them, within memory: it keeps a weight for every
// pair of players (pairing/matching.Graph), 12 bytes a pair and direction
// up to 10,000 players (1.2 GB), 12 bytes a pair beyond (an 8-byte lowest
// word and a 4-byte index of the upper words; half the memory, the solver
// slower), 4 bytes a pair of the bracket being paired, and 1 bit a pair
// and direction for the edges: pairWeightBytes, 1.59 GB at 14,000 players
// when the bracket is the whole field. With the solver's own arrays and
// the garbage the matchings leave (pairMemoryLimit) that is as far as the
// process stays under 2 GB, the bound of issue 20; 15,000 players would
// take 1.83 GB before the solver. Its time grows as the cube of the
// field: a round without history (round 1) is paired at once; round 2
// of 10,500 players peaked at 0.94 GB resident (e2e TestPairWideRecords
// -long), 1.67 GB at 14,000 by the square of the field; round 2 of
// 14,000 did not finish in 300 s here (1.39 GB resident after 107 s of
// CPU, under load).
const pairMaxPlayers = 14000

// pairMemoryLimit is the Go runtime's soft memory limit while a round is
// paired (unless GOMEMLIMIT says otherwise). The engine's live memory is
// its weights (above); the matchings leave garbage behind them (each
// re-optimisation's mates), which the collector, by default, lets grow to
// the live size before collecting: at 9,999 players a round's live 1.4 GB
// peaked at 1.7 GB. With the limit the collector runs sooner as the limit
// nears, and the process stays under 2 GB.
const pairMemoryLimit = 1750 << 20

// pairLong is hakem pair's help text.
const pairLong = `hakem pair reads a tournament report file (TRF-16 or TRF-26 with XXR, XXC,
XXA, XXP, XXS) and pairs its next round by the FIDE Dutch system (C.04.3 as
revised in 2025), as bbpPairings 6 does.

  hakem pair --dutch IN.trf -p [OUT]   the number of pairs, then "white black"
                                       per board in board order, a bye as "N 0"
                                       (to standard output when OUT is omitted)
  hakem pair --dutch IN.trf -p OUT --explain
                                       also explains the pairing: brackets,
                                       floaters, the criterion (C1-C21) that
                                       decided each choice, the colour rule
                                       (E.1-E.5) applied (to standard output;
                                       to standard error when OUT is omitted)
  hakem pair --dutch IN.trf -c         re-pairs every round of the file and
                                       lists the rounds whose pairing differs
  hakem pair --dutch -g [CONFIG] -o OUT.trf [-s SEED] [--tb CODES] [--trf26]
                                       the random tournament generator: plays
                                       a whole tournament paired by the Dutch
                                       engine with results drawn from the
                                       ratings and writes its TRF. CONFIG is
                                       the endorsed engine's generator file
                                       (Key=Value lines: PlayersNumber,
                                       RoundsNumber, DrawPercentage,
                                       ForfeitRate, RetiredRate,
                                       HalfPointByeRate, HighestRating,
                                       LowestRating, PointsForWin,
                                       PointsForDraw, PointsForLoss,
                                       PointsForZPB, PointsForForfeitLoss,
                                       PointsForPAB; keys left out drawn at
                                       random). The same SEED gives the same
                                       file; without -s a seed is drawn and
                                       written in a ### line. --tb declares
                                       tie-breaks (record 202, TRF-26) and
                                       ranks the players by them.

Past 9,999 players the file carries XXW (the start numbers' width, as
bbpPairings' fork writes it in the 001 lines; the 240, 250, 260, 299 and XXA
records are widened the same way). At most 14,000 players are paired: the
engine keeps a weight for every pair of players, 16 bytes a pair at most,
1.59 GB at 14,000, and hakem pair stays within 2 GB.

Exit status: 0 ok, 1 no valid pairing exists, 2 unexpected error, 3 invalid
input, 4 size limit (more than 14,000 players: the weights of every pair of
players would not fit in 2 GB), 5 file access.`

// pairFlags are hakem pair's flags.
type pairFlags struct {
	input          string // --dutch, dutchInArgs when the file is the first argument
	pairMode       bool   // -p
	checkMode      bool   // -c
	explain        bool   // --explain
	showVersionTag bool   // -r
	gen            generator.Flags
}

func init() {
	var p pairFlags
	cmd := &cobra.Command{
		Use:   "pair --dutch IN.trf (-p [OUT] [--explain] | -c) | pair --dutch -g [CONFIG] -o OUT.trf [-s SEED]",
		Short: "Pair the next round of a Swiss tournament by the FIDE Dutch system (a drop-in for bbpPairings)",
		Long:  pairLong,
		Args:  cobra.MaximumNArgs(2),
		RunE:  p.run,
	}
	p.register(cmd)
	rootCmd.AddCommand(cmd)
}

// register declares the flags on cmd.
func (p *pairFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&p.input, "dutch", "", "the tournament file (TRF) to pair by the FIDE Dutch system")
	cmd.Flags().BoolVarP(&p.pairMode, "pair", "p", false, "pair the next round, writing to OUT or standard output")
	cmd.Flags().BoolVarP(&p.checkMode, "check", "c", false, "re-pair every round of the file and list the rounds that differ")
	cmd.Flags().BoolVar(&p.explain, "explain", false, "with -p, explain the pairing")
	cmd.Flags().BoolVarP(&p.showVersionTag, "release", "r", false, "print the version")
	cmd.Flags().Lookup("dutch").NoOptDefVal = dutchInArgs
	registerGenerator(cmd, &p.gen)
}

// run is hakem pair: it generates a tournament (-g), checks the rounds
// played (-c) or pairs the next round (-p).
func (p *pairFlags) run(cmd *cobra.Command, args []string) error {
	if p.input == dutchInArgs {
		// --dutch given without "=": the file is the first argument
		// (as bbpPairings reads "--dutch IN.trf"), or none with -g.
		p.input = ""
		if !p.gen.On && len(args) > 0 {
			p.input, args = args[0], args[1:]
		}
	}
	if len(args) > 1 {
		return exitWith(pairExitInvalid, fmt.Errorf("pair: unexpected arguments %q", args[1:]))
	}
	if p.gen.On {
		if p.input != "" || p.pairMode || p.checkMode {
			return exitWith(pairExitInvalid, errors.New("pair: -g generates a tournament: give no input file, -p or -c"))
		}
		return generate(cmd, p.gen, args)
	}
	if p.showVersionTag {
		fmt.Fprintf(cmd.OutOrStdout(), "hakem %s (FIDE Dutch 2025, bbpPairings 6 compatible)\n", version)
		if p.input == "" {
			return nil
		}
	}
	if p.input == "" {
		return exitWith(pairExitInvalid, errors.New("pair: --dutch IN.trf is required (the Dutch system is the only one)"))
	}
	if p.pairMode == p.checkMode {
		return exitWith(pairExitInvalid, errors.New("pair: give exactly one of -p (pair the next round) and -c (check the rounds played)"))
	}
	if p.checkMode && len(args) > 0 {
		return exitWith(pairExitInvalid, fmt.Errorf("pair: -c takes no output file (got %q)", args[0]))
	}
	f, err := readPairingFile(p.input)
	if err != nil {
		return err
	}
	if err := pairSize(len(f.Players)); err != nil {
		return exitWith(pairExitSize, fmt.Errorf("pair: %w", err))
	}
	if p.checkMode {
		return checkRounds(cmd.OutOrStdout(), f)
	}
	return p.pairNext(cmd, f, args)
}

// pairNext pairs f's next round and writes it to the file args names, or
// to standard output, with the explanation after it under --explain.
func (p *pairFlags) pairNext(cmd *cobra.Command, f *trf.File, args []string) error {
	t, err := pairing.FromTRF(f)
	if err != nil {
		return exitWith(pairExitInvalid, fmt.Errorf("pair: %s: %w", p.input, err))
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(pairMemoryLimit)
	}
	res, err := dutch.Pair(t, dutch.Options{Explain: p.explain})
	if err != nil {
		return pairError(err)
	}
	var out bytes.Buffer
	writePairing(&out, res)
	notes := cmd.ErrOrStderr()
	if len(args) == 1 {
		if err := os.WriteFile(args[0], out.Bytes(), 0o644); err != nil {
			return exitWith(pairExitFile, fmt.Errorf("pair: %w", err))
		}
		notes = cmd.OutOrStdout()
	} else if _, err := cmd.OutOrStdout().Write(out.Bytes()); err != nil {
		return exitWith(pairExitFile, fmt.Errorf("pair: %w", err))
	}
	if !p.explain {
		return nil
	}
	w := bufio.NewWriter(notes)
	for _, n := range res.Notes {
		fmt.Fprintln(w, n)
	}
	if err := w.Flush(); err != nil {
		return exitWith(pairExitFile, fmt.Errorf("pair: %w", err))
	}
	return nil
}

// pairWeightBytes is the memory of the Dutch engine's weights for a
// field of n players past 10,000 (pairMaxPlayers): 12 bytes a pair of
// players, 4 bytes a pair of the bracket being paired (at most the whole
// field) and the edges' bits, n rows of ⌈n/64⌉ 64-bit words.
func pairWeightBytes(n int) int64 {
	pairs := int64(n) * int64(n-1) / 2
	return 16*pairs + int64(n)*int64((n+63)/64)*8
}

// pairSize refuses a field of more than pairMaxPlayers players, saying why.
func pairSize(n int) error {
	if n <= pairMaxPlayers {
		return nil
	}
	return fmt.Errorf("%d players: at most %d are paired within 2 GB of memory: the Dutch engine keeps a weight for every pair of players "+
		"(12 bytes a pair, 4 more a pair of the bracket being paired, 1 bit a pair and direction for the edges): %d players' %d pairs take %.2f GB "+
		"before the solver's own memory, %d players' %.2f GB",
		n, pairMaxPlayers, n, int64(n)*int64(n-1)/2, float64(pairWeightBytes(n))/1e9, pairMaxPlayers, float64(pairWeightBytes(pairMaxPlayers))/1e9)
}

func readPairingFile(path string) (*trf.File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, exitWith(pairExitFile, fmt.Errorf("pair: %w", err))
	}
	f, err := trf.Read(bytes.NewReader(data))
	if err != nil {
		return nil, exitWith(pairExitInvalid, fmt.Errorf("pair: %s: %w", path, err))
	}
	return f, nil
}

func pairError(err error) error {
	var ie *pairing.InputError
	switch {
	case errors.Is(err, dutch.ErrNoPairing):
		return exitWith(pairExitNoPairing, fmt.Errorf("pair: %w", err))
	case errors.As(err, &ie):
		return exitWith(pairExitInvalid, fmt.Errorf("pair: %w", err))
	}
	return exitWith(pairExitUnexpected, fmt.Errorf("pair: %w", err))
}

// writePairing writes a round in bbpPairings' output format.
func writePairing(w io.Writer, r *dutch.Result) {
	fmt.Fprintf(w, "%d\n", len(r.Boards))
	for _, b := range r.Boards {
		fmt.Fprintf(w, "%d %d\n", b.White, b.Black)
	}
}

// checkRounds re-pairs every round of f (pairing/endorse: each round with
// the forbidden pairs in force in it) and lists the rounds whose pairing
// (pairs, colours, bye) differs from the file's.
func checkRounds(w io.Writer, f *trf.File) error {
	played, diffs, err := endorse.Pairings(f)
	if err != nil {
		return exitWith(pairExitInvalid, fmt.Errorf("pair: %w", err))
	}
	for _, d := range diffs {
		if d.Err != nil {
			fmt.Fprintf(w, "round %d: %v\n", d.Round, d.Err)
			continue
		}
		fmt.Fprintf(w, "round %d: the file has %v, hakem pairs %v\n", d.Round, pairTexts(d.FileOnly), pairTexts(d.EngineOnly))
	}
	fmt.Fprintf(w, "%d of %d rounds differ\n", len(diffs), played)
	return nil
}

func pairTexts(ps [][2]int) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = fmt.Sprintf("%d-%d", p[0], p[1])
	}
	return out
}

package main

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/hakem-chess/hakem/pairing/dutch"
	"github.com/hakem-chess/hakem/pairing/rtg"
	"github.com/hakem-chess/hakem/pairing/trf"
	"github.com/hakem-chess/hakem/ratings"
	"github.com/hakem-chess/hakem/services/trfreport"
)

// dutchInArgs is the value --dutch takes when it is given without "=":
// the tournament file is then the first argument, as in bbpPairings'
// "--dutch IN.trf", and -g may follow --dutch directly.
const dutchInArgs = " "

// generateFlags are the flags of the random tournament generator.
type generateFlags struct {
	on     bool
	out    string
	seed   uint64
	tb     string
	trf26  bool
	seeded bool // -s was given
}

func (g *generateFlags) register(cmd *cobra.Command) {
	cmd.Flags().BoolVarP(&g.on, "generate", "g", false, "generate a random tournament (optional argument: the generator's configuration file)")
	cmd.Flags().StringVarP(&g.out, "output", "o", "", "with -g, the TRF file to write")
	cmd.Flags().Uint64VarP(&g.seed, "seed", "s", 0, "with -g, the random seed (the same seed gives the same tournament)")
	cmd.Flags().StringVar(&g.tb, "tb", "", "with -g, declare these tie-breaks (record 202) and rank the players by them")
	cmd.Flags().BoolVar(&g.trf26, "trf26", false, "with -g, write TRF-26 records (142, 152, 162) instead of TRF-16 with XXR, XXC, XXS")
}

// generate runs hakem pair --dutch -g [CONFIG] -o OUT.trf [-s SEED].
func generate(cmd *cobra.Command, g generateFlags, args []string) error {
	if g.out == "" {
		return exitWith(pairExitInvalid, errors.New("pair: -g needs -o OUT.trf, the file to write"))
	}
	// The generator allocates many small, short-lived graphs and files; a
	// lazier collector saves a fifth of its CPU at a few MB of memory.
	debug.SetGCPercent(400)
	g.seeded = cmd.Flags().Changed("seed")
	if !g.seeded {
		g.seed = uint64(time.Now().UnixNano())
	}
	rng := rand.New(rand.NewPCG(g.seed, 0x6861_6b65_6d00_0000))
	config := ""
	if len(args) == 1 {
		data, err := os.ReadFile(args[0])
		if err != nil {
			return exitWith(pairExitFile, fmt.Errorf("pair: %w", err))
		}
		config = string(data)
	}
	c, err := rtg.Parse(strings.NewReader(config), rng)
	if err != nil {
		return exitWith(pairExitInvalid, fmt.Errorf("pair: %s: %w", configName(args), err))
	}
	if g.trf26 || g.tb != "" {
		c.Version = 26
	}
	f, err := rtg.Generate(c, rng)
	if err != nil {
		if errors.Is(err, dutch.ErrNoPairing) {
			return exitWith(pairExitNoPairing, fmt.Errorf("pair: %w", err))
		}
		return exitWith(pairExitUnexpected, fmt.Errorf("pair: %w", err))
	}
	if g.tb != "" {
		if err := rankByTieBreaks(f, g.tb); err != nil {
			return exitWith(pairExitInvalid, fmt.Errorf("pair: --tb: %w", err))
		}
	}
	if !g.seeded {
		// The seed drawn, so that the file can be made again.
		f.Unknown = append(f.Unknown, fmt.Sprintf("### hakem pair --dutch -g, seed %d", g.seed))
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		return exitWith(pairExitUnexpected, fmt.Errorf("pair: %w", err))
	}
	if err := os.WriteFile(g.out, buf.Bytes(), 0o644); err != nil {
		return exitWith(pairExitFile, fmt.Errorf("pair: %w", err))
	}
	return nil
}

func configName(args []string) string {
	if len(args) == 1 {
		return args[0]
	}
	return "configuration"
}

// rankByTieBreaks declares the tie-breaks codes in f (record 202) and
// gives each player the rank they make, points first (FIDE C.07); players
// equal on every tie-break are ranked by start number.
func rankByTieBreaks(f *trf.File, codes string) error {
	cs, err := ratings.ParseCodes(codes)
	if err != nil {
		return err
	}
	f.TieBreaks = nil
	for _, c := range cs {
		f.TieBreaks = append(f.TieBreaks, c.Text)
	}
	st, err := trfreport.Standings(f, cs, ratings.Options{Rules: rulesForDate(f.StartDate)})
	if err != nil {
		return err
	}
	for i, no := range st.Order {
		f.ByStartNo(no).Rank = i + 1
	}
	return nil
}

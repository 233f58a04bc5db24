package main

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/hakem-chess/hakem/pairing/trf"
	"github.com/hakem-chess/hakem/ratings"
	"github.com/hakem-chess/hakem/services/cmd/hakem/internal/generator"
	"github.com/hakem-chess/hakem/services/trfreport"
)

// dutchInArgs is the value --dutch takes when it is given without "=":
// the tournament file is then the first argument, as in bbpPairings'
// "--dutch IN.trf", and -g may follow --dutch directly.
const dutchInArgs = generator.DutchInArgs

// generate runs hakem pair --dutch -g [CONFIG] -o OUT.trf [-s SEED]
// (package generator, whose start-up path runs the same command line
// before main when it can).
func generate(cmd *cobra.Command, g generator.Flags, args []string) error {
	err := generator.Run(g, cmd.Flags().Changed("seed"), args, rankByTieBreaks)
	var ge *generator.Error
	if errors.As(err, &ge) {
		return exitWith(ge.Code, ge.Err)
	}
	return err
}

// registerGenerator declares the generator's flags on cmd (the spellings
// generator.Parse reads).
func registerGenerator(cmd *cobra.Command, g *generator.Flags) {
	cmd.Flags().BoolVarP(&g.On, "generate", "g", false, "generate a random tournament (optional argument: the generator's configuration file)")
	cmd.Flags().StringVarP(&g.Out, "output", "o", "", "with -g, the TRF file to write")
	cmd.Flags().Uint64VarP(&g.Seed, "seed", "s", 0, "with -g, the random seed (the same seed gives the same tournament)")
	cmd.Flags().StringVar(&g.TB, "tb", "", "with -g, declare these tie-breaks (record 202) and rank the players by them")
	cmd.Flags().BoolVar(&g.TRF26, "trf26", false, "with -g, write TRF-26 records (142, 152, 162) instead of TRF-16 with XXR, XXC, XXS")
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
	st, err := trfreport.Standings(f, cs, ratings.Options{Rules: trfreport.RulesForDate(f.StartDate)})
	if err != nil {
		return err
	}
	for i, no := range st.Order {
		f.ByStartNo(no).Rank = i + 1
	}
	return nil
}

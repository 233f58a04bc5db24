package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/hakem-chess/hakem/clock"
	"github.com/spf13/cobra"
)

// clockCmd groups the clock tools.
var clockCmd = &cobra.Command{
	Use:   "clock",
	Short: "Chess clock tools (time controls)",
}

// clockParseNotation is the --notation flag of hakem clock parse.
var clockParseNotation string

// clockParseCmd parses a time control and prints it in every notation.
var clockParseCmd = &cobra.Command{
	Use:   "parse CONTROL",
	Short: "Parse a time control (PGN, TRF-26 or human form) and print it in every notation",
	Long: `Parse a time control and print its periods and its PGN, TRF-26 and human spellings.

By default the PGN TimeControl form is tried first (e.g. 40/5400+30:1800+30,
300+2, *180, -, ?), then the human form (e.g. 90+30, G/60 d5, 40/90+30, 30 min).
With --notation trf the TRF-26 record 222 encoding is read (e.g. 40/6000+30:900+30).`,
	Args: cobra.ExactArgs(1),
	RunE: func(cmd *cobra.Command, args []string) error {
		tc, readAs, err := parseControl(args[0], clockParseNotation)
		if err != nil {
			return err
		}
		fmt.Fprintf(cmd.OutOrStdout(), "read as: %s\n", readAs)
		printControl(cmd.OutOrStdout(), tc)
		return nil
	},
}

func init() {
	clockParseCmd.Flags().StringVar(&clockParseNotation, "notation", "auto", "notation of the input: auto, pgn, trf or human")
	clockCmd.AddCommand(clockParseCmd)
	rootCmd.AddCommand(clockCmd)
}

// parseControl reads s in the given notation ("auto": PGN, then human; so
// "90+30" is read as PGN seconds) and says which notation it was read as.
func parseControl(s, notation string) (clock.TimeControl, string, error) {
	var tc clock.TimeControl
	var err error
	switch strings.ToLower(notation) {
	case "pgn":
		tc, err = clock.ParsePGN(s)
		return tc, "PGN", err
	case "trf", "trf-26", "trf26":
		tc, err = clock.ParseTRF(s)
		return tc, "TRF-26", err
	case "human":
		tc, err = clock.ParseHuman(s)
		return tc, "human", err
	case "auto", "":
		if tc, err = clock.ParsePGN(s); err == nil {
			return tc, "PGN (seconds; use --notation human for minutes)", nil
		}
		if tc, herr := clock.ParseHuman(s); herr == nil {
			return tc, "human", nil
		}
		var pe *clock.ParseError
		if errors.As(err, &pe) {
			return tc, "", fmt.Errorf("not a time control in PGN or human form: %q (PGN: %s)", s, pe.Reason)
		}
		return tc, "", err
	}
	return tc, "", fmt.Errorf("unknown notation %q (want auto, pgn, trf or human)", notation)
}

// printControl writes the control readably, then its three spellings.
func printControl(w io.Writer, tc clock.TimeControl) {
	kinds := map[clock.Kind]string{clock.Timed: "timed", clock.Sandglass: "sandglass", clock.Untimed: "no time control", clock.Unknown: "unknown"}
	fmt.Fprintf(w, "kind:    %s\n", kinds[tc.Kind])
	sides := []struct {
		name string
		ps   []clock.Period
	}{{"", tc.Periods}}
	if !tc.Symmetric() {
		sides = []struct {
			name string
			ps   []clock.Period
		}{{"White ", tc.Periods}, {"Black ", tc.Black}}
	}
	for _, s := range sides {
		for i, p := range s.ps {
			moves := "rest of the game"
			if p.Moves > 0 {
				moves = fmt.Sprintf("%d moves", p.Moves)
				if i == len(s.ps)-1 {
					moves += " (repeating)"
				}
			}
			extra := "no increment or delay"
			switch {
			case p.Increment > 0:
				extra = fmt.Sprintf("increment %v per move", p.Increment)
			case p.DelayMode != clock.NoDelay:
				extra = fmt.Sprintf("%s %v per move", p.DelayMode, p.Delay)
			}
			fmt.Fprintf(w, "%speriod %d: %s, base %v, %s\n", s.name, i+1, moves, p.Base, extra)
		}
	}
	spell := func(s string, err error) string {
		if err != nil {
			return "(not expressible)"
		}
		return s
	}
	fmt.Fprintf(w, "PGN:     %s\n", spell(tc.PGN()))
	fmt.Fprintf(w, "TRF-26:  %s\n", spell(tc.TRF()))
	fmt.Fprintf(w, "human:   %s\n", tc.Human())
}

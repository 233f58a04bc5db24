package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/hakem-chess/hakem/pairing/trf"
	"github.com/hakem-chess/hakem/ratings"
	"github.com/hakem-chess/hakem/services/trfreport"
	"github.com/spf13/cobra"
)

// readTRFFile reads and parses a TRF file.
func readTRFFile(name string) (*trf.File, error) {
	fh, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	f, err := trf.Read(fh)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return f, nil
}

// standingsLong is hakem standings' help text.
const standingsLong = `Print a header row "no", "PTS" and the tie-break codes as given, then one row
per player in start-number order, numbers printed as FIDE's tie-break tools print
them (PTS, BH, PS with one decimal; SB, AOB with two; counts and ratings whole).

--rules chooses how a player's own unplayed rounds count in the Buchholz family:
2024 (a dummy opponent with the player's own score) or 2026 (the capped dummy).
Without --rules, 2026 applies to tournaments starting on or after 2026-03-01 or
without a start date, 2024 to older ones.
Without --tb the codes of the file's record 202 are used.
--crosstable prints the table in rank order instead: rank, no, PTS, one cell per
round (+W9, =B13, -F11, +BYE, =BYE, --) and the tie-breaks.

Codes: BH FB SB (with /C1 /C2 /M1 /M2), AOB DE WIN WON BPG BWG PS REP KS ARO TPR
PTP APRO APPO STD TPN RTNG.`

func init() {
	var rules, tb string
	var crosstable bool
	cmd := &cobra.Command{
		Use:   "standings [--rules 2024|2026] [--tb CODE,CODE,...] FILE.trf",
		Short: "Print the tie-breaks (FIDE C.07) of a tournament from its TRF file, as TSV",
		Long:  standingsLong,
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return standings(cmd, args[0], rules, tb, crosstable)
		},
	}
	cmd.Flags().StringVar(&rules, "rules", "", "tie-break rules: 2024 or 2026 (default: by the tournament's start date)")
	cmd.Flags().StringVar(&tb, "tb", "", "comma-separated tie-break codes (default: the file's record 202)")
	cmd.Flags().BoolVar(&crosstable, "crosstable", false, "print the crosstable in rank order instead")
	rootCmd.AddCommand(cmd)
}

// standings is hakem standings: the tie-breaks of the TRF file name under
// the C.07 edition rules (by the start date when empty) and the codes tb
// (the file's record 202 when empty), as TSV or as a crosstable.
func standings(cmd *cobra.Command, name, rules, tb string, crosstable bool) error {
	f, err := readTRFFile(name)
	if err != nil {
		return err
	}
	r, err := rulesFlag(rules, f.StartDate)
	if err != nil {
		return err
	}
	opt := ratings.Options{Rules: r}
	list := tb
	if list == "" {
		list = strings.Join(f.TieBreaks, ",")
	}
	var codes []ratings.Code
	if list != "" {
		if codes, err = ratings.ParseCodes(list); err != nil {
			return err
		}
	}
	st, err := trfreport.Standings(f, codes, opt)
	if err != nil {
		return err
	}
	if !crosstable {
		return trfreport.WriteStandingsTSV(cmd.OutOrStdout(), st)
	}
	return writeCrosstable(cmd.OutOrStdout(), f, st, codes)
}

// writeCrosstable writes the standings st of f in rank order: rank, no,
// PTS, one cell per round and the tie-breaks codes.
func writeCrosstable(out io.Writer, f *trf.File, st *ratings.Standings, codes []ratings.Code) error {
	t, err := trfreport.Tournament(f)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(out)
	head := []string{"rank", "no", "PTS"}
	for r := 1; r <= t.Rounds; r++ {
		head = append(head, fmt.Sprintf("R%d", r))
	}
	for _, c := range codes {
		head = append(head, c.Text)
	}
	fmt.Fprintln(w, strings.Join(head, "\t"))
	pts := ratings.Code{Name: "PTS", Text: "PTS"}
	for _, row := range ratings.Crosstable(t, st) {
		cells := []string{fmt.Sprint(row.Rank), fmt.Sprint(row.No), pts.Format(ratings.Value{X: row.Points, Defined: true})}
		cells = append(cells, row.Cells...)
		for k, c := range codes {
			cells = append(cells, c.Format(row.Values[k]))
		}
		fmt.Fprintln(w, strings.Join(cells, "\t"))
	}
	return w.Flush()
}

// rulesFlag is the C.07 edition --rules names: 2024 or 2026, or, when
// empty, the edition in force at the tournament's start date.
func rulesFlag(rules, startDate string) (ratings.Rules, error) {
	switch rules {
	case "2024":
		return ratings.Rules2024, nil
	case "2026":
		return ratings.Rules2026, nil
	case "":
		return trfreport.RulesForDate(startDate), nil
	}
	return 0, fmt.Errorf("--rules %q: want 2024 or 2026", rules)
}

package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/endorse"
	"github.com/hakem-chess/hakem/pairing/trf"
	"github.com/hakem-chess/hakem/ratings"
	"github.com/hakem-chess/hakem/services/trfreport"
)

// Exit statuses of hakem check: a bit for each kind of difference, and
// the codes above them for a file that cannot be checked.
const (
	checkPairingDiffers = 1 // a round's pairing is not the Dutch engine's
	checkFiguresDiffer  = 2 // a player's points, or his rank by the declared tie-breaks, differ
	checkBadFile        = 4 // a file that is not a tournament report file, whose rounds cannot be read as a tournament, or too large to re-pair
	checkNoFile         = 5 // a file that cannot be read
)

func init() {
	var rules string
	cmd := &cobra.Command{
		Use:   "check [--rules 2024|2026] IN.trf...",
		Short: "Check a tournament file's pairings, points and tie-break ranks (FIDE's Pairing and Tie-Break Checker)",
		Long: `hakem check re-pairs every round of each file by the FIDE Dutch system (as
hakem pair --dutch IN.trf -c does) and reports each round whose pairing differs;
recomputes every player's points from his rounds under the file's point system
(162 or XXS) and reports each player whose points field differs; and, when the
file declares tie-breaks (TRF-26 record 202, else 212), computes them (FIDE
C.07, --rules as for hakem standings) and reports each player whose rank field
is not the rank his points and tie-breaks give (players equal on everything may
be in either order).

Each file ends with a line "FILE: consistent" or "FILE: inconsistent".

Exit status: 0 every file consistent; otherwise the bits 1 (a pairing differs)
and 2 (points or a rank by the tie-breaks differ), so 1, 2 or 3; 4 a file that
is not a valid TRF (or has no player line), whose rounds cannot be read as a
tournament, or of more than 14,000 players (re-pairing them would pass 2 GB of
memory, as hakem pair says); 5 a file that cannot be read.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			w := bufio.NewWriter(cmd.OutOrStdout())
			code := 0
			for _, name := range args {
				c, err := checkFile(w, name, rules)
				if err != nil {
					w.Flush()
					return err
				}
				code |= c
			}
			if err := w.Flush(); err != nil {
				return exitWith(checkNoFile, err)
			}
			if code != 0 {
				return exitWith(code, errSilent)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&rules, "rules", "", "tie-break rules: 2024 or 2026 (default: by the tournament's start date)")
	rootCmd.AddCommand(cmd)
}

// checkFile checks one file, writes what differs and returns the bits of
// the exit status it earns (an error for a file that cannot be checked).
func checkFile(w io.Writer, name, rules string) (int, error) {
	f, err := readTRFFile(name)
	if err != nil {
		var te *trf.Error
		if errors.As(err, &te) {
			return 0, exitWith(checkBadFile, fmt.Errorf("check: %w", err))
		}
		return 0, exitWith(checkNoFile, fmt.Errorf("check: %w", err))
	}
	if len(f.Players) == 0 {
		// Nothing to check is not consistent: the file is not a report.
		return 0, exitWith(checkBadFile, fmt.Errorf("check: %s: not a tournament report file: no player line (001)", name))
	}
	if err := pairSize(len(f.Players)); err != nil {
		// every round is re-paired: the limit of hakem pair
		return 0, exitWith(checkBadFile, fmt.Errorf("check: %s: %w", name, err))
	}
	r, err := endorse.Check(f)
	if err != nil {
		var ie *pairing.InputError
		if errors.As(err, &ie) {
			return 0, exitWith(checkBadFile, fmt.Errorf("check: %s: %w", name, err))
		}
		return 0, exitWith(pairExitUnexpected, fmt.Errorf("check: %s: %w", name, err))
	}
	code := 0
	for _, d := range r.Pairings {
		fmt.Fprintf(w, "%s: %v\n", name, d)
		code |= checkPairingDiffers
	}
	for _, d := range r.Points {
		fmt.Fprintf(w, "%s: %v\n", name, d)
		code |= checkFiguresDiffer
	}
	ranks, codes, err := rankDiffs(f, rules)
	if err != nil {
		return 0, exitWith(checkBadFile, fmt.Errorf("check: %s: %w", name, err))
	}
	for _, d := range ranks {
		fmt.Fprintf(w, "%s: %s\n", name, d)
		code |= checkFiguresDiffer
	}
	verdict := "consistent"
	if code != 0 {
		verdict = "inconsistent"
	}
	tb := "no tie-breaks declared"
	if codes != "" {
		tb = "tie-breaks " + codes
	}
	fmt.Fprintf(w, "%s: %s (%d rounds re-paired, %d differ; %d players, points differ for %d, ranks for %d; %s)\n",
		name, verdict, r.Rounds, len(r.Pairings), len(f.Players), len(r.Points), len(ranks), tb)
	return code, nil
}

// rankDiffs computes the standings by the file's declared tie-breaks and
// lists the players whose rank field is not in the span of places their
// points and tie-breaks give them. Nothing is checked without declared
// tie-breaks, nor for a player whose rank field is blank.
func rankDiffs(f *trf.File, rules string) ([]string, string, error) {
	list := f.TieBreaks
	if len(list) == 0 {
		list = f.StandingTieBreaks
	}
	if len(list) == 0 {
		return nil, "", nil
	}
	joined := strings.Join(list, ",")
	codes, err := ratings.ParseCodes(joined)
	if err != nil {
		return nil, "", fmt.Errorf("record 202: %w", err)
	}
	r, err := rulesFlag(rules, f.StartDate)
	if err != nil {
		return nil, "", err
	}
	opt := ratings.Options{Rules: r}
	st, err := trfreport.Standings(f, codes, opt)
	if err != nil {
		return nil, "", err
	}
	tied := map[int]int{} // rank -> players sharing it
	for _, row := range st.Rows {
		tied[row.Rank]++
	}
	var out []string
	for _, row := range st.Rows {
		p := f.ByStartNo(row.No)
		if p == nil || p.Rank == 0 {
			continue
		}
		if last := row.Rank + tied[row.Rank] - 1; p.Rank < row.Rank || p.Rank > last {
			out = append(out, fmt.Sprintf("player %d: rank %d in the file, %s by PTS,%s (%s)",
				row.No, p.Rank, span(row.Rank, last), joined, figures(st, row)))
		}
	}
	return out, joined, nil
}

func span(first, last int) string {
	if first == last {
		return fmt.Sprint(first)
	}
	return fmt.Sprintf("%d-%d", first, last)
}

// figures writes a player's points and tie-breaks as FIDE's tools print them.
func figures(st *ratings.Standings, row ratings.Row) string {
	pts := ratings.Code{Name: "PTS", Text: "PTS"}
	parts := []string{"PTS " + pts.Format(ratings.Value{X: row.Points, Defined: true})}
	for k, c := range st.Codes {
		parts = append(parts, c.Text+" "+c.Format(row.Values[k]))
	}
	return strings.Join(parts, ", ")
}

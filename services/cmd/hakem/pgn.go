package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/hakem-chess/hakem/rules/pgn"
)

func init() {
	pgnCmd := &cobra.Command{
		Use:   "pgn",
		Short: "Read PGN files",
	}
	pgnCmd.AddCommand(&cobra.Command{
		Use:   "fens FILE.pgn",
		Short: "Print the position after the last main-line move of each game",
		Long: `Print one line per game of FILE.pgn, in file order: the FEN of the position
after the last main-line move, or "error: game N: <reason>" for a game that
cannot be read (the reason names the ply). The FEN's en-passant field is
written only when an en-passant capture is legal, the convention of current
FEN practice. The reader is lenient: UCI moves and null moves (--, Z0, read as
a pass) are accepted. The exit status is 1 if any game failed.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f, err := os.Open(args[0])
			if err != nil {
				return err
			}
			defer f.Close()
			out := bufio.NewWriter(cmd.OutOrStdout())
			defer out.Flush()
			failed, err := printFENs(out, f)
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			if failed {
				out.Flush()
				return exitWith(1, errSilent)
			}
			return nil
		},
	})
	rootCmd.AddCommand(pgnCmd)
}

// printFENs writes a line per game of r; it reports whether a game failed.
// A read error of the file itself is returned.
func printFENs(w io.Writer, r io.Reader) (failed bool, err error) {
	rd := pgn.NewReader(r)
	for {
		g, err := rd.Next()
		if err == io.EOF {
			return failed, nil
		}
		var ge *pgn.GameError
		if errors.As(err, &ge) {
			failed = true
			fmt.Fprintf(w, "error: %v\n", ge)
			continue
		}
		if err != nil {
			return failed, err
		}
		p, err := g.Position()
		if err != nil {
			failed = true
			fmt.Fprintf(w, "error: %v\n", err)
			continue
		}
		fmt.Fprintln(w, p.FEN())
	}
}

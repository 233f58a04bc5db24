package main

import (
	"bufio"
	"fmt"
	"strconv"

	"github.com/hakem-chess/hakem/rules"
	"github.com/spf13/cobra"
)

// perftCmd counts the leaf nodes of the legal move tree (a move generator
// check): hakem perft [--fen FEN] [--chess960] [--divide] DEPTH. With
// --divide it first prints "<uci>: <count>" per root move, sorted by UCI;
// the last line is always the total alone.
func perftCmd() *cobra.Command {
	var fen string
	var chess960, divide bool
	cmd := &cobra.Command{
		Use:   "perft [--fen FEN] [--chess960] [--divide] DEPTH",
		Short: "Count the legal move tree's leaf nodes to DEPTH plies",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			depth, err := strconv.Atoi(args[0])
			if err != nil || depth < 0 || depth > 20 {
				return exitWith(2, fmt.Errorf("perft: depth %q is not a number from 0 to 20", args[0]))
			}
			pos := rules.StartPosition()
			if fen != "" {
				parse := rules.ParseFEN
				if chess960 {
					parse = rules.ParseFEN960
				}
				if pos, err = parse(fen); err != nil {
					return exitWith(2, fmt.Errorf("perft: %w", err))
				}
			} else if chess960 {
				pos.SetChess960(true)
			}
			out := bufio.NewWriter(cmd.OutOrStdout())
			defer out.Flush()
			var total uint64
			if divide && depth > 0 {
				for _, l := range rules.PerftDivide(pos, depth) {
					fmt.Fprintf(out, "%s: %d\n", l.UCI, l.Nodes)
					total += l.Nodes
				}
			} else {
				total = rules.Perft(pos, depth)
			}
			fmt.Fprintf(out, "%d\n", total)
			return nil
		},
	}
	cmd.Flags().StringVar(&fen, "fen", "", "start from this position (FEN, X-FEN or Shredder-FEN) instead of the initial position")
	cmd.Flags().BoolVar(&chess960, "chess960", false, "read the position as Chess960 (castling shown as king takes rook)")
	cmd.Flags().BoolVar(&divide, "divide", false, "print each root move's count first")
	return cmd
}

func init() {
	rootCmd.AddCommand(perftCmd())
}

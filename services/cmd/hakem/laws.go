package main

import (
	"bufio"
	"fmt"

	"github.com/hakem-chess/hakem/rules/laws"
	"github.com/spf13/cobra"
)

// lawsCmd prints the Laws index (laws.Profile.Index): hakem laws
// [--profile fide-1997|fide-2023] [ARTICLE]. Article by article: what
// Hakem decides, the deciding function, the API endpoint that reaches it
// and the test that shows it; with ARTICLE only that article's lines.
func lawsCmd() *cobra.Command {
	var profile string
	cmd := &cobra.Command{
		Use:   "laws [--profile fide-1997|fide-2023] [ARTICLE]",
		Short: "Print what Hakem decides, article by article, with the function, endpoint and test",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := laws.Lookup(profile)
			if err != nil {
				return exitWith(2, fmt.Errorf("laws: --profile: %w", err))
			}
			out := bufio.NewWriter(cmd.OutOrStdout())
			defer out.Flush()
			n := 0
			for _, e := range p.Index() {
				if len(args) == 1 && e.Article != args[0] {
					continue
				}
				n++
				fmt.Fprintf(out, "%s %s\t%s\n\tdecided by %s\n\treached by %s\n\tshown by %s\n", e.Profile, e.Article, e.Decides, e.Function, e.Endpoint, e.Test)
			}
			if n == 0 && len(args) == 1 {
				return exitWith(1, fmt.Errorf("laws: %s: article %q is not in the index", p.Name, args[0]))
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&profile, "profile", laws.DefaultProfile, "the Laws edition: fide-1997 or fide-2023")
	return cmd
}

func init() {
	rootCmd.AddCommand(lawsCmd())
}

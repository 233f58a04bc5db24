package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hakem-chess/hakem/ratings"
	"github.com/hakem-chess/hakem/services/trfreport"
	"github.com/spf13/cobra"
)

func init() {
	var category, kList string
	var year int
	var detail bool
	cmd := &cobra.Command{
		Use:   "ratings [--category standard|rapid|blitz] [--year YYYY] [--k NO=K,...] [--detail] FILE.trf",
		Short: "Print each player's FIDE rating change for a tournament, as TSV",
		Long: `Print a header row "no rating K exp score change", then one row per player in
start-number order: start number, rating, K-factor (after the K×n ≤ 700 cap),
expected score and actual score over the rated games (two decimals), and the
rating change K × (score − expected), unrounded, two decimals (the rating list
adds the period's total rounded, .5 away from zero). An unrated player has rating
0, K, expected score and change "-", and his score against rated opponents;
--detail shows his initial rating.

A TRF file records no K-factor: players are taken to have 30 rated games or
more and K follows their rating (20 under 2400, 10 from 2400); juniors get 40
under 2300 until the year of their 18th birthday, birth years from the player
lines, the year from --year or the file's end or start date. Enter new players
(40) and players who once reached 2400 (10) with --k, e.g. --k 7=40,12=10.

--detail prints the rating officer's report instead: one line per game with the
opponent, his rating, the difference (and the one used after the 400-point
rule), expected and actual score, K and the change.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opt := trfreport.RatingOptions{Year: year, K: map[int]int{}}
			switch category {
			case "standard", "":
				opt.Category = ratings.Standard
			case "rapid":
				opt.Category = ratings.Rapid
			case "blitz":
				opt.Category = ratings.Blitz
			default:
				return fmt.Errorf("--category %q: want standard, rapid or blitz", category)
			}
			if kList != "" {
				for _, kv := range strings.Split(kList, ",") {
					no, k, ok := strings.Cut(kv, "=")
					n, err1 := strconv.Atoi(strings.TrimSpace(no))
					kk, err2 := strconv.Atoi(strings.TrimSpace(k))
					if !ok || err1 != nil || err2 != nil || n < 1 || kk < 1 || kk > 100 {
						return fmt.Errorf("--k %q: want NO=K with K between 1 and 100", kv)
					}
					opt.K[n] = kk
				}
			}
			f, err := readTRFFile(args[0])
			if err != nil {
				return err
			}
			rs, err := trfreport.RatingReport(f, opt)
			if err != nil {
				return err
			}
			if detail {
				return trfreport.WriteRatingDetail(cmd.OutOrStdout(), rs)
			}
			return trfreport.WriteRatingsTSV(cmd.OutOrStdout(), rs)
		},
	}
	cmd.Flags().StringVar(&category, "category", "standard", "rating list: standard, rapid or blitz")
	cmd.Flags().IntVar(&year, "year", 0, "year of the rating period, for the junior K (default: from the file's dates)")
	cmd.Flags().StringVar(&kList, "k", "", "K-factors by start number, e.g. 3=40,7=10")
	cmd.Flags().BoolVar(&detail, "detail", false, "print the per-game report a rating officer checks")
	rootCmd.AddCommand(cmd)
}

package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/hakem-chess/hakem/ratings/ratinglist"
	"github.com/hakem-chess/hakem/services/internal/ratingfile"
)

func init() {
	var data, category string
	list := &cobra.Command{Use: "ratinglist", Short: "FIDE rating lists in the data folder"}
	imp := &cobra.Command{
		Use:   "import FILE [--data DIR] [--category standard|rapid|blitz]",
		Short: "Import a FIDE player list (TXT or XML, combined or single) into the data folder",
		Long: `hakem ratinglist import reads one of FIDE's downloadable player lists — the
fixed-width TXT or the XML, the combined list (standard, rapid and blitz side by
side) or a single list — and merges it, by FIDE id, into DIR/` + ratingfile.Name + `,
which hakem serve reads: a registration by FIDE id alone ({"fide_id": "…"})
takes the player's name, federation, title, sex, year of birth and rating of
the tournament's list (from its time control) from there.

A single list's category is --category, else read from the file name
(standard_, rapid_, blitz_), else standard. A progress line goes to standard
error when it is a terminal.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			single, err := listCategory(category, args[0])
			if err != nil {
				return err
			}
			progress := progressLine(cmd.ErrOrStderr())
			progress("reading " + args[0])
			f, err := os.Open(args[0])
			if err != nil {
				return fmt.Errorf("ratinglist: %w", err)
			}
			players, err := ratinglist.Read(bufio.NewReaderSize(f, 1<<20), single)
			f.Close()
			if err != nil {
				return fmt.Errorf("ratinglist: %s: %w", args[0], err)
			}
			path := filepath.Join(data, ratingfile.Name)
			progress(fmt.Sprintf("read %d players; merging into %s", len(players), path))
			merged, err := mergeList(path, players, single, single != ratinglist.Standard || !combined(args[0]))
			if err != nil {
				return err
			}
			if err := writeList(path, merged); err != nil {
				return err
			}
			progress("")
			fmt.Fprintf(cmd.OutOrStdout(), "%d players imported (%s), %d in %s\n", len(players), kindOf(args[0], single), len(merged), path)
			return nil
		},
	}
	imp.Flags().StringVar(&data, "data", "./data", "the data folder hakem serve uses")
	imp.Flags().StringVar(&category, "category", "", "the list of a single-list file: standard, rapid or blitz")
	list.AddCommand(imp)
	rootCmd.AddCommand(list)
}

// listCategory is the --category given, else the file name's.
func listCategory(flag, file string) (ratinglist.Category, error) {
	if flag != "" {
		return ratinglist.ParseCategory(flag)
	}
	base := strings.ToLower(filepath.Base(file))
	for _, c := range []ratinglist.Category{ratinglist.Rapid, ratinglist.Blitz} {
		if strings.HasPrefix(base, c.String()) {
			return c, nil
		}
	}
	return ratinglist.Standard, nil
}

// combined guesses whether the file is FIDE's combined list (its name).
func combined(file string) bool {
	return strings.HasPrefix(strings.ToLower(filepath.Base(file)), "players_list")
}

func kindOf(file string, c ratinglist.Category) string {
	if combined(file) {
		return "combined list"
	}
	return c.String() + " list"
}

// mergeList merges players into the list at path: a player's details are
// the new list's; a single list replaces only its own rating.
func mergeList(path string, players []ratinglist.Player, c ratinglist.Category, single bool) ([]ratinglist.Player, error) {
	old := map[string]ratinglist.Player{}
	if f, err := os.Open(path); err == nil {
		old, err = ratingfile.Read(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("ratinglist: %s: %w", path, err)
		}
	} else if !os.IsNotExist(err) {
		return nil, fmt.Errorf("ratinglist: %w", err)
	}
	for _, p := range players {
		if q, ok := old[p.FideID]; ok && single {
			r := p.Ratings[c]
			p.Ratings = q.Ratings
			p.Ratings[c] = r
		}
		old[p.FideID] = p
	}
	out := make([]ratinglist.Player, 0, len(old))
	for _, p := range old {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].FideID < out[j].FideID })
	return out, nil
}

// writeList writes the list whole, then renames it into place (a server
// reading it sees the old list or the new one).
func writeList(path string, players []ratinglist.Player) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("ratinglist: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".players-*.jsonl")
	if err != nil {
		return fmt.Errorf("ratinglist: %w", err)
	}
	w := bufio.NewWriter(tmp)
	enc := json.NewEncoder(w)
	for _, p := range players {
		if err := enc.Encode(p); err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
			return fmt.Errorf("ratinglist: %w", err)
		}
	}
	if err := w.Flush(); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("ratinglist: %w", err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("ratinglist: %w", err)
	}
	return os.Rename(tmp.Name(), path)
}

// progressLine returns a function that rewrites one status line on w when
// w is a terminal, and does nothing otherwise ("" clears the line).
func progressLine(w io.Writer) func(string) {
	f, ok := w.(*os.File)
	if !ok {
		return func(string) {}
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return func(string) {}
	}
	return func(s string) { fmt.Fprintf(f, "\r\033[K%s", s) }
}

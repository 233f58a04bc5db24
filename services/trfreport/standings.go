package trfreport

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/hakem-chess/hakem/pairing/trf"
	"github.com/hakem-chess/hakem/ratings"
)

// Standings ranks the tournament of f by points and the tie-breaks codes.
func Standings(f *trf.File, codes []ratings.Code, opt ratings.Options) (*ratings.Standings, error) {
	t, err := Tournament(f)
	if err != nil {
		return nil, err
	}
	return ratings.Compute(t, codes, opt)
}

// WriteStandingsTSV writes the standings as FIDE's tie-break tools print
// them: a header row "no", "PTS" and the codes as given, then one row per
// player in start-number order; PTS with one decimal, each tie-break with
// its column's fixed decimals, an undefined value as an empty cell.
func WriteStandingsTSV(w io.Writer, st *ratings.Standings) error {
	bw := bufio.NewWriter(w)
	head := []string{"no", "PTS"}
	for _, c := range st.Codes {
		head = append(head, c.Text)
	}
	fmt.Fprintln(bw, strings.Join(head, "\t"))
	pts := ratings.Code{Name: "PTS", Text: "PTS"}
	for _, r := range st.Rows {
		cells := []string{strconv.Itoa(r.No), pts.Format(ratings.Value{X: r.Points, Defined: true})}
		for k, c := range st.Codes {
			cells = append(cells, c.Format(r.Values[k]))
		}
		fmt.Fprintln(bw, strings.Join(cells, "\t"))
	}
	return bw.Flush()
}

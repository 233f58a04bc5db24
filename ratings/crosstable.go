package ratings

import "strconv"

// CrosstableRow is one line of a crosstable: the player's place, start
// number, points, one cell per round and the tie-break values.
type CrosstableRow struct {
	Rank, No int
	Points   float64
	Cells    []string
	Values   []Value
}

// Cell writes a round the way FIDE TEC's exercise does: result (+ = -),
// colour or F for a forfeit, and the opponent's start number ("+W9",
// "=B13", "-F11"); "+BYE" for the pairing-allocated bye and the full-point
// bye, "=BYE" for the half-point bye, "-BYE" for the zero-point bye, "--"
// for absence.
func Cell(rd Round) string {
	res := map[Kind]string{Win: "+", Draw: "=", Loss: "-", ForfeitWin: "+", ForfeitLoss: "-"}
	switch rd.Kind {
	case PairingBye, FullBye:
		return "+BYE"
	case HalfBye:
		return "=BYE"
	case ZeroBye:
		return "-BYE"
	case Absent:
		return "--"
	case ForfeitWin, ForfeitLoss:
		return res[rd.Kind] + "F" + strconv.Itoa(rd.Opponent)
	}
	col := "W"
	if rd.Color == Black {
		col = "B"
	}
	return res[rd.Kind] + col + strconv.Itoa(rd.Opponent)
}

// Crosstable lays out the tournament in the order of the standings st
// (computed from t).
func Crosstable(t Tournament, st *Standings) []CrosstableRow {
	rows := make([]CrosstableRow, 0, len(st.Order))
	for _, no := range st.Order {
		e := t.Entrants[no-1]
		r := st.Rows[no-1]
		cr := CrosstableRow{Rank: r.Rank, No: no, Points: r.Points, Values: r.Values, Cells: make([]string, t.Rounds)}
		for i := range t.Rounds {
			var rd Round
			if i < len(e.Rounds) {
				rd = e.Rounds[i]
			}
			cr.Cells[i] = Cell(rd)
		}
		rows = append(rows, cr)
	}
	return rows
}

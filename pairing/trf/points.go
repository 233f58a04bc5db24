// The point system's records: TRF-26's 162 and JaVaFo's XXS.

package trf

import (
	"strings"
	"unicode/utf8"
)

// read162 reads "162  W 1.0     D 0.5 ...": a code at column 6, its
// points at 7-10, the next code 9 columns further.
func read162(l line, ps *PointSystem) error {
	payPAB := false
	for c := 6; c <= len(l.runes); c += 9 {
		for k := c - 4; k < c; k++ {
			if k >= 5 && k <= len(l.runes) && l.runes[k-1] != ' ' {
				return l.errorf(k, "column %d must be blank (162 codes are at columns 6, 15, 24...)", k)
			}
		}
		code := l.runes[c-1]
		s := strings.TrimSpace(l.field(c+1, c+4))
		v, ok := number(s)
		if !ok {
			return l.errorf(c+1, "points %q for %c are not a number", s, code)
		}
		switch code {
		case 'W':
			ps.WhiteWin, ps.BlackWin, ps.ForfeitWin, ps.FullPointBye = v, v, v, v
			if !payPAB {
				ps.PairingAllocatedBye = v
			}
		case 'D':
			ps.WhiteDraw, ps.BlackDraw, ps.HalfPointBye = v, v, v
		case 'L':
			ps.WhiteLoss, ps.BlackLoss = v, v
		case 'A':
			ps.ZeroPointBye, ps.ForfeitLoss = v, v
		case 'P':
			ps.PairingAllocatedBye = v
			payPAB = true
		case 'X':
			// Unknown result (adjourned game): not represented; ignored.
		default:
			return l.errorf(c, "point code %q is not W, D, L, A, P or X", code)
		}
	}
	return nil
}

// readXXS reads JaVaFo's "XXS CODE=points ..." (WW BW WD BD WL BL W D L
// FW FL ZPB HPB FPB PAB).
func readXXS(l line, ps *PointSystem) error {
	rest := l.rest(4)
	pos := 0
	for _, tok := range strings.Fields(rest) {
		at := strings.Index(rest[pos:], tok) + pos
		pos = at + len(tok)
		col := 4 + utf8.RuneCountInString(rest[:at])
		code, val, found := strings.Cut(tok, "=")
		if !found {
			return l.errorf(col, "%q is not CODE=points", tok)
		}
		v, ok := number(val)
		if !ok {
			return l.errorf(col+len(code)+1, "points %q are not a number", val)
		}
		switch strings.ToUpper(code) {
		case "WW":
			ps.WhiteWin = v
		case "BW":
			ps.BlackWin = v
		case "W":
			ps.WhiteWin, ps.BlackWin = v, v
		case "WD":
			ps.WhiteDraw = v
		case "BD":
			ps.BlackDraw = v
		case "D":
			ps.WhiteDraw, ps.BlackDraw = v, v
		case "WL":
			ps.WhiteLoss = v
		case "BL":
			ps.BlackLoss = v
		case "L":
			ps.WhiteLoss, ps.BlackLoss = v, v
		case "FW":
			ps.ForfeitWin = v
		case "FL":
			ps.ForfeitLoss = v
		case "ZPB":
			ps.ZeroPointBye = v
		case "HPB":
			ps.HalfPointBye = v
		case "FPB":
			ps.FullPointBye = v
		case "PAB":
			ps.PairingAllocatedBye = v
		default:
			return l.errorf(col, "unknown XXS code %q", code)
		}
	}
	return nil
}

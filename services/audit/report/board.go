// Package report renders an audit (package audit) for people: a text board
// for a terminal, and a self-contained HTML page (inline CSS, inline SVG,
// no external asset) with the verdict, the timeline, a board diagram at
// each disputed moment and a chart of both clocks over the game.
package report

import (
	"fmt"
	"strings"
)

// squares reads the board field of a FEN into 64 characters, a8 first
// ('.' for an empty square). A malformed field gives what could be read.
func squares(fen string) [64]byte {
	var sq [64]byte
	for i := range sq {
		sq[i] = '.'
	}
	board, _, _ := strings.Cut(fen, " ")
	i := 0
	for _, c := range []byte(board) {
		switch {
		case c == '/':
			i = (i + 7) / 8 * 8
		case c >= '1' && c <= '8':
			i += int(c - '0')
		default:
			if i < 64 {
				sq[i] = c
			}
			i++
		}
	}
	return sq
}

// TextBoard draws the position of fen in text, White at the bottom.
func TextBoard(fen string) string {
	sq := squares(fen)
	var b strings.Builder
	for r := 0; r < 8; r++ {
		fmt.Fprintf(&b, "%d ", 8-r)
		for f := 0; f < 8; f++ {
			b.WriteByte(' ')
			b.WriteByte(sq[r*8+f])
		}
		b.WriteByte('\n')
	}
	b.WriteString("   a b c d e f g h\n")
	return b.String()
}

// glyphs are the Unicode chess symbols of the FEN letters (the solid
// ones for both sides: White's are filled white and outlined in black).
var glyphs = map[byte]string{
	'K': "♚", 'Q': "♛", 'R': "♜", 'B': "♝", 'N': "♞", 'P': "♟",
	'k': "♚", 'q': "♛", 'r': "♜", 'b': "♝", 'n': "♞", 'p': "♟",
}

// BoardSVG draws the position of fen as an inline SVG, size pixels wide,
// with the squares of the last move (UCI, "" for none) marked.
func BoardSVG(fen, lastUCI string, size int) string {
	sq := squares(fen)
	c := size / 8
	mark := map[int]bool{}
	if len(lastUCI) >= 4 {
		for _, s := range []string{lastUCI[0:2], lastUCI[2:4]} {
			f, r := int(s[0]-'a'), int(s[1]-'1')
			if f >= 0 && f < 8 && r >= 0 && r < 8 {
				mark[(7-r)*8+f] = true
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="board" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="%s">`, c*8, c*8, c*8, c*8, escape(fen))
	for i := 0; i < 64; i++ {
		x, y := i%8*c, i/8*c
		fill := "#f0d9b5"
		if (i%8+i/8)%2 == 1 {
			fill = "#b58863"
		}
		if mark[i] {
			fill = "#cdd26a"
		}
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`, x, y, c, c, fill)
		if g, ok := glyphs[sq[i]]; ok {
			paint := `fill="#000"`
			if sq[i] >= 'A' && sq[i] <= 'Z' {
				paint = `fill="#fff" stroke="#000" stroke-width="1"`
			}
			fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="%d" text-anchor="middle" dominant-baseline="central" %s>%s</text>`, x+c/2, y+c/2+c/16, c*4/5, paint, g)
		}
	}
	for f := 0; f < 8; f++ {
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="%d" fill="#333">%c</text>`, f*c+2, 8*c-2, c/5, 'a'+f)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

func escape(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;")
	return r.Replace(s)
}

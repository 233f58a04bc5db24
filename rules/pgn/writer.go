package pgn

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/hakem-chess/hakem/rules"
)

// sevenTagRoster is the PGN standard's mandatory tags, in export order, with
// the values written when a tag is missing.
var sevenTagRoster = [...]Tag{
	{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
	{"White", "?"}, {"Black", "?"}, {"Result", "*"},
}

// lineWidth is the export format's longest movetext line.
const lineWidth = 80

// Write writes g in PGN export format: the seven-tag roster in order (a
// missing tag gets its unknown value, a missing Result tag the game's
// result), the other tags in their order (SetUp and FEN added when the game
// starts from another position and has no FEN tag), an empty line, the
// movetext wrapped at 80 columns with clock values as [%clk ...] and
// [%emt ...] comment commands, the termination marker, and an empty line.
// A null move is written "--".
func Write(w io.Writer, g *Game) error {
	bw := bufio.NewWriter(w)
	for _, t := range sevenTagRoster {
		v, ok := lookupTag(g, t.Name)
		if !ok {
			v = t.Value
			if t.Name == "Result" && g.Result != "" {
				v = g.Result
			}
		}
		writeTag(bw, t.Name, v)
	}
	start := rules.StartPosition()
	needFEN := g.Start.FEN() != start.FEN() && g.Tag("FEN") == ""
	if needFEN && g.Tag("SetUp") == "" {
		writeTag(bw, "SetUp", "1")
	}
	for _, t := range g.Tags {
		if !inRoster(t.Name) {
			writeTag(bw, t.Name, t.Value)
		}
	}
	if needFEN {
		writeTag(bw, "FEN", g.Start.FEN())
	}
	bw.WriteByte('\n')

	lw := lineWriter{w: bw}
	if g.Comment != "" {
		lw.comment(g.Comment)
	}
	p := g.Start
	needNumber := true
	for i, mv := range g.Moves {
		if p.Turn() == rules.White {
			lw.word(strconv.Itoa(p.FullmoveNumber()) + ".")
		} else if needNumber || i == 0 {
			lw.word(strconv.Itoa(p.FullmoveNumber()) + "...")
		}
		needNumber = false
		if mv.Move == rules.NoMove {
			lw.word("--")
		} else {
			lw.word(p.SAN(mv.Move))
		}
		next, err := playMove(&p, mv.Move)
		if err != nil {
			return &GameError{Game: g.Number, Ply: i + 1, Reason: err.Error()}
		}
		p = next
		for _, n := range mv.NAGs {
			lw.word("$" + strconv.Itoa(n))
		}
		if text := moveCommentText(mv); text != "" {
			lw.comment(text)
			needNumber = true
		}
		for _, v := range mv.Variations {
			lw.word("(")
			for _, f := range strings.Fields(v) {
				lw.word(f)
			}
			lw.word(")")
			needNumber = true
		}
	}
	result := g.Result
	if !isResult(result) {
		result = "*"
	}
	lw.word(result)
	lw.end()
	bw.WriteByte('\n')
	return bw.Flush()
}

// moveCommentText is the comment written after a move: the clock commands
// first, then the text.
func moveCommentText(mv Move) string {
	var parts []string
	if mv.HasClock {
		parts = append(parts, "[%clk "+formatClock(mv.Clock)+"]")
	}
	if mv.HasElapsed {
		parts = append(parts, "[%emt "+formatClock(mv.Elapsed)+"]")
	}
	if mv.Comment != "" {
		parts = append(parts, mv.Comment)
	}
	return strings.Join(parts, " ")
}

func lookupTag(g *Game, name string) (string, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

func inRoster(name string) bool {
	for _, t := range sevenTagRoster {
		if t.Name == name {
			return true
		}
	}
	return false
}

// writeTag writes [Name "value"] with '\' and '"' escaped.
func writeTag(w *bufio.Writer, name, value string) {
	w.WriteByte('[')
	w.WriteString(name)
	w.WriteString(` "`)
	for i := 0; i < len(value); i++ {
		if value[i] == '\\' || value[i] == '"' {
			w.WriteByte('\\')
		}
		w.WriteByte(value[i])
	}
	w.WriteString("\"]\n")
}

// lineWriter writes words separated by single spaces in lines of at most
// lineWidth columns (a longer word gets a line of its own).
type lineWriter struct {
	w   *bufio.Writer
	col int
}

func (l *lineWriter) word(s string) {
	if l.col > 0 && l.col+1+len(s) > lineWidth {
		l.w.WriteByte('\n')
		l.col = 0
	}
	if l.col > 0 {
		l.w.WriteByte(' ')
		l.col++
	}
	l.w.WriteString(s)
	l.col += len(s)
}

// comment writes a comment. Text with a '}' cannot be a brace comment and is
// written as a rest-of-line comment, which ends the line.
func (l *lineWriter) comment(text string) {
	if strings.IndexByte(text, '}') >= 0 {
		l.word(";" + text)
		l.w.WriteByte('\n')
		l.col = 0
		return
	}
	words := strings.Fields(text)
	if len(words) == 0 {
		return
	}
	if len(words) == 1 {
		l.word("{" + words[0] + "}")
		return
	}
	l.word("{" + words[0])
	for _, f := range words[1 : len(words)-1] {
		l.word(f)
	}
	l.word(words[len(words)-1] + "}")
}

func (l *lineWriter) end() {
	if l.col > 0 {
		l.w.WriteByte('\n')
		l.col = 0
	}
}

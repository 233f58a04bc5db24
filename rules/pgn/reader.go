package pgn

import (
	"io"
	"strconv"
	"strings"

	"github.com/hakem-chess/hakem/rules"
)

// GameError is a fault in one game of a file. Reading goes on with the next
// game.
type GameError struct {
	// Game is the game's number in the file (1-based).
	Game int
	// Ply is the 1-based ply of the move that could not be read, or the ply
	// reached when the fault was found; 0 for a fault in the tag section.
	Ply int
	// Reason says what is wrong, naming the move as written.
	Reason string
}

func (e *GameError) Error() string {
	if e.Ply == 0 {
		return "game " + strconv.Itoa(e.Game) + ": " + e.Reason
	}
	return "game " + strconv.Itoa(e.Game) + ": ply " + strconv.Itoa(e.Ply) + ": " + e.Reason
}

// Reader reads games one at a time from a PGN stream.
type Reader struct {
	// Strict rejects what the PGN standard does not allow but the reader
	// otherwise accepts: moves in UCI coordinate notation and null moves.
	// (Long algebraic moves such as Ng1-f3 are still read when
	// rules.ParseSAN accepts them.)
	Strict bool

	s     *scanner
	games int
}

// NewReader returns a lenient reader of the PGN games in r.
func NewReader(r io.Reader) *Reader {
	return &Reader{s: newScanner(r)}
}

// Next reads the next game. At the end of the input it returns io.EOF. A
// malformed game is returned as far as it could be read (its main line up
// to the faulty move) together with a *GameError; the next call reads the
// following game. A read error of the underlying reader is returned as is
// and ends reading.
func (r *Reader) Next() (*Game, error) {
	s := r.s
	if !s.skipSpace() {
		if s.err != nil {
			return nil, s.err
		}
		return nil, io.EOF
	}
	r.games++
	g := &Game{Number: r.games, Result: "*"}
	var fault *GameError
	fail := func(ply int, reason string) {
		if fault == nil {
			fault = &GameError{Game: g.Number, Ply: ply, Reason: reason}
		}
	}

	// Tag section: tag pairs, with any white space (blank lines) between.
	seen := map[string]int{}
	for s.skipSpace() {
		if c, _ := s.peek(); c != '[' {
			break
		}
		name, value, reason := s.tag()
		if reason != "" {
			fail(0, reason)
			continue
		}
		if i, ok := seen[name]; ok {
			g.Tags[i].Value = value
			continue
		}
		seen[name] = len(g.Tags)
		g.Tags = append(g.Tags, Tag{Name: name, Value: value})
	}
	if err := r.setUp(g); err != nil {
		fail(0, err.Error())
	}

	// Movetext.
	m := movetext{g: g, pos: g.Start, strict: r.Strict}
	for {
		tok := s.token()
		if tok.kind == tokEOF || tok.kind == tokTag {
			if m.depth > 0 {
				fail(m.ply()+1, "unterminated variation")
			}
			break
		}
		if m.depth == 0 && tok.kind == tokSymbol && isResult(tok.text) {
			g.Result = tok.text
			break
		}
		if reason := m.take(tok, fault != nil); reason != "" {
			fail(m.ply()+1, reason)
		}
	}
	m.flushComments()
	if s.err != nil {
		return nil, s.err
	}
	if fault != nil {
		return g, fault
	}
	return g, nil
}

// setUp sets the game's start position from its FEN and Variant tags.
func (r *Reader) setUp(g *Game) error {
	variant := g.Tag("Variant")
	chess960 := isChess960Variant(variant)
	if !chess960 && !isStandardVariant(variant) {
		g.Start = rules.StartPosition()
		return &moveError{"unsupported variant " + strconv.Quote(variant)}
	}
	fen := g.Tag("FEN")
	if fen == "" {
		g.Start = rules.StartPosition()
		if chess960 {
			g.Start.SetChess960(true)
		}
		return nil
	}
	var p rules.Position
	var err error
	if chess960 {
		p, err = rules.ParseFEN960(fen)
	} else {
		p, err = rules.ParseFEN(fen)
	}
	if err != nil {
		g.Start = rules.StartPosition()
		return &moveError{"FEN tag: " + err.Error()}
	}
	g.Start = p
	return nil
}

// isResult reports whether a symbol is a game termination marker.
func isResult(s string) bool {
	return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"
}

// movetext follows the tokens of one game's movetext: the main line is
// played on pos, variations are collected as text.
type movetext struct {
	g      *Game
	pos    rules.Position
	strict bool
	depth  int             // nesting of variations
	vtext  strings.Builder // the variation being collected (depth > 0)
	notes  strings.Builder // comments since the last move
	moves  []rules.Move    // scratch for move lookup
}

func (m *movetext) ply() int { return len(m.g.Moves) }

// take processes one token. After a fault (skip) it only follows the
// structure, so that the game's end is still found.
func (m *movetext) take(tok token, skip bool) string {
	if m.depth > 0 {
		return m.takeInVariation(tok)
	}
	switch tok.kind {
	case tokOpen:
		m.depth = 1
		m.vtext.Reset()
		return ""
	case tokClose:
		return "')' without a variation"
	case tokBad:
		return "unexpected character " + strconv.Quote(tok.text)
	case tokComment:
		if skip {
			return ""
		}
		m.comment(tok.text)
		return ""
	case tokNAG:
		if skip {
			return ""
		}
		n, err := strconv.Atoi(tok.text[1:])
		if err != nil || n > 255 {
			return "bad NAG " + strconv.Quote(tok.text)
		}
		m.nag(n)
		return ""
	}
	if skip {
		return ""
	}
	return m.symbol(tok.text)
}

// comment collects a comment's text for the last move, or for the game
// before the first move; flushComments files it.
func (m *movetext) comment(text string) {
	if m.notes.Len() > 0 {
		m.notes.WriteByte(' ')
	}
	m.notes.WriteString(text)
}

// flushComments files the comments collected since the last move. Clock
// commands are taken from the move's whole comment text (all its comments
// joined), so that a command split over two comments reads the same before
// and after writing; the game comment keeps its text as it is.
func (m *movetext) flushComments() {
	if m.notes.Len() == 0 {
		return
	}
	text := m.notes.String()
	m.notes.Reset()
	if len(m.g.Moves) == 0 {
		m.g.Comment = normalizeSpace(text)
		return
	}
	mv := &m.g.Moves[len(m.g.Moves)-1]
	rest, clk, emt, hasClk, hasEmt := commentCommands(text)
	mv.Comment = rest
	if hasClk {
		mv.Clock, mv.HasClock = clk, true
	}
	if hasEmt {
		mv.Elapsed, mv.HasElapsed = emt, true
	}
}

// nag attaches an annotation glyph to the last move (one before the first
// move has nothing to annotate and is dropped).
func (m *movetext) nag(n int) {
	if len(m.g.Moves) == 0 {
		return
	}
	mv := &m.g.Moves[len(m.g.Moves)-1]
	mv.NAGs = append(mv.NAGs, n)
}

// takeInVariation adds a token to the variation being collected.
func (m *movetext) takeInVariation(tok token) string {
	var word string
	switch tok.kind {
	case tokOpen:
		m.depth++
		word = "("
	case tokClose:
		m.depth--
		if m.depth == 0 {
			if len(m.g.Moves) > 0 {
				mv := &m.g.Moves[len(m.g.Moves)-1]
				mv.Variations = append(mv.Variations, m.vtext.String())
			}
			return ""
		}
		word = ")"
	case tokComment:
		text := normalizeSpace(tok.text)
		if tok.semi {
			text = strings.ReplaceAll(text, "}", "")
		}
		word = "{" + text + "}"
	case tokBad:
		return "unexpected character " + strconv.Quote(tok.text) + " in a variation"
	default:
		word = tok.text
	}
	if m.vtext.Len() > 0 {
		m.vtext.WriteByte(' ')
	}
	m.vtext.WriteString(word)
	return ""
}

// suffixNAGs maps suffix annotations to their NAG numbers.
var suffixNAGs = map[string]int{"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}

// symbol handles a move number, a move with suffix annotations, or a
// stand-alone suffix annotation.
func (m *movetext) symbol(text string) string {
	word := text
	// Move numbers: "12.", "12...", "12..Nf6", "12.Nf6", "12" (not castling
	// written with zeros, "0-0").
	if word[0] >= '0' && word[0] <= '9' && !strings.HasPrefix(word, "0-0") {
		i := 0
		for i < len(word) && word[i] >= '0' && word[i] <= '9' {
			i++
		}
		if i == len(word) || word[i] == '.' {
			word = word[i:]
		}
	}
	word = strings.TrimLeft(word, ".")
	// Suffix annotations.
	end := len(word)
	for end > 0 && (word[end-1] == '!' || word[end-1] == '?') {
		end--
	}
	suffix := word[end:]
	word = word[:end]
	if word == "" {
		if suffix != "" {
			n, ok := suffixNAGs[suffix]
			if !ok {
				return "bad annotation " + strconv.Quote(suffix)
			}
			m.nag(n)
		}
		return ""
	}
	if word == "e.p." || word == "ep" || strings.Trim(word, "+#") == "" {
		return "" // stray check marks or e.p. written apart from the move
	}
	mv, err := m.readMove(word)
	if err != nil {
		return moveLabel(&m.pos, word) + ": " + err.Error()
	}
	next, err := playMove(&m.pos, mv)
	if err != nil {
		return moveLabel(&m.pos, word) + ": " + err.Error()
	}
	m.pos = next
	m.flushComments()
	m.g.Moves = append(m.g.Moves, Move{Move: mv})
	if suffix != "" {
		if n, ok := suffixNAGs[suffix]; ok {
			m.nag(n)
		}
	}
	return ""
}

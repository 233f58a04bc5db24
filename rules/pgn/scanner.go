package pgn

import (
	"errors"
	"io"
	"strings"
)

// tokenKind is the kind of a lexical token of PGN movetext.
type tokenKind uint8

const (
	tokEOF     tokenKind = iota
	tokSymbol            // a move, a move number, a result, a suffix annotation
	tokNAG               // $n
	tokComment           // {...} or ;... (text without the delimiters)
	tokOpen              // (
	tokClose             // )
	tokTag               // [ : the start of a tag pair, not consumed
	tokBad               // a character that has no place in movetext
)

// token is one lexical unit of movetext.
type token struct {
	kind tokenKind
	text string
	semi bool // a ';' rest-of-line comment
}

// scanner cuts a PGN byte stream into tokens. It knows about line starts for
// the '%' escape mechanism and skips a UTF-8 byte-order mark.
type scanner struct {
	r         io.Reader
	data      []byte // buffered input; data[pos:] not yet consumed
	pos       int
	lineStart bool
	err       error // the first read error other than io.EOF
	eof       bool
	buf       []byte
}

func newScanner(r io.Reader) *scanner {
	return &scanner{r: r, data: make([]byte, 0, 64<<10), lineStart: true}
}

// maxTokenLen bounds a single token (a comment, a tag value) so that a
// hostile input cannot make the reader hold an unbounded amount of memory.
const maxTokenLen = 1 << 20

// fill makes at least n unconsumed bytes available if the input has them;
// it reports whether it could.
func (s *scanner) fill(n int) bool {
	empty := 0
	for len(s.data)-s.pos < n {
		if s.eof {
			return false
		}
		if s.pos > 0 {
			s.data = append(s.data[:0], s.data[s.pos:]...)
			s.pos = 0
		}
		m, err := s.r.Read(s.data[len(s.data):cap(s.data)])
		s.data = s.data[:len(s.data)+m]
		if m == 0 && err == nil {
			if empty++; empty >= 100 {
				err = io.ErrNoProgress
			}
		}
		if err != nil {
			s.eof = true
			if !errors.Is(err, io.EOF) {
				s.err = err
			}
		}
	}
	return true
}

// peek returns the next byte without consuming it; ok is false at the end
// of the input or on a read error.
func (s *scanner) peek() (byte, bool) {
	if s.pos < len(s.data) {
		return s.data[s.pos], true
	}
	if !s.fill(1) {
		return 0, false
	}
	return s.data[s.pos], true
}

// next consumes and returns the next byte.
func (s *scanner) next() (byte, bool) {
	c, ok := s.peek()
	if !ok {
		return 0, false
	}
	s.pos++
	s.lineStart = c == '\n' || c == '\r'
	return c, true
}

// skipLine consumes up to and including the next line end.
func (s *scanner) skipLine() {
	for {
		c, ok := s.next()
		if !ok || c == '\n' || c == '\r' {
			return
		}
	}
}

// skipSpace consumes white space, '%' escape lines, byte-order marks and
// commas (found between moves in old files). It reports whether input is
// left.
func (s *scanner) skipSpace() bool {
	for {
		c, ok := s.peek()
		if !ok {
			return false
		}
		switch {
		case c == '%' && s.lineStart:
			s.skipLine()
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == ',':
			s.next()
		case c == 0xEF:
			if !s.fill(3) || s.data[s.pos+1] != 0xBB || s.data[s.pos+2] != 0xBF {
				return true
			}
			s.pos += 3
		default:
			return true
		}
	}
}

// isSymbolByte reports whether c continues a symbol token (moves, move
// numbers, results and suffix annotations are all symbols).
func isSymbolByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		strings.IndexByte("_+#=:-/.!?@~", c) >= 0
}

// token reads the next movetext token.
func (s *scanner) token() token {
	if !s.skipSpace() {
		return token{kind: tokEOF}
	}
	c, _ := s.peek()
	switch {
	case c == '[':
		return token{kind: tokTag}
	case c == '{':
		s.next()
		return token{kind: tokComment, text: s.readUntil('}', false)}
	case c == ';':
		s.next()
		return token{kind: tokComment, text: s.readUntil('\n', true), semi: true}
	case c == '(':
		s.next()
		return token{kind: tokOpen, text: "("}
	case c == ')':
		s.next()
		return token{kind: tokClose, text: ")"}
	case c == '*':
		s.next()
		return token{kind: tokSymbol, text: "*"}
	case c == '$':
		s.next()
		s.buf = append(s.buf[:0], '$')
		for {
			d, ok := s.peek()
			if !ok || d < '0' || d > '9' || len(s.buf) > 8 {
				break
			}
			s.next()
			s.buf = append(s.buf, d)
		}
		return token{kind: tokNAG, text: string(s.buf)}
	case isSymbolByte(c):
		s.buf = s.buf[:0]
		for {
			d, ok := s.peek()
			if !ok || !isSymbolByte(d) || len(s.buf) >= maxTokenLen {
				break
			}
			s.next()
			s.buf = append(s.buf, d)
		}
		return token{kind: tokSymbol, text: string(s.buf)}
	}
	s.next()
	return token{kind: tokBad, text: string([]byte{c})}
}

// readUntil reads up to the delimiter (consumed, not returned). A ';'
// comment also ends at a CR. The end of the input ends the text as well.
func (s *scanner) readUntil(delim byte, lineEnd bool) string {
	s.buf = s.buf[:0]
	for {
		c, ok := s.peek()
		if !ok {
			break
		}
		if c == delim || lineEnd && c == '\r' {
			s.next()
			break
		}
		s.next()
		if len(s.buf) < maxTokenLen {
			s.buf = append(s.buf, c)
		}
	}
	return string(s.buf)
}

// tag reads a tag pair [Name "value"]. The opening bracket is next in the
// input. On a malformed tag the rest of the line is skipped and an error
// reason returned.
func (s *scanner) tag() (name, value, reason string) {
	s.next() // '['
	s.skipBlanks()
	s.buf = s.buf[:0]
	for {
		c, ok := s.peek()
		if !ok || !(isSymbolByte(c)) || len(s.buf) >= 256 {
			break
		}
		s.next()
		s.buf = append(s.buf, c)
	}
	name = string(s.buf)
	if name == "" {
		s.skipLine()
		return "", "", "tag pair without a name"
	}
	s.skipBlanks()
	if c, ok := s.peek(); !ok || c != '"' {
		s.skipLine()
		return name, "", "tag " + name + ": value is not a quoted string"
	}
	s.next()
	s.buf = s.buf[:0]
	for {
		c, ok := s.next()
		if !ok || c == '\n' || c == '\r' {
			return name, "", "tag " + name + ": unterminated string"
		}
		if c == '"' {
			break
		}
		if c == '\\' {
			if d, ok := s.peek(); ok && (d == '"' || d == '\\') {
				s.next()
				c = d
			}
		}
		if len(s.buf) < maxTokenLen {
			s.buf = append(s.buf, c)
		}
	}
	value = string(s.buf)
	s.skipBlanks()
	if c, ok := s.peek(); !ok || c != ']' {
		s.skipLine()
		return name, value, "tag " + name + ": missing ']'"
	}
	s.next()
	return name, value, ""
}

// skipBlanks skips spaces and tabs (inside a tag pair).
func (s *scanner) skipBlanks() {
	for {
		c, ok := s.peek()
		if !ok || c != ' ' && c != '\t' {
			return
		}
		s.next()
	}
}

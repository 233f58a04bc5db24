package ratinglist

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// column is a field of the TXT layout: its label and first column (0-based,
// in characters).
type column struct {
	label string
	start int
}

// ReadTXT reads a fixed-width TXT list: the header line, then one player a
// line. Lines are UTF-8 or Latin-1 (converted).
func ReadTXT(r io.Reader, single Category) ([]Player, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	if !sc.Scan() {
		return nil, &Error{Line: 1, Reason: "no header line"}
	}
	cols, err := header(runes(sc.Bytes()))
	if err != nil {
		return nil, err
	}
	var out []Player
	for line := 2; sc.Scan(); line++ {
		text := runes(sc.Bytes())
		if strings.TrimSpace(string(text)) == "" {
			continue
		}
		p, err := player(text, cols, single, line)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, &Error{Line: len(out) + 2, Reason: err.Error()}
	}
	return out, nil
}

// runes is a line as characters: UTF-8, else Latin-1.
func runes(b []byte) []rune {
	b = []byte(strings.TrimRight(string(b), "\r"))
	if utf8.Valid(b) {
		return []rune(string(b))
	}
	rs := make([]rune, len(b))
	for i, c := range b {
		rs[i] = rune(c)
	}
	return rs
}

// header finds the columns from the header line's labels ("ID Number" is
// one label).
func header(h []rune) ([]column, error) {
	s := strings.Replace(string(h), "ID Number", "ID_Number", 1)
	rs := []rune(s)
	var cols []column
	for i := 0; i < len(rs); {
		if rs[i] == ' ' {
			i++
			continue
		}
		j := i
		for j < len(rs) && rs[j] != ' ' {
			j++
		}
		cols = append(cols, column{label: strings.ToLower(string(rs[i:j])), start: i})
		i = j
	}
	if len(cols) < 3 || cols[0].label != "id_number" || cols[1].label != "name" {
		return nil, &Error{Line: 1, Reason: "not a FIDE list's header (ID Number, Name, Fed, …)"}
	}
	return cols, nil
}

// player reads one line.
func player(text []rune, cols []column, single Category, line int) (Player, error) {
	var p Player
	field := func(i int) string {
		start := cols[i].start
		end := len(text)
		if i+1 < len(cols) {
			end = min(cols[i+1].start, len(text))
		}
		if start >= end {
			return ""
		}
		return strings.TrimSpace(string(text[start:end]))
	}
	for i, c := range cols {
		v := field(i)
		var err error
		num := func(dst *int) {
			if v != "" {
				*dst, err = strconv.Atoi(v)
			}
		}
		switch c.label {
		case "id_number":
			p.FideID = v
			if v == "" || strings.Trim(v, "0123456789") != "" {
				return p, &Error{Line: line, Column: c.start + 1, Reason: "ID Number: " + strconv.Quote(v) + " is not a FIDE id"}
			}
		case "name":
			p.Name = v
		case "fed":
			p.Federation = v
		case "sex":
			p.Sex = map[string]string{"M": "m", "F": "w", "W": "w"}[strings.ToUpper(v)]
		case "tit":
			p.Title = v
		case "wtit":
			p.WomanTitle = v
		case "otit":
			p.OtherTitle = v
		case "srtng":
			num(&p.Ratings[Standard].Rating)
		case "sgm":
			num(&p.Ratings[Standard].Games)
		case "sk":
			num(&p.Ratings[Standard].K)
		case "rrtng":
			num(&p.Ratings[Rapid].Rating)
		case "rgm":
			num(&p.Ratings[Rapid].Games)
		case "rk":
			num(&p.Ratings[Rapid].K)
		case "brtng":
			num(&p.Ratings[Blitz].Rating)
		case "bgm":
			num(&p.Ratings[Blitz].Games)
		case "bk":
			num(&p.Ratings[Blitz].K)
		case "gms":
			num(&p.Ratings[single].Games)
		case "k":
			num(&p.Ratings[single].K)
		case "b-day":
			num(&p.BirthYear)
		case "flag":
			p.Flag = v
		default:
			if month(c.label) {
				num(&p.Ratings[single].Rating) // a single list's rating column, labelled by its month ("Dec26")
			}
		}
		if err != nil {
			return p, &Error{Line: line, Column: c.start + 1, Reason: c.label + ": " + strconv.Quote(v) + " is not a number"}
		}
	}
	return p, nil
}

// month reports whether a label is a list's month ("dec26", "jan27").
func month(label string) bool {
	if len(label) != 5 {
		return false
	}
	names := "jan feb mar apr may jun jul aug sep oct nov dec"
	_, err := strconv.Atoi(label[3:])
	return err == nil && strings.Contains(names, label[:3])
}

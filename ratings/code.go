package ratings

import (
	"fmt"
	"strconv"
	"strings"
)

// Code is one tie-break as TRF-26's record 202 names it: the name (BH, SB,
// …) and the cut modifiers /C1 (drop the lowest value), /M1 (drop the
// lowest and the highest) and their larger counts.
type Code struct {
	Name string
	// CutLow and CutHigh are how many of the lowest and highest values
	// are dropped.
	CutLow, CutHigh int
	// Text is the code as written.
	Text string
}

// String returns the code as written.
func (c Code) String() string { return c.Text }

// codeInfo describes a tie-break name: whether higher values rank higher,
// how many decimals FIDE's tools print, which modifiers it takes.
type codeInfo struct {
	descending bool
	decimals   int
	cut        bool // takes /Cn and /Mn
}

var codeTable = map[string]codeInfo{
	"PTS":  {true, 1, false},
	"BH":   {true, 1, true},
	"FB":   {true, 1, true},
	"SB":   {true, 2, true},
	"AOB":  {true, 2, false},
	"DE":   {false, 0, false},
	"WIN":  {true, 0, false},
	"WON":  {true, 0, false},
	"BPG":  {true, 0, false},
	"BWG":  {true, 0, false},
	"PS":   {true, 1, true},
	"REP":  {true, 0, false},
	"KS":   {true, 1, false},
	"ARO":  {true, 0, true},
	"TPR":  {true, 0, true},
	"PTP":  {true, 0, true},
	"APRO": {true, 0, false},
	"APPO": {true, 0, false},
	"STD":  {true, 1, false},
	"TPN":  {false, 0, false},
	"RTNG": {true, 0, false},
}

// ParseCode reads a tie-break code such as "BH", "BH/C1" or "SB/M2". Names
// and modifiers are case-insensitive.
func ParseCode(s string) (Code, error) {
	text := strings.TrimSpace(s)
	parts := strings.Split(strings.ToUpper(text), "/")
	c := Code{Name: parts[0], Text: text}
	info, ok := codeTable[c.Name]
	if !ok {
		return Code{}, fmt.Errorf("ratings: unknown tie-break %q", s)
	}
	for _, m := range parts[1:] {
		if len(m) < 2 || (m[0] != 'C' && m[0] != 'M') {
			return Code{}, fmt.Errorf("ratings: tie-break %q: unknown modifier %q", s, m)
		}
		n, err := strconv.Atoi(m[1:])
		if err != nil || n < 0 || n > 99 {
			return Code{}, fmt.Errorf("ratings: tie-break %q: bad count in modifier %q", s, m)
		}
		if !info.cut || (m[0] == 'M' && c.Name == "PS") {
			return Code{}, fmt.Errorf("ratings: tie-break %q: %s takes no modifier %q", s, c.Name, m)
		}
		c.CutLow = n
		if m[0] == 'M' {
			c.CutHigh = n
		}
	}
	return c, nil
}

// ParseCodes reads a comma-separated list of codes ("BH/C1,BH,SB").
func ParseCodes(list string) ([]Code, error) {
	var out []Code
	for _, f := range strings.Split(list, ",") {
		if strings.TrimSpace(f) == "" {
			return nil, fmt.Errorf("ratings: empty tie-break in %q", list)
		}
		c, err := ParseCode(f)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// Value is a tie-break value; Defined is false where FIDE's tools leave the
// cell empty (a performance without rated opponents, for example).
type Value struct {
	X       float64
	Defined bool
}

// Format prints v the way FIDE's tie-break tools print the code's column:
// fixed decimals (PTS, BH, PS one; SB, AOB two; counts and ratings none),
// an empty string when undefined.
func (c Code) Format(v Value) string {
	if !v.Defined {
		return ""
	}
	return strconv.FormatFloat(v.X, 'f', codeTable[c.Name].decimals, 64)
}

// Package ratinglist reads FIDE's downloadable player lists: the
// fixed-width TXT files (the combined list players_list_foa.txt, with the
// standard, rapid and blitz ratings side by side, and the single lists
// standard_, rapid_ and blitz_rating_list.txt) and their XML versions.
//
// The TXT columns are found from the header line: each field runs from
// the first column of its header label to the column before the next
// label, so the reader follows FIDE's layout (ID Number, Name, Fed, Sex,
// Tit, WTit, OTit, FOA, SRtng SGm SK, RRtng RGm Rk, BRtng BGm BK or, in a
// single list, the month's rating column, Gms and K, then B-day and Flag)
// without fixed offsets.
package ratinglist

import (
	"bufio"
	"fmt"
	"io"
)

// Category is one of FIDE's rating lists.
type Category int

// The lists.
const (
	Standard Category = iota
	Rapid
	Blitz
)

// String names the list.
func (c Category) String() string { return [...]string{"standard", "rapid", "blitz"}[c] }

// ParseCategory reads "standard", "rapid" or "blitz".
func ParseCategory(s string) (Category, error) {
	for c := Standard; c <= Blitz; c++ {
		if c.String() == s {
			return c, nil
		}
	}
	return 0, fmt.Errorf("ratinglist: %q is not a list (standard, rapid, blitz)", s)
}

// Rating is a player's entry in one list: the rating (0 when not rated
// there), the games rated in the last period and the K-factor.
type Rating struct {
	Rating int `json:"rating,omitempty"`
	Games  int `json:"games,omitempty"`
	K      int `json:"k,omitempty"`
}

// Player is one player of a list.
type Player struct {
	FideID     string `json:"fide_id"`
	Name       string `json:"name"`
	Federation string `json:"federation,omitempty"`
	Sex        string `json:"sex,omitempty"` // "m" or "w" (the list's M, F)
	Title      string `json:"title,omitempty"`
	WomanTitle string `json:"woman_title,omitempty"`
	OtherTitle string `json:"other_title,omitempty"`
	BirthYear  int    `json:"birth_year,omitempty"`
	Flag       string `json:"flag,omitempty"` // i inactive, w woman, wi both
	// Ratings are the standard, rapid and blitz entries (by Category).
	Ratings [3]Rating `json:"ratings"`
}

// PlayerTitle is the player's title as a tournament registers it: the
// open title, else the woman's title.
func (p Player) PlayerTitle() string {
	if p.Title != "" {
		return p.Title
	}
	return p.WomanTitle
}

// Error is a line of a list that cannot be read.
type Error struct {
	Line   int
	Column int
	Reason string
}

func (e *Error) Error() string {
	if e.Column > 0 {
		return fmt.Sprintf("ratinglist: line %d, column %d: %s", e.Line, e.Column, e.Reason)
	}
	return fmt.Sprintf("ratinglist: line %d: %s", e.Line, e.Reason)
}

// Read reads a list in either format (XML when its first non-blank byte
// is '<'); single is the list a single-list file is (a combined file says
// each rating's list itself).
func Read(r io.Reader, single Category) ([]Player, error) {
	br := bufio.NewReader(r)
	for {
		b, err := br.Peek(1)
		if err != nil {
			return nil, &Error{Line: 1, Reason: "an empty list"}
		}
		if b[0] == ' ' || b[0] == '\t' || b[0] == '\r' || b[0] == '\n' || b[0] == 0xef || b[0] == 0xbb || b[0] == 0xbf {
			_, _ = br.ReadByte()
			continue
		}
		if b[0] == '<' {
			return ReadXML(br, single)
		}
		return ReadTXT(br, single)
	}
}

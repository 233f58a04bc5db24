package ratinglist

import (
	"encoding/xml"
	"io"
	"strconv"
	"strings"
)

// xmlPlayer is a <player> of FIDE's XML lists: the combined list has the
// rapid_ and blitz_ fields beside rating, games and k (the standard's); a
// single list has rating, games and k only (its own list's).
type xmlPlayer struct {
	FideID      string `xml:"fideid"`
	Name        string `xml:"name"`
	Country     string `xml:"country"`
	Sex         string `xml:"sex"`
	Title       string `xml:"title"`
	WTitle      string `xml:"w_title"`
	OTitle      string `xml:"o_title"`
	Rating      string `xml:"rating"`
	Games       string `xml:"games"`
	K           string `xml:"k"`
	RapidRating string `xml:"rapid_rating"`
	RapidGames  string `xml:"rapid_games"`
	RapidK      string `xml:"rapid_k"`
	BlitzRating string `xml:"blitz_rating"`
	BlitzGames  string `xml:"blitz_games"`
	BlitzK      string `xml:"blitz_k"`
	Birthday    string `xml:"birthday"`
	Flag        string `xml:"flag"`
}

// ReadXML reads an XML list (<playerslist><player>…</player>…).
func ReadXML(r io.Reader, single Category) ([]Player, error) {
	dec := xml.NewDecoder(r)
	var out []Player
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return out, nil
		}
		line, _ := dec.InputPos()
		if err != nil {
			return nil, &Error{Line: line, Reason: err.Error()}
		}
		se, ok := tok.(xml.StartElement)
		if !ok || se.Name.Local != "player" {
			continue
		}
		var x xmlPlayer
		if err := dec.DecodeElement(&x, &se); err != nil {
			return nil, &Error{Line: line, Reason: err.Error()}
		}
		p, err := x.player(single, line)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
}

func (x xmlPlayer) player(single Category, line int) (Player, error) {
	p := Player{FideID: strings.TrimSpace(x.FideID), Name: strings.TrimSpace(x.Name), Federation: strings.TrimSpace(x.Country),
		Title: strings.TrimSpace(x.Title), WomanTitle: strings.TrimSpace(x.WTitle), OtherTitle: strings.TrimSpace(x.OTitle),
		Flag: strings.TrimSpace(x.Flag)}
	p.Sex = map[string]string{"M": "m", "F": "w", "W": "w"}[strings.ToUpper(strings.TrimSpace(x.Sex))]
	if p.FideID == "" || strings.Trim(p.FideID, "0123456789") != "" {
		return p, &Error{Line: line, Reason: "fideid: " + strconv.Quote(p.FideID) + " is not a FIDE id"}
	}
	combined := x.RapidRating != "" || x.BlitzRating != "" || x.RapidGames != "" || x.BlitzGames != ""
	own := single
	if combined {
		own = Standard
	}
	fields := []struct {
		name, v string
		dst     *int
	}{
		{"rating", x.Rating, &p.Ratings[own].Rating}, {"games", x.Games, &p.Ratings[own].Games}, {"k", x.K, &p.Ratings[own].K},
		{"rapid_rating", x.RapidRating, &p.Ratings[Rapid].Rating}, {"rapid_games", x.RapidGames, &p.Ratings[Rapid].Games}, {"rapid_k", x.RapidK, &p.Ratings[Rapid].K},
		{"blitz_rating", x.BlitzRating, &p.Ratings[Blitz].Rating}, {"blitz_games", x.BlitzGames, &p.Ratings[Blitz].Games}, {"blitz_k", x.BlitzK, &p.Ratings[Blitz].K},
		{"birthday", x.Birthday, &p.BirthYear},
	}
	for _, f := range fields {
		v := strings.TrimSpace(f.v)
		if v == "" {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return p, &Error{Line: line, Reason: f.name + ": " + strconv.Quote(v) + " is not a number"}
		}
		*f.dst = n
	}
	return p, nil
}

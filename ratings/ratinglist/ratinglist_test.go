package ratinglist

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// want are the players of the hand-made samples in testdata (the same
// five players in each format).
var want = []Player{
	{FideID: "34100010", Name: "Kaya, Deniz", Federation: "TUR", Sex: "m", Title: "GM", BirthYear: 1994,
		Ratings: [3]Rating{{2601, 9, 10}, {2555, 0, 20}, {2580, 12, 20}}},
	{FideID: "34100028", Name: "Yilmaz, Elif", Federation: "TUR", Sex: "w", Title: "IM", WomanTitle: "WGM", OtherTitle: "FT", BirthYear: 2001, Flag: "w",
		Ratings: [3]Rating{{2405, 4, 20}, {2390, 0, 20}, {}}},
	{FideID: "4611234", Name: "Schmidt, Jonas", Federation: "GER", Sex: "m", BirthYear: 2011,
		Ratings: [3]Rating{{1987, 0, 40}, {}, {1850, 3, 40}}},
	{FideID: "13300050", Name: "Ionescu, Ana-Maria", Federation: "ROU", Sex: "w", WomanTitle: "WFM", BirthYear: 2009, Flag: "wi",
		Ratings: [3]Rating{{2101, 7, 40}, {2050, 0, 40}, {2010, 0, 40}}},
	{FideID: "2099990", Name: "Okafor, Chidi", Federation: "NGR", Sex: "m", Title: "FM", OtherTitle: "IA", BirthYear: 1988, Flag: "i",
		Ratings: [3]Rating{{2288, 2, 20}, {2301, 1, 20}, {2275, 0, 20}}},
}

// only keeps the list c of each player's ratings.
func only(ps []Player, c Category) []Player {
	out := make([]Player, len(ps))
	for i, p := range ps {
		out[i] = p
		out[i].Ratings = [3]Rating{}
		out[i].Ratings[c] = p.Ratings[c]
	}
	return out
}

func TestRead(t *testing.T) {
	for _, tc := range []struct {
		file   string
		single Category
		want   []Player
	}{
		{"players_list_foa.txt", Standard, want},
		{"players_list_xml_foa.xml", Standard, want},
		{"rapid_rating_list.txt", Rapid, only(want, Rapid)},
		{"blitz_rating_list_xml.xml", Blitz, only(want, Blitz)},
	} {
		t.Run(tc.file, func(t *testing.T) {
			f, err := os.Open("testdata/" + tc.file)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			got, err := Read(f, tc.single)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got\n%+v\nwant\n%+v", got, tc.want)
			}
		})
	}
}

func TestReadErrors(t *testing.T) {
	data, err := os.ReadFile("testdata/players_list_foa.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, text, want string }{
		{"header", "Name Fed\n", "line 1"},
		{"id", strings.Replace(string(data), "4611234 ", "46x1234 ", 1), "line 4, column 1"},
		{"rating", strings.Replace(string(data), "2601", "26o1", 1), "line 2, column 114"},
		{"xml", "<playerslist><player><fideid>12</fideid><rating>x</rating></player></playerslist>", "rating"},
		{"empty", "", "empty"},
	} {
		_, err := Read(strings.NewReader(tc.text), Standard)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error naming %q", tc.name, err, tc.want)
		}
	}
}

func TestPlayerTitle(t *testing.T) {
	if want[1].PlayerTitle() != "IM" || want[3].PlayerTitle() != "WFM" || want[2].PlayerTitle() != "" {
		t.Error(want[1].PlayerTitle(), want[3].PlayerTitle())
	}
}

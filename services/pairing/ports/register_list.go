package ports

import (
	"encoding/csv"
	"errors"
	"fmt"
	"github.com/hakem-chess/hakem/services/internal/bounds"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/httpjson"
	"github.com/hakem-chess/hakem/services/pairing/domain"
)

// playerEntry is one player of a registration (alone, in a list or a
// CSV line).
type playerEntry struct {
	PlayerID    string `json:"player_id" bounds:"len=64"`
	Name        string `json:"name" bounds:"chars=100"`
	Rating      int    `json:"rating" bounds:"min=-1000000,max=1000000"` // the domain names a rating out of range
	FideID      string `json:"fide_id" bounds:"len=16"`
	Federation  string `json:"federation" bounds:"len=8"`
	Title       string `json:"title" bounds:"len=8"`
	RatedGames  int    `json:"rated_games" bounds:"min=0,max=100000"`
	BirthYear   int    `json:"birth_year" bounds:"min=-1000000,max=1000000"` // likewise the birth year
	Reached2400 bool   `json:"reached_2400"`
	Sex         string `json:"sex" bounds:"len=1"`
	// MissedRounds is a late entry's missed rounds: "Z" (default) or "H".
	MissedRounds string `json:"missed_rounds" bounds:"len=1"`
}

func (p playerEntry) event() events.PlayerRegistered {
	return events.PlayerRegistered{PlayerID: p.PlayerID, Name: p.Name, Rating: p.Rating, FideID: p.FideID, Federation: p.Federation,
		Title: p.Title, RatedGames: p.RatedGames, BirthYear: p.BirthYear, Reached2400: p.Reached2400, Sex: p.Sex, MissedRounds: p.MissedRounds}
}

// CSVColumns are the columns of a player list sent as text/csv (a header
// line naming them, in any order; name is required, the others may be
// left out): name, fide_id, federation, title, rating, birth_year, sex,
// and the optional player_id and rated_games.
var CSVColumns = []string{"name", "fide_id", "federation", "title", "rating", "birth_year", "sex", "player_id", "rated_games"}

// readCSV reads a player list: the header line, then one player a line.
// An error names the line and the column.
func readCSV(r io.Reader) ([]playerEntry, error) {
	cr := csv.NewReader(r)
	cr.TrimLeadingSpace = true
	header, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("line 1: the header line (%s): %v", strings.Join(CSVColumns, ","), err)
	}
	col := map[string]int{}
	for i, h := range header {
		h = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
		known := false
		for _, c := range CSVColumns {
			known = known || c == h
		}
		if !known {
			return nil, fmt.Errorf("line 1, column %d: %q is not a column (%s)", i+1, h, strings.Join(CSVColumns, ", "))
		}
		col[h] = i
	}
	if _, ok := col["name"]; !ok {
		if _, ok := col["fide_id"]; !ok {
			return nil, errors.New("line 1: the header has neither name nor fide_id")
		}
	}
	var out []playerEntry
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", line, err)
		}
		get := func(name string) string {
			if i, ok := col[name]; ok && i < len(rec) {
				return strings.TrimSpace(rec[i])
			}
			return ""
		}
		num := func(name string) (int, error) {
			s := get(name)
			if s == "" {
				return 0, nil
			}
			n, err := strconv.Atoi(s)
			if err != nil {
				return 0, fmt.Errorf("line %d, column %d (%s): %q is not a number", line, col[name]+1, name, s)
			}
			return n, nil
		}
		p := playerEntry{PlayerID: get("player_id"), Name: get("name"), FideID: get("fide_id"), Federation: get("federation"),
			Title: get("title"), Sex: get("sex")}
		for _, f := range []struct {
			name string
			dst  *int
		}{{"rating", &p.Rating}, {"birth_year", &p.BirthYear}, {"rated_games", &p.RatedGames}} {
			if *f.dst, err = num(f.name); err != nil {
				return nil, err
			}
		}
		out = append(out, p)
	}
}

// registerCSV registers the players of a text/csv body, all or none
// (the query gives idempotency_key and by).
func (h HTTP) registerCSV(w http.ResponseWriter, r *http.Request) {
	list, err := readCSV(http.MaxBytesReader(w, r.Body, httpjson.MaxBody))
	if err != nil {
		httpjson.Error(w, http.StatusBadRequest, "invalid", "csv: "+err.Error())
		return
	}
	// The CSV's fields under the limits of a JSON list's (lengths, no control characters).
	if err := bounds.Check(&struct {
		Players []playerEntry `json:"players" bounds:"len=10000"`
	}{list}); err != nil {
		httpjson.Error(w, http.StatusBadRequest, "invalid", "csv: "+err.Error())
		return
	}
	q := r.URL.Query()
	req := request{IdempotencyKey: q.Get("idempotency_key"), By: q.Get("by")}
	if err := bounds.Check(&req); err != nil { // the query's key and arbiter, as a JSON body's
		httpjson.Error(w, http.StatusBadRequest, "invalid", "query: "+err.Error())
		return
	}
	h.registerAll(w, r, list, req, "line %d")
}

// registerAll registers list; a refusal's "players[i]" is named as entry
// says (the CSV's line, or the list's index).
func (h HTTP) registerAll(w http.ResponseWriter, r *http.Request, list []playerEntry, req request, entry string) {
	ps := make([]events.PlayerRegistered, len(list))
	for i, p := range list {
		ps[i] = p.event()
	}
	// The key is bound to the list (one key, one command), as the other routes bind theirs.
	o, err := h.Pairing.RegisterList(r.Context(), r.PathValue("id"), ps, meta(r, req), httpjson.CommandKey(r, req.IdempotencyKey, list))
	if err != nil {
		if entry != "" {
			err = renameEntry(err, entry)
		}
		fail(w, err)
		return
	}
	httpjson.Write(w, http.StatusOK, outcome{TournamentID: o.TournamentID, Version: o.Version, Repeated: o.Repeated, Events: o.Events})
}

// isCSV reports whether the request's body is text/csv.
func isCSV(r *http.Request) bool {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && mt == "text/csv"
}

// renameEntry names a refused CSV entry by its line: "players[i]: …" is
// "line i+2: …" (the header is line 1).
func renameEntry(err error, entry string) error {
	var r *domain.Refusal
	if !errors.As(err, &r) || !strings.HasPrefix(r.Reason, "players[") {
		return err
	}
	end := strings.Index(r.Reason, "]")
	i, convErr := strconv.Atoi(r.Reason[len("players["):max(end, len("players["))])
	if end < 0 || convErr != nil {
		return err
	}
	return &domain.Refusal{Kind: r.Kind, Reason: fmt.Sprintf(entry, i+2) + r.Reason[end+1:]}
}

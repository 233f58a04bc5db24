package ports

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/bounds"
	"github.com/hakem-chess/hakem/services/internal/httpjson"
)

// ImportRoute is the pattern of the import of a tournament report file.
const ImportRoute = "POST /api/tournaments/import"

// importMaxBody is the largest file imported (a 2,000-player, 11-round
// TRF is about 400 kB).
const importMaxBody = 1 << 20

// importFile creates a tournament from the TRF file of the body
// (Content-Type text/plain; TRF-16 or TRF-26, any line end, UTF-8 or
// Latin-1). The query may give the tournament's id, the idempotency_key
// (default: the file's SHA-256), by, and the report's fields the file
// leaves out or that replace its headers (name, rounds, time_control,
// laws_profile, rated, tiebreaks, tiebreak_rules, city, federation, start_date, end_date,
// type, chief_arbiter, deputy_arbiters and round_dates repeated). It answers
// 201 {"id": …} with the events, or 400 naming the line and column.
func (h HTTP) importFile(w http.ResponseWriter, r *http.Request) {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "text/plain" {
		httpjson.Error(w, http.StatusUnsupportedMediaType, "invalid", "Content-Type: a TRF file is sent as text/plain")
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, importMaxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			httpjson.Error(w, http.StatusRequestEntityTooLarge, "too_large", fmt.Sprintf("a TRF file over %d bytes", importMaxBody))
			return
		}
		httpjson.Error(w, http.StatusBadRequest, "invalid", "reading the body: "+err.Error())
		return
	}
	q := r.URL.Query()
	req, ok := importQuery(w, q)
	if !ok {
		return
	}
	sum := sha256.Sum256(body)
	hash := hex.EncodeToString(sum[:])
	key := req.IdempotencyKey
	if key == "" {
		key = "import-" + hash
	}
	id := req.ID
	if id == "" {
		s := sha256.Sum256([]byte(key))
		id = "t" + hex.EncodeToString(s[:12])
	}
	c := events.TournamentCreated{Name: req.Name, TimeControl: req.TimeControl, LawsProfile: req.LawsProfile, TiebreakRules: req.TiebreakRules,
		Rated: req.Rated, City: req.City, Federation: req.Federation, StartDate: req.StartDate,
		EndDate: req.EndDate, Type: req.Type, ChiefArbiter: req.ChiefArbiter,
		DeputyArbiters: req.DeputyArbiters, RoundDates: req.RoundDates, Rounds: req.Rounds, Tiebreaks: req.Tiebreaks}
	trf := text(body)
	if line, col, c, found := controlIn(trf); found {
		httpjson.Error(w, http.StatusBadRequest, "invalid", fmt.Sprintf("trf: line %d, column %d: control character %U (not allowed; a Latin-1 file read as such, or a Windows-1252 one, may show one: save it as UTF-8)", line, col, c))
		return
	}
	o, err := h.Pairing.Import(r.Context(), id, events.TournamentImported{Created: c, TRF: trf, SHA256: hash},
		meta(r, request{By: req.By}), key)
	if err != nil {
		fail(w, err)
		return
	}
	status := http.StatusCreated
	if o.Repeated {
		status = http.StatusOK
	}
	httpjson.Write(w, status, map[string]any{"id": o.TournamentID, "tournament_id": o.TournamentID, "version": o.Version,
		"repeated": o.Repeated, "events": o.Events})
}

// text is the file as UTF-8: as it is when valid UTF-8, else read as
// Latin-1 (each byte one character, as pairing/trf counts columns).
func text(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	rs := make([]rune, len(b))
	for i, c := range b {
		rs[i] = rune(c)
	}
	return string(rs)
}

// importParams are the import's query parameters, true for those that
// may be repeated (a list).
var importParams = map[string]bool{"id": false, "idempotency_key": false, "by": false, "name": false, "rounds": false,
	"time_control": false, "laws_profile": false, "rated": false, "tiebreaks": false, "tiebreak_rules": false, "city": false,
	"federation": false, "start_date": false, "end_date": false, "type": false, "chief_arbiter": false,
	"deputy_arbiters": true, "round_dates": true}

// importQuery reads the import's query as the fields of a JSON request
// and checks them under the same limits (lengths, ranges, no control
// characters: bounds.Check), answering 400 naming the parameter; an
// unknown parameter, or one naming one value given twice, is refused as
// a JSON body's unknown or repeated field is.
func importQuery(w http.ResponseWriter, q url.Values) (request, bool) {
	for name, vs := range q {
		many, known := importParams[name]
		switch {
		case !known:
			httpjson.Error(w, http.StatusBadRequest, "invalid", fmt.Sprintf("query parameter %q is not one of the import's (id, idempotency_key, by and the report's fields)", name))
			return request{}, false
		case !many && len(vs) > 1:
			httpjson.Error(w, http.StatusBadRequest, "invalid", fmt.Sprintf("query parameter %q is given %d times (it names one value)", name, len(vs)))
			return request{}, false
		}
	}
	req := request{ID: q.Get("id"), IdempotencyKey: q.Get("idempotency_key"), By: q.Get("by"), Name: q.Get("name"),
		TimeControl: q.Get("time_control"), LawsProfile: q.Get("laws_profile"), TiebreakRules: q.Get("tiebreak_rules"),
		City: q.Get("city"), Federation: q.Get("federation"), StartDate: q.Get("start_date"), EndDate: q.Get("end_date"),
		Type: q.Get("type"), ChiefArbiter: q.Get("chief_arbiter"), DeputyArbiters: q["deputy_arbiters"], RoundDates: q["round_dates"]}
	if s := q.Get("rounds"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			httpjson.Error(w, http.StatusBadRequest, "invalid", fmt.Sprintf("rounds: %q is not a number of rounds", s))
			return request{}, false
		}
		req.Rounds = n
	}
	switch s := q.Get("rated"); s {
	case "", "false":
	case "true":
		req.Rated = true
	default:
		httpjson.Error(w, http.StatusBadRequest, "invalid", fmt.Sprintf("rated: %q is not true or false", s))
		return request{}, false
	}
	if s := q.Get("tiebreaks"); s != "" {
		req.Tiebreaks = strings.Split(s, ",")
	}
	if err := bounds.Check(&req); err != nil {
		httpjson.Error(w, http.StatusBadRequest, "invalid", "query: "+err.Error())
		return request{}, false
	}
	return req, true
}

// controlIn finds the first control character of a report file's text
// but its line ends (CR, LF): its line and column (from 1, in
// characters) and the character. A name or header holding one would be
// stored and exported as it is (refused, not stripped, as in a JSON body).
func controlIn(s string) (line, col int, c rune, found bool) {
	line, col = 1, 0
	for _, c := range s {
		col++
		switch {
		case c == '\n':
			line, col = line+1, 0
		case c == '\r':
		case unicode.IsControl(c) || c == '\u2028' || c == '\u2029':
			return line, col, c, true
		}
	}
	return 0, 0, 0, false
}

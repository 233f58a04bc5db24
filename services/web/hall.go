package web

import (
	"encoding/json"
	"net/http"
	"slices"
	"sort"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/services/internal/boards"
	"github.com/hakem-chess/hakem/services/internal/httpjson"
	"github.com/hakem-chess/hakem/services/internal/tournament"
	"github.com/hakem-chess/hakem/services/scoring"
)

// The hall read (GET /api/web/tournaments/{id}/hall) is a tournament as
// the pages of a playing hall show it: every player by start number with
// his name, title, federation and rating; the rounds a spectator may see
// (published, see roundsShown) with each board's result; the standings
// with the event's tie-breaks; the crosstable. The tournament page, the
// projector view and the console read it again after each event of the
// tournament or of a board.

// hallPlayer is a player as the pages name him.
type hallPlayer struct {
	No         int    `json:"no"`
	PlayerID   string `json:"player_id"`
	Name       string `json:"name"`
	Title      string `json:"title,omitempty"`
	Federation string `json:"federation,omitempty"`
	Rating     int    `json:"rating,omitempty"`
	FideID     string `json:"fide_id,omitempty"`
}

// hallBoard is one board of a round: players by start number.
type hallBoard struct {
	Board  int    `json:"board"`
	GameID string `json:"game_id"`
	White  int    `json:"white"`
	Black  int    `json:"black"`
	// Result is the result as the tournament counts it (1-0, 0-1,
	// 1/2-1/2, +/-, -/+, -/-, 0-0, W/L...; "" while the game is played).
	Result events.Result `json:"result"`
	// Score is the result as a hall reads it: 1-0, ½-½, 0-1, +/-, -/+,
	// -/-, 0-0 ("" while played).
	Score        string `json:"score"`
	ReplayGameID string `json:"replay_game_id,omitempty"`
}

// hallBye is a player without a game in a round.
type hallBye struct {
	No     int     `json:"no"`
	Points float64 `json:"points"`
	Kind   string  `json:"kind"`
}

// hallRound is a round shown to the hall.
type hallRound struct {
	Round  int         `json:"round"`
	Closed bool        `json:"closed"`
	Boards []hallBoard `json:"boards"`
	Byes   []hallBye   `json:"byes"`
}

// hallCell is one round of a player's crosstable line: the opponent's
// start number, the colour (w, b; "" for a game not played) and the score
// (1, ½, 0, + and - for a forfeit, "" while played); a bye has no
// opponent and its points as score.
type hallCell struct {
	Round  int    `json:"round"`
	Opp    int    `json:"opp,omitempty"`
	Colour string `json:"colour,omitempty"`
	Score  string `json:"score"`
	Bye    string `json:"bye,omitempty"`
}

// hallRow is one line of the standings and the crosstable.
type hallRow struct {
	Rank      int        `json:"rank"`
	No        int        `json:"no"`
	Points    float64    `json:"points"`
	Tiebreaks []float64  `json:"tiebreaks"`
	Status    string     `json:"status,omitempty"`
	Cells     []hallCell `json:"cells"`
}

// hallView is the whole read.
type hallView struct {
	ID          string       `json:"id"`
	Name        string       `json:"name"`
	System      string       `json:"system"`
	TimeControl string       `json:"time_control,omitempty"`
	LawsProfile string       `json:"laws_profile,omitempty"`
	Planned     int          `json:"planned_rounds,omitempty"`
	Tiebreaks   []string     `json:"tiebreaks"`
	Players     []hallPlayer `json:"players"`
	Rounds      []hallRound  `json:"rounds"`
	// Current is the last round shown (0 before the first).
	Current int  `json:"current"`
	Closed  int  `json:"rounds_closed"`
	Done    bool `json:"finished"`
	// TiebreaksAfter is the last round every result of which is in: the
	// tie-breaks count the rounds up to it, the points every result.
	TiebreaksAfter int       `json:"tiebreaks_after"`
	Standings      []hallRow `json:"standings"`
	// Seq is the tournament stream's last sequence read.
	Seq uint64 `json:"seq"`
}

// hall answers the hall read of tournament id.
func (p Pages) hall(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if err := events.Tournament(id).Check(); err != nil {
		httpjson.Error(w, http.StatusNotFound, "not_found", "tournament "+id+" not found: "+err.Error())
		return
	}
	if p.Store == nil {
		httpjson.Error(w, http.StatusServiceUnavailable, "unavailable", "no event store in this process")
		return
	}
	t := &tournament.Tournament{}
	envs, _, err := boards.Load(r.Context(), p.Store, id, t)
	if err != nil {
		httpjson.Error(w, http.StatusServiceUnavailable, "unavailable", err.Error())
		return
	}
	if !t.Exists() {
		httpjson.Error(w, http.StatusNotFound, "not_found", "tournament "+id+" not found")
		return
	}
	// the boards' results, the replays of annulled games, and the games'
	// points penalties (2023 12.9.4, 12.9.5), which count in the points
	b, err := boards.Boards(r.Context(), t, boards.Games(p.Store))
	if err != nil {
		httpjson.Error(w, http.StatusServiceUnavailable, "unavailable", err.Error())
		return
	}
	v, err := hallOf(id, t, envs, b.Results, b.Replays, b.Penalties)
	if err != nil {
		httpjson.Error(w, http.StatusInternalServerError, "internal", err.Error())
		return
	}
	httpjson.Write(w, http.StatusOK, v)
}

// roundPublished is the desk's event making a round's pairings public.
var roundPublished = (events.RoundPublished{}).EventType()

// roundsShown is the one place that says which rounds the hall sees: a
// tournament that publishes its rounds (one tournament.round_published or
// more) shows the rounds published; one that never published any shows
// every round paired.
func roundsShown(envs []events.Envelope) func(round int) bool {
	published := map[int]bool{}
	uses := false
	for _, e := range envs {
		if e.Type != roundPublished {
			continue
		}
		uses = true
		var d struct {
			Round int `json:"round"`
		}
		if json.Unmarshal(e.Data, &d) == nil {
			published[d.Round] = true
		}
	}
	return func(round int) bool { return !uses || published[round] }
}

// hallOf builds the read from the folded tournament, its events, its
// games' results and their points penalties.
func hallOf(id string, t *tournament.Tournament, envs []events.Envelope, results map[string]events.Result, replays map[string]string, pens tournament.Penalties) (hallView, error) {
	c := t.Created
	v := hallView{ID: id, Name: c.Name, System: c.System, TimeControl: c.TimeControl, LawsProfile: c.LawsProfile,
		Planned: c.Rounds, Tiebreaks: c.Tiebreaks, Closed: t.Closed, Done: t.Done,
		Players: []hallPlayer{}, Rounds: []hallRound{}, Standings: []hallRow{}}
	if len(v.Tiebreaks) == 0 {
		v.Tiebreaks = []string{"DE", "SB"} // the scoring domain's DefaultTiebreaks, split
	}
	if n := len(envs); n > 0 {
		v.Seq = envs[n-1].Seq
	}
	// the start numbers the desk reads a results sheet by (a Swiss by
	// rating, a round robin by registration), not the registration order
	no := map[string]int{}
	for n, i := range t.StartNumbers() {
		pl := t.Players[i]
		no[pl.PlayerID] = n + 1
		v.Players = append(v.Players, hallPlayer{No: n + 1, PlayerID: pl.PlayerID, Name: pl.Name, Title: pl.Title,
			Federation: pl.Federation, Rating: pl.Rating, FideID: pl.FideID})
	}
	shown := roundsShown(envs)
	for _, rp := range t.Rounds {
		complete := true
		for _, b := range rp.Pairings {
			if _, ok := tournament.ParseResult(results[b.GameID]); !ok {
				complete = false
			}
		}
		if complete && v.TiebreaksAfter == rp.Round-1 {
			v.TiebreaksAfter = rp.Round
		}
		if !shown(rp.Round) {
			continue
		}
		hr := hallRound{Round: rp.Round, Closed: rp.Round <= t.Closed, Boards: []hallBoard{}, Byes: []hallBye{}}
		for _, b := range rp.Pairings {
			res := results[b.GameID]
			hr.Boards = append(hr.Boards, hallBoard{Board: b.Board, GameID: b.GameID, White: no[b.White], Black: no[b.Black],
				Result: res, Score: scoreOf(res), ReplayGameID: replays[b.GameID]})
		}
		for _, by := range rp.Byes {
			hr.Byes = append(hr.Byes, hallBye{No: no[by.PlayerID], Points: by.Points, Kind: by.Kind})
		}
		v.Rounds = append(v.Rounds, hr)
		v.Current = rp.Round
	}
	rows, err := standingsOf(t, v, results, pens)
	if err != nil {
		return hallView{}, err
	}
	v.Standings = rows
	return v, nil
}

// standingsOf is the standings: the points of every result in, with the
// games' points penalties pens (scoring.PenaltyDelta), the tie-breaks
// (scoring.StandingsPenalised) after the last round complete; ordered by
// points, then by that round's standings. Each row has its crosstable
// cells for the rounds shown (the results on the board).
func standingsOf(t *tournament.Tournament, v hallView, results map[string]events.Result, pens tournament.Penalties) ([]hallRow, error) {
	live := map[string]events.Standing{}
	delta := scoring.PenaltyDelta(t, 0, results, pens)
	for _, s := range t.Standings(results) {
		s.Points += delta[s.PlayerID]
		live[s.PlayerID] = s
	}
	var base []events.Standing
	if v.TiebreaksAfter > 0 {
		st, err := scoring.StandingsPenalised(t, v.TiebreaksAfter, results, pens)
		if err != nil {
			return nil, err
		}
		base = st
	} else {
		// before a round is complete: by start number (the initial ranking)
		for _, pl := range v.Players {
			base = append(base, events.Standing{PlayerID: pl.PlayerID})
		}
	}
	cells := cellsOf(v)
	rows := make([]hallRow, 0, len(base))
	for _, s := range base {
		n := 0
		for _, pl := range v.Players {
			if pl.PlayerID == s.PlayerID {
				n = pl.No
			}
		}
		tb := s.Tiebreaks
		if tb == nil {
			tb = []float64{}
		}
		l := live[s.PlayerID]
		rows = append(rows, hallRow{No: n, Points: l.Points, Tiebreaks: tb, Status: l.Status, Cells: cells[n]})
	}
	// stable: equal points keep the order of the complete round's standings
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Points > rows[j].Points })
	for i := range rows {
		rows[i].Rank = i + 1
		if i > 0 && rows[i].Points == rows[i-1].Points && slices.Equal(rows[i].Tiebreaks, rows[i-1].Tiebreaks) {
			rows[i].Rank = rows[i-1].Rank
		}
	}
	return rows, nil
}

// cellsOf gives each start number its crosstable cells, a round each.
func cellsOf(v hallView) map[int][]hallCell {
	out := map[int][]hallCell{}
	for _, pl := range v.Players {
		out[pl.No] = []hallCell{}
	}
	for _, r := range v.Rounds {
		seen := map[int]bool{}
		for _, b := range r.Boards {
			br, ok := tournament.ParseResult(b.Result)
			wc, bc := "w", "b"
			if ok && !br.Played {
				wc, bc = "", ""
			}
			ws, bs := "", ""
			if ok {
				ws, bs = cellScore(br.White, br.Played), cellScore(br.Black, br.Played)
			}
			out[b.White] = append(out[b.White], hallCell{Round: r.Round, Opp: b.Black, Colour: wc, Score: ws})
			out[b.Black] = append(out[b.Black], hallCell{Round: r.Round, Opp: b.White, Colour: bc, Score: bs})
			seen[b.White], seen[b.Black] = true, true
		}
		for _, by := range r.Byes {
			out[by.No] = append(out[by.No], hallCell{Round: r.Round, Score: points(by.Points), Bye: by.Kind})
			seen[by.No] = true
		}
		for n := range out {
			if !seen[n] {
				out[n] = append(out[n], hallCell{Round: r.Round, Score: ""})
			}
		}
	}
	return out
}

// cellScore is one side's outcome in the crosstable: 1, ½, 0 over the
// board; + and - for a forfeit.
func cellScore(o pairing.Outcome, played bool) string {
	switch {
	case o == pairing.Win && played:
		return "1"
	case o == pairing.Draw:
		return "½"
	case o == pairing.Win:
		return "+"
	case played:
		return "0"
	}
	return "-"
}

// points writes a bye's points as the crosstable does.
func points(x float64) string {
	switch x {
	case 1:
		return "1"
	case 0.5:
		return "½"
	case 0:
		return "0"
	}
	return jsonNumber(x)
}

func jsonNumber(x float64) string {
	b, _ := json.Marshal(x)
	return string(b)
}

// scoreOf writes a result as the hall reads it.
func scoreOf(result events.Result) string {
	switch result {
	case events.ResultWhiteWins, events.ResultUnratedWhiteWin:
		return string(events.ResultWhiteWins)
	case events.ResultBlackWins, events.ResultUnratedBlackWin:
		return string(events.ResultBlackWins)
	case events.ResultDraw, events.ResultUnratedDraw:
		return "½-½"
	case events.ResultBothLost, events.ResultUnratedBothLost:
		return string(events.ResultBothLost)
	case events.ResultUnfinished:
		return ""
	}
	return string(result) // +/-, -/+, -/-, or "" while played
}

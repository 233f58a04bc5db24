package ports

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/clock"
	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules/pgn"
	"github.com/hakem-chess/hakem/services/games/domain"
)

// DeriveGameID names the game a creation command makes when it names none:
// "g" and 24 hex digits of the SHA-256 of its idempotency key, so that a
// retried creation names the same game and is recognised as a repeat.
func DeriveGameID(key string) string {
	sum := sha256.Sum256([]byte(key))
	return "g" + hex.EncodeToString(sum[:12])
}

// WritePGN writes the game in PGN export format, with each move's clock
// reading after the press as a [%clk] comment when the game's clock ran.
//
// A game both players lost ("0-0") has no result in PGN: the standard
// allows only 1-0, 0-1, 1/2-1/2 and * in the Result tag and as the
// termination marker, and readers refuse or misread anything else. It is
// written with "*" in both places (so the tag and the movetext agree and
// every reader accepts it), a comment before the moves saying that both
// lost and under which article, and, for a game played, the PGN
// supplement's Termination tag "rules infraction". The tournament's result
// (0 for each) is in its TRF export and standings, not in the PGN.
func WritePGN(w io.Writer, id string, g *domain.Game, created time.Time) error {
	return WritePGNNotes(w, id, g, created, nil)
}

// WritePGNNotes is WritePGN with the game's notes (NotesOf: rulings,
// penalties and the like, with their articles) as comments after the
// moves they followed, and the Termination tag (pgnTermination).
// The tags given are set over the game's own.
func WritePGNNotes(w io.Writer, id string, g *domain.Game, created time.Time, notes Notes, tags ...pgn.Tag) error {
	s := g.Setup()
	result := string(g.Result())
	pg := &pgn.Game{Start: g.Start(), Result: result}
	termination := ""
	if notes != nil {
		termination = pgnTermination(g.Ending().Termination)
	}
	if g.Result() == events.ResultBothLost { // both lost: played (both at fault, 2023 12.8 / 1997 13.8) or by forfeit (-/-)
		result, pg.Result = string(events.ResultUnfinished), string(events.ResultUnfinished)
		end := g.Ending()
		pg.Comment = "Both players lost (0-0)"
		if end.Termination == events.TerminationForfeit {
			pg.Comment += " by forfeit (-/-)"
		} else {
			termination = "rules infraction"
		}
		if end.Article != "" {
			pg.Comment += ", article " + end.Article
		}
		pg.Comment += ": a result PGN cannot record; each scores 0"
	}
	event := s.TournamentID
	if event == "" {
		event = "Hakem game"
	}
	round := "-"
	if s.Round > 0 {
		round = strconv.Itoa(s.Round)
		if s.Board > 0 {
			round += "." + strconv.Itoa(s.Board)
		}
	}
	date := "????.??.??"
	if !created.IsZero() {
		date = created.UTC().Format("2006.01.02")
	}
	pg.SetTag("Event", event)
	pg.SetTag("Site", "?")
	pg.SetTag("Date", date)
	pg.SetTag("Round", round)
	pg.SetTag("White", s.White)
	pg.SetTag("Black", s.Black)
	pg.SetTag("Result", result)
	if s.TimeControl != "" {
		pg.SetTag("TimeControl", s.TimeControl)
	}
	pg.SetTag("GameId", id)
	if termination != "" {
		pg.SetTag("Termination", termination)
	}
	for _, t := range tags {
		if t.Value != "" {
			pg.SetTag(t.Name, t.Value)
		}
	}
	var times []clock.MoveTime
	if t := g.Timer(); t.Started() {
		times = t.Clock().Moves()
	}
	for i, m := range g.Moves() {
		mv := pgn.Move{Move: m}
		if len(times) == len(g.Moves()) {
			mv.Clock, mv.HasClock = times[i].Clock, true
		}
		mv.Comment = strings.Join(notes[i+1], "; ")
		pg.Moves = append(pg.Moves, mv)
	}
	if n := notes[0]; len(n) > 0 {
		pg.Comment = strings.TrimPrefix(pg.Comment+"; "+strings.Join(n, "; "), "; ")
	}
	return pgn.Write(w, pg)
}

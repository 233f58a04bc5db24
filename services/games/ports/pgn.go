package ports

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"strconv"
	"time"

	"github.com/hakem-chess/hakem/clock"
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
func WritePGN(w io.Writer, id string, g *domain.Game, created time.Time) error {
	s := g.Setup()
	pg := &pgn.Game{Start: g.Start(), Result: g.Result()}
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
	pg.SetTag("Result", g.Result())
	if s.TimeControl != "" {
		pg.SetTag("TimeControl", s.TimeControl)
	}
	pg.SetTag("GameId", id)
	var times []clock.MoveTime
	if t := g.Timer(); t.Started() {
		times = t.Clock().Moves()
	}
	for i, m := range g.Moves() {
		mv := pgn.Move{Move: m}
		if len(times) == len(g.Moves()) {
			mv.Clock, mv.HasClock = times[i].Clock, true
		}
		pg.Moves = append(pg.Moves, mv)
	}
	return pgn.Write(w, pg)
}

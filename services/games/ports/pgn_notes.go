package ports

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules/pgn"
	"github.com/hakem-chess/hakem/services/games/domain"
	"github.com/hakem-chess/hakem/services/internal/gamelog"
)

// Notes are the comments a game's PGN carries beside its moves: the
// illegal moves reported, the rulings and penalties, the clock
// adjustments, forfeits and result corrections, each with its article,
// keyed by the number of moves played when it happened (0: before the
// first move, written as the game's opening comment).
type Notes map[int][]string

// NotesOf reads the notes from a game's recorded events.
func NotesOf(recs []gamelog.Recorded) Notes {
	out := Notes{}
	ply := 0
	for _, rec := range recs {
		if _, ok := rec.Event.(*events.MovePlayed); ok {
			ply++
			continue
		}
		if s := note(rec.Event); s != "" {
			out[ply] = append(out[ply], s)
		}
	}
	return out
}

// note is one event as a PGN comment ("" for an event that needs none).
func note(ev events.Event) string {
	art := func(a string) string {
		if a == "" {
			return ""
		}
		return " (article " + a + ")"
	}
	words := func(s string) string { return strings.ReplaceAll(s, "_", " ") }
	switch e := ev.(type) {
	case *events.IllegalMoveReported:
		return fmt.Sprintf("Illegal move %s by %s reported", e.Move, e.Offender)
	case *events.RulingGiven:
		s := fmt.Sprintf("Ruling on %s: %s", words(string(e.Matter)), words(e.Decision))
		if e.Penalty != "" {
			s += ", penalty " + words(string(e.Penalty))
		}
		return s + art(e.Article)
	case *events.PenaltyImposed:
		s := fmt.Sprintf("Penalty on %s: %s", e.Side, words(string(e.Kind)))
		if e.AmountMs != 0 {
			s += fmt.Sprintf(" %g s", float64(e.AmountMs)/1000)
		}
		if e.Reason != "" {
			s += ", " + e.Reason
		}
		return s + art(e.Article)
	case *events.TimeAdjusted:
		s := fmt.Sprintf("%s's clock %+g s", e.Side, float64(e.DeltaMs)/1000)
		if e.Reason != "" {
			s += ", " + e.Reason
		}
		return s + art(e.Article)
	case *events.ForfeitDeclared:
		return fmt.Sprintf("Forfeit %s: %s", e.Result, e.Reason) + art(e.Article)
	case *events.ResultOverridden:
		return fmt.Sprintf("Result corrected from %s to %s: %s", e.Previous, e.Result, e.Reason) + art(e.Article)
	}
	return ""
}

// pgnTermination is the PGN standard's Termination tag for how a game
// ended (its termination as the games service records it): "normal" for
// an end on the board or by the players, "time forfeit", "rules
// infraction" for an illegal move or an arbiter's ruling, "abandoned" for
// a forfeit (the game not played), "unterminated" while it goes on.
func pgnTermination(termination events.Termination) string {
	switch termination {
	case "":
		return "unterminated"
	case events.TerminationFlagFall, events.TerminationInsufficientMaterialFlag, events.TerminationBothFlags:
		return "time forfeit"
	case events.TerminationIllegalMove, events.TerminationArbiter:
		return "rules infraction"
	case events.TerminationForfeit:
		return "abandoned"
	}
	return "normal"
}

// playerTags names a tournament game's players in its PGN: White, Black
// (the name as registered, "Surname, Firstname"), their titles, Elo and
// FIDE ids, and the Event's name; none when the players cannot be read.
func (h HTTP) playerTags(ctx context.Context, g *domain.Game) []pgn.Tag {
	s := g.Setup()
	if h.Players == nil || s.TournamentID == "" {
		return nil
	}
	players, err := h.Players(ctx, s.TournamentID)
	if err != nil {
		return nil
	}
	var tags []pgn.Tag
	if h.EventName != nil {
		if name, err := h.EventName(ctx, s.TournamentID); err == nil && name != "" {
			tags = append(tags, pgn.Tag{Name: "Event", Value: name})
		}
	}
	for _, p := range players {
		side := ""
		switch p.PlayerID {
		case s.White:
			side = "White"
		case s.Black:
			side = "Black"
		default:
			continue
		}
		tags = append(tags, pgn.Tag{Name: side, Value: p.Name}, pgn.Tag{Name: side + "Title", Value: p.Title},
			pgn.Tag{Name: side + "FideId", Value: p.FideID})
		if p.Rating > 0 {
			tags = append(tags, pgn.Tag{Name: side + "Elo", Value: strconv.Itoa(p.Rating)})
		}
	}
	return tags
}

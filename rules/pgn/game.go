package pgn

import (
	"strings"
	"time"

	"github.com/hakem-chess/hakem/rules"
)

// Tag is one tag pair of a game's tag section.
type Tag struct {
	Name  string
	Value string
}

// Move is one move of a game's main line with what the score says about it.
type Move struct {
	// Move is the move played; rules.NoMove for a null move (a pass, read
	// only in lenient mode).
	Move rules.Move
	// NAGs are the numeric annotation glyphs after the move, suffix
	// annotations included (! is 1, ? is 2, !! is 3, ?? is 4, !? is 5, ?! is 6).
	NAGs []int
	// Comment is the text of the comments after the move, joined with one
	// space, white space normalised, clock commands taken out.
	Comment string
	// Clock is the remaining time from a [%clk ...] command, when HasClock.
	Clock    time.Duration
	HasClock bool
	// Elapsed is the time spent on the move from a [%emt ...] command, when
	// HasElapsed.
	Elapsed    time.Duration
	HasElapsed bool
	// Variations are the alternatives to the NEXT moves given after this
	// move, each as normalised movetext without the outer parentheses. They
	// are kept as text and not checked for legality.
	Variations []string
}

// Game is one game of a PGN file: its tags, start position and main line.
type Game struct {
	// Number is the game's position in the file (1-based).
	Number int
	// Tags in the order read; a repeated tag name keeps the last value at the
	// place of the first.
	Tags []Tag
	// Start is the position before the first move (the FEN tag, or the
	// standard start position).
	Start rules.Position
	// Moves is the main line.
	Moves []Move
	// Comment is the text of comments before the first move.
	Comment string
	// Result is the game termination marker: "1-0", "0-1", "1/2-1/2" or "*"
	// ("*" when the marker is missing).
	Result string
}

// Tag returns the value of the named tag, or "" when it is absent.
func (g *Game) Tag(name string) string {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

// SetTag sets the named tag, replacing its value in place or appending it.
func (g *Game) SetTag(name, value string) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{Name: name, Value: value})
}

// Chess960 reports whether the game's Variant tag names Chess960.
func (g *Game) Chess960() bool { return isChess960Variant(g.Tag("Variant")) }

// Position returns the position after the last main-line move.
func (g *Game) Position() (rules.Position, error) {
	return g.PositionAt(len(g.Moves))
}

// PositionAt returns the position after the first ply moves of the main
// line (0: the start position). It fails when a move is not legal there,
// which can only happen if Moves were changed after reading.
func (g *Game) PositionAt(ply int) (rules.Position, error) {
	p := g.Start
	if ply < 0 || ply > len(g.Moves) {
		return p, &GameError{Game: g.Number, Ply: ply, Reason: "no such ply"}
	}
	for i, m := range g.Moves[:ply] {
		next, err := playMove(&p, m.Move)
		if err != nil {
			return p, &GameError{Game: g.Number, Ply: i + 1, Reason: err.Error()}
		}
		p = next
	}
	return p, nil
}

// playMove plays m (or a pass for rules.NoMove) after checking legality.
func playMove(p *rules.Position, m rules.Move) (rules.Position, error) {
	if m == rules.NoMove {
		return nullMove(p)
	}
	if !p.IsLegal(m) {
		return *p, &moveError{"illegal move " + p.UCI(m)}
	}
	return p.Play(m), nil
}

type moveError struct{ reason string }

func (e *moveError) Error() string { return e.reason }

// isChess960Variant reports whether a Variant tag value names Chess960.
func isChess960Variant(v string) bool {
	v = strings.ToLower(strings.TrimSpace(v))
	return strings.Contains(v, "960") || strings.Contains(v, "fischer") || v == "frc"
}

// isStandardVariant reports whether a Variant tag value is plain chess
// (possibly from a set-up position).
func isStandardVariant(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "standard", "chess", "normal", "from position", "fromposition":
		return true
	}
	return false
}

// Replay plays the main line into a rules.Game, whose Status answers the
// questions of the end of the game (repetitions, the 50- and 75-move rules,
// checkmate, stalemate, dead position). A null move cannot be replayed.
func (g *Game) Replay() (*rules.Game, error) {
	rg := rules.NewGame(g.Start)
	for i, m := range g.Moves {
		if m.Move == rules.NoMove {
			return rg, &GameError{Game: g.Number, Ply: i + 1, Reason: "a null move cannot be replayed"}
		}
		if err := rg.Play(m.Move); err != nil {
			return rg, &GameError{Game: g.Number, Ply: i + 1, Reason: err.Error()}
		}
	}
	return rg, nil
}

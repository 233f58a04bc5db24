package domain

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/check"
	"github.com/hakem-chess/hakem/pairing/dutch"
	"github.com/hakem-chess/hakem/pairing/trf"
	"github.com/hakem-chess/hakem/services/internal/tournament"
)

// The arbiter's changes by hand to a round's pairing.
const (
	ChangeSwap    = "swap"    // two players exchange their places
	ChangeColours = "colours" // a board's players exchange colours
	ChangeMove    = "move"    // a board takes another number
)

// HandChange is a change by hand to a round's pairing, the players named
// by id or start number (Player).
type HandChange struct {
	Change  string
	Players []string
	Board   int
	To      int
	Reason  string
}

// ChangePairing decides a hand change to round's pairing before its
// publication (the last round paired, no result yet: changeable), given
// the results so far by game id. Each board whose players or colours
// change has a new game ("-h<n>" after the board's game id, n the round's
// n-th change). The event names the criteria the round's pairing breaks
// after the change (breaks): for a round the Dutch engine paired, what
// dutch.HandChange finds against the engine's pairing of the round on
// the tournament file the engine paired from, with the games' points
// penalties pens (absolute criteria, quality criteria C5-C21, colour
// rules E), and what pairing/check finds besides.
func (t *Tournament) ChangePairing(id string, round int, c HandChange, results map[string]events.Result, pens tournament.Penalties) ([]events.Event, error) {
	return t.changePairing(id, round, c, results, pens, true)
}

// ChangePairingChecked is ChangePairing as version 1 of
// tournament.pairing_changed decided it: Breaks are what pairing/check
// finds, without the comparison with the engine's pairing. The audit
// re-decides the hand changes recorded at version 1 with it.
func (t *Tournament) ChangePairingChecked(id string, round int, c HandChange, results map[string]events.Result, pens tournament.Penalties) ([]events.Event, error) {
	return t.changePairing(id, round, c, results, pens, false)
}

// changePairing is ChangePairing; compare says whether the round is
// compared with the engine's pairing (dutch.HandChange).
func (t *Tournament) changePairing(id string, round int, c HandChange, results map[string]events.Result, pens tournament.Penalties, compare bool) ([]events.Event, error) {
	if err := t.changeable(round, results); err != nil {
		return nil, err
	}
	old := t.Rounds[round-1].Pairings
	boards := append([]events.Pairing(nil), old...)
	slices.SortFunc(boards, func(a, b events.Pairing) int { return a.Board - b.Board })
	ev := events.PairingChanged{Round: round, Change: c.Change, Reason: strings.TrimSpace(c.Reason)}
	switch c.Change {
	case ChangeSwap:
		ids, err := t.swapPlayers(boards, round, c.Players)
		if err != nil {
			return nil, err
		}
		ev.Players = ids[:]
	case ChangeColours:
		i, err := boardIndex(boards, round, c.Board)
		if err != nil {
			return nil, err
		}
		boards[i].White, boards[i].Black = boards[i].Black, boards[i].White
		ev.Board = c.Board
	case ChangeMove:
		var err error
		if boards, err = moveBoard(boards, round, c.Board, c.To); err != nil {
			return nil, err
		}
		ev.Board, ev.To = c.Board, c.To
	default:
		return nil, refuse(ErrInvalid, "change: %q is not a change (%s, %s, %s)", c.Change, ChangeSwap, ChangeColours, ChangeMove)
	}
	t.renameChanged(id, round, old, boards)
	breaks, err := t.breaks(round, boards, results, pens, compare)
	if err != nil {
		return nil, err
	}
	ev.Pairings, ev.Breaks = boards, breaks
	return []events.Event{ev}, nil
}

// boardIndex is the index in boards (round's, in board order) of board
// number board.
func boardIndex(boards []events.Pairing, round, board int) (int, error) {
	i := slices.IndexFunc(boards, func(p events.Pairing) bool { return p.Board == board })
	if i < 0 {
		return 0, refuse(ErrInvalid, "board: round %d has no board %d (1 to %d)", round, board, len(boards))
	}
	return i, nil
}

// swapPlayers exchanges the places of the two players refs names (ids or
// start numbers) on round's boards, and returns their ids.
func (t *Tournament) swapPlayers(boards []events.Pairing, round int, refs []string) ([2]string, error) {
	var ids [2]string
	if len(refs) != 2 {
		return ids, refuse(ErrInvalid, "players: a swap names two players (%d given)", len(refs))
	}
	for k, ref := range refs {
		pid, ok := t.Player(ref)
		if !ok {
			return ids, refuse(ErrInvalid, "players[%d]: %q is neither a player id nor a start number", k, ref)
		}
		if !slices.ContainsFunc(boards, func(p events.Pairing) bool { return p.White == pid || p.Black == pid }) {
			return ids, refuse(ErrInvalid, "players[%d]: %s is not on a board of round %d", k, pid, round)
		}
		ids[k] = pid
	}
	if ids[0] == ids[1] {
		return ids, refuse(ErrInvalid, "players[1]: the same player as players[0]")
	}
	for i := range boards {
		boards[i].White, boards[i].Black = swapped(boards[i].White, ids), swapped(boards[i].Black, ids)
	}
	return ids, nil
}

// moveBoard gives board number from (of round's boards, in board order)
// the number to, renumbering the boards between.
func moveBoard(boards []events.Pairing, round, from, to int) ([]events.Pairing, error) {
	i, err := boardIndex(boards, round, from)
	if err != nil {
		return nil, err
	}
	if to < 1 || to > len(boards) || to == from {
		return nil, refuse(ErrInvalid, "to: %d is not another board of round %d (1 to %d)", to, round, len(boards))
	}
	moved := boards[i]
	boards = slices.Insert(slices.Delete(boards, i, i+1), to-1, moved)
	for k := range boards {
		boards[k].Board = k + 1
	}
	return boards, nil
}

// renameChanged gives each board whose players or colours differ from the
// old pairing's a new game: "-h<n>" after the board's game id, n the
// round's n-th change; the others keep their game.
func (t *Tournament) renameChanged(id string, round int, old, boards []events.Pairing) {
	n := 1
	for _, ch := range t.Desk.Changes {
		if ch.Round == round {
			n++
		}
	}
	for k, p := range boards {
		was := old[slices.IndexFunc(old, func(q events.Pairing) bool { return q.Board == p.Board })]
		if was.White != p.White || was.Black != p.Black {
			boards[k].GameID = t.BoardGameID(id, round, p.Board) + "-h" + strconv.Itoa(n)
		} else {
			boards[k].GameID = was.GameID
		}
	}
}

// swapped is id with the two players of ids exchanged.
func swapped(id string, ids [2]string) string {
	switch id {
	case ids[0]:
		return ids[1]
	case ids[1]:
		return ids[0]
	}
	return id
}

// breaks is what is wrong with boards as round's pairing. A round the
// Dutch engine paired is compared with the engine's own pairing of it
// (Desk.Engine, the boards before the round's first hand change in
// force) by dutch.HandChange, on the tournament file the engine paired
// from: the absolute criteria C1-C3 and the colour limits the hand
// pairing breaks, each quality criterion C5-C21 on which it does worse
// than the engine's, and colours against E.1-E.5, each as
// Breach.String ("C7 [3 8]: …"). What the engine's checker
// (pairing/check.Round, on the tournament file of the rounds before it
// and the round's byes) finds besides, and everything it finds in a
// round another engine paired, follows as Violation.String
// ("C1 rematch [1 2]: …", the format of the events recorded before).
// Without compare, only the checker's findings.
func (t *Tournament) breaks(round int, boards []events.Pairing, results map[string]events.Result, pens tournament.Penalties, compare bool) ([]string, error) {
	f, err := t.FilePenalised(results, pens)
	if err != nil {
		return nil, err
	}
	pairs := make([][2]int, 0, len(boards))
	for _, p := range boards {
		pairs = append(pairs, [2]int{t.StartNumber(p.White), t.StartNumber(p.Black)})
	}
	bye := 0
	for _, b := range t.Rounds[round-1].Byes {
		if b.Kind == "pairing_allocated" {
			bye = t.StartNumber(b.PlayerID)
		}
	}
	found := check.Round(f, round, pairs, bye)
	var out []string
	if compare && t.Rounds[round-1].Engine == "dutch" {
		rep, err := t.handReport(round, boards, bye, results, pens)
		if err != nil {
			return nil, err
		}
		for _, b := range rep.Breaches {
			out = append(out, b.String())
		}
		found = slices.DeleteFunc(found, func(v check.Violation) bool { return covered(v, rep.Breaches) })
	}
	for _, v := range found {
		out = append(out, v.String())
	}
	return out, nil
}

// handReport is dutch.HandChange's report on boards (and the round's
// pairing-allocated bye, start number bye) against the engine's pairing
// of round, on the tournament file the engine paired the round from (the
// rounds before it, with the points penalties pens, as pairDutch reads it).
func (t *Tournament) handReport(round int, boards []events.Pairing, bye int, results map[string]events.Result, pens tournament.Penalties) (*dutch.HandReport, error) {
	before := *t
	before.Rounds = t.Rounds[:round-1]
	input, err := before.PairingInputPenalised(results, pens)
	if err != nil {
		return nil, err
	}
	f, err := trf.Read(bytes.NewReader(input))
	if err != nil {
		return nil, fmt.Errorf("hand change of round %d: the tournament file does not read back: %w", round, err)
	}
	pt, err := pairing.FromTRF(f)
	if err != nil {
		return nil, fmt.Errorf("hand change of round %d: %w", round, err)
	}
	if pt.Round != round {
		return nil, fmt.Errorf("hand change of round %d: the tournament file gives round %d to pair", round, pt.Round)
	}
	engine, ok := t.Desk.Engine[round]
	if !ok {
		engine = t.Rounds[round-1].Pairings
	}
	rep, err := dutch.HandChange(pt, t.startBoards(engine, bye), t.startBoards(boards, bye))
	if err != nil {
		return nil, fmt.Errorf("hand change of round %d: %w", round, err)
	}
	return rep, nil
}

// startBoards are boards by start numbers, the pairing-allocated bye
// (start number bye, 0 for none) a board with Black 0.
func (t *Tournament) startBoards(boards []events.Pairing, bye int) []pairing.Board {
	out := make([]pairing.Board, 0, len(boards)+1)
	for _, p := range boards {
		out = append(out, pairing.Board{White: t.StartNumber(p.White), Black: t.StartNumber(p.Black)})
	}
	if bye > 0 {
		out = append(out, pairing.Board{White: bye})
	}
	return out
}

// covered reports whether the checker's violation v is among HandChange's
// breaches: the same criterion (C1 for a rematch or a forbidden pair, C2
// for the bye, C3 for the colour rules) with the same players.
func covered(v check.Violation, breaches []dutch.Breach) bool {
	var criterion string
	switch v.Rule {
	case check.Rematch, check.Forbidden:
		criterion = "C1"
	case check.ByeNotAllowed:
		criterion = "C2"
	case check.SameAbsolute, check.ColourDifference, check.ColourStreak:
		criterion = "C3"
	default:
		return false
	}
	players := slices.Sorted(slices.Values(v.Players))
	return slices.ContainsFunc(breaches, func(b dutch.Breach) bool {
		return b.Criterion == criterion && slices.Equal(b.Players, players)
	})
}

// handChangeComments are the TRF-26 comment lines ("### ") that carry the
// hand changes still in force into the tournament file, each with the
// criteria it breaks (FIDE's endorsement rules ask for them).
func (t *Tournament) handChangeComments() []string {
	var out []string
	for _, c := range t.Desk.Changes {
		var what string
		switch c.Change {
		case ChangeSwap:
			what = fmt.Sprintf("players %d and %d swapped", t.StartNumber(c.Players[0]), t.StartNumber(c.Players[1]))
		case ChangeColours:
			what = fmt.Sprintf("board %d colours exchanged", c.Board)
		default:
			what = fmt.Sprintf("board %d moved to board %d", c.Board, c.To)
		}
		breaks := "breaks no criterion checked"
		if len(c.Breaks) > 0 {
			breaks = "breaks " + strings.Join(c.Breaks, "; ")
		}
		line := fmt.Sprintf("### round %d changed by hand: %s; %s", c.Round, what, breaks)
		if c.Reason != "" {
			line += "; reason: " + c.Reason
		}
		out = append(out, oneLine(line))
	}
	return out
}

package domain

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/dutch"
	"github.com/hakem-chess/hakem/pairing/trf"
	"github.com/hakem-chess/hakem/services/internal/tournament"
)

// pairDutch pairs round with the FIDE Dutch engine on the history of the
// rounds played (their results given by game id). The engine's input is
// the tournament's report file (File: the players in pairing-number order,
// forfeits as + and -, byes, the round's absences, forbidden pairs),
// written and read back as `hakem pair --dutch` reads a file, so that the
// exported TRF pairs the same way; the games' points penalties pens are
// in it as 299 records and in the points (FilePenalised), so the score
// groups are those of the standings; the round's input hash is the
// SHA-256 of that file's text.
func (t *Tournament) pairDutch(id string, round int, results map[string]events.Result, pens tournament.Penalties) ([]events.Event, error) {
	for _, rp := range t.Rounds {
		for _, p := range rp.Pairings {
			if _, ok := tournament.ParseResult(results[p.GameID]); !ok {
				return nil, fmt.Errorf("round %d board %d: no result", rp.Round, p.Board)
			}
		}
	}
	input, err := t.PairingInputPenalised(results, pens)
	if err != nil {
		return nil, err
	}
	f, err := trf.Read(bytes.NewReader(input))
	if err != nil {
		return nil, fmt.Errorf("pairing round %d: the tournament file does not read back: %w", round, err)
	}
	pt, err := pairing.FromTRF(f)
	if err != nil {
		return nil, fmt.Errorf("pairing round %d: %w", round, err)
	}
	if pt.Round != round {
		return nil, fmt.Errorf("pairing round %d: the tournament file gives round %d to pair", round, pt.Round)
	}
	res, err := dutch.Pair(pt, dutch.Options{})
	if errors.Is(err, dutch.ErrNoPairing) {
		return nil, refuse(ErrState, "round %d: %v", round, err)
	}
	if err != nil {
		return nil, fmt.Errorf("pairing round %d: %w", round, err)
	}
	order := t.StartNumbers()
	absent := t.Absences(round)
	rp := events.RoundPaired{Round: round, Engine: "dutch", EngineVersion: "FIDE C.04.3 (pairing/dutch), input TRF-26"}
	for _, pl := range t.Players {
		if by, ok := absent[pl.PlayerID]; ok {
			rp.Byes = append(rp.Byes, by)
		}
	}
	board := 0
	for _, b := range res.Boards {
		white := t.Players[order[b.White-1]].PlayerID
		if b.Black == 0 {
			rp.Byes = append(rp.Byes, events.Bye{PlayerID: white, Points: t.Points().PairingAllocatedBye, Kind: "pairing_allocated"})
			continue
		}
		board++
		rp.Pairings = append(rp.Pairings, events.Pairing{Board: board, White: white,
			Black: t.Players[order[b.Black-1]].PlayerID, GameID: t.BoardGameID(id, round, board)})
	}
	sum := sha256.Sum256(input)
	rp.InputHash = hex.EncodeToString(sum[:])
	return []events.Event{rp}, nil
}

// PairingInput is PairingInputPenalised without points penalties.
func (t *Tournament) PairingInput(results map[string]events.Result) ([]byte, error) {
	return t.PairingInputPenalised(results, nil)
}

// PairingInputPenalised is the text of the tournament report file the
// Dutch engine pairs the next round from (FilePenalised, written as
// TRF-26).
func (t *Tournament) PairingInputPenalised(results map[string]events.Result, pens tournament.Penalties) ([]byte, error) {
	f, err := t.FilePenalised(results, pens)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		return nil, fmt.Errorf("tournament file: %w", err)
	}
	return buf.Bytes(), nil
}

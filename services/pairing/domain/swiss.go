package domain

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/dutch"
)

// PairingNumbers returns the players' indices in pairing-number order: by
// rating, highest first, then by registration (FIDE C.04.2: the initial
// ranking).
func (t *Tournament) PairingNumbers() []int {
	order := make([]int, len(t.Players))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return t.Players[order[a]].Rating > t.Players[order[b]].Rating })
	return order
}

// pairDutch pairs round with the FIDE Dutch engine on the history of the
// rounds played (their results given by game id).
func (t *Tournament) pairDutch(id string, round int, results map[string]string) ([]events.Event, error) {
	order := t.PairingNumbers()
	no := map[string]int{} // player id -> index in pairing order
	pt := &pairing.Tournament{Round: round, TotalRounds: t.TotalRounds(), Points: pairing.FIDEPoints}
	for n, i := range order {
		no[t.Players[i].PlayerID] = n
		pt.Players = append(pt.Players, pairing.Player{StartNo: n + 1, Name: t.Players[i].Name, Rating: t.Players[i].Rating,
			Games: make([]pairing.Game, round-1)})
	}
	absent := t.Absences(round)
	for n, i := range order {
		if _, ok := absent[t.Players[i].PlayerID]; ok {
			pt.Players[n].Absent = true
		}
	}
	for _, f := range t.Forbidden {
		a, b := no[f.PlayerA], no[f.PlayerB]
		pt.Players[a].Forbidden = append(pt.Players[a].Forbidden, b)
		pt.Players[b].Forbidden = append(pt.Players[b].Forbidden, a)
	}
	for r := 0; r < round-1; r++ {
		rp := t.Rounds[r]
		for i := range pt.Players {
			pt.Players[i].Games[r] = pairing.Game{Opponent: -1} // absent unless paired below
		}
		for _, p := range rp.Pairings {
			w, b := no[p.White], no[p.Black]
			wo, bo := pairing.Loss, pairing.Loss
			switch results[p.GameID] {
			case "1-0":
				wo = pairing.Win
			case "0-1":
				bo = pairing.Win
			case "1/2-1/2":
				wo, bo = pairing.Draw, pairing.Draw
			default:
				return nil, fmt.Errorf("round %d board %d: no result", rp.Round, p.Board)
			}
			pt.Players[w].Games[r] = pairing.Game{Opponent: b, Color: pairing.White, Outcome: wo, Played: true, Paired: true}
			pt.Players[b].Games[r] = pairing.Game{Opponent: w, Color: pairing.Black, Outcome: bo, Played: true, Paired: true}
		}
		for _, by := range rp.Byes {
			pt.Players[no[by.PlayerID]].Games[r] = t.byeGame(by)
		}
	}
	for i := range pt.Players {
		for _, g := range pt.Players[i].Games {
			pt.Players[i].Score += pt.GamePoints(g)
		}
	}
	res, err := dutch.Pair(pt, dutch.Options{})
	if errors.Is(err, dutch.ErrNoPairing) {
		return nil, refuse(ErrState, "round %d: %v", round, err)
	}
	if err != nil {
		return nil, fmt.Errorf("pairing round %d: %w", round, err)
	}
	rp := events.RoundPaired{Round: round, Engine: "dutch", EngineVersion: "FIDE C.04.3 (pairing/dutch)"}
	for _, pl := range t.Players {
		if by, ok := absent[pl.PlayerID]; ok {
			rp.Byes = append(rp.Byes, by)
		}
	}
	board := 0
	for _, b := range res.Boards {
		white := t.Players[order[b.White-1]].PlayerID
		if b.Black == 0 {
			rp.Byes = append(rp.Byes, events.Bye{PlayerID: white, Points: t.Created.PointSystem["bye"], Kind: "pairing_allocated"})
			continue
		}
		board++
		rp.Pairings = append(rp.Pairings, events.Pairing{Board: board, White: white,
			Black: t.Players[order[b.Black-1]].PlayerID, GameID: GameID(id, round, board)})
	}
	sum := sha256.Sum256([]byte(fmt.Sprintf("dutch %d %v %v%s", round, order, results, t.absenceKey(round))))
	rp.InputHash = hex.EncodeToString(sum[:])
	return []events.Event{rp}, nil
}

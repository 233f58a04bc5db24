package e2e

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// deskRound is a round as GET /api/tournaments/{id}/rounds/{n} gives it.
type deskRound struct {
	published bool
	boards    []deskBoard
	byes      map[int]string // start number -> kind (U, H, Z, F)
	byesByID  map[string]string
}

type deskBoard struct {
	board        int
	white, black int // start numbers
	whiteID      string
	blackID      string
	gameID       string
	result       string
}

// deskRoundOf reads round n of tournament id through the desk's route.
func deskRoundOf(t *testing.T, s *server, id string, n int) deskRound {
	t.Helper()
	a := mustOK(t, s.do("GET", fmt.Sprintf("/api/tournaments/%s/rounds/%d", id, n), ""), fmt.Sprint("round ", n))
	rd := deskRound{published: a.body["published"] == true, byes: map[int]string{}, byesByID: map[string]string{}}
	if int(a.body["round"].(float64)) != n {
		t.Fatalf("round %d answers round %v", n, a.body["round"])
	}
	for _, x := range a.body["boards"].([]any) {
		b := x.(map[string]any)
		w, bl := b["white"].(map[string]any), b["black"].(map[string]any)
		if w["name"] == "" || bl["name"] == "" || w["rating"] == nil {
			t.Fatalf("round %d board %v: a player without his name or rating: %v", n, b["board"], b)
		}
		rd.boards = append(rd.boards, deskBoard{board: int(b["board"].(float64)), white: int(w["start_number"].(float64)), black: int(bl["start_number"].(float64)),
			whiteID: w["player_id"].(string), blackID: bl["player_id"].(string), gameID: b["game_id"].(string), result: b["result"].(string)})
	}
	for _, x := range a.body["byes"].([]any) {
		b := x.(map[string]any)
		p := b["player"].(map[string]any)
		rd.byes[int(p["start_number"].(float64))] = b["kind"].(string)
		rd.byesByID[p["player_id"].(string)] = b["kind"].(string)
	}
	return rd
}

// eventCount is the number of tournament id's recorded events.
func eventCount(t *testing.T, s *server, id string) int {
	t.Helper()
	a := s.do("GET", "/api/tournaments/"+id+"/events?follow=false", "")
	if a.status != http.StatusOK {
		t.Fatalf("events: %d %s", a.status, a.raw)
	}
	return strings.Count(a.raw, "\n")
}

// refusedWhole posts a results sheet that must be refused with 400 naming
// want, and checks that nothing was appended.
func refusedWhole(t *testing.T, s *server, id string, round int, sheet []map[string]any, want string) {
	t.Helper()
	before := eventCount(t, s, id)
	a := s.post(fmt.Sprintf("/api/tournaments/%s/rounds/%d/results", id, round), map[string]any{"results": sheet, "idempotency_key": "bad-" + want, "by": "chief"})
	if a.status != http.StatusBadRequest || !strings.Contains(a.raw, want) {
		t.Errorf("sheet %v: %d %s, want 400 naming %q", sheet, a.status, a.raw, want)
	}
	if after := eventCount(t, s, id); after != before {
		t.Errorf("a refused sheet appended %d event(s)", after-before)
	}
}

// sheetResult is the result the test's sheets give a board: mostly the
// higher-rated (lower start number) player wins, every third board is
// drawn, and the lower-rated wins every fifth.
func sheetResult(round int, b deskBoard) string {
	switch {
	case (b.board+round)%3 == 0:
		return "1/2-1/2"
	case (b.board+round)%5 == 0 || b.white > b.black:
		return "0-1"
	}
	return "1-0"
}

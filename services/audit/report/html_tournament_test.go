package report

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/audit"
)

// logOf writes events as a tournament's stored envelopes.
func logOf(t *testing.T, evs ...events.Event) []events.Envelope {
	t.Helper()
	t0 := time.Date(2026, 11, 29, 15, 0, 0, 0, time.UTC)
	var out []events.Envelope
	for i, ev := range evs {
		data, info, err := events.Encode(ev)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, events.Envelope{ID: fmt.Sprint("e", i+1), Type: ev.EventType(), Version: info.Version, Seq: uint64(i + 1),
			Aggregate: events.Tournament("open"), RecordedAt: t0.Add(time.Duration(i) * time.Second), Data: data})
	}
	return out
}

// an open of four registered out of rating order, two rounds paired
func fourPlayers(t *testing.T) []events.Envelope {
	return logOf(t,
		events.TournamentCreated{Name: "Autumn Open", System: "swiss-dutch", Rounds: 2, Tiebreaks: []string{"BH", "SB"}},
		events.PlayerRegistered{PlayerID: "a", Name: "Aksoy, Deniz", Rating: 1900, Federation: "TUR"},
		events.PlayerRegistered{PlayerID: "b", Name: "Berg, Ingrid", Rating: 2450, Title: "IM", Federation: "NOR"},
		events.PlayerRegistered{PlayerID: "c", Name: "Castro, Mateo", Rating: 2100},
		events.PlayerRegistered{PlayerID: "d", Name: "Dimitrov, Stefan", Rating: 2000},
		events.RoundPaired{Round: 1, Engine: "dutch", Pairings: []events.Pairing{{Board: 1, White: "b", Black: "d", GameID: "open-r1-b1"}, {Board: 2, White: "c", Black: "a", GameID: "open-r1-b2"}}},
		events.RoundPaired{Round: 2, Engine: "dutch", Pairings: []events.Pairing{{Board: 1, White: "a", Black: "b", GameID: "open-r2-b1"}}, Byes: []events.Bye{{PlayerID: "c", Points: 1, Kind: "pairing"}}},
	)
}

func TestRosterNames(t *testing.T) {
	r := RosterOf(fourPlayers(t))
	cases := []struct {
		id, name, label string
		no              int
	}{
		{"b", "Berg, Ingrid", "1. IM Berg, Ingrid (NOR) 2450", 1},
		{"c", "Castro, Mateo", "2. Castro, Mateo 2100", 2},
		{"a", "Aksoy, Deniz", "4. Aksoy, Deniz (TUR) 1900", 4},
		{"zz", "zz", "zz", 0},
	}
	for _, c := range cases {
		if got := r.Name(c.id); got != c.name {
			t.Errorf("Name(%s) = %q, want %q", c.id, got, c.name)
		}
		if got := r.Label(c.id); got != c.label {
			t.Errorf("Label(%s) = %q, want %q", c.id, got, c.label)
		}
		if got := r.Number(c.id); got != c.no {
			t.Errorf("Number(%s) = %d, want %d", c.id, got, c.no)
		}
	}
	if s, ok := r.Seat("open-r2-b1"); !ok || s != (Seat{Round: 2, Board: 1}) {
		t.Errorf("seat of open-r2-b1: %v %v", s, ok)
	}
	if got := r.Actor("player:b"); got != "player: Berg, Ingrid" {
		t.Errorf("actor %q", got)
	}
	if got := r.Actor("arbiter:IA-1"); got != "arbiter:IA-1" {
		t.Errorf("actor %q", got)
	}
	var none *Roster
	if none.Name("b") != "b" || none.Label("b") != "b" || none.Actor("player:b") != "player:b" {
		t.Error("a nil roster names by id")
	}
}

func TestTournamentHTML(t *testing.T) {
	t0 := time.Date(2026, 11, 29, 15, 0, 0, 0, time.UTC)
	game := func(id, white, black string, disputed bool) *audit.GameReport {
		g := &audit.GameReport{GameID: id, White: white, Black: black, Result: "1-0", Termination: "resignation", OK: true, Verdict: "every event follows", Events: 2, Rederived: 2,
			Entries: []audit.Entry{{Seq: 1, At: t0, Actor: "player:" + white, Type: "game.move_played", Checked: "re-derived", FEN: "8/8/8/8/8/8/8/K6k b - - 0 1"}}}
		if disputed {
			g.Entries = append(g.Entries, audit.Entry{Seq: 2, At: t0.Add(time.Second), Actor: "arbiter:IA-1", Type: "arbiter.ruling_given", Says: "draw claim refused", Article: "9.5.3", Disputed: true, FEN: "8/8/8/8/8/8/8/K6k b - - 0 1"})
		}
		return g
	}
	rep := &audit.TournamentReport{TournamentID: "open", Name: "Autumn Open", System: "swiss-dutch", OK: true, Verdict: "every event follows",
		Rounds:    []audit.RoundCheck{{Round: 1, Engine: "dutch", Boards: 2, Repaired: true}, {Round: 2, Engine: "dutch", Boards: 1, Repaired: true}},
		Games:     []*audit.GameReport{game("open-r1-b2", "c", "a", false), game("open-r1-b1", "b", "d", true), game("open-r2-b1", "a", "b", false), game("replay-1", "c", "a", false)},
		Standings: []events.Standing{{Rank: 1, PlayerID: "b", Points: 2, Tiebreaks: []float64{3, 2.5}}, {Rank: 2, PlayerID: "c", Points: 1, Tiebreaks: []float64{2, 1}}},
		Entries:   []audit.Entry{{Seq: 1, At: t0, Actor: "organiser:o1", Type: "tournament.created", Checked: "re-derived"}}}
	var b strings.Builder
	if err := Tournament(&b, rep, RosterOf(fourPlayers(t))); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	for _, want := range []string{
		`<a href="#round-1">Round 1</a>: 2 games, every game follows, 1 with a disputed moment`,
		`<a href="#round-2">Round 2</a>: 1 games`,
		`<h2 id="round-1">Round 1</h2>`, `<h2 id="round-2">Round 2</h2>`,
		`<a href="#other-games">Other games</a> (1)`,
		"<th>BH</th><th>SB</th>",
		"1. IM Berg, Ingrid (NOR) 2450",
		"Byes: 2. Castro, Mateo 2100 (pairing, 1).",
		`<details id="game-open-r1-b1">`, "hakem audit game open-r1-b1 --html",
		"Autumn Open, round 1, board 1. White <b>1. IM Berg, Ingrid (NOR) 2450</b>, Black <b>3. Dimitrov, Stefan 2000</b>",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("report lacks %q", want)
		}
	}
	// the boards of round 1 in board order, each game in one round only
	r1 := html[strings.Index(html, `id="round-1"`):strings.Index(html, `id="round-2"`)]
	if i, j := strings.Index(r1, `title="open-r1-b1"`), strings.Index(r1, `title="open-r1-b2"`); i < 0 || j < 0 || i > j {
		t.Errorf("round 1's boards out of order or missing:\n%s", r1)
	}
	if strings.Contains(r1, "open-r2-b1") || strings.Contains(r1, "replay-1") {
		t.Error("round 1's section holds another round's game")
	}
	// a clean game has no details; every link points inside the page
	if strings.Contains(html, `id="game-open-r1-b2"`) {
		t.Error("a game without a disputed moment is expanded")
	}
	for _, m := range regexp.MustCompile(`href="([^"]*)"`).FindAllStringSubmatch(html, -1) {
		if !strings.HasPrefix(m[1], "#") || !strings.Contains(html, `id="`+m[1][1:]+`"`) {
			t.Errorf("link %q does not point to a section of the page", m[1])
		}
	}
	for _, bad := range []string{"<script", "<link", "src=", "@import"} {
		if strings.Contains(html, bad) {
			t.Errorf("report contains %q", bad)
		}
	}
}

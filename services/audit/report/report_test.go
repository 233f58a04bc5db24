package report

import (
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/services/audit"
)

func TestTextBoard(t *testing.T) {
	cases := []struct{ fen, rank8, rank1 string }{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8  r n b q k b n r", "1  R N B Q K B N R"},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "8  . . . . k . . .", "1  R . . . K . . ."},
	}
	for _, c := range cases {
		lines := strings.Split(TextBoard(c.fen), "\n")
		if lines[0] != c.rank8 || lines[7] != c.rank1 {
			t.Errorf("%s:\n%s", c.fen, TextBoard(c.fen))
		}
	}
}

func TestBoardSVG(t *testing.T) {
	svg := BoardSVG("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a2a1", 240)
	if n := strings.Count(svg, "<rect"); n != 64 {
		t.Errorf("%d squares", n)
	}
	if strings.Count(svg, "♚") != 2 || strings.Count(svg, "♜") != 1 || strings.Count(svg, `fill="#fff"`) != 2 {
		t.Errorf("pieces: %s", svg)
	}
	if strings.Count(svg, "#cdd26a") != 2 {
		t.Error("the last move's squares are not marked")
	}
}

func TestGameHTMLSelfContained(t *testing.T) {
	t0 := time.Date(2026, 11, 29, 15, 0, 0, 0, time.UTC)
	rep := &audit.GameReport{GameID: "g<1>", Result: "1-0", Verdict: "v", Entries: []audit.Entry{
		{Seq: 1, At: t0, Type: "clock.started", Clocks: &audit.Clocks{WhiteMs: 60000, BlackMs: 60000}, FEN: "8/8/8/8/8/8/8/K6k w - - 0 1"},
		{Seq: 2, At: t0.Add(time.Minute), Type: "clock.flag_fell", Disputed: true, Clocks: &audit.Clocks{WhiteMs: 0, BlackMs: 60000}, FEN: "8/8/8/8/8/8/8/K6k w - - 0 1"},
	}}
	var b strings.Builder
	if err := Game(&b, rep, nil); err != nil {
		t.Fatal(err)
	}
	html := b.String()
	for _, bad := range []string{"<script", "<link", "src=", "href=", "@import", "g<1>"} {
		if strings.Contains(html, bad) {
			t.Errorf("report contains %q", bad)
		}
	}
	if strings.Count(html, "<polyline") != 2 || strings.Count(html, `class="board"`) != 1 {
		t.Errorf("want a clock chart with two lines and one board:\n%s", html)
	}
}

package laws

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/rules"
)

const minute = time.Minute

func profile(t *testing.T, name string) Profile {
	t.Helper()
	p, err := Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// game plays SAN moves from fen ("" = the initial position).
func game(t *testing.T, fen string, sans ...string) *rules.Game {
	t.Helper()
	start := rules.StartPosition()
	if fen != "" {
		var err error
		if start, err = rules.ParseFEN(fen); err != nil {
			t.Fatal(err)
		}
	}
	g := rules.NewGame(start)
	for _, s := range sans {
		if _, err := g.PlaySAN(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	return g
}

func san(t *testing.T, g *rules.Game, s string) rules.Move {
	t.Helper()
	pos := g.Position()
	m, err := pos.ParseSAN(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func sit(g *rules.Game, white, black time.Duration) Situation {
	return Situation{Game: g, Remaining: [2]time.Duration{white, black}}
}

// expect checks a ruling's article, result and adjustments.
func expect(t *testing.T, r Ruling, err error, article string, result Result, adj ...Adjustment) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	if r.Article != article || r.Result != result {
		t.Fatalf("ruling %s %s (%s), want article %s result %s", r.Article, r.Result, r.Explanation, article, result)
	}
	if !slices.Equal(r.Adjustments, adj) {
		t.Fatalf("adjustments %v, want %v (%s)", r.Adjustments, adj, r.Explanation)
	}
	if r.Explanation == "" || r.Profile == "" {
		t.Fatalf("ruling without explanation or profile: %+v", r)
	}
}

func expectErr(t *testing.T, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Fatalf("error %v, want %v", err, want)
	}
}

func sans(t *testing.T, pos rules.Position, ms []rules.Move) string {
	t.Helper()
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = pos.SAN(m)
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

var knightDance = []string{"Nf3", "Nf6", "Ng1", "Ng8"}

func dance(n int) []string {
	var out []string
	for i := 0; i < n; i++ {
		out = append(out, knightDance...)
	}
	return out
}

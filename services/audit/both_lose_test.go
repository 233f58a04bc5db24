package audit

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	arbiter "github.com/hakem-chess/hakem/services/arbiter/domain"
)

// bothLoseGame: after a few moves both players refuse to comply and the
// arbiter rules that both lose (profile: fide-2023 11.8, fide-1997 12.8).
func bothLoseGame(profile string) func(testing.TB) *played {
	return func(t testing.TB) *played {
		p := newPlayed(t, "g1", events.GameCreated{White: "w", Black: "b", TimeControl: "300", LawsProfile: profile})
		p.startClock()
		p.now = p.now.Add(2 * time.Second)
		p.move("w", "e4")
		p.now = p.now.Add(time.Second)
		p.move("b", "e5")
		p.hand(arbiter.HandRuling{Matter: "both_at_fault", Reason: "both refused to stop analysing aloud"})
		return p
	}
}

// TestBothLoseClean: the ruling and the game's 0-0 end are re-derived,
// under each profile's article.
func TestBothLoseClean(t *testing.T) {
	for _, c := range []struct{ profile, article string }{{"fide-2023", "11.8"}, {"fide-1997", "12.8"}} {
		t.Run(c.profile, func(t *testing.T) {
			p := bothLoseGame(c.profile)(t)
			rep := Game("g1", p.log)
			if !rep.OK {
				t.Fatalf("clean game: %s", rep.Verdict)
			}
			if rep.Result != "0-0" || rep.Termination != "arbiter" || rep.ChainOnly != 0 {
				t.Errorf("result %s (%s), %d chain only; want 0-0 (arbiter), 0", rep.Result, rep.Termination, rep.ChainOnly)
			}
			var types []string
			for _, e := range rep.Entries {
				types = append(types, e.Type)
				if e.Checked != "re-derived" {
					t.Errorf("seq %d %s checked %q", e.Seq, e.Type, e.Checked)
				}
			}
			if n := len(types); n < 2 || !slices.Equal(types[n-2:], []string{"arbiter.ruling_given", "game.ended"}) {
				t.Fatalf("events %v", types)
			}
			r := mustRuling(t, p.log[len(p.log)-2])
			if r.Matter != "both_at_fault" || r.Decision != "both_lose" || r.Article != c.article || r.Penalty != "loss" ||
				!strings.HasSuffix(r.Explanation, "; the arbiter's reason: both refused to stop analysing aloud") {
				t.Errorf("ruling %+v", r)
			}
			var end events.GameEnded
			if err := json.Unmarshal(p.log[len(p.log)-1].Data, &end); err != nil {
				t.Fatal(err)
			}
			if end != (events.GameEnded{Result: "0-0", Termination: "arbiter", Article: c.article, Ply: 2}) {
				t.Errorf("game.ended %+v", end)
			}
		})
	}
}

// TestBothLoseTampered: an edited ruling that both lose, or its end, is
// named at the event edited.
func TestBothLoseTampered(t *testing.T) {
	cases := []struct {
		name string
		typ  string
		edit func(e *events.Envelope)
		want string
	}{
		{"article", "arbiter.ruling_given", func(e *events.Envelope) { setData(t, e, "article", "11.7") }, "article"},
		{"decision", "arbiter.ruling_given", func(e *events.Envelope) { setData(t, e, "decision", "win_white") }, "decision"},
		{"no reason", "arbiter.ruling_given", func(e *events.Envelope) {
			setData(t, e, "explanation", "both players are at fault: the game is lost by both")
		}, "states no reason"},
		{"by a player", "arbiter.ruling_given", func(e *events.Envelope) { e.Actor = events.Actor{Role: "player", ID: "w"} }, "not by an arbiter"},
		{"end 1-0", "game.ended", func(e *events.Envelope) { setData(t, e, "result", "1-0") }, "result"},
		{"end by forfeit", "game.ended", func(e *events.Envelope) { setData(t, e, "termination", "forfeit") }, "termination"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			log := slices.Clone(bothLoseGame("fide-2023")(t).log)
			i := slices.IndexFunc(log, func(e events.Envelope) bool { return e.Type == c.typ && e.Seq > 2 })
			if i < 0 {
				t.Fatalf("no %s", c.typ)
			}
			c.edit(&log[i])
			rehash(t, log)
			rep := Game("g1", log)
			if rep.OK || rep.First.EventID != log[i].ID || !strings.Contains(rep.First.Reason, c.want) {
				t.Errorf("%s; want the event %s named, reason with %q", rep.Verdict, log[i].ID, c.want)
			}
		})
	}
}

package audit

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	arbiter "github.com/hakem-chess/hakem/services/arbiter/domain"
)

// quickplayClaim records player's quickplay-finish claim and what the
// arbiter service decides on it at once (a ruling only for a claim the
// Laws cannot admit); it returns the claim's envelope.
func (p *played) quickplayClaim(player string) events.Envelope {
	p.t.Helper()
	evs, err := p.g.ClaimDraw(player, events.ClaimQuickplay, "")
	if err != nil {
		p.t.Fatal(err)
	}
	claim := p.append(events.WriterGames, events.Actor{Role: "player", ID: player}, "", evs)[0]
	dc := evs[0].(events.DrawClaimed)
	ruling, err := arbiter.ClaimRuling(&p.g.Game, &dc, claim.RecordedAt)
	if err != nil {
		p.t.Fatal(err)
	}
	if len(ruling) > 0 {
		p.rule(systemAr, claim.ID, ruling)
	}
	return claim
}

// judge records the arbiter's judgement of the claim.
func (p *played) judge(claim events.Envelope, judgement string, addTime bool) {
	p.t.Helper()
	evs, err := arbiter.HandRulingDecision(&p.g.Game, arbiter.HandRuling{Matter: "quickplay_claim", Judgement: judgement, AddTime: addTime},
		p.now.Add(200*time.Millisecond))
	if err != nil {
		p.t.Fatal(err)
	}
	p.rule(arbiterActor, claim.ID, evs)
}

// quickplayGame2023: sudden death 5 minutes with Guidelines III announced;
// white claims with more than two minutes (not admitted), then with less:
// the arbiter postpones and gives black two minutes; then, claimed again,
// declares the draw (III.5).
func quickplayGame2023(t testing.TB) *played {
	p := newPlayed(t, "g1", events.GameCreated{Mode: "standard", White: "w", Black: "b", TimeControl: "300", LawsProfile: "fide-2023", QuickplayFinish: true})
	p.startClock()
	p.now = p.now.Add(2 * time.Second)
	p.move("w", "e4")
	p.now = p.now.Add(time.Second)
	p.move("b", "e5")
	p.now = p.now.Add(time.Second)
	p.quickplayClaim("w") // 4m58s left: not admitted
	p.now = p.now.Add(3 * time.Minute)
	p.move("w", "Nf3")
	p.now = p.now.Add(time.Second)
	p.move("b", "Nc6")
	p.now = p.now.Add(time.Second)
	c := p.quickplayClaim("w")
	p.now = p.now.Add(20 * time.Second) // the arbiter comes over; the clocks stand
	p.judge(c, "postpone", true)
	p.now = p.now.Add(time.Second)
	p.move("w", "Bc4")
	p.now = p.now.Add(time.Second)
	p.move("b", "Bc5")
	p.now = p.now.Add(time.Second)
	c = p.quickplayClaim("w")
	p.judge(c, "draw", false)
	return p
}

// quickplayGame1997: the same under 1997 10.2: postponed without time,
// then the draw.
func quickplayGame1997(t testing.TB) *played {
	p := newPlayed(t, "g1", events.GameCreated{Mode: "standard", White: "w", Black: "b", TimeControl: "180", LawsProfile: "fide-1997", QuickplayFinish: true})
	p.startClock()
	p.now = p.now.Add(70 * time.Second)
	p.move("w", "d4")
	p.now = p.now.Add(time.Second)
	p.move("b", "d5")
	p.now = p.now.Add(time.Second)
	c := p.quickplayClaim("w")
	p.judge(c, "postpone", false)
	p.now = p.now.Add(time.Second)
	p.move("w", "c4")
	p.now = p.now.Add(time.Second)
	p.move("b", "e6")
	c = p.quickplayClaim("w")
	p.judge(c, "draw", false)
	return p
}

func TestQuickplayRulings(t *testing.T) {
	for _, c := range []struct {
		name    string
		build   func(testing.TB) *played
		matters []string
		article string
		adjust  int
	}{
		{"2023 Guidelines III.5", quickplayGame2023, []string{"draw_claim", "draw_claim", "draw_claim"}, "III.5", 1},
		{"1997 article 10.2", quickplayGame1997, []string{"draw_claim", "draw_claim"}, "10.2", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := c.build(t)
			rep := Game("g1", p.log)
			if !rep.OK {
				t.Fatalf("clean game: %s", rep.Verdict)
			}
			if rep.Result != events.ResultDraw || rep.Termination != string(events.ClaimQuickplay) || rep.Article != c.article || rep.ChainOnly != 0 {
				t.Errorf("result %s (%s, %s), %d chain only", rep.Result, rep.Termination, rep.Article, rep.ChainOnly)
			}
			matters, adjusted := rederived(t, p, rep)
			for _, adj := range adjusted {
				if adj.Side != events.Black || adj.DeltaMs != 120000 || adj.Article != "III.5" {
					t.Errorf("clock change %+v", adj)
				}
			}
			if !slices.Equal(matters, c.matters) || len(adjusted) != c.adjust {
				t.Errorf("rulings on %v, %d clock changes", matters, len(adjusted))
			}
		})
	}
}

// TestQuickplayTampered: an edited quickplay ruling, re-hashed, is named.
func TestQuickplayTampered(t *testing.T) {
	cases := []struct {
		name string
		n    int
		typ  string
		edit func(e *events.Envelope)
		want string
	}{
		{"an inadmissible claim admitted", 0, "arbiter.ruling_given", func(e *events.Envelope) {
			setData(t, e, "decision", "draw")
		}, "decision"},
		{"the judgement given by the service", 1, "arbiter.ruling_given", func(e *events.Envelope) {
			e.Actor = systemAr
		}, "only an arbiter judges"},
		{"three minutes instead of two", 0, "arbiter.penalty_imposed", func(e *events.Envelope) {
			setData(t, e, "amount_ms", 180000)
		}, "amount_ms"},
		{"the article of the draw", 2, "arbiter.ruling_given", func(e *events.Envelope) {
			setData(t, e, "article", "9.6")
		}, "article"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			log := slices.Clone(quickplayGame2023(t).log)
			i := nth(t, log, c.typ, c.n)
			c.edit(&log[i])
			rehash(t, log)
			rep := Game("g1", log)
			if rep.OK || !strings.Contains(rep.First.Reason, c.want) {
				t.Errorf("%s; want a reason with %q", rep.Verdict, c.want)
			}
		})
	}
}

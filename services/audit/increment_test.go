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

// incrementGame: 110 s sudden death with Guidelines III announced (fide-2023);
// white, on move with less than two minutes, requests an increment (III.4);
// the arbiter rules with judgement; the game goes on for two moves.
func incrementGame(t testing.TB, judgement string) *played {
	p := newPlayed(t, "g1", events.GameCreated{Mode: "standard", White: "w", Black: "b", TimeControl: "110", LawsProfile: "fide-2023", QuickplayFinish: true})
	p.startClock()
	p.now = p.now.Add(2 * time.Second)
	p.move("w", "e4")
	p.now = p.now.Add(time.Second)
	p.move("b", "e5")
	p.now = p.now.Add(time.Second)
	evs, err := p.g.ClaimDraw("w", events.ClaimIncrementRequest, "")
	if err != nil {
		t.Fatal(err)
	}
	claim := p.append(events.WriterGames, events.Actor{Role: "player", ID: "w"}, "", evs)[0]
	dc := evs[0].(events.DrawClaimed)
	if ruling, err := arbiter.ClaimRuling(&p.g.Game, &dc, claim.RecordedAt); err != nil || len(ruling) != 0 {
		t.Fatalf("the request is the arbiter's: %+v %v", ruling, err)
	}
	p.now = p.now.Add(20 * time.Second) // the arbiter comes over; the clocks stand
	ruling, err := arbiter.HandRulingDecision(&p.g.Game, arbiter.HandRuling{Matter: "increment_request", Judgement: judgement}, p.now.Add(200*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	p.rule(arbiterActor, claim.ID, ruling)
	if p.g.Finished() {
		return p
	}
	p.now = p.now.Add(3 * time.Second)
	p.move("w", "Nf3")
	p.now = p.now.Add(2 * time.Second)
	p.move("b", "Nc6")
	return p
}

func TestIncrementRequest(t *testing.T) {
	for _, c := range []struct {
		judgement string
		types     []string // the events after the request
		whiteMs   int64    // white's clock after Nf3
	}{
		// 110 - 2 (e4) - 1 (claim) - 3 (Nf3, the ruling 200 ms after the
		// arbiter came; the clocks restart then) = 104 s, + 5 s
		{"grant", []string{"arbiter.ruling_given", "arbiter.penalty_imposed", "arbiter.penalty_imposed", "clock.time_adjusted", "clock.control_changed", "game.move_played", "game.move_played"}, 109000},
		{"refuse", []string{"arbiter.ruling_given", "game.move_played", "game.move_played"}, 104000},
		{"draw", []string{"arbiter.ruling_given", "game.ended"}, 0},
	} {
		t.Run(c.judgement, func(t *testing.T) {
			p := incrementGame(t, c.judgement)
			rep := Game("g1", p.log)
			if !rep.OK || rep.ChainOnly != 0 {
				t.Fatalf("clean game: %s (%d chain only)", rep.Verdict, rep.ChainOnly)
			}
			var types []string
			after := false
			for _, e := range rep.Entries {
				if after {
					types = append(types, e.Type)
				}
				after = after || e.Type == "game.draw_claimed"
			}
			if !slices.Equal(types, c.types) {
				t.Errorf("events after the request %v, want %v", types, c.types)
			}
			if c.judgement == "draw" {
				if rep.Result != events.ResultDraw || rep.Termination != "agreement" || rep.Article != "III.4" {
					t.Errorf("result %s (%s, %s)", rep.Result, rep.Termination, rep.Article)
				}
				return
			}
			moves := p.g.Timer().Clock().Moves()
			if got := moves[2].Clock.Milliseconds(); got != c.whiteMs {
				t.Errorf("white's clock after Nf3: %d ms, want %d", got, c.whiteMs)
			}
			if c.judgement == "grant" {
				var ch events.ControlChanged
				if err := json.Unmarshal(p.log[nth(t, p.log, "clock.control_changed", 0)].Data, &ch); err != nil {
					t.Fatal(err)
				}
				if ch.TimeControl != "110+5" || ch.Article != "III.4" {
					t.Errorf("control change %+v", ch)
				}
				// black: 110 - 1 (e5) - 2 (Nc6) + 120 s + 5 s
				if got := moves[3].Clock.Milliseconds(); got != 232000 {
					t.Errorf("black's clock after Nc6: %d ms, want 232000", got)
				}
			}
		})
	}
}

// TestIncrementTampered: an edited increment, control or outcome,
// re-hashed, is named.
func TestIncrementTampered(t *testing.T) {
	cases := []struct {
		name string
		typ  string
		n    int
		edit func(e *events.Envelope)
		want string
	}{
		{"ten seconds ordered", "arbiter.penalty_imposed", 1, func(e *events.Envelope) { setData(t, e, "amount_ms", 10000) }, "amount_ms"},
		{"another control set", "clock.control_changed", 0, func(e *events.Envelope) { setData(t, e, "time_control", "110+10") }, "time_control"},
		{"a change ordered by nobody", "clock.control_changed", 0, func(e *events.Envelope) { e.CausationID = "" }, "on nothing"},
		{"the ruling given by the service", "arbiter.ruling_given", 0, func(e *events.Envelope) { e.Actor = systemAr }, "only an arbiter"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			log := slices.Clone(incrementGame(t, "grant").log)
			c.edit(&log[nth(t, log, c.typ, c.n)])
			rehash(t, log)
			rep := Game("g1", log)
			if rep.OK || !strings.Contains(rep.First.Reason, c.want) {
				t.Errorf("%s; want a reason with %q", rep.Verdict, c.want)
			}
		})
	}
}

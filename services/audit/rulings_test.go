package audit

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	arbiter "github.com/hakem-chess/hakem/services/arbiter/domain"
)

var (
	arbiterActor = events.Actor{Role: "arbiter", ID: "a"}
	systemAr     = events.Actor{Role: "system", ID: "arbiter"}
	systemClocks = events.Actor{Role: "system", ID: "clocks"}
	systemGames  = events.Actor{Role: "system", ID: "games"}
)

// rule records a ruling's command, then what the clocks and games services
// do with it: the clock change for a penalty, the end for a decided game.
func (p *played) rule(actor events.Actor, cause string, evs []events.Event) []events.Envelope {
	p.t.Helper()
	p.now = p.now.Add(200 * time.Millisecond)
	rs := p.append(events.WriterArbiter, actor, cause, evs)
	for _, e := range rs {
		if e.Type == "arbiter.penalty_imposed" {
			if adj := adjustmentFor(p.t, p, e); len(adj) > 0 {
				p.append(events.WriterClocks, systemClocks, e.ID, adj)
			}
		}
	}
	if rs[0].Type == "arbiter.ruling_given" {
		end, err := p.g.EndByRuling(mustRuling(p.t, rs[0]))
		if err != nil {
			p.t.Fatal(err)
		}
		if len(end) > 0 {
			p.append(events.WriterGames, systemGames, rs[0].ID, end)
		}
	}
	return rs
}

// illegal reports an illegal move by offender and records the ruling.
func (p *played) illegal(offender events.Color, move string) {
	p.t.Helper()
	evs, err := p.g.ReportIllegal(offender, move, "arbiter")
	if err != nil {
		p.t.Fatal(err)
	}
	rep := p.append(events.WriterGames, arbiterActor, "", evs)[0]
	ir := evs[0].(events.IllegalMoveReported)
	ruling, err := arbiter.IllegalRuling(&p.g.Game, &ir, rep.RecordedAt)
	if err != nil {
		p.t.Fatal(err)
	}
	p.rule(systemAr, rep.ID, ruling)
}

// hand records the arbiter's hand ruling h.
func (p *played) hand(h arbiter.HandRuling) {
	p.t.Helper()
	evs, err := arbiter.HandRulingDecision(&p.g.Game, h, p.now.Add(200*time.Millisecond))
	if err != nil {
		p.t.Fatal(err)
	}
	p.rule(arbiterActor, "", evs)
}

// illegalGame: two illegal moves by white in fide-2023 (7.5.5: two minutes
// to black, then the loss).
func illegalGame(t testing.TB) *played {
	p := newPlayed(t, "g1", events.GameCreated{Mode: "standard", White: "w", Black: "b", TimeControl: "300", LawsProfile: "fide-2023"})
	p.startClock()
	p.now = p.now.Add(2 * time.Second)
	p.move("w", "e4")
	p.now = p.now.Add(time.Second)
	p.move("b", "e5")
	p.now = p.now.Add(time.Second)
	p.illegal(events.White, "Ke3")
	p.now = p.now.Add(time.Second)
	p.move("w", "Nf3")
	p.move("b", "Nc6")
	p.now = p.now.Add(time.Second)
	p.illegal(events.White, "Bxf7")
	return p
}

// penaltyGame: a warning, time off for a distraction, time to the
// opponent, then the loss, all by hand.
func penaltyGame(t testing.TB) *played {
	p := newPlayed(t, "g1", events.GameCreated{Mode: "standard", White: "w", Black: "b", TimeControl: "300", LawsProfile: "fide-2023"})
	p.startClock()
	p.now = p.now.Add(2 * time.Second)
	p.move("w", "d4")
	p.hand(arbiter.HandRuling{Matter: "penalty", Side: events.Black, Penalty: "warning", Reason: "talking"})
	p.hand(arbiter.HandRuling{Matter: "penalty", Side: events.Black, Penalty: "time_off", AmountMs: 30000, Distraction: true})
	p.hand(arbiter.HandRuling{Matter: "penalty", Side: events.White, Penalty: "time_to_opponent", AmountMs: 60000, Reason: "phone rang"})
	p.move("b", "d5")
	p.hand(arbiter.HandRuling{Matter: "penalty", Side: events.Black, Penalty: "loss", Reason: "phone"})
	return p
}

// forfeitGame: white arrives after the default time and loses by forfeit;
// on appeal the arbiter overrides the result to a draw.
func forfeitGame(t testing.TB) *played {
	p := newPlayed(t, "g1", events.GameCreated{Mode: "standard", White: "w", Black: "b", TimeControl: "300", LawsProfile: "fide-2023"})
	p.hand(arbiter.HandRuling{Matter: "late_arrival", Side: events.White, LatenessMs: 3_600_000})
	p.hand(arbiter.HandRuling{Matter: "result_override", Result: "1/2-1/2", Reason: "appeal upheld", Article: "21.3"})
	return p
}

// annulledGame: black arrives late within the default time, the game
// started from a wrong position and is annulled, then scored by override.
func annulledGame(t testing.TB) *played {
	p := newPlayed(t, "g1", events.GameCreated{Mode: "standard", White: "w", Black: "b", TimeControl: "300", LawsProfile: "fide-1997"})
	p.hand(arbiter.HandRuling{Matter: "late_arrival", Side: events.Black, LatenessMs: 90_000})
	p.startClock()
	p.now = p.now.Add(2 * time.Second)
	p.move("w", "e4")
	p.hand(arbiter.HandRuling{Matter: "wrong_initial_position", Reason: "knights and bishops swapped"})
	p.hand(arbiter.HandRuling{Matter: "result_override", Result: "1/2-1/2", Reason: "no time to replay", Article: "tournament rules 4"})
	return p
}

func TestRulingsClean(t *testing.T) {
	cases := []struct {
		name        string
		build       func(testing.TB) *played
		result      events.Result
		termination string
		matters     []string
	}{
		{"illegal moves", illegalGame, "0-1", "illegal_move", []string{"illegal_move", "illegal_move"}},
		{"penalties", penaltyGame, "1-0", "arbiter", []string{"penalty", "penalty", "penalty", "penalty"}},
		{"forfeit and override", forfeitGame, "1/2-1/2", "forfeit", []string{"late_arrival"}},
		{"annulment and override", annulledGame, "1/2-1/2", "", []string{"late_arrival", "wrong_initial_position"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := c.build(t)
			rep := Game("g1", p.log)
			if !rep.OK {
				t.Fatalf("clean game: %s", rep.Verdict)
			}
			if rep.Result != c.result || rep.Termination != c.termination || rep.ChainOnly != 0 {
				t.Errorf("result %s (%s), %d chain only; want %s (%s), 0", rep.Result, rep.Termination, rep.ChainOnly, c.result, c.termination)
			}
			matters, adjusted := rederived(t, p, rep)
			for _, adj := range adjusted {
				// 7.5.5: two minutes to black; by hand: 30 s off black, 60 s to black
				ok := c.name == "illegal moves" && adj == events.TimeAdjusted{Side: events.Black, DeltaMs: 120000, Reason: adj.Reason, Article: "7.5.5"} ||
					c.name == "penalties" && adj.Side == events.Black && (adj.DeltaMs == -30000 || adj.DeltaMs == 60000)
				if !ok {
					t.Errorf("clock change %+v", adj)
				}
			}
			if !slices.Equal(matters, c.matters) {
				t.Errorf("rulings on %v, want %v", matters, c.matters)
			}
			if c.name == "illegal moves" && len(adjusted) != 1 || c.name == "penalties" && len(adjusted) != 2 {
				t.Errorf("%d clock adjustments", len(adjusted))
			}
		})
	}
}

// TestRulingsTampered: each edit of a ruling's command, re-hashed, is named
// at the event it touches (or at the ruling it contradicts).
func TestRulingsTampered(t *testing.T) {
	cases := []struct {
		name  string
		build func(testing.TB) *played
		typ   string // the event edited (its first occurrence, or as n says)
		n     int
		edit  func(e *events.Envelope)
		named string // the type of the event named ("" the edited one)
		want  string
	}{
		{"illegal move: penalty amount", illegalGame, "arbiter.penalty_imposed", 0,
			func(e *events.Envelope) { setData(t, e, "amount_ms", 180000) }, "", "amount_ms"},
		{"illegal move: article", illegalGame, "arbiter.ruling_given", 0,
			func(e *events.Envelope) { setData(t, e, "article", "7.4") }, "", "article"},
		{"illegal move: reported ply", illegalGame, "game.illegal_move_reported", 0,
			func(e *events.Envelope) { setData(t, e, "ply", 7) }, "", "ply"},
		{"illegal move: clock change", illegalGame, "clock.time_adjusted", 0,
			func(e *events.Envelope) { setData(t, e, "delta_ms", 240000) }, "", "delta_ms"},
		{"hand warning: an amount", penaltyGame, "arbiter.penalty_imposed", 0,
			func(e *events.Envelope) { setData(t, e, "amount_ms", 5000) }, "arbiter.ruling_given", "takes no amount"},
		{"hand penalty: amount", penaltyGame, "arbiter.penalty_imposed", 1,
			func(e *events.Envelope) { setData(t, e, "amount_ms", 5000) }, "arbiter.ruling_given", "explanation"},
		{"hand penalty: article", penaltyGame, "arbiter.ruling_given", 0,
			func(e *events.Envelope) { setData(t, e, "article", "11.5") }, "", "article"},
		{"late arrival: forfeit side", forfeitGame, "arbiter.forfeit_declared", 0,
			func(e *events.Envelope) { setData(t, e, "side", "black") }, "", "side"},
		{"annulment: article", annulledGame, "arbiter.game_annulled", 0,
			func(e *events.Envelope) { setData(t, e, "article", "7.2") }, "", "article"},
		{"override without reason", forfeitGame, "arbiter.result_overridden", 0,
			func(e *events.Envelope) { setData(t, e, "reason", "") }, "", "no reason"},
		{"override without article", annulledGame, "arbiter.result_overridden", 0,
			func(e *events.Envelope) { setData(t, e, "article", "") }, "", "no article"},
		{"override by a player", forfeitGame, "arbiter.result_overridden", 0,
			func(e *events.Envelope) { e.Actor = events.Actor{Role: "player", ID: "w"} }, "", "not by an arbiter"},
		{"override of the wrong result", forfeitGame, "arbiter.result_overridden", 0,
			func(e *events.Envelope) { setData(t, e, "previous", "1-0") }, "", "previous"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			log := slices.Clone(c.build(t).log)
			i := nth(t, log, c.typ, c.n)
			c.edit(&log[i])
			named := log[i].ID
			if c.named != "" {
				for j := i; j >= 0; j-- {
					if log[j].Type == c.named {
						named = log[j].ID
						break
					}
				}
			}
			rehash(t, log)
			rep := Game("g1", log)
			if rep.OK || rep.First.EventID != named || !strings.Contains(rep.First.Reason, c.want) {
				t.Errorf("%s; want the event %s named, reason with %q", rep.Verdict, named, c.want)
			}
		})
	}
}

// TestResultAt: standings computed at an instant see a result override
// only from its recorded instant on.
func TestResultAt(t *testing.T) {
	p := forfeitGame(t)
	rep := Game("g1", p.log)
	if !rep.OK {
		t.Fatal(rep.Verdict)
	}
	var ended, overridden time.Time
	for _, e := range p.log {
		switch e.Type {
		case "game.ended":
			ended = e.RecordedAt
		case "arbiter.result_overridden":
			overridden = e.RecordedAt
		}
	}
	if !ended.Before(overridden) {
		t.Fatalf("ended %v, overridden %v", ended, overridden)
	}
	for _, c := range []struct {
		at   time.Time
		want events.Result
	}{
		{ended.Add(-time.Nanosecond), "*"},
		{ended, "0-1"},
		{overridden.Add(-time.Nanosecond), "0-1"},
		{overridden, "1/2-1/2"},
	} {
		if got := rep.ResultAt(c.at); got != c.want {
			t.Errorf("ResultAt(%v) = %s, want %s", c.at, got, c.want)
		}
	}
}

// FuzzRulings: any data in any event of a log with illegal moves, hand
// penalties, a forfeit, an annulment and overrides, re-hashed or not, gives
// a verdict and never a panic, and unchanged hashes over changed data never
// audit clean.
func FuzzRulings(f *testing.F) {
	f.Add(uint8(0), uint8(7), []byte(`{"offender":"white","move":"Ke3","ply":3,"reported_by":"player"}`), true)
	f.Add(uint8(1), uint8(4), []byte(`{"matter":"penalty","article":"12.9","decision":"game_continues","penalty":"warning"}`), true)
	f.Add(uint8(2), uint8(3), []byte(`{"previous":"0-1","result":"1-0","reason":"x"}`), true)
	f.Add(uint8(3), uint8(4), []byte(`{"reason":"","article":"7.1a"}`), false)
	bases := [][]events.Envelope{illegalGame(f).log, penaltyGame(f).log, forfeitGame(f).log, annulledGame(f).log}
	f.Fuzz(func(t *testing.T, which, at uint8, data []byte, rehashed bool) {
		base := bases[int(which)%len(bases)]
		log := slices.Clone(base)
		i := int(at) % len(log)
		log[i].Data = data
		h, err := events.ComputeHash(&log[i])
		if rehashed && err == nil {
			rehash(t, log)
		}
		rep := Game("g1", log)
		if rep.OK == (rep.First != nil) {
			t.Fatalf("verdict %q with first bad %v", rep.Verdict, rep.First)
		}
		if !rehashed && rep.OK && h != base[i].Hash {
			t.Fatalf("event %d's data changed from %s to %s without a new hash, and the audit passed", i, base[i].Data, data)
		}
	})
}

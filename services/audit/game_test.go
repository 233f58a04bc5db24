package audit

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hakem-chess/hakem/events"
	arbiter "github.com/hakem-chess/hakem/services/arbiter/domain"
	clocks "github.com/hakem-chess/hakem/services/clocks/domain"
	"github.com/hakem-chess/hakem/services/internal/gameclock"
)

// claimGame: an incorrect claim (penalty, time to the opponent), moves, a
// flag fall and its ruling, all through the services' domain code.
func claimGame(t testing.TB) *played {
	p := newPlayed(t, "g1", events.GameCreated{Mode: "standard", White: "w", Black: "b", TimeControl: "300", LawsProfile: "fide-2023"})
	p.startClock()
	p.now = p.now.Add(2 * time.Second)
	p.move("w", "Nf3")
	p.now = p.now.Add(3 * time.Second)
	p.move("b", "Nf6")
	p.now = p.now.Add(time.Second)
	evs, err := p.g.ClaimDraw("w", "threefold_repetition", "Ng1")
	if err != nil {
		t.Fatal(err)
	}
	claim := p.append(events.WriterGames, events.Actor{Role: "player", ID: "w"}, "", evs)[0]
	dc, _ := evs[0].(events.DrawClaimed)
	ruling, err := arbiter.ClaimRuling(&p.g.Game, &dc, claim.RecordedAt)
	if err != nil {
		t.Fatal(err)
	}
	p.now = p.now.Add(500 * time.Millisecond)
	rs := p.append(events.WriterArbiter, events.Actor{Role: "system", ID: "arbiter"}, claim.ID, ruling)
	adj := adjustmentFor(t, p, rs[1])
	p.append(events.WriterClocks, events.Actor{Role: "system", ID: "clocks"}, rs[1].ID, adj)
	p.move("w", "Ng1")
	// black thinks too long: the flag falls
	p.now = p.now.Add(10 * time.Minute)
	flag := clocks.CheckFlag(p.g.Timer(), p.now)
	if len(flag) != 1 {
		t.Fatal("no flag fall")
	}
	ff := p.append(events.WriterClocks, events.Actor{Role: "system", ID: "clocks"}, "", flag)[0]
	r := p.append(events.WriterArbiter, events.Actor{Role: "system", ID: "arbiter"}, ff.ID, flagRulingFor(t, p, ff))[0]
	end, err := p.g.EndByRuling(mustRuling(t, r))
	if err != nil {
		t.Fatal(err)
	}
	p.append(events.WriterGames, events.Actor{Role: "system", ID: "games"}, r.ID, end)
	return p
}

func decodeAll(t testing.TB, log []events.Envelope) []events.Event {
	out := make([]events.Event, len(log))
	for i, e := range log {
		ev, err := events.Decode(e)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = ev
	}
	return out
}

// flagRulingFor decides the ruling on the flag fall just recorded.
func flagRulingFor(t testing.TB, p *played, ff events.Envelope) []events.Event {
	t.Helper()
	log := append(slices.Clone(p.log), events.Envelope{ID: "next", CausationID: ff.ID})
	f := &folder{log: log, decoded: decodeAll(t, p.log), g: p.g}
	evs, err := f.ruling(len(log)-1, len(log), events.RulingGiven{Matter: "flag_fall"})
	if err != nil {
		t.Fatal(err)
	}
	return evs
}

func mustRuling(t testing.TB, e events.Envelope) events.RulingGiven {
	var r events.RulingGiven
	if err := json.Unmarshal(e.Data, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

func TestGameClean(t *testing.T) {
	p := claimGame(t)
	rep := Game("g1", p.log)
	if !rep.OK {
		t.Fatalf("clean game: %s", rep.Verdict)
	}
	if rep.Result != "1-0" || rep.Termination != "flag_fall" || rep.ChainOnly != 0 {
		t.Errorf("result %s %s, %d chain only", rep.Result, rep.Termination, rep.ChainOnly)
	}
	var sawRuling bool
	for _, e := range rep.Entries {
		if e.Type == "arbiter.ruling_given" {
			sawRuling = true
			if e.Article == "" || e.Profile != "fide-2023" || !e.Disputed {
				t.Errorf("ruling line %+v", e)
			}
		}
	}
	if !sawRuling {
		t.Error("no ruling on the timeline")
	}
}

// TestGameTampered: each edit, re-hashed so that the chain alone does not
// see it, is named at the event it touches.
func TestGameTampered(t *testing.T) {
	cases := []struct {
		name string
		edit func(log []events.Envelope) ([]events.Envelope, string) // the altered log and the id of the first bad event
		want string
	}{
		{"delete a move", func(log []events.Envelope) ([]events.Envelope, string) {
			i := nth(t, log, "game.move_played", 0)
			id := log[i+1].ID
			return slices.Delete(log, i, i+1), id
		}, "not on move"},
		{"reorder two moves", func(log []events.Envelope) ([]events.Envelope, string) {
			i := nth(t, log, "game.move_played", 0)
			log[i], log[i+1] = log[i+1], log[i]
			return log, log[i].ID
		}, ""},
		{"alter a move", func(log []events.Envelope) ([]events.Envelope, string) {
			i := nth(t, log, "game.move_played", 1)
			setData(t, &log[i], "uci", "b8c6")
			return log, log[i].ID
		}, ""},
		{"alter a clock reading", func(log []events.Envelope) ([]events.Envelope, string) {
			i := nth(t, log, "clock.flag_fell", 0)
			var ff events.FlagFell
			_ = json.Unmarshal(log[i].Data, &ff)
			setData(t, &log[i], "at", ff.At.Add(time.Millisecond))
			return log, log[i].ID
		}, "flag_fell"},
		{"alter the claim's penalty", func(log []events.Envelope) ([]events.Envelope, string) {
			i := nth(t, log, "clock.time_adjusted", 0)
			setData(t, &log[i], "delta_ms", 60000)
			return log, log[i].ID
		}, "delta_ms"},
		{"alter a result", func(log []events.Envelope) ([]events.Envelope, string) {
			i := nth(t, log, "game.ended", 0)
			setData(t, &log[i], "result", "0-1")
			return log, log[i].ID
		}, "result"},
		{"forge a ruling", func(log []events.Envelope) ([]events.Envelope, string) {
			i := nth(t, log, "arbiter.ruling_given", 0)
			setData(t, &log[i], "decision", "draw")
			return log, log[i].ID
		}, "decision"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			log, id := c.edit(slices.Clone(claimGame(t).log))
			raw := Game("g1", slices.Clone(log))
			if raw.OK || raw.First.EventID != id || !strings.Contains(raw.First.Reason, "hash chain") {
				t.Errorf("not re-hashed: %s; want the event %s named by the chain", raw.Verdict, id)
			}
			rehash(t, log)
			rep := Game("g1", log)
			if rep.OK || rep.First.EventID != id || strings.Contains(rep.First.Reason, "hash chain") || !strings.Contains(rep.First.Reason, c.want) {
				t.Errorf("re-hashed: %s; want the event %s named, reason with %q", rep.Verdict, id, c.want)
			}
		})
	}
}

// TestGameAnchored: a rewrite that the Laws cannot tell from the truth
// (here a correlation id), re-hashed throughout, passes the chain and the
// re-decisions but not the anchor recorded when the game ended.
func TestGameAnchored(t *testing.T) {
	log := claimGame(t).log
	last := log[len(log)-1]
	anchor := events.Head{Version: last.Seq, Seq: last.Seq, Hash: last.Hash}
	if rep := GameAnchored("g1", log, anchor); !rep.OK {
		t.Fatalf("the log against its own anchor: %s", rep.Verdict)
	}
	forged := slices.Clone(log)
	forged[3].CorrelationID = "someone-else"
	rehash(t, forged)
	if rep := Game("g1", forged); !rep.OK {
		t.Fatalf("without an anchor the rewrite is consistent, yet: %s", rep.Verdict)
	}
	rep := GameAnchored("g1", forged, anchor)
	if rep.OK || rep.First.EventID != last.ID || !strings.Contains(rep.First.Reason, "rewritten") {
		t.Errorf("against the anchor: %s", rep.Verdict)
	}
}

// adjustmentFor is the clock change the clocks service makes for the
// penalty just recorded (clocks/domain PenaltyChange on the clock folded
// from the log).
func adjustmentFor(t testing.TB, p *played, penalty events.Envelope) []events.Event {
	t.Helper()
	evs := decodeAll(t, p.log)
	timer := &gameclock.Timer{}
	for i, e := range evs {
		if err := timer.Apply(p.log[i].RecordedAt, e); err != nil {
			t.Fatal(err)
		}
	}
	ev, err := events.Decode(penalty)
	if err != nil {
		t.Fatal(err)
	}
	adj, err := clocks.PenaltyChange(timer, ev.(*events.PenaltyImposed), penalty.RecordedAt)
	if err != nil {
		t.Fatal(err)
	}
	return adj
}

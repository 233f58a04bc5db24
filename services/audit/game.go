// Package audit replays a game's or a tournament's events through the same
// code the services decide with (the games and clocks domains, the arbiter's
// rulings, rules, clock, rules/laws, the pairing domain) and checks every
// event: the hash chain, each command re-decided on the state folded before
// it and compared with what was recorded (moves and their SAN, clock starts,
// flag instants to the nanosecond, claims and rulings under the game's laws
// profile, penalties, results and terminations), and for a tournament each
// round re-paired and the standings re-computed.
//
// The arbiter's rulings on reported illegal moves (arbiter/domain
// IllegalRuling), its hand rulings (HandRulingDecision: penalties, late
// arrival and forfeit, wrong initial position and annulment) and result
// overrides (well formed: an arbiter's, with reason and article) are
// re-decided too, as are quickplay-finish claims and increment requests
// (2023 Guidelines III.4) (whether the Laws admit them; the arbiter's
// judgement of an admissible one, and the opponent's answer to the draw an
// increment request offers, are by hand, their consequences re-decided); a
// penalty's clock change, and the increment's new control
// (clock.control_changed), through clocks/domain PenaltyChange. What is not re-derived is said so on its timeline
// line (Checked is "chain only").
package audit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/events/eventstore"
	"github.com/hakem-chess/hakem/rules/laws"
	arbiter "github.com/hakem-chess/hakem/services/arbiter/domain"
	clocks "github.com/hakem-chess/hakem/services/clocks/domain"
	"github.com/hakem-chess/hakem/services/games/domain"
)

// GameReport is the audit of one game.
type GameReport struct {
	GameID      string        `json:"game_id"`
	White       string        `json:"white,omitempty"`
	Black       string        `json:"black,omitempty"`
	TimeControl string        `json:"time_control,omitempty"`
	Profile     string        `json:"laws_profile,omitempty"`
	StartFEN    string        `json:"start_fen,omitempty"`
	Result      events.Result `json:"result"`
	Termination string        `json:"termination,omitempty"`
	Article     string        `json:"article,omitempty"`
	Events      int           `json:"events"`
	Rederived   int           `json:"rederived"`
	ChainOnly   int           `json:"chain_only"`
	Entries     []Entry       `json:"timeline"`
	OK          bool          `json:"ok"`
	First       *Finding      `json:"first_bad,omitempty"`
	Verdict     string        `json:"verdict"`
	// Repairs are the log's game.log_repaired, Damaged its damage not
	// repaired (quarantine.go).
	Repairs []Repair           `json:"repairs,omitempty"`
	Damaged *eventstore.Damage `json:"damaged,omitempty"`
	// UCIs are the moves of the game as folded (for boards in reports).
	UCIs []string `json:"-"`
	// results are the game's result after each event that changed it (an
	// end, a forfeit's end, a result override), for the standings of a
	// tournament as they stood at an instant.
	results []resultChange
	// points are the game's points penalties (2023 12.9.4, 12.9.5) with
	// the instant each was imposed.
	points []pointsChange
}

// pointsChange is a points penalty imposed at an instant.
type pointsChange struct {
	at  time.Time
	pen laws.PointsPenalty
}

// PenaltiesAt returns the game's points penalties imposed by instant at.
func (r *GameReport) PenaltiesAt(at time.Time) []laws.PointsPenalty {
	var out []laws.PointsPenalty
	for _, c := range r.points {
		if !c.at.After(at) {
			out = append(out, c.pen)
		}
	}
	return out
}

// resultChange is a game's result from an instant on.
type resultChange struct {
	at     time.Time
	result events.Result
}

// ResultAt is the game's result as it stood at instant at (after the
// events recorded then or before): an override recorded later does not
// change the standings published before it.
func (r *GameReport) ResultAt(at time.Time) events.Result {
	res := events.ResultUnfinished
	for _, c := range r.results {
		if c.at.After(at) {
			break
		}
		res = c.result
	}
	return res
}

// Game audits one game's complete log, in the order read.
func Game(id string, log []events.Envelope) *GameReport {
	return GameAnchored(id, log, events.Head{})
}

// GameAnchored is Game with an anchor: the head of the game recorded
// elsewhere (the sealed copy the games service wrote when the game ended).
// A log rewritten and re-hashed consistently up to the anchor is then
// named at the anchored event (events.VerifyAnchored). The zero Head is no
// anchor.
func GameAnchored(id string, log []events.Envelope, anchor events.Head) *GameReport {
	return gameChecked(id, log, anchor, nil)
}

// gameChecked is GameAnchored; more (if not nil) marks further findings,
// the signatures and the witnessed heads, once the chain is checked.
func gameChecked(id string, log []events.Envelope, anchor events.Head, more func(bad func(int, string))) *GameReport {
	tl := newTimeline(log, false)
	rep := &GameReport{GameID: id, Events: len(log), Result: events.ResultUnfinished, Entries: tl.entries}
	bad := tl.bad
	if len(log) == 0 {
		rep.Verdict = "no events: game " + id + " does not exist"
		return rep
	}
	if err := events.VerifyAnchored(log, anchor); err != nil {
		var ce *events.ChainError
		if errors.As(err, &ce) && ce.Index < len(log) {
			bad(ce.Index, fmt.Sprintf("hash chain: %s: %s", ce.Problem, ce.Detail))
		} else {
			bad(len(log)-1, "hash chain: "+err.Error())
		}
	}
	if more != nil {
		more(bad)
	}
	if log[0].Aggregate != events.Game(id) {
		bad(0, fmt.Sprintf("the log is of %s, not game %s", log[0].Aggregate, id))
	}
	decoded := make([]events.Event, len(log))
	for i := range log {
		ev, err := events.Decode(log[i])
		if err != nil {
			bad(i, err.Error())
			continue
		}
		decoded[i] = ev
	}
	f := &folder{log: log, decoded: decoded, g: &domain.Game{}}
	for start := 0; start < len(log); {
		end := commandEnd(log, start)
		if tl.first >= 0 && tl.first < start {
			break // the state no longer means anything
		}
		stop := false
		for i := start; i < end; i++ {
			if decoded[i] == nil {
				stop = true
				break
			}
		}
		if stop {
			break
		}
		checked := "re-derived"
		at, reason, err := f.check(start, end)
		switch {
		case err != nil:
			bad(start+at, err.Error())
		case reason != "":
			checked = reason
		}
		for i := start; i < end; i++ {
			en := &rep.Entries[i]
			if en.Checked == "not reached" {
				en.Checked = checked
				if checked == "re-derived" {
					rep.Rederived++
				} else {
					rep.ChainOnly++
				}
			}
			before := f.g.Result()
			if err := f.g.ApplyAt(log[i].RecordedAt, decoded[i]); err != nil {
				bad(i, "does not fold: "+err.Error())
				stop = true
			}
			if now := f.g.Result(); now != before {
				rep.results = append(rep.results, resultChange{at: log[i].RecordedAt, result: now})
			}
			if pens := f.g.PointsPenalties(); len(pens) > len(rep.points) {
				rep.points = append(rep.points, pointsChange{at: log[i].RecordedAt, pen: pens[len(pens)-1]})
			}
			prevFEN := ""
			if i > 0 {
				prevFEN = rep.Entries[i-1].FEN
			}
			describe(en, decoded[i], f.g, log[i].RecordedAt, prevFEN)
			if stop {
				break
			}
		}
		if stop {
			break
		}
		start = end
	}
	g := f.g
	if g.Exists() {
		s := g.Setup()
		rep.White, rep.Black, rep.TimeControl, rep.Profile, rep.StartFEN = s.White, s.Black, s.TimeControl, s.LawsProfile, s.StartFEN
		rep.Result = g.Result()
		end := g.Ending()
		rep.Termination, rep.Article = string(end.Termination), end.Article
		rep.UCIs = g.UCIs()
	}
	if rep.First = tl.finding(log); rep.First != nil {
		rep.Verdict = "DOES NOT FOLLOW: " + rep.First.String()
		return rep
	}
	rep.OK = true
	rep.Verdict = fmt.Sprintf("every event follows: %d events, %d re-decided by the services' code, %d checked by the hash chain only; result %s", len(log), rep.Rederived, rep.ChainOnly, rep.Result)
	if rep.Termination != "" {
		rep.Verdict += " (" + rep.Termination
		if rep.Article != "" {
			rep.Verdict += ", article " + rep.Article
		}
		rep.Verdict += ")"
	}
	return rep
}

// folder is the game folded so far and the log it comes from.
type folder struct {
	log     []events.Envelope
	decoded []events.Event
	g       *domain.Game
}

// chainOnly marks a command no service decides yet.
const chainOnly = "chain only"

// check re-decides the command of log[start:end] on the game folded before
// it and compares. It returns the offset within the command of the first
// event that differs and why, or a non-empty reason when the command is
// not re-derived by this audit (checked by the chain only).
func (f *folder) check(start, end int) (int, string, error) {
	env := &f.log[start]
	g := f.g
	at := env.RecordedAt
	player := func(c events.Color) string {
		if env.Actor.Role == "player" {
			return env.Actor.ID
		}
		if c == events.Black {
			return g.Setup().Black
		}
		return g.Setup().White
	}
	var want []events.Event
	var err error
	switch ev := deref(f.decoded[start]).(type) {
	case events.GameCreated:
		want, err = (&domain.Game{}).Create(ev)
	case events.MovePlayed, events.DrawDeclined:
		if d, ok := ev.(events.DrawDeclined); ok && !d.ByMoving {
			want, err = g.DeclineDraw(player(d.By))
			break
		}
		var mp *events.MovePlayed
		for i := start; i < end; i++ {
			if m, ok := deref(f.decoded[i]).(events.MovePlayed); ok {
				mp = &m
				break
			}
		}
		if mp == nil {
			return 0, "", errors.New("a move command without a move")
		}
		notation := mp.UCI
		if notation == "" {
			notation = mp.SAN
		}
		want, err = g.Move(player(mp.By), notation, at)
	case events.DrawOffered:
		want, err = g.OfferDraw(player(ev.By))
	case events.DrawAccepted:
		want, err = g.AcceptDraw(player(ev.By))
	case events.Resigned:
		want, err = g.Resign(player(ev.By))
	case events.DrawClaimed:
		want, err = g.ClaimDraw(player(ev.By), ev.Reason, ev.IntendedMove)
	case events.IllegalMoveReported:
		want, err = g.ReportIrregularity(ev.Offender, ev.Kind, ev.Move, ev.ReportedBy)
	case events.ResultOverridden:
		if reason := overrideMalformed(env.Actor, ev); reason != "" {
			return 0, "", errors.New(reason)
		}
		want, err = arbiter.HandRulingDecision(g, arbiter.HandRuling{Matter: events.MatterResultOverride, Result: ev.Result,
			Reason: ev.Reason, Article: ev.Article}, at)
	case events.GameEnded:
		i := f.find(env.CausationID, start)
		if i < 0 && sheetEnd(env) { // ended from a results sheet (the tournament's event): the tournament audit checks the sheet
			want, err = g.EndBySheet(sheetResult(ev))
			break
		}
		if i < 0 {
			return 0, "", fmt.Errorf("game.ended on its own must follow from a ruling; its cause %q is not an earlier event of the game", env.CausationID)
		}
		r, ok := deref(f.decoded[i]).(events.RulingGiven)
		if !ok {
			return 0, "", fmt.Errorf("game.ended follows from %s (seq %d), not from a ruling", f.log[i].Type, f.log[i].Seq)
		}
		want, err = g.EndByRuling(r)
	case events.ClockStarted:
		want, err = clocks.Start(g.Timer(), at)
	case events.ClockPaused:
		want, err = clocks.Pause(g.Timer(), at, ev.Reason)
	case events.ClockResumed:
		want, err = clocks.Resume(g.Timer(), at)
	case events.TimeAdjusted:
		if i := f.find(env.CausationID, start); i >= 0 {
			p, ok := deref(f.decoded[i]).(events.PenaltyImposed)
			if !ok {
				return 0, "", fmt.Errorf("time adjustment caused by %s (seq %d), not by a penalty or an arbiter", f.log[i].Type, f.log[i].Seq)
			}
			want, err = clocks.PenaltyChange(g.Timer(), &p, at)
			break
		}
		want, err = clocks.Adjust(g.Timer(), at, ev.Side, time.Duration(ev.DeltaMs)*time.Millisecond, ev.Reason, ev.Article)
	case events.ControlChanged:
		i := f.find(env.CausationID, start)
		if i < 0 {
			return 0, "", fmt.Errorf("a control change on nothing: its cause %q is not an earlier event of the game (the arbiter orders it)", env.CausationID)
		}
		p, ok := deref(f.decoded[i]).(events.PenaltyImposed)
		if !ok {
			return 0, "", fmt.Errorf("a control change caused by %s (seq %d), not by the arbiter's order", f.log[i].Type, f.log[i].Seq)
		}
		want, err = clocks.PenaltyChange(g.Timer(), &p, at)
	case events.FlagFell:
		want = clocks.CheckFlag(g.Timer(), at)
		if len(want) == 0 {
			return 0, "", fmt.Errorf("no flag had fallen at %s by the clock module's reckoning", at.Format(time.RFC3339Nano))
		}
	case events.RulingGiven:
		want, err = f.ruling(start, end, ev)
	default:
		return 0, chainOnly, nil
	}
	if err != nil {
		return 0, "", fmt.Errorf("the services would not have written it: %v", err)
	}
	return compare(want, f.decoded[start:end])
}

// ruling re-decides a ruling: on a flag fall, a draw claim or a reported
// illegal move (each on the event it follows from), or by hand (a penalty,
// a late arrival, a wrong initial position, both players at fault: on the
// game as it stands).
func (f *folder) ruling(start, end int, r events.RulingGiven) ([]events.Event, error) {
	env := &f.log[start]
	switch r.Matter {
	case events.MatterPenalty, events.MatterLateArrival, events.MatterWrongInitialPosition, events.MatterBothAtFault, events.MatterQuickplayClaim,
		events.MatterTouchMove, events.MatterDisplacedPieces, events.MatterBoardOrientation, events.MatterColoursReversed, events.MatterBothFlags:
		return f.handRuling(start, end, r)
	}
	cause := f.find(env.CausationID, start)
	if cause < 0 {
		return nil, fmt.Errorf("a ruling on nothing: its cause %q is not an earlier event of the game", env.CausationID)
	}
	switch r.Matter {
	case events.MatterFlagFall:
		ff, ok := deref(f.decoded[cause]).(events.FlagFell)
		if !ok {
			return nil, fmt.Errorf("a flag-fall ruling caused by %s (seq %d)", f.log[cause].Type, f.log[cause].Seq)
		}
		given, err := arbiter.FlagRuling(f.g, ff)
		if err != nil {
			return nil, err
		}
		return []events.Event{given}, nil
	case events.MatterDrawClaim:
		dc, ok := deref(f.decoded[cause]).(events.DrawClaimed)
		if !ok {
			return nil, fmt.Errorf("a claim ruling caused by %s (seq %d)", f.log[cause].Type, f.log[cause].Seq)
		}
		if pending, ok := f.g.Claim(); !ok || pending != dc {
			return nil, fmt.Errorf("a ruling on the claim at seq %d, which is not pending", f.log[cause].Seq)
		}
		if dc.Reason == events.ClaimQuickplay && env.Actor.Role == "arbiter" {
			return f.quickplayJudgement(start, end)
		}
		if dc.Reason == events.ClaimIncrementRequest && env.Actor.Role == "arbiter" {
			return f.incrementJudgement(start, end)
		}
		// the game as it stood when the claim was made
		g := &domain.Game{}
		for i := 0; i <= cause; i++ {
			if err := g.ApplyAt(f.log[i].RecordedAt, f.decoded[i]); err != nil {
				return nil, err
			}
		}
		want, err := arbiter.ClaimRuling(g, &dc, f.log[cause].RecordedAt)
		if err == nil && len(want) == 0 {
			return nil, fmt.Errorf("the %s claim at seq %d was admissible: only an arbiter judges it, not %s:%s", dc.Reason, f.log[cause].Seq, env.Actor.Role, env.Actor.ID)
		}
		return want, err
	case events.MatterIllegalMove:
		rep, ok := deref(f.decoded[cause]).(events.IllegalMoveReported)
		if !ok {
			return nil, fmt.Errorf("an illegal-move ruling caused by %s (seq %d)", f.log[cause].Type, f.log[cause].Seq)
		}
		for i := cause + 1; i < start; i++ {
			if _, ok := deref(f.decoded[i]).(events.RulingGiven); ok && f.log[i].CausationID == f.log[cause].ID {
				return nil, fmt.Errorf("the report at seq %d was ruled on already (seq %d)", f.log[cause].Seq, f.log[i].Seq)
			}
		}
		// the game as it stood at the report, the report included
		g := &domain.Game{}
		for i := 0; i <= cause; i++ {
			if err := g.ApplyAt(f.log[i].RecordedAt, f.decoded[i]); err != nil {
				return nil, err
			}
		}
		return arbiter.IllegalRuling(g, &rep, f.log[cause].RecordedAt)
	}
	return nil, fmt.Errorf("a ruling on %q, which no service rules on", r.Matter)
}

// find returns the index before limit of the event with id, or -1.
func (f *folder) find(id string, limit int) int {
	if id == "" {
		return -1
	}
	for i := limit - 1; i >= 0; i-- {
		if f.log[i].ID == id {
			return i
		}
	}
	return -1
}

// compare checks the recorded events of a command against the decided ones.
func compare(want, got []events.Event) (int, string, error) {
	for i := range got {
		if i >= len(want) {
			return i, "", fmt.Errorf("the services decide %d event(s) for this command; this one is extra", len(want))
		}
		w, g := deref(want[i]), deref(got[i])
		if w.EventType() != g.EventType() {
			return i, "", fmt.Errorf("recorded %s where the services decide %s %s", g.EventType(), w.EventType(), jsonOf(w))
		}
		if t := reflect.TypeOf(w); t.Comparable() && reflect.TypeOf(g) == t && w == g {
			continue // the same values (what JSON would say, without encoding)
		}
		wb, gb := jsonOf(w), jsonOf(g)
		if !bytes.Equal(wb, gb) {
			return i, "", fmt.Errorf("recorded %s %s, the services decide %s", g.EventType(), gb, wb)
		}
	}
	if len(want) > len(got) {
		return len(got) - 1, "", fmt.Errorf("the command lacks %s %s that the services decide", deref(want[len(got)]).EventType(), jsonOf(deref(want[len(got)])))
	}
	return 0, "", nil
}

func jsonOf(e events.Event) []byte {
	b, err := json.Marshal(e)
	if err != nil {
		return []byte(fmt.Sprintf("%#v", e))
	}
	return b
}

// deref turns the pointers events.Decode returns into values.
func deref(e events.Event) events.Event {
	switch e := e.(type) {
	case *events.GameCreated:
		return *e
	case *events.MovePlayed:
		return *e
	case *events.DrawOffered:
		return *e
	case *events.DrawAccepted:
		return *e
	case *events.DrawDeclined:
		return *e
	case *events.DrawClaimed:
		return *e
	case *events.Resigned:
		return *e
	case *events.IllegalMoveReported:
		return *e
	case *events.GameEnded:
		return *e
	case *events.ClockStarted:
		return *e
	case *events.ClockPaused:
		return *e
	case *events.ClockResumed:
		return *e
	case *events.TimeAdjusted:
		return *e
	case *events.FlagFell:
		return *e
	case *events.ControlChanged:
		return *e
	case *events.RulingGiven:
		return *e
	case *events.PenaltyImposed:
		return *e
	case *events.ForfeitDeclared:
		return *e
	case *events.GameAnnulled:
		return *e
	case *events.ResultOverridden:
		return *e
	}
	return e
}

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
	// Attested are the log's attestations that hold (game.log_attested:
	// its events before them were written before signing).
	Attested []events.Attestation `json:"attested,omitempty"`
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
	if len(log) == 0 {
		rep.Verdict = "no events: game " + id + " does not exist"
		return rep
	}
	verifyChain(log, anchor, tl.bad)
	if more != nil {
		more(tl.bad)
	}
	if log[0].Aggregate != events.Game(id) {
		tl.bad(0, fmt.Sprintf("the log is of %s, not game %s", log[0].Aggregate, id))
	}
	f := &folder{log: log, decoded: decodeLog(log, tl.bad), g: &domain.Game{}}
	f.replay(rep, tl)
	rep.conclude(f.g, tl.finding(log))
	return rep
}

// verifyChain marks the event where log's hash chain (anchored at anchor)
// breaks.
func verifyChain(log []events.Envelope, anchor events.Head, bad func(int, string)) {
	err := events.VerifyAnchored(log, anchor)
	if err == nil {
		return
	}
	var ce *events.ChainError
	if errors.As(err, &ce) && ce.Index < len(log) {
		bad(ce.Index, fmt.Sprintf("hash chain: %s: %s", ce.Problem, ce.Detail))
	} else {
		bad(len(log)-1, "hash chain: "+err.Error())
	}
}

// decodeLog decodes every event of log, marking those that do not decode
// (nil in the result).
func decodeLog(log []events.Envelope, bad func(int, string)) []events.Event {
	decoded := make([]events.Event, len(log))
	for i := range log {
		ev, err := events.Decode(log[i])
		if err != nil {
			bad(i, err.Error())
			continue
		}
		decoded[i] = ev
	}
	return decoded
}

// replay re-decides each command of the log in turn and folds its events,
// until an event does not decode, does not fold, or one before the command
// does not follow (the state then no longer means anything).
func (f *folder) replay(rep *GameReport, tl *timeline) {
	for start := 0; start < len(f.log); {
		end := commandEnd(f.log, start)
		if tl.first >= 0 && tl.first < start {
			return
		}
		for i := start; i < end; i++ {
			if f.decoded[i] == nil {
				return
			}
		}
		checked := "re-derived"
		at, reason, err := f.check(start, end)
		switch {
		case err != nil:
			tl.bad(start+at, err.Error())
		case reason != "":
			checked = reason
		}
		if !f.fold(rep, tl, start, end, checked) {
			return
		}
		start = end
	}
}

// fold marks the events of the command log[start:end] checked as checked,
// folds them into the game, records the result and points penalties they
// change and describes each. It reports false when an event does not fold.
func (f *folder) fold(rep *GameReport, tl *timeline, start, end int, checked string) bool {
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
		folded := true
		if err := f.g.ApplyAt(f.log[i].RecordedAt, f.decoded[i]); err != nil {
			tl.bad(i, "does not fold: "+err.Error())
			folded = false
		}
		if now := f.g.Result(); now != before {
			rep.results = append(rep.results, resultChange{at: f.log[i].RecordedAt, result: now})
		}
		if pens := f.g.PointsPenalties(); len(pens) > len(rep.points) {
			rep.points = append(rep.points, pointsChange{at: f.log[i].RecordedAt, pen: pens[len(pens)-1]})
		}
		prevFEN := ""
		if i > 0 {
			prevFEN = rep.Entries[i-1].FEN
		}
		describe(en, f.decoded[i], f.g, f.log[i].RecordedAt, prevFEN)
		if !folded {
			return false
		}
	}
	return true
}

// conclude fills the report's setup and result from the game g as folded,
// and its verdict from the first event that does not follow (nil if none).
func (rep *GameReport) conclude(g *domain.Game, first *Finding) {
	if g.Exists() {
		s := g.Setup()
		rep.White, rep.Black, rep.TimeControl, rep.Profile, rep.StartFEN = s.White, s.Black, s.TimeControl, s.LawsProfile, s.StartFEN
		rep.Result = g.Result()
		end := g.Ending()
		rep.Termination, rep.Article = string(end.Termination), end.Article
		rep.UCIs = g.UCIs()
	}
	if rep.First = first; rep.First != nil {
		rep.Verdict = "DOES NOT FOLLOW: " + rep.First.String()
		return
	}
	rep.OK = true
	rep.Verdict = fmt.Sprintf("every event follows: %d events, %d re-decided by the services' code, %d checked by the hash chain only; result %s", rep.Events, rep.Rederived, rep.ChainOnly, rep.Result)
	if rep.Termination != "" {
		rep.Verdict += " (" + rep.Termination
		if rep.Article != "" {
			rep.Verdict += ", article " + rep.Article
		}
		rep.Verdict += ")"
	}
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
	var want []events.Event
	var err error
	switch ev := value(f.decoded[start]).(type) {
	case events.GameCreated, events.MovePlayed, events.DrawDeclined, events.DrawOffered, events.DrawAccepted,
		events.Resigned, events.DrawClaimed, events.IllegalMoveReported:
		want, err = f.playerCommand(start, end, ev)
	case events.ClockStarted, events.ClockPaused, events.ClockResumed, events.TimeAdjusted, events.ControlChanged, events.FlagFell:
		want, err = f.clockCommand(start, ev)
	case events.ResultOverridden, events.GameEnded, events.RulingGiven:
		want, err = f.arbiterCommand(start, end, ev)
	default:
		return 0, chainOnly, nil
	}
	if err != nil {
		return 0, "", err
	}
	return compare(want, f.decoded[start:end])
}

// decided is a command's re-decision: the events the services decide, or
// why they would not have written the command.
func decided(want []events.Event, err error) ([]events.Event, error) {
	if err != nil {
		return nil, fmt.Errorf("the services would not have written it: %v", err)
	}
	return want, nil
}

// player is the player of colour c who gave the command starting at
// log[start]: its actor when a player gave it, else the game's.
func (f *folder) player(start int, c events.Color) string {
	if a := f.log[start].Actor; a.Role == "player" {
		return a.ID
	}
	if c == events.Black {
		return f.g.Setup().Black
	}
	return f.g.Setup().White
}

// playerCommand re-decides a game's creation or a player's command: a
// move, a draw offered, accepted, declined or claimed, a resignation, an
// illegal move reported.
func (f *folder) playerCommand(start, end int, ev events.Event) ([]events.Event, error) {
	g := f.g
	switch ev := ev.(type) {
	case events.GameCreated:
		return decided((&domain.Game{}).Create(ev))
	case events.DrawDeclined:
		if !ev.ByMoving {
			return decided(g.DeclineDraw(f.player(start, ev.By)))
		}
		return f.move(start, end)
	case events.MovePlayed:
		return f.move(start, end)
	case events.DrawOffered:
		return decided(g.OfferDraw(f.player(start, ev.By)))
	case events.DrawAccepted:
		return decided(g.AcceptDraw(f.player(start, ev.By)))
	case events.Resigned:
		return decided(g.Resign(f.player(start, ev.By)))
	case events.DrawClaimed:
		return decided(g.ClaimDraw(f.player(start, ev.By), ev.Reason, ev.IntendedMove))
	case events.IllegalMoveReported:
		return decided(g.ReportIrregularity(ev.Offender, ev.Kind, ev.Move, ev.ReportedBy))
	}
	return nil, fmt.Errorf("%s is not a player's command", ev.EventType())
}

// move re-decides the move command of log[start:end] (a draw declined by
// moving among its events).
func (f *folder) move(start, end int) ([]events.Event, error) {
	var mp *events.MovePlayed
	for i := start; i < end; i++ {
		if m, ok := value(f.decoded[i]).(events.MovePlayed); ok {
			mp = &m
			break
		}
	}
	if mp == nil {
		return nil, errors.New("a move command without a move")
	}
	notation := mp.UCI
	if notation == "" {
		notation = mp.SAN
	}
	return decided(f.g.Move(f.player(start, mp.By), notation, f.log[start].RecordedAt))
}

// clockCommand re-decides a clocks' event: started, paused, resumed, time
// adjusted (by hand or by a penalty), a control changed (by the arbiter's
// order) or a flag fall.
func (f *folder) clockCommand(start int, ev events.Event) ([]events.Event, error) {
	env := &f.log[start]
	t, at := f.g.Timer(), env.RecordedAt
	switch ev := ev.(type) {
	case events.ClockStarted:
		return decided(clocks.Start(t, at))
	case events.ClockPaused:
		return decided(clocks.Pause(t, at, ev.Reason))
	case events.ClockResumed:
		return decided(clocks.Resume(t, at))
	case events.TimeAdjusted:
		i := f.find(env.CausationID, start)
		if i < 0 {
			return decided(clocks.Adjust(t, at, ev.Side, time.Duration(ev.DeltaMs)*time.Millisecond, ev.Reason, ev.Article))
		}
		p, ok := value(f.decoded[i]).(events.PenaltyImposed)
		if !ok {
			return nil, fmt.Errorf("time adjustment caused by %s (seq %d), not by a penalty or an arbiter", f.log[i].Type, f.log[i].Seq)
		}
		return decided(clocks.PenaltyChange(t, &p, at))
	case events.ControlChanged:
		i := f.find(env.CausationID, start)
		if i < 0 {
			return nil, fmt.Errorf("a control change on nothing: its cause %q is not an earlier event of the game (the arbiter orders it)", env.CausationID)
		}
		p, ok := value(f.decoded[i]).(events.PenaltyImposed)
		if !ok {
			return nil, fmt.Errorf("a control change caused by %s (seq %d), not by the arbiter's order", f.log[i].Type, f.log[i].Seq)
		}
		return decided(clocks.PenaltyChange(t, &p, at))
	case events.FlagFell:
		want := clocks.CheckFlag(t, at)
		if len(want) == 0 {
			return nil, fmt.Errorf("no flag had fallen at %s by the clock module's reckoning", at.Format(time.RFC3339Nano))
		}
		return want, nil
	}
	return nil, fmt.Errorf("%s is not a clocks' event", ev.EventType())
}

// arbiterCommand re-decides an arbiter's event: a result overridden, a
// game ended by a ruling (or by a results sheet), a ruling.
func (f *folder) arbiterCommand(start, end int, ev events.Event) ([]events.Event, error) {
	env := &f.log[start]
	g := f.g
	switch ev := ev.(type) {
	case events.ResultOverridden:
		if reason := overrideMalformed(env.Actor, ev); reason != "" {
			return nil, errors.New(reason)
		}
		return decided(arbiter.HandRulingDecision(&g.Game, arbiter.HandRuling{Matter: events.MatterResultOverride, Result: ev.Result,
			Reason: ev.Reason, Article: ev.Article}, env.RecordedAt))
	case events.GameEnded:
		i := f.find(env.CausationID, start)
		if i < 0 && sheetEnd(env) { // ended from a results sheet (the tournament's event): the tournament audit checks the sheet
			return decided(g.EndBySheet(domain.SheetResult(ev)))
		}
		if i < 0 {
			return nil, fmt.Errorf("game.ended on its own must follow from a ruling; its cause %q is not an earlier event of the game", env.CausationID)
		}
		r, ok := value(f.decoded[i]).(events.RulingGiven)
		if !ok {
			return nil, fmt.Errorf("game.ended follows from %s (seq %d), not from a ruling", f.log[i].Type, f.log[i].Seq)
		}
		return decided(g.EndByRuling(r))
	case events.RulingGiven:
		return decided(f.ruling(start, end, ev))
	}
	return nil, fmt.Errorf("%s is not an arbiter's event", ev.EventType())
}

// ruling re-decides a ruling: on a flag fall, a draw claim or a reported
// illegal move (each on the event it follows from), or by hand (a penalty,
// a late arrival, a wrong initial position, both players at fault: on the
// game as it stands).
func (f *folder) ruling(start, end int, r events.RulingGiven) ([]events.Event, error) {
	env := &f.log[start]
	switch r.Matter {
	case events.MatterPenalty, events.MatterLateArrival, events.MatterWrongInitialPosition, events.MatterBothAtFault, events.MatterQuickplayClaim,
		events.MatterTouchMove, events.MatterDisplacedPieces, events.MatterBoardOrientation, events.MatterColoursReversed, events.MatterBothFlags,
		events.MatterFlagClaim, events.MatterIllegalPosition:
		return f.handRuling(start, end, r)
	}
	cause := f.find(env.CausationID, start)
	if cause < 0 {
		return nil, fmt.Errorf("a ruling on nothing: its cause %q is not an earlier event of the game", env.CausationID)
	}
	switch r.Matter {
	case events.MatterFlagFall:
		ff, ok := value(f.decoded[cause]).(events.FlagFell)
		if !ok {
			return nil, fmt.Errorf("a flag-fall ruling caused by %s (seq %d)", f.log[cause].Type, f.log[cause].Seq)
		}
		given, err := arbiter.FlagRuling(&f.g.Game, ff)
		if err != nil {
			return nil, err
		}
		return []events.Event{given}, nil
	case events.MatterDrawClaim:
		dc, ok := value(f.decoded[cause]).(events.DrawClaimed)
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
		want, err := arbiter.ClaimRuling(&g.Game, &dc, f.log[cause].RecordedAt)
		if err == nil && len(want) == 0 {
			return nil, fmt.Errorf("the %s claim at seq %d was admissible: only an arbiter judges it, not %s:%s", dc.Reason, f.log[cause].Seq, env.Actor.Role, env.Actor.ID)
		}
		return want, err
	case events.MatterIllegalMove:
		rep, ok := value(f.decoded[cause]).(events.IllegalMoveReported)
		if !ok {
			return nil, fmt.Errorf("an illegal-move ruling caused by %s (seq %d)", f.log[cause].Type, f.log[cause].Seq)
		}
		for i := cause + 1; i < start; i++ {
			if _, ok := value(f.decoded[i]).(events.RulingGiven); ok && f.log[i].CausationID == f.log[cause].ID {
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
		return arbiter.IllegalRuling(&g.Game, &rep, f.log[cause].RecordedAt)
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
		w, g := value(want[i]), value(got[i])
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
		return len(got) - 1, "", fmt.Errorf("the command lacks %s %s that the services decide", value(want[len(got)]).EventType(), jsonOf(value(want[len(got)])))
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

package audit

import (
	"fmt"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules/laws"
	arbiter "github.com/hakem-chess/hakem/services/arbiter/domain"
	"github.com/hakem-chess/hakem/services/internal/game"
)

// The arbiter's hand rulings (POST /api/games/{id}/rulings) record what
// was decided, not the request: the request is read back from the
// command's events and decided again by arbiter/domain.HandRulingDecision on
// the game folded before it, at the ruling's recorded instant. A penalty's
// side, amount and reason are read from its arbiter.penalty_imposed (the
// amount is also in the ruling's explanation, so an amount altered in one
// of them differs); the penalty's name and whether it punished a
// distraction are the ones under which the Laws give the recorded ruling.
// A late arrival's side and lateness are read from the ruling's
// explanation (the only place the lateness is recorded); an annulment's
// reason from arbiter.game_annulled. A ruling that both players lose (1997
// 12.8, 2023 11.8) must be an arbiter's; its reason is read from its
// explanation (after arbiter/domain.ReasonOfBothAtFault), and the article, the
// decision (both_lose) and the game's end (0-0) are re-decided.
//
// The arbiter's judgement of a quickplay-finish claim (2023 Guidelines
// III.5, 1997 10.2: can the opponent win by normal means, is he trying
// to?) is a by-hand matter too: it is recorded as the ruling on the
// pending claim (matter draw_claim), given by an arbiter. The judgement
// (draw, postpone, reject; two minutes to the opponent or not) is the one
// under which arbiter/domain.HandRulingDecision gives the recorded events;
// what the Laws decide around it — that the claim is admissible (in force,
// last period, no increment, under two minutes), the article, the result,
// the two minutes — is re-decided.

// handRuling re-decides the hand ruling recorded as log[start:end].
func (f *folder) handRuling(start, end int, r events.RulingGiven) ([]events.Event, error) {
	rest := make([]events.Event, 0, end-start-1)
	for i := start + 1; i < end; i++ {
		rest = append(rest, value(f.decoded[i]))
	}
	if r.Matter == events.MatterPenalty {
		return f.penaltyRuling(start, end, r, rest)
	}
	h, err := f.handRequest(start, r, rest)
	if err != nil {
		return nil, err
	}
	return arbiter.HandRulingDecision(&f.g.Game, h, f.log[start].RecordedAt)
}

// penaltyRuling re-decides the penalty ruling r recorded as log[start:end]
// (rest the events after r): under each penalty name of the recorded kind,
// with and without distraction, the first decision the command matches,
// or else the first the Laws give.
func (f *folder) penaltyRuling(start, end int, r events.RulingGiven, rest []events.Event) ([]events.Event, error) {
	at := f.log[start].RecordedAt
	var p events.PenaltyImposed
	if len(rest) > 0 {
		p, _ = rest[0].(events.PenaltyImposed)
	}
	if p.Kind == "" {
		return nil, fmt.Errorf("a penalty ruling without its arbiter.penalty_imposed")
	}
	h := arbiter.HandRuling{Matter: r.Matter, Side: p.Side, AmountMs: p.AmountMs, Reason: p.Reason, Points: p.Points,
		OpponentPoints: p.OpponentPoints, Fine: p.Fine, Rounds: p.Rounds}
	var first []events.Event
	for _, name := range arbiter.PenaltyNames {
		for _, distraction := range []bool{false, true} {
			h.Penalty, h.Distraction = name, distraction
			want, err := arbiter.HandRulingDecision(&f.g.Game, h, at)
			if err != nil || len(want) == 0 {
				continue
			}
			if rg, ok := want[0].(events.RulingGiven); !ok || rg.Penalty != r.Penalty {
				continue
			}
			if _, _, cerr := compare(want, f.decoded[start:end]); cerr == nil {
				return want, nil
			}
			if first == nil {
				first = want
			}
		}
	}
	if first != nil {
		return first, nil
	}
	// no penalty of the recorded kind can be given here: say why
	h.Penalty, h.Distraction = string(r.Penalty), false
	for _, name := range arbiter.PenaltyNames {
		if arbiter.PenaltyOf(name) == r.Penalty {
			h.Penalty = name
		}
	}
	return arbiter.HandRulingDecision(&f.g.Game, h, at)
}

// handRequest reads back the request of the hand ruling r (other than a
// penalty) given at log[start], rest the events after it.
func (f *folder) handRequest(start int, r events.RulingGiven, rest []events.Event) (arbiter.HandRuling, error) {
	h := arbiter.HandRuling{Matter: r.Matter}
	switch r.Matter {
	case events.MatterQuickplayClaim:
		h.Judgement = "draw" // a postponed claim decided later: only a draw is recorded (1997 10.2c, 2023 III.5.2)
	case events.MatterLateArrival:
		side, lateness, err := lateArrivalOf(r.Explanation)
		if err != nil {
			return h, err
		}
		h.Side, h.LatenessMs = side, lateness.Milliseconds()
	case events.MatterBothFlags:
		h.First = arbiter.FirstOfBothFlags(r.Explanation)
	case events.MatterFlagClaim:
		h = arbiter.FlagClaimRequest(r.Explanation)
	case events.MatterIllegalPosition:
		h = arbiter.IllegalPositionRequest(r)
	case events.MatterTouchMove:
		side, ts, err := game.TouchesOf(r.Explanation)
		if err != nil {
			return h, err
		}
		h.Side, h.Touched = side, []string{laws.TouchList(ts)}
		if p := f.g.Profile(); r.Article == p.Articles.Adjusting {
			h.Judgement = "adjusted"
		}
	case events.MatterDisplacedPieces:
		displacedRequest(&h, r, rest)
	case events.MatterWrongInitialPosition, events.MatterColoursReversed:
		for _, e := range rest {
			if a, ok := e.(events.GameAnnulled); ok {
				h.Reason = a.Reason
			}
		}
	case events.MatterBothAtFault:
		if env := f.log[start]; env.Actor.Role != "arbiter" {
			return h, fmt.Errorf("a ruling that both players lose given by %s:%s, not by an arbiter (only the arbiter finds both at fault)", env.Actor.Role, env.Actor.ID)
		}
		reason, ok := arbiter.ReasonOfBothAtFault(r.Explanation)
		if !ok {
			return h, fmt.Errorf("a ruling that both players lose whose explanation %q states no reason", r.Explanation)
		}
		h.Reason = reason
	}
	return h, nil
}

// displacedRequest reads back a displaced-pieces ruling's request: the
// side, the time and the reason from the penalty, if any; else the side
// from the explanation ("white displaced pieces: ...").
func displacedRequest(h *arbiter.HandRuling, r events.RulingGiven, rest []events.Event) {
	h.Side = events.Color(strings.SplitN(r.Explanation, " ", 2)[0])
	for _, e := range rest {
		if p, ok := e.(events.PenaltyImposed); ok {
			h.Side, h.AmountMs, h.Reason = p.Side, p.AmountMs, p.Reason
			for _, name := range arbiter.PenaltyNames {
				if arbiter.PenaltyOf(name) == p.Kind {
					h.Penalty = name
				}
			}
		}
	}
}

// quickplayJudgements are the judgements tried, in the API's words.
var quickplayJudgements = []string{"draw", "postpone", "reject"}

// quickplayJudgement re-decides the arbiter's judgement of the pending
// quickplay-finish claim recorded as log[start:end] (see judged).
func (f *folder) quickplayJudgement(start, end int) ([]events.Event, error) {
	var tries []arbiter.HandRuling
	for _, j := range quickplayJudgements {
		for _, add := range []bool{false, true} {
			tries = append(tries, arbiter.HandRuling{Matter: events.MatterQuickplayClaim, Judgement: j, AddTime: add})
		}
	}
	return f.judged(start, end, tries)
}

// incrementJudgements are the outcomes of an increment request tried, in
// the API's words.
var incrementJudgements = []string{"draw", "grant", "refuse"}

// incrementJudgement re-decides the arbiter's ruling on the pending
// increment request (2023 Guidelines III.4) recorded as log[start:end]:
// whether the opponent accepted the draw the request offers and whether
// the arbiter agreed are theirs (by hand); the article, the two minutes
// and the increment ordered are re-decided (see judged).
func (f *folder) incrementJudgement(start, end int) ([]events.Event, error) {
	var tries []arbiter.HandRuling
	for _, j := range incrementJudgements {
		tries = append(tries, arbiter.HandRuling{Matter: events.MatterIncrementRequest, Judgement: j})
	}
	return f.judged(start, end, tries)
}

// judged re-decides a ruling by hand recorded as log[start:end] whose
// judgement is the arbiter's: the judgement (one of tries) under which
// HandRulingDecision gives the recorded events is the one. When none gives
// them, the one whose ruling matches (else the first the Laws allow) is
// returned, so that the difference is named.
func (f *folder) judged(start, end int, tries []arbiter.HandRuling) ([]events.Event, error) {
	at := f.log[start].RecordedAt
	var first, near []events.Event
	var firstErr error
	for _, h := range tries {
		want, err := arbiter.HandRulingDecision(&f.g.Game, h, at)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		if _, _, cerr := compare(want, f.decoded[start:end]); cerr == nil {
			return want, nil
		}
		if _, _, cerr := compare(want[:1], f.decoded[start:start+1]); cerr == nil && near == nil {
			near = want
		}
		if first == nil {
			first = want
		}
	}
	switch {
	case near != nil:
		return near, nil
	case first != nil:
		return first, nil
	}
	return nil, firstErr
}

// lateArrivalOf reads the late side and the lateness from a late-arrival
// ruling's explanation ("white arrived 15m0s late, ..." as rules/laws
// words it).
func lateArrivalOf(explanation string) (events.Color, time.Duration, error) {
	f := strings.Fields(explanation)
	if len(f) < 4 || f[1] != "arrived" || f[3] != "late," {
		return "", 0, fmt.Errorf("a late-arrival ruling whose explanation %q does not say who arrived how late", explanation)
	}
	side := events.Color(f[0])
	if side != events.White && side != events.Black {
		return "", 0, fmt.Errorf("a late-arrival ruling on %q, not white or black", f[0])
	}
	d, err := time.ParseDuration(f[2])
	if err != nil {
		return "", 0, fmt.Errorf("a late-arrival ruling whose lateness %q is not a duration", f[2])
	}
	return side, d, nil
}

// overrideMalformed says what is wrong with a result override as recorded
// ("" if nothing): it is the arbiter's, and it states its reason and the
// article or regulation applied.
func overrideMalformed(actor events.Actor, o events.ResultOverridden) string {
	var missing []string
	if actor.Role != "arbiter" {
		missing = append(missing, fmt.Sprintf("it is given by %s:%s, not by an arbiter", actor.Role, actor.ID))
	}
	if strings.TrimSpace(o.Reason) == "" {
		missing = append(missing, "it states no reason")
	}
	if strings.TrimSpace(o.Article) == "" {
		missing = append(missing, "it names no article")
	}
	if len(missing) == 0 {
		return ""
	}
	return "a result override not well formed: " + strings.Join(missing, "; ")
}

package audit

import (
	"fmt"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/events"
	arbiter "github.com/hakem-chess/hakem/services/arbiter/app"
)

// The arbiter's hand rulings (POST /api/games/{id}/rulings) record what
// was decided, not the request: the request is read back from the
// command's events and decided again by arbiter/app.HandRulingDecision on
// the game folded before it, at the ruling's recorded instant. A penalty's
// side, amount and reason are read from its arbiter.penalty_imposed (the
// amount is also in the ruling's explanation, so an amount altered in one
// of them differs); the penalty's name and whether it punished a
// distraction are the ones under which the Laws give the recorded ruling.
// A late arrival's side and lateness are read from the ruling's
// explanation (the only place the lateness is recorded); an annulment's
// reason from arbiter.game_annulled.

// penaltyNames are the penalties of the API, with and without distraction.
var penaltyNames = []string{"warning", "time_to_opponent", "time_off", "loss", "expulsion"}

// handRuling re-decides the hand ruling recorded as log[start:end].
func (f *folder) handRuling(start, end int, r events.RulingGiven) ([]events.Event, error) {
	at := f.log[start].RecordedAt
	rest := make([]events.Event, 0, end-start-1)
	for i := start + 1; i < end; i++ {
		rest = append(rest, deref(f.decoded[i]))
	}
	h := arbiter.HandRuling{Matter: r.Matter}
	switch r.Matter {
	case "penalty":
		var p events.PenaltyImposed
		if len(rest) > 0 {
			p, _ = rest[0].(events.PenaltyImposed)
		}
		if p.Kind == "" {
			return nil, fmt.Errorf("a penalty ruling without its arbiter.penalty_imposed")
		}
		h.Side, h.AmountMs, h.Reason = p.Side, p.AmountMs, p.Reason
		var first []events.Event
		for _, name := range penaltyNames {
			for _, distraction := range []bool{false, true} {
				h.Penalty, h.Distraction = name, distraction
				want, err := arbiter.HandRulingDecision(f.g, h, at)
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
		if first == nil {
			// no penalty of the recorded kind can be given here: say why
			h.Penalty, h.Distraction = r.Penalty, false
			for _, name := range penaltyNames {
				if kindOf(name) == r.Penalty {
					h.Penalty = name
				}
			}
			return arbiter.HandRulingDecision(f.g, h, at)
		}
		return first, nil
	case "late_arrival":
		side, lateness, err := lateArrivalOf(r.Explanation)
		if err != nil {
			return nil, err
		}
		h.Side, h.LatenessMs = side, lateness.Milliseconds()
	case "wrong_initial_position":
		for _, e := range rest {
			if a, ok := e.(events.GameAnnulled); ok {
				h.Reason = a.Reason
			}
		}
	}
	return arbiter.HandRulingDecision(f.g, h, at)
}

// kindOf is the catalogue's kind for a penalty name of the API, as the
// recorded ruling names it (used only to word a refusal).
func kindOf(name string) string {
	switch name {
	case "time_to_opponent":
		return "time_added_to_opponent"
	case "time_off":
		return "time_deducted"
	}
	return name
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

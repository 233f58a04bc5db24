package domain

import (
	"fmt"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/rules"
	"github.com/hakem-chess/hakem/rules/laws"
	games "github.com/hakem-chess/hakem/services/internal/game"
	"github.com/hakem-chess/hakem/services/internal/refusal"
)

// HandRuling is a ruling the arbiter gives by hand from the console. Matter
// is one of "penalty", "late_arrival", "wrong_initial_position",
// "both_at_fault", "result_override", "quickplay_claim",
// "increment_request", and the incidents on the board (board.go):
// "touch_move", "displaced_pieces", "board_orientation",
// "colours_reversed"; the fields each needs are named there.
type HandRuling struct {
	Matter events.Matter
	// Side is the offender (penalty), the late player (late_arrival), the
	// player having the move who touched (touch_move) or the player who
	// displaced pieces (displaced_pieces).
	Side events.Color
	// First is the side whose flag fell first when both are down, "" when
	// the clock does not show it (both_flags).
	First events.Color
	// Touched are the squares touched, in the order touched ("e1+h1": at
	// the same moment; touch_move).
	Touched []string
	// Penalty: warning, time_to_opponent, time_off, loss, expulsion.
	Penalty string
	// AmountMs is the time of time_to_opponent and time_off.
	AmountMs int64
	// Points are what offender_points_reduced takes from the offender's
	// score in the game (2023 12.9.5).
	Points float64
	// OpponentPoints is, for a loss (2023 12.9.6), the opponent's score
	// the arbiter decides (nil: the opponent wins).
	OpponentPoints *float64
	// Fine is the fine announced in advance (fine, 2023 12.9.7).
	Fine string
	// Rounds are the rounds of the tournament the offender is excluded
	// from (exclusion, 2023 12.9.8).
	Rounds []int
	// Distraction: the penalty punishes distracting the opponent (1997
	// 12.5/12.6, 2023 11.5/11.6), cited before the penalty article.
	Distraction bool
	// LatenessMs is how late the player arrived (late_arrival).
	LatenessMs int64
	// Result, Reason and Article are a result override's. Reason is also
	// a penalty's and an annulment's (optional), and what both players did
	// when both are at fault (both_at_fault: required).
	Result          events.Result
	Reason, Article string
	// Judgement is the arbiter's judgement of the pending quickplay-finish
	// claim (quickplay_claim): "draw", "postpone" or "reject" (see
	// QuickplayJudgements), or the outcome of the pending increment request
	// (increment_request): "draw", "grant" or "refuse" (see
	// IncrementJudgements); AddTime gives the opponent two minutes when
	// postponing (2023 III.5.2, 1997 10.2b: "may").
	Judgement string
	AddTime   bool
	// Observed is the illegal position the arbiter observes
	// (illegal_position, 2023 A.5.4): both_kings_in_check or
	// pawn_on_last_rank; NextMoveCompleted: he waited until the next move
	// was completed and it is still on the board.
	Observed          string
	NextMoveCompleted bool
}

// penaltyKinds maps the names of the API to the Laws' penalties and to the
// kind the catalogue records in arbiter.penalty_imposed.
var penaltyKinds = map[string]struct {
	kind    laws.PenaltyKind
	catalog events.Penalty
}{
	penaltyWarning:     {laws.Warning, events.PenaltyWarning},
	"time_to_opponent": {laws.TimeToOpponent, events.PenaltyTimeToOpponent},
	"time_off":         {laws.TimeOff, events.PenaltyTimeDeducted},
	penaltyLoss:        {laws.Loss, events.PenaltyLoss},
	penaltyExpulsion:   {laws.Expulsion, events.PenaltyExpulsion},
	// 2023 12.9.4 and 12.9.5: the game's points, given while it goes on or
	// after it ended (the standings count them: game.Game.PointsPenalties)
	penaltyOpponentPointsToMaximum: {laws.OpponentPointsToMaximum, events.PenaltyOpponentPointsToMaximum},
	"offender_points_reduced":      {laws.OffenderPointsReduced, events.PenaltyPointsReduced},
	// 2023 12.9.7 and 12.9.8: recorded, also after the game ended; an
	// exclusion is carried out on the tournament (pairing's
	// ExpelOnPenalty: arbiter.player_excluded)
	penaltyFine: {laws.Fine, events.PenaltyFine},
	"exclusion": {laws.ExclusionFromRounds, events.PenaltyExclusion},
}

// PenaltyNames are the penalties of the API, in the order the audit tries
// them.
var PenaltyNames = []string{penaltyWarning, "time_to_opponent", "time_off", penaltyLoss, penaltyExpulsion, penaltyOpponentPointsToMaximum, "offender_points_reduced", penaltyFine, "exclusion"}

// PenaltyOf is the catalogue's penalty (PenaltyImposed.Kind) for a penalty
// name of the API; an unknown name is taken as it is.
func PenaltyOf(name string) events.Penalty {
	if pk, ok := penaltyKinds[name]; ok {
		return pk.catalog
	}
	return events.Penalty(name)
}

// The penalties of the API named with the catalogue's word for them.
const (
	penaltyWarning                 = string(events.PenaltyWarning)
	penaltyLoss                    = string(events.PenaltyLoss)
	penaltyExpulsion               = string(events.PenaltyExpulsion)
	penaltyOpponentPointsToMaximum = string(events.PenaltyOpponentPointsToMaximum)
	penaltyFine                    = string(events.PenaltyFine)
)

// onPoints reports whether h is a penalty the arbiter may impose after the
// game ended: on the game's points (2023 12.9.4, 12.9.5), a fine (12.9.7),
// an exclusion from later rounds (12.9.8) or an expulsion (12.9.9, 1997
// 13.4e: the result stands, the tournament expels the player from its
// next round: pairing's ExpelOnPenalty).
func onPoints(h HandRuling) bool {
	pk, ok := penaltyKinds[h.Penalty]
	return h.Matter == events.MatterPenalty && ok && (pk.kind == laws.OpponentPointsToMaximum || pk.kind == laws.OffenderPointsReduced ||
		pk.kind == laws.Fine || pk.kind == laws.ExclusionFromRounds || pk.kind == laws.Expulsion)
}

// penaltyAfterEnd says, for a penalty h the arbiter may not impose once
// the game ended, which article's penalty it is ("" for another matter).
func penaltyAfterEnd(p laws.Profile, h HandRuling) string {
	pk, ok := penaltyKinds[h.Penalty]
	if h.Matter != events.MatterPenalty || !ok {
		return ""
	}
	if art, ok := p.PenaltyArticle(pk.kind); ok {
		return fmt.Sprintf("; %s (%s) ends a game going on", pk.kind, art)
	}
	return ""
}

// finishedResult is the result of the finished game g as the Laws name it
// (BothLose for a game both players lost).
func finishedResult(g *games.Game) laws.Result {
	if r, ok := map[events.Result]laws.Result{events.ResultWhiteWins: laws.WhiteWins, events.ResultBlackWins: laws.BlackWins, events.ResultDraw: laws.Draw}[g.Result()]; ok {
		return r
	}
	return laws.BothLose
}

func refuseRuling(format string, args ...any) error {
	return fmt.Errorf("%w: %s", refusal.ErrBadRuling, fmt.Sprintf(format, args...))
}

func colorOf(c events.Color) (rules.Color, error) {
	switch c {
	case events.White:
		return rules.White, nil
	case events.Black:
		return rules.Black, nil
	}
	return 0, refuseRuling("side: %q is not white or black", c)
}

// situation is what the Laws need of game g at instant at: the game, the
// completed illegal moves, the clock readings, and whether the side on
// move is in the last period and gains time per move (for the quickplay
// finish, which only a profile with it announced applies).
func situation(g *games.Game, at time.Time) (laws.Situation, error) {
	sit := laws.Situation{Game: g.Rules(), IllegalMoves: g.IllegalMoves()}
	if t := g.Timer(); t.Started() {
		w, b, err := t.Reading(at)
		if err != nil {
			return sit, err
		}
		sit.Remaining = [2]time.Duration{w.Remaining, b.Remaining}
		if sit.LastPeriod, sit.TimeAddedPerMove, err = lastPeriod(g, at); err != nil {
			return sit, err
		}
	}
	return sit, nil
}

// given turns a ruling of the Laws into its catalogue event.
func given(matter events.Matter, r laws.Ruling) events.RulingGiven {
	return events.RulingGiven{Matter: matter, Article: r.Article, Profile: r.Profile,
		Decision: Decision(r.Result), Explanation: r.Explanation}
}

// IllegalRuling is the decision RuleOnIllegal takes on the report rep, for
// game g folded up to and including the report (so that g.IllegalMoves
// counts it) at instant at: laws.IllegalMove with the current position to
// reinstate (the recorded game never held the illegal move), the offender's
// earlier count, and the clock readings; then the ruling and, for the
// profile's time penalty, a PenaltyImposed (two minutes to the opponent,
// 2023 7.5.5) that the clocks service carries out. A result (the second
// illegal move in 2023, the third in a 1997 quickplay finish) is written by
// the games service from the ruling. The audit calls it to re-decide.
//
// In fide-1997 an illegal move only reinstates (7.4), unless the quickplay
// finish was announced for the game and its clock is in the last period
// (10.3: two minutes to the opponent, the third loses).
func IllegalRuling(g *games.Game, rep *events.IllegalMoveReported, at time.Time) ([]events.Event, error) {
	offender, err := colorOf(rep.Offender)
	if err != nil {
		return nil, err
	}
	sit, err := situation(g, at)
	if err != nil {
		return nil, err
	}
	sit.IllegalMoves[offender]-- // the count before this report
	if sit.IllegalMoves[offender] < 0 {
		return nil, fmt.Errorf("illegal-move report by %s not folded into the game", rep.Offender)
	}
	profile := g.Profile()
	kind := laws.IllegalMove
	switch rep.Kind {
	case games.PawnNotReplaced:
		kind = laws.PawnNotReplaced
	case games.PressWithoutMove:
		kind = laws.PressWithoutMove
	case games.TwoHands:
		kind = laws.TwoHands
	}
	r, err := profile.IllegalMove(sit, laws.IllegalReport{Offender: offender, Kind: kind, ReinstatePly: -1})
	if err != nil {
		return nil, refuseRuling("%v", err)
	}
	rg := given(events.MatterIllegalMove, r)
	out := []events.Event{nil}
	for _, adj := range r.Adjustments {
		if adj.Kind != laws.AddTime || adj.Side == offender {
			return nil, fmt.Errorf("ruling on the illegal move: unexpected adjustment %v", adj)
		}
		rg.Penalty = events.PenaltyTimeToOpponent
		reason := "illegal move " + rep.Move
		if rep.Kind != "" {
			reason = strings.TrimSpace(strings.ReplaceAll(rep.Kind, "_", " ") + " " + rep.Move)
		}
		out = append(out, events.PenaltyImposed{Side: rep.Offender, Kind: events.PenaltyTimeToOpponent,
			AmountMs: adj.Amount.Milliseconds(), Article: r.Article, Reason: reason})
	}
	if r.Result.Over() {
		rg.Penalty = events.PenaltyLoss
		if r.Result == laws.Draw {
			rg.Penalty = ""
		}
	}
	out[0] = rg
	return out, nil
}

// HandRulingDecision is the decision Rule takes on the arbiter's hand
// ruling h, for game g as it stands at instant at: the Laws' penalty
// (laws.Penalize: 1997 13.4, 2023 12.9), late arrival (laws.LateArrival:
// 1997 6.6, 2023 6.7.1) with the forfeit it may declare, a wrong initial
// position (laws.WrongInitialPosition: 1997 7.1a, 2023 7.2.1) with the
// annulment (the new game the Laws then order follows: OrderReplay), both
// players at fault (laws.BothAtFault: 1997 12.8, 2023 11.8; the games
// service then ends the game 0-0, games/domain Game.EndByRuling), or a
// result override (OverrideResult; no article of the Laws
// decides it: the arbiter's reason and article are required and recorded).
func HandRulingDecision(g *games.Game, h HandRuling, at time.Time) ([]events.Event, error) {
	if !g.Exists() {
		return nil, &games.Refusal{Kind: refusal.ErrGameNotFound, Reason: "game not found"}
	}
	profile := g.Profile()
	switch h.Matter {
	case events.MatterResultOverride:
		return OverrideResult(g, h.Result, h.Reason, h.Article)
	case events.MatterPenalty, events.MatterLateArrival, events.MatterWrongInitialPosition, events.MatterBothAtFault, events.MatterQuickplayClaim, events.MatterIncrementRequest,
		events.MatterTouchMove, events.MatterDisplacedPieces, events.MatterBoardOrientation, events.MatterColoursReversed, events.MatterBothFlags,
		events.MatterFlagClaim, events.MatterIllegalPosition:
	default:
		return nil, refuseRuling("matter: %q is not penalty, late_arrival, wrong_initial_position, both_at_fault, result_override, quickplay_claim, increment_request, draw_claim, touch_move, displaced_pieces, board_orientation, colours_reversed, both_flags, flag_claim or illegal_position", h.Matter)
	}
	if _, pending := g.Claim(); h.Matter == events.MatterQuickplayClaim && !pending {
		if pc, ok := g.Postponed(); ok {
			return quickplayLater(g, pc, h, at)
		}
	}
	if g.Finished() && !onPoints(h) {
		return nil, &games.Refusal{Kind: refusal.ErrGameOver, Reason: "the game is over: " + string(g.Result()) + " (a result override corrects it)" + penaltyAfterEnd(profile, h)}
	}
	if _, ok := g.Annulled(); ok {
		return nil, &games.Refusal{Kind: refusal.ErrGameOver, Reason: "the game is annulled"}
	}
	if h.Matter == events.MatterQuickplayClaim {
		return quickplayRuling(g, h, at)
	}
	if h.Matter == events.MatterIncrementRequest {
		return incrementRuling(g, h, at)
	}
	switch h.Matter {
	case events.MatterBothAtFault:
		return bothAtFaultRuling(g, h, at)
	case events.MatterTouchMove:
		return touchRuling(g, h)
	case events.MatterDisplacedPieces:
		return displacedRuling(g, h, at)
	case events.MatterBoardOrientation:
		return orientationRuling(g, at)
	case events.MatterColoursReversed:
		return coloursReversedRuling(g, h, at)
	case events.MatterBothFlags:
		return bothFlagsRuling(g, h, at)
	case events.MatterFlagClaim:
		return flagClaimRuling(g, h, at)
	case events.MatterIllegalPosition:
		return illegalPositionRuling(g, h, at)
	}
	sit, err := situation(g, at)
	if err != nil {
		return nil, err
	}
	switch h.Matter {
	case events.MatterPenalty:
		return penaltyRuling(g, sit, h)
	case events.MatterLateArrival:
		return lateArrivalRuling(profile, h)
	}
	return wrongPositionRuling(profile, sit, h)
}

// penaltyRuling is the Laws' penalty h names (laws.Penalize: 1997 13.4,
// 2023 12.9) on h.Side in situation sit, and the penalty imposed.
func penaltyRuling(g *games.Game, sit laws.Situation, h HandRuling) ([]events.Event, error) {
	offender, err := colorOf(h.Side)
	if err != nil {
		return nil, err
	}
	pk, ok := penaltyKinds[h.Penalty]
	if !ok {
		return nil, refuseRuling("penalty: %q is not one of %s", h.Penalty, strings.Join(PenaltyNames, ", "))
	}
	if h.Points != 0 && pk.kind != laws.OffenderPointsReduced {
		return nil, refuseRuling("points: only offender_points_reduced takes points")
	}
	if err := excludable(g, pk.kind, h.Rounds); err != nil {
		return nil, err
	}
	pen := laws.Penalty{Kind: pk.kind, Amount: time.Duration(h.AmountMs) * time.Millisecond, Points: h.Points,
		OpponentScore: h.OpponentPoints, Fine: h.Fine, Rounds: h.Rounds}
	if h.Distraction {
		pen.Offence = laws.Distraction
	}
	if g.Finished() { // a penalty after the game (onPoints): the result stands
		sit.Result = finishedResult(g)
	}
	r, err := g.Profile().Penalize(sit, offender, pen)
	if err != nil {
		return nil, refuseRuling("%v", err)
	}
	rg := given(events.MatterPenalty, r)
	rg.Penalty = pk.catalog
	reason := strings.TrimSpace(h.Reason)
	if reason == "" {
		reason = pk.kind.String()
	}
	return []events.Event{rg, events.PenaltyImposed{Side: h.Side, Kind: pk.catalog, AmountMs: h.AmountMs, Points: h.Points,
		OpponentPoints: h.OpponentPoints, Fine: strings.TrimSpace(h.Fine), Rounds: h.Rounds, Article: r.Article, Reason: reason}}, nil
}

// lateArrivalRuling is the Laws' ruling on h.Side arriving h.LatenessMs
// late (laws.LateArrival: 1997 6.6, 2023 6.7.1), with the forfeit it may
// declare.
func lateArrivalRuling(profile laws.Profile, h HandRuling) ([]events.Event, error) {
	late, err := colorOf(h.Side)
	if err != nil {
		return nil, err
	}
	r, err := profile.LateArrival(late, time.Duration(h.LatenessMs)*time.Millisecond)
	if err != nil {
		return nil, refuseRuling("%v", err)
	}
	out := []events.Event{given(events.MatterLateArrival, r)}
	if r.Result.Over() {
		out = append(out, events.ForfeitDeclared{Side: h.Side, Reason: "late arrival", Article: r.Article, Result: events.Result(r.Result.String())})
	}
	return out, nil
}

// wrongPositionRuling is the Laws' ruling on a wrong initial position in
// situation sit (laws.WrongInitialPosition: 1997 7.1a, 2023 7.2.1), with
// the annulment.
func wrongPositionRuling(profile laws.Profile, sit laws.Situation, h HandRuling) ([]events.Event, error) {
	r, err := profile.WrongInitialPosition(sit)
	if err != nil {
		return nil, refuseRuling("%v", err)
	}
	out := []events.Event{given(events.MatterWrongInitialPosition, r)}
	if r.Result == laws.Annulled {
		reason := strings.TrimSpace(h.Reason)
		if reason == "" {
			reason = "incorrect initial position"
		}
		out = append(out, events.GameAnnulled{Reason: reason, Article: r.Article})
	}
	return out, nil
}

// excludable refuses an exclusion from rounds (2023 12.9.8) that game g
// cannot give: the game is in no tournament, or a round named is not after
// the game's round. Whether the tournament can still leave the player out
// of them is the tournament's (pairing's Exclude, from the penalty).
func excludable(g *games.Game, kind laws.PenaltyKind, rounds []int) error {
	if kind != laws.ExclusionFromRounds {
		return nil
	}
	setup := g.Setup()
	if setup.TournamentID == "" {
		return refuseRuling("penalty: an exclusion from rounds needs a tournament's game (POST /api/tournaments/{id}/exclusions outside a game)")
	}
	for _, r := range rounds {
		if r <= setup.Round {
			return refuseRuling("excluded_rounds: round %d is not after this game's round %d", r, setup.Round)
		}
	}
	return nil
}

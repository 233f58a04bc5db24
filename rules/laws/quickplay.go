package laws

import (
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/rules"
)

// Judgement is the arbiter's view of a quickplay-finish draw claim, which
// only he can form (is the opponent trying to win by normal means? can he?).
type Judgement uint8

const (
	// JudgeDraw: the opponent cannot win by normal means or is making no
	// effort to: the game is drawn (1997 10.2a, 2023 III.5.1).
	JudgeDraw Judgement = iota + 1
	// JudgePostpone: the decision is postponed; the opponent may be given two
	// minutes (1997 10.2b, 2023 III.5.2); the arbiter may declare the draw
	// later, even after a flag fall (10.2c).
	JudgePostpone
	// JudgeReject: the claim is rejected; the opponent gets two minutes (2023
	// III.5.3; the 1997 text has no rejection, only postponement).
	JudgeReject
)

// QuickplayClaim rules on a draw claim in the quickplay finish by a player
// with less than two minutes left, before his flag falls. The quickplay
// finish must be in force (announced, not blitz in 2023) and the game in its
// last period. addTime is the arbiter's choice to give the opponent two
// minutes when postponing (1997 10.2b "may"; 2023 III.5.2 "may").
func (p Profile) QuickplayClaim(s Situation, claimant rules.Color, j Judgement, addTime bool) (Ruling, error) {
	if err := p.QuickplayAdmissible(s, claimant); err != nil {
		return Ruling{}, err
	}
	opp := claimant.Other()
	bonus := []Adjustment{{Side: opp, Kind: AddTime, Amount: p.QuickplayBonus}}
	switch j {
	case JudgeDraw:
		return done(p.ruling(p.Articles.QuickplayClaim, Draw, "%s's quickplay-finish claim: %s cannot win or is not trying to win by normal means: draw", claimant, opp))
	case JudgePostpone:
		r := p.ruling(p.Articles.QuickplayClaim, Continue, "%s's quickplay-finish claim: "+Postponed+", play continues under supervision", claimant)
		if addTime {
			r.Adjustments = bonus
			r.Explanation += fmt.Sprintf("; %v added to %s", p.QuickplayBonus, opp)
		}
		return done(r)
	case JudgeReject:
		if p.Edition == 1997 {
			return Ruling{}, fmt.Errorf("%w: 1997 10.2 only declares a draw or postpones", ErrNotInProfile)
		}
		r := p.ruling(p.Articles.QuickplayClaim+".3", Continue, "%s's quickplay-finish claim rejected; %v added to %s", claimant, p.QuickplayBonus, opp)
		r.Adjustments = bonus
		return done(r)
	}
	return Ruling{}, fmt.Errorf("%w: judgement %d", ErrBadInput, j)
}

// Postponed is the words of the ruling that postpones the decision on a
// quickplay-finish claim (QuickplayClaim with JudgePostpone): the arbiter
// may then decide later (QuickplayDrawLater).
const Postponed = "decision postponed"

// QuickplayDrawLater rules that the arbiter, having postponed his decision
// on claimant's quickplay-finish claim, declares the game drawn later in
// the game or after a flag has fallen (1997 10.2c; 2023 III.5.2: "the
// arbiter shall declare the final result later in the game or as soon as
// possible after a flag has fallen"). flagFell says that the game ended by
// a flag fall (Situation.Result is then that result, which the draw
// replaces); a game ended in any other way is over and ErrGameOver is
// returned.
func (p Profile) QuickplayDrawLater(s Situation, claimant rules.Color, flagFell bool) (Ruling, error) {
	if err := s.check(); err != nil {
		return Ruling{}, err
	}
	if claimant > rules.Black {
		return Ruling{}, fmt.Errorf("%w: colour %d", ErrBadInput, claimant)
	}
	if p.Articles.QuickplayLater == "" {
		return Ruling{}, fmt.Errorf("%w: no later decision on a quickplay claim in %s", ErrNotInProfile, p.Name)
	}
	over, res := p.over(s)
	switch {
	case over && !flagFell:
		return Ruling{}, fmt.Errorf("%w (%s): only a flag fall leaves a postponed claim to decide", ErrGameOver, res)
	case over:
		r := p.ruling(p.Articles.QuickplayLater, Draw, "%s's postponed quickplay-finish claim: after the flag fell (%s) the arbiter declares the game drawn", claimant, res)
		r.See = []string{p.Articles.QuickplayClaim, p.Articles.FlagFall}
		return done(r)
	}
	r := p.ruling(p.Articles.QuickplayLater, Draw, "%s's postponed quickplay-finish claim: the arbiter declares the game drawn", claimant)
	r.See = []string{p.Articles.QuickplayClaim}
	return done(r)
}

// inQuickplayFinish tells whether the game of s is in a quickplay finish
// as the profile defines it (1997 10.1, 2023 III.1-III.2): the rules
// are in force, the game is in its last period, and no time is added per
// move (with an increment the remaining moves are not all made in a
// limited time). Every article of the quickplay finish asks this.
func (p Profile) inQuickplayFinish(s Situation) bool {
	return p.QuickplayFinish && s.LastPeriod && !s.TimeAddedPerMove
}

// QuickplayAdmissible says whether a quickplay-finish draw claim by
// claimant can be admitted at all, before any judgement of the arbiter:
// the rules are in force (announced; 2023: not blitz), the game is in its
// last period with no time added per move, it is not over, and the
// claimant has less than two minutes left with the flag up. nil when the
// claim is admissible (the arbiter then judges it: QuickplayClaim); an
// error wrapping ErrNotApplicable, ErrGameOver or ErrBadInput that says
// why not otherwise. In 2023 the claimant must have the move (III.5,
// ErrNotOnMove); in 1997 not (10.2: "a player having less than two
// minutes on his clock"). Situation.LastPeriod is the claimant's clock's.
func (p Profile) QuickplayAdmissible(s Situation, claimant rules.Color) error {
	if err := s.check(); err != nil {
		return err
	}
	if claimant > rules.Black {
		return fmt.Errorf("%w: colour %d", ErrBadInput, claimant)
	}
	if !p.inQuickplayFinish(s) {
		return fmt.Errorf("%w: no quickplay finish in force: not announced, not the last period, or time added per move (%s %s)", ErrNotApplicable, p.Name, p.Articles.QuickplayApplies)
	}
	if over, res := p.over(s); over {
		return fmt.Errorf("%w (%s): no claim can be made", ErrGameOver, res)
	}
	pos := s.Game.Position()
	if turn := pos.Turn(); p.QuickplayClaimOnMove && turn != claimant {
		return fmt.Errorf("%w: %s claims, %s is to move (%s %s)", ErrNotOnMove, claimant, turn, p.Name, p.Articles.QuickplayClaim)
	}
	left := s.Remaining[claimant]
	if left >= p.QuickplayClaimBelow || left <= 0 {
		return fmt.Errorf("%w: %s has %v; a claim needs less than %v and the flag up", ErrNotApplicable, claimant, left, p.QuickplayClaimBelow)
	}
	return nil
}

// IncrementRequest rules on a request, in the 2023 quickplay finish, by the
// player having the move with less than two minutes left, that an increment
// of five seconds be introduced for both players (Guidelines III.4). The
// request is an offer of a draw: if the opponent accepts, the game is drawn;
// if he refuses and the arbiter agrees to the request, the clocks are set
// with the increment (Ruling.SetIncrement) and the opponent is given two
// minutes; if the arbiter does not agree, play continues unchanged (and a
// claim under III.5 remains possible). The 1997 text has no such request.
func (p Profile) IncrementRequest(s Situation, requester rules.Color, opponentAccepts, arbiterAgrees bool) (Ruling, error) {
	if err := s.check(); err != nil {
		return Ruling{}, err
	}
	if requester > rules.Black {
		return Ruling{}, fmt.Errorf("%w: colour %d", ErrBadInput, requester)
	}
	if p.Articles.IncrementRequest == "" {
		return Ruling{}, fmt.Errorf("%w: no increment request in %s", ErrNotInProfile, p.Name)
	}
	if !p.inQuickplayFinish(s) {
		return Ruling{}, fmt.Errorf("%w: no quickplay finish in force (%s)", ErrNotApplicable, p.Articles.QuickplayApplies)
	}
	if over, res := p.over(s); over {
		return Ruling{}, fmt.Errorf("%w (%s)", ErrGameOver, res)
	}
	if pos := s.Game.Position(); pos.Turn() != requester {
		return Ruling{}, fmt.Errorf("%w: %s requests, %s is to move", ErrNotOnMove, requester, pos.Turn())
	}
	if left := s.Remaining[requester]; left >= p.QuickplayClaimBelow || left <= 0 {
		return Ruling{}, fmt.Errorf("%w: %s has %v; the request needs less than %v", ErrNotApplicable, requester, left, p.QuickplayClaimBelow)
	}
	opp := requester.Other()
	switch {
	case opponentAccepts:
		return done(p.ruling(p.Articles.IncrementRequest, Draw, "%s's request for an increment is an offer of a draw, which %s accepts", requester, opp))
	case arbiterAgrees:
		r := p.ruling(p.Articles.IncrementRequest, Continue, "%s refuses the draw; the arbiter agrees to the request: 5 s increment for both players and %v to %s", opp, p.QuickplayBonus, opp)
		r.SetIncrement = 5 * time.Second
		r.Adjustments = []Adjustment{{Side: opp, Kind: AddTime, Amount: p.QuickplayBonus}}
		return done(r)
	}
	return done(p.ruling(p.Articles.IncrementRequest, Continue, "%s refuses the draw and the arbiter does not agree to the request: play continues", opp))
}

package laws

import (
	"fmt"
	"strings"
	"time"

	"github.com/hakem-chess/hakem/rules"
)

// PenaltyKind is one of the penalties the arbiter can apply (1997 13.4,
// 2023 12.9). The 1997 edition has Warning, TimeToOpponent, TimeOff, Loss
// and Expulsion only.
type PenaltyKind uint8

const (
	// Warning (13.4a / 12.9.1).
	Warning PenaltyKind = iota + 1
	// TimeToOpponent: increase the opponent's remaining time (13.4b / 12.9.2).
	TimeToOpponent
	// TimeOff: reduce the offender's remaining time (13.4c / 12.9.3).
	TimeOff
	// OpponentPointsToMaximum: the opponent's score raised to the maximum for
	// the game (12.9.4).
	OpponentPointsToMaximum
	// OffenderPointsReduced: the offender's score reduced (12.9.5).
	OffenderPointsReduced
	// Loss: the game declared lost by the offender (13.4d / 12.9.6).
	Loss
	// Fine announced in advance (12.9.7).
	Fine
	// ExclusionFromRounds: exclusion from one or more rounds (12.9.8).
	ExclusionFromRounds
	// Expulsion from the event (13.4e / 12.9.9).
	Expulsion
)

// String names the penalty.
func (k PenaltyKind) String() string {
	switch k {
	case Warning:
		return "warning"
	case TimeToOpponent:
		return "time added to the opponent"
	case TimeOff:
		return "time taken from the offender"
	case OpponentPointsToMaximum:
		return "opponent's points raised to the maximum"
	case OffenderPointsReduced:
		return "offender's points reduced"
	case Loss:
		return "loss of the game"
	case Fine:
		return "fine"
	case ExclusionFromRounds:
		return "exclusion from rounds"
	case Expulsion:
		return "expulsion"
	}
	return fmt.Sprintf("penalty(%d)", k)
}

// Offence is what a penalty punishes, for the article cited.
type Offence uint8

const (
	// OtherOffence: any infringement the arbiter penalises (the penalty
	// article alone is cited).
	OtherOffence Offence = iota
	// Distraction: distracting or annoying the opponent, including repeated
	// or unreasonable draw offers (1997 12.5 via 12.6; 2023 11.5 via 11.6).
	Distraction
)

// Penalty is a penalty the arbiter imposes. Amount is the time for
// TimeToOpponent and TimeOff; Points what OffenderPointsReduced takes from
// the offender's score in the game (more than zero, at most a win's
// points). OpponentScore is, for Loss in a profile whose arbiter decides
// it (2023 12.9.6: "the arbiter shall also decide the opponent's score"),
// what the opponent scores in the game (0 up to a win's points; nil: the
// win). Fine is the fine announced in advance, as announced (Fine, 2023
// 12.9.7: e.g. "50 EUR, rule 4 of the event's regulations"). Rounds are the
// rounds of the event the offender is excluded from (ExclusionFromRounds,
// 2023 12.9.8: at least one, each a round number, none twice).
type Penalty struct {
	Kind          PenaltyKind
	Amount        time.Duration
	Points        float64
	OpponentScore *float64
	Fine          string
	Rounds        []int
	Offence       Offence
}

// checkPenaltyFields says what is wrong with the fields of pen that its kind does not
// take or that it misses, under profile p (nil: nothing).
func (p Profile) checkPenaltyFields(pen Penalty) error {
	if pen.OpponentScore != nil {
		if pen.Kind != Loss {
			return fmt.Errorf("%w: %s takes no opponent's score (only a loss of the game, %s)", ErrBadInput, pen.Kind, p.penalties[Loss])
		}
		if !p.LossOpponentScoreDecided {
			return fmt.Errorf("%w: the arbiter does not decide the opponent's score after a loss of the game (%s %s: the opponent wins)", ErrNotInProfile, p.Name, p.penalties[Loss])
		}
		if s := *pen.OpponentScore; !(s >= 0) || s > p.Points.Win {
			return fmt.Errorf("%w: the opponent's score %v is not between 0 and a win's %v", ErrBadInput, s, p.Points.Win)
		}
	}
	if fine := pen.Kind == Fine; fine != (strings.TrimSpace(pen.Fine) != "") {
		if fine {
			return fmt.Errorf("%w: a fine names the fine announced in advance (%s)", ErrBadInput, p.penalties[Fine])
		}
		return fmt.Errorf("%w: %s takes no fine", ErrBadInput, pen.Kind)
	}
	if excl := pen.Kind == ExclusionFromRounds; excl != (len(pen.Rounds) > 0) {
		if excl {
			return fmt.Errorf("%w: an exclusion names the rounds the player is excluded from (%s)", ErrBadInput, p.penalties[ExclusionFromRounds])
		}
		return fmt.Errorf("%w: %s takes no rounds", ErrBadInput, pen.Kind)
	}
	seen := map[int]bool{}
	for _, r := range pen.Rounds {
		if r < 1 || seen[r] {
			return fmt.Errorf("%w: rounds: %d is not a round, or is named twice", ErrBadInput, r)
		}
		seen[r] = true
	}
	return nil
}

// Penalize rules on a penalty imposed on offender. A penalty the profile's
// edition does not list is ErrNotInProfile; taking more time than the
// offender has left is ErrBelowZero. Loss and Expulsion end the game with a
// win for the opponent on the board; under 2023 12.9.6 the arbiter may
// decide the opponent's score otherwise (Penalty.OpponentScore: the game's
// points then follow ScoreAfter). A fine (12.9.7) and an exclusion from
// rounds (12.9.8) leave the game as it is; like the points penalties they
// may be imposed after it ended, and so may an expulsion (12.9.9; 1997
// 13.4e), which then leaves the game's result as it stands. A loss
// after the game ended is ErrGameOver.
func (p Profile) Penalize(s Situation, offender rules.Color, pen Penalty) (Ruling, error) {
	if err := s.check(); err != nil {
		return Ruling{}, err
	}
	if offender > rules.Black {
		return Ruling{}, fmt.Errorf("%w: colour %d", ErrBadInput, offender)
	}
	art, ok := p.penalties[pen.Kind]
	if !ok {
		return Ruling{}, fmt.Errorf("%w: %s (article %s)", ErrNotInProfile, pen.Kind, p.Articles.Penalties)
	}
	if pen.Amount < 0 {
		return Ruling{}, fmt.Errorf("%w: %v", ErrBelowZero, pen.Amount)
	}
	timed := pen.Kind == TimeToOpponent || pen.Kind == TimeOff
	if timed && pen.Amount == 0 {
		return Ruling{}, fmt.Errorf("%w: %s needs an amount of time", ErrBadInput, pen.Kind)
	}
	if !timed && pen.Amount != 0 {
		return Ruling{}, fmt.Errorf("%w: %s takes no amount of time", ErrBadInput, pen.Kind)
	}
	if reduced := pen.Kind == OffenderPointsReduced; reduced && (!(pen.Points > 0) || pen.Points > p.Points.Win) {
		return Ruling{}, fmt.Errorf("%w: %s needs the points taken, more than 0 and at most %v (got %v)", ErrBadInput, pen.Kind, p.Points.Win, pen.Points)
	} else if !reduced && pen.Points != 0 {
		return Ruling{}, fmt.Errorf("%w: %s takes no points", ErrBadInput, pen.Kind)
	}
	if err := p.checkPenaltyFields(pen); err != nil {
		return Ruling{}, err
	}
	opp := offender.Other()
	if pen.Kind == Loss && s.Result.Over() {
		return Ruling{}, fmt.Errorf("%w (%s): a loss (%s) ends a game going on; a result override corrects a result", ErrGameOver, s.Result, art)
	}
	r := p.ruling(art, Continue, "%s: %s", offender, pen.Kind)
	if pen.Kind == Expulsion && s.Result.Over() {
		// the offence found after the game: its result stands, the player
		// is expelled from the event all the same
		r.Explanation += fmt.Sprintf("; the game is over (%s): its result stands, %s is expelled from the event", s.Result, offender)
		r.Expelled = true
		return done(r)
	}
	if pen.Offence == Distraction {
		r.Article, r.See = p.Articles.Distraction, []string{p.Articles.DistractionPenalty, art}
		r.Explanation = fmt.Sprintf("%s distracted or annoyed the opponent (e.g. repeated draw offers): %s", offender, pen.Kind)
	}
	switch pen.Kind {
	case TimeToOpponent:
		r.Adjustments = []Adjustment{{Side: opp, Kind: AddTime, Amount: pen.Amount}}
		r.Explanation += fmt.Sprintf(", %v to %s", pen.Amount, opp)
	case TimeOff:
		if s.Remaining[offender] < pen.Amount {
			return Ruling{}, fmt.Errorf("%w: %s has %v, cannot take %v", ErrBelowZero, offender, s.Remaining[offender], pen.Amount)
		}
		r.Adjustments = []Adjustment{{Side: offender, Kind: SubtractTime, Amount: pen.Amount}}
		r.Explanation += fmt.Sprintf(", %v", pen.Amount)
	case OffenderPointsReduced:
		r.Explanation += fmt.Sprintf(" by %v in this game", pen.Points)
	case OpponentPointsToMaximum:
		r.Explanation += fmt.Sprintf(": %s scores the maximum for this game", opp)
	case Loss:
		r.Result = winFor(opp)
		if pen.OpponentScore != nil {
			r.Explanation += fmt.Sprintf("; the arbiter decides %s's score: %v", opp, *pen.OpponentScore)
		}
	case Fine:
		r.Explanation += ": " + strings.TrimSpace(pen.Fine)
	case ExclusionFromRounds:
		r.Explanation += fmt.Sprintf(" %s", roundList(pen.Rounds))
	case Expulsion:
		r.Result, r.Expelled = winFor(opp), true
	}
	return done(r)
}

// PenaltyArticle returns the article of the profile's edition that lists
// penalty kind k (2023 12.9.1–12.9.9, 1997 13.4a–e); ok is false for a
// penalty the edition does not have.
func (p Profile) PenaltyArticle(k PenaltyKind) (article string, ok bool) {
	article, ok = p.penalties[k]
	return article, ok
}

// RefuseToComply rules on a player's persistent refusal to comply with the
// Laws: the game is lost (1997 12.7, 2023 11.7).
func (p Profile) RefuseToComply(s Situation, offender rules.Color) (Ruling, error) {
	if err := s.check(); err != nil {
		return Ruling{}, err
	}
	if offender > rules.Black {
		return Ruling{}, fmt.Errorf("%w: colour %d", ErrBadInput, offender)
	}
	if s.Result.Over() {
		return Ruling{}, fmt.Errorf("%w (%s)", ErrGameOver, s.Result)
	}
	return done(p.ruling(p.Articles.RefusalToComply, winFor(offender.Other()), "%s persistently refuses to comply with the Laws and loses", offender))
}

// BothAtFault rules when both players refuse to comply: both lose, 0-0
// (1997 12.8, 2023 11.8).
func (p Profile) BothAtFault(s Situation) (Ruling, error) {
	if err := s.check(); err != nil {
		return Ruling{}, err
	}
	if s.Result.Over() {
		return Ruling{}, fmt.Errorf("%w (%s)", ErrGameOver, s.Result)
	}
	r := p.ruling(p.Articles.BothAtFault, BothLose, "both players are at fault: the game is lost by both")
	r.See = []string{p.Articles.RefusalToComply}
	return done(r)
}

// LateArrival rules on a player arriving at the board late after the start
// of the round (lateness >= 0): a player later than the profile's default
// time loses (1997 6.6: more than one hour; 2023 6.7.1: after the default
// time set by the event, zero if none). Present at the start of play
// otherwise: the game goes on, the time lost counted on his clock.
func (p Profile) LateArrival(late rules.Color, lateness time.Duration) (Ruling, error) {
	if late > rules.Black {
		return Ruling{}, fmt.Errorf("%w: colour %d", ErrBadInput, late)
	}
	if lateness < 0 {
		return Ruling{}, fmt.Errorf("%w: negative lateness %v", ErrBadInput, lateness)
	}
	if lateness > p.LateDefault {
		return done(p.ruling(p.Articles.LateArrival, winFor(late.Other()), "%s arrived %v late, after the default time of %v: %s wins by default", late, lateness, p.LateDefault, late.Other()))
	}
	return done(p.ruling(p.Articles.LateArrival, Continue, "%s arrived %v late, within the default time of %v: play on, the time lost counts on his clock", late, lateness, p.LateDefault))
}

// WrongInitialPosition rules on a game found to have started from an
// incorrect initial position: it is annulled and a new game played (1997
// 7.1a, 2023 7.2.1). In 2023 rapid and blitz without full supervision, no
// such claim can be made once both players have made 10 moves (A.5.1.2).
func (p Profile) WrongInitialPosition(s Situation) (Ruling, error) {
	if err := s.check(); err != nil {
		return Ruling{}, err
	}
	if s.Result.Over() {
		return Ruling{}, fmt.Errorf("%w (%s)", ErrGameOver, s.Result)
	}
	if p.relaxed() && s.moves(rules.White) >= 10 && s.moves(rules.Black) >= 10 {
		return done(p.ruling(p.Articles.SetUpNoClaim, Continue, "ten moves by each player have been completed: no claim about the set-up can be made; play continues"))
	}
	return done(p.ruling(p.Articles.WrongInitialPosition, Annulled, "the game started from an incorrect initial position: it is annulled and a new game is played"))
}

// ColoursReversed rules on a game found to have started with colours
// reversed: 1997 7.2 — play continues (unless the arbiter rules otherwise);
// 2023 7.3 — with fewer than 10 moves made by each player the game is
// discontinued and replayed with the right colours, otherwise it continues.
func (p Profile) ColoursReversed(s Situation) (Ruling, error) {
	if err := s.check(); err != nil {
		return Ruling{}, err
	}
	if s.Result.Over() {
		return Ruling{}, fmt.Errorf("%w (%s)", ErrGameOver, s.Result)
	}
	w, b := s.moves(rules.White), s.moves(rules.Black)
	if p.ColoursReversedMoves > 0 && (w < p.ColoursReversedMoves || b < p.ColoursReversedMoves) {
		return done(p.ruling(p.Articles.ColoursReversed, Replay, "colours reversed after %d/%d moves (fewer than %d by each): a new game with the correct colours", w, b, p.ColoursReversedMoves))
	}
	return done(p.ruling(p.Articles.ColoursReversed, Continue, "colours reversed after %d/%d moves: the game continues", w, b))
}

// ExternalDisturbance rules on extra time the arbiter gives either or both
// players after an external disturbance of the game (1997 13.5, 2023 12.5).
func (p Profile) ExternalDisturbance(s Situation, white, black time.Duration) (Ruling, error) {
	if err := s.check(); err != nil {
		return Ruling{}, err
	}
	if white < 0 || black < 0 {
		return Ruling{}, fmt.Errorf("%w: %v / %v", ErrBelowZero, white, black)
	}
	if white == 0 && black == 0 {
		return Ruling{}, fmt.Errorf("%w: no time given", ErrBadInput)
	}
	if s.Result.Over() {
		return Ruling{}, fmt.Errorf("%w (%s)", ErrGameOver, s.Result)
	}
	r := p.ruling(p.Articles.ExternalDisturbance, Continue, "external disturbance: %v to white, %v to black", white, black)
	for c, d := range [2]time.Duration{white, black} {
		if d > 0 {
			r.Adjustments = append(r.Adjustments, Adjustment{Side: rules.Color(c), Kind: AddTime, Amount: d})
		}
	}
	return done(r)
}

// roundList words rounds for an explanation ("round 3", "rounds 3, 4").
func roundList(rounds []int) string {
	parts := make([]string, len(rounds))
	for i, r := range rounds {
		parts[i] = fmt.Sprint(r)
	}
	if len(parts) == 1 {
		return "round " + parts[0]
	}
	return "rounds " + strings.Join(parts, ", ")
}

// PointsPenalty is a penalty on the points of one game (2023 12.9.4,
// 12.9.5, 12.9.6): Kind OpponentPointsToMaximum or OffenderPointsReduced
// (with Points), or Loss with the opponent's score the arbiter decided
// (Points), imposed on Offender.
type PointsPenalty struct {
	Offender rules.Color
	Kind     PenaltyKind
	Points   float64
}

// ScoreAfter returns a game's score, white and black points, after its
// points penalties, in the order imposed; most is the most a game scores
// (a win's points). The opponent of an OpponentPointsToMaximum offender
// scores most (12.9.4); an OffenderPointsReduced offender's score loses
// Points, not below zero (12.9.5); after a Loss the offender scores 0 and
// the opponent the score the arbiter decided, Points (12.9.6). Other kinds
// change nothing.
func ScoreAfter(white, black, most float64, pens []PointsPenalty) (float64, float64) {
	score := [2]float64{white, black}
	for _, pen := range pens {
		if pen.Offender > rules.Black {
			continue
		}
		switch pen.Kind {
		case OpponentPointsToMaximum:
			score[pen.Offender.Other()] = most
		case OffenderPointsReduced:
			score[pen.Offender] = max(0, score[pen.Offender]-pen.Points)
		case Loss:
			score[pen.Offender], score[pen.Offender.Other()] = 0, min(most, max(0, pen.Points))
		}
	}
	return score[0], score[1]
}

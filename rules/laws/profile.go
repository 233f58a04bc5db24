// Package laws holds the editions of the FIDE Laws of Chess as data
// (profiles) and the arbiter's decisions as pure functions of a game, the
// clock readings and the facts an arbiter enters: draw claims, flag falls,
// illegal moves, touch-move, penalties, defaults, annulment, the quickplay
// finish, draw offers and scoring. Every decision returns a Ruling that cites
// the article of its profile it rests on.
//
// Two profiles are built in: "fide-2023" (the Laws in force from 1 January
// 2023, the default) and "fide-1997" (the 1997 edition, as in the seed text).
package laws

import (
	"errors"
	"fmt"
	"sort"
	"time"
)

// Mode is the kind of game a profile is applied to.
type Mode uint8

const (
	// Standard play (the Competition Rules).
	Standard Mode = iota
	// Rapid chess (2023 Appendix A).
	Rapid
	// Blitz (2023 Appendix B).
	Blitz
)

// String names the mode.
func (m Mode) String() string {
	switch m {
	case Rapid:
		return "rapid"
	case Blitz:
		return "blitz"
	}
	return "standard"
}

// Points is a point system: what a win, a draw and a loss score.
type Points struct {
	Win, Draw, Loss float64
}

// Articles are the article numbers a profile's rulings cite, by topic.
type Articles struct {
	Checkmate, Resignation, Stalemate, DeadPosition, Agreement string
	DrawOffer, DrawOfferAnswer                                 string
	RepetitionIntended, RepetitionReached                      string
	FiftyIntended, FiftyReached                                string
	ClaimCorrect, ClaimIncorrect, ClaimAfterTouch              string
	Fivefold, SeventyFive                                      string
	FlagFall, FlagObserved                                     string
	BothFlagsContinue, BothFlagsDraw                           string
	LateArrival                                                string
	WrongInitialPosition, ColoursReversed                      string
	WrongOrientation                                           string // the board placed contrary to 2.1: the position is transferred (1997 7.1b, 2023 7.2.2)
	DisplacedRestore, DisplacedFound, DisplacedPenalty         string // displaced pieces: restored in the player's own time (1997 7.3, 2023 7.4.1); found later, reinstated with the clocks adjusted (1997 7.4); the arbiter may penalise (2023 7.4.3)
	IllegalMove, IllegalMovePenalty                            string
	PawnNotReplaced, PressWithoutMove, TwoHands                string // the irregularities penalised as illegal moves (2023 7.5.2, 7.5.3, 7.5.4)
	TouchOwn, TouchOpponent, TouchBoth                         string
	TouchKingRook, TouchRookKing, TouchCastlingIllegal         string
	TouchNoneMovable, Adjusting                                string // Adjusting: a piece adjusted, not touched to move it (1997 4.2, 2023 4.2.1)
	Recording                                                  string
	QuickplayClaim, QuickplayApplies                           string
	QuickplayLater                                             string // a postponed claim decided later, even after a flag fall (1997 10.2c, 2023 III.5.2)
	Points                                                     string
	Distraction, DistractionPenalty                            string
	ExternalDisturbance, IncrementRequest                      string
	RefusalToComply, BothAtFault                               string
	Penalties                                                  string
	ClockAdjustment                                            string
	ReducedPenalties                                           string // rapid: penalties of articles 7 and 9 are one minute (2023 A.3)
	BlitzUnsupervised                                          string // blitz without full supervision follows A.2, A.3 and A.5 (2023 B.3)
	BlitzPenalties                                             string // blitz: penalties of articles 7 and 9 are one minute (2023 B.2)
	RapidDefinition, BlitzDefinition                           string // what makes a game rapid or blitz (2023 A.1, B.1)
	SetUpNoClaim, IllegalMoveStands                            string // rapid/blitz without full supervision (2023 A.5.1.2, A.5.2)
	FlagClaim, IllegalPositionObserved, FlagCalled             string // rapid/blitz without full supervision: a win on time claimed, an illegal position observed, the flag the arbiter calls (2023 A.5.3, A.5.4, A.5.5)
	RapidSupervised                                            string // rapid fully supervised: the Competition Rules apply (2023 A.4; blitz B.3)
}

// Profile is one edition of the Laws as parameters and article numbers.
// Profiles are values: WithMode, WithQuickplayFinish, WithLateDefault and
// WithPoints return modified copies.
type Profile struct {
	Name    string // "fide-2023", "fide-1997"
	Edition int    // 2023, 1997
	Mode    Mode

	// Supervised: in rapid or blitz, the Competitive Rules of Play apply
	// because the games are fully supervised (2023 A.4 / B.3); otherwise the
	// relaxed rules of A.5 apply (also to blitz, B.3). Ignored in standard
	// play.
	Supervised bool

	// QuickplayFinish: the rules for the last period of a game without
	// increment apply (1997 article 10; 2023 Guidelines III, only if
	// announced, never in blitz). In the 2023 profile this also switches on
	// III.3.1 (both flags down, order unknown).
	QuickplayFinish bool

	// Incorrect claim (1997 9.4b: the claimant's time halved, by at most
	// ClaimantCap, and OpponentBonus added; 2023 9.5.3: OpponentBonus only).
	ClaimHalvesClaimant bool
	ClaimantCap         time.Duration
	ClaimOpponentBonus  time.Duration

	// Completed illegal moves: IllegalMoveBonus to the opponent each time
	// until the IllegalMovesToLose-th, which loses (0: never loses; 1997
	// standard play: article 7.4 only reinstates). IllegalLossDrawIfCannotMate:
	// the loss becomes a draw when the opponent cannot mate (2023 7.5.5).
	IllegalMoveBonus            time.Duration
	IllegalMovesToLose          int
	IllegalLossDrawIfCannotMate bool
	// ReducedPenalty replaces the two-minute penalties of articles 7 and 9
	// in rapid, and in blitz without full supervision (2023 A.3, B.3).
	ReducedPenalty time.Duration
	// ResignationDrawIfCannotMate: a resignation is a draw when the opponent
	// cannot checkmate by any series of legal moves (2023 5.1.2; not 1997).
	ResignationDrawIfCannotMate bool
	// AgreementNeedsMoves: a draw can be agreed only once both players have
	// made at least one move (2023 5.2.3).
	AgreementNeedsMoves bool
	// The same parameters in the quickplay finish (1997 10.3).
	QuickplayIllegalBonus   time.Duration
	QuickplayIllegalsToLose int

	// AutomaticFivefold, AutomaticSeventyFive: the game is drawn at once on
	// the fifth occurrence of a position / after 75 moves each without pawn
	// move or capture (2023 9.6; not in 1997).
	AutomaticFivefold    bool
	AutomaticSeventyFive bool

	// LateDefault: a player arriving later than this after the start loses
	// (1997 6.6: one hour; 2023 6.7.1: set by the event, zero if not).
	LateDefault time.Duration

	// QuickplayClaimBelow: a quickplay-finish draw claim needs less than this
	// on the claimant's clock (two minutes); QuickplayBonus is the time the
	// arbiter may give the opponent when postponing (and, 2023, rejecting).
	QuickplayClaimBelow time.Duration
	QuickplayBonus      time.Duration
	// QuickplayClaimOnMove: only the player having the move may make a
	// quickplay-finish claim (2023 III.5: "the player having the move");
	// 1997 10.2 asks only that the claimant has less than two minutes and
	// his flag up.
	QuickplayClaimOnMove bool

	// Recording: below RecordingFreeBelow left and with less than
	// RecordingIncrementMin added per move, a player need not record (8.4).
	RecordingFreeBelow    time.Duration
	RecordingIncrementMin time.Duration

	// ColoursReversedMoves: a game started with colours reversed is replayed
	// if fewer than this many moves have been made by each player (2023 7.3:
	// 10); 0: the game continues (1997 7.2).
	ColoursReversedMoves int

	// LossOpponentScoreDecided: when the arbiter declares a game lost by
	// the offender, he also decides the opponent's score (2023 12.9.6; 1997
	// 13.4d: the loss alone, the opponent wins).
	LossOpponentScoreDecided bool

	Points   Points
	Articles Articles

	// penalties lists the penalty kinds the edition's article provides.
	penalties map[PenaltyKind]string
}

// ErrUnknownProfile is returned by Lookup for a name it does not know.
var ErrUnknownProfile = errors.New("unknown laws profile")

// ErrNotInProfile is returned when a decision or option does not exist in a
// profile (e.g. a penalty the edition does not list, or the 1997 rapid
// appendices, which the seed text does not contain).
var ErrNotInProfile = errors.New("not provided by this laws profile")

// DefaultProfile is the name of the default profile.
const DefaultProfile = "fide-2023"

// Lookup returns the profile with the given name ("" means the default).
func Lookup(name string) (Profile, error) {
	switch name {
	case "", "fide-2023":
		return fide2023(), nil
	case "fide-1997":
		return fide1997(), nil
	}
	return Profile{}, fmt.Errorf("%w %q (known: %v)", ErrUnknownProfile, name, Names())
}

// Names lists the built-in profiles.
func Names() []string {
	n := []string{"fide-1997", "fide-2023"}
	sort.Strings(n)
	return n
}

// WithMode returns the profile for rapid or blitz games. The 1997 profile
// has only standard play: the seed text does not contain its rapid and blitz
// appendices. In the 2023 profile the penalties of articles 7 and 9 become
// one minute in rapid (A.3) and in blitz without full supervision (B.3); the
// relaxed rules of A.5 apply unless the games are fully supervised (see
// WithSupervised); the quickplay finish is switched off in blitz (Guidelines
// III.2.2).
func (p Profile) WithMode(m Mode) (Profile, error) {
	if m > Blitz {
		return p, fmt.Errorf("laws: unknown mode %d", m)
	}
	if m == Standard {
		return p, nil
	}
	if p.Edition == 1997 {
		return p, fmt.Errorf("%w: %s has no %s appendix in the seed text", ErrNotInProfile, p.Name, m)
	}
	p.Mode = m
	if m == Blitz {
		p.QuickplayFinish = false
	}
	return p, nil
}

// reduced returns the penalty that replaces a two-minute penalty of
// articles 7 and 9, and the article that says so (2023 A.3 in rapid, B.2
// in blitz, supervised or not); ok is false when none applies.
func (p Profile) reduced() (d time.Duration, article string, ok bool) {
	switch {
	case p.Edition != 2023:
		return 0, "", false
	case p.Mode == Rapid:
		return p.ReducedPenalty, p.Articles.ReducedPenalties, true
	case p.Mode == Blitz:
		return p.ReducedPenalty, p.Articles.BlitzPenalties, true
	}
	return 0, "", false
}

// ModeFor is the kind of game whose control gives each player allMoves
// for all the moves, or for 60 moves counting the increment of each (2023
// A.1: rapid, more than 10 and less than 60 minutes; B.1: blitz, 10
// minutes or less; standard otherwise). The 1997 seed text has no such
// definitions; the same figures are used to name a game's mode, and the
// 1997 profile plays every mode under its standard rules (WithMode).
func ModeFor(allMoves time.Duration) Mode {
	switch {
	case allMoves <= 10*time.Minute:
		return Blitz
	case allMoves < 60*time.Minute:
		return Rapid
	}
	return Standard
}

// ParseMode reads a mode's name: "standard", "rapid" or "blitz".
func ParseMode(s string) (Mode, error) {
	for _, m := range []Mode{Standard, Rapid, Blitz} {
		if s == m.String() {
			return m, nil
		}
	}
	return Standard, fmt.Errorf("%w: mode %q (known: standard, rapid, blitz)", ErrBadInput, s)
}

// WithSupervised returns the profile with rapid or blitz games fully
// supervised (2023 A.4 / B.3: the Competitive Rules of Play apply) or not
// (A.5 / B.3).
func (p Profile) WithSupervised(on bool) Profile {
	p.Supervised = on
	return p
}

// relaxed reports whether the relaxed rapid/blitz rules of 2023 A.5 apply.
func (p Profile) relaxed() bool {
	return p.Edition == 2023 && p.Mode != Standard && !p.Supervised
}

// WithQuickplayFinish returns the profile with the quickplay-finish rules in
// force or not. In the 2023 profile they apply only when announced
// (Guidelines III.2.1) and never in blitz (III.2.2). In the 1997 profile
// they are always in force: article 10.1 defines the quickplay finish as
// the last period of any game, in which all remaining moves must be made
// in a limited time, and articles 10.2–10.4 apply there without any
// announcement; on is then ignored.
func (p Profile) WithQuickplayFinish(on bool) (Profile, error) {
	if on && p.Edition == 2023 && p.Mode == Blitz {
		return p, fmt.Errorf("%w: Guidelines III.2.2: no quickplay finish in blitz", ErrNotInProfile)
	}
	if p.Edition == 1997 {
		return p, nil
	}
	p.QuickplayFinish = on
	return p, nil
}

// WithLateDefault returns the profile with the event's default time (2023
// 6.7.1; 1997 6.6 "unless the rules of the event say otherwise").
func (p Profile) WithLateDefault(d time.Duration) (Profile, error) {
	if d < 0 {
		return p, fmt.Errorf("laws: negative default time %v", d)
	}
	p.LateDefault = d
	return p, nil
}

// WithPoints returns the profile with another point system (e.g. 3/1/0).
func (p Profile) WithPoints(pts Points) (Profile, error) {
	if pts.Win < pts.Draw || pts.Draw < pts.Loss || pts.Loss < 0 {
		return p, fmt.Errorf("laws: a point system needs win >= draw >= loss >= 0, got %v/%v/%v", pts.Win, pts.Draw, pts.Loss)
	}
	p.Points = pts
	return p, nil
}

func fide2023() Profile {
	return Profile{
		Name: "fide-2023", Edition: 2023,
		ClaimOpponentBonus: 2 * time.Minute,
		IllegalMoveBonus:   2 * time.Minute, IllegalMovesToLose: 2, IllegalLossDrawIfCannotMate: true,
		ReducedPenalty:              time.Minute,
		ResignationDrawIfCannotMate: true,
		AgreementNeedsMoves:         true,
		QuickplayIllegalBonus:       2 * time.Minute, QuickplayIllegalsToLose: 2,
		AutomaticFivefold: true, AutomaticSeventyFive: true,
		LateDefault:         0,
		QuickplayClaimBelow: 2 * time.Minute, QuickplayBonus: 2 * time.Minute, QuickplayClaimOnMove: true,
		RecordingFreeBelow: 5 * time.Minute, RecordingIncrementMin: 30 * time.Second,
		ColoursReversedMoves:     10,
		LossOpponentScoreDecided: true,
		Points:                   Points{Win: 1, Draw: 0.5, Loss: 0},
		Articles: Articles{
			Checkmate: "5.1.1", Resignation: "5.1.2", Stalemate: "5.2.1", DeadPosition: "5.2.2", Agreement: "5.2.3",
			DrawOffer: "9.1.2.1", DrawOfferAnswer: "9.1.2.1",
			RepetitionIntended: "9.2.1", RepetitionReached: "9.2.2",
			FiftyIntended: "9.3.1", FiftyReached: "9.3.2",
			ClaimCorrect: "9.5.2", ClaimIncorrect: "9.5.3", ClaimAfterTouch: "9.4",
			Fivefold: "9.6.1", SeventyFive: "9.6.2",
			FlagFall: "6.9", FlagObserved: "6.8",
			BothFlagsContinue: "III.3.1.1", BothFlagsDraw: "III.3.1.2",
			LateArrival:          "6.7.1",
			WrongInitialPosition: "7.2.1", ColoursReversed: "7.3", WrongOrientation: "7.2.2",
			DisplacedRestore: "7.4.1", DisplacedPenalty: "7.4.3",
			IllegalMove: "7.5.1", IllegalMovePenalty: "7.5.5",
			PawnNotReplaced: "7.5.2", PressWithoutMove: "7.5.3", TwoHands: "7.5.4",
			TouchOwn: "4.3.1", TouchOpponent: "4.3.2", TouchBoth: "4.3.3",
			TouchKingRook: "4.4.1", TouchRookKing: "4.4.2", TouchCastlingIllegal: "4.4.3",
			TouchNoneMovable: "4.5", Adjusting: "4.2.1",
			Recording:      "8.4",
			QuickplayClaim: "III.5", QuickplayApplies: "III.2", QuickplayLater: "III.5.2",
			Points:      "10.1",
			Distraction: "11.5", DistractionPenalty: "11.6",
			RefusalToComply: "11.7", BothAtFault: "11.8",
			Penalties:           "12.9",
			ExternalDisturbance: "12.5", IncrementRequest: "III.4",
			ClockAdjustment:  "7.1",
			ReducedPenalties: "A.3", BlitzUnsupervised: "B.3", BlitzPenalties: "B.2",
			RapidDefinition: "A.1", BlitzDefinition: "B.1",
			SetUpNoClaim: "A.5.1.2", IllegalMoveStands: "A.5.2",
			FlagClaim: "A.5.3", IllegalPositionObserved: "A.5.4", FlagCalled: "A.5.5", RapidSupervised: "A.4",
		},
		penalties: map[PenaltyKind]string{
			Warning: "12.9.1", TimeToOpponent: "12.9.2", TimeOff: "12.9.3",
			OpponentPointsToMaximum: "12.9.4", OffenderPointsReduced: "12.9.5",
			Loss: "12.9.6", Fine: "12.9.7", ExclusionFromRounds: "12.9.8", Expulsion: "12.9.9",
		},
	}
}

func fide1997() Profile {
	return Profile{
		Name: "fide-1997", Edition: 1997,
		ClaimHalvesClaimant: true, ClaimantCap: 3 * time.Minute, ClaimOpponentBonus: 3 * time.Minute,
		IllegalMoveBonus: 0, IllegalMovesToLose: 0,
		QuickplayIllegalBonus: 2 * time.Minute, QuickplayIllegalsToLose: 3,
		LateDefault:         time.Hour,
		QuickplayFinish:     true, // 10.1: the last period of every game
		QuickplayClaimBelow: 2 * time.Minute, QuickplayBonus: 2 * time.Minute,
		RecordingFreeBelow: 5 * time.Minute, RecordingIncrementMin: 30 * time.Second,
		Points: Points{Win: 1, Draw: 0.5, Loss: 0},
		Articles: Articles{
			Checkmate: "5.1a", Resignation: "5.1b", Stalemate: "5.2", DeadPosition: "9.6", Agreement: "5.3",
			DrawOffer: "9.1", DrawOfferAnswer: "9.1",
			RepetitionIntended: "9.2a", RepetitionReached: "9.2b",
			FiftyIntended: "9.3a", FiftyReached: "9.3b",
			ClaimCorrect: "9.4a", ClaimIncorrect: "9.4b",
			FlagFall: "6.9", FlagObserved: "6.8",
			BothFlagsContinue: "6.11", BothFlagsDraw: "10.4",
			LateArrival:          "6.6",
			WrongInitialPosition: "7.1a", ColoursReversed: "7.2", WrongOrientation: "7.1b",
			DisplacedRestore: "7.3", DisplacedFound: "7.4",
			IllegalMove: "7.4", IllegalMovePenalty: "10.3",
			TouchOwn: "4.3a", TouchOpponent: "4.3a", TouchBoth: "4.3b",
			TouchKingRook: "4.4a", TouchRookKing: "4.4b", TouchCastlingIllegal: "4.4c",
			TouchNoneMovable: "4.5", Adjusting: "4.2",
			Recording:      "8.4",
			QuickplayClaim: "10.2", QuickplayApplies: "10.1", QuickplayLater: "10.2c",
			Points:      "11.1",
			Distraction: "12.5", DistractionPenalty: "12.6",
			RefusalToComply: "12.7", BothAtFault: "12.8",
			Penalties:           "13.4",
			ExternalDisturbance: "13.5",
			ClockAdjustment:     "6.13",
		},
		penalties: map[PenaltyKind]string{
			Warning: "13.4a", TimeToOpponent: "13.4b", TimeOff: "13.4c", Loss: "13.4d", Expulsion: "13.4e",
		},
	}
}

package laws

// Entry is one line of the Laws index: an article of a profile, what Hakem
// decides under it, the function that decides it (package.Name, or
// package.Type.Method), the API endpoint that reaches it and the test that
// shows it (package path and test name). The articles are the profile's own
// Articles strings, the ones its rulings cite.
type Entry struct {
	Profile  string
	Article  string
	Decides  string
	Function string
	Endpoint string
	Test     string
}

// Index lists, for profile p, article by article, what Hakem decides (the
// source of `hakem laws`).
func (p Profile) Index() []Entry {
	a := p.Articles
	e := func(article, decides, fn, endpoint, test string) Entry {
		return Entry{Profile: p.Name, Article: article, Decides: decides, Function: fn, Endpoint: endpoint, Test: test}
	}
	out := []Entry{
		e(a.Checkmate, "checkmate ends the game", "laws.Profile.GameEnd", "POST /api/games/{id}/moves", "rules/laws.TestLaws1997_5_1a_Checkmate"),
		e(a.Stalemate, "stalemate is a draw", "laws.Profile.GameEnd", "POST /api/games/{id}/moves", "rules/laws.TestLaws1997_5_2_Stalemate"),
		e(a.DeadPosition, "a dead position is a draw; no game is created from one", "laws.Profile.PlayableStart", "POST /api/games (start_fen)", "services/e2e.TestLawsDeadStartRefused"),
		e(a.DeadPosition, "mating ability: walls with a pawn step or two left searched", "rules.CanMate", "POST /api/games/{id}/moves", "rules.TestDeadCorpus"),
		e(a.RepetitionReached, "threefold repetition claim", "laws.Profile.ClaimDraw", "POST /api/games/{id}/claims", "services/e2e.TestDrawClaims"),
		e(a.ClaimIncorrect, "incorrect claim: time penalty", "laws.Profile.ClaimDraw", "POST /api/games/{id}/claims", "services/e2e.TestDrawClaims"),
		e(a.FlagFall, "flag fall: loss, or a draw if the opponent cannot mate; the side on move's clock runs", "laws.Profile.FlagFall", "clock.flag_fell (clocks watcher)", "services/e2e.TestLawsBlackToMoveClock"),
		e(a.LateArrival, "late arrival: default after the event's time", "laws.Profile.LateArrival", "POST /api/games/{id}/rulings (late_arrival)", "services/e2e.TestArbiterIncidents"),
		e(a.WrongInitialPosition, "wrong initial position: annulled and replayed", "laws.Profile.WrongInitialPosition", "POST /api/games/{id}/rulings (wrong_initial_position)", "services/e2e.TestArbiterIncidents"),
		e(a.IllegalMovePenalty, "completed illegal move: reinstated, penalty", "laws.Profile.IllegalMove", "POST /api/games/{id}/illegal-moves", "services/e2e.TestArbiterIncidents"),
		e(a.Penalties, "the arbiter's penalties", "laws.Profile.Penalize", "POST /api/games/{id}/rulings (penalty)", "services/e2e.TestArbiterIncidents"),
		e(a.BothAtFault, "both players at fault lose", "laws.Profile.BothAtFault", "POST /api/games/{id}/rulings (both_at_fault)", "services/e2e.TestBothLoseTournament"),
		e(a.QuickplayApplies, "when the quickplay finish applies", "laws.Profile.QuickplayAdmissible", "POST /api/games/{id}/claims (quickplay_finish)", "services/e2e.TestLaws1997QuickplayFinish"),
		e(a.QuickplayClaim, "quickplay-finish claim: draw, postpone (reject in 2023)", "laws.Profile.QuickplayClaim", "POST /api/games/{id}/rulings (quickplay_claim)", "services/e2e.TestQuickplayFinish"),
		e(a.QuickplayLater, "a postponed claim decided later, even after a flag fall", "laws.Profile.QuickplayDrawLater", "POST /api/games/{id}/rulings (quickplay_claim, draw)", "services/e2e.TestLaws1997QuickplayFinish"),
	}
	if p.Edition == 2023 {
		out = append(out,
			e(a.RapidDefinition, "a game's mode from its time control", "laws.ModeFor", "POST /api/games (mode)", "services/e2e.TestLawsRapidBlitzPenalties"),
			e(a.ReducedPenalties, "rapid: penalties of articles 7 and 9 are one minute", "laws.Profile.IllegalMove", "POST /api/games/{id}/illegal-moves", "services/e2e.TestLawsRapidBlitzPenalties"),
			e(a.BlitzPenalties, "blitz: penalties of articles 7 and 9 are one minute", "laws.Profile.ClaimDraw", "POST /api/games/{id}/claims", "services/e2e.TestLawsRapidBlitzPenalties"),
			e(a.IncrementRequest, "request for an increment in the quickplay finish", "laws.Profile.IncrementRequest", "POST /api/games/{id}/rulings (increment_request)", "services/e2e.TestQuickplayIncrement"),
		)
	}
	return out
}

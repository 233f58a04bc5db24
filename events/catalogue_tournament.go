package events

// Tournament events: written on tournament.<id>.pairing by the pairing
// service, on tournament.<id>.scoring by the scoring service and on
// tournament.<id>.arbiter by the arbiter service.

// TournamentCreated opens a tournament with its regulations.
type TournamentCreated struct {
	// Name is the tournament's name.
	Name string `json:"name"`
	// System is "swiss-dutch", "swiss-plain" or "round-robin".
	System string `json:"system"`
	// Rounds is the number of rounds.
	Rounds int `json:"rounds"`
	// TimeControl is the control in PGN TimeControl notation.
	TimeControl string `json:"time_control"`
	// LawsProfile is the Laws edition ("fide-2023", "fide-1997").
	LawsProfile string `json:"laws_profile"`
	// PointSystem is the points for a win, draw, loss and bye, e.g.
	// {"win":1,"draw":0.5,"loss":0,"bye":1} (vocabulary.go: PointsFor); a
	// forfeit win scores PointsWin, a forfeit loss PointsForfeitLoss (0
	// when absent).
	PointSystem PointSystem `json:"point_system"`
	// Tiebreaks is the tie-break order (e.g. ["buchholz-cut1","buchholz","sonneborn-berger"]).
	Tiebreaks []string `json:"tiebreaks"`
	// Rated is true if the tournament is rated.
	Rated bool `json:"rated"`
	// QuickplayFinish: the tournament announces that the quickplay-finish
	// rules apply (FIDE Laws 2023 Guidelines III.1: "must be announced
	// beforehand"; 1997 article 10); every game of the tournament carries
	// it (GameCreated.QuickplayFinish). Optional (false when absent).
	QuickplayFinish bool `json:"quickplay_finish,omitempty"`
	// LateDefaultMs is the event's default time (FIDE Laws 1997 6.6, 2023
	// 6.7.1): a player arriving at the board later than this after the
	// start loses. Optional: absent, the profile's (1997 one hour, 2023
	// zero).
	LateDefaultMs *int64 `json:"late_default_ms,omitempty"`
	// Every game of the tournament carries it (GameCreated.LateDefaultMs).
	// The rating report's headers (TRF-26 022, 032, 042, 052, 092, 102,
	// 112, 132), all optional: the city, the federation (FIDE code), the
	// start and end dates (YYYY/MM/DD), the type of tournament as the
	// report names it, the chief and deputy arbiters, one date per round.
	City           string   `json:"city,omitempty"`
	Federation     string   `json:"federation,omitempty"`
	StartDate      string   `json:"start_date,omitempty"`
	EndDate        string   `json:"end_date,omitempty"`
	Type           string   `json:"type,omitempty"`
	ChiefArbiter   string   `json:"chief_arbiter,omitempty"`
	DeputyArbiters []string `json:"deputy_arbiters,omitempty"`
	RoundDates     []string `json:"round_dates,omitempty"`
	// Mode overrides the kind of game its games are played as ("standard",
	// "rapid", "blitz"; copied to each GameCreated.Mode); "" when each game
	// takes it from the time control. Optional.
	Mode string `json:"mode,omitempty"`
	// Supervised: the tournament's rapid or blitz games are fully
	// supervised (FIDE Laws 2023 A.4, B.3); every game carries it
	// (GameCreated.Supervised). Optional (false when absent).
	Supervised bool `json:"supervised,omitempty"`
	// TiebreakRules is the FIDE C.07 edition the tie-breaks follow,
	// "2024" or "2026" ("" when not chosen: 2026).
	TiebreakRules string `json:"tiebreak_rules,omitempty"`
	// InitialColour is the colour of start number 1 in round 1 of a
	// Swiss, as the arbiter drew it by lot before the first round (FIDE
	// C.04.3 "initial-colour"; TRF XXC white1|black1): "white" or
	// "black" ("" when not drawn: white). Optional.
	InitialColour string `json:"initial_colour,omitempty"`
}

// EventType implements Event.
func (TournamentCreated) EventType() string { return "tournament.created" }

// PlayerRegistered adds a player to the tournament.
type PlayerRegistered struct {
	// PlayerID is the player's id within Hakem.
	PlayerID string `json:"player_id"`
	// Name is the player's name, "Surname, Given".
	Name string `json:"name"`
	// Rating is the rating used for pairing (0 if unrated).
	Rating int `json:"rating,omitempty"`
	// FideID, Federation and Title are as in the FIDE rating list.
	FideID     string `json:"fide_id,omitempty"`
	Federation string `json:"federation,omitempty"`
	Title      string `json:"title,omitempty"`
	// RatedGames is the number of FIDE-rated games the player completed
	// before the tournament, for the K-factor of the 30-game rule (0 when
	// not given: a rated player is then taken to have 30 or more).
	RatedGames int `json:"rated_games,omitempty"`
	// BirthYear is the player's year of birth, for the K-factor of the
	// junior rule (0 when not given: the rule is not applied).
	BirthYear int `json:"birth_year,omitempty"`
	// Reached2400 says the player's published rating has reached 2400 at
	// some time (K 10 for good).
	Reached2400 bool `json:"reached_2400,omitempty"`
	// Sex is as the FIDE rating list gives it ("m", "w"; "" when not given).
	Sex string `json:"sex,omitempty"`
	// FromRound is the first round a late entry (registered after round
	// 1 was paired) can be paired in; 0 for a player registered before.
	FromRound int `json:"from_round,omitempty"`
	// MissedRounds is how a late entry's rounds before FromRound count:
	// "Z" zero-point byes, "H" half-point byes (the organiser's choice).
	MissedRounds string `json:"missed_rounds,omitempty"`
}

// EventType implements Event.
func (PlayerRegistered) EventType() string { return "tournament.player_registered" }

// PlayerWithdrawn withdraws a player from a round on.
type PlayerWithdrawn struct {
	// PlayerID is the player.
	PlayerID string `json:"player_id"`
	// FromRound is the first round the player is not paired in.
	FromRound int `json:"from_round"`
	// Reason says why.
	Reason string `json:"reason,omitempty"`
}

// EventType implements Event.
func (PlayerWithdrawn) EventType() string { return "tournament.player_withdrawn" }

// ByeRequested is a player's request not to be paired in a round.
type ByeRequested struct {
	// PlayerID is the player.
	PlayerID string `json:"player_id"`
	// Round is the round.
	Round int `json:"round"`
	// Points is the score the bye carries (e.g. 0.5 for a half-point bye).
	Points float64 `json:"points"`
	// Kind is the bye asked for: "H" half-point, "Z" zero-point, "F"
	// full-point ("" in events recorded before kinds: by its points).
	Kind string `json:"kind,omitempty"`
}

// EventType implements Event.
func (ByeRequested) EventType() string { return "tournament.bye_requested" }

// ForbiddenPairSet forbids two players from meeting (e.g. same family).
type ForbiddenPairSet struct {
	// PlayerA and PlayerB are the two players.
	PlayerA string `json:"player_a"`
	PlayerB string `json:"player_b"`
	// Reason says why.
	Reason string `json:"reason,omitempty"`
}

// EventType implements Event.
func (ForbiddenPairSet) EventType() string { return "tournament.forbidden_pair_set" }

// Pairing is one board of a round.
type Pairing struct {
	// Board is the board number.
	Board int `json:"board"`
	// White and Black are player ids.
	White string `json:"white"`
	Black string `json:"black"`
	// GameID is the game created for it.
	GameID string `json:"game_id"`
}

// Bye is an unpaired player of a round and the points it scores.
type Bye struct {
	// PlayerID is the player.
	PlayerID string `json:"player_id"`
	// Points is the score given.
	Points float64 `json:"points"`
	// Kind is "pairing_allocated", "requested" or "absent".
	Kind string `json:"kind"`
}

// RoundPaired is the pairing of a round, with what produced it, so that an
// audit can re-pair the round and compare.
type RoundPaired struct {
	// Round is the round number.
	Round int `json:"round"`
	// Pairings are the boards.
	Pairings []Pairing `json:"pairings"`
	// Byes are the unpaired players.
	Byes []Bye `json:"byes,omitempty"`
	// Engine and EngineVersion name the pairing engine.
	Engine        string `json:"engine"`
	EngineVersion string `json:"engine_version"`
	// InputHash is the hex SHA-256 of the engine's input (e.g. the TRF).
	InputHash string `json:"input_hash"`
}

// EventType implements Event.
func (RoundPaired) EventType() string { return "tournament.round_paired" }

// RoundClosed closes a round: every result is in and pairing may go on.
type RoundClosed struct {
	// Round is the round number.
	Round int `json:"round"`
}

// EventType implements Event.
func (RoundClosed) EventType() string { return "tournament.round_closed" }

// TournamentFinished closes the tournament after its last round.
type TournamentFinished struct {
	// Rounds is the number of rounds played.
	Rounds int `json:"rounds"`
}

// EventType implements Event.
func (TournamentFinished) EventType() string { return "tournament.finished" }

// Standing is one line of the standings.
type Standing struct {
	// Rank is the place (equal ranks share a number).
	Rank int `json:"rank"`
	// PlayerID is the player.
	PlayerID string `json:"player_id"`
	// Points is the score.
	Points float64 `json:"points"`
	// Tiebreaks are the tie-break values in the tournament's order.
	Tiebreaks []float64 `json:"tiebreaks,omitempty"`
	// Status is "expelled" or "withdrawn" for a player not paired after
	// the round, "" for one who plays on.
	Status string `json:"status,omitempty"`
}

// StandingsUpdated is the standings after a round, as the scoring service
// computed them (a projection, recorded so that what was published can be
// audited).
type StandingsUpdated struct {
	// AfterRound is the last round counted.
	AfterRound int `json:"after_round"`
	// Standings are the lines, best first.
	Standings []Standing `json:"standings"`
}

// EventType implements Event.
func (StandingsUpdated) EventType() string { return "scoring.standings_updated" }

// RatingChange is one player's rating change.
type RatingChange struct {
	// PlayerID is the player.
	PlayerID string `json:"player_id"`
	// Before is the rating before the tournament.
	Before int `json:"before"`
	// Change is the rating change (may be fractional before rounding).
	Change float64 `json:"change"`
	// K is the K-factor used.
	K int `json:"k,omitempty"`
}

// RatingChangesComputed records the rating changes of a rated tournament.
type RatingChangesComputed struct {
	// AfterRound is the last round counted.
	AfterRound int `json:"after_round"`
	// System is "fide-elo" or "glicko2".
	System string `json:"system"`
	// Changes are the changes, one per player.
	Changes []RatingChange `json:"changes"`
}

// EventType implements Event.
func (RatingChangesComputed) EventType() string { return "scoring.rating_changes_computed" }

// PlayerExpelled removes a player from the tournament as a penalty
// (Article 12.9); the games concerned carry their own ForfeitDeclared.
type PlayerExpelled struct {
	// PlayerID is the player.
	PlayerID string `json:"player_id"`
	// Article is the article applied.
	Article string `json:"article"`
	// Reason says why.
	Reason string `json:"reason"`
}

// EventType implements Event.
func (PlayerExpelled) EventType() string { return "arbiter.player_expelled" }

// PlayerExcluded is the arbiter's exclusion of a player from one or more
// rounds of the tournament (Laws 2023 12.9.8): he is not paired in them.
type PlayerExcluded struct {
	// PlayerID is the player.
	PlayerID string `json:"player_id"`
	// Rounds are the rounds he is excluded from, in increasing order.
	Rounds []int `json:"rounds"`
	// Article is the article applied.
	Article string `json:"article"`
	// Reason says why.
	Reason string `json:"reason"`
}

// EventType implements Event.
func (PlayerExcluded) EventType() string { return "arbiter.player_excluded" }

func init() {
	register(TournamentCreated{}, 1, KindTournament, WriterPairing, nil)
	register(PlayerRegistered{}, 1, KindTournament, WriterPairing, nil)
	register(PlayerWithdrawn{}, 1, KindTournament, WriterPairing, nil)
	register(ByeRequested{}, 1, KindTournament, WriterPairing, nil)
	register(ForbiddenPairSet{}, 1, KindTournament, WriterPairing, nil)
	register(RoundPaired{}, 1, KindTournament, WriterPairing, nil)
	register(RoundClosed{}, 1, KindTournament, WriterPairing, nil)
	register(TournamentFinished{}, 1, KindTournament, WriterPairing, nil)
	register(StandingsUpdated{}, 1, KindTournament, WriterScoring, nil)
	register(RatingChangesComputed{}, 1, KindTournament, WriterScoring, nil)
	register(PlayerExpelled{}, 1, KindTournament, WriterArbiter, nil)
	register(PlayerExcluded{}, 1, KindTournament, WriterArbiter, nil)
}

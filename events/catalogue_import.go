package events

// TournamentImported creates a tournament from a tournament report file
// (TRF-16 or TRF-26) with its players and every round the file records:
// the file's text is the event, so that the pairing service and the audit
// fold the same players, rounds, results, byes and absences from it.
type TournamentImported struct {
	// TournamentID is the tournament's id (the imported boards' game ids
	// are made from it).
	TournamentID string `json:"tournament_id"`
	// Created is the tournament's regulations as the import decided them
	// (from the file's headers and the request).
	Created TournamentCreated `json:"created"`
	// TRF is the file's text (UTF-8; a Latin-1 file converted).
	TRF string `json:"trf"`
	// SHA256 is the hex SHA-256 of the file as it was received.
	SHA256 string `json:"sha256"`
	// Rounds is the number of rounds the file records as paired.
	Rounds int `json:"rounds_imported"`
	// Players is the number of players of the file.
	Players int `json:"players"`
}

// EventType implements Event.
func (TournamentImported) EventType() string { return "tournament.imported" }

func init() {
	register(TournamentImported{}, 1, KindTournament, WriterPairing, nil)
}

// TiebreaksSet changes the tie-break rules year and list of a tournament
// before its first round is paired.
type TiebreaksSet struct {
	// TiebreakRules is the FIDE C.07 edition, "2024" or "2026".
	TiebreakRules string `json:"tiebreak_rules,omitempty"`
	// Tiebreaks is the new list (FIDE C.07 codes); empty keeps the list.
	Tiebreaks []string `json:"tiebreaks,omitempty"`
}

// EventType implements Event.
func (TiebreaksSet) EventType() string { return "tournament.tiebreaks_set" }

// PlayerCorrected replaces a registered player's data before round 1 (the
// whole registration, its id unchanged).
type PlayerCorrected struct {
	Player PlayerRegistered `json:"player"`
	// Reason says why.
	Reason string `json:"reason,omitempty"`
}

// EventType implements Event.
func (PlayerCorrected) EventType() string { return "tournament.player_corrected" }

// PlayerRemoved removes a registered player before round 1 (he never
// played).
type PlayerRemoved struct {
	PlayerID string `json:"player_id"`
	Reason   string `json:"reason,omitempty"`
}

// EventType implements Event.
func (PlayerRemoved) EventType() string { return "tournament.player_removed" }

func init() {
	register(TiebreaksSet{}, 1, KindTournament, WriterPairing, nil)
	register(PlayerCorrected{}, 1, KindTournament, WriterPairing, nil)
	register(PlayerRemoved{}, 1, KindTournament, WriterPairing, nil)
}

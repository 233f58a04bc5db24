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

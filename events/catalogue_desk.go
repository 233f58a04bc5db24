package events

// The arbiter's desk: events of an over-the-board tournament run from the
// desk (results sheets, corrections, publication of a round's pairing, its
// withdrawal and the arbiter's hand changes to it). Written on
// tournament.<id>.pairing by the pairing service.

import "encoding/json"

// SheetLine is one board's result as the results sheet gives it.
type SheetLine struct {
	// Board is the board number.
	Board int `json:"board"`
	// GameID is the board's game.
	GameID string `json:"game_id"`
	// White and Black are the players' ids.
	White string `json:"white"`
	Black string `json:"black"`
	// Result is "1-0", "0-1", "1/2-1/2" (a game played, rated), "+/-",
	// "-/+", "-/-" (forfeits: not played) or "0-0" (a game both lost).
	Result Result `json:"result"`
}

// ResultsEntered records the results of a round's boards from the results
// sheet the desk received (games played on wooden boards): the envelope's
// actor is who entered them. A board's game that was never played through
// the API is ended by the games service with the sheet's result.
type ResultsEntered struct {
	// Round is the round.
	Round int `json:"round"`
	// Lines are the boards entered, in the sheet's order.
	Lines []SheetLine `json:"lines"`
}

// EventType implements Event.
func (ResultsEntered) EventType() string { return "tournament.results_entered" }

// ResultCorrected changes a board's result already entered (from the
// sheet, or reached through the API): the envelope's actor and time are
// who and when.
type ResultCorrected struct {
	// Round and Board are the board.
	Round int `json:"round"`
	Board int `json:"board"`
	// GameID is the board's game.
	GameID string `json:"game_id"`
	// Old and New are the results before and after.
	Old Result `json:"old"`
	New Result `json:"new"`
	// Reason says why (required).
	Reason string `json:"reason"`
	// NextRoundPaired is true when a later round was already paired: its
	// pairing is not changed.
	NextRoundPaired bool `json:"next_round_paired,omitempty"`
}

// EventType implements Event.
func (ResultCorrected) EventType() string { return "tournament.result_corrected" }

// RoundPublished makes a round's pairing public: the public pages and
// streams show a round only once published, and its pairing is not changed
// by hand nor withdrawn from then on.
type RoundPublished struct {
	// Round is the round.
	Round int `json:"round"`
}

// EventType implements Event.
func (RoundPublished) EventType() string { return "tournament.round_published" }

// RoundUnpaired withdraws the pairing of the last round paired, before its
// publication and before any result: the round is to be paired again. The
// games created for it are never played.
type RoundUnpaired struct {
	// Round is the round.
	Round int `json:"round"`
	// Reason says why.
	Reason string `json:"reason,omitempty"`
}

// EventType implements Event.
func (RoundUnpaired) EventType() string { return "tournament.round_unpaired" }

// PairingChanged is the arbiter's change by hand to a round's pairing
// before its publication: two players swapped, a board's colours
// exchanged, or a board moved to another number.
type PairingChanged struct {
	// Round is the round.
	Round int `json:"round"`
	// Change is "swap", "colours" or "move".
	Change string `json:"change"`
	// Players are the two players swapped (swap).
	Players []string `json:"players,omitempty"`
	// Board is the board changed (colours, move); To is its new number
	// (move).
	Board int `json:"board,omitempty"`
	To    int `json:"to,omitempty"`
	// Pairings are the round's boards after the change: a board whose
	// players or colours changed has a new game.
	Pairings []Pairing `json:"pairings"`
	// Breaks are the pairing criteria the round's pairing breaks after the
	// change: for a round the Dutch engine paired, each breach
	// pairing/dutch.HandChange finds against the engine's pairing of the
	// round ("C12 [4 5]: …", absolute, quality and colour criteria), then
	// what the engine's checker (pairing/check) finds besides
	// ("C1 rematch [1 4]: …", the only form in events recorded before).
	Breaks []string `json:"breaks,omitempty"`
	// Reason says why.
	Reason string `json:"reason,omitempty"`
}

// EventType implements Event.
func (PairingChanged) EventType() string { return "tournament.pairing_changed" }

func init() {
	register(ResultsEntered{}, 1, KindTournament, WriterPairing, nil)
	register(ResultCorrected{}, 1, KindTournament, WriterPairing, nil)
	register(RoundPublished{}, 1, KindTournament, WriterPairing, nil)
	register(RoundUnpaired{}, 1, KindTournament, WriterPairing, nil)
	register(PairingChanged{}, 2, KindTournament, WriterPairing, map[int]Upcaster{1: upcastPairingChangedV1})
}

// upcastPairingChangedV1: version 2 of tournament.pairing_changed has the
// same fields; only what Breaks holds grew (pairing/dutch.HandChange's
// breaches against the engine's pairing before the checker's). A version
// 1 event's Breaks are pairing/check's findings alone and stay so: the
// data is unchanged, and the audit re-decides it as version 1 did
// (Envelope.Version says which).
func upcastPairingChangedV1(data json.RawMessage) (json.RawMessage, error) { return data, nil }

package events

// LogRepaired is the arbiter's repair of a game's log after messages on
// its subjects that do not decode or do not chain (published by anyone
// with access to NATS): the streams refuse deletes, so the bad messages
// stay, and this event (game.log_repaired), chained on the last good event, names the stream
// sequences every fold skips from then on (Store.LoadTolerant). It
// changes nothing in the game.
type LogRepaired struct {
	// Voided are the stream sequences of the messages skipped, in order.
	Voided []uint64 `json:"voided"`
	// Found says what was wrong with the first of them ("does not decode:
	// …", "does not chain on event 12").
	Found string `json:"found"`
	// Reason is the arbiter's reason for the repair.
	Reason string `json:"reason"`
}

// EventType implements Event.
func (LogRepaired) EventType() string { return "game.log_repaired" }

func init() {
	register(LogRepaired{}, 1, KindGame, WriterGames, nil)
}

// TournamentLogRepaired is the arbiter's repair of a tournament's log, as
// LogRepaired is of a game's: chained on the last good event, it names
// the stream sequences of the messages every fold skips from then on
// (tournament.log_repaired). It changes nothing in the tournament.
type TournamentLogRepaired struct {
	// Voided are the stream sequences of the messages skipped, in order.
	Voided []uint64 `json:"voided"`
	// Found says what was wrong with the first of them.
	Found string `json:"found"`
	// Reason is the arbiter's reason for the repair.
	Reason string `json:"reason"`
}

// EventType implements Event.
func (TournamentLogRepaired) EventType() string { return "tournament.log_repaired" }

func init() {
	register(TournamentLogRepaired{}, 1, KindTournament, WriterPairing, nil)
}

// IsRepair reports whether an event of type t is a repair of a log
// (game.log_repaired, tournament.log_repaired): the folds skip it.
func IsRepair(t string) bool {
	return t == (LogRepaired{}).EventType() || t == (TournamentLogRepaired{}).EventType()
}

// RepairOf returns what the repair e voids, why it was found damaged and
// the arbiter's reason (ok false when e is not a repair that decodes).
func RepairOf(e Envelope) (voided []uint64, found, reason string, ok bool) {
	ev, err := Decode(e)
	if err != nil {
		return nil, "", "", false
	}
	switch r := ev.(type) {
	case *LogRepaired:
		return r.Voided, r.Found, r.Reason, true
	case *TournamentLogRepaired:
		return r.Voided, r.Found, r.Reason, true
	}
	return nil, "", "", false
}

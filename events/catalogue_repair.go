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

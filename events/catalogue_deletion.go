package events

// TournamentDeleted withdraws a tournament created by mistake, before its
// first round was paired: from then on it is gone from the listings and
// takes no command. Nothing is purged (the streams refuse it): the log
// keeps the creation, the registrations and this event.
type TournamentDeleted struct {
	// Reason is the organiser's reason ("created twice", "wrong system").
	Reason string `json:"reason"`
}

// EventType implements Event.
func (TournamentDeleted) EventType() string { return "tournament.deleted" }

func init() {
	register(TournamentDeleted{}, 1, KindTournament, WriterPairing, nil)
}

package events

import (
	"fmt"
	"strings"
)

// Kind is the kind of an aggregate: each kind has its own stream.
type Kind string

// The aggregate kinds.
const (
	// KindTournament is a tournament: registration, pairings, standings.
	KindTournament Kind = "tournament"
	// KindGame is one game: moves, clock, offers, claims, rulings, result.
	KindGame Kind = "game"
)

// Writer is the service with authority over a fact. Each writer has its own
// subject under an aggregate, e.g. game.<id>.clocks.
type Writer string

// The writers.
const (
	// WriterGames is the games service (moves, offers, resignations, results).
	WriterGames Writer = "games"
	// WriterClocks is the clocks service (clock start, pause, flag fall).
	WriterClocks Writer = "clocks"
	// WriterArbiter is the arbiter service (rulings, penalties, forfeits).
	WriterArbiter Writer = "arbiter"
	// WriterPairing is the pairing service (the tournament itself, rounds).
	WriterPairing Writer = "pairing"
	// WriterScoring is the scoring service (standings, rating changes).
	WriterScoring Writer = "scoring"
)

// writersOf lists the writers allowed on each aggregate kind.
var writersOf = map[Kind][]Writer{
	KindGame:       {WriterGames, WriterClocks, WriterArbiter},
	KindTournament: {WriterPairing, WriterScoring, WriterArbiter},
}

// streamOf names the JetStream stream of each aggregate kind.
var streamOf = map[Kind]string{
	KindGame:       "GAMES",
	KindTournament: "TOURNAMENTS",
}

// Kinds returns every aggregate kind.
func Kinds() []Kind { return []Kind{KindTournament, KindGame} }

// StreamName returns the stream holding the aggregates of kind k.
func (k Kind) StreamName() string { return streamOf[k] }

// Valid reports whether k is a known kind.
func (k Kind) Valid() bool { _, ok := streamOf[k]; return ok }

// Writers returns the writers allowed on aggregates of kind k.
func (k Kind) Writers() []Writer { return append([]Writer(nil), writersOf[k]...) }

// Subjects returns the subject filter of the stream of kind k ("game.>").
func (k Kind) Subjects() string { return string(k) + ".>" }

// Aggregate names one aggregate: a game or a tournament.
type Aggregate struct {
	// Kind is the aggregate kind.
	Kind Kind `json:"kind"`
	// ID is the aggregate id: letters, digits, '-' and '_' only, so that it
	// is one NATS subject token.
	ID string `json:"id"`
}

// Game returns the aggregate of game id.
func Game(id string) Aggregate { return Aggregate{Kind: KindGame, ID: id} }

// Tournament returns the aggregate of tournament id.
func Tournament(id string) Aggregate { return Aggregate{Kind: KindTournament, ID: id} }

// String returns "kind/id".
func (a Aggregate) String() string { return string(a.Kind) + "/" + a.ID }

// Check returns a precise error if a is not a valid aggregate.
func (a Aggregate) Check() error {
	if !a.Kind.Valid() {
		return fmt.Errorf("events: unknown aggregate kind %q", a.Kind)
	}
	if a.ID == "" {
		return fmt.Errorf("events: empty %s id", a.Kind)
	}
	if len(a.ID) > 128 {
		return fmt.Errorf("events: %s id longer than 128 characters", a.Kind)
	}
	for _, c := range a.ID {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return fmt.Errorf("events: %s id %q: character %q not allowed (letters, digits, '-', '_')", a.Kind, a.ID, c)
		}
	}
	return nil
}

// CheckWriter returns an error unless w may write to aggregates of a's kind.
func (a Aggregate) CheckWriter(w Writer) error {
	for _, x := range writersOf[a.Kind] {
		if x == w {
			return nil
		}
	}
	return fmt.Errorf("events: writer %q does not write to %s aggregates", w, a.Kind)
}

// Subject returns the subject of writer w on this aggregate, e.g.
// "game.g42.clocks".
func (a Aggregate) Subject(w Writer) string { return string(a.Kind) + "." + a.ID + "." + string(w) }

// Filter returns the wildcard subject of every writer on this aggregate,
// e.g. "game.g42.>": reading it gives the aggregate's one total order.
func (a Aggregate) Filter() string { return string(a.Kind) + "." + a.ID + ".>" }

// ParseSubject returns the aggregate and writer of a stream subject.
func ParseSubject(subject string) (Aggregate, Writer, error) {
	parts := strings.Split(subject, ".")
	if len(parts) != 3 {
		return Aggregate{}, "", fmt.Errorf("events: subject %q is not kind.id.writer", subject)
	}
	a := Aggregate{Kind: kindOfToken(parts[0]), ID: parts[1]}
	if err := a.Check(); err != nil {
		return Aggregate{}, "", err
	}
	if err := a.CheckWriter(Writer(parts[2])); err != nil {
		return Aggregate{}, "", err
	}
	return a, Writer(parts[2]), nil
}

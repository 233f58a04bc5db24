package events

import (
	"fmt"
	"strconv"
	"strings"
)

// GamePartitions is the number of game streams a store spreads its games
// over (issue 21). One partition is today's layout exactly: the single
// stream GAMES. N > 1 partitions are the streams GAMES_0 .. GAMES_{N-1}.
type GamePartitions int

// SinglePartition is the default layout: every game in the stream GAMES.
const SinglePartition GamePartitions = 1

// MaxGamePartitions bounds the partition count a configuration may ask for.
const MaxGamePartitions GamePartitions = 64

// Valid returns an error naming the value when n is not a usable count.
func (n GamePartitions) Valid() error {
	if n < 1 || n > MaxGamePartitions {
		return fmt.Errorf("game partitions: %d is outside 1..%d", int(n), int(MaxGamePartitions))
	}
	return nil
}

// fnv-1a 32-bit constants (the published FNV parameters).
const (
	fnvOffset32 uint32 = 2166136261
	fnvPrime32  uint32 = 16777619
)

// PartitionOf returns the partition (0 .. n-1) of the game with this id: the
// 32-bit FNV-1a hash of the id's bytes, modulo n. The hash is stable across
// processes, releases and machines, so a game never moves between streams
// while the count stays the same; changing the count is a migration.
func (n GamePartitions) PartitionOf(gameID string) int {
	if n <= 1 {
		return 0
	}
	h := fnvOffset32
	for i := 0; i < len(gameID); i++ {
		h ^= uint32(gameID[i])
		h *= fnvPrime32
	}
	return int(h % uint32(n))
}

// StreamName returns the name of game partition p: "GAMES" when there is one
// partition (so existing data folders keep working), "GAMES_<p>" otherwise.
func (n GamePartitions) StreamName(p int) string {
	if n <= 1 {
		return KindGame.StreamName()
	}
	return KindGame.StreamName() + "_" + strconv.Itoa(p)
}

// StreamNames returns the names of every game partition, in order.
func (n GamePartitions) StreamNames() []string {
	if n <= 1 {
		return []string{KindGame.StreamName()}
	}
	names := make([]string, int(n))
	for p := range names {
		names[p] = n.StreamName(p)
	}
	return names
}

// StreamOf returns the name of the stream holding the game with this id.
func (n GamePartitions) StreamOf(gameID string) string {
	return n.StreamName(n.PartitionOf(gameID))
}

// subjectKind is the first token of the subjects of game partition p:
// "game" when there is one partition (today's subjects exactly), and
// "game-<p>" otherwise, so that the partitions' streams capture disjoint
// subjects ("game-0.>", "game-1.>", ...) while a subject keeps its three
// tokens kind.id.writer (a consumer's filter "*.*.games" reads the moves
// of whichever partition stream it is bound to).
func (n GamePartitions) subjectKind(p int) string {
	if n <= 1 {
		return string(KindGame)
	}
	return string(KindGame) + "-" + strconv.Itoa(p)
}

// StreamSubjects returns the subject filter of game partition p's stream:
// "game.>" for one partition, "game-<p>.>" otherwise.
func (n GamePartitions) StreamSubjects(p int) string { return n.subjectKind(p) + ".>" }

// Subject returns the subject of writer w on agg under this partitioning:
// a tournament's and, with one partition, a game's is agg.Subject(w); a
// game's in partition p of several is "game-<p>.<id>.<writer>".
func (n GamePartitions) Subject(agg Aggregate, w Writer) string {
	if agg.Kind != KindGame || n <= 1 {
		return agg.Subject(w)
	}
	return n.subjectKind(n.PartitionOf(agg.ID)) + "." + agg.ID + "." + string(w)
}

// Filter returns the wildcard subject of every writer on agg under this
// partitioning (see Subject and Aggregate.Filter).
func (n GamePartitions) Filter(agg Aggregate) string {
	if agg.Kind != KindGame || n <= 1 {
		return agg.Filter()
	}
	return n.subjectKind(n.PartitionOf(agg.ID)) + "." + agg.ID + ".>"
}

// Stream returns the name of the stream holding agg's events: a
// tournament's stream, or its game's partition.
func (n GamePartitions) Stream(agg Aggregate) string {
	if agg.Kind != KindGame {
		return agg.Kind.StreamName()
	}
	return n.StreamOf(agg.ID)
}

// Streams returns the names of every stream of kind k: TOURNAMENTS, or
// every game partition.
func (n GamePartitions) Streams(k Kind) []string {
	if k != KindGame {
		return []string{k.StreamName()}
	}
	return n.StreamNames()
}

// AllStreams returns the names of the streams of every kind, tournaments
// first, as Kinds orders them.
func (n GamePartitions) AllStreams() []string {
	var out []string
	for _, k := range Kinds() {
		out = append(out, n.Streams(k)...)
	}
	return out
}

// kindOfToken returns the kind a subject's first token names: a kind's
// own name, or "game-<p>" for a game partition.
func kindOfToken(tok string) Kind {
	if rest, ok := strings.CutPrefix(tok, string(KindGame)+"-"); ok {
		if p, err := strconv.Atoi(rest); err == nil && p >= 0 && p < int(MaxGamePartitions) && strconv.Itoa(p) == rest {
			return KindGame
		}
	}
	return Kind(tok)
}

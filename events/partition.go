package events

import (
	"fmt"
	"strconv"
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

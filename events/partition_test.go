package events

import (
	"strconv"
	"testing"
)

func TestPartitionOf(t *testing.T) {
	tests := []struct {
		name string
		n    GamePartitions
		id   string
		want int
	}{
		// FNV-1a 32 of "" is 0x811c9dc5 = 2166136261; mod 3 = 1.
		{"empty id, three partitions", 3, "", 1},
		// FNV-1a 32 of "a" is 0xe40c292c = 3826002220; mod 3 = 1, mod 4 = 0.
		{"a, three partitions", 3, "a", 1},
		{"a, four partitions", 4, "a", 0},
		// FNV-1a 32 of "foobar" is 0xbf9cf968 = 3214735720; mod 7 = 0.
		{"foobar, seven partitions", 7, "foobar", 3214735720 % 7},
		{"one partition is always 0", 1, "foobar", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.n.PartitionOf(tc.id); got != tc.want {
				t.Fatalf("PartitionOf(%q) with %d = %d, want %d", tc.id, tc.n, got, tc.want)
			}
		})
	}
}

func TestPartitionOfSpreadsGames(t *testing.T) {
	const n GamePartitions = 3
	counts := make([]int, n)
	for i := 0; i < 3000; i++ {
		counts[n.PartitionOf("g-"+strconv.Itoa(i))]++
	}
	for p, c := range counts {
		if c < 800 || c > 1200 {
			t.Fatalf("partition %d holds %d of 3000 games: %v", p, c, counts)
		}
	}
}

func TestPartitionStreamNames(t *testing.T) {
	tests := []struct {
		n    GamePartitions
		want []string
	}{
		{1, []string{"GAMES"}},
		{3, []string{"GAMES_0", "GAMES_1", "GAMES_2"}},
	}
	for _, tc := range tests {
		got := tc.n.StreamNames()
		if len(got) != len(tc.want) {
			t.Fatalf("StreamNames(%d) = %v, want %v", tc.n, got, tc.want)
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Fatalf("StreamNames(%d) = %v, want %v", tc.n, got, tc.want)
			}
		}
	}
	if got := GamePartitions(3).StreamOf("a"); got != "GAMES_1" {
		t.Fatalf("StreamOf(a) = %s, want GAMES_1", got)
	}
}

func TestGamePartitionsValid(t *testing.T) {
	for _, tc := range []struct {
		n  GamePartitions
		ok bool
	}{{0, false}, {1, true}, {3, true}, {64, true}, {65, false}, {-1, false}} {
		if err := tc.n.Valid(); (err == nil) != tc.ok {
			t.Fatalf("Valid(%d) = %v, want ok=%v", tc.n, err, tc.ok)
		}
	}
}

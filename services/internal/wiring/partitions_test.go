package wiring

import (
	"testing"

	"github.com/hakem-chess/hakem/events"
)

func TestPartitionTopic(t *testing.T) {
	tests := []struct {
		n     events.GamePartitions
		p     int
		topic string
		want  string
	}{
		{1, 0, "game.*.games", "game.*.games"},
		{3, 0, "game.*.games", "game-0.*.games"},
		{3, 2, "game.*.arbiter", "game-2.*.arbiter"},
		{3, 1, "tournament.*.pairing", "tournament.*.pairing"},
	}
	for _, tc := range tests {
		if got := PartitionTopic(tc.n, tc.p, tc.topic); got != tc.want {
			t.Errorf("PartitionTopic(%d, %d, %q) = %q, want %q", tc.n, tc.p, tc.topic, got, tc.want)
		}
	}
}

func TestGamePartitionsConfig(t *testing.T) {
	for _, tc := range []struct {
		env  string
		want int
		ok   bool
	}{{"", 1, true}, {"3", 3, true}, {"0", 0, false}, {"65", 0, false}} {
		c, err := LoadConfig(nil, func(k string) string {
			if k == "HAKEM_GAME_PARTITIONS" {
				return tc.env
			}
			return ""
		})
		if tc.ok && (err != nil || c.GamePartitions != tc.want) {
			t.Errorf("HAKEM_GAME_PARTITIONS=%q: %d, %v; want %d", tc.env, c.GamePartitions, err, tc.want)
		}
		if !tc.ok && err == nil {
			t.Errorf("HAKEM_GAME_PARTITIONS=%q accepted", tc.env)
		}
	}
}

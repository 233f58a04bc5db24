package trfreport

import (
	"testing"

	"github.com/hakem-chess/hakem/ratings"
)

func TestRulesForDate(t *testing.T) {
	cases := map[string]ratings.Rules{
		"2026/03/01": ratings.Rules2026,
		"2026/02/28": ratings.Rules2024,
		"15.11.2025": ratings.Rules2024,
		"01/04/2026": ratings.Rules2026,
		"2024-08-01": ratings.Rules2024,
		"":           ratings.Rules2026,
		"soon":       ratings.Rules2026,
	}
	for date, want := range cases {
		if got := RulesForDate(date); got != want {
			t.Errorf("RulesForDate(%q) = %v, want %v", date, got, want)
		}
	}
}

package ports

import (
	"testing"

	"github.com/hakem-chess/hakem/events"
)

// TestSiteOf: the broadcast's Site is the tournament's city then its
// federation's code, or nothing (the game's "?") when neither is known.
func TestSiteOf(t *testing.T) {
	for _, tt := range []struct {
		city, federation, want string
	}{
		{"Istanbul", "TUR", "Istanbul TUR"},
		{"  Donostia ", "ESP", "Donostia ESP"},
		{"", "GER", "GER"},
		{"Baku", "", "Baku"},
		{"", "", ""},
	} {
		if got := siteOf(events.TournamentCreated{City: tt.city, Federation: tt.federation}); got != tt.want {
			t.Errorf("city %q federation %q: Site %q, want %q", tt.city, tt.federation, got, tt.want)
		}
	}
}

package game

import (
	"reflect"
	"testing"

	"github.com/hakem-chess/hakem/events"
)

// TestSharedProfile: games created alike share one profile, equal to the
// one Profile makes; a game created otherwise gets its own.
func TestSharedProfile(t *testing.T) {
	late := int64(30 * 60 * 1000)
	cases := []events.GameCreated{
		{LawsProfile: "fide-2023"},
		{LawsProfile: "fide-2023", Mode: "rapid"},
		{LawsProfile: "fide-2023", Mode: "blitz", Supervised: true},
		{LawsProfile: "fide-2023", QuickplayFinish: true},
		{LawsProfile: "fide-2023", LateDefaultMs: &late},
		{LawsProfile: "fide-1997"},
		{LawsProfile: "fide-1997", QuickplayFinish: true},
	}
	seen := map[any]int{}
	for i, c := range cases {
		want, err := Profile(c)
		if err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
		p, err := sharedProfile(c)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(*p, want) {
			t.Errorf("%+v: shared profile differs from Profile's", c)
		}
		again, _ := sharedProfile(c)
		if again != p {
			t.Errorf("%+v: not shared", c)
		}
		if j, ok := seen[p]; ok {
			t.Errorf("%+v shares %+v's profile", c, cases[j])
		}
		seen[p] = i
	}
	if _, err := sharedProfile(events.GameCreated{LawsProfile: "fide-1066"}); err == nil {
		t.Error("an unknown edition has a profile")
	}
}

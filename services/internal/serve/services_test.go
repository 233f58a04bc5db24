package serve

import (
	"cmp"
	"slices"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/internal/natstest"
	"github.com/hakem-chess/hakem/services/internal/wiring"
	"go.uber.org/zap"
)

// TestServicesConsumeTheProvisionedGroups: the consumer groups the
// services' root packages build are exactly those `hakem provision`
// creates and the deployed NATS users may bind to (wiring.Groups): the
// same names, subjects and streams, each run by the same service's
// process.
func TestServicesConsumeTheProvisionedGroups(t *testing.T) {
	h := &host{cfg: wiring.Config{}, log: zap.NewNop(), store: natstest.Store(t), metrics: wiring.NewMetrics()}
	_, plugs := h.services()
	var built []wiring.Group
	for _, p := range plugs {
		for _, c := range p.Consumers {
			stream := events.KindGame.StreamName()
			if strings.HasPrefix(c.Filter, string(events.KindTournament)+".") {
				stream = events.KindTournament.StreamName()
			}
			built = append(built, wiring.Group{Name: c.Group, Service: cmp.Or(c.In, p.Name), Stream: stream, Filter: c.Filter})
		}
	}
	want := slices.Clone(wiring.Groups)
	byName := func(a, b wiring.Group) int { return strings.Compare(a.Name, b.Name) }
	slices.SortFunc(built, byName)
	slices.SortFunc(want, byName)
	if !slices.Equal(built, want) {
		t.Errorf("the services' consumer groups:\n%v\nwant (wiring.Groups):\n%v", built, want)
	}
	names := map[string]bool{}
	for _, p := range plugs {
		if names[p.Name] {
			t.Errorf("two services named %s", p.Name)
		}
		names[p.Name] = true
	}
	if len(names) != 5 {
		t.Errorf("services %v, want games, clocks, arbiter, pairing, scoring", names)
	}
}

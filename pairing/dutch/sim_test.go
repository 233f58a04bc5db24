package dutch

import (
	"errors"
	"flag"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/pairing"
	"github.com/hakem-chess/hakem/pairing/sim"
	"github.com/hakem-chess/hakem/pairing/trf"
)

var long = flag.Bool("long", false, "run the slow suites (1,000 simulated events)")

// simPairer pairs a simulated round with the engine.
func simPairer(f *trf.File, round int) ([][2]int, int, error) {
	t, err := pairing.FromTRF(f)
	if err != nil {
		return nil, 0, err
	}
	if t.Round != round {
		return nil, 0, &pairing.InputError{Reason: "the file is not at the round the simulator pairs"}
	}
	res, err := Pair(t, Options{})
	if err != nil {
		return nil, 0, err
	}
	var pairs [][2]int
	bye := 0
	for _, b := range res.Boards {
		if b.Black == 0 {
			bye = b.White
		} else {
			pairs = append(pairs, [2]int{b.White, b.Black})
		}
	}
	return pairs, bye, nil
}

// TestSimulatedEvents plays random tournaments of 9–13 rounds (forfeits,
// byes requested in advance, absences, withdrawals) paired by the engine,
// every round checked by the independent checker of the absolute criteria.
// 1,000 events with -long; a smaller number otherwise.
func TestSimulatedEvents(t *testing.T) {
	events := 40
	if *long {
		events = 1000
	}
	if testing.Short() {
		events = 5
	}
	rounds, violations, noPairing := 0, 0, 0
	for seed := uint64(1); seed <= uint64(events); seed++ {
		players := 16 + int(seed*7919%45)
		c := sim.Defaults(seed, players, 9+int(seed%5))
		tm, err := sim.Run(c, simPairer)
		if err != nil {
			if errors.Is(err, ErrNoPairing) || strings.Contains(err.Error(), ErrNoPairing.Error()) {
				// Small fields with many withdrawals can run out of
				// opponents; that is not a violation, but it is counted.
				noPairing++
				continue
			}
			t.Fatalf("event %d (%d players): %v", seed, players, err)
		}
		for r, v := range tm.Violations {
			rounds++
			if len(v) > 0 {
				violations += len(v)
				t.Errorf("event %d round %d: %v", seed, r+1, v)
			}
		}
	}
	t.Logf("%d events, %d rounds checked, %d violations, %d events stopped without a valid pairing", events, rounds, violations, noPairing)
}

package pairing

import "testing"

func TestPointValuesOf(t *testing.T) {
	v := PointValues{Win: 3, Draw: 1, Loss: 0.25, ForfeitLoss: -1, PairingAllocatedBye: 2}
	cases := []struct {
		o      Outcome
		played bool
		want   float64
	}{
		{Win, true, 3}, {Win, false, 3}, {Draw, true, 1}, {Draw, false, 1},
		{Loss, true, 0.25}, {Loss, false, -1},
	}
	for _, c := range cases {
		if got := v.Of(c.o, c.played); got != c.want {
			t.Errorf("Of(%d, played %v) = %g, want %g", c.o, c.played, got, c.want)
		}
	}
}

func TestPointValuesRequestedBye(t *testing.T) {
	cases := []struct {
		name   string
		v      PointValues
		points float64
		want   RequestedBye
	}{
		{"a win's points", PointValues{Win: 1, Draw: 0.5}, 1, FullPointBye},
		{"a draw's points", PointValues{Win: 1, Draw: 0.5}, 0.5, HalfPointBye},
		{"nothing", PointValues{Win: 1, Draw: 0.5}, 0, ZeroPointBye},
		{"neither a win's nor a draw's", PointValues{Win: 1, Draw: 0.5}, 0.25, ZeroPointBye},
		{"a draw worth nothing is no half-point bye", PointValues{Win: 1}, 0, ZeroPointBye},
		{"a win and a draw worth the same: full", PointValues{Win: 1, Draw: 1}, 1, FullPointBye},
	}
	for _, c := range cases {
		if got := c.v.RequestedBye(c.points); got != c.want {
			t.Errorf("%s: RequestedBye(%g) = %d, want %d", c.name, c.points, got, c.want)
		}
	}
}

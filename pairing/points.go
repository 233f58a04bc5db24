package pairing

// PointValues is a tournament's point system in points (FIDE's: 1, ½, 0),
// as the tournament states it. A forfeit win and a full-point bye score
// Win, a half-point bye Draw, a zero-point bye and an absence nothing.
type PointValues struct {
	Win, Draw, Loss     float64 // a game played over the board
	ForfeitLoss         float64 // a forfeit loss (0 unless the tournament says otherwise)
	PairingAllocatedBye float64
}

// Of is what outcome o scores: a win or a draw as such, played or not (a
// forfeit win scores a win); a loss over the board Loss, a forfeit loss
// ForfeitLoss.
func (v PointValues) Of(o Outcome, played bool) float64 {
	switch {
	case o == Win:
		return v.Win
	case o == Draw:
		return v.Draw
	case played:
		return v.Loss
	}
	return v.ForfeitLoss
}

// RequestedBye is the kind of bye a player asked for, told by what it
// scores.
type RequestedBye int8

// The kinds of requested bye.
const (
	ZeroPointBye RequestedBye = iota // nothing, or points neither a win's nor a draw's
	HalfPointBye                     // a draw's points
	FullPointBye                     // a win's points
)

// RequestedBye is the kind of a requested bye that scored points: a
// full-point bye when they are a win's, a half-point bye when a draw's
// (either more than 0), else a zero-point bye.
func (v PointValues) RequestedBye(points float64) RequestedBye {
	switch {
	case points > 0 && points == v.Win:
		return FullPointBye
	case points > 0 && points == v.Draw:
		return HalfPointBye
	}
	return ZeroPointBye
}

// Package pairing is the pairing service: the tournament itself —
// creation with its regulations, registration, the pairing of each round
// (through the pairing module's engines), the closing of rounds — recorded
// as events of the tournament's aggregate. The games service creates the
// games of a paired round when it sees the round's pairing.
//
// Half done: round robin (Berger tables) and the FIDE Dutch Swiss
// (pairing/dutch) with pairing-allocated byes; byes on request,
// withdrawals, forbidden pairs and acceleration are not written yet. The
// standings served here are points only; the scoring service publishes them
// with tie-breaks.
package pairing

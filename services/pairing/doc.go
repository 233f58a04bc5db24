// Package pairing is the pairing service: the tournament itself —
// creation with its regulations, registration, the pairing of each round
// (through the pairing module's engines), the closing of rounds — recorded
// as events of the tournament's aggregate. The games service creates the
// games of a paired round when it sees the round's pairing.
//
// Half done: round robin (Berger tables) only; the Swiss systems, byes on
// request, withdrawals and forbidden pairs are refused or not written yet,
// and the standings are computed on read (points only, no tie-breaks) until
// the scoring service exists.
package pairing

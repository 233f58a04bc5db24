// Package services holds Hakem's services (games, clocks, arbiter, scoring,
// pairing, gateway), the wiring they share, and the hakem command in
// cmd/hakem.
package services

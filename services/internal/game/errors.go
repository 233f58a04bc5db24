package game

import "github.com/hakem-chess/hakem/services/internal/refusal"

// Refusal is a domain error: its Kind is one of package refusal's kinds and its
// Reason the precise message for the person who sent the command.
type Refusal = refusal.Refusal

// refuse returns a *Refusal of the given kind with a formatted reason.
func refuse(kind error, format string, args ...any) error {
	return refusal.New(kind, format, args...)
}

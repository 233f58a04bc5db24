package tournament

import (
	"sort"
)

// StartNumbers returns the players' indices in t.Players in start-number
// order: a Swiss numbers them by pairing number (PairingNumbers: rating,
// then registration), a round robin by registration (the numbers of its
// Berger table).
func (t *Tournament) StartNumbers() []int {
	if t.Created.System == "swiss-dutch" && t.Imported == nil {
		return t.PairingNumbers()
	}
	order := make([]int, len(t.Players))
	for i := range order {
		order[i] = i
	}
	return order
}

// PairingNumbers returns the players' indices in pairing-number order: by
// rating, highest first, then by registration (FIDE C.04.2: the initial
// ranking).
func (t *Tournament) PairingNumbers() []int {
	order := make([]int, len(t.Players))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return t.Players[order[a]].Rating > t.Players[order[b]].Rating })
	return order
}

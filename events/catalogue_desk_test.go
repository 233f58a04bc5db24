package events

// The desk's events join the catalogue's samples (catalogue_test.go).
func init() {
	samples = append(samples,
		ResultsEntered{Round: 2, Lines: []SheetLine{{Board: 1, GameID: "t-r2-b1", White: "p1", Black: "p2", Result: "1/2-1/2"}}},
		ResultCorrected{Round: 2, Board: 1, GameID: "t-r2-b1", Old: "1-0", New: "0-1", Reason: "sheet misread", NextRoundPaired: true},
		RoundPublished{Round: 3},
		RoundUnpaired{Round: 3, Reason: "a late bye request"},
		PairingChanged{Round: 3, Change: "swap", Players: []string{"p1", "p3"}, Pairings: []Pairing{{Board: 1, White: "p3", Black: "p2", GameID: "t-r3-b1-h1"}},
			Breaks: []string{"C1 rematch [3 2]: they met in round 1"}, Reason: "siblings"},
	)
}

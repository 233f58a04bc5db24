package events

func init() {
	samples = append(samples, TournamentImported{Created: TournamentCreated{Name: "Open", System: "swiss-dutch", Rounds: 9},
		TRF: "012 Open", SHA256: "ab", Rounds: 0, Players: 0},
		TiebreaksSet{TiebreakRules: "2024", Tiebreaks: []string{"BH/C1", "SB"}},
		PlayerCorrected{Player: PlayerRegistered{PlayerID: "p1", Name: "Capablanca, Jose Raul", Rating: 2725}, Reason: "typo"},
		PlayerRemoved{PlayerID: "p2", Reason: "did not arrive"})
}

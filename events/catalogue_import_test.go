package events

func init() {
	samples = append(samples, TournamentImported{Created: TournamentCreated{Name: "Open", System: "swiss-dutch", Rounds: 9},
		TRF: "012 Open", SHA256: "ab", Rounds: 0, Players: 0})
}

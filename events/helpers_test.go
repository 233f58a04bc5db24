package events

import "time"

// fixedNow is a clock for deterministic tests.
func fixedNow() time.Time { return time.Date(2026, 11, 29, 15, 0, 0, 123000000, time.UTC) }

var player = Actor{Role: "player", ID: "p1"}

func move(ply int, san string) MovePlayed {
	by := White
	if ply%2 == 0 {
		by = Black
	}
	return MovePlayed{Ply: ply, By: by, SAN: san, UCI: "e2e4", At: fixedNow()}
}

func meta() Meta {
	return Meta{Actor: player, CorrelationID: "corr-1", RecordedAt: fixedNow()}
}

package audit

import (
	"fmt"
	"time"

	"github.com/hakem-chess/hakem/events"
	"github.com/hakem-chess/hakem/services/games/domain"
)

// Moment is the game as it stood at an instant or after a ply: the
// position and both clocks.
type Moment struct {
	GameID string    `json:"game_id"`
	At     time.Time `json:"at"`
	// Seq is the last event folded (0: none).
	Seq    uint64        `json:"seq"`
	Ply    int           `json:"ply"`
	FEN    string        `json:"fen"`
	Turn   string        `json:"turn"`
	Clocks *Clocks       `json:"clocks,omitempty"`
	Result events.Result `json:"result"`
	// LastMove is the last move played, in SAN ("" before the first).
	LastMove string `json:"last_move,omitempty"`
}

// At folds the game's events recorded at or before instant at and returns
// the position and the clocks at that instant.
func At(id string, log []events.Envelope, at time.Time) (*Moment, error) {
	return moment(id, log, func(e *events.Envelope, _ *domain.Game) bool { return !e.RecordedAt.After(at) }, func(*domain.Game) time.Time { return at })
}

// AtPly folds the game up to its move number ply and the events of the
// same command (0: every event before the first move) and returns the
// position and both clocks at the instant of that move.
func AtPly(id string, log []events.Envelope, ply int) (*Moment, error) {
	lastKey := ""
	m, err := moment(id, log, func(e *events.Envelope, g *domain.Game) bool {
		keep := g.Ply() < ply || (ply == 0 && e.Type != (events.MovePlayed{}).EventType()) || (lastKey != "" && e.IdempotencyKey == lastKey)
		if keep {
			lastKey = e.IdempotencyKey
		}
		return keep
	}, func(*domain.Game) time.Time { return time.Time{} })
	if err != nil {
		return nil, err
	}
	if m.Ply != ply {
		return nil, fmt.Errorf("game %s has %d plies, not %d", id, m.Ply, ply)
	}
	return m, nil
}

// moment folds while keep says so; when gives the instant of the reading.
func moment(id string, log []events.Envelope, keep func(*events.Envelope, *domain.Game) bool, when func(*domain.Game) time.Time) (*Moment, error) {
	g := &domain.Game{}
	m := &Moment{GameID: id}
	var last time.Time
	for i := range log {
		e := &log[i]
		if !keep(e, g) {
			break
		}
		ev, err := events.Decode(*e)
		if err != nil {
			return nil, err
		}
		if err := g.ApplyAt(e.RecordedAt, ev); err != nil {
			return nil, fmt.Errorf("event seq %d (%s): %w", e.Seq, e.Type, err)
		}
		m.Seq, last = e.Seq, e.RecordedAt
	}
	if !g.Exists() {
		return nil, fmt.Errorf("game %s did not exist yet", id)
	}
	at := when(g)
	if at.IsZero() {
		at = last
	}
	m.At = at
	p := g.Position()
	m.Ply, m.FEN, m.Turn, m.Result = g.Ply(), p.FEN(), p.Turn().String(), g.Result()
	if sans := g.SANs(); len(sans) > 0 {
		m.LastMove = sans[len(sans)-1]
	}
	m.Clocks = clocksAt(g, at)
	return m, nil
}

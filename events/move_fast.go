package events

import (
	"strconv"
	"time"
)

// encodeFast writes the data of the one event every move appends,
// game.move_played, exactly as json.Marshal writes it, without
// reflection: when its strings are plain (plainString) and its instant is
// a UTC one of years 0 to 9999 (or zero, left out). Any other event, or
// value, answers false and Encode uses json.Marshal; a fuzz target
// (FuzzEncodeMovePlayed) holds the two to the same bytes.
func encodeFast(ev Event) ([]byte, bool) {
	switch m := ev.(type) {
	case MovePlayed:
		return appendMovePlayed(nil, &m)
	case *MovePlayed:
		if m != nil {
			return appendMovePlayed(nil, m)
		}
	}
	return nil, false
}

// appendMovePlayed appends m's JSON to b (see encodeFast).
func appendMovePlayed(b []byte, m *MovePlayed) ([]byte, bool) {
	if !plainString(string(m.By)) || !plainString(m.SAN) || !plainString(m.UCI) || !plainString(m.FENAfter) {
		return nil, false
	}
	at := !m.At.IsZero()
	if at {
		if _, off := m.At.Zone(); off != 0 || m.At.Year() < 0 || m.At.Year() > 9999 {
			return nil, false
		}
	}
	if b == nil {
		b = make([]byte, 0, 120+len(m.By)+len(m.SAN)+len(m.UCI)+len(m.FENAfter))
	}
	b = append(b, `{"ply":`...)
	b = strconv.AppendInt(b, int64(m.Ply), 10)
	b = append(append(append(b, `,"by":"`...), m.By...), `","san":"`...)
	b = append(append(b, m.SAN...), '"')
	if m.UCI != "" {
		b = append(append(append(b, `,"uci":"`...), m.UCI...), '"')
	}
	if at {
		b = append(b, `,"at":"`...)
		b = append(m.At.AppendFormat(b, time.RFC3339Nano), '"')
	}
	if m.FENAfter != "" {
		b = append(append(append(b, `,"fen_after":"`...), m.FENAfter...), '"')
	}
	return append(b, '}'), true
}

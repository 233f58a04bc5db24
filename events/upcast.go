package events

import (
	"encoding/json"
	"fmt"
)

// upcastMovePlayedV1 turns a version 1 game.move_played into version 2.
// Version 1 was {"ply":n,"by":"white","move":"Nf3"} with the move in SAN;
// version 2 names it "san" and adds "uci" and "at", which version 1 did not
// record and which stay absent. Every other field passes through unchanged.
func upcastMovePlayedV1(data json.RawMessage) (json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	mv, ok := m["move"]
	if !ok {
		return nil, fmt.Errorf("version 1 move_played without \"move\"")
	}
	if _, clash := m["san"]; clash {
		return nil, fmt.Errorf("version 1 move_played with both \"move\" and \"san\"")
	}
	delete(m, "move")
	m["san"] = mv
	return json.Marshal(m)
}

// upcastTimeAdjustedV1 turns a version 1 clock.time_adjusted into version 2.
// Version 1 was {"side":"white","seconds":-60,...} in whole seconds; version
// 2 has "delta_ms". Other fields pass through unchanged.
func upcastTimeAdjustedV1(data json.RawMessage) (json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	raw, ok := m["seconds"]
	if !ok {
		return nil, fmt.Errorf("version 1 time_adjusted without \"seconds\"")
	}
	var s int64
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, fmt.Errorf("version 1 time_adjusted: seconds: %w", err)
	}
	const limit = 1 << 40
	if s > limit || s < -limit {
		return nil, fmt.Errorf("version 1 time_adjusted: %d seconds out of range", s)
	}
	delete(m, "seconds")
	ms, _ := json.Marshal(s * 1000)
	m["delta_ms"] = ms
	return json.Marshal(m)
}

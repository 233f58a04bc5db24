package events

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
)

// Event is one typed event of the catalogue.
type Event interface {
	// EventType returns the catalogue name, e.g. "game.move_played".
	EventType() string
}

// Upcaster turns the data of version n of an event type into version n+1.
// It works on JSON so that fields it does not know pass through.
type Upcaster func(data json.RawMessage) (json.RawMessage, error)

// TypeInfo describes one event type of the catalogue.
type TypeInfo struct {
	// Name is the type name ("game.move_played").
	Name string
	// Version is the current schema version, written by Append.
	Version int
	// Kind is the aggregate kind the event belongs to.
	Kind Kind
	// Writer is the only service allowed to write it.
	Writer Writer
	// Ends is true for the events after which the aggregate is finished
	// (game.ended, arbiter.game_annulled, tournament.finished) or finished
	// again (arbiter.result_overridden, after the game ended): the writer
	// then calls Store.Seal so that later loads are one lookup.
	Ends bool

	new     func() Event
	upcasts map[int]Upcaster // from version n to n+1
}

var catalogue = map[string]*TypeInfo{}

// ends lists the types that finish their aggregate (TypeInfo.Ends).
var ends = map[string]bool{(GameEnded{}).EventType(): true, (GameAnnulled{}).EventType(): true,
	(TournamentFinished{}).EventType(): true, (ResultOverridden{}).EventType(): true}

// Ended reports whether a command's envelopes include one that finishes
// the aggregate (see TypeInfo.Ends): the moment to call Store.Seal.
func Ended(envs []Envelope) bool {
	for _, e := range envs {
		if t, ok := catalogue[e.Type]; ok && t.Ends {
			return true
		}
	}
	return false
}

// register adds an event type to the catalogue; called from init only.
func register(proto Event, version int, kind Kind, writer Writer, upcasts map[int]Upcaster) {
	name := proto.EventType()
	if _, dup := catalogue[name]; dup {
		panic("events: type registered twice: " + name)
	}
	t := reflect.TypeOf(proto)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	for v := 1; v < version; v++ {
		if upcasts[v] == nil {
			panic(fmt.Sprintf("events: %s has no upcaster from version %d", name, v))
		}
	}
	catalogue[name] = &TypeInfo{Name: name, Version: version, Kind: kind, Writer: writer, Ends: ends[name],
		new: func() Event { return reflect.New(t).Interface().(Event) }, upcasts: upcasts}
}

// Types returns every event type of the catalogue, sorted by name.
func Types() []TypeInfo {
	out := make([]TypeInfo, 0, len(catalogue))
	for _, t := range catalogue {
		out = append(out, *t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup returns the catalogue entry of a type name.
func Lookup(name string) (TypeInfo, bool) {
	t, ok := catalogue[name]
	if !ok {
		return TypeInfo{}, false
	}
	return *t, true
}

// ErrUnknownType is returned for an event type not in the catalogue.
var ErrUnknownType = errors.New("events: unknown event type")

// ErrNewerVersion is returned for an event written with a schema version
// newer than this code knows: the reader must be upgraded, the event is not
// dropped.
var ErrNewerVersion = errors.New("events: event version newer than this reader knows")

// Encode returns the data and schema version of a typed event.
func Encode(ev Event) (json.RawMessage, TypeInfo, error) {
	t, ok := catalogue[ev.EventType()]
	if !ok {
		return nil, TypeInfo{}, fmt.Errorf("%w: %q", ErrUnknownType, ev.EventType())
	}
	if b, ok := encodeFast(ev); ok {
		return b, *t, nil
	}
	b, err := json.Marshal(ev)
	if err != nil {
		return nil, TypeInfo{}, fmt.Errorf("events: encode %s: %w", t.Name, err)
	}
	return b, *t, nil
}

// Upcast returns e's data at the current schema version of its type,
// applying the upcasters in turn. The stored event is never changed.
func Upcast(e Envelope) (json.RawMessage, error) {
	t, ok := catalogue[e.Type]
	if !ok {
		return nil, fmt.Errorf("%w: %q (event %s)", ErrUnknownType, e.Type, e.ID)
	}
	if e.Version > t.Version {
		return nil, fmt.Errorf("%w: %s version %d, this reader knows up to %d (event %s)", ErrNewerVersion, e.Type, e.Version, t.Version, e.ID)
	}
	if e.Version < 1 {
		return nil, fmt.Errorf("events: %s: bad version %d (event %s)", e.Type, e.Version, e.ID)
	}
	data := e.Data
	for v := e.Version; v < t.Version; v++ {
		var err error
		if data, err = t.upcasts[v](data); err != nil {
			return nil, fmt.Errorf("events: upcast %s v%d→v%d (event %s): %w", e.Type, v, v+1, e.ID, err)
		}
	}
	return data, nil
}

// Decode returns the typed event of an envelope, upcast to the current
// version. Unknown fields in the data are ignored by the typed value but
// stay in the envelope.
func Decode(e Envelope) (Event, error) {
	data, err := Upcast(e)
	if err != nil {
		return nil, err
	}
	ev := catalogue[e.Type].new()
	if err := json.Unmarshal(data, ev); err != nil {
		return nil, fmt.Errorf("events: decode %s (event %s): %w", e.Type, e.ID, err)
	}
	return ev, nil
}

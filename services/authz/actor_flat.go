package authz

import (
	"bytes"
	"fmt"
	"net/http"
	"slices"

	"github.com/hakem-chess/hakem/services/internal/httpjson"
)

// flatActorMembers is the most members setActorFlat reads; a body with
// more goes through encoding/json.
const flatActorMembers = 16

// setActorFlat is what bindActor does to a JSON body with encoding/json
// (parseObject, setActor, json.Marshal of the map), for the common body: one
// object of string members, keys and values printable ASCII that
// encoding/json writes as they are (no escape, no '<', '>', '&'), each key
// once, none naming the actor field in other letters' case. It returns
// the rewritten body, byte for byte json.Marshal's (members sorted by
// key, the actor field set to subject), or setActor's refusal, and true;
// false for any other body, which the caller hands to encoding/json
// (FuzzSetActorFlat holds the two to the same answer).
func setActorFlat(body []byte, name, subject string) ([]byte, *refusal, bool) {
	var f flatObject
	if !f.parse(body, name) || !plain(subject) {
		return nil, nil, false
	}
	actor := -1
	for k, m := range f.ms[:f.n] {
		if string(m.key) == name {
			actor = k
		}
	}
	if actor >= 0 {
		if v := string(f.ms[actor].value); v != "" && v != subject {
			return nil, &refusal{http.StatusForbidden, "forbidden", fmt.Sprintf("%s %q: this token acts as %q only", name, v, subject)}, true
		}
		f.ms[actor].value = []byte(subject)
	} else {
		f.ms[f.n] = flatMember{[]byte(name), []byte(subject)}
		f.n++
	}
	members := f.ms[:f.n]
	slices.SortFunc(members, func(x, y flatMember) int { return bytes.Compare(x.key, y.key) })
	size := 2
	for _, m := range members {
		size += len(m.key) + len(m.value) + 6
	}
	out := make([]byte, 0, size)
	out = append(out, '{')
	for k, m := range members {
		if k > 0 {
			out = append(out, ',')
		}
		out = append(append(append(out, '"'), m.key...), `":"`...)
		out = append(append(out, m.value...), '"')
	}
	return append(out, '}'), nil, true
}

// flatObject is a body setActorFlat reads: its members in order, with
// room for the actor's.
type flatObject struct {
	ms [flatActorMembers + 1]flatMember
	n  int
}

// flatMember is one member of a flatObject: its key and its string's
// content, slices of the body.
type flatMember struct{ key, value []byte }

// parse reads body into f when it is an object of plain string members,
// each key once and none naming the actor field (name) in other letters'
// case; false otherwise.
func (f *flatObject) parse(body []byte, name string) bool {
	return httpjson.ScanStrings(body, func(key, value []byte) bool {
		if f.n == flatActorMembers || !plain(key) || !plain(value) {
			return false
		}
		if string(key) != name && bytes.EqualFold(key, []byte(name)) {
			return false // the actor field in other letters: setActor's counting
		}
		for _, m := range f.ms[:f.n] {
			if string(m.key) == string(key) {
				return false // given twice: the map keeps the last
			}
		}
		f.ms[f.n] = flatMember{key, value}
		f.n++
		return true
	})
}

// plain reports whether encoding/json writes s as it is between quotes.
func plain[T string | []byte](s T) bool {
	for i := 0; i < len(s); i++ {
		if !plainByte(s[i]) {
			return false
		}
	}
	return true
}

// plainByte: printable ASCII but '"', '\\', '<', '>' and '&'.
func plainByte(c byte) bool {
	return c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
}

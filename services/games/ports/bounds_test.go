package ports

import (
	"reflect"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/services/internal/bounds"
)

// TestCommandsBounded: every number of every command body has its range
// (httpjson.Decode checks them through package bounds).
func TestCommandsBounded(t *testing.T) {
	for _, v := range []any{createRequest{}, playerRequest{}, illegalRequest{}, repairRequest{}} {
		if f := bounds.Untagged(v); len(f) > 0 {
			t.Errorf("%T: numbers without a range: %v", v, f)
		}
	}
}

// TestPlayerRequestMembers: Member names every field of a player's
// command by its JSON key, exactly as encoding/json spells it, and
// nothing else (a body with any other key goes through encoding/json).
func TestPlayerRequestMembers(t *testing.T) {
	var p playerRequest
	v := reflect.ValueOf(&p).Elem()
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Type.Kind() != reflect.String {
			t.Fatalf("%s is not a string: playerRequest is no longer a flat command", f.Name)
		}
		if got := p.Member([]byte(name)); got != v.Field(i).Addr().Interface().(*string) {
			t.Errorf("Member(%q) is not field %s", name, f.Name)
		}
		if p.Member([]byte(strings.ToUpper(name))) != nil {
			t.Errorf("Member(%q) names a field: keys are matched exactly", strings.ToUpper(name))
		}
	}
	if p.Member([]byte("mvoe")) != nil || p.Member(nil) != nil {
		t.Error("Member names a field for an unknown key")
	}
}

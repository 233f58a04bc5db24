package ports

import (
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"

	"github.com/hakem-chess/hakem/services/internal/httpjson"
)

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

// plainPlayerRequest is playerRequest without its methods: CommandHash
// hashes it through encoding/json.
type plainPlayerRequest playerRequest

// playerCommands are player's commands of every shape: members empty or
// not, values encoding/json writes as they are and values it escapes.
var playerCommands = []playerRequest{
	{},
	{Player: "p1", Move: "e4", IdempotencyKey: "k1"},
	{Player: "p1", Action: "offer", IdempotencyKey: "k"},
	{Player: "p1", Reason: "threefold_repetition", IntendedMove: "Nf3"},
	{Player: "", Move: "e4"},
	{Player: "Ğülşen", Move: "e4"},
	{Player: "a<b", Move: "e4"},
	{Player: "a&b>c", Move: "e\"4\\"},
	{Player: "p\x01", Move: "\x7f"},
	{Player: "p1", Move: "e4", Action: "accept", Reason: "fifty_moves", IntendedMove: "O-O", IdempotencyKey: "key"},
}

// TestPlayerRequestCommandJSON: the command's own JSON hashes as
// encoding/json's does, for every shape of command.
func TestPlayerRequestCommandJSON(t *testing.T) {
	r := httptest.NewRequest("POST", "/api/games/g1/moves", nil)
	r.Pattern = "POST /api/games/{id}/moves"
	fast := 0
	for _, p := range playerCommands {
		if _, ok := p.AppendCommandJSON(nil); ok {
			fast++
		}
		if got, want := httpjson.CommandHash(r, p), httpjson.CommandHash(r, plainPlayerRequest(p)); got != want {
			t.Errorf("%+v: hash %s, encoding/json's %s", p, got, want)
		}
	}
	if fast < 5 {
		t.Fatalf("%d commands of %d appended their own JSON", fast, len(playerCommands))
	}
}

// FuzzPlayerRequestCommandJSON: any command hashes as encoding/json's.
func FuzzPlayerRequestCommandJSON(f *testing.F) {
	for _, p := range playerCommands {
		f.Add(p.Player, p.Move, p.Action, p.Reason, p.IntendedMove, p.IdempotencyKey)
	}
	r := httptest.NewRequest("POST", "/api/games/g1/moves", nil)
	f.Fuzz(func(t *testing.T, player, move, action, reason, intended, key string) {
		p := playerRequest{Player: player, Move: move, Action: action, Reason: reason, IntendedMove: intended, IdempotencyKey: key}
		if got, want := httpjson.CommandHash(r, p), httpjson.CommandHash(r, plainPlayerRequest(p)); got != want {
			t.Fatalf("%+v: hash %s, encoding/json's %s", p, got, want)
		}
	})
}

// BenchmarkMoveCommandKey: a move's stored key, the command's own JSON
// beside encoding/json's.
func BenchmarkMoveCommandKey(b *testing.B) {
	r := httptest.NewRequest("POST", "/api/games/g-0042/moves", nil)
	r.Pattern = "POST /api/games/{id}/moves"
	p := playerRequest{Player: "p-0042", Move: "Nf3", IdempotencyKey: "load-0042-17"}
	b.Run("own", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			httpjson.CommandKey(r, p.IdempotencyKey, p)
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			httpjson.CommandKey(r, p.IdempotencyKey, plainPlayerRequest(p))
		}
	})
}

package ratingfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	cases := []struct {
		name    string
		file    string
		players []string // FIDE ids read
		err     string
	}{
		{"empty", "", nil, ""},
		{"two players", `{"fide_id":"1","name":"A"}` + "\n" + `{"fide_id":"2","name":"B"}` + "\n", []string{"1", "2"}, ""},
		{"a line that is not JSON", `{"fide_id":"1"}` + "\nnot json\n", nil, "line 2"},
	}
	for _, c := range cases {
		got, err := Read(strings.NewReader(c.file))
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want one naming %q", c.name, err, c.err)
			}
			continue
		}
		if err != nil || len(got) != len(c.players) {
			t.Errorf("%s: %d players, %v; want %d", c.name, len(got), err, len(c.players))
		}
		for _, id := range c.players {
			if got[id].FideID != id {
				t.Errorf("%s: player %s not read", c.name, id)
			}
		}
	}
}

// TestLookup: no file is no list; a file is read, and read again when an
// import replaces it.
func TestLookup(t *testing.T) {
	dir := t.TempDir()
	l := In(dir)
	if _, ok, err := l.Lookup("1"); ok || err != nil {
		t.Fatalf("without a file: ok %v, err %v", ok, err)
	}
	write := func(content string) {
		t.Helper()
		path := filepath.Join(dir, Name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(`{"fide_id":"1","name":"First"}` + "\n")
	if p, ok, err := l.Lookup("1"); !ok || err != nil || p.Name != "First" {
		t.Fatalf("Lookup(1) = %+v, %v, %v", p, ok, err)
	}
	write(`{"fide_id":"1","name":"First, renamed"}` + "\n" + `{"fide_id":"2","name":"Second"}` + "\n")
	if p, ok, err := l.Lookup("2"); !ok || err != nil || p.Name != "Second" {
		t.Fatalf("after the new import, Lookup(2) = %+v, %v, %v", p, ok, err)
	}
	var none *List
	if _, ok, err := none.Lookup("1"); ok || err != nil {
		t.Errorf("a nil list: ok %v, err %v", ok, err)
	}
}

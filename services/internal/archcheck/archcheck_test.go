package archcheck

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// allowlist is the ratchet: every finding the tree has today, one a line.
// It only shrinks: a new finding fails the test, and so does a line whose
// finding is gone (delete the line).
const allowlist = "testdata/allowlist.txt"

func readAllowlist(t *testing.T) []string {
	t.Helper()
	src, err := os.ReadFile(allowlist)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for line := range strings.SplitSeq(string(src), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, line)
	}
	return out
}

// TestArchitecture holds the workspace to its shape: the findings of Check
// are exactly the allowlist's lines, and the pure modules have none.
func TestArchitecture(t *testing.T) {
	root, err := FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	w, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Packages) < 50 {
		t.Fatalf("loaded %d packages from %s: the walk missed the workspace", len(w.Packages), root)
	}
	found, pure := w.Check()
	linked, err := w.LinkedNATS()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range linked {
		if !slices.Contains(found, f) {
			found = append(found, f)
		}
	}
	for _, f := range pure {
		t.Errorf("%s: the pure modules use the standard library only (no allowlist)", f)
	}
	allowed := readAllowlist(t)
	seen := map[string]bool{}
	for _, a := range allowed {
		if seen[a] {
			t.Errorf("%s: listed twice in %s", a, allowlist)
		}
		seen[a] = true
	}
	for _, f := range found {
		if !seen[f] {
			t.Errorf("new: %s (package archcheck's doc says what it means; fix it, or if it cannot wait add this line to services/internal/archcheck/%s and say so in the commit)", f, allowlist)
		}
	}
	for _, a := range allowed {
		if !slices.Contains(found, a) {
			t.Errorf("gone: %s: fixed, good; delete its line from services/internal/archcheck/%s", a, allowlist)
		}
	}
}

// TestLinkedNATSFinds shows go list's check failing on packages that do
// link NATS (the event store, the embedded server) and passing the pure
// catalogue beside them.
func TestLinkedNATSFinds(t *testing.T) {
	root, err := FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	w := &Workspace{Root: root}
	const events = "github.com/hakem-chess/hakem/events"
	got, err := w.linkedNATS([]string{events, events + "/eventstore", events + "/embedded"}, map[string]string{events: "events"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"nats " + events + "/embedded", "nats " + events + "/eventstore"}
	if !slices.Equal(got, want) {
		t.Errorf("linked NATS: %q, want %q", got, want)
	}
}

// fixture writes a workspace of two modules, "services" and the pure
// "rules", with the files given (path -> source) on top of a clean base.
func fixture(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	base := map[string]string{
		"go.work":                         "go 1.26.0\n\nuse (\n\t./rules // the laws\n\t./services\n)\n",
		"rules/go.mod":                    "module example.org/x/rules\n\ngo 1.26.0\n",
		"rules/rules.go":                  "package rules\n\nimport \"strings\"\n\nvar _ = strings.ToUpper\n",
		"services/go.mod":                 "module example.org/x/services\n\ngo 1.26.0\n",
		"services/events/types.go":        "package events\n\ntype Moved struct{}\n\nfunc (Moved) EventType() string { return \"game.moved\" }\n\nconst ended = \"game.ended\"\n\ntype Ended struct{}\n\nfunc (Ended) EventType() string { return ended }\n",
		"services/games/domain/game.go":   "package domain\n\nimport _ \"example.org/x/services/events\"\n",
		"services/games/app/app.go":       "package app\n\nimport _ \"example.org/x/services/games/domain\"\n",
		"services/games/games.go":         "package games\n\nimport _ \"example.org/x/services/games/app\"\n",
		"services/clocks/app/app.go":      "package app\n",
		"services/clocks/clocks_test.go":  "package clocks\n\nimport _ \"example.org/x/services/games/app\"\n",
		"services/web/testdata/x/page.go": "package x\n\nimport _ \"example.org/x/services/games/app\"\n",
	}
	for k, v := range files {
		base[k] = v
	}
	for p, src := range base {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestCheckFinds shows each check failing on the tree that breaks it, and
// the clean base (where a service imports its own layers, a test file and a
// testdata file import another's) finding nothing.
func TestCheckFinds(t *testing.T) {
	long := "package domain\n" + strings.Repeat("\n", MaxLines-1)
	cases := []struct {
		name      string
		files     map[string]string
		ratcheted []string
		pure      []string
	}{
		{name: "clean base"},
		{
			name:      "a service imports another's app",
			files:     map[string]string{"services/clocks/app/app.go": "package app\n\nimport _ \"example.org/x/services/games/app\"\n"},
			ratcheted: []string{"import services/clocks/app -> services/games/app"},
		},
		{
			name:      "a package outside every service imports a domain",
			files:     map[string]string{"services/web/web.go": "package web\n\nimport _ \"example.org/x/services/games/domain\"\n"},
			ratcheted: []string{"import services/web -> services/games/domain"},
		},
		{
			name: "the audit may import a domain, not an app",
			files: map[string]string{
				"services/audit/audit.go":      "package audit\n\nimport _ \"example.org/x/services/games/domain\"\n",
				"services/audit/report/r.go":   "package report\n\nimport _ \"example.org/x/services/games/domain\"\n",
				"services/audit/report/app.go": "package report\n\nimport _ \"example.org/x/services/games/app\"\n",
			},
			ratcheted: []string{"import services/audit/report -> services/games/app"},
		},
		{
			name:  "a service's root package may be imported",
			files: map[string]string{"services/audit/audit.go": "package audit\n\nimport _ \"example.org/x/services/games\"\n"},
		},
		{
			name:      "a domain links NATS through the catalogue",
			files:     map[string]string{"services/events/store.go": "package events\n\nimport _ \"github.com/nats-io/nats.go\"\n"},
			ratcheted: []string{"nats services/events", "nats services/games/domain"},
		},
		{
			name:      "a domain imports nats-server",
			files:     map[string]string{"services/clocks/domain/d.go": "package domain\n\nimport _ \"github.com/nats-io/nats-server/v2/server\"\n"},
			ratcheted: []string{"nats services/clocks/domain"},
		},
		{
			name:  "a file of exactly MaxLines lines",
			files: map[string]string{"services/games/domain/long.go": long},
		},
		{
			name:      "a file of MaxLines+1 lines",
			files:     map[string]string{"services/games/domain/long.go": long + "\n"},
			ratcheted: []string{"size services/games/domain/long.go"},
		},
		{
			name: "a function of MaxFuncLines lines, a method past it, and a long test function",
			files: map[string]string{
				"services/games/domain/f.go":      "package domain\n\nfunc ok() {\n" + strings.Repeat("\n", MaxFuncLines-2) + "}\n\ntype G struct{}\n\nfunc (g *G) Long() {\n" + strings.Repeat("\n", MaxFuncLines-1) + "}\n",
				"services/games/domain/f_test.go": "package domain\n\nfunc long() {\n" + strings.Repeat("\n", MaxFuncLines) + "}\n",
				"rules/f.go":                      "package rules\n\nfunc long() {\n" + strings.Repeat("\n", MaxFuncLines) + "}\n",
			},
			ratcheted: []string{"func services/games/domain/f.go G.Long"},
		},
		{
			name:      "an event type's literal written again, and a constant's",
			files:     map[string]string{"services/games/app/names.go": "package app\n\nvar names = []string{\"game.moved\", \"game.ended\", \"game.moved\"}\n"},
			ratcheted: []string{"literal game.ended services/games/app", "literal game.moved services/games/app"},
		},
		{
			name:      "a second definition of an event type",
			files:     map[string]string{"services/games/domain/again.go": "package domain\n\ntype M struct{}\n\nfunc (M) EventType() string { return \"game.moved\" }\n"},
			ratcheted: []string{"literal game.moved services/games/domain"},
		},
		{
			name: "a vocabulary word written again, and a word of another string type",
			files: map[string]string{
				"services/events/words.go":    "package events\n\ntype Matter string\n\nconst MatterDrawClaim Matter = \"draw_claim\"\n\ntype Writer string\n\nconst WriterGames Writer = \"games\"\n",
				"services/games/app/words.go": "package app\n\nvar words = []string{\"draw_claim\", \"games\"}\n",
			},
			ratcheted: []string{"literal draw_claim services/games/app"},
		},
		{
			name: "a word of the vocabulary: again in a service, its own in a pure module, a homonym, a word defined from another",
			files: map[string]string{
				"services/events/words.go": "package events\n\ntype Result string\n\nconst (\n\tResultWhiteWins Result = \"1-0\"\n\tResultUnfinished Result = \"*\"\n)\n\n" +
					"type Matter string\n\nconst MatterFlagFall Matter = \"flag_fall\"\n\ntype Termination string\n\nconst TerminationFlagFall = Termination(MatterFlagFall)\n",
				"services/games/app/words.go": "package app\n\nvar words = []string{\"1-0\", \"*\", \"flag_fall\"}\n",
				"rules/pgn/words.go":          "package pgn\n\nvar results = []string{\"1-0\", \"*\"}\n",
			},
			ratcheted: []string{"literal 1-0 services/games/app", "literal flag_fall services/games/app"},
		},
		{
			name:  "an event type in a comment or a test file is no literal",
			files: map[string]string{"services/games/app/x_test.go": "package app\n\n// game.moved\nvar _ = \"game.moved\"\n"},
		},
		{
			name: "a pure module imports a module and NATS",
			files: map[string]string{
				"rules/laws/laws.go":   "package laws\n\nimport (\n\t_ \"example.org/x/rules\"\n\t_ \"example.org/x/services/events\"\n)\n",
				"rules/laws/x_test.go": "package laws\n\nimport (\n\t_ \"example.org/oracle\"\n\t_ \"github.com/nats-io/nats.go\"\n)\n",
			},
			pure: []string{"pure rules/laws/laws.go -> example.org/x/services/events", "pure rules/laws/x_test.go -> github.com/nats-io/nats.go"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w, err := Load(fixture(t, c.files))
			if err != nil {
				t.Fatal(err)
			}
			ratcheted, pure := w.Check()
			if !slices.Equal(ratcheted, c.ratcheted) {
				t.Errorf("ratcheted findings %q, want %q", ratcheted, c.ratcheted)
			}
			if !slices.Equal(pure, c.pure) {
				t.Errorf("pure findings %q, want %q", pure, c.pure)
			}
		})
	}
}

// TestReadmeMap holds services/README.md's map to the tree: the files it
// names exist, and it names every event type and every tie-break code.
func TestReadmeMap(t *testing.T) {
	root, err := FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	w, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range w.MapProblems("services/README.md") {
		t.Error(p)
	}
}

// TestMapProblems shows the README check failing on a map that names a
// file that is not there and leaves out an event type and a tie-break.
func TestMapProblems(t *testing.T) {
	ratings := map[string]string{
		"go.work":          "go 1.26.0\n\nuse (\n\t./rules\n\t./services\n\t./ratings\n)\n",
		"ratings/go.mod":   "module example.org/x/ratings\n\ngo 1.26.0\n",
		"ratings/codes.go": "package ratings\n\nvar codeTable = map[string]int{\"BH\": 1, \"SB\": 2}\n",
	}
	cases := []struct {
		name, readme string
		want         []string
	}{
		{
			name:   "everything named, and the code block's paths skipped",
			readme: "# s\n" + MapStart + "\n```\n`nowhere/x.go`\n```\n`games/app/app.go`, `events/types.go`: game.moved, game.ended; BH, SB\n" + MapEnd + "\n`gone/after.go` game.other\n",
		},
		{
			name:   "a file not there, an event and a code left out",
			readme: "# s\n" + MapStart + "\n`games/app/gone.go` `../services/games` game.moved (BH)\n" + MapEnd + "\n",
			want: []string{
				"services/README.md: names games/app/gone.go, which does not exist",
				"services/README.md: the event type game.ended is not in the map",
				"services/README.md: the tie-break SB is not in the map",
			},
		},
		{
			name:   "no map",
			readme: "# s\n",
			want:   []string{"services/README.md: no section from " + MapStart + " to " + MapEnd},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			files := map[string]string{"services/README.md": c.readme}
			for k, v := range ratings {
				files[k] = v
			}
			w, err := Load(fixture(t, files))
			if err != nil {
				t.Fatal(err)
			}
			if got := w.MapProblems("services/README.md"); !slices.Equal(got, c.want) {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

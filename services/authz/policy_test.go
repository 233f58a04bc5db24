package authz

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	clocksports "github.com/hakem-chess/hakem/services/clocks/ports"
	gamesports "github.com/hakem-chess/hakem/services/games/ports"
	pairingports "github.com/hakem-chess/hakem/services/pairing/ports"
)

// routeLiteral is how a mux pattern with a method starts.
var routeLiteral = regexp.MustCompile(`^(GET|HEAD|POST|PUT|PATCH|DELETE) /`)

// sourcePatterns returns every string literal of the services' non-test
// Go source that reads as a mux pattern with a method: every route any
// port registers is written so.
func sourcePatterns(t *testing.T) map[string]string {
	t.Helper()
	found := map[string]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "testdata" || name == "e2e" || (strings.HasPrefix(name, ".") && name != "..") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err == nil && routeLiteral.MatchString(s) && !strings.ContainsAny(s, "\n\t") && !strings.Contains(s[strings.IndexByte(s, ' ')+1:], " ") {
				found[s] = fset.Position(lit.Pos()).String()
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

// TestEveryRouteHasAPolicy fails when a route of the services (found in
// their source, and in the ports' command lists) has no policy entry and
// is not a read: a new command must be given its roles here, or it is
// refused to everyone.
func TestEveryRouteHasAPolicy(t *testing.T) {
	found := sourcePatterns(t)
	for _, routes := range [][]string{gamesports.CommandRoutes, clocksports.CommandRoutes, pairingports.CommandRoutes} {
		for _, r := range routes {
			if _, ok := found[r]; !ok {
				found[r] = "a CommandRoutes list"
			}
		}
	}
	if len(found) < 20 {
		t.Fatalf("only %d route patterns found in the source: the scan is broken", len(found))
	}
	for pattern, where := range found {
		if _, ok := Policy[pattern]; ok {
			continue
		}
		if strings.HasPrefix(pattern, "GET ") {
			t.Logf("%s (%s): no entry, served as a public read", pattern, where)
			continue
		}
		t.Errorf("%s (%s): no authorisation policy; add it to authz.Policy (until then it is refused to everyone)", pattern, where)
	}
	for pattern := range Policy {
		if _, ok := found[pattern]; !ok && pattern != "/api/" && !slices.Contains([]string{"GET /livez", "GET /readyz", "GET /metrics"}, pattern) {
			if _, gw := found[pattern]; !gw {
				t.Logf("policy entry %s: no such route in the source (stale?)", pattern)
			}
		}
	}
}

// TestPolicyRules checks that every command is closed to the public and
// that every rule names who acts.
func TestPolicyRules(t *testing.T) {
	for pattern, rule := range Policy {
		if strings.HasPrefix(pattern, "GET ") || pattern == "/api/" {
			if !slices.Equal(rule.Roles, []Role{Public}) {
				t.Errorf("%s: a read should be public, is %v", pattern, rule.Roles)
			}
			continue
		}
		if slices.Contains(rule.Roles, Public) || len(rule.Roles) == 0 {
			t.Errorf("%s: a command open to %v", pattern, rule.Roles)
		}
		if rule.Actor == "" {
			t.Errorf("%s: no actor field, so the event's actor would not come from the token", pattern)
		}
		if rule.Scope == BodyTournament && rule.ScopeField == "" {
			t.Errorf("%s: BodyTournament without a field", pattern)
		}
	}
}

func TestPathValue(t *testing.T) {
	tests := []struct{ pattern, path, name, want string }{
		{"POST /api/games/{id}/moves", "/api/games/g1/moves", "id", "g1"},
		{"POST /api/tournaments/{id}/rounds/{n}/close", "/api/tournaments/open/rounds/3/close", "n", "3"},
		{"POST /api/tournaments/{id}/rounds/{n}/close", "/api/tournaments/open/rounds/3/close", "id", "open"},
		{"POST /api/tournaments", "/api/tournaments", "id", ""},
		{"POST /api/games/{id}/moves", "/api/games", "id", ""},
	}
	for _, tc := range tests {
		if got := pathValue(tc.pattern, tc.path, tc.name); got != tc.want {
			t.Errorf("pathValue(%q, %q, %q) = %q, want %q", tc.pattern, tc.path, tc.name, got, tc.want)
		}
	}
}

package laws

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// declared returns the exported functions and methods (Type.Method) of
// the Go package in dir, read with go/parser from its non-test files.
func declared(t *testing.T, dir string) map[string]bool {
	t.Helper()
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, pkg := range pkgs {
		for _, f := range pkg.Files {
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || !fd.Name.IsExported() {
					continue
				}
				name := fd.Name.Name
				if fd.Recv != nil && len(fd.Recv.List) == 1 {
					typ := fd.Recv.List[0].Type
					if s, ok := typ.(*ast.StarExpr); ok {
						typ = s.X
					}
					if id, ok := typ.(*ast.Ident); ok {
						name = id.Name + "." + name
					}
				}
				out[pkg.Name+"."+name] = true
			}
		}
	}
	return out
}

// TestIndexNamesWhatExists: every function the index lists is declared in
// its package, every test it lists is in that package's test files, and
// every article is one the profile's rulings cite (non-empty).
func TestIndexNamesWhatExists(t *testing.T) {
	// the packages the index names, by their directory from here
	dirs := map[string]string{"laws": ".", "rules": ".."}
	testDirs := map[string]string{"rules/laws": ".", "rules": "..", "services/e2e": "../../services/e2e"}
	funcs := map[string]bool{}
	for _, d := range dirs {
		for k := range declared(t, d) {
			funcs[k] = true
		}
	}
	for _, name := range Names() {
		p, _ := Lookup(name)
		for _, e := range p.Index() {
			if e.Article == "" || e.Decides == "" || e.Endpoint == "" {
				t.Errorf("%s: incomplete entry %+v", name, e)
			}
			if !funcs[e.Function] {
				t.Errorf("%s %s: function %s is not declared", name, e.Article, e.Function)
			}
			i := strings.LastIndex(e.Test, ".")
			pkg, test := e.Test[:max(i, 0)], e.Test[i+1:]
			dir, ok := testDirs[pkg]
			if !ok {
				t.Errorf("%s %s: test package %q unknown", name, e.Article, pkg)
				continue
			}
			if _, err := os.Stat(dir); err != nil {
				t.Logf("%s: %s not in this checkout; not checked", e.Test, dir)
				continue
			}
			if !hasTest(t, dir, test) {
				t.Errorf("%s %s: test %s not found in %s", name, e.Article, test, pkg)
			}
		}
	}
}

// hasTest greps dir's _test.go files for "func Name(".
func hasTest(t *testing.T, dir, name string) bool {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`(?m)^func ` + regexp.QuoteMeta(name) + `\(`)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if re.Match(b) {
			return true
		}
	}
	return false
}

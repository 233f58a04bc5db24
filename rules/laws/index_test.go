package laws

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
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

// TestIndexCoversCitations: every article a ruling can cite has an entry
// in the index of each profile that has it. The articles cited are the
// profile's Articles fields that the code of the repository reads (every
// non-test Go file, scanned for "Articles.Name") and the penalties'
// articles; a new citation without an entry fails here.
func TestIndexCoversCitations(t *testing.T) {
	root := "../.."
	if _, err := os.Stat(filepath.Join(root, "services")); err != nil {
		root = ".." // the rules module alone: its own citations
	}
	cited := map[string]bool{}
	re := regexp.MustCompile(`\bArticles\.([A-Z]\w*)`)
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range re.FindAllSubmatch(b, -1) {
			cited[string(m[1])] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(cited) < 40 {
		t.Fatalf("only %d Articles fields found cited under %s", len(cited), root)
	}
	for _, name := range Names() {
		p, _ := Lookup(name)
		indexed := map[string]bool{}
		for _, e := range p.Index() {
			indexed[e.Article] = true
		}
		v := reflect.ValueOf(p.Articles)
		for field := range cited {
			f := v.FieldByName(field)
			if !f.IsValid() {
				t.Errorf("Articles.%s is cited but is no field of Articles", field)
				continue
			}
			if a := f.String(); a != "" && !indexed[a] {
				t.Errorf("%s: article %s (Articles.%s) is cited by a ruling but has no entry in the index", name, a, field)
			}
		}
		for k, a := range p.penalties {
			if !indexed[a] {
				t.Errorf("%s: penalty %s's article %s has no entry in the index", name, k, a)
			}
		}
	}
}

// Package archcheck reads the Go files of the workspace (the modules go.work
// uses) and reports where the tree leaves the shape the project follows:
//
//   - an import from one service into another service's app, ports, adapters or
//     domain packages ("import A -> B"), but the audit's (services/audit) of
//     the domain packages, where the decisions it re-derives live;
//   - a domain package, or the package of the event catalogue, that links NATS
//     (nats.go or nats-server), directly or through another workspace package
//     ("nats P"); LinkedNATS asks `go list` the same of the whole build, modules
//     outside the workspace included;
//   - a .go file over MaxLines lines ("size F");
//   - a function of the services' non-test files over MaxFuncLines lines
//     ("func F N": LongFuncs);
//   - an event type's string literal written anywhere but its one definition
//     ("literal T P": the literal of event type T in package P), and likewise
//     a word of the events' vocabulary (a ruling matter, a claim reason, a
//     game's termination or result, a penalty, an entry of a point system:
//     the constants of the Vocabulary types),
//     outside the pure modules and but for the Homonyms;
//   - in the pure modules (rules, clock, pairing, ratings), a non-test file that
//     imports anything but the standard library and its own module, or a test
//     file that imports NATS ("pure F -> I").
//
// Each finding is one line of text, the key the architecture test compares
// with its ratchet list. Paths are slash-separated and relative to the
// workspace's root directory; packages are named by their directory.
package archcheck

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// MaxLines is the longest a .go file may be.
const MaxLines = 650

// Layers are the packages of a service no other service may import.
var Layers = []string{"app", "ports", "adapters", "domain"}

// PureModules must use the standard library only.
var PureModules = []string{"rules", "clock", "pairing", "ratings"}

// Package is one directory of Go files of the workspace.
type Package struct {
	Dir        string // relative to the root, e.g. "services/games/domain"
	ImportPath string
	Module     string // the module's directory, e.g. "services"
	Files      []*File
}

// File is one parsed .go file.
type File struct {
	Path  string // relative to the root
	Test  bool
	Lines int
	AST   *ast.File
}

// Workspace is the parsed tree.
type Workspace struct {
	Root     string
	Fset     *token.FileSet
	Packages map[string]*Package // by import path
	modules  map[string]string   // module path -> module dir
}

// FindRoot walks up from dir to the directory holding go.work.
func FindRoot(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.work")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("archcheck: no go.work above %s", dir)
		}
		dir = parent
	}
}

// Load parses every .go file of every module go.work uses in root, skipping
// testdata directories, directories named with a leading "." or "_", nested
// modules, and files the build constraints of this platform leave out.
func Load(root string) (*Workspace, error) {
	uses, err := workUses(filepath.Join(root, "go.work"))
	if err != nil {
		return nil, err
	}
	w := &Workspace{Root: root, Fset: token.NewFileSet(), Packages: map[string]*Package{}, modules: map[string]string{}}
	ctx := build.Default
	for _, use := range uses {
		modDir := path.Clean(use)
		modPath, err := modulePath(filepath.Join(root, filepath.FromSlash(modDir), "go.mod"))
		if err != nil {
			return nil, err
		}
		w.modules[modPath] = modDir
		base := filepath.Join(root, filepath.FromSlash(modDir))
		err = filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				name := d.Name()
				if p != base && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
					return filepath.SkipDir
				}
				if p != base {
					if _, err := os.Stat(filepath.Join(p, "go.mod")); err == nil {
						return filepath.SkipDir
					}
				}
				return nil
			}
			if !strings.HasSuffix(p, ".go") {
				return nil
			}
			dir, name := filepath.Split(p)
			if ok, err := ctx.MatchFile(dir, name); err != nil || !ok {
				return err
			}
			return w.addFile(base, modDir, modPath, p)
		})
		if err != nil {
			return nil, err
		}
	}
	return w, nil
}

func (w *Workspace) addFile(base, modDir, modPath, p string) error {
	src, err := os.ReadFile(p)
	if err != nil {
		return err
	}
	f, err := parser.ParseFile(w.Fset, p, src, parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	relDir, err := filepath.Rel(base, filepath.Dir(p))
	if err != nil {
		return err
	}
	importPath := modPath
	if relDir != "." {
		importPath += "/" + filepath.ToSlash(relDir)
	}
	pkg := w.Packages[importPath]
	if pkg == nil {
		pkg = &Package{Dir: path.Join(modDir, filepath.ToSlash(relDir)), ImportPath: importPath, Module: modDir}
		w.Packages[importPath] = pkg
	}
	rel, err := filepath.Rel(w.Root, p)
	if err != nil {
		return err
	}
	pkg.Files = append(pkg.Files, &File{
		Path:  filepath.ToSlash(rel),
		Test:  strings.HasSuffix(p, "_test.go"),
		Lines: countLines(src),
		AST:   f,
	})
	return nil
}

func countLines(src []byte) int {
	n := bytes.Count(src, []byte("\n"))
	if len(src) > 0 && src[len(src)-1] != '\n' {
		n++
	}
	return n
}

// workUses returns the directories of go.work's use directives.
func workUses(file string) ([]string, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var uses []string
	inBlock := false
	sc := bufio.NewScanner(bytes.NewReader(src))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if i := strings.Index(line, "//"); i >= 0 {
			line = strings.TrimSpace(line[:i])
		}
		switch {
		case line == "":
		case inBlock && line == ")":
			inBlock = false
		case inBlock:
			uses = append(uses, unquote(line))
		case line == "use (":
			inBlock = true
		case strings.HasPrefix(line, "use "):
			uses = append(uses, unquote(strings.TrimSpace(strings.TrimPrefix(line, "use "))))
		}
	}
	if len(uses) == 0 {
		return nil, fmt.Errorf("archcheck: %s uses no module", file)
	}
	return uses, nil
}

func modulePath(file string) (string, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	for line := range strings.SplitSeq(string(src), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			return unquote(strings.TrimSpace(rest)), nil
		}
	}
	return "", fmt.Errorf("archcheck: %s has no module line", file)
}

func unquote(s string) string {
	if u, err := strconv.Unquote(s); err == nil {
		return u
	}
	return s
}

// Check runs every check and returns the findings, sorted. Pure is the part
// no ratchet list may excuse.
func (w *Workspace) Check() (ratcheted, pure []string) {
	ratcheted = append(ratcheted, w.CrossServiceImports()...)
	ratcheted = append(ratcheted, w.NATSLinks()...)
	ratcheted = append(ratcheted, w.LongFiles()...)
	ratcheted = append(ratcheted, w.LongFuncs()...)
	ratcheted = append(ratcheted, w.DuplicateEventTypes()...)
	sort.Strings(ratcheted)
	pure = w.PureImports()
	sort.Strings(pure)
	return ratcheted, pure
}

// imports returns the import paths of a package's non-test files.
func (p *Package) imports() []string {
	seen := map[string]bool{}
	var out []string
	for _, f := range p.Files {
		if f.Test {
			continue
		}
		for _, s := range f.AST.Imports {
			ip := unquote(s.Path.Value)
			if !seen[ip] {
				seen[ip] = true
				out = append(out, ip)
			}
		}
	}
	sort.Strings(out)
	return out
}

func (w *Workspace) sortedPackages() []*Package {
	out := make([]*Package, 0, len(w.Packages))
	for _, p := range w.Packages {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Dir < out[j].Dir })
	return out
}

// serviceLayer tells, for a package directory, the service it belongs to
// and whether it is in one of the service's Layers. A service is a
// directory services/<name> with at least one of the Layers beneath it.
func (w *Workspace) serviceLayer(dir string) (service string, layer bool) {
	parts := strings.Split(dir, "/")
	if len(parts) < 2 || parts[0] != "services" || parts[1] == "internal" {
		return "", false
	}
	if !w.isService(parts[1]) {
		return "", false
	}
	if len(parts) >= 3 {
		for _, l := range Layers {
			if parts[2] == l {
				return parts[1], true
			}
		}
	}
	return parts[1], false
}

func (w *Workspace) isService(name string) bool {
	for _, l := range Layers {
		if _, err := os.Stat(filepath.Join(w.Root, "services", name, l)); err == nil {
			return true
		}
	}
	return false
}

// CrossServiceImports finds "import A -> B": package A, outside service S,
// imports B, one of S's app, ports, adapters or domain packages. The audit
// may import the domain packages: the services and the audit call the same
// pure decisions.
func (w *Workspace) CrossServiceImports() []string {
	var out []string
	for _, p := range w.sortedPackages() {
		from, _ := w.serviceLayer(p.Dir)
		audit := p.Dir == "services/audit" || strings.HasPrefix(p.Dir, "services/audit/")
		for _, ip := range p.imports() {
			q := w.Packages[ip]
			if q == nil {
				continue
			}
			to, layer := w.serviceLayer(q.Dir)
			if audit && layer && strings.Split(q.Dir, "/")[2] == "domain" {
				continue
			}
			if layer && to != from {
				out = append(out, fmt.Sprintf("import %s -> %s", p.Dir, q.Dir))
			}
		}
	}
	return out
}

func isNATS(ip string) bool { return strings.HasPrefix(ip, "github.com/nats-io/") }

// NATSLinks finds "nats P": a domain package, or a package defining an event
// type (the catalogue), whose non-test files import NATS directly or through
// workspace packages. Packages outside the workspace are taken as linking
// NATS only when they are NATS's own.
func (w *Workspace) NATSLinks() []string {
	memo := map[string]bool{}
	var links func(ip string, seen map[string]bool) bool
	links = func(ip string, seen map[string]bool) bool {
		if isNATS(ip) {
			return true
		}
		if v, ok := memo[ip]; ok {
			return v
		}
		p := w.Packages[ip]
		if p == nil || seen[ip] {
			return false
		}
		seen[ip] = true
		v := false
		for _, dep := range p.imports() {
			if links(dep, seen) {
				v = true
				break
			}
		}
		memo[ip] = v
		return v
	}
	var out []string
	for _, p := range w.natsFree() {
		if links(p.ImportPath, map[string]bool{}) {
			out = append(out, "nats "+p.Dir)
		}
	}
	return out
}

// natsFree returns the packages that must not link NATS: every domain
// package, and every package defining an event type (the catalogue).
func (w *Workspace) natsFree() []*Package {
	catalogue := map[string]bool{}
	for _, d := range w.eventTypeDefinitions() {
		catalogue[d.pkg] = true
	}
	var out []*Package
	for _, p := range w.sortedPackages() {
		isDomain := false
		for _, part := range strings.Split(p.Dir, "/") {
			if part == "domain" {
				isDomain = true
			}
		}
		if isDomain || catalogue[p.Dir] {
			out = append(out, p)
		}
	}
	return out
}

// LongFiles finds "size F": a .go file, test or not, over MaxLines lines.
func (w *Workspace) LongFiles() []string {
	var out []string
	for _, p := range w.sortedPackages() {
		for _, f := range p.Files {
			if f.Lines > MaxLines {
				out = append(out, "size "+f.Path)
			}
		}
	}
	return out
}

// definition is where an event type's name is written once: the literal an
// EventType() string method returns, or the constant it returns.
type definition struct {
	name string
	pkg  string
	lit  *ast.BasicLit
}

// eventTypeDefinitions finds, in non-test files, every method
// EventType() string whose body returns a string literal or a package-level
// constant of one.
func (w *Workspace) eventTypeDefinitions() []definition {
	var out []definition
	for _, p := range w.sortedPackages() {
		consts := map[string]*ast.BasicLit{}
		p.eachSpec(token.CONST, func(spec ast.Spec) {
			for _, c := range stringConsts(spec.(*ast.ValueSpec)) {
				consts[c.name] = c.lit
			}
		})
		for _, f := range p.Files {
			if f.Test {
				continue
			}
			for _, decl := range f.AST.Decls {
				fn, ok := decl.(*ast.FuncDecl)
				if !ok || fn.Recv == nil || fn.Name.Name != "EventType" || fn.Body == nil || len(fn.Body.List) != 1 {
					continue
				}
				ret, ok := fn.Body.List[0].(*ast.ReturnStmt)
				if !ok || len(ret.Results) != 1 {
					continue
				}
				var lit *ast.BasicLit
				switch e := ret.Results[0].(type) {
				case *ast.BasicLit:
					lit = e
				case *ast.Ident:
					lit = consts[e.Name]
				}
				if lit != nil && lit.Kind == token.STRING {
					out = append(out, definition{name: unquote(lit.Value), pkg: p.Dir, lit: lit})
				}
			}
		}
	}
	return out
}

// DuplicateEventTypes finds "literal T P": the name T of an event type
// written as a string literal in a non-test file of package P, anywhere
// but at T's definition. A second definition of T counts as a duplicate.
//
// A word of the vocabulary (vocabularyDefinitions) is looked for outside
// the pure modules only: they may import nothing but the standard library,
// so the catalogue's constant is out of their reach and their words (the
// PGN's "1-0", a rating's "win") are their own. Homonyms are not looked for.
func (w *Workspace) DuplicateEventTypes() []string {
	defs := map[string]*ast.BasicLit{}
	word := map[string]bool{}
	for _, d := range w.eventTypeDefinitions() {
		if defs[d.name] == nil {
			defs[d.name] = d.lit
		}
	}
	for _, d := range w.vocabularyDefinitions() {
		if defs[d.name] == nil && Homonyms[d.name] == "" {
			defs[d.name], word[d.name] = d.lit, true
		}
	}
	found := map[string]bool{}
	for _, p := range w.sortedPackages() {
		pure := slices.Contains(PureModules, p.Module)
		for _, f := range p.Files {
			if f.Test {
				continue
			}
			ast.Inspect(f.AST, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				name := unquote(lit.Value)
				if def, ok := defs[name]; ok && def != lit && !(pure && word[name]) {
					found[fmt.Sprintf("literal %s %s", name, p.Dir)] = true
				}
				return true
			})
		}
	}
	out := make([]string, 0, len(found))
	for k := range found {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// PureImports finds "pure F -> I": in a pure module, a non-test file F
// importing I from outside the standard library and F's own module, or a
// test file importing NATS.
func (w *Workspace) PureImports() []string {
	var out []string
	for _, p := range w.sortedPackages() {
		pure := false
		for _, m := range PureModules {
			if p.Module == m {
				pure = true
			}
		}
		if !pure {
			continue
		}
		own := ""
		for mp, dir := range w.modules {
			if dir == p.Module {
				own = mp
			}
		}
		for _, f := range p.Files {
			for _, s := range f.AST.Imports {
				ip := unquote(s.Path.Value)
				bad := isNATS(ip)
				if !f.Test && !isStandard(ip) && ip != own && !strings.HasPrefix(ip, own+"/") {
					bad = true
				}
				if bad {
					out = append(out, fmt.Sprintf("pure %s -> %s", f.Path, ip))
				}
			}
		}
	}
	return out
}

// isStandard tells a standard-library import path: its first element has
// no dot.
func isStandard(ip string) bool {
	first, _, _ := strings.Cut(ip, "/")
	return !strings.Contains(first, ".")
}

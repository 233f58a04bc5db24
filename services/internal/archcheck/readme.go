package archcheck

import (
	"go/ast"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// The map of services/README.md: from MapStart up to MapEnd, the picture
// of the services and the table "to change X, open Y".
const (
	MapStart = "## The services and their events"
	MapEnd   = "## Status"
)

var backticked = regexp.MustCompile("`([^`]+)`")

// MapProblems checks the map of the README at readme (a path relative to
// the root; paths in it are relative to its directory): every file or
// directory it names in backticks exists, and it names every event type
// of the catalogue and every tie-break code of the ratings module.
func (w *Workspace) MapProblems(readme string) []string {
	src, err := os.ReadFile(filepath.Join(w.Root, filepath.FromSlash(readme)))
	if err != nil {
		return []string{err.Error()}
	}
	text := string(src)
	start := strings.Index(text, MapStart)
	end := strings.Index(text, MapEnd)
	if start < 0 || end < start {
		return []string{readme + ": no section from " + MapStart + " to " + MapEnd}
	}
	text = text[start:end]
	var out []string
	base := path.Dir(readme)
	inCode := false
	for line := range strings.SplitSeq(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inCode = !inCode
			continue
		}
		if inCode {
			continue
		}
		for _, m := range backticked.FindAllStringSubmatch(line, -1) {
			p := m[1]
			if strings.ContainsAny(p, " {}<>*[]") || !strings.Contains(p, "/") && !strings.HasSuffix(p, ".go") {
				continue
			}
			full := filepath.Join(w.Root, filepath.FromSlash(path.Join(base, p)))
			if _, err := os.Stat(full); err != nil {
				out = append(out, readme+": names "+p+", which does not exist")
			}
		}
	}
	words := map[string]bool{}
	for _, f := range strings.FieldsFunc(text, func(r rune) bool {
		return !(r == '.' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) {
		words[strings.TrimRight(f, ".")] = true
	}
	for _, d := range w.eventTypeDefinitions() {
		if !words[d.name] {
			out = append(out, readme+": the event type "+d.name+" is not in the map")
		}
	}
	codes := w.tiebreakCodes()
	if len(codes) == 0 {
		out = append(out, "ratings: no codeTable of tie-break codes found")
	}
	for _, code := range codes {
		if !words[code] {
			out = append(out, readme+": the tie-break "+code+" is not in the map")
		}
	}
	sort.Strings(out)
	return out
}

// tiebreakCodes are the keys of the ratings module's codeTable.
func (w *Workspace) tiebreakCodes() []string {
	var out []string
	for _, p := range w.Packages {
		if p.Dir != "ratings" {
			continue
		}
		for _, f := range p.Files {
			if f.Test {
				continue
			}
			ast.Inspect(f.AST, func(n ast.Node) bool {
				vs, ok := n.(*ast.ValueSpec)
				if !ok || len(vs.Names) != 1 || vs.Names[0].Name != "codeTable" || len(vs.Values) != 1 {
					return true
				}
				if cl, ok := vs.Values[0].(*ast.CompositeLit); ok {
					for _, e := range cl.Elts {
						if kv, ok := e.(*ast.KeyValueExpr); ok {
							if lit, ok := kv.Key.(*ast.BasicLit); ok && lit.Kind == token.STRING {
								out = append(out, unquote(lit.Value))
							}
						}
					}
				}
				return false
			})
		}
	}
	sort.Strings(out)
	return out
}

package archcheck

import (
	"go/ast"
	"go/token"
	"slices"
)

// Vocabulary are the string types of the catalogue whose constants are the
// words of the events' vocabulary: each is written as a literal once, at
// its constant (events/vocabulary.go).
var Vocabulary = []string{"Matter", "ClaimReason"}

// vocabularyDefinitions finds, in the non-test files of the catalogue (the
// packages defining an event type), every constant of a Vocabulary type the
// package declares (events.Matter, events.ClaimReason) whose value is a
// string literal: the one place each word of the events' vocabulary is
// written, as an event type's name is at its EventType method.
func (w *Workspace) vocabularyDefinitions() []definition {
	catalogue := map[string]bool{}
	for _, d := range w.eventTypeDefinitions() {
		catalogue[d.pkg] = true
	}
	var out []definition
	for _, p := range w.sortedPackages() {
		if !catalogue[p.Dir] {
			continue
		}
		stringTypes := map[string]bool{}
		for _, f := range p.Files {
			if f.Test {
				continue
			}
			for _, decl := range f.AST.Decls {
				g, ok := decl.(*ast.GenDecl)
				if !ok || g.Tok != token.TYPE {
					continue
				}
				for _, spec := range g.Specs {
					ts := spec.(*ast.TypeSpec)
					if id, ok := ts.Type.(*ast.Ident); ok && id.Name == "string" && ts.Assign == 0 && slices.Contains(Vocabulary, ts.Name.Name) {
						stringTypes[ts.Name.Name] = true
					}
				}
			}
		}
		for _, f := range p.Files {
			if f.Test {
				continue
			}
			for _, decl := range f.AST.Decls {
				g, ok := decl.(*ast.GenDecl)
				if !ok || g.Tok != token.CONST {
					continue
				}
				for _, spec := range g.Specs {
					vs := spec.(*ast.ValueSpec)
					typ, ok := vs.Type.(*ast.Ident)
					if !ok || !stringTypes[typ.Name] {
						continue
					}
					for i := range vs.Names {
						if i >= len(vs.Values) {
							continue
						}
						if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							out = append(out, definition{name: unquote(lit.Value), pkg: p.Dir, lit: lit})
						}
					}
				}
			}
		}
	}
	return out
}

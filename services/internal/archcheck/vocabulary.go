package archcheck

import (
	"go/ast"
	"go/token"
	"slices"
)

// Vocabulary are the string types of the catalogue whose constants are the
// words of the events' vocabulary: each is written as a literal once, at
// its constant (events/vocabulary.go).
var Vocabulary = []string{"Matter", "ClaimReason", "Termination", "Result", "Penalty", "PointsFor"}

// Homonyms are the words of the vocabulary that are also other words, each
// with what else it means: the literal check does not look for them.
var Homonyms = map[string]string{
	"*":    "a game going on (events.ResultUnfinished), and a wildcard: every tournament a token may name, the PGN's and a time control's marks",
	"draw": "the points for a draw (events.PointsDraw), and a ruling's decision or an arbiter's judgement (RulingGiven.Decision, not typed yet)",
}

// vocabularyDefinitions finds, in the non-test files of the catalogue (the
// packages defining an event type), every constant of a Vocabulary type the
// package declares (events.Matter, events.ClaimReason, events.Termination,
// events.Result, events.Penalty, events.PointsFor) whose value is a string
// literal: the one place each word of the events' vocabulary is
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
		p.eachSpec(token.TYPE, func(spec ast.Spec) {
			ts := spec.(*ast.TypeSpec)
			if id, ok := ts.Type.(*ast.Ident); ok && id.Name == "string" && ts.Assign == 0 && slices.Contains(Vocabulary, ts.Name.Name) {
				stringTypes[ts.Name.Name] = true
			}
		})
		p.eachSpec(token.CONST, func(spec ast.Spec) {
			vs := spec.(*ast.ValueSpec)
			if typ, ok := vs.Type.(*ast.Ident); ok && stringTypes[typ.Name] {
				for _, c := range stringConsts(vs) {
					out = append(out, definition{name: unquote(c.lit.Value), pkg: p.Dir, lit: c.lit})
				}
			}
		})
	}
	return out
}

// eachSpec calls fn with every spec of the package's non-test declarations
// of kind tok (token.TYPE, token.CONST).
func (p *Package) eachSpec(tok token.Token, fn func(ast.Spec)) {
	for _, f := range p.Files {
		if f.Test {
			continue
		}
		for _, decl := range f.AST.Decls {
			if g, ok := decl.(*ast.GenDecl); ok && g.Tok == tok {
				for _, spec := range g.Specs {
					fn(spec)
				}
			}
		}
	}
}

// namedLit is a constant's name and its string literal.
type namedLit struct {
	name string
	lit  *ast.BasicLit
}

// stringConsts returns the names of a constant spec given a string literal.
func stringConsts(vs *ast.ValueSpec) []namedLit {
	var out []namedLit
	for i, n := range vs.Names {
		if i < len(vs.Values) {
			if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				out = append(out, namedLit{n.Name, lit})
			}
		}
	}
	return out
}

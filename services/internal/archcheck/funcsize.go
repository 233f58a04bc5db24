package archcheck

import (
	"fmt"
	"go/ast"
)

// MaxFuncLines is the longest a function of the services may be, from the
// line of its func keyword to the line of its closing brace.
const MaxFuncLines = 80

// LongFuncs finds "func F N": function or method N of file F, a non-test
// file of the services module, over MaxFuncLines lines. Methods are named
// Type.Method; function literals count in the function that holds them.
func (w *Workspace) LongFuncs() []string {
	var out []string
	for _, p := range w.sortedPackages() {
		if p.Module != "services" {
			continue
		}
		for _, f := range p.Files {
			if f.Test {
				continue
			}
			for _, d := range f.AST.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil {
					continue
				}
				lines := w.Fset.Position(fd.End()).Line - w.Fset.Position(fd.Pos()).Line + 1
				if lines > MaxFuncLines {
					out = append(out, fmt.Sprintf("func %s %s", f.Path, funcName(fd)))
				}
			}
		}
	}
	return out
}

// funcName is a declaration's name, Type.Method for a method.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		case *ast.Ident:
			return x.Name + "." + fd.Name.Name
		}
		return fd.Name.Name
	}
}

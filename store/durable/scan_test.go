package durable

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// exempt are the files that may write another way, each for a reason.
var exempt = map[string]string{
	"store/durable/durable.go": "the helper itself",
	// The lock's content is a process id that only a refusal message
	// reads; the lock itself lives in the kernel, not in the file. A cut
	// that loses the file loses nothing: the next start makes it again.
	"store/sqlite/lock_unix.go":    "the SQLite lock file",
	"store/sqlite/lock_windows.go": "the SQLite lock file",
}

// skipped trees are not part of the server: build tools writing generated
// sources and benchmarks writing scratch files under a temporary directory.
var skipped = []string{"cmd/grimoire-wasm/", "bench/"}

// writers are the calls that write or name a file other than through this
// package; os.OpenFile counts only with a flag that writes or creates.
var writers = map[string]map[string]bool{
	"os":       {"WriteFile": true, "Create": true, "CreateTemp": true, "Mkdir": true, "MkdirAll": true, "MkdirTemp": true, "Rename": true, "Symlink": true, "Link": true, "Truncate": true},
	"ioutil":   {"WriteFile": true, "TempFile": true, "TempDir": true},
	"autocert": {"DirCache": true},
	"syscall":  {"CreateFile": true, "Creat": true},
}

var writeFlags = []string{"O_WRONLY", "O_RDWR", "O_CREATE", "O_APPEND", "O_TRUNC"}

// TestNoOtherWrites fails when the server's code (not its tests) writes a
// file without this package: such a file may be empty or gone after a
// power cut.
func TestNoOtherWrites(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("repository root not found: %v", err)
	}
	var found []string
	scanned := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(path, root+string(filepath.Separator)))
		if d.IsDir() {
			if strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "node_modules" {
				return filepath.SkipDir
			}
			for _, s := range skipped {
				if rel+"/" == s {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || exempt[rel] != "" {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		if ignored(f) {
			return nil
		}
		scanned++
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			pkg, ok := sel.X.(*ast.Ident)
			if !ok {
				return true
			}
			bad := writers[pkg.Name][sel.Sel.Name]
			if pkg.Name == "os" && sel.Sel.Name == "OpenFile" && len(call.Args) > 1 {
				flags := exprText(call.Args[1])
				for _, w := range writeFlags {
					bad = bad || strings.Contains(flags, w)
				}
			}
			if bad {
				found = append(found, fset.Position(call.Pos()).String()+": "+pkg.Name+"."+sel.Sel.Name)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if scanned < 50 {
		t.Fatalf("only %d files scanned: the walk missed the sources", scanned)
	}
	for _, f := range found {
		t.Errorf("%s writes a file without store/durable: use durable.WriteFile or durable.MkdirAll", strings.TrimPrefix(f, root+"/"))
	}
}

// ignored: a file built by go run only (//go:build ignore), a generator.
func ignored(f *ast.File) bool {
	for _, g := range f.Comments {
		if g.Pos() > f.Package {
			break
		}
		for _, c := range g.List {
			if strings.HasPrefix(c.Text, "//go:build ignore") {
				return true
			}
		}
	}
	return false
}

func exprText(e ast.Expr) string {
	var b strings.Builder
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			b.WriteString(id.Name + " ")
		}
		return true
	})
	return b.String()
}

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path"
	"strings"
	"testing"
)

// listed is one package as `go list -json` describes it.
type listed struct {
	ImportPath string
	Imports    []string // direct imports of its non-test files
	Deps       []string // every package its non-test files need
}

// modulePackages lists the module's packages matching pattern with the go
// command, for this machine or for the environment env adds (GOOS=js).
func modulePackages(t *testing.T, pattern string, env ...string) (module string, pkgs map[string]listed) {
	t.Helper()
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports,Deps,Module", pattern)
	cmd.Dir = "../.."
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	pkgs = map[string]listed{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			listed
			Module struct{ Path string }
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		module = p.Module.Path
		pkgs[p.ImportPath] = p.listed
	}
	return module, pkgs
}

// TestArchitecture holds the layers to what docs/architecture.md promises
// a new game: it is its own folders (rules/x, views/x, play/x) and one line
// in each binary's list. So no binary reaches a game but through its Kind
// (play/x), and the shared packages (the sheet frame, the handlers, play
// itself, the record envelope) know no game at all, not even through
// another package. A game is a folder under rules/ that play/ has a Kind
// folder of too (rules/record and rules/rating serve every game); test
// files may use a game to drive the binary.
func TestArchitecture(t *testing.T) {
	module, pkgs := modulePackages(t, "./...")
	// The phone's module is package main built for js: its files are
	// another set than the same package's on this machine (drawcheck).
	_, wasm := modulePackages(t, "./cmd/grimoire-wasm", "GOOS=js", "GOARCH=wasm")
	games := map[string]bool{}
	for p := range pkgs {
		if rest, ok := strings.CutPrefix(p, module+"/rules/"); ok && !strings.Contains(rest, "/") {
			if _, kind := pkgs[module+"/play/"+rest]; !kind {
				continue
			}
			games[rest] = true
		}
	}
	if len(games) < 3 {
		t.Fatalf("found the games %v under rules/: the test does not see the module", games)
	}
	// layerOf says which game package p is (rules, views or play of a
	// game), or "" for a package of no game.
	layerOf := func(p string) string {
		rest, ok := strings.CutPrefix(p, module+"/")
		if !ok {
			return ""
		}
		parts := strings.Split(rest, "/")
		if len(parts) >= 2 && games[parts[1]] && (parts[0] == "rules" || parts[0] == "views" || parts[0] == "play") {
			return parts[0]
		}
		return ""
	}

	for _, build := range []struct {
		name string
		pkgs map[string]listed
	}{{"here", pkgs}, {"js/wasm", wasm}} {
		t.Run("cmd reaches a game only through play/<game> ("+build.name+")", func(t *testing.T) {
			n := 0
			for p, l := range build.pkgs {
				if !strings.HasPrefix(p, module+"/cmd/") {
					continue
				}
				n++
				for _, imp := range l.Imports {
					if layer := layerOf(imp); layer != "" && layer != "play" {
						t.Errorf("%s imports %s: a binary lists a game's Kind (play/%s) and nothing else of it", p, imp, path.Base(imp))
					}
				}
			}
			if n == 0 {
				t.Fatal("no packages under cmd/")
			}
		})
	}
	for _, shared := range []string{"views/sheets", "handlers", "play", "rules/record", "rules/say", "lang", "views"} {
		t.Run(shared+" knows no game", func(t *testing.T) {
			l, ok := pkgs[module+"/"+shared]
			if !ok {
				t.Fatalf("no package %s", shared)
			}
			for _, dep := range l.Deps {
				if layerOf(dep) != "" {
					t.Errorf("%s depends on %s", shared, dep)
				}
			}
		})
	}
}

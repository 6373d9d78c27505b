package static

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

// TestWasmMatchesSource rebuilds the WebAssembly module from source and
// fails when a committed static/wasm/grimoire.wasm.gz or .br differs, so CI
// proves the binary serves what the source says. The fix is `go generate
// ./static` (task wasm), then commit static/wasm.
func TestWasmMatchesSource(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly module (~30 s cold)")
	}
	out := t.TempDir()
	cmd := exec.Command("go", "run", "../cmd/grimoire-wasm/gen.go", "-o", out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		// The generator builds with the Go release go.mod pins, switching to
		// it through GOTOOLCHAIN when this Go is another one. Only that
		// switch may fail for want of the module proxy; with the pinned
		// release itself every failure is a failure.
		if pinned := pinnedGo(t); runtime.Version() != pinned && os.Getenv("CI") == "" {
			t.Skipf("this is %s; the module is built with %s, which could not be fetched (%v): %s", runtime.Version(), pinned, err, stderr.String())
		}
		t.Fatalf("build the module: %v\n%s", err, stderr.String())
	}
	built, err := filepath.Glob(filepath.Join(out, "*.wasm.*"))
	if err != nil {
		t.Fatal(err)
	}
	committed, err := filepath.Glob(filepath.Join("wasm", "*.wasm.*"))
	if err != nil {
		t.Fatal(err)
	}
	// Every game's module and the one with every game, and nothing else:
	// a module of a game no longer in games.go must go too.
	if names(built) != names(committed) {
		t.Errorf("the source builds %s; static/wasm holds %s: run `go generate ./static` (or `task wasm`) and commit static/wasm", names(built), names(committed))
	}
	if len(built) < 4 {
		t.Errorf("the source builds %s: want the module with every game and one per game, each gzip and brotli", names(built))
	}
	for _, p := range built {
		name := filepath.Base(p)
		fresh, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		committed, err := os.ReadFile(filepath.Join("wasm", name))
		if err != nil {
			continue // reported above
		}
		if !bytes.Equal(fresh, committed) {
			t.Errorf("static/wasm/%s (%d bytes) is not what the source builds (%d bytes) with %s: "+
				"run `go generate ./static` (or `task wasm`) and commit static/wasm", name, len(committed), len(fresh), runtime.Version())
		}
	}
}

// names is the base names of paths, sorted, as one string.
func names(paths []string) string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = filepath.Base(p)
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// pinnedGo is the Go release that builds the module: go.mod's go line.
func pinnedGo(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "go "); ok {
			return "go" + strings.TrimSpace(v)
		}
	}
	t.Fatal("go.mod has no go line")
	return ""
}

// TestWasmExecMatchesGo checks the vendored wasm_exec.js is the one of the
// Go release that builds the module: the two must agree.
func TestWasmExecMatchesGo(t *testing.T) {
	if pinned := pinnedGo(t); runtime.Version() != pinned {
		t.Skipf("this is %s; static/vendor/wasm_exec.js comes with %s, which builds the module (TestWasmMatchesSource checks that build)", runtime.Version(), pinned)
	}
	want, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		t.Skipf("no wasm_exec.js in this Go installation: %v", err)
	}
	got, err := files.ReadFile("vendor/wasm_exec.js")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("static/vendor/wasm_exec.js differs from %s's: run `go generate ./static`", runtime.Version())
	}
}

func TestWasmAssetIsServedCompressed(t *testing.T) {
	a, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	mods := a.Modules()
	if len(mods) < 2 || mods[0].Name != Module {
		t.Fatalf("modules %v: want %s first, then one per game", mods, Module)
	}
	for _, w := range mods {
		t.Run(w.Name, func(t *testing.T) {
			if !w.Gzip || w.Brotli == nil || !strings.HasSuffix(w.URL, ".wasm") {
				t.Fatalf("wasm asset = %+v; want a gzip- and brotli-embedded file under a .wasm URL", w)
			}
			zr, err := gzip.NewReader(bytes.NewReader(w.Body))
			if err != nil {
				t.Fatal(err)
			}
			fromGzip, err := io.ReadAll(zr)
			if err != nil {
				t.Fatalf("inflate the gzip module: %v", err)
			}
			if !bytes.HasPrefix(fromGzip, []byte("\x00asm")) {
				t.Fatalf("inflated module starts %q, want the wasm magic", fromGzip[:min(4, len(fromGzip))])
			}
			// The size a page counts its download's progress against.
			if w.Size != len(fromGzip) || a.ModuleSizes()[w.URL] != len(fromGzip) {
				t.Errorf("Size %d, ModuleSizes %d; the module is %d bytes decoded", w.Size, a.ModuleSizes()[w.URL], len(fromGzip))
			}
			fromBrotli, err := io.ReadAll(brotli.NewReader(bytes.NewReader(w.Brotli)))
			if err != nil {
				t.Fatalf("inflate the brotli module: %v", err)
			}
			if !bytes.Equal(fromBrotli, fromGzip) {
				t.Fatalf("the brotli module inflates to %d bytes unlike the gzip one's %d: they must be one module", len(fromBrotli), len(fromGzip))
			}
			if len(w.Brotli) >= len(w.Body) {
				t.Errorf("brotli module %d bytes, gzip %d: brotli should be the smaller", len(w.Brotli), len(w.Body))
			}
		})
	}
	for _, as := range a.byURL {
		if strings.HasSuffix(as.Name, ".br") {
			t.Errorf("%s is served as an asset of its own; it is another encoding of %s", as.Name, strings.TrimSuffix(as.Name, ".br"))
		}
	}
}

// A page of a game loads that game's module, a smaller one than the module
// with every game, which the pages of no one game load; the modules are not
// in the service worker's install list (a page asks for them when idle).
func TestModuleFor(t *testing.T) {
	a, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	all := a.URL(Module)
	for _, tc := range []struct{ game, want string }{
		{"", all},
		{"spells-arrows", a.URL(ModuleOf("spells-arrows"))},
		{"no-such-game", all},
	} {
		t.Run(tc.game, func(t *testing.T) {
			got := a.ModuleURL(tc.game)
			if got != tc.want || strings.Contains(got, "/missing/") {
				t.Fatalf("ModuleURL(%q) = %s, want %s", tc.game, got, tc.want)
			}
		})
	}
	own, _ := a.ByName(ModuleOf("spells-arrows"))
	every, _ := a.ByName(Module)
	if len(own.Brotli) >= len(every.Brotli) {
		t.Errorf("Spells & Arrows' module %d bytes, the one with every game %d: a game's own should be smaller", len(own.Brotli), len(every.Brotli))
	}
	for _, u := range a.URLs() {
		if _, ok := a.ModuleSizes()[u]; ok {
			t.Errorf("%s is in the install list", u)
		}
	}
}

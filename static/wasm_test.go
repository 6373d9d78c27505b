package static

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
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
	for _, name := range []string{"grimoire.wasm.gz", "grimoire.wasm.br"} {
		fresh, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		committed, err := os.ReadFile(filepath.Join("wasm", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(fresh, committed) {
			t.Errorf("static/wasm/%s (%d bytes) is not what the source builds (%d bytes) with %s: "+
				"run `go generate ./static` (or `task wasm`) and commit static/wasm", name, len(committed), len(fresh), runtime.Version())
		}
	}
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
	w, ok := a.ByName("wasm/grimoire.wasm")
	if !ok || !w.Gzip || w.Brotli == nil || !strings.HasSuffix(w.URL, ".wasm") {
		t.Fatalf("wasm asset = %+v, %v; want a gzip- and brotli-embedded file under a .wasm URL", w, ok)
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
	for _, as := range a.byURL {
		if strings.HasSuffix(as.Name, ".br") {
			t.Errorf("%s is served as an asset of its own; it is another encoding of %s", as.Name, strings.TrimSuffix(as.Name, ".br"))
		}
	}
}

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
)

// TestWasmMatchesSource rebuilds the WebAssembly module from source and
// fails when the committed static/wasm/grimoire.wasm.gz differs, so CI proves
// the binary serves what the source says. The fix is `go generate ./static`
// (task wasm), then commit static/wasm/grimoire.wasm.gz.
func TestWasmMatchesSource(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly module (~30 s cold)")
	}
	out := filepath.Join(t.TempDir(), "grimoire.wasm.gz")
	cmd := exec.Command("go", "run", "./wasm/gen.go", "-o", out)
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("build the module: %v", err)
	}
	fresh, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile(filepath.Join("wasm", "grimoire.wasm.gz"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(fresh, committed) {
		t.Fatalf("static/wasm/grimoire.wasm.gz (%d bytes) is not what the source builds (%d bytes) with %s: "+
			"run `go generate ./static` (or `task wasm`) and commit static/wasm/grimoire.wasm.gz", len(committed), len(fresh), runtime.Version())
	}
}

// TestWasmExecMatchesGo checks the vendored wasm_exec.js is the one of the
// Go release that builds the module: the two must agree.
func TestWasmExecMatchesGo(t *testing.T) {
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
	if !ok || !w.Gzip || !strings.HasSuffix(w.URL, ".wasm") {
		t.Fatalf("wasm asset = %+v, %v; want a gzip-embedded file under a .wasm URL", w, ok)
	}
	zr, err := gzip.NewReader(bytes.NewReader(w.Body))
	if err != nil {
		t.Fatal(err)
	}
	head := make([]byte, 4)
	if _, err := io.ReadFull(zr, head); err != nil || string(head) != "\x00asm" {
		t.Fatalf("inflated module starts %q (%v), want the wasm magic", head, err)
	}
}

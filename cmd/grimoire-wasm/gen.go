//go:build ignore

// gen builds the WebAssembly module (this directory's package main, for
// GOOS=js GOARCH=wasm) and writes it compressed twice, byte for byte the same
// for the same sources and Go version: no file name or time in the gzip
// header, -trimpath, no build id. It also copies the Go release's
// wasm_exec.js next to htmx in static/vendor, since the two must match.
//
// grimoire.wasm.br (brotli, quality 11, 16 MB window) is what browsers that
// accept br get: about 28% smaller than gzip -9 on this module. 2^24 is the
// largest window RFC 7932 allows, so every browser's br decoder takes it
// (the large-window variant is not part of Content-Encoding: br), and the
// raw module (about 10 MB) fits in it whole. The gzip copy stays for
// clients that do not offer br (browsers offer it over HTTPS, not always
// over plain HTTP). Both encoders are deterministic for the same input and
// settings.
//
// The module is always built by the Go release go.mod names (its go line):
// a newer local Go switches to it through GOTOOLCHAIN (fetched once from the
// module proxy), so everyone builds the same bytes.
//
// It is built with the small templ runtime in cmd/grimoire-wasm/templrt in
// place of github.com/a-h/templ (real templ imports net/http, which with
// crypto/tls and the rest is a fifth of the compressed module): a go.mod
// derived from the main one at build time, with a replace directive, is
// passed to go build as -modfile, so nothing is duplicated and a templ
// upgrade in go.mod reaches the derived file. The replacement path is
// relative (to the main module's root), so the build is the same from any
// checkout.
//
//	go run ./cmd/grimoire-wasm/gen.go            # (go generate ./static) refresh the committed files
//	go run ./cmd/grimoire-wasm/gen.go -o DIR     # build into DIR only (the drift test)
//	go run ./cmd/grimoire-wasm/gen.go -modfile DIR  # only write DIR/go.mod and DIR/go.sum (the lite-templ test)
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/andybalholm/brotli"
)

// Names of the committed module files in static/wasm.
const (
	gzName = "grimoire.wasm.gz"
	brName = "grimoire.wasm.br"
)

func main() {
	out := flag.String("o", "", "write the compressed modules ("+gzName+", "+brName+") into this directory and touch nothing else")
	modDir := flag.String("modfile", "", "only write the derived go.mod and go.sum the module is built with into this directory")
	flag.Parse()
	dir, err := moduleDir()
	if err != nil {
		log.Fatal(err)
	}
	if *modDir != "" {
		if _, err := LiteModfile(dir, *modDir); err != nil {
			log.Fatal(err)
		}
		return
	}
	toolchain, err := Toolchain(dir)
	if err != nil {
		log.Fatal(err)
	}
	raw, err := build(dir, toolchain)
	if err != nil {
		log.Fatal(err)
	}
	files, err := compressed(raw)
	if err != nil {
		log.Fatal(err)
	}
	if *out != "" {
		for name, b := range files {
			if err := os.WriteFile(filepath.Join(*out, name), b, 0o644); err != nil {
				log.Fatal(err)
			}
		}
		return
	}
	for _, name := range []string{gzName, brName} {
		target := filepath.Join(dir, "static", "wasm", name)
		if old, err := os.ReadFile(target); err == nil && bytes.Equal(old, files[name]) {
			fmt.Printf("static/wasm/%s is up to date\n", name)
			continue
		}
		if err := os.WriteFile(target, files[name], 0o644); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("static/wasm/%s: %d bytes (module %d bytes)\n", name, len(files[name]), len(raw))
	}
	root, err := goEnv(dir, toolchain, "GOROOT")
	if err != nil {
		log.Fatal(err)
	}
	js, err := os.ReadFile(filepath.Join(root, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "static", "vendor", "wasm_exec.js"), js, 0o644); err != nil {
		log.Fatal(err)
	}
}

func moduleDir() (string, error) {
	b, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	return filepath.Dir(strings.TrimSpace(string(b))), nil
}

// Toolchain is the Go release the module is built with: "go" and go.mod's
// go line ("go1.26.8").
func Toolchain(dir string) (string, error) {
	b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "go "); ok {
			return "go" + strings.TrimSpace(v), nil
		}
	}
	return "", fmt.Errorf("go.mod has no go line")
}

// toolchainEnv runs go commands with the pinned release.
func toolchainEnv(toolchain string) []string {
	return append(os.Environ(), "GOTOOLCHAIN="+toolchain)
}

func goEnv(dir, toolchain, name string) (string, error) {
	cmd := exec.Command("go", "env", name)
	cmd.Dir = dir
	cmd.Env = toolchainEnv(toolchain)
	b, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go env %s with %s: %w", name, toolchain, err)
	}
	return strings.TrimSpace(string(b)), nil
}

// build compiles the module and returns its raw bytes.
func build(dir, toolchain string) ([]byte, error) {
	tmp, err := os.MkdirTemp("", "grimoire-wasm")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	modfile, err := LiteModfile(dir, tmp)
	if err != nil {
		return nil, err
	}
	wasm := filepath.Join(tmp, "grimoire.wasm")
	cmd := exec.Command("go", "build", "-modfile="+modfile, "-trimpath", "-buildvcs=false", "-ldflags=-s -w -buildid=", "-o", wasm, "./cmd/grimoire-wasm")
	cmd.Dir = dir
	cmd.Env = append(toolchainEnv(toolchain), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("go build (js/wasm): %w", err)
	}
	return os.ReadFile(wasm)
}

// LiteTempl is where the module's templ runtime lives, relative to the
// main module's root (a replace directive's relative path is read from
// there even when go.mod is given as -modfile).
const LiteTempl = "./cmd/grimoire-wasm/templrt"

// LiteModfile writes into out a go.mod that is dir's with templ replaced by
// LiteTempl, and go.sum beside it (-modfile reads the sums next to the file
// it is given). It returns the go.mod's path.
func LiteModfile(dir, out string) (string, error) {
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return "", fmt.Errorf("derive the module's go.mod: %w", err)
	}
	sum, err := os.ReadFile(filepath.Join(dir, "go.sum"))
	if err != nil {
		return "", fmt.Errorf("derive the module's go.sum: %w", err)
	}
	if bytes.Contains(mod, []byte("\nreplace")) {
		// A replace of our own would have to be merged with this one.
		return "", fmt.Errorf("go.mod has a replace directive: teach gen.go's LiteModfile to keep it")
	}
	mod = append(mod, "\n// Written by cmd/grimoire-wasm/gen.go for the WebAssembly module only.\nreplace github.com/a-h/templ => "+LiteTempl+"\n"...)
	path := filepath.Join(out, "go.mod")
	if err := os.WriteFile(path, mod, 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(out, "go.sum"), sum, 0o644); err != nil {
		return "", err
	}
	return path, nil
}

// compressed is the module as each committed file holds it.
func compressed(raw []byte) (map[string][]byte, error) {
	var gz bytes.Buffer
	zw, err := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	// The zero header has no name and no time: the output depends only on
	// the module's bytes.
	if _, err := zw.Write(raw); err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	var br bytes.Buffer
	bw := brotli.NewWriterOptions(&br, brotli.WriterOptions{Quality: brotli.BestCompression, LGWin: 24})
	if _, err := bw.Write(raw); err != nil {
		return nil, fmt.Errorf("brotli: %w", err)
	}
	if err := bw.Close(); err != nil {
		return nil, fmt.Errorf("brotli: %w", err)
	}
	return map[string][]byte{gzName: gz.Bytes(), brName: br.Bytes()}, nil
}

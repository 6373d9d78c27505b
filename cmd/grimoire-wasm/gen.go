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
// It builds one module with every game of games.go (grimoire.wasm: the
// pages of no one game, such as a game started offline, use it) and one per
// game (grimoire-ID.wasm, ID the game's play.Info ID), which the pages of
// that game load: a game's own module is a fifth to a half smaller, so a
// phone is ready to play it offline sooner. games.go stays the one list: a
// game's module is built with an overlay (go build -overlay) that puts in
// games.go's place a file listing that one game, and the games, their ids
// and their packages are read by running games.go itself on this machine
// (the same overlay mechanism, in a directory that exists only in it).
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
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
)

// Module is the name of the module with every game, in static/wasm,
// without the compression's suffix; a game's module is ModuleOf(ID).
const Module = "grimoire.wasm"

// ModuleOf is the name of the module of one game (static.ModuleOf is the
// same rule, as the server looks it up).
func ModuleOf(id string) string { return "grimoire-" + id + ".wasm" }

func main() {
	out := flag.String("o", "", "write the compressed modules ("+Module+".gz, .br and each game's) into this directory and touch nothing else")
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
	kinds, err := gameList(dir, toolchain)
	if err != nil {
		log.Fatal(err)
	}
	builds := []struct {
		name  string
		games []game
	}{{Module, kinds}}
	for _, g := range kinds {
		builds = append(builds, struct {
			name  string
			games []game
		}{ModuleOf(g.id), []game{g}})
	}
	files := map[string][]byte{}
	raws := map[string]int{}
	// The builds run one after another (the go command uses every core);
	// each one's compression, the slow part, runs beside the next build.
	errs := make(chan error, len(builds))
	var mu sync.Mutex
	for _, b := range builds {
		raw, err := build(dir, toolchain, b.games, len(kinds))
		if err != nil {
			log.Fatal(err)
		}
		go func(name string, raw []byte) {
			c, err := compressed(raw)
			mu.Lock()
			defer mu.Unlock()
			raws[name] = len(raw)
			files[name+".gz"], files[name+".br"] = c[gzExt], c[brExt]
			errs <- err
		}(b.name, raw)
	}
	for range builds {
		if err := <-errs; err != nil {
			log.Fatal(err)
		}
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	if *out != "" {
		for _, name := range names {
			if err := os.WriteFile(filepath.Join(*out, name), files[name], 0o644); err != nil {
				log.Fatal(err)
			}
		}
		return
	}
	wasmDir := filepath.Join(dir, "static", "wasm")
	// A module of a game no longer in games.go goes with it.
	old, _ := filepath.Glob(filepath.Join(wasmDir, "grimoire*.wasm.*"))
	for _, p := range old {
		if _, ok := files[filepath.Base(p)]; !ok {
			if err := os.Remove(p); err != nil {
				log.Fatal(err)
			}
			fmt.Printf("static/wasm/%s removed\n", filepath.Base(p))
		}
	}
	for _, name := range names {
		target := filepath.Join(wasmDir, name)
		if old, err := os.ReadFile(target); err == nil && bytes.Equal(old, files[name]) {
			fmt.Printf("static/wasm/%s is up to date\n", name)
			continue
		}
		if err := os.WriteFile(target, files[name], 0o644); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("static/wasm/%s: %d bytes (module %d bytes)\n", name, len(files[name]), raws[strings.TrimSuffix(strings.TrimSuffix(name, ".gz"), ".br")])
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

// game is one entry of games.go's list.
type game struct {
	id   string // play.Info's ID
	pkg  string // the import path of the package of its play.Kind
	name string // its type's name: the entry is pkg.name{}
}

// kindList is the program run with games.go to list its games.
const kindList = `package main

import (
	"fmt"
	"reflect"
)

func main() {
	for _, k := range games() {
		t := reflect.TypeOf(k)
		if t.Kind() != reflect.Struct || !reflect.ValueOf(k).IsZero() {
			panic("gen.go builds a game's module from an entry written pkg.Kind{}; teach it " + t.String())
		}
		fmt.Printf("%s\t%s\t%s\n", k.Info().ID, t.PkgPath(), t.Name())
	}
}
`

// gameList runs games.go on this machine to read its games.
func gameList(dir, toolchain string) ([]game, error) {
	tmp, err := os.MkdirTemp("", "grimoire-games")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	main := filepath.Join(tmp, "main.go")
	if err := os.WriteFile(main, []byte(kindList), 0o644); err != nil {
		return nil, err
	}
	at := filepath.Join(dir, "cmd", "grimoire-wasm", "kindlist")
	ov, err := overlay(tmp, map[string]string{
		filepath.Join(at, "main.go"):  main,
		filepath.Join(at, "games.go"): filepath.Join(dir, "cmd", "grimoire-wasm", "games.go"),
	})
	if err != nil {
		return nil, err
	}
	cmd := exec.Command("go", "run", "-overlay="+ov, "./cmd/grimoire-wasm/kindlist")
	cmd.Dir = dir
	cmd.Env = toolchainEnv(toolchain)
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("list games.go's games: %w", err)
	}
	var out []game
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			return nil, fmt.Errorf("list games.go's games: %q", line)
		}
		out = append(out, game{id: f[0], pkg: f[1], name: f[2]})
	}
	return out, nil
}

// overlay writes the go command's overlay file that puts each file's
// replacement in its place.
func overlay(tmp string, replace map[string]string) (string, error) {
	b, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		return "", err
	}
	p := filepath.Join(tmp, "overlay.json")
	return p, os.WriteFile(p, b, 0o644)
}

// oneGame is games.go for a module of the given games only.
func oneGame(games []game) string {
	var imp, list strings.Builder
	for _, g := range games {
		fmt.Fprintf(&imp, "\t%q\n", g.pkg)
		fmt.Fprintf(&list, "\t\t%s.%s{},\n", path.Base(g.pkg), g.name)
	}
	return "// Written by cmd/grimoire-wasm/gen.go in games.go's place.\n\npackage main\n\nimport (\n\t\"github.com/grimoire-games/grimoire/play\"\n" +
		imp.String() + ")\n\nfunc games() []play.Kind {\n\treturn []play.Kind{\n" + list.String() + "\t}\n}\n"
}

// build compiles the module of the given games and returns its raw bytes:
// games.go as it is when they are all of its all games, otherwise games.go
// overlaid by a list of these.
func build(dir, toolchain string, games []game, all int) ([]byte, error) {
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
	args := []string{"build", "-modfile=" + modfile, "-trimpath", "-buildvcs=false", "-ldflags=-s -w -buildid="}
	if len(games) < all {
		src := filepath.Join(tmp, "games.go")
		if err := os.WriteFile(src, []byte(oneGame(games)), 0o644); err != nil {
			return nil, err
		}
		ov, err := overlay(tmp, map[string]string{filepath.Join(dir, "cmd", "grimoire-wasm", "games.go"): src})
		if err != nil {
			return nil, err
		}
		args = append(args, "-overlay="+ov)
	}
	cmd := exec.Command("go", append(args, "-o", wasm, "./cmd/grimoire-wasm")...)
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

// The committed files' suffixes.
const (
	gzExt = ".gz"
	brExt = ".br"
)

// compressed is the module as each committed file holds it, by suffix.
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
	return map[string][]byte{gzExt: gz.Bytes(), brExt: br.Bytes()}, nil
}

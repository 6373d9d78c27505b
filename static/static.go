// Package static embeds the app's files: styles, the page scripts, vendored
// htmx, icons, the web app manifest, the service worker and the offline
// WebAssembly modules (built from cmd/grimoire-wasm: one with every game,
// one per game). It imports nothing of
// the app: it is the bottom of the import graph. Assets are served
// under content-hashed names so browsers may cache them for a year.
package static

import (
	"crypto/sha256"
	"embed"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

//go:generate go run ../cmd/grimoire-wasm/gen.go
//go:generate go run ../lang/genbundles.go

//go:embed app.css app.js screen.js court.js replay.css replay.js sandbox.js silence.wav icon.svg icon-192.png icon-512.png icon-maskable-512.png apple-touch-icon.png manifest.webmanifest sw.js vendor
//go:embed screenshots
//go:embed offline.js league.js wasm/*.wasm.gz wasm/*.wasm.br lang/*.json
var files embed.FS

// HtmxVersion is the vendored htmx release (from the npm package htmx.org).
const HtmxVersion = "2.0.11"

// Asset is one embedded file with its hashed URL.
type Asset struct {
	Name string // logical name, e.g. "app.css" or "vendor/htmx-2.0.11.min.js"
	URL  string // "/static/app.3f2a1b9c.css"
	Body []byte
	Hash string // first 16 hex digits of the SHA-256 of Body
	// Gzip marks a file embedded compressed (name.gz): Name and URL drop
	// the .gz and Body is the gzip stream, served with Content-Encoding.
	Gzip bool
	// Brotli is the same file's brotli stream when one is embedded beside
	// the gzip one (name.br): smaller, for clients that accept br.
	Brotli []byte
	// Size is a gzip-embedded file's size once decoded (from the gzip
	// trailer): what a page counts a download's progress against, since
	// it reads the bytes decoded.
	Size int
}

// Module is the logical name of the offline WebAssembly module with every
// game; ModuleOf names the module of one game (cmd/grimoire-wasm/gen.go
// builds both kinds from cmd/grimoire-wasm/games.go).
const Module = "wasm/grimoire.wasm"

// ModuleOf is the logical name of the module of the game with the given id.
func ModuleOf(game string) string { return "wasm/grimoire-" + game + ".wasm" }

// isModule says a logical name is one of the offline modules.
func isModule(name string) bool {
	return strings.HasPrefix(name, "wasm/grimoire") && strings.HasSuffix(name, ".wasm")
}

// Assets is every embedded file by logical name and by hashed URL path.
type Assets struct {
	byName map[string]*Asset
	byURL  map[string]*Asset
	// Version changes whenever any asset changes; the service worker's cache
	// is named after it.
	Version string
}

// Load hashes every embedded file once at start-up.
func Load() (*Assets, error) {
	a := &Assets{byName: map[string]*Asset{}, byURL: map[string]*Asset{}}
	// A name.br file is another encoding of name.gz, not an asset of its
	// own: it is read first and joins its gzip twin below.
	brs := map[string][]byte{}
	err := fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".br") {
			return err
		}
		body, err := files.ReadFile(p)
		if err != nil {
			return fmt.Errorf("read embedded %s: %w", p, err)
		}
		brs[strings.TrimSuffix(p, ".br")] = body
		return nil
	})
	if err != nil {
		return nil, err
	}
	all := sha256.New()
	err = fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".br") {
			return err
		}
		body, err := files.ReadFile(p)
		if err != nil {
			return fmt.Errorf("read embedded %s: %w", p, err)
		}
		body = trimmed(p, body)
		name, gz := strings.CutSuffix(p, ".gz")
		br, hasBr := brs[name]
		if hasBr && !gz {
			return fmt.Errorf("embedded %s.br has no gzip twin %s.gz", name, name)
		}
		delete(brs, name)
		h := sha256.New()
		h.Write(body)
		// Either body may be what a client gets under the URL, so the hash
		// names both.
		h.Write(br)
		sum := h.Sum(nil)
		hash := hex.EncodeToString(sum)[:16]
		ext := path.Ext(name)
		url := "/static/" + strings.TrimSuffix(name, ext) + "." + hash + ext
		as := &Asset{Name: name, URL: url, Body: body, Hash: hash, Gzip: gz, Brotli: br}
		if gz && len(body) >= 4 {
			// ISIZE, the last field of a gzip stream: the size mod 2^32.
			as.Size = int(binary.LittleEndian.Uint32(body[len(body)-4:]))
		}
		a.byName[name] = as
		a.byURL[url] = as
		all.Write(sum)
		return nil
	})
	if err != nil {
		return nil, err
	}
	for name := range brs {
		return nil, fmt.Errorf("embedded %s.br has no gzip twin %s.gz", name, name)
	}
	a.Version = hex.EncodeToString(all.Sum(nil))[:12]
	return a, nil
}

// URL is the hashed URL of a logical name. An unknown name is a programming
// error caught by tests, so it yields a URL that 404s rather than a panic.
func (a *Assets) URL(name string) string {
	if as, ok := a.byName[name]; ok {
		return as.URL
	}
	return "/static/missing/" + name
}

// ByURL finds the asset a hashed URL names.
func (a *Assets) ByURL(p string) (*Asset, bool) {
	as, ok := a.byURL[p]
	return as, ok
}

// ByName finds an asset by its logical name.
func (a *Assets) ByName(name string) (*Asset, bool) {
	as, ok := a.byName[name]
	return as, ok
}

// ModuleURL is the hashed URL of the module a page of the given game
// loads (its own, when there is one), or of the one with every game for a
// page of no one game ("").
func (a *Assets) ModuleURL(game string) string {
	if as, ok := a.byName[ModuleOf(game)]; ok && game != "" {
		return as.URL
	}
	return a.URL(Module)
}

// Modules lists the offline modules, the one with every game first, then
// the games' in name order.
func (a *Assets) Modules() []*Asset {
	var out []*Asset
	for _, as := range a.byName {
		if isModule(as.Name) {
			out = append(out, as)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if (out[i].Name == Module) != (out[j].Name == Module) {
			return out[i].Name == Module
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// ModuleSizes is every offline module's decoded size by hashed URL.
func (a *Assets) ModuleSizes() map[string]int {
	out := map[string]int{}
	for _, as := range a.byName {
		if isModule(as.Name) {
			out[as.URL] = as.Size
		}
	}
	return out
}

// isWords says a logical name is one language's words for the offline
// module (lang/<tag>.json): a page fetches its own language's with its
// module, so none is in the precache that every phone downloads.
func isWords(name string) bool {
	return strings.HasPrefix(name, "lang/") && strings.HasSuffix(name, ".json")
}

// Words lists the URLs of every language's words for the module, sorted:
// a new service worker stores again the ones the phone had.
func (a *Assets) Words() []string {
	var out []string
	for u, as := range a.byURL {
		if isWords(as.Name) {
			out = append(out, u)
		}
	}
	sort.Strings(out)
	return out
}

// URLs lists every hashed URL, sorted, for the service worker's precache.
// The store screenshots are left out: only an install dialog shows them, and
// every phone would otherwise download them. So are the offline modules: a
// page asks the worker for them once it is idle, its own game's first, and
// shows the download's progress (static/app.js); and so are the languages'
// words for the module, each page asking for its own language's.
func (a *Assets) URLs() []string {
	out := make([]string, 0, len(a.byURL))
	for u, as := range a.byURL {
		if as.Name == "sw.js" || as.Name == "manifest.webmanifest" || strings.HasPrefix(as.Name, "screenshots/") || isModule(as.Name) || isWords(as.Name) {
			continue
		}
		out = append(out, u)
	}
	sort.Strings(out)
	return out
}

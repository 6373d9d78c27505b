package handlers

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/handlers/encoding"
	"github.com/grimoire-games/grimoire/lang"
	"github.com/grimoire-games/grimoire/static"
)

// asset serves an embedded file by its hashed URL. The hash is in the name,
// so the content behind a URL never changes and may be cached for a year.
func (h *Handler) asset(c echo.Context) error {
	a, ok := h.assets.ByURL(c.Request().URL.Path)
	if !ok {
		return notFound("No such file.")
	}
	hd := c.Response().Header()
	hd.Set("Cache-Control", "public, max-age=31536000, immutable")
	hd.Set("ETag", `"`+a.Hash+`"`)
	// Compression weakens the tag (W/"hash"): either form names these bytes.
	if match := strings.TrimPrefix(c.Request().Header.Get("If-None-Match"), "W/"); match == `"`+a.Hash+`"` {
		return c.NoContent(http.StatusNotModified)
	}
	if a.Gzip {
		return serveEmbeddedCompressed(c, a)
	}
	if sent, err := serveCompressedOnce(c, a.Hash, a.Body, contentType(a.Name)); sent || err != nil {
		return err
	}
	return c.Blob(http.StatusOK, contentType(a.Name), a.Body)
}

// serveEmbeddedCompressed sends a file embedded compressed (the WebAssembly
// module) as it is: brotli to browsers that accept br and when there is a
// brotli copy, else gzip to browsers that accept gzip, and inflated
// otherwise.
func serveEmbeddedCompressed(c echo.Context, a *static.Asset) error {
	ctype := contentType(a.Name)
	hd := c.Response().Header()
	hd.Add("Vary", "Accept-Encoding")
	kind := encoding.ModuleGzip
	if a.Brotli != nil {
		kind = encoding.Module
	}
	switch encoding.Choose(kind, c.Request().Header.Get("Accept-Encoding"), false) {
	case "br":
		hd.Set("Content-Encoding", "br")
		return c.Blob(http.StatusOK, ctype, a.Brotli)
	case "gzip":
		hd.Set("Content-Encoding", "gzip")
		return c.Blob(http.StatusOK, ctype, a.Body)
	}
	zr, err := gzip.NewReader(bytes.NewReader(a.Body))
	if err != nil {
		return fmt.Errorf("inflate asset: %w", err)
	}
	defer zr.Close()
	c.Response().Header().Set(echo.HeaderContentType, ctype)
	c.Response().WriteHeader(http.StatusOK)
	_, err = io.Copy(c.Response(), zr)
	return err
}

func contentType(name string) string {
	switch {
	case strings.HasSuffix(name, ".css"):
		return "text/css; charset=utf-8"
	case strings.HasSuffix(name, ".js"):
		return "text/javascript; charset=utf-8"
	case strings.HasSuffix(name, ".svg"):
		return "image/svg+xml"
	case strings.HasSuffix(name, ".png"):
		return "image/png"
	case strings.HasSuffix(name, ".webmanifest"):
		return "application/manifest+json"
	case strings.HasSuffix(name, ".wasm"):
		return "application/wasm"
	case strings.HasSuffix(name, ".wav"):
		// court.js's silent loop, which keeps a headset's buttons on the page
		return "audio/wav"
	default:
		return "application/octet-stream"
	}
}

// precachePages are the pages the service worker saves at install so they
// open without network after the first visit: the home page (its list of
// this phone's games; offline.js adds the games saved in IndexedDB), the
// new-game pages, the rules, the settings, the offline page and the empty
// screen a game started offline is drawn into.
func (h *Handler) precachePages() []string {
	pages := []string{"/", "/new", "/offline", "/offline/game", "/rules", "/settings"}
	for _, k := range h.games {
		id := k.Info().ID
		pages = append(pages, "/new/"+id, "/rules/"+id)
	}
	return pages
}

// serviceWorker serves /sw.js from the site root (so its scope is the whole
// app) with the list of files to precache filled in. It must not be cached
// for long, or a new release would wait days to reach a phone.
func (h *Handler) serviceWorker(c echo.Context) error {
	a, ok := h.assets.ByName("sw.js")
	if !ok {
		return notFound("No service worker.")
	}
	urls := append(h.assets.URLs(), h.precachePages()...)
	var modules []string
	for u := range h.assets.ModuleSizes() {
		modules = append(modules, u)
	}
	sort.Strings(modules)
	// A language's words for the module ("words") are kept like a module:
	// an update stores again the ones the phone had.
	manifest, err := json.Marshal(map[string]any{"version": h.assets.Version, "urls": dedupe(urls), "modules": modules, "all": h.assets.ModuleURL(""), "words": h.assets.Words()})
	if err != nil {
		return err
	}
	body := strings.Replace(string(a.Body), `/*GRIMOIRE_PRECACHE*/ { "version": "dev", "urls": ["/offline"], "modules": [], "all": "", "words": [] }`, string(manifest), 1)
	hd := c.Response().Header()
	hd.Set("Cache-Control", "no-cache")
	hd.Set("Service-Worker-Allowed", "/")
	return c.Blob(http.StatusOK, "text/javascript; charset=utf-8", []byte(body))
}

// favicon answers the /favicon.ico every browser asks for on its own, with
// the app's icon. Without it that request drew a 404 page and, for a new
// browser, minted a device and a CSRF cookie in the background: a cookie
// that could land after the ones a page had just set.
func (h *Handler) favicon(c echo.Context) error {
	a, ok := h.assets.ByName("icon-192.png")
	if !ok {
		return notFound("No icon.")
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=86400")
	return c.Blob(http.StatusOK, "image/png", a.Body)
}

// manifest serves the web app manifest with its icons and screenshots at
// their hashed URLs: the file names them "/static/icon-192.png", which only
// exist hashed.
func (h *Handler) manifest(c echo.Context) error {
	a, ok := h.assets.ByName("manifest.webmanifest")
	if !ok {
		return notFound("No manifest.")
	}
	var m map[string]any
	if err := json.Unmarshal(a.Body, &m); err != nil {
		return fmt.Errorf("manifest.webmanifest: %w", err)
	}
	h.hashSrcs(m["icons"])
	h.hashSrcs(m["screenshots"])
	shortcuts, _ := m["shortcuts"].([]any)
	for _, sc := range shortcuts {
		if sc, ok := sc.(map[string]any); ok {
			h.hashSrcs(sc["icons"])
		}
	}
	// The page names its language in the link (a browser fetches the
	// manifest without cookies); the words are the catalog's.
	l, ok := lang.Parse(c.QueryParam("lang"))
	if !ok {
		l = lang.English
	}
	m["lang"] = l.Tag()
	manifestWords(l, m)
	body, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return fmt.Errorf("manifest.webmanifest: %w", err)
	}
	c.Response().Header().Set("Cache-Control", "public, max-age=3600")
	return c.Blob(http.StatusOK, "application/manifest+json", body)
}

// manifestKeys are the catalog sentences the manifest file says in
// English, found there by their English words.
var manifestKeys = []lang.Key{
	lang.ManifestDescription, lang.ManifestSADescription, lang.ManifestTWDescription,
	lang.ManifestSCDescription, lang.ManifestShotCourt, lang.ManifestShotCasting,
}

// manifestWords says the manifest's words in l: each description and
// label that is one of manifestKeys in English, and each shortcut's name
// as the new-game choice of its short name ("New Spells & Arrows game").
// The file stays plain English a browser could read as it is.
func manifestWords(l lang.Lang, m map[string]any) {
	say := func(v any) any {
		s, _ := v.(string)
		for _, k := range manifestKeys {
			if s != "" && lang.English.T(k) == s {
				return l.T(k)
			}
		}
		return v
	}
	m["description"] = say(m["description"])
	shots, _ := m["screenshots"].([]any)
	for _, e := range shots {
		if e, ok := e.(map[string]any); ok {
			e["label"] = say(e["label"])
		}
	}
	shortcuts, _ := m["shortcuts"].([]any)
	for _, e := range shortcuts {
		e, ok := e.(map[string]any)
		if !ok {
			continue
		}
		e["description"] = say(e["description"])
		if short, _ := e["short_name"].(string); short != "" && e["name"] == lang.English.T(lang.ChoiceNewGame, short) {
			e["name"] = l.T(lang.ChoiceNewGame, short)
		}
	}
}

// hashSrcs rewrites the "src" of each entry of a manifest list (icons,
// screenshots) to the file's hashed URL.
func (h *Handler) hashSrcs(list any) {
	entries, _ := list.([]any)
	for _, e := range entries {
		if entry, ok := e.(map[string]any); ok {
			if src, ok := entry["src"].(string); ok {
				entry["src"] = h.assets.URL(strings.TrimPrefix(src, "/static/"))
			}
		}
	}
}

func dedupe(in []string) []string {
	seen := map[string]bool{}
	out := in[:0:0]
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

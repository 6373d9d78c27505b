package handlers

import (
	"bytes"
	"context"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/handlers/encoding"
	"github.com/grimoire-games/grimoire/play"
)

// A tap's answer is a handful of fragments whose markup hardly changes from
// tap to tap or game to game: the same elements, classes, labels and
// buttons around a few new words and numbers. A browser that takes
// Compression Dictionary Transport (RFC 9842; Chromium since version 130)
// keeps a dictionary of such fragments, fetched once per build, and names
// it in Available-Dictionary on every request under /g/ (a spectator's
// under /watch/); those answers go out as zstd compressed against it
// (Content-Encoding dcz). On the real tap
// answers of BenchmarkAnswerCoders that is 495 B against gzip's 1,231 B:
// on a phone with one bar of signal the answer is two to three times
// smaller. It costs the server no more: 76-103 µs against gzip's 101-131
// µs with the caches cold, as between two taps, and 20-26 µs against
// 19-30 µs warm (two runs, docs/perf/2026-12-02-bench-answercoders-*).
// Every other client, and a browser still holding an older build's
// dictionary, gets gzip as before.
//
// The dictionary is drawn at start from each game's own sample games
// (play.Sampler) as tap answers are written, so it always matches the
// templates of this build, and every server of the build makes the same
// bytes: a phone's dictionary is good on any of them.

// dictionaryScopes are the URL prefixes whose answers may be compressed
// against the dictionary: a game's page, its taps and refreshes
// (scopeGame), and a spectator's (scopeWatch); routes.go puts each route
// in its scope (inDictionaryScope). A dictionary serves one URL pattern
// (RFC 9842's match), so the same bytes are offered once per scope, each
// copy at its own URL: a spectator's page links to the copy for /watch/,
// every other page to the one for /g/.
var dictionaryScopes = [...]string{scopeGame: "/g/", scopeWatch: "/watch/"}

// A dictionary scope: an index into dictionaryScopes.
const (
	scopeGame = iota
	scopeWatch
)

// dictionaryPrefix is where the dictionary is served, by the hash of its
// bytes and the scope it is offered for: a new build's dictionary has new
// URLs, and one URL's bytes never change.
const dictionaryPrefix = "/dictionary/"

// dictionary is the text dcz answers are compressed against, and the URLs
// of its copies, one per scope (dictionaryScopes).
type dictionary struct {
	*encoding.Dictionary
	paths []string
}

// newDictionary draws the sample screens of every game that has them as
// tap answers (encoding.SampleText); nil when no game draws samples, and
// every answer goes gzip.
func newDictionary(games []play.Kind) (*dictionary, error) {
	ctx := context.Background()
	raw, err := encoding.SampleText(games, func(buf *bytes.Buffer, frags []encoding.Sample) error {
		add := make([]rendered, len(frags))
		for i, f := range frags {
			add[i] = rendered{ID: f.ID, HTML: f.HTML}
		}
		return fragmentsBody(ctx, buf, nil, add, "", false)
	})
	if err != nil || raw == nil {
		return nil, err
	}
	ed, err := encoding.NewDictionary(raw)
	if err != nil {
		return nil, err
	}
	d := &dictionary{Dictionary: ed}
	for _, scope := range dictionaryScopes {
		d.paths = append(d.paths, dictionaryPrefix+ed.Tag()+"-"+strings.Trim(scope, "/")+".txt")
	}
	return d, nil
}

// ctxScope is where inDictionaryScope leaves the route's scope.
const ctxScope = "grimoire.dictionary-scope"

// inDictionaryScope puts a route in a scope of the dictionary: its answers
// vary on the dictionary held and go out compressed against it to a
// browser that holds it, and its pages link to that scope's copy.
func (h *Handler) inDictionaryScope(scope int) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if h.dict == nil {
				return next(c)
			}
			c.Set(ctxScope, scope)
			if w, ok := c.Response().Writer.(*encoding.Writer); ok {
				w.InScope(h.dict.Dictionary, c.Request())
			}
			return next(c)
		}
	}
}

// dictionaryFile serves the dictionary: for a year, as it never changes,
// and marked with the URLs it serves (Use-As-Dictionary).
func (h *Handler) dictionaryFile(c echo.Context) error {
	d := h.dict
	i := -1
	if d != nil {
		i = slices.Index(d.paths, c.Request().URL.Path)
	}
	if i < 0 {
		return notFound("No such dictionary.")
	}
	hd := c.Response().Header()
	hd.Set("Use-As-Dictionary", encoding.UseAsDictionary(dictionaryScopes[i]))
	hd.Set("Cache-Control", "public, max-age=31536000, immutable")
	tag := d.Tag()
	hd.Set("ETag", `"`+tag+`"`)
	if match := strings.TrimPrefix(c.Request().Header.Get("If-None-Match"), "W/"); match == `"`+tag+`"` {
		return c.NoContent(http.StatusNotModified)
	}
	const ctype = "text/plain; charset=utf-8"
	if sent, err := serveCompressedOnce(c, tag, d.Raw(), ctype); sent || err != nil {
		return err
	}
	return c.Blob(http.StatusOK, ctype, d.Raw())
}

// dictionaryLink is the copy of the dictionary a page links to: its route's
// scope's, else the game's (a phone fetches that one once, from whichever
// page it opens first, before it opens a game).
func (h *Handler) dictionaryLink(c echo.Context) string {
	if h.dict == nil {
		return ""
	}
	scope, _ := c.Get(ctxScope).(int)
	return h.dict.paths[scope]
}

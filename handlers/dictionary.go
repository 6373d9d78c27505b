package handlers

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/grimoire-games/grimoire/handlers/encoding"
	"github.com/grimoire-games/grimoire/play"
	"github.com/grimoire-games/grimoire/views/offline"
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

// dictionaryMax bounds the dictionary a phone fetches (brotli takes it to
// about a sixth over the wire).
const dictionaryMax = 96 << 10

// predictedRatio is how well the dictionary must already compress a sample
// fragment for it to be left out. On random Spells & Arrows games (6, 484
// answers; 2026-12-02) an eighth made a 57 KB dictionary, answers of median
// 440 B (p90 655 B); a fifth 31 KB and 483 B (974 B); a sixteenth 90 KB
// and 415 B (611 B), for a third more of zstd's copying per answer.
const predictedRatio = 8

// dictionary is the text dcz answers are compressed against, and the URLs
// of its copies, one per scope (dictionaryScopes).
type dictionary struct {
	*encoding.Dictionary
	paths []string
}

// newDictionary draws the sample screens of every game that has them.
// The games come in the app's order; the first game's samples end the
// dictionary, where they are cheapest to reach.
func newDictionary(games []play.Kind) (*dictionary, error) {
	var buf bytes.Buffer
	for i := len(games) - 1; i >= 0; i-- {
		s, ok := games[i].(play.Sampler)
		if !ok {
			continue
		}
		if err := writeSamples(&buf, games[i], s); err != nil {
			return nil, fmt.Errorf("dictionary: %s: %w", games[i].Info().ID, err)
		}
	}
	if buf.Len() == 0 {
		return nil, nil // no game draws samples: every answer goes gzip
	}
	raw := buf.Bytes()
	if len(raw) > dictionaryMax {
		// The start goes: the last game's samples, least often seen.
		raw = raw[len(raw)-dictionaryMax:]
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

// writeSamples writes k's sample screens as tap answers. Left out are what
// tap answers do not carry (the embedded record, which a delta answer
// never sends, and Fixed fragments such as the court's map, sent with the
// page), and every fragment the dictionary already predicts: one that,
// compressed against the dictionary so far, would take less than
// 1/predictedRatio of its size (the turn counter at another number, the
// same hand of cards again). Each text is in once, and the dictionary
// stays small, which matters: zstd copies it into its history for every
// answer.
func writeSamples(buf *bytes.Buffer, k play.Kind, s play.Sampler) error {
	tables, err := s.Samples()
	if err != nil {
		return err
	}
	ctx := context.Background()
	var known *encoding.Predictor
	knownLen := -1 // the dictionary's length when known was made
	for _, t := range tables {
		frags, err := k.Fragments(t, nil)
		if err != nil {
			return fmt.Errorf("sample at version %d: %w", t.Version, err)
		}
		if buf.Len() != knownLen {
			if known, err = encoding.NewPredictor(buf.Bytes()); err != nil {
				return err
			}
			knownLen = buf.Len()
		}
		var add []rendered
		for _, f := range frags {
			if f.ID == offline.ElementID || f.Fixed {
				continue
			}
			html, err := renderString(ctx, f.Component)
			if err != nil {
				return fmt.Errorf("sample at version %d: fragment %s: %w", t.Version, f.ID, err)
			}
			if known.Predicts(html, predictedRatio) {
				continue
			}
			add = append(add, rendered{ID: f.ID, HTML: html})
		}
		if len(add) == 0 {
			continue
		}
		if err := fragmentsBody(ctx, buf, nil, add, "", false); err != nil {
			return err
		}
	}
	return nil
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

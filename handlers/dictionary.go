package handlers

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"math/bits"
	"net/http"
	"runtime"
	"slices"
	"strings"

	"github.com/klauspost/compress/zstd"
	"github.com/labstack/echo/v4"

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

// dictionaryScopes are the URLs whose answers are compressed against the
// dictionary: a game's page, its taps and refreshes, and a spectator's.
// A dictionary serves one URL pattern (RFC 9842's match), so the same bytes
// are offered once per scope, each copy at its own URL: a spectator's page
// links to the copy for /watch/, every other page to the one for /g/.
var dictionaryScopes = []string{"/g/", "/watch/"}

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

// dczMagic starts every dcz answer: a zstd skippable frame of 32 bytes
// (RFC 9842, 4), which holds the dictionary's SHA-256.
var dczMagic = [8]byte{0x5e, 0x2a, 0x4d, 0x18, 0x20, 0x00, 0x00, 0x00}

// dictionary is the text dcz answers are compressed against.
type dictionary struct {
	raw []byte
	sum [32]byte
	// available is the value of Available-Dictionary naming it: the
	// SHA-256 as a structured-field byte sequence.
	available string
	// paths are the URLs of its copies, one per scope (dictionaryScopes).
	paths []string
	// window is the zstd window: a power of two that reaches back over the
	// whole dictionary.
	window int
	// coders are streaming zstd writers with the dictionary loaded, kept
	// on a free list rather than a sync.Pool, which garbage collection
	// empties: on a quiet server, a tap every few seconds with collections
	// between, every answer would make a coder anew, its tables and a pass
	// over the dictionary, 344-406 µs and 1.98 MB against 104-107 µs.
	coders chan *zstd.Encoder
}

// dictionaryCoders bounds the free list: more answers compressed at once
// than this make a coder for the moment and drop it after.
func dictionaryCoders() int { return 2 * runtime.GOMAXPROCS(0) }

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
	d := &dictionary{raw: raw, sum: sha256.Sum256(raw), coders: make(chan *zstd.Encoder, dictionaryCoders())}
	d.available = ":" + base64.StdEncoding.EncodeToString(d.sum[:]) + ":"
	for _, scope := range dictionaryScopes {
		d.paths = append(d.paths, dictionaryPrefix+hex.EncodeToString(d.sum[:16])+"-"+strings.Trim(scope, "/")+".txt")
	}
	d.window = max(zstd.MinWindowSize, 1<<bits.Len(uint(len(raw))))
	// Made once here, so a dictionary zstd refuses fails the start, not
	// a tap.
	zw, err := d.newCoder()
	if err != nil {
		return nil, err
	}
	d.coders <- zw
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
	var known *zstd.Encoder
	knownLen := -1 // the dictionary's length when known was made
	for _, t := range tables {
		frags, err := k.Fragments(t, nil)
		if err != nil {
			return fmt.Errorf("sample at version %d: %w", t.Version, err)
		}
		if buf.Len() != knownLen {
			if known, err = predictor(buf.Bytes()); err != nil {
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
			if known != nil && len(known.EncodeAll([]byte(html), nil))*predictedRatio < len(html) {
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

// predictor compresses against text (nil while there is too little of it
// to predict anything).
func predictor(text []byte) (*zstd.Encoder, error) {
	if len(text) < 1024 {
		return nil, nil
	}
	zw, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest), zstd.WithEncoderConcurrency(1),
		zstd.WithWindowSize(max(zstd.MinWindowSize, 1<<bits.Len(uint(len(text))))), zstd.WithEncoderDictRaw(0, text), zstd.WithEncoderCRC(false))
	if err != nil {
		return nil, fmt.Errorf("dictionary: zstd: %w", err)
	}
	return zw, nil
}

func (d *dictionary) newCoder() (*zstd.Encoder, error) {
	zw, err := zstd.NewWriter(nil,
		zstd.WithEncoderLevel(zstd.SpeedFastest),
		zstd.WithEncoderConcurrency(1),
		zstd.WithWindowSize(d.window),
		zstd.WithEncoderDictRaw(0, d.raw))
	if err != nil {
		return nil, fmt.Errorf("dictionary: zstd: %w", err)
	}
	return zw, nil
}

// scope is the index of the scope a URL path lies in, or -1.
func scope(path string) int {
	for i, s := range dictionaryScopes {
		if strings.HasPrefix(path, s) {
			return i
		}
	}
	return -1
}

// inScope says answers at this path may go out compressed against the
// dictionary (so they vary on Available-Dictionary).
func (d *dictionary) inScope(path string) bool { return d != nil && scope(path) >= 0 }

// covers says the browser holds this dictionary for the request's URL: it
// takes dcz and names this dictionary. A request in scope that names
// another (an older build's) is answered gzip.
func (d *dictionary) covers(r *http.Request) bool {
	return d.inScope(r.URL.Path) &&
		r.Header.Get(headerAvailableDictionary) == d.available &&
		takes(r.Header.Get(echo.HeaderAcceptEncoding), "dcz")
}

// linkFor is the copy a page at path links to: the spectator's under
// /watch/, the game's everywhere else (a phone fetches that one once,
// from whichever page it opens first, before it opens a game).
func (d *dictionary) linkFor(path string) string {
	if d == nil {
		return ""
	}
	if i := scope(path); i > 0 {
		return d.paths[i]
	}
	return d.paths[0]
}

// dczWriter compresses one answer against the dictionary: the header frame,
// then a zstd frame.
type dczWriter struct {
	d  *dictionary
	zw *zstd.Encoder
}

func (d *dictionary) writer(out io.Writer) (*dczWriter, error) {
	var head [8 + 32]byte
	copy(head[:], dczMagic[:])
	copy(head[8:], d.sum[:])
	if _, err := out.Write(head[:]); err != nil {
		return nil, err
	}
	var zw *zstd.Encoder
	select {
	case zw = <-d.coders:
	default:
		var err error
		if zw, err = d.newCoder(); err != nil {
			return nil, err
		}
	}
	zw.Reset(out)
	return &dczWriter{d: d, zw: zw}, nil
}

func (w *dczWriter) Write(p []byte) (int, error) { return w.zw.Write(p) }
func (w *dczWriter) Flush() error                { return w.zw.Flush() }

// Close ends the frame and gives the coder back.
func (w *dczWriter) Close() error {
	err := w.zw.Close()
	w.zw.Reset(io.Discard)
	select {
	case w.d.coders <- w.zw:
	default: // the list is full: this one goes
	}
	w.zw = nil
	return err
}

// compressed is p as a whole dcz answer (a kept one, see keptFragments).
func (d *dictionary) compressed(p []byte) (string, error) {
	var out bytes.Buffer
	w, err := d.writer(&out)
	if err != nil {
		return "", err
	}
	if _, err := w.Write(p); err != nil {
		w.Close()
		return "", fmt.Errorf("compress dcz: %w", err)
	}
	if err := w.Close(); err != nil {
		return "", fmt.Errorf("compress dcz: %w", err)
	}
	return out.String(), nil
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
	hd.Set("Use-As-Dictionary", `match="`+dictionaryScopes[i]+`*"`)
	hd.Set("Cache-Control", "public, max-age=31536000, immutable")
	tag := hex.EncodeToString(d.sum[:16])
	hd.Set("ETag", `"`+tag+`"`)
	if match := strings.TrimPrefix(c.Request().Header.Get("If-None-Match"), "W/"); match == `"`+tag+`"` {
		return c.NoContent(http.StatusNotModified)
	}
	const ctype = "text/plain; charset=utf-8"
	if sent, err := serveCompressedOnce(c, tag, d.raw, ctype); sent || err != nil {
		return err
	}
	return c.Blob(http.StatusOK, ctype, d.raw)
}

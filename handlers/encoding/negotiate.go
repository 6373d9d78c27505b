// Package encoding decides how every answer of the app is compressed and
// keeps the compressors: one negotiator (Choose) for assets, whole pages,
// fragments and tap answers, the pooled coders at each kind's levels, the
// compress-once memo of assets, the writer that compresses an answer as it
// is written, and the dictionary a browser may hold (RFC 9842). It speaks
// net/http only, so the load generator reads answers with the same code
// that wrote them.
package encoding

import (
	"mime"
	"strconv"
	"strings"
)

// Kind is what an answer is, which sets how it may be compressed: how
// often its bytes are sent again decides whether brotli (smaller, slower)
// or gzip (faster) comes first, and only answers that browsers ask under a
// dictionary's URLs may be compressed against it.
type Kind uint8

const (
	// Tap is an answer made for one request and sent once (a tap's
	// fragments, any page drawn per answer): compressed on every request,
	// so the faster gzip comes first (see perAnswer), and against the
	// dictionary when the browser holds it.
	Tap Kind = iota
	// Page is a whole game page kept compressed and sent to every viewer
	// of a version: brotli first. Never against the dictionary, which holds
	// fragments, not pages.
	Page
	// Refresh is the change a spectator's or a player's page asks after
	// each event, kept compressed and sent to every watcher asking the
	// same: the dictionary when held, else brotli first.
	Refresh
	// Asset is a file behind a hashed URL, compressed once for good.
	Asset
	// Module is a file embedded compressed, with a gzip and a brotli copy
	// (the WebAssembly module): sent as it is, brotli first.
	Module
	// ModuleGzip is a file embedded with a gzip copy only.
	ModuleGzip
)

// preference are the codings each kind may use, best first; "dcz" only
// when the browser holds the dictionary.
var preference = [...][]string{
	Tap:        {"dcz", "gzip", "br"},
	Page:       {"br", "gzip"},
	Refresh:    {"dcz", "br", "gzip"},
	Asset:      {"br", "gzip"},
	Module:     {"br", "gzip"},
	ModuleGzip: {"gzip"},
}

// Choose is the Content-Encoding of an answer of kind k to a client
// sending Accept-Encoding accept, or "" to send it as it is. held says the
// client holds this build's dictionary for the answer's URL
// (Dictionary.Held); it counts only for the kinds that may use it. Whether
// the answer is worth compressing at all (its size and type) is the
// caller's: Worth.
func Choose(k Kind, accept string, held bool) string {
	for _, enc := range preference[k] {
		if enc == "dcz" {
			if held {
				return enc
			}
			continue
		}
		if Accepts(accept, enc) {
			return enc
		}
	}
	return ""
}

// Accepts is whether a client sending Accept-Encoding accept takes enc:
// named with q > 0 (the last naming counts), or not named and "*" has
// q > 0. A q=0 entry refuses that coding. It reads the header in place: it
// runs for every answer, twice for a kept one.
func Accepts(accept, enc string) bool {
	named, star := -1.0, -1.0
	for rest := accept; rest != ""; {
		var part string
		part, rest, _ = strings.Cut(rest, ",")
		name, params, _ := strings.Cut(part, ";")
		name = strings.TrimSpace(name)
		w := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				w = f
			}
		}
		switch {
		case strings.EqualFold(name, enc):
			named = w
		case name == "*":
			star = w
		}
	}
	if named >= 0 {
		return named > 0
	}
	return star > 0
}

// MinSize is the size below which a body goes out as it is: a header and a
// compressor's framing would cost more than they save.
const MinSize = 1024

// compressible are the media types worth compressing. Event streams are
// left out on purpose: a compressor buffers and would hold back the
// "version N" lines that must reach a watcher at once.
var compressible = map[string]bool{
	"text/html":                 true,
	"text/css":                  true,
	"text/javascript":           true,
	"application/javascript":    true,
	"application/json":          true,
	"application/manifest+json": true,
	"image/svg+xml":             true,
	"text/plain":                true,
}

// Compressible says whether answers of this Content-Type are worth
// compressing.
func Compressible(contentType string) bool { return compressible[mediaType(contentType)] }

// Worth says whether a body of n bytes and this Content-Type is worth
// compressing.
func Worth(n int, contentType string) bool { return n >= MinSize && Compressible(contentType) }

func mediaType(ct string) string {
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return ""
	}
	return mt
}

package handlers

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/gzip"
	"github.com/labstack/echo/v4"
)

// compressMin is the size below which a body goes out as it is: a header
// and a compressor's framing would cost more than they save.
const compressMin = 1024

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

// Three sets of compressors. An answer made for one request (a tap's
// fragments, a page drawn per answer) is compressed once and sent once, so
// its compression is paid on every tap: a browser holding the dictionary
// gets it compressed against that (dictionary.go), any other gzip at level 5 of
// klauspost/compress, 18-29 µs on the real tap answers for 1,231 B, where
// the standard library's gzip took 45-55 µs at level 4 for 1,234 B
// (clearing its 640 KB of hash tables on every Reset) and brotli 1 30-50
// µs for 1,448 B (BenchmarkAnswerCoders). In the running server the
// coder's tables are out of the CPU's cache by the next tap, and then
// they, not the loop, set the cost (the benchmark's -cold runs, three
// runs on 2026-12-02): level 5 takes 77-107 µs, the standard library's
// level 4 89-147 µs, brotli 1 49-74 µs, level 1 40-75 µs for 1,360 B, the
// stateless mode 27-48 µs for 1,443 B. The cheaper modes save a few
// percent of a tap's CPU, but level 1 puts the long games' median tap
// answer, 1.34-1.37 KB at level 5, at 1.47-1.50 KB (the growth run of
// bench/loadgen), on the 1.5 KB line. An answer kept compressed and sent
// many times (a cached page, wholepage.go) is worth brotli 5; assets, kept
// forever, get the strongest settings (assetzip.go).
var (
	perAnswer = newCoders(1, 5)
	kept      = newCoders(5, gzip.DefaultCompression)
	forever   = newCoders(brotli.BestCompression, gzip.BestCompression)
)

// zwriter is a brotli or gzip writer.
type zwriter interface {
	io.Writer
	Flush() error
	Close() error
}

// coders are pooled brotli and gzip writers at one pair of levels: a
// writer's tables are costly to make, cheap to reset.
type coders struct{ br, gz sync.Pool }

func newCoders(brLevel, gzLevel int) *coders {
	k := &coders{}
	k.br.New = func() any { return brotli.NewWriterLevel(io.Discard, brLevel) }
	k.gz.New = func() any { w, _ := gzip.NewWriterLevel(io.Discard, gzLevel); return w }
	return k
}

// get is a writer of enc ("br", else gzip) onto out; put gives it back.
func (k *coders) get(enc string, out io.Writer) zwriter {
	if enc == "br" {
		bw := k.br.Get().(*brotli.Writer)
		bw.Reset(out)
		return bw
	}
	gw := k.gz.Get().(*gzip.Writer)
	gw.Reset(out)
	return gw
}

func (k *coders) put(zw zwriter) {
	switch z := zw.(type) {
	case *brotli.Writer:
		z.Reset(io.Discard)
		k.br.Put(z)
	case *gzip.Writer:
		z.Reset(io.Discard)
		k.gz.Put(z)
	}
}

// all is p compressed whole in enc ("br" or "gzip").
func (k *coders) all(enc string, p []byte) ([]byte, error) {
	if enc != "br" && enc != "gzip" {
		return nil, fmt.Errorf("compress: no encoding %q", enc)
	}
	var out bytes.Buffer
	zw := k.get(enc, &out)
	defer k.put(zw)
	if _, err := zw.Write(p); err != nil {
		return nil, fmt.Errorf("compress %s: %w", enc, err)
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("compress %s: %w", enc, err)
	}
	return out.Bytes(), nil
}

// writeEncoded sends body, already compressed with enc (a kept answer), as
// the answer: the compress middleware passes an answer that has an
// encoding through.
func writeEncoded(res *echo.Response, status int, enc, body string) error {
	hd := res.Header()
	switch enc {
	case "br", "gzip", "dcz":
		// Shared, as securityHeadersSent: a kept answer is all headers
		// and one write, so each allocation shows.
		hd[echo.HeaderContentEncoding] = encodingValues[enc][:1:1]
	default:
		hd.Set(echo.HeaderContentEncoding, enc)
	}
	hd.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
	hd.Set(echo.HeaderContentLength, strconv.Itoa(len(body)))
	res.WriteHeader(status)
	_, err := io.WriteString(res, body)
	return err
}

// encodingValues are the Content-Encoding header values writeEncoded sets.
var encodingValues = map[string][]string{"br": {"br"}, "gzip": {"gzip"}, "dcz": {"dcz"}}

// headerAvailableDictionary names the dictionary a browser holds for a URL
// (RFC 9842).
const headerAvailableDictionary = "Available-Dictionary"

// compress sends HTML, CSS, JS and JSON compressed as the client accepts:
// against the dictionary when it holds it (dictionary.go), else gzip or
// brotli. A response that already has a Content-Encoding (the WebAssembly
// module, embedded compressed) passes through untouched.
func (h *Handler) compress(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if isEventStream(c) {
			return next(c)
		}
		req, res := c.Request(), c.Response()
		enc := pickFastEncoding(req.Header.Get(echo.HeaderAcceptEncoding))
		if h.dict.inScope(req.URL.Path) {
			// Whichever coding this answer gets, the same URL may be sent
			// compressed against the dictionary to a browser holding it.
			res.Header().Add(echo.HeaderVary, headerAvailableDictionary)
			if h.dict.covers(req) {
				enc = "dcz"
			}
		}
		cw := &compressWriter{ResponseWriter: res.Writer, enc: enc, dict: h.dict, head: req.Method == http.MethodHead}
		res.Writer = cw
		defer func() {
			cw.finish()
			res.Writer = cw.ResponseWriter
		}()
		return next(c)
	}
}

// pickEncoding reads Accept-Encoding for an answer compressed once and
// sent many times: brotli when the client takes it (it is smaller), else
// gzip, else nothing.
func pickEncoding(accept string) string { return firstTaken(accept, "br", "gzip") }

// pickFastEncoding is the coding for an answer compressed per request:
// gzip whenever the client takes it (faster than brotli 1 and smaller, see
// perAnswer), brotli only for a client that refuses gzip.
func pickFastEncoding(accept string) string { return firstTaken(accept, "gzip", "br") }

// firstTaken is the first of encs the client accepts, or "".
func firstTaken(accept string, encs ...string) string {
	for _, enc := range encs {
		if takes(accept, enc) {
			return enc
		}
	}
	return ""
}

// takes is whether a client sending Accept-Encoding accept takes enc: named
// with q > 0 (the last naming counts), or not named and "*" has q > 0. A
// q=0 entry refuses that coding. It reads the header in place: it runs
// for every answer, twice for a kept one.
func takes(accept, enc string) bool {
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

// compressWriter holds the status and the first bytes until it knows
// whether compressing is worth it, then either starts a compressor or
// passes everything through.
type compressWriter struct {
	http.ResponseWriter
	enc  string // "dcz", "gzip", "br" or "" for none
	dict *dictionary
	head bool

	status  int  // held until the decision
	held    bool // a compressible response: status and bytes wait in buf
	started bool // the header went out
	buf     []byte
	zw      zwriter
}

func (w *compressWriter) WriteHeader(code int) {
	if w.started || w.held {
		return
	}
	h := w.Header()
	if code < 200 || code == http.StatusNoContent || code == http.StatusNotModified || w.head ||
		h.Get(echo.HeaderContentEncoding) != "" || !compressible[mediaType(h.Get(echo.HeaderContentType))] {
		w.started = true
		w.sendHeader(code)
		return
	}
	h.Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
	if w.enc == "" {
		w.started = true
		w.sendHeader(code)
		return
	}
	w.status, w.held = code, true
}

func (w *compressWriter) Write(p []byte) (int, error) {
	if !w.started && !w.held {
		w.WriteHeader(http.StatusOK)
	}
	if !w.held {
		if w.zw != nil {
			return w.zw.Write(p)
		}
		return w.ResponseWriter.Write(p)
	}
	if len(w.buf) == 0 && len(p) >= compressMin {
		// The usual answer comes in one write: compress it from where it
		// is rather than copy it into buf first.
		if err := w.startCompressing(); err != nil {
			return 0, err
		}
		return w.zw.Write(p)
	}
	w.buf = append(w.buf, p...)
	if len(w.buf) >= compressMin {
		if err := w.startCompressing(); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

func (w *compressWriter) startCompressing() error {
	h := w.Header()
	h.Set(echo.HeaderContentEncoding, w.enc)
	h.Del(echo.HeaderContentLength)
	// A strong ETag names the identity bytes; the compressed ones differ.
	if et := h.Get("ETag"); et != "" && !strings.HasPrefix(et, "W/") {
		h.Set("ETag", "W/"+et)
	}
	w.sendHeader(w.status)
	w.held, w.started = false, true
	if w.enc == "dcz" {
		dw, err := w.dict.writer(w.ResponseWriter)
		if err != nil {
			return err
		}
		w.zw = dw
	} else {
		w.zw = perAnswer.get(w.enc, w.ResponseWriter)
	}
	buf := w.buf
	w.buf = nil
	_, err := w.zw.Write(buf)
	return err
}

// sendHeader writes the status and the header, with every Vary value on
// one line: several parts of the app each add theirs, and one line of a
// list-valued field means the same as several (RFC 9110, 5.3) in fewer
// bytes on every answer.
func (w *compressWriter) sendHeader(code int) {
	h := w.Header()
	if v := h.Values(echo.HeaderVary); len(v) > 1 {
		h[echo.HeaderVary] = []string{joinVary(v)}
	}
	w.ResponseWriter.WriteHeader(code)
}

// joinVary is the Vary values as one list, each field name once.
func joinVary(lines []string) string {
	var seen [8]string // more names than any answer here varies on
	names := seen[:0]
	for _, l := range lines {
		for rest := l; rest != ""; {
			var n string
			n, rest, _ = strings.Cut(rest, ",")
			if n = strings.TrimSpace(n); n != "" && !containsFold(names, n) {
				names = append(names, n)
			}
		}
	}
	return strings.Join(names, ", ")
}

func containsFold(names []string, n string) bool {
	for _, m := range names {
		if strings.EqualFold(m, n) {
			return true
		}
	}
	return false
}

// finish sends a small held body as it is, or closes the compressor.
func (w *compressWriter) finish() {
	if w.held {
		w.held, w.started = false, true
		w.sendHeader(w.status)
		_, _ = w.ResponseWriter.Write(w.buf)
		w.buf = nil
		return
	}
	if w.zw == nil {
		return
	}
	_ = w.zw.Close()
	perAnswer.put(w.zw)
	w.zw = nil
}

// Flush sends what is held now (a handler that flushes wants it seen).
func (w *compressWriter) Flush() {
	if w.held {
		if err := w.startCompressing(); err != nil {
			return
		}
	}
	if w.zw != nil {
		_ = w.zw.Flush()
	}
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection (write
// deadlines per request).
func (w *compressWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *compressWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	return http.NewResponseController(w.ResponseWriter).Hijack()
}

func mediaType(ct string) string {
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return ""
	}
	return mt
}

// compressed is p in encoding enc ("br" or "gzip"), at the levels kept
// answers use (wholepage.go).
func compressed(enc string, p string) (string, error) {
	b, err := kept.all(enc, []byte(p))
	return string(b), err
}

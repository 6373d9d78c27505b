package encoding

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
)

// Writer compresses an answer made for one request (a Tap) as it is
// written: it holds the status and the first bytes until it knows whether
// compressing is worth it, then either starts a compressor or passes
// everything through. An answer that already has a Content-Encoding (a
// kept one, an asset) passes through untouched.
type Writer struct {
	http.ResponseWriter
	enc  string // "dcz", "gzip", "br" or "" for none
	dict *Dictionary
	head bool

	status  int  // held until the decision
	held    bool // a compressible response: status and bytes wait in buf
	started bool // the header went out
	buf     []byte
	zw      zwriter
}

// NewWriter compresses what is written to w in answer to r as r's
// Accept-Encoding asks (Choose, Tap). Call Finish when the answer is
// written.
func NewWriter(w http.ResponseWriter, r *http.Request) *Writer {
	return &Writer{ResponseWriter: w, enc: Choose(Tap, r.Header.Get("Accept-Encoding"), false), head: r.Method == http.MethodHead}
}

// InScope says the answer's URL lies in the dictionary's scope: it varies on
// the dictionary held, and goes out compressed against d when r holds it.
// Call it before anything is written. A nil d (no game draws samples)
// changes nothing.
func (w *Writer) InScope(d *Dictionary, r *http.Request) {
	if d == nil {
		return
	}
	// Whichever coding this answer gets, the same URL may be sent
	// compressed against the dictionary to a browser holding it. First
	// among the answer's Vary names, where it was when the scope was
	// told before the session's (Cookie): the same header, byte for byte.
	// Room for the names still to come (the htmx and record headers,
	// Accept-Encoding): one allocation for the answer's Vary.
	h := w.Header()
	vary := make([]string, 1, len(h["Vary"])+4)
	vary[0] = HeaderAvailableDictionary
	h["Vary"] = append(vary, h["Vary"]...)
	if d.Held(r) {
		w.enc, w.dict = Choose(Tap, r.Header.Get("Accept-Encoding"), true), d
	}
}

func (w *Writer) WriteHeader(code int) {
	if w.started || w.held {
		return
	}
	h := w.Header()
	if code < 200 || code == http.StatusNoContent || code == http.StatusNotModified || w.head ||
		h.Get("Content-Encoding") != "" || !Compressible(h.Get("Content-Type")) {
		w.started = true
		w.sendHeader(code)
		return
	}
	h.Add("Vary", "Accept-Encoding")
	if w.enc == "" {
		w.started = true
		w.sendHeader(code)
		return
	}
	w.status, w.held = code, true
}

func (w *Writer) Write(p []byte) (int, error) {
	if !w.started && !w.held {
		w.WriteHeader(http.StatusOK)
	}
	if !w.held {
		if w.zw != nil {
			return w.zw.Write(p)
		}
		return w.ResponseWriter.Write(p)
	}
	if len(w.buf) == 0 && len(p) >= MinSize {
		// The usual answer comes in one write: compress it from where it
		// is rather than copy it into buf first.
		if err := w.startCompressing(); err != nil {
			return 0, err
		}
		return w.zw.Write(p)
	}
	w.buf = append(w.buf, p...)
	if len(w.buf) >= MinSize {
		if err := w.startCompressing(); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

func (w *Writer) startCompressing() error {
	h := w.Header()
	h.Set("Content-Encoding", w.enc)
	h.Del("Content-Length")
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
func (w *Writer) sendHeader(code int) {
	h := w.Header()
	if v := h.Values("Vary"); len(v) > 1 {
		h["Vary"] = []string{JoinVary(v)}
	}
	w.ResponseWriter.WriteHeader(code)
}

// JoinVary is the Vary values as one list, each field name once.
func JoinVary(lines []string) string {
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

// Finish sends a small held body as it is, or closes the compressor.
func (w *Writer) Finish() {
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
func (w *Writer) Flush() {
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
func (w *Writer) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *Writer) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	return http.NewResponseController(w.ResponseWriter).Hijack()
}

// encodingValues are the Content-Encoding header values WriteKept sets.
var encodingValues = map[string][]string{"br": {"br"}, "gzip": {"gzip"}, "dcz": {"dcz"}}

// WriteKept sends body, already compressed with enc (a kept answer), as
// the answer: a Writer passes an answer that has an encoding through.
func WriteKept(w http.ResponseWriter, status int, enc string, body string) error {
	hd := w.Header()
	switch enc {
	case "br", "gzip", "dcz":
		// Shared: a kept answer is all headers and one write, so each
		// allocation shows.
		hd["Content-Encoding"] = encodingValues[enc][:1:1]
	default:
		hd.Set("Content-Encoding", enc)
	}
	hd.Add("Vary", "Accept-Encoding")
	hd.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, err := io.WriteString(w, body)
	return err
}

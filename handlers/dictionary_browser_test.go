package handlers_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// seenRequest is one request as the server saw it, with the coding of its
// answer.
type seenRequest struct {
	method, path, available, encoding string
	bytes                             int // the body as sent
}

// requestLog records what reaches the server and how it was answered.
type requestLog struct {
	mu   sync.Mutex
	seen []seenRequest
}

func (l *requestLog) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rw := &codingWriter{ResponseWriter: w}
		h.ServeHTTP(rw, r)
		l.mu.Lock()
		defer l.mu.Unlock()
		l.seen = append(l.seen, seenRequest{r.Method, r.URL.Path, r.Header.Get("Available-Dictionary"), rw.encoding, rw.n})
	})
}

func (l *requestLog) all() []seenRequest {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]seenRequest(nil), l.seen...)
}

// codingWriter notes the Content-Encoding an answer went out with.
type codingWriter struct {
	http.ResponseWriter
	encoding string
	n        int
}

func (w *codingWriter) WriteHeader(code int) {
	w.encoding = w.Header().Get("Content-Encoding")
	w.ResponseWriter.WriteHeader(code)
}

func (w *codingWriter) Write(p []byte) (int, error) {
	if w.encoding == "" {
		w.encoding = w.Header().Get("Content-Encoding")
	}
	w.n += len(p)
	return w.ResponseWriter.Write(p)
}

func (w *codingWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *codingWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Chromium fetches the dictionary a game page names, then sends its taps
// naming it, and draws the answers compressed against it.
func TestBrowserTapsAnsweredAgainstTheDictionary(t *testing.T) {
	h, _ := newHandler(t)
	var log requestLog
	srv := httptest.NewServer(log.wrap(h))
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
	})
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}

	newSAGame(p, srv.URL, "Ana", "Ben", "6", "5")
	// The browser fetches a dictionary when it is idle.
	fetched := false
	for deadline := time.Now().Add(15 * time.Second); !fetched && time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		for _, r := range log.all() {
			fetched = fetched || (r.method == http.MethodGet && strings.HasPrefix(r.path, "/dictionary/"))
		}
	}
	if !fetched {
		t.Fatal("Chromium never fetched the compression dictionary the page links to")
	}

	p.step("spy-shot-make", 1)
	p.step("court-move-A", 2)
	p.step("spy-shot-make", 3)
	if got := p.text("spy-at"); !strings.HasPrefix(got, "A") {
		t.Fatalf("spy at %q, want A", got)
	}
	// The page plays each tap itself and sends it on (POST /g/ID/sync),
	// then asks for the server's screen; the game page itself, kept
	// compressed once, goes brotli.
	var taps []seenRequest
	for _, r := range log.all() {
		if r.method == http.MethodPost && strings.HasPrefix(r.path, "/g/") {
			taps = append(taps, r)
		}
	}
	if len(taps) != 3 {
		t.Fatalf("the server saw %d taps, want 3: %+v", len(taps), log.all())
	}
	for i, r := range taps {
		if r.available == "" || r.encoding != "dcz" {
			t.Errorf("tap %d: Available-Dictionary %q, answered %q: want the dictionary named and dcz", i+1, r.available, r.encoding)
		}
	}
	for _, r := range log.all() {
		if strings.HasPrefix(r.path, "/g/") {
			t.Logf("%s %s: %d B %s", r.method, r.path, r.bytes, r.encoding)
		}
	}
	// A reload draws the same game (the page itself goes brotli).
	p.open(srv.URL + strings.TrimPrefix(eval[string](p, `location.pathname`), srv.URL))
	p.waitVersion(3)
}

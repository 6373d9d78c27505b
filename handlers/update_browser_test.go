package handlers_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A new release's service worker must not take over an open page by itself
// (it would delete the cache the page's offline module comes from): it
// waits, the page says a new version is ready, and a tap on Reload moves
// the page onto it.
func TestBrowserNewVersionWaitsForReload(t *testing.T) {
	h, _ := newHandler(t)
	var released atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/sw.js" || !released.Load() {
			h.ServeHTTP(w, r)
			return
		}
		// The next release: the same worker, byte-different, as any change
		// to an asset makes it.
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.Header().Del("Content-Length")
		w.Header().Del("Content-Encoding")
		w.WriteHeader(rec.Code)
		w.Write(inflate(t, rec.Header().Get("Content-Encoding"), rec.Body.Bytes()))
		w.Write([]byte("\n// the next release\n"))
	}))
	t.Cleanup(func() { srv.CloseClientConnections(); srv.Close() })
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	p.open(srv.URL + "/rules")
	p.waitFor(`!!navigator.serviceWorker.controller`)

	released.Store(true)
	awaitJS(t, ctx, `navigator.serviceWorker.getRegistration().then(function(r){ return r.update(); }).then(function(){ return true; })`)
	p.waitFor(`!!document.querySelector('[data-testid="update-notice"]')`)
	if !awaitJS(t, ctx, `navigator.serviceWorker.getRegistration().then(function(r){ return !!r.waiting && !!r.active; })`) {
		t.Fatal("the new worker did not wait: it took over the open page")
	}
	eval[bool](p, `window.__before = true; true`)
	p.tap("update-reload")
	// The page navigates under the poll: ask again until the new page answers.
	reloaded := false
	for deadline := time.Now().Add(20 * time.Second); !reloaded && time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		c, cancel := context.WithTimeout(ctx, 2*time.Second)
		v, err := chromedp.Run(c, chromedp.Evaluate[bool](`!window.__before && document.readyState === "complete" && !!navigator.serviceWorker.controller`))
		cancel()
		reloaded = err == nil && v
	}
	if !reloaded {
		t.Fatal("Reload did not bring the page back under the new worker")
	}
	if awaitJS(t, ctx, `navigator.serviceWorker.getRegistration().then(function(r){ return !!r.waiting; })`) {
		t.Error("after Reload a worker is still waiting")
	}
	if n := eval[int](p, `document.querySelectorAll('[data-testid="update-notice"]').length`); n != 0 {
		t.Error("the notice is still there after the reload")
	}
}

func awaitJS(t *testing.T, ctx context.Context, expr string) bool {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(c, chromedp.Evaluate[bool](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("eval %s: %v", expr, err)
	}
	return v
}

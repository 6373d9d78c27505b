package handlers_test

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/grimoire-games/grimoire/handlers"
	"github.com/grimoire-games/grimoire/store"
	"github.com/grimoire-games/grimoire/store/sqlite"
)

// app is a real Grimoire server on a temporary SQLite file.
type app struct {
	URL   string
	Store store.Store
	// down cuts the phone's network at the server's end too: while set,
	// every request is dropped unanswered (see goOffline).
	down atomic.Bool
}

// reachable is h behind a's network: while a.down is set, a request that
// reaches the server is dropped with no answer, as if it had never left
// the phone.
func (a *app) reachable(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if a.down.Load() {
			panic(http.ErrAbortHandler) // net/http closes the connection, unanswered
		}
		h.ServeHTTP(w, r)
	})
}

// goOffline cuts the phone's network: the server drops whatever reaches it,
// then Chromium's emulation takes the page and its service worker offline.
// The emulation alone is not enough: on a loaded machine the service
// worker's fetches (a sync of the outbox, a refresh of the kept home page)
// still reached the server for seconds after navigator.onLine turned false.
func goOffline(p *phone, a *app) {
	p.t.Helper()
	a.down.Store(true)
	p.netLike(true, 0)
}

// goOnline gives the phone its network back, latencyMs each way.
func goOnline(p *phone, a *app, latencyMs float64) {
	p.t.Helper()
	a.down.Store(false)
	p.netLike(false, latencyMs)
}

// newHandler builds the whole app on a fresh SQLite file with random
// session keys; the store closes when the test ends.
func newHandler(tb testing.TB) (http.Handler, store.Store) {
	tb.Helper()
	st, err := sqlite.Open(filepath.Join(tb.TempDir(), "grimoire.db"))
	if err != nil {
		tb.Fatalf("open store: %v", err)
	}
	tb.Cleanup(func() { st.Close() })
	key := make([]byte, 64)
	if _, err := rand.Read(key); err != nil {
		tb.Fatal(err)
	}
	h, err := handlers.New(handlers.Config{
		Store:       st,
		Games:       testGames(),
		SessionKeys: [][]byte{key[:32], key[32:]},
		Logger:      slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		tb.Fatalf("handlers: %v", err)
	}
	checkKept(tb, h)
	// The test servers draw pages in the pseudo-language when a test's
	// cookie asks for it (language_browser_test.go).
	handlers.AllowPseudoLanguage(h)
	return h.Echo(), st
}

// checkKept makes every test's handler compare each tap's kept state with
// a cold replay of the record (handlers.CheckKeptStates) and fail the test
// on a difference. Benchmarks measure the server as it runs, without it,
// unless GRIMOIRE_BENCH_CHECK_KEPT=1 asks what the check would cost.
func checkKept(tb testing.TB, h *handlers.Handler) {
	if _, bench := tb.(*testing.B); bench && os.Getenv("GRIMOIRE_BENCH_CHECK_KEPT") != "1" {
		return
	}
	handlers.CheckKeptStates(h, func(err error) { tb.Errorf("kept state: %v", err) })
}

func startApp(t *testing.T) *app {
	t.Helper()
	h, st := newHandler(t)
	a := &app{Store: st}
	srv := httptest.NewServer(a.reachable(h))
	t.Cleanup(func() {
		srv.CloseClientConnections()
		srv.Close()
	})
	a.URL = srv.URL
	return a
}

// browser starts headless Chromium at a phone's size. Without Chromium the
// test is skipped, except where GRIMOIRE_REQUIRE_BROWSER=1 (CI) makes the
// absence a failure.
func browser(t *testing.T) (context.Context, func(opts ...chromedp.ContextOption) context.Context) {
	t.Helper()
	path := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		if os.Getenv("GRIMOIRE_REQUIRE_BROWSER") == "1" {
			t.Fatal("GRIMOIRE_REQUIRE_BROWSER=1 but no chromium on PATH (apt-get install chromium)")
		}
		t.Skip("no chromium on PATH: browser tests skipped (set GRIMOIRE_REQUIRE_BROWSER=1 to fail instead)")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		// Chromium 148 opens each page in a new frame (RenderDocument), in a
		// new process when the last page may go to the back-forward cache,
		// and the new frame forgets DevTools' network override: a page
		// opened with the network off said navigator.onLine === true, which
		// no phone without signal does. Without both, the override holds.
		chromedp.Flag("disable-features", "RenderDocument,BackForwardCache"),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.WindowSize(390, 844),
		chromedp.UserDataDir(t.TempDir()),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	var cancels []context.CancelFunc
	t.Cleanup(func() {
		for i := len(cancels) - 1; i >= 0; i-- {
			cancels[i]()
		}
	})
	open := func(parent context.Context, copts ...chromedp.ContextOption) context.Context {
		ctx, cancel := chromedp.NewContext(parent, copts...)
		cancels = append(cancels, cancel)
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
			t.Fatalf("start chromium: %v", err)
		}
		return ctx
	}
	first := open(actx)
	// Later contexts share the browser: each with a new browser context has
	// its own cookies, like a second phone.
	return first, func(copts ...chromedp.ContextOption) context.Context {
		return open(first, append([]chromedp.ContextOption{chromedp.WithNewBrowserContext()}, copts...)...)
	}
}

// phone wraps a browser tab with the few gestures the tests use.
type phone struct {
	t   *testing.T
	ctx context.Context
}

func (p *phone) do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		p.t.Fatalf("browser: %v; the page: %s", err, p.where())
	}
}

// where describes the page for a failure message: its address, whether it
// has loaded, and the version on screen.
func (p *phone) where() string {
	ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`JSON.stringify({url: location.href, ready: document.readyState, version: (document.querySelector('[data-version-src]') || {getAttribute: function(){ return null; }}).getAttribute('data-version-src'), busy: document.querySelectorAll('.htmx-request,.htmx-swapping,.htmx-settling').length})`))
	if err != nil {
		return fmt.Sprintf("(unreadable: %v)", err)
	}
	return s
}

// until waits for a JavaScript condition by evaluating it again and again
// in the page. It uses plain Runtime.evaluate rather than chromedp's DOM
// queries and polls: those track the document through DevTools events and
// were seen to wait forever after the page replaced itself (a reload by
// the service worker, a swap mid-query), where a fresh evaluation simply
// sees the new page. An evaluation that fails (the page is navigating)
// counts as "not yet".
func until(cond string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		var last error
		for {
			ok, err := chromedp.Evaluate[bool](cond)(ctx, t)
			if err == nil && ok {
				return chromedp.Void{}, nil
			}
			if err != nil && ctx.Err() == nil {
				last = err
			}
			select {
			case <-ctx.Done():
				if last != nil {
					return chromedp.Void{}, fmt.Errorf("%w (last evaluation: %v)", ctx.Err(), last)
				}
				return chromedp.Void{}, ctx.Err()
			case <-time.After(25 * time.Millisecond):
			}
		}
	}
}

// shown waits until the element is in the page and laid out (what a
// person can see), as chromedp.WaitVisible does, by evaluation.
func shown(css chromedp.CSS) chromedp.Action[chromedp.Void] {
	return until(fmt.Sprintf(`(function(){ var e = document.querySelector(%q); return !!e && !!(e.offsetWidth || e.offsetHeight || e.getClientRects().length) && getComputedStyle(e).visibility !== 'hidden'; })()`, string(css)))
}

// loaded waits until the page has parsed its body.
func loaded() chromedp.Action[chromedp.Void] {
	return until(`document.readyState !== 'loading' && !!document.body`)
}

// fill sets a form field's value as chromedp.SetValue does (no events),
// once the field is there.
func fill(css chromedp.CSS, value string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		v, err := json.Marshal(value)
		if err != nil {
			return chromedp.Void{}, err
		}
		return until(fmt.Sprintf(`(function(){ var e = document.querySelector(%q); if (!e) return false; e.value = %s; return true; })()`, string(css), v))(ctx, t)
	}
}

func (p *phone) open(url string) {
	p.t.Helper()
	p.do(chromedp.Navigate(url), loaded())
}

func sel(testid string) chromedp.CSS { return chromedp.CSS(`[data-testid="` + testid + `"]`) }

// tap clicks an element by its data-testid, as a finger would.
func (p *phone) tap(testid string) {
	p.t.Helper()
	p.tapCSS(`[data-testid="` + testid + `"]`)
}

// tapCSS clicks the first element matching a CSS selector.
// A person scrolls what they want to tap into the middle of the screen and
// taps once it holds still under the finger: the target must keep its place
// for a moment, be the topmost element at its centre, and no htmx request
// may be about to swap the screen under it.
func (p *phone) tapCSS(css string) {
	p.t.Helper()
	p.do(shown(chromedp.CSS(css)))
	p.waitFor(fmt.Sprintf(`(function(){
		var e = document.querySelector(%q);
		if (!e) return false;
		e.scrollIntoView({block: "center"});
		var r = e.getBoundingClientRect(), now = performance.now();
		var key = [r.x, r.y, r.width, r.height].join(",");
		var seen = window.__tapSeen;
		if (!seen || seen.key !== key) { window.__tapSeen = {key: key, since: now}; return false; }
		if (now - seen.since < 120) return false;
		var x = r.x + r.width / 2, y = r.y + r.height / 2;
		var t = document.elementFromPoint(x, y);
		if (!t || !(t === e || e.contains(t)) || document.querySelector(".htmx-request,.htmx-swapping,.htmx-settling")) return false;
		// DevTools places input in the visual viewport, which a page
		// wider than the phone scrolls and zooms within the layout one.
		var v = window.visualViewport || {offsetLeft: 0, offsetTop: 0, scale: 1};
		window.__tapAt = [(x - v.offsetLeft) * v.scale, (y - v.offsetTop) * v.scale];
		return true;
	})()`, css))
	at := eval[[]float64](p, `(function(){ var a = window.__tapAt; window.__tapSeen = null; window.__tapAt = null; return a; })()`)
	if len(at) != 2 {
		p.t.Fatalf("tap %s: no place to tap; the page: %s", css, p.where())
	}
	// A press and release at the element's centre, as chromedp.Click
	// does, without its DOM query.
	p.do(chromedp.MouseClickXY(at[0], at[1]))
}

func (p *phone) text(testid string) string {
	p.t.Helper()
	p.do(until(fmt.Sprintf(`!!document.querySelector(%q)`, string(sel(testid)))))
	return strings.TrimSpace(eval[string](p, fmt.Sprintf(`(function(){ var e = document.querySelector(%q); return e ? e.innerText : ""; })()`, string(sel(testid)))))
}

// eval runs a JavaScript expression and returns its value.
func eval[T any](p *phone, expr string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		p.t.Fatalf("eval %s: %v", expr, err)
	}
	return v
}

// waitFor polls a JavaScript condition until it holds.
func (p *phone) waitFor(cond string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 15*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, until(cond)); err != nil {
		p.t.Fatalf("waiting for %s: %v; the page: %s", cond, err, p.where())
	}
}

// waitVersion waits until the screen shows the game at version v and, when
// the phone is online, the server has every tap and the screen is its own.
func (p *phone) waitVersion(v int) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 15*time.Second)
	defer cancel()
	cond := fmt.Sprintf(`(function(){var e=document.querySelector('[data-version-src]');return !!e && e.getAttribute('data-version-src')==='%d' && !document.querySelector('.htmx-request,.htmx-swapping,.htmx-settling,.htmx-added') && (!window.grimoireOffline || !window.grimoireOffline.quiet || window.grimoireOffline.quiet());})()`, v)
	if _, err := chromedp.Run(ctx, until(cond)); err != nil {
		state := eval[string](p, `JSON.stringify({screen: (document.querySelector('[data-version-src]') || {getAttribute: function(){ return null; }}).getAttribute('data-version-src'), busy: Array.prototype.map.call(document.querySelectorAll('.htmx-request,.htmx-swapping,.htmx-settling,.htmx-added'), function(e){ return e.id || e.tagName; }), page: window.grimoireOffline && window.grimoireOffline.state ? window.grimoireOffline.state() : null})`)
		p.t.Fatalf("waiting for version %d: %v; the page: %s", v, err, state)
	}
}

// waitPast waits for a screen newer than version v with nothing in flight.
// A tap that hands the turn to a bot may be answered at once, so the
// screen can pass v+1 before anyone looks; the caller reads the version
// it landed on.
func (p *phone) waitPast(v int) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 15*time.Second)
	defer cancel()
	cond := fmt.Sprintf(`(function(){var e=document.querySelector('[data-version-src]');return !!e && +e.getAttribute('data-version-src')>%d && !document.querySelector('.htmx-request,.htmx-swapping,.htmx-settling,.htmx-added') && (!window.grimoireOffline || !window.grimoireOffline.quiet || window.grimoireOffline.quiet());})()`, v)
	if _, err := chromedp.Run(ctx, until(cond)); err != nil {
		p.t.Fatalf("waiting for a version past %d: %v; the screen is at %s", v, err, eval[string](p, `String((document.querySelector('[data-version-src]') || {getAttribute: function(){ return null; }}).getAttribute('data-version-src'))`))
	}
}

// screenshot saves the whole page under artifacts/screenshots.
func (p *phone) screenshot(name string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	// From the top, so the sticky strip sits where a person first sees it.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.scrollTo(0, 0); true`)); err != nil {
		p.t.Fatalf("scroll: %v", err)
	}
	// Two pictures: the first screen a person sees, and the whole page.
	view, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatalf("screenshot: %v", err)
	}
	full, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Fatalf("screenshot: %v", err)
	}
	dir := filepath.Join("..", "artifacts", "screenshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		p.t.Fatal(err)
	}
	for file, png := range map[string][]byte{name + ".png": view, name + ".full.png": full} {
		if err := os.WriteFile(filepath.Join(dir, file), png, 0o644); err != nil {
			p.t.Fatal(err)
		}
	}
}

package main

import (
	"context"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// chromium starts headless Chromium that reaches grimoire.test on
// 127.0.0.1 and, when leaf is given, trusts that certificate by its public
// key (the browser's own store stays untouched). Without Chromium the test
// skips, except in CI (GRIMOIRE_REQUIRE_BROWSER=1).
func chromium(t *testing.T, leaf *x509.Certificate) context.Context {
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("GRIMOIRE_REQUIRE_BROWSER") == "1" {
			t.Fatal("GRIMOIRE_REQUIRE_BROWSER=1 but no chromium on PATH")
		}
		t.Skip("no chromium on PATH")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
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
		chromedp.Flag("host-resolver-rules", "MAP grimoire.test 127.0.0.1"),
		chromedp.WindowSize(390, 844),
		chromedp.UserDataDir(t.TempDir()),
	}
	if leaf != nil {
		sum := sha256.Sum256(leaf.RawSubjectPublicKeyInfo)
		opts = append(opts, chromedp.Flag("ignore-certificate-errors-spki-list", base64.StdEncoding.EncodeToString(sum[:])))
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

func browse(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(c, chromedp.Navigate(url)); err != nil {
		t.Fatalf("open %s: %v", url, err)
	}
	pollIn(t, ctx, `document.readyState !== "loading" && !!document.body`)
}

func evalIn[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(c, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("eval %s: %v", expr, err)
	}
	return v
}

func pollIn(t *testing.T, ctx context.Context, cond string) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	// Evaluated again and again rather than chromedp.Poll, whose DOM
	// tracking can lose a page that reloads itself.
	for {
		ok, err := chromedp.Run(c, chromedp.Evaluate[bool](cond))
		if err == nil && ok {
			return
		}
		select {
		case <-c.Done():
			t.Fatalf("waiting for %s: %v (last evaluation: %v)", cond, c.Err(), err)
		case <-time.After(25 * time.Millisecond):
		}
	}
}

// A phone reaching the laptop by name over HTTPS gets what plain HTTP
// withholds: a secure context, a service worker that controls the page and
// has cached the offline module, and pages that open with the network off.
func TestBrowserOverHTTPSOnANameGetsTheServiceWorkerAndOfflinePages(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the binary and Chromium")
	}
	bin := grimoireBinary(t)
	ca := newTestCA(t)
	certPath, keyPath, leaf := ca.leafFiles(t, t.TempDir(), "grimoire.test")
	srv := startBinary(t, bin, []string{"serve", "--addr", "127.0.0.1:0", "--http-addr", "off",
		"--tls-cert", certPath, "--tls-key", keyPath, "--data", t.TempDir()}, nil)
	port := srv.url[strings.LastIndex(srv.url, ":")+1:]
	base := "https://grimoire.test:" + port
	ctx := chromium(t, leaf)

	browse(t, ctx, base+"/")
	if !evalIn[bool](t, ctx, `window.isSecureContext`) {
		t.Fatal("the page over HTTPS is not a secure context")
	}
	// The first install takes control at once (clients.claim), no reload.
	if !evalIn[bool](t, ctx, `navigator.serviceWorker.ready.then(function(){ return new Promise(function(ok){
		if (navigator.serviceWorker.controller) return ok(true);
		navigator.serviceWorker.addEventListener("controllerchange", function(){ ok(true); });
		setTimeout(function(){ ok(!!navigator.serviceWorker.controller); }, 20000);
	}); })`) {
		t.Fatal("no service worker controls the page")
	}
	wasm := evalIn[string](t, ctx, `document.querySelector("script[data-wasm]").getAttribute("data-wasm")`)
	pollIn(t, ctx, `(function(){ if (!window.__hit) { window.__hit = "wait"; caches.match(`+jsString(wasm)+`).then(function(r){ window.__hit = r ? "yes" : "no"; }); } var h = window.__hit; if (h !== "wait") window.__hit = null; return h === "yes"; })()`)
	if n := evalIn[int](t, ctx, `document.querySelectorAll("[data-notice=https]").length`); n != 0 {
		t.Error("the plain-HTTP notice shows over HTTPS")
	}

	// Network off, as at a court without signal: a precached rules page
	// and the home page open from the service worker's cache.
	off := true
	c, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if _, err := chromedp.Run(c, func(ctx context.Context, tg *chromedp.Target) (struct{}, error) {
		if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
			return struct{}{}, err
		}
		// Offline at the top level too: Debian's Chromium 148 requires it
		// there, later ones read it from each condition.
		_, err := cdp.Call(ctx, tg, emulateOffline, offlineRule{
			Offline:                     off,
			EmulateOfflineServiceWorker: off,
			MatchedNetworkConditions:    []*network.Conditions{{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}},
		})
		return struct{}{}, err
	}); err != nil {
		t.Fatalf("network off: %v", err)
	}
	if got := evalIn[string](t, ctx, `fetch("/healthz?probe=" + Date.now()).then(function(){ return "reached"; }, function(){ return "failed"; })`); got != "failed" {
		t.Fatalf("with the network off the server was %s: the offline check proves nothing", got)
	}
	browse(t, ctx, base+"/rules/spells-arrows")
	if got := evalIn[int](t, ctx, `document.querySelectorAll("[data-testid=rules]").length`); got == 0 {
		t.Fatalf("offline, the rules page did not open from the cache: %q", evalIn[string](t, ctx, `document.body.innerText.slice(0, 200)`))
	}
}

// Over plain HTTP by name the app says, once, what it cannot do there.
func TestBrowserOverPlainHTTPOnANameSaysOnceThatOfflineNeedsHTTPS(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the binary and Chromium")
	}
	bin := grimoireBinary(t)
	srv := startBinary(t, bin, []string{"serve", "--addr", "127.0.0.1:0", "--data", t.TempDir()}, nil)
	port := srv.url[strings.LastIndex(srv.url, ":")+1:]
	ctx := chromium(t, nil)
	browse(t, ctx, "http://grimoire.test:"+port+"/")
	if evalIn[bool](t, ctx, `window.isSecureContext`) {
		t.Fatal("plain HTTP to a name counts as secure: the test proves nothing")
	}
	pollIn(t, ctx, `!!document.querySelector("[data-testid=https-notice]")`)
	href := evalIn[string](t, ctx, `document.querySelector("[data-testid=https-notice] a").getAttribute("href")`)
	if !strings.HasSuffix(href, "#put-it-on-your-phone") {
		t.Errorf("the notice links to %q, want the README section", href)
	}
	browse(t, ctx, "http://grimoire.test:"+port+"/rules")
	time.Sleep(300 * time.Millisecond) // app.js runs on DOMContentLoaded; give it the chance to be wrong
	if n := evalIn[int](t, ctx, `document.querySelectorAll("[data-testid=https-notice]").length`); n != 0 {
		t.Error("the notice showed again on the next page; it must show once")
	}
}

func jsString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// offlineRule is Network.emulateNetworkConditionsByRule's parameters as
// every Chromium that has the command reads them (each ignores the field
// it does not know).
type offlineRule struct {
	Offline                     bool                  `json:"offline"`
	EmulateOfflineServiceWorker bool                  `json:"emulateOfflineServiceWorker"`
	MatchedNetworkConditions    []*network.Conditions `json:"matchedNetworkConditions"`
}

var emulateOffline = cdp.Command[offlineRule, network.EmulateNetworkConditionsByRuleResult]{Method: network.CommandEmulateNetworkConditionsByRule}

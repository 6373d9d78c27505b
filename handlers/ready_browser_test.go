package handlers_test

import (
	"encoding/json"
	"regexp"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// readyLog records every wording of the readiness line from the page's
// first moment, so a quick download's few steps are not missed between
// two polls.
const readyLog = `(function(){
	window.__readyLog = [];
	new MutationObserver(function () {
		var e = document.querySelector('[data-offline-ready]');
		if (!e) return;
		var w = e.textContent, log = window.__readyLog;
		if (log[log.length - 1] !== w) log.push(w);
	}).observe(document, { subtree: true, childList: true, characterData: true });
})()`

// A first visit straight to a Spells & Arrows form: the banner counts the
// download up ("Getting ready for offline play: 40%") in its polite status
// region, in words, then says ready once that game's own module is stored;
// the module with every game is fetched after that, when the page is idle.
func TestBrowserReadyOfflineShowsProgressGameModuleFirst(t *testing.T) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	cdpCall(p, page.Enable, page.EnableParams{})
	cdpCall(p, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: readyLog})
	p.open(a.URL + "/new/spells-arrows")
	own := eval[string](p, `document.querySelector('meta[name="grimoire-offline"]').getAttribute('data-wasm')`)
	all := eval[string](p, `document.querySelector('meta[name="grimoire-modules"]').getAttribute('data-all')`)
	if !regexp.MustCompile(`^/static/wasm/grimoire-spells-arrows\.`).MatchString(own) || own == all {
		t.Fatalf("the form's module is %q (every game's: %q)", own, all)
	}
	p.waitFor(`document.querySelector('[data-testid="offline-ready"]').getAttribute('data-state') === 'ready'`)
	stored := `(function(u){ return caches.keys().then(function(k){ return Promise.all(k.map(function(n){ return caches.open(n).then(function(c){ return c.match(u); }); })); }).then(function(r){ return r.some(Boolean); }); })`
	ok, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](stored+`(`+jsString(own)+`)`, chromedp.EvalAwaitPromise))
	if err != nil || !ok {
		t.Fatalf("ready, but %s is not stored", own)
	}
	log := eval[[]string](p, `window.__readyLog`)
	progress := regexp.MustCompile(`^Getting ready for offline play: \d{1,3}%$`)
	seen := false
	for _, w := range log {
		seen = seen || progress.MatchString(w)
	}
	if !seen || log[len(log)-1] != "Ready for offline play" {
		t.Fatalf("the readiness line said %q: want a progress line, then \"Ready for offline play\"", log)
	}
	t.Logf("the readiness line said %q", log)
	if !eval[bool](p, `(function(){ var s = document.querySelector('[data-testid="offline-ready"]').closest('[role="status"]'); return !!s; })()`) {
		t.Error("the readiness line is not in a status region")
	}
	// The module with every game follows, for the pages of no one game.
	p.waitFor(`(function(){ if (window.__allStored === undefined) { window.__allStored = false; ` + stored + `(` + jsString(all) + `).then(function(ok){ window.__allStored = ok ? true : undefined; }); } return window.__allStored === true; })()`)
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

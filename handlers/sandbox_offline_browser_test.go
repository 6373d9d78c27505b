package handlers_test

import (
	"strings"
	"testing"
)

// TestBrowserSandboxOffline: a sandbox page opened once online is kept by
// the service worker; opened again with no network, a position checked there
// is answered by the phone's module (grimoire.sandbox), and the answer is the
// one the server gave for the same position, in place, with the position's
// link in the address bar. Playing on says it needs the network.
func TestBrowserSandboxOffline(t *testing.T) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	page := a.URL + "/sandbox/mages-tower"

	// Online: the server checks the form as it opens (the first moment of
	// a game), and the page is kept.
	p.open(page)
	p.waitServiceWorker()
	p.tap("sandbox-check")
	p.do(shown(sel("sandbox-legal")))
	server := eval[string](p, `document.querySelector('[data-testid="sandbox"]').outerHTML`)
	query := eval[string](p, `location.search`)
	if !strings.Contains(query, "=") {
		t.Fatalf("the checked position has no link: %q", query)
	}
	p.waitFor(`(function(){ var o = window.grimoireOffline; if (o && o.loadWasm && !window.__mod) { window.__mod = "loading"; o.loadWasm().then(function(g){ window.__mod = typeof g.sandbox; }); } return !!window.__mod && window.__mod !== "loading"; })()`)
	if got := eval[string](p, `window.__mod`); got != "function" {
		t.Fatalf("the phone's module has no grimoire.sandbox (%s): rebuild static/wasm (go generate ./static)", got)
	}

	goOffline(p, a)
	p.open(page)
	p.do(shown(sel("sandbox-form")))
	eval[bool](p, `window.__samePage = true`)
	p.tap("sandbox-check")
	p.do(shown(sel("sandbox-legal")))
	if !eval[bool](p, `window.__samePage === true`) {
		t.Fatalf("offline the check left the page: %s", p.where())
	}
	if got := eval[string](p, `location.search`); got != query {
		t.Errorf("offline the address is %q, online it was %q", got, query)
	}
	if n := eval[int](p, `document.querySelectorAll('[data-testid="sandbox-note"]').length`); n != 0 {
		t.Fatalf("offline the page says %q", p.text("sandbox-note"))
	}
	phone := eval[string](p, `document.querySelector('[data-testid="sandbox"]').outerHTML`)
	if phone != server {
		t.Fatalf("offline the phone answers\n%s\nthe server answered\n%s", phone, server)
	}
	p.screenshot("sandbox-offline")
	p.tap("play-on")
	if got := p.text("sandbox-note"); !strings.Contains(got, "needs the network") {
		t.Errorf("play on offline says %q", got)
	}
}

package handlers_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestLeagueOfflineInTheBrowser: a league page opened online is kept by
// the service worker; opened again with no network, the phone's module
// draws the table from the games saved on the phone (static/league.js),
// and it is the table the server drew.
func TestLeagueOfflineInTheBrowser(t *testing.T) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	records := []string{
		saRecord(t, "random-1"),
		saRecord(t, "random-2"),
		strings.NewReplacer(`"Ana"`, `"Cy"`).Replace(saRecord(t, "random-3")),
	}
	for _, rec := range records {
		p.open(a.URL + "/import")
		p.do(fill(chromedp.CSS("#json"), rec))
		p.tap("import-submit")
		settle(p, `document.readyState==='complete' && location.pathname.startsWith('/g/')`)
		// Its page saves the game on the phone.
		p.waitFor(`(function(){ var o = window.grimoireOffline, id = location.pathname.slice(3); if (o && o.saved) o.saved().then(function(r){ window.__kept = r.some(function(x){ return x.id === id; }); }); return window.__kept === true; })()`)
	}
	league := a.URL + "/league/spells-arrows"
	p.open(league)
	p.waitServiceWorker()
	server := eval[string](p, `document.querySelector('[data-testid="league"]').outerHTML`)
	if n := strings.Count(server, `data-testid="league-row"`); n != 3 {
		t.Fatalf("the server's table has %d rows, want Ana, Ben and Cy", n)
	}
	// Every game is saved on the phone (its page saved it when it opened).
	p.waitFor(`(function(){ var o = window.grimoireOffline; if (o && o.saved) o.saved().then(function(r){ window.__saved = r.length; }); return window.__saved === 3; })()`)

	p.waitFor(`(function(){ var o = window.grimoireOffline; if (o && o.loadWasm && !window.__mod) { window.__mod = "loading"; o.loadWasm().then(function(g){ window.__mod = typeof g.league; }); } return !!window.__mod && window.__mod !== "loading"; })()`)
	if got := eval[string](p, `window.__mod`); got != "function" {
		t.Fatalf("the phone's module has no grimoire.league (%s): static/wasm is older than cmd/grimoire-wasm; rebuild it (go generate ./static)", got)
	}
	p.setNetwork(false)
	p.open(league)
	p.waitFor(`document.getElementById('league-table').getAttribute('data-drawn') === 'phone'`)
	phone := eval[string](p, `document.querySelector('[data-testid="league"]').outerHTML`)
	if phone != server {
		t.Fatalf("offline the phone draws\n%s\nthe server drew\n%s", phone, server)
	}
	if note := p.text("league-offline"); !strings.Contains(note, "3 games saved on it") {
		t.Errorf("the offline note says %q", note)
	}
	p.screenshot("league-offline")
}

package handlers_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// framesProbe records, in every animation frame (its callbacks run before
// the frame is painted), whether a control shows its pressed state and
// which version the screen shows.
const framesProbe = `(function(){
	window.__frames = [];
	(function loop(){ requestAnimationFrame(function(){
		var v = document.querySelector('[data-version-src]');
		window.__frames.push({pressed: !!document.querySelector('#board .is-pressed'), v: v ? v.getAttribute('data-version-src') : ''});
		loop();
	}); })();
	return true;
})()`

// nextSpyControl names the control a spy-half test taps next: a shot, a
// pass, the mage's answer, a move; "" at the end of the half.
const nextSpyControl = `(function(){
	var ids = ["spy-shot-make", "spy-shot-miss", "pass", "arrow-miss"];
	for (var i = 0; i < ids.length; i++) if (document.querySelector('[data-testid="' + ids[i] + '"]')) return '[data-testid="' + ids[i] + '"]';
	return document.querySelector('[data-testid^="move-"]') ? '[data-testid^="move-"]' : "";
})()`

// boardHTML is the game screen as HTML, without the embedded record (its
// JSON is compared as a record elsewhere).
func boardHTML(p *phone) string {
	html := eval[string](p, `document.getElementById('board').innerHTML`)
	return regexp.MustCompile(`(?s)<script[^>]*id="grimoire-record"[^>]*>.*?</script>`).ReplaceAllString(html, "")
}

// A tap drawn on the phone answers the finger first: the pressed control is
// painted in a frame of its own, before the module applies the tap and the
// new screen is put in place. The screen it morphs into place (live nodes
// changed where they differ) is exactly the one the server draws for the
// same game.
func TestBrowserTapPressedFirstAndMorphedScreen(t *testing.T) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	newSAGame(p, a.URL, "Ana", "Ben", "20", "5")
	p.waitServiceWorker()
	p.waitModule()
	id := gameID(p)
	// Offline, every tap is drawn here and the screen stays the phone's
	// until the comparison.
	p.setNetwork(false)
	p.waitFor(`document.documentElement.classList.contains('is-offline')`)
	eval[bool](p, framesProbe)
	for i := 0; i < 12; i++ {
		css := eval[string](p, nextSpyControl)
		if css == "" {
			break
		}
		v0, _ := p.pageRecord()
		eval[bool](p, `(window.__frames = [], true)`)
		p.tapCSS(css)
		p.waitVersion(v0 + 1)
		p.waitFor(`window.__frames.length > 0 && !window.__frames[window.__frames.length - 1].pressed`)
		before := eval[bool](p, fmt.Sprintf(`window.__frames.some(function(f){ return f.pressed && f.v === "%d"; })`, v0))
		if !before {
			t.Fatalf("tap %d (%s): no frame painted the pressed control before the screen of version %d; frames %s",
				i, css, v0+1, eval[string](p, `JSON.stringify(window.__frames.slice(0, 12))`))
		}
	}
	local := boardHTML(p)
	_, played := p.pageRecord()
	if n := eval[int](p, `document.querySelectorAll('#board .is-pressed').length`); n != 0 {
		t.Fatalf("%d controls still look pressed after their screens were drawn", n)
	}

	p.waitSynced()
	if v := serverHas(t, a, id, played); v != len(played) {
		t.Fatalf("server version %d, want %d", v, len(played))
	}
	p.open(a.URL + "/g/" + id) // the server's own screen, drawn afresh
	p.waitVersion(len(played))
	server := boardHTML(p)
	if local != server {
		t.Fatalf("the screen morphed on the phone differs from the server's:\n%s", firstDiff(local, server))
	}
}

// firstDiff shows where two screens first differ.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(i-200, 0)
	return fmt.Sprintf("phone:  …%s…\nserver: …%s…", a[from:min(len(a), i+300)], b[from:min(len(b), i+300)])
}

// requestsProbe records every request the page sends through XHR (htmx)
// and fetch (the outbox), with its method and path.
const requestsProbe = `(function(){
	window.__reqs = [];
	// htmx opens a request before it asks the page whether to send it:
	// only a send counts.
	var open = XMLHttpRequest.prototype.open, send = XMLHttpRequest.prototype.send;
	XMLHttpRequest.prototype.open = function(m, u){ this.__req = m + " " + u; return open.apply(this, arguments); };
	XMLHttpRequest.prototype.send = function(){ window.__reqs.push(this.__req); return send.apply(this, arguments); };
	var f = window.fetch;
	window.fetch = function(u, o){ window.__reqs.push(((o && o.method) || "GET") + " " + (u && u.url ? u.url : u)); return f.apply(this, arguments); };
	return true;
})()`

// With the module loaded, Mage's Tower's coin picks (GET steps of the
// screen) are drawn on the phone with no request, and the bot's move is
// drawn on the phone after the pause set in /settings (shown thinking),
// never asked of the server: the server gets it from the outbox as the op
// "bot", finds the same move and stores it.
func TestBrowserTowerCoinPicksAndBotOnThePhone(t *testing.T) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	p.open(a.URL + "/settings")
	p.waitFor(`!document.querySelector('[data-testid="setting-bot-pause"]').disabled`)
	eval[bool](p, `(function(){ var e = document.querySelector('[data-testid="setting-bot-pause"]'); e.value = "1500"; e.dispatchEvent(new Event('change')); return true; })()`)
	if got := eval[float64](p, `JSON.parse(localStorage.getItem('grimoire.court')).botPause`); got != 1500 {
		t.Fatalf("the bot's pause is kept as %v", got)
	}
	newTowerGame(p, a.URL, func() {
		p.do(fill(chromedp.CSS("#general"), "Cleo"), fill(chromedp.CSS("#mage-player"), "greedy"))
	}, "")
	p.waitModule()
	if !eval[bool](p, `!!(window.grimoire.ops && Array.prototype.indexOf.call(window.grimoire.ops, "bot") >= 0)`) {
		t.Skip("the committed module predates the \"bot\" op: rebuild it (go generate ./static)")
	}
	id := gameID(p)
	eval[bool](p, requestsProbe)
	p.selectCoins("L1", "L2", "L3")
	if reqs := eval[[]string](p, `window.__reqs`); len(reqs) != 0 {
		t.Fatalf("coin picks made requests: %q", reqs)
	}
	p.step("place", 1)
	p.tap("end")
	p.waitFor(`!!document.querySelector('[data-testid="bot-offline"][data-bot-moving]')`)
	if got := p.text("bot-offline"); !strings.Contains(got, "is thinking") {
		t.Fatalf("during the bot's pause the screen says %q", got)
	}
	p.waitVersion(3)
	for _, r := range eval[[]string](p, `window.__reqs`) {
		if strings.Contains(r, "/bot") {
			t.Fatalf("the bot's move was asked of the server: %q", eval[[]string](p, `window.__reqs`))
		}
	}
	if n := eval[int](p, `window.grimoireOffline.botsMs.length`); n != 1 {
		t.Fatalf("%d bot moves drawn on the phone, want 1", n)
	}
	t.Logf("the bot's move drawn %.0f ms after the General's (a pause of 1,500 ms set)", eval[float64](p, `window.grimoireOffline.botsMs[0]`))
	_, played := p.pageRecord()
	if v := serverHas(t, a, id, played); v != 3 {
		t.Fatalf("server version %d after the bot's move, want 3", v)
	}
}

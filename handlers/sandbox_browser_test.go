package handlers_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// A referee settles the issue's dispute on a phone: "the spy is at E3 with
// health 2 and one armour, shot clock 3, one miss counter, the mage holds 2
// arrows and a giant stands at W4: the spy misses". The sandbox says no
// game gets there (miss counters only come once the clock is out); with the
// clock at 0 it lists the mage's answers, and the table plays on.
func TestBrowserSandboxDispute(t *testing.T) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	p.open(a.URL + "/sandbox/spells-arrows")
	p.do(
		fill(chromedp.CSS("#sb-turn"), "2"),
		fill(chromedp.CSS("#sb-half"), "spy"),
		fill(chromedp.CSS("#sb-at"), "E3"),
		fill(chromedp.CSS("#sb-health"), "2"),
		fill(chromedp.CSS("#sb-armour"), "1"),
		fill(chromedp.CSS("#sb-shotClock"), "3"),
		fill(chromedp.CSS("#sb-misses"), "1"),
		fill(chromedp.CSS("#sb-arrows"), "2"),
		fill(chromedp.CSS("#sb-elfE3"), "1"),
		fill(chromedp.CSS("#sb-giant0"), "E4-W4"),
		fill(chromedp.CSS("#sb-giantc0"), "2"),
	)
	p.tapCSS(`input[name="window"]`)
	p.tap("sandbox-check")
	p.do(shown(sel("sandbox-problems")))
	if got := p.text("sandbox-problems"); !strings.Contains(got, "1 miss counter with the shot clock at 3: miss counters are only added once the clock is out") {
		t.Fatalf("the reasons: %q", got)
	}
	if eval[bool](p, has("play-on")) {
		t.Fatal("an impossible position offers to play on")
	}

	// The form keeps what was typed: only the clock changes.
	if got := eval[string](p, `document.querySelector('#sb-at').value + " " + document.querySelector('#sb-giant0').value + " " + document.querySelector('input[name="window"]').checked`); got != "E3 E4-W4 true" {
		t.Fatalf("the form came back as %q", got)
	}
	p.do(fill(chromedp.CSS("#sb-shotClock"), "0"))
	// static/sandbox.js draws the check in place: the page is not reloaded,
	// and the address bar holds the position's link.
	eval[bool](p, `window.__samePage = true`)
	p.tap("sandbox-check")
	p.do(shown(sel("sandbox-legal")))
	if !eval[bool](p, `window.__samePage === true && location.search.indexOf("shotClock=0") >= 0`) {
		t.Errorf("the check was not drawn in place with the position's link: %s", p.where())
	}
	legal := p.text("sandbox-legal")
	for _, want := range []string{"Elf arrow from E3 hits for 2 (armour 1): health 2 → 0", "game over: the mage wins", "Mage passes"} {
		if !strings.Contains(legal, want) {
			t.Errorf("the list lacks %q:\n%s", want, legal)
		}
	}
	if got := p.text("sandbox-refused"); !strings.Contains(got, "toll not paid") {
		t.Errorf("the refusals lack the toll: %q", got)
	}
	p.screenshot("sandbox-dispute")
	// Nothing is wider than the phone.
	if w := eval[int](p, `document.documentElement.scrollWidth`); w > 390 {
		t.Errorf("the page is %d px wide on a 390 px phone", w)
	}

	// Without network the phone's module checks the position, when this
	// build's module has the sandbox (the lead rebuilds static/wasm after a
	// merge); an older module says so, and playing on waits for the network.
	p.waitFor(`document.querySelector('[data-testid="offline-ready"]').getAttribute('data-state') === 'ready'`)
	goOffline(p, a)
	p.do(fill(chromedp.CSS("#sb-health"), "3"))
	p.tap("sandbox-check")
	p.waitFor(`!!document.querySelector('[data-testid="sandbox-note"]') || (document.querySelector('[data-testid="sandbox-legal"]') || {}).innerText.indexOf("health 3 → 1") >= 0`)
	moduleHasSandbox := eval[bool](p, `typeof (window.grimoire || {}).sandbox === "function"`)
	note := eval[string](p, `(document.querySelector('[data-testid="sandbox-note"]') || {}).innerText || ""`)
	switch {
	case moduleHasSandbox && note != "":
		t.Errorf("the module has the sandbox but the page says %q", note)
	case !moduleHasSandbox && !strings.Contains(note, "cannot check positions yet"):
		t.Errorf("an older module: the page says %q", note)
	}
	p.tap("play-on")
	if got := p.text("sandbox-note"); !strings.Contains(got, "Playing on starts a game on the server, which needs the network") {
		t.Errorf("play on offline says %q", got)
	}
	goOnline(p, a, 0)

	p.tap("play-on")
	p.do(shown(sel("board")))
	p.waitVersion(0)
	if !strings.HasPrefix(eval[string](p, `location.pathname`), "/g/") {
		t.Fatalf("play on landed on %s", p.where())
	}
	// The game goes on from the position: the spy at E3, the mage to answer.
	if got := eval[string](p, `document.querySelector('#court-title').textContent`); !strings.Contains(got, "E3") {
		t.Errorf("the new game's court: %q", got)
	}
	p.screenshot("sandbox-played-on")
}

// The sandbox pages pass axe's WCAG 2.1 A and AA rules: the empty forms,
// an impossible position with its reasons and a possible one with its lists.
func TestBrowserSandboxAxe(t *testing.T) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	src := axeSource(t)
	tower := "turn=2&phase=cast&whereL1=1&orderL1=1&whereS3=1&orderS3=2&faceL1=tails&movedL1=on&movedS3=on&skipUsed=on" +
		"&whereL2=camp&whereL3=camp&whereM1=camp&whereM2=camp&whereM3=camp&whereS1=camp&whereS2=camp" +
		"&faceL2=heads&faceL3=heads&faceM1=tails&faceM2=heads&faceM3=heads&faceS1=heads&faceS2=heads&faceS3=heads&thumbLeft=0&thumbRight=0"
	dispute := "spy=Ana&mage=Ben&victory=12&turns=5&turn=2&half=spy&at=E3&health=2&armour=1&points=0&shotClock=0&misses=1" +
		"&arrows=2&leaps=0&spellClock=5&fails=0&card1=court&card2=court&card3=court&card4=court&card5=court&card6=bench&card7=bench&card8=bench" +
		"&card10=bonus&card11=bonus&card12=bonus&card13=bonus&card14=bonus&card15=bonus&card16=bonus&card17=bonus&card18=bonus" +
		"&elfE3=1&giantSpan=E4-W4&giantCones=2&window=on"
	for _, tc := range []struct{ path, shows string }{
		{"/sandbox", "sandbox-index"},
		{"/sandbox/spells-arrows", "sandbox-form"},
		{"/sandbox/spells-arrows?" + dispute, "sandbox-legal"},
		{"/sandbox/mages-tower", "sandbox-form"},
		{"/sandbox/mages-tower?" + tower, "sandbox-legal"},
		{"/sandbox/mages-tower?" + strings.Replace(tower, "turn=2", "turn=1", 1), "sandbox-problems"},
	} {
		path := tc.path
		t.Run(path, func(t *testing.T) {
			p.t = t
			p.open(a.URL + path)
			if !eval[bool](p, has(tc.shows)) {
				t.Fatalf("the page does not show %s", tc.shows)
			}
			for _, v := range p.axeRun(src) {
				t.Errorf("%s: %s", v.ID, strings.Join(v.Nodes, "; "))
			}
		})
	}
}

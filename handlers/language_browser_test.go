package handlers_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// wordsOf is a script that lists every word of plain ASCII letters in a
// document's text, the attributes a screen reader reads and its title: on
// a page drawn in the pseudo-language, such a word escaped the catalog,
// as the pseudo-language accents every letter it makes. Text in an
// element with its own lang (a language's name in the switch) is its own.
const wordsOf = `function wordsOf(doc) {
	var out = {};
	function add(s) {
		(s.match(/[A-Za-z]{2,}/g) || []).forEach(function(w){ out[w] = true; });
	}
	function visit(e) {
		if (e.matches('script,style,noscript,template,[hidden],[lang]:not(html)')) return;
		["aria-label", "title", "placeholder", "alt"].forEach(function(a){ if (e.hasAttribute(a)) add(e.getAttribute(a)); });
		e.childNodes.forEach(function(n){
			if (n.nodeType === 3) add(n.nodeValue);
			else if (n.nodeType === 1) visit(n);
		});
	}
	visit(doc.body);
	add(doc.title);
	return Object.keys(out).sort();
}`

// leftovers is wordsOf the page the server sent (read with DOMParser, so
// no script has added to it) and of the page on screen (the banner and
// the lines the scripts wrote).
const leftovers = `fetch(location.href, {credentials: "same-origin"}).then(function(r){ return r.text(); }).then(function(html){
	var sent = (` + wordsOf + `)(new DOMParser().parseFromString(html, "text/html"));
	var shown = (` + wordsOf + `)(document);
	return sent.concat(shown);
})`

// serverWords is leftovers of the page on screen.
func serverWords(p *phone) []string {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	words, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](leftovers, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("read the page's words: %v", err)
	}
	return words
}

// The pages drawn from the catalogs so far (the home list, the new-game
// index and settings) in each language and in the pseudo-language, at
// 390 px, light and dark: the page is in the language asked for, nothing
// is wider than the phone (French and Spanish menus are wider than
// English's), and axe finds nothing. In the pseudo-language, every word
// the server drew and every word the page's scripts wrote comes from a
// catalog.
func TestBrowserLanguagesHold(t *testing.T) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	p.open(a.URL + "/")
	src := axeSource(t)
	pages := []string{"/", "/new", "/settings"}
	// Names in every language: the app's, the games', the keys a remote sends.
	names := map[string]bool{}
	for _, w := range strings.Fields("Grimoire Spells Arrows Heroes Spies Mage Tower The Arcane Scribes PageDown PageUp") {
		names[w] = true
	}
	for _, l := range []string{"de", "fr", "es", "pt-BR", "en-XA"} {
		eval[bool](p, `document.cookie = "grimoire_lang=`+l+`; path=/; SameSite=Lax"; true`)
		for _, dark := range []bool{false, true} {
			var media []*emulation.MediaFeature
			if dark {
				media = []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}
			}
			cdpCall(p, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: media})
			for _, page := range pages {
				p.open(a.URL + page)
				if got := eval[string](p, `document.documentElement.lang`); got != l {
					t.Fatalf("%s asked in %s is drawn in %q", page, l, got)
				}
				p.fits(l + " " + page)
				if vs := p.axeRun(src); len(vs) > 0 {
					t.Errorf("axe on %s in %s (dark %v): %+v", page, l, dark, vs)
				}
			}
		}
	}
	cdpCall(p, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{})
	p.screenshot("language-pseudo-settings")

	for _, page := range pages {
		p.open(a.URL + page)
		// The scripts have written the banner and the readiness line.
		p.waitFor(`(function(){ var pill = document.querySelector('[data-testid="net-pill"]'), ready = document.querySelector('[data-offline-ready]'); return !!pill && pill.textContent !== "" && !!ready && ready.textContent !== ""; })()`)
		var escaped []string
		for _, w := range serverWords(p) {
			if !names[w] {
				escaped = append(escaped, w)
			}
		}
		if len(escaped) > 0 {
			t.Errorf("%s: words that escaped the catalog: %s", page, strings.Join(escaped, " "))
		}
	}
}

package handlers_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// keyTo reaches a control with Tab alone (at most 150 presses) and takes
// it with Enter, as a keyboard player does: no pointer.
func (p *phone) keyTo(testid string) {
	p.t.Helper()
	for range 150 {
		if eval[string](p, `(document.activeElement && document.activeElement.getAttribute("data-testid")) || ""`) == testid {
			p.do(chromedp.KeyEvent(kb.Enter))
			return
		}
		p.do(chromedp.KeyEvent(kb.Tab))
	}
	p.t.Fatalf("Tab never reached %s", testid)
}

// TestBrowserTowerByKeyboard plays a whole round of Mage's Tower (the
// General's turn and the Mage's Wave) with the keyboard alone.
func TestBrowserTowerByKeyboard(t *testing.T) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	newTowerGame(p, a.URL, func() {
		p.do(fill(chromedp.CSS("#general"), "Ana"), fill(chromedp.CSS("#mage"), "Ben"))
	}, "")
	settled := func(cond string) {
		p.waitFor(`(function(){return !document.querySelector('.htmx-request,.htmx-swapping,.htmx-settling,.htmx-added') && (` + cond + `);})()`)
	}
	p.keyTo("reveal")
	settled(`!document.querySelector('[data-testid="privacy"]')`)
	for _, c := range []string{"L1", "L2", "L3"} {
		p.keyTo("coin-" + c)
		settled(fmt.Sprintf(`!!document.querySelector('[data-testid="coin-%s"][aria-current="true"]')`, c))
	}
	p.keyTo("place")
	p.waitVersion(1)
	p.keyTo("end")
	p.waitVersion(2)
	p.keyTo("reveal")
	settled(`!document.querySelector('[data-testid="privacy"]')`)
	p.keyTo("dr-6")
	settled(has("chosen-damage"))
	p.keyTo("sr-2")
	settled(has("chosen-spell"))
	p.keyTo("aim-zone-1")
	settled(has("preview"))
	p.keyTo("cast")
	p.waitVersion(3)
	if got := p.text("removed"); got != "3/9" {
		t.Fatalf("after the Wave played by keyboard fallen = %q", got)
	}
}

// TestBrowserScribesByKeyboard plays the first turns of The Arcane Scribes
// (the hand-over screen and a take, for each player) with the keyboard
// alone.
func TestBrowserScribesByKeyboard(t *testing.T) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	p.open(a.URL + "/new/arcane-scribes")
	p.do(fill(chromedp.CSS("#name0"), "Mia"), fill(chromedp.CSS("#name1"), "Ben"))
	p.tap("new-submit")
	p.do(shown(sel("confirm")))
	p.tap("start")
	p.do(shown(sel("board")))
	version := func() string {
		return eval[string](p, `document.querySelector('[data-version-src]').getAttribute('data-version-src')`)
	}
	for turn := 0; turn < 4; turn++ {
		p.waitFor(`!document.querySelector('.htmx-request,.htmx-swapping,.htmx-settling,.htmx-added')`)
		if eval[bool](p, has("privacy")) {
			p.keyTo("reveal")
			p.waitFor(`!document.querySelector('[data-testid="privacy"]')`)
		}
		take := eval[string](p, `(function(){var b=document.querySelector('[data-testid^="take-"]:not([disabled])');return b?b.getAttribute("data-testid"):"";})()`)
		if take == "" {
			t.Fatalf("turn %d: no take offered", turn+1)
		}
		v := version()
		p.keyTo(take)
		p.waitFor(fmt.Sprintf(`document.querySelector('[data-version-src]').getAttribute('data-version-src') !== %q`, v))
	}
}

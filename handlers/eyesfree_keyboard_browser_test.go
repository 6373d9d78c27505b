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

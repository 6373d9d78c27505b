package handlers_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// focusedJS names the focused element by its data-testid, and says when it
// is outside the viewport or covered by something else (the thumb bar, the
// announcement strip, the status strip).
const focusedJS = `(function(){
	var a = document.activeElement;
	if (!a || a === document.body) return "<body>";
	var name = a.getAttribute("data-testid") || a.tagName;
	var r = a.getBoundingClientRect();
	if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return name + " (out of view: " + [r.left, r.top, r.right, r.bottom, innerWidth, innerHeight].map(Math.round).join(" ") + ")";
	var hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
	if (!hit || !(hit === a || a.contains(hit))) return name + " (covered)";
	return name;
})()`

// expectFocus waits until the control a person acts with next is focused,
// inside the viewport and uncovered.
func (p *phone) expectFocus(testid string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, until(fmt.Sprintf(`%s === %q`, focusedJS, testid))); err != nil {
		p.t.Fatalf("focus on %s, want %s", eval[string](p, focusedJS), testid)
	}
}

// TestBrowserThumbBarFocus taps each kind of Spells & Arrows control at a
// phone's two orientations and checks that, after every tap, the focus is
// on the next control and that control is in sight, not under anything.
func TestBrowserThumbBarFocus(t *testing.T) {
	a := startApp(t)
	_, another := browser(t)
	leaps := filepath.Join("..", "rules", "spellsarrows", "testdata", "giants-engaged-and-leaps.json")

	for _, o := range []struct {
		name string
		w, h int64
		opts []chromedp.EmulateViewportOption
	}{
		{"portrait 390x844", 390, 844, []chromedp.EmulateViewportOption{chromedp.EmulateMobile}},
		{"landscape 844x390", 844, 390, []chromedp.EmulateViewportOption{chromedp.EmulateMobile, chromedp.EmulateLandscape}},
	} {
		t.Run(o.name, func(t *testing.T) {
			// A tab of its own for each orientation, as a phone turned
			// before the game is opened.
			p := &phone{t: t, ctx: another()}
			p.do(chromedp.EmulateViewport(o.w, o.h, o.opts...))

			// The spy: MAKE, a move, MAKE again, and an undo.
			p.open(a.URL + p.importRecord(a.URL, prefix(t, leaps, 0)))
			p.waitVersion(0)
			p.expectFocus("spy-shot-make")
			p.step("spy-shot-make", 1)
			p.expectFocus("move-A")
			p.step("move-A", 2)
			p.expectFocus("spy-shot-make")
			p.step("undo", 3)
			p.expectFocus("move-A")

			// The mage: a cast, its shots, a giant placed, the bench.
			p.open(a.URL + p.importRecord(a.URL, prefix(t, leaps, 9)))
			p.waitVersion(9)
			p.expectFocus("cast-1")
			p.step("cast-2", 10)
			p.expectFocus("spell-shot-make")
			p.step("spell-shot-make", 11)
			p.expectFocus("spell-shot-make")
			p.step("spell-shot-make", 12)
			p.step("spell-shot-make", 13)
			p.expectFocus("target-A-B")
			p.step("target-A-W3", 14)
			p.expectFocus("cast-9")
			p.step("cast-9", 15)
			p.step("spell-shot-make", 16)
			p.step("spell-shot-make", 17)
			// Nothing is chosen for the mage: the focus is on the first
			// bench spell, Confirm waits for a choice (issue 31).
			p.expectFocus("bench-" + eval[string](p, `document.querySelector('[data-testid^="bench-"][type=radio]').value`))
			if !eval[bool](p, `document.querySelector('[data-testid="bench-submit"]').disabled`) {
				t.Error("Confirm is ready before a bench spell is chosen")
			}

			// The answer window after a spy miss, and a leap aimed by
			// tapping the giant and the span on the court.
			p.open(a.URL + p.importRecord(a.URL, prefix(t, leaps, 33)))
			p.waitVersion(33)
			p.step("spy-shot-miss", 34)
			if w := eval[int](p, `document.documentElement.scrollWidth`); w > int(o.w) {
				t.Errorf("the page is %d px wide on a %d px screen: %s", w, o.w, eval[string](p, fmt.Sprintf(`Array.from(document.querySelectorAll("body *")).filter(function(e){return e.getBoundingClientRect().right > %d}).slice(0, 5).map(function(e){return e.tagName + "." + e.className + "#" + (e.getAttribute("data-testid")||"")}).join(", ")`, o.w+1)))
			}
			p.expectFocus("leap-giant-A-B")
			p.tap("court-giant-A-B")
			p.waitFor(`!!document.querySelector('[data-testid^="leap-span-"]')`)
			p.expectFocus("leap-span-" + eval[string](p, `document.querySelector('[data-testid^="leap-span-"]').getAttribute('data-testid').slice(10)`))
			// The span by its button (the court's E4-W4 crosses the road
			// A-B at its middle, where a finger would aim a bit aside).
			p.tap("leap-span-E4-W4")
			p.expectFocus("leap-made")
			if got := p.text("leap-aim"); got != "Giant leaps A-B → E4-W4: the mage shoots a free throw" {
				t.Fatalf("aimed leap says %q", got)
			}
			p.step("leap-made", 35)
			p.expectFocus("leap-giant-A-W3") // the leap run goes on: the first giant again
		})
	}
}

// TestBrowserKeyboardSpyHalf plays a whole spy half with the keyboard alone:
// each action takes at most three key presses (Tabs to the control, then
// Enter), because the focus lands on the next control after every tap.
func TestBrowserKeyboardSpyHalf(t *testing.T) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	rec := `{"game":"spells-arrows","version":1,"seed":1,"setup":{"victory":12,"spy":"Ana","mage":"Ben","options":{}},"actions":[]}`
	p.open(a.URL + p.importRecord(a.URL, rec))
	p.waitVersion(0)
	p.expectFocus("spy-shot-make")

	// A to W3 to W2 to WG: the run of the spy's first half, ending with the
	// escape through the gate. At a shot the arrow keys are MAKE (→) and
	// MISS (←), as a presenter remote sends them (issue 31); at a choice
	// they step through what is offered, nothing chosen until the first
	// step, and Enter takes the choice.
	half := []string{"spy-shot-make", "move-A", "spy-shot-make", "move-W3", "spy-shot-miss", "spy-shot-make", "move-W2", "spy-shot-make", "move-WG", "spy-shot-make"}
	for i, want := range half {
		presses := 0
		press := func(k string) {
			p.do(chromedp.KeyEvent(k))
			presses++
			time.Sleep(400 * time.Millisecond) // closer presses count once (a bounce)
		}
		switch want {
		case "spy-shot-make":
			press(kb.ArrowRight)
		case "spy-shot-miss":
			press(kb.ArrowLeft)
		default:
			ids := eval[[]string](p, `Array.from(document.querySelectorAll("#board [data-choice]")).map(function(b){return b.getAttribute("data-testid")})`)
			to := slices.Index(ids, want)
			if to < 0 {
				t.Fatalf("action %d (%s): the choices are %v", i+1, want, ids)
			}
			key, n := kb.ArrowRight, to+1
			if back := len(ids) - to; back < n {
				key, n = kb.ArrowLeft, back
			}
			for range n {
				press(key)
			}
			if got := eval[string](p, `document.activeElement.getAttribute("data-testid")`); got != want {
				t.Fatalf("action %d: arrows reached %q, want %q", i+1, got, want)
			}
			press(kb.Enter)
		}
		if presses > 3 {
			t.Errorf("action %d (%s) takes %d key presses, want at most 3", i+1, want, presses)
		}
		p.waitVersion(i + 1)
		t.Logf("%-14s %d key presses", want, presses)
	}
	if got := p.text("announce"); got != "Ana escaped through WG: +6 (6/12). Ben's mage half: 5 casts." {
		t.Fatalf("announcement strip says %q", got)
	}
}

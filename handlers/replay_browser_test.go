package handlers_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserReplay scrubs a long game on a phone: the step links, the
// arrow keys, the range control, a jump mark, then the shared link of the
// moment opened on another phone (a spectator), and a screenshot at
// 390x844. The replay never offers a tap; the scorekeeper's offers
// "Continue from here" (not pressed here: the fork is built apart).
func TestBrowserReplay(t *testing.T) {
	a := startApp(t)
	first, another := browser(t)
	p := &phone{t: t, ctx: first}
	long := filepath.Join("..", "rules", "spellsarrows", "testdata", "mage-wins-on-turns.json")
	path := p.importRecord(a.URL, prefix(t, long, -1))

	// From the game page's Replay link to the replay of now.
	p.open(a.URL + path)
	p.tap("replay-open")
	p.waitFor(`!!document.querySelector('[data-testid="replay-range"]')`)
	total := eval[int](p, `+document.getElementById("replay").getAttribute("data-total")`)
	if total < 60 {
		t.Fatalf("the long game has %d actions", total)
	}
	at := func() int { return eval[int](p, `+document.getElementById("replay").getAttribute("data-at")`) }
	waitAt := func(n int) {
		t.Helper()
		p.waitFor(fmt.Sprintf(`(function(){ var r = document.getElementById("replay"); return !!r && r.getAttribute("data-at") === "%d" && !document.querySelector(".htmx-request,.htmx-swapping,.htmx-settling") && location.search === "?at=%d"; })()`, n, n))
	}
	if n := at(); n != total {
		t.Fatalf("the replay opens at %d, want now (%d)", n, total)
	}
	noTaps := func(when string) {
		t.Helper()
		if n := eval[int](p, `document.querySelectorAll('#replay [hx-post], #replay form[method="post"]:not([action$="/fork"]), #replay [data-testid="undo"]').length`); n != 0 {
			t.Fatalf("%s: the replay offers %d taps", when, n)
		}
		if n := eval[int](p, `document.querySelectorAll('#replay form[action$="/fork"] input[name="_csrf"]').length`); n != 1 {
			t.Fatalf("%s: the scorekeeper's replay has %d Continue-from-here forms", when, n)
		}
	}
	noTaps("now")

	// The step links: first, forward twice, back once.
	p.tap("replay-first")
	waitAt(0)
	p.tap("replay-next")
	waitAt(1)
	p.tap("replay-next")
	waitAt(2)
	p.tap("replay-prev")
	waitAt(1)
	// The arrow keys, with the focus on the page.
	eval[bool](p, `document.activeElement && document.activeElement.blur && document.activeElement.blur(), true`)
	p.key("ArrowRight", 0)
	waitAt(2)
	p.key("ArrowLeft", 0)
	waitAt(1)
	// The range control, dragged to a moment and let go.
	eval[bool](p, `(function(){ var r = document.querySelector('[data-testid="replay-range"]'); r.value = "40"; r.dispatchEvent(new Event("input", {bubbles: true})); r.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
	waitAt(40)
	if got := eval[string](p, `document.querySelector('[data-testid="replay-log"] [aria-current="step"]').textContent`); !strings.HasPrefix(strings.TrimSpace(got), "40.") {
		t.Fatalf("the log marks %q at moment 40", got)
	}
	noTaps("at 40")

	// A jump mark: the first moment that matters after the start.
	p.tap("replay-first")
	waitAt(0)
	eval[bool](p, `document.querySelector('[data-testid="replay-marks"]').open = true, true`)
	markAt := eval[string](p, `new URL(document.querySelector('[data-testid="replay-mark"]').href).searchParams.get("at")`)
	n, err := strconv.Atoi(markAt)
	if err != nil || n < 1 {
		t.Fatalf("the first mark points at %q", markAt)
	}
	p.tap("replay-mark")
	waitAt(n)
	if cur := eval[int](p, `document.querySelectorAll('[data-testid="replay-mark"][aria-current="step"]').length`); cur != 1 {
		t.Fatalf("%d marks say they are the moment", cur)
	}
	board := p.text("replay-status")

	// The link to this moment, opened on another phone: the same moment,
	// as a spectator (no Continue from here).
	link := eval[string](p, `document.querySelector('[data-testid="replay-link"]').href`)
	if !strings.HasSuffix(link, "/replay?at="+markAt) {
		t.Fatalf("the moment's link is %q", link)
	}
	q := &phone{t: t, ctx: another()}
	q.open(link)
	q.waitFor(fmt.Sprintf(`(function(){ var r = document.getElementById("replay"); return !!r && r.getAttribute("data-at") === %q; })()`, markAt))
	if !strings.Contains(eval[string](q, `location.pathname`), "/watch/") {
		t.Fatalf("a stranger's replay is at %q, not the spectator's", eval[string](q, `location.href`))
	}
	if got := q.text("replay-status"); got != board {
		t.Fatalf("the shared moment says %q, the sender's %q", got, board)
	}
	// The footer's language switch is the one POST a spectator has: it
	// changes no game.
	if n := eval[int](q, `document.querySelectorAll('form[method="post"]:not([action="/language"])').length`); n != 0 {
		t.Fatalf("the spectator's replay has %d POST forms", n)
	}

	// The picture, at the moment of the mark, for a person to look at.
	p.screenshot("replay-mark-390x844")

	// On paper the moment is one page: the status and the board.
	pctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
	pdf, err := chromedp.Run(pctx, chromedp.PrintToPDF(chromedp.PDFPreferCSSPageSize(), chromedp.PDFPaper(chromedp.PaperA4)))
	cancel()
	if err != nil {
		t.Fatalf("print: %v", err)
	}
	dir := filepath.Join("..", "artifacts", "sheets")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "replay-moment-a4.pdf")
	if err := os.WriteFile(file, pdf, 0o644); err != nil {
		t.Fatal(err)
	}
	if n := len(pdfPage.FindAll(pdf, -1)); n != 1 {
		t.Fatalf("the moment prints on %d pages, want 1 (%s)", n, file)
	}
}

package handlers_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	sc "github.com/grimoire-games/grimoire/rules/scribes"
)

var updateShots = flag.Bool("update-shots", false, "write the Tower and Scribes screenshots under docs/screenshots")

// thumbSizes are the phone held upright and sideways.
var thumbSizes = []struct {
	name string
	w, h int64
}{{"portrait", 390, 844}, {"landscape", 844, 390}}

// acting checks what a person needs after a tap: the next control has the
// focus and lies wholly inside the screen (not under the fold, not
// scrolled away).
func (p *phone) acting(testid string) {
	p.t.Helper()
	js := fmt.Sprintf(`(function(){
		if (document.querySelector('.htmx-request,.htmx-swapping,.htmx-settling')) return 'busy';
		var e = document.activeElement;
		var got = e && (e.getAttribute('data-testid') || e.tagName);
		if (got !== %q) return 'focus is on ' + got;
		var r = e.getBoundingClientRect();
		// One pixel of slack for sub-pixel layout.
		if (r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1)
			return 'outside the screen: ' + [r.left, r.top, r.right, r.bottom].join(',') + ' of ' + innerWidth + 'x' + innerHeight;
		return '';
	})()`, testid)
	msg := ""
	for range 50 {
		if msg = eval[string](p, js); msg == "" {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.t.Fatalf("after the tap, want %s focused and on screen: %s", testid, msg)
}

// docShot saves what the phone shows under docs/screenshots (-update-shots).
func (p *phone) docShot(name string) {
	p.t.Helper()
	if !*updateShots {
		return
	}
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatalf("screenshot: %v", err)
	}
	dir := filepath.Join("..", "docs", "screenshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// fits fails the test when the screen is wider than the phone, naming the
// state and what sticks out. A page wider than the device grows the layout
// viewport (innerWidth follows it), so the page is held to the device's
// width as well as to innerWidth; the thumb bar, which scrolls by itself,
// must not scroll sideways either.
func (p *phone) fits(state string) {
	p.t.Helper()
	msg := eval[string](p, `(function(){
		var root = document.documentElement, w = Math.min(innerWidth, screen.width);
		var bars = Array.prototype.filter.call(document.querySelectorAll('[data-testid="thumb"], [data-thumbbar]'), function (b) { return b.scrollWidth > b.clientWidth + 1; });
		if (root.scrollWidth <= w && innerWidth <= screen.width && bars.length === 0) return '';
		function name(e) {
			return e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.getAttribute('data-testid') ? '[' + e.getAttribute('data-testid') + ']' : '') +
				(typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\s+/).join('.') : '');
		}
		// The outermost elements past the edge: their parent still fits.
		var out = [];
		document.querySelectorAll('body *').forEach(function (e) {
			var r = e.getBoundingClientRect(), pr = e.parentElement.getBoundingClientRect();
			if (r.width > 0 && r.right > w + 1 && pr.right <= w + 1 && out.length < 4) out.push(name(e) + ' ' + Math.round(r.left) + '-' + Math.round(r.right));
		});
		bars.forEach(function (b) { out.push(name(b) + ' scrolls sideways: ' + b.scrollWidth + ' of ' + b.clientWidth); });
		return 'page ' + root.scrollWidth + ' px wide, innerWidth ' + innerWidth + ', screen ' + screen.width + ': ' + out.join('; ');
	})()`)
	if msg != "" {
		p.t.Errorf("%s is wider than the phone: %s", state, msg)
	}
}

func sized(t *testing.T, w, h int64) *phone {
	t.Helper()
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	p.do(chromedp.EmulateViewport(w, h, chromedp.EmulateMobile))
	return p
}

// Mage's Tower on one phone: after each kind of tap (place, advance, end,
// cast, and the hand-over) the next control is focused and on screen.
func TestBrowserTowerThumbBar(t *testing.T) {
	for _, size := range thumbSizes {
		t.Run(size.name, func(t *testing.T) {
			a := startApp(t)
			p := sized(t, size.w, size.h)
			newTowerGame(p, a.URL, func() {
				p.do(fill(chromedp.CSS("#general"), "Ana"), fill(chromedp.CSS("#mage"), "Ben"))
			}, "")
			p.acting("reveal")
			p.fits("tower-handover-" + size.name)
			p.docShot("tower-handover-" + size.name)
			p.pick("reveal", `!document.querySelector('[data-testid="privacy"]')`)
			p.selectCoins("L1", "L2")
			p.acting("place")
			p.fits("tower-place-" + size.name)
			p.docShot("tower-place-" + size.name)
			p.step("place", 1)
			p.acting("end")
			zone := eval[int](p, `(function(){for (var z = 1; z <= 4; z++) { if (document.querySelector('[data-testid="advance-'+z+'"]') && document.querySelector('[data-testid="zone-'+z+'"] a.coin')) return z; } return 0;})()`)
			if zone > 0 {
				id := eval[string](p, fmt.Sprintf(`document.querySelector('[data-testid="zone-%d"] a.coin').getAttribute('data-testid').slice(5)`, zone))
				p.selectCoins(id)
				p.acting(fmt.Sprintf("advance-%d", zone))
				p.step(fmt.Sprintf("advance-%d", zone), 2)
				p.acting("end")
				p.step("end", 3)
			} else {
				p.step("end", 2)
			}
			p.acting("reveal")
			p.pick("reveal", `!document.querySelector('[data-testid="privacy"]')`)
			// Wave for 6 at zone 1, where the soldiers stand.
			p.pick("dr-6", has("chosen-damage"))
			p.pick("sr-2", has("chosen-spell"))
			p.pick("aim-zone-1", has("preview"))
			p.acting("cast")
			p.fits("tower-cast-" + size.name)
			p.docShot("tower-cast-" + size.name)
			v := eval[int](p, `+document.querySelector('[data-version-src]').getAttribute('data-version-src')`)
			p.step("cast", v+1)
			p.acting("reveal")
		})
	}
}

// scThumbRecord is a fresh game of Mia and Ben on one phone with the row
// fixed: an Ash 2 on a two-element tile (scribing it asks Ben a follow-up)
// and a plain Ash tile beside it.
func scThumbRecord(t *testing.T) []byte {
	t.Helper()
	first := 0
	var deck []string
	for _, id := range []string{"ASHW-2", "TIDE-2"} {
		deck = append(deck, id)
	}
	for _, c := range sc.DefaultData().Cards {
		if c.ID != "ASHW-2" && c.ID != "TIDE-2" {
			deck = append(deck, c.ID)
		}
	}
	tiles := []string{"T-ASHW+TIDE-1", "T-ASHW-1"}
	for _, tl := range sc.DefaultData().Tiles {
		if tl.ID != tiles[0] && tl.ID != tiles[1] {
			tiles = append(tiles, tl.ID)
		}
	}
	rec, err := sc.NewRecord(sc.Setup{Players: []string{"Mia", "Ben"}, First: &first, Deck: deck, Tiles: tiles}, 3)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// The Arcane Scribes on one phone: after take, scribe, the follow-up,
// reserve and each hand-over, the next control is focused and on screen.
func TestBrowserScribesThumbBar(t *testing.T) {
	for _, size := range thumbSizes {
		t.Run(size.name, func(t *testing.T) {
			a := startApp(t)
			p := sized(t, size.w, size.h)
			p.scImport(a.URL, scThumbRecord(t))
			reveal := func(name string) {
				p.acting("reveal")
				if got := p.text("privacy"); !strings.Contains(got, name) {
					t.Fatalf("hand-over says %q, want %s", got, name)
				}
				p.pick("reveal", `!document.querySelector('[data-testid="privacy"]')`)
			}
			reveal("Mia")
			p.acting("take-ASHW-TIDE")
			p.fits("scribes-turn-" + size.name)
			p.docShot("scribes-turn-" + size.name)
			p.tap("take-ASHW-TIDE")
			reveal("Ben")
			p.acting("take-ASHW-TIDE")
			p.tap("take-ASHW-TIDE")
			reveal("Mia")
			p.tap("scribe-slot-0-0")
			reveal("Ben")
			p.acting("follow-ASHW")
			p.fits("scribes-follow-" + size.name)
			p.docShot("scribes-follow-" + size.name)
			p.tap("follow-ASHW")
			p.acting("take-ASHW-TIDE")
			p.tap("reserve-1")
			reveal("Mia")
			p.acting("take-ASHW-TIDE")
			if got := p.text("turn"); !strings.HasPrefix(got, "Round 3 · Mia's turn (1 of 2)") {
				t.Errorf("turn line %q", got)
			}
		})
	}
}

// axeFinding is one failed axe-core rule on a screen (with its targets).
type axeFinding struct {
	ID      string   `json:"id"`
	Help    string   `json:"help"`
	Targets []string `json:"targets"`
}

// axe runs the vendored axe-core (WCAG 2.1 A and AA rules) over the screen
// as it is now and fails the test on any violation, naming the state.
func (p *phone) axe(state string) {
	p.t.Helper()
	defer p.fits(state)
	src, err := os.ReadFile(filepath.Join("testdata", "axe", "axe.min.js"))
	if err != nil {
		p.t.Fatal(err)
	}
	p.waitFor(`!document.querySelector('.htmx-request,.htmx-swapping,.htmx-settling,.htmx-added')`)
	ctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](string(src)+";true")); err != nil {
		p.t.Fatalf("load axe-core: %v", err)
	}
	type result struct {
		Passes     int          `json:"passes"`
		Violations []axeFinding `json:"violations"`
	}
	res, err := chromedp.Run(ctx, chromedp.Evaluate[result](`axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}}).then(r => ({passes: r.passes.length, violations: r.violations.map(v => ({id: v.id, help: v.help, targets: v.nodes.map(n => n.target.join(' '))}))}))`, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("run axe-core: %v", err)
	}
	// A run that checked nothing would report no violations too.
	if res.Passes == 0 {
		p.t.Fatalf("%s: axe-core checked no rule", state)
	}
	n := 0
	for _, v := range res.Violations {
		n += len(v.Targets)
		p.t.Errorf("%s: axe %s (%s) on %v", state, v.ID, v.Help, v.Targets)
	}
	p.t.Logf("axe %s: %d violations", state, n)
}

// scRecordAfter is a 2-person game on one phone with the row's cards and
// tiles put first, after the given actions.
func scRecordAfter(t *testing.T, cards, tiles []string, acts ...sc.Action) []byte {
	t.Helper()
	first := 0
	front := func(all, ids []string) []string {
		out := append([]string(nil), ids...)
		for _, id := range all {
			if !strings.Contains(" "+strings.Join(ids, " ")+" ", " "+id+" ") {
				out = append(out, id)
			}
		}
		return out
	}
	var allCards, allTiles []string
	for _, c := range sc.DefaultData().Cards {
		allCards = append(allCards, c.ID)
	}
	for _, tl := range sc.DefaultData().Tiles {
		allTiles = append(allTiles, tl.ID)
	}
	setup := sc.Setup{Players: []string{"Mia", "Ben"}, First: &first, Deck: front(allCards, cards), Tiles: front(allTiles, tiles)}
	rec, err := sc.NewRecord(setup, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range acts {
		if rec, err = sc.AppendAction(rec, a); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := sc.Replay(rec); err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// Zero axe-core violations on the Tower and Scribes screens: new game,
// hand-over, a turn, a cast, the trade, the stall warning and the end.
func TestBrowserTablesAxe(t *testing.T) {
	a := startApp(t)
	p := sized(t, 390, 844)

	p.open(a.URL + "/new/mages-tower")
	p.axe("tower new game")
	p.do(fill(chromedp.CSS("#general"), "Ana"), fill(chromedp.CSS("#mage"), "Ben"))
	p.tap("new-submit")
	p.do(shown(sel("confirm")))
	p.axe("tower confirmation")
	p.tap("start")
	p.do(shown(sel("board")))
	p.axe("tower hand-over")
	p.pick("reveal", `!document.querySelector('[data-testid="privacy"]')`)
	p.selectCoins("L1", "L2", "L3")
	p.axe("tower general's turn")
	p.step("place", 1)
	p.step("end", 2)
	p.pick("reveal", `!document.querySelector('[data-testid="privacy"]')`)
	p.pick("dr-6", has("chosen-damage"))
	p.pick("sr-2", has("chosen-spell"))
	p.pick("aim-zone-1", has("preview"))
	p.axe("tower mage's cast")

	p.open(a.URL + "/new/arcane-scribes")
	p.axe("scribes new game")
	quiet := []string{"T-ASHW-1", "T-ASHW-2", "T-ASHW-3", "T-ASHW-4", "T-ASHW-5", "T-TIDE-1", "T-TIDE-2", "T-TIDE-3"}
	tens := []string{"ASHW-10", "TIDE-10", "GALE-10", "ROOT-10", "ASHW-9", "TIDE-9", "GALE-9", "ROOT-9", "ASHW-8"}
	// The widest row: an arena (four insignias) and a three-insignia tile
	// side by side.
	p.scImport(a.URL, scRecordAfter(t, nil, []string{"T-ARENA-1", "T-ASHW+TIDE+GALE-2"}))
	p.axe("scribes hand-over")
	p.pick("reveal", `!document.querySelector('[data-testid="privacy"]')`)
	p.axe("scribes turn")
	// Ben holds a Root, which the three-insignia tile does not show: Mia's
	// reserve asks him to trade.
	p.scImport(a.URL, scRecordAfter(t, nil, []string{"T-ASHW+TIDE+GALE-1"}, sc.Take(0, sc.ASHW, sc.TIDE), sc.Take(1, sc.ASHW, sc.ROOT), sc.Reserve(0, 0)))
	if eval[bool](p, has("privacy")) {
		p.pick("reveal", `!document.querySelector('[data-testid="privacy"]')`)
	}
	p.do(shown(sel("trade-form")))
	if got := p.text("trade-held"); !strings.Contains(got, "Root") {
		t.Errorf("the trade does not show what Ben holds: %q", got)
	}
	p.axe("scribes trade, give")
	p.pick("trade-give-ROOT", has("trade-gains"))
	p.axe("scribes trade, gain")
	p.scImport(a.URL, scRecordAfter(t, tens, quiet, sc.Reserve(0, 0), sc.Reserve(1, 1), sc.Reserve(0, 2), sc.Reserve(1, 3)))
	if eval[bool](p, has("privacy")) {
		p.pick("reveal", `!document.querySelector('[data-testid="privacy"]')`)
	}
	p.do(shown(sel("stall-warning")))
	p.docShot("scribes-stall-portrait")
	p.axe("scribes stall warning")
	p.tap("propose-end-0")
	p.do(shown(sel("agree-end-1")))
	p.axe("scribes proposal")
	p.tap("agree-end-1")
	p.do(shown(sel("final-scores")))
	p.docShot("scribes-end-portrait")
	p.axe("scribes end")
}

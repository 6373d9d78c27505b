package handlers_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// newSAGame fills the new-game form like a player and starts the game.
func newSAGame(p *phone, base, spy, mage, victory, turns string) {
	p.t.Helper()
	p.open(base + "/new/spells-arrows")
	p.do(
		fill(chromedp.CSS("#spy"), spy),
		fill(chromedp.CSS("#mage"), mage),
		fill(chromedp.CSS("#victory"), victory),
		fill(chromedp.CSS("#turns"), turns),
	)
	p.tap("new-submit")
	p.do(shown(sel("confirm")))
	p.tap("start")
	p.do(shown(sel("board")))
	p.waitVersion(0)
}

// step taps a control and waits for the screen to show the next version.
func (p *phone) step(testid string, version int) {
	p.t.Helper()
	p.tap(testid)
	p.waitVersion(version)
}

func TestBrowserSpellsArrowsSpyEscapesAndWins(t *testing.T) {
	a := startApp(t)
	ctx, another := browser(t)
	p := &phone{t: t, ctx: ctx}

	p.open(a.URL + "/")
	p.do(shown(sel("no-games")))
	p.screenshot("home-empty")

	newSAGame(p, a.URL, "Ana", "Ben", "6", "5")
	if got := p.text("prompt"); !strings.Contains(got, "toll at B, 0 of 1 made") {
		t.Fatalf("first prompt = %q", got)
	}
	p.screenshot("sa-start")

	// B -> A by tapping the highlighted cone on the court itself.
	p.step("spy-shot-make", 1)
	if got := p.text("prompt"); !strings.Contains(got, "choose where to go") {
		t.Fatalf("after paying the toll the prompt = %q", got)
	}
	p.screenshot("sa-choose-move")
	p.step("court-move-A", 2)
	if got := p.text("spy-at"); !strings.HasPrefix(got, "A") {
		t.Fatalf("spy at %q, want A", got)
	}
	// A -> W3 -> W2 -> WG: two arc towns left, 3 travel each.
	p.step("spy-shot-make", 3)
	p.step("move-W3", 4)
	if lbl := eval[string](p, `document.querySelector('[data-testid="armour"]').getAttribute('aria-label')`); lbl != "1 of 2 armour" {
		t.Fatalf("leaving the armoury: armour label %q", lbl)
	}
	p.step("spy-shot-make", 5)
	p.step("move-W2", 6)
	p.step("spy-shot-make", 7)
	p.step("move-WG", 8)
	if got := p.text("travel"); got != "3+3 = 6" {
		t.Fatalf("travel = %q, want 3+3 = 6", got)
	}

	// A spectator on another phone follows along.
	watch := eval[string](p, `document.querySelector('[data-testid="watch-link"]').getAttribute('href')`)
	sp := &phone{t: t, ctx: another()}
	sp.open(a.URL + watch)
	if got := sp.text("prompt"); !strings.Contains(got, "toll at WG") {
		t.Fatalf("spectator prompt = %q", got)
	}
	if n := eval[int](sp, `document.querySelectorAll('[data-testid="spy-shot-make"]').length`); n != 0 {
		t.Fatalf("spectator sees %d shot buttons, want none", n)
	}

	// The toll at the gate is the escape: 6 points reach the Victory Number.
	p.step("spy-shot-make", 9)
	if got := p.text("winner"); got != "Ana (spy) wins" {
		t.Fatalf("winner = %q", got)
	}
	p.screenshot("sa-spy-wins")
	sp.waitFor(`(function(){var w=document.querySelector('[data-testid="winner"]');return !!w && w.textContent.indexOf('Ana (spy) wins')>=0;})()`)
	sp.screenshot("sa-spectator")

	// Undo takes the escape back; a reload shows the same screen.
	p.step("undo", 10)
	if got := p.text("prompt"); !strings.Contains(got, "toll at WG, 0 of 1 made") {
		t.Fatalf("after undo the prompt = %q", got)
	}
	p.do(chromedp.Reload(), shown(sel("board")))
	p.waitVersion(10)
	if got := p.text("points"); got != "0/6" {
		t.Fatalf("after reload points = %q", got)
	}
	p.step("spy-shot-make", 11)
	if got := p.text("winner"); got != "Ana (spy) wins" {
		t.Fatalf("winner after redo = %q", got)
	}

	// The home screen lists the finished game.
	p.open(a.URL + "/")
	if got := p.text("game-status"); !strings.Contains(got, "Ana (spy) won") {
		t.Fatalf("home status = %q", got)
	}
	p.screenshot("home-one-game")

	// The rules page, reached from the game screen, explains the refusal.
	p.open(a.URL + "/rules/spells-arrows#rule-court-spells")
	if got := p.text("rules"); !strings.Contains(got, "No two court spells in a row") {
		t.Fatalf("rules page lacks the court-spell ruling")
	}
	p.screenshot("sa-rules")
}

func TestBrowserSpellsArrowsMageHoldsOut(t *testing.T) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	newSAGame(p, a.URL, "Cleo", "Dov", "20", "2")

	// Six misses run the shot clock out; three more miss counters end the half.
	v := 0
	for i := 0; i < 9; i++ {
		v++
		p.step("spy-shot-miss", v)
	}
	if got := eval[string](p, `document.querySelector('[data-testid="controls"]').getAttribute('data-phase')`); got != "mage" {
		t.Fatalf("after nine misses phase = %q, want mage", got)
	}
	p.screenshot("sa-mage-cards")

	// Elven Sentry: two makes with its grace unused place two elf cones.
	v++
	p.step("cast-1", v)
	if got := p.text("spot"); got != "Left elbow" {
		t.Fatalf("first spot = %q", got)
	}
	p.screenshot("sa-casting")
	v++
	p.step("spell-shot-make", v)
	v++
	p.step("spell-shot-make", v)
	p.screenshot("sa-target")
	v++
	p.step("court-target-W4", v)
	v++
	p.step("target-W4", v)
	// One cone mark per place, with its count beside it (issue 14: a row
	// of 10 px triangles could not be counted).
	if got := eval[string](p, `Array.from(document.querySelectorAll('#sa-court .elf-count')).map(function(e){return e.textContent}).join(",")`); got != "2" {
		t.Fatalf("elf cone counts drawn = %q, want one place with 2", got)
	}

	// A court spell right after a court spell is refused, with the reason.
	if got := p.text("card-3"); !strings.Contains(got, "Librarian's Bench") {
		t.Fatalf("card 3 should say why it cannot be cast, got %q", got)
	}
	// End the half (the confirmation dialog is accepted).
	eval[bool](p, `window.confirm = function(){ return true; }; true`)
	v++
	p.step("end-half", v)

	// Turn 2, the last: the spy misses out and the mage wins.
	for i := 0; i < 9; i++ {
		v++
		p.step("spy-shot-miss", v)
	}
	if got := p.text("winner"); got != "Dov (mage) wins" {
		t.Fatalf("winner = %q", got)
	}
	p.screenshot("sa-mage-wins")
}

// TestBrowserSpellsArrowsBenchAndArrows drives the mage's tools through the
// screen: elf cones, Librarian's Bench with a cut, a volley of elf arrows
// answering a spy miss, and the pass.
func TestBrowserSpellsArrowsBenchAndArrows(t *testing.T) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	newSAGame(p, a.URL, "Eve", "Fin", "30", "3")
	v := 0
	next := func(testid string) {
		t.Helper()
		v++
		p.step(testid, v)
	}
	// Spy half 1: B -> A -> W3, then the clock runs out at W3: two makes
	// already turned it to 4, so four misses empty it and three more end the
	// half.
	next("spy-shot-make")
	next("move-A")
	next("spy-shot-make")
	next("move-W3")
	for i := 0; i < 7; i++ {
		next("spy-shot-miss")
	}
	// Mage half 1: Elven Sentry guards W3 (arc: one cone) and W4.
	next("cast-1")
	next("spell-shot-make")
	next("spell-shot-make")
	next("target-W3")
	next("target-W4")
	// Librarian's Bench between court spells: Hill Giant joins, Quiver is cut.
	if got := p.text("card-3"); !strings.Contains(got, "Not now") {
		t.Fatalf("Quiver right after Elven Sentry should be refused, card says %q", got)
	}
	next("cast-9")
	next("spell-shot-make")
	next("spell-shot-make")
	if got := eval[string](p, `document.querySelector('[data-testid="controls"]').getAttribute('data-phase')`); got != "bench" {
		t.Fatalf("after Librarian's Bench the phase = %q, want bench", got)
	}
	p.screenshot("sa-bench")
	p.tap("bench-6")
	p.tap("cut-2")
	next("bench-submit")
	// After the bench a court spell may follow: Hill Giant is castable now,
	// and Quiver (still on the court: Stone Giant was cut) gives arrows.
	p.do(shown(sel("card-6")))
	if got := p.text("card-6"); strings.Contains(got, "Not now") {
		t.Fatalf("Hill Giant should be castable after the bench, card says %q", got)
	}
	next("cast-3")
	next("spell-shot-make")
	next("spell-shot-make")
	if got := p.text("arrows-leaps"); !strings.HasPrefix(got, "3") {
		t.Fatalf("Quiver with two grace unused should give 3 arrows, got %q", got)
	}
	eval[bool](p, `window.confirm = function(){ return true; }; true`)
	next("end-half")

	// Spy half 2 at W3, guarded: toll 2. A miss opens the mage's answer.
	if got := p.text("prompt"); !strings.Contains(got, "toll at W3, 0 of 2 made") {
		t.Fatalf("turn 2 prompt = %q", got)
	}
	next("spy-shot-miss")
	if got := eval[string](p, `document.querySelector('[data-testid="controls"]').getAttribute('data-phase')`); got != "response" {
		t.Fatalf("after a spy miss at a guarded town the phase = %q, want response", got)
	}
	p.screenshot("sa-response")
	next("arrow-make") // 3 on the arc, minus 1 for the armour from A: 4 -> 2
	if got := p.text("health"); got != "2" {
		t.Fatalf("health after an elf arrow from W3 = %q, want 2", got)
	}
	// A miss ends the volley; with no leaps nothing else is possible, so the
	// window closes by itself and the spy shoots on.
	next("arrow-miss")
	phase := func() string {
		return eval[string](p, `document.querySelector('[data-testid="controls"]').getAttribute('data-phase')`)
	}
	if got := phase(); got != "spy-shoot" {
		t.Fatalf("after the volley's miss the phase = %q, want spy-shoot", got)
	}
	// The next miss opens a new window; this time the mage passes.
	next("spy-shot-miss")
	if got := phase(); got != "response" {
		t.Fatalf("second miss: phase = %q, want response", got)
	}
	next("pass")
	if got := phase(); got != "spy-shoot" {
		t.Fatalf("after the pass the phase = %q, want spy-shoot", got)
	}
	if got := p.text("arrows-leaps"); !strings.HasPrefix(got, "1") {
		t.Fatalf("two arrows shot of three: arrows-leaps = %q", got)
	}
}

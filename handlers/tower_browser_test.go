package handlers_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// newTowerGame fills the new-game form like a player and starts the game.
func newTowerGame(p *phone, base string, fill func(), shot string) {
	p.t.Helper()
	p.open(base + "/new/mages-tower")
	fill()
	if shot != "" {
		p.screenshot(shot)
	}
	p.tap("new-submit")
	p.do(shown(sel("confirm")))
	p.tap("start")
	p.do(shown(sel("board")))
	p.waitVersion(0)
}

// pick taps a coin, card row or aim (a GET that only changes the
// selection) and waits until the screen shows it.
func (p *phone) pick(testid, cond string) {
	p.t.Helper()
	p.tap(testid)
	p.waitFor(`(function(){return !document.querySelector('.htmx-request,.htmx-swapping,.htmx-settling,.htmx-added') && (` + cond + `);})()`)
}

func (p *phone) selectCoins(ids ...string) {
	p.t.Helper()
	for _, id := range ids {
		p.pick("coin-"+id, fmt.Sprintf(`!!document.querySelector('[data-testid="coin-%s"][aria-current="true"]')`, id))
	}
}

func has(testid string) string {
	return fmt.Sprintf(`!!document.querySelector('[data-testid="%s"]')`, testid)
}

// reveal taps the hand-over screen away.
func (p *phone) reveal(name string) {
	p.t.Helper()
	p.waitFor(has("privacy"))
	if got := p.text("privacy"); !strings.Contains(got, "Hand the phone to "+name) {
		p.t.Fatalf("hand-over screen says %q, want %s", got, name)
	}
	p.pick("reveal", `!document.querySelector('[data-testid="privacy"]')`)
}

// castWave chooses the rows and the zone of a Wave and casts it at v.
func (p *phone) cast(dr, sr, aim string, v int, shot string) {
	p.t.Helper()
	p.pick("dr-"+dr, has("chosen-damage"))
	p.pick("sr-"+sr, has("chosen-spell"))
	p.pick(aim, has("preview"))
	if shot != "" {
		p.screenshot(shot)
	}
	p.step("cast", v)
}

// campFacesShown counts camp coins drawn with a face.
func campFacesShown(p *phone) int {
	return eval[int](p, `document.querySelectorAll('[data-testid="camp"] .coin.heads, [data-testid="camp"] .coin.tails').length`)
}

// One phone, two people, the house rule on: the Mage washes every soldier
// off the Field three turns running and wins.
func TestBrowserTowerPassAndPlayMageWins(t *testing.T) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	newTowerGame(p, a.URL, func() {
		p.do(fill(chromedp.CSS("#general"), "Ana"), fill(chromedp.CSS("#mage"), "Ben"))
		p.tap("thumbs-stay")
	}, "tower-new-game")

	p.screenshot("tower-privacy")
	if n := campFacesShown(p); n != 0 {
		t.Fatalf("the hand-over screen shows %d camp faces", n)
	}
	turn := func(v int, coins []string, dr, sr, shot string) {
		p.reveal("Ana")
		if n := campFacesShown(p); n == 0 {
			t.Fatal("the General should see the camp's faces")
		}
		p.selectCoins(coins...)
		if v == 0 {
			p.screenshot("tower-general-turn")
		}
		p.step("place", v+1)
		p.step("end", v+2)
		p.reveal("Ben")
		if n := campFacesShown(p); n != 0 {
			t.Fatalf("the Mage's screen shows %d camp faces", n)
		}
		p.cast(dr, sr, "aim-zone-1", v+3, shot)
	}
	turn(0, []string{"L1", "L2", "L3"}, "6", "2", "tower-mage-preview")
	if got := p.text("removed"); got != "3/9" {
		t.Fatalf("after the first Wave fallen = %q", got)
	}
	turn(3, []string{"M1", "M2", "M3"}, "8", "6", "")
	// The house rule lets both thumbs stay on rows 8 and 6.
	turn(6, []string{"S1", "S2", "S3"}, "8", "6", "")
	if got := p.text("winner"); got != "Ben (Mage) wins" {
		t.Fatalf("winner = %q", got)
	}
	if got := p.text("reason"); got != "all nine soldiers fell" {
		t.Fatalf("reason = %q", got)
	}
	p.screenshot("tower-end")
	p.tap("rematch")
	p.do(shown(sel("new-game")))
	if got := eval[string](p, `document.querySelector('#mage').value`); got != "Ben" {
		t.Fatalf("rematch form mage = %q", got)
	}
}

// A person General against the greedy bot Mage: the bot answers by itself
// after a pause, undo takes its answer back with the General's last move,
// and the game is played to the end.
func TestBrowserTowerGeneralAgainstGreedyBot(t *testing.T) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	newTowerGame(p, a.URL, func() {
		p.do(fill(chromedp.CSS("#general"), "Cleo"), fill(chromedp.CSS("#mage-player"), "greedy"))
	}, "")
	if eval[bool](p, has("privacy")) {
		t.Fatal("no hand-over screen against a bot")
	}
	p.selectCoins("L1", "L2", "L3")
	p.step("place", 1)
	// The bot answers at once: asked of the server (bot-thinking) or, with
	// a module that has the "bot" op, drawn on the phone after its pause.
	p.tap("end")
	p.waitVersion(3) // the bot moved by itself
	if got := p.text("log-tail"); !strings.Contains(got, "Adept (Mage, bot) cast") && !strings.Contains(got, "Adept (Mage, bot) skipped") {
		t.Fatalf("log does not say the bot moved: %q", got)
	}
	p.step("undo", 5) // two undo entries: the bot's cast and Cleo's end
	if got := eval[string](p, `document.querySelector('[data-testid="controls"]').getAttribute('data-phase')`); got != "advance" {
		t.Fatalf("after undo phase = %q, want advance", got)
	}
	v := 5
	p.tap("end")
	v++
	for i := 0; i < 80; i++ {
		p.waitFor(`!!document.querySelector('[data-testid="winner"]') || (!document.querySelector('[data-testid="bot-thinking"]') && !document.querySelector('[data-testid="bot-offline"]') && window.grimoireOffline.quiet() && !document.querySelector('.htmx-request,.htmx-swapping,.htmx-settling,.htmx-added'))`)
		if eval[bool](p, has("winner")) {
			break
		}
		v = eval[int](p, `+document.querySelector('[data-version-src]').getAttribute('data-version-src')`)
		switch eval[string](p, `document.querySelector('[data-testid="controls"]').getAttribute('data-phase')`) {
		case "place":
			ids := eval[[]string](p, `Array.from(document.querySelectorAll('[data-testid="camp"] a.coin')).slice(0,3).map(function(e){return e.getAttribute('data-testid').slice(5)})`)
			p.selectCoins(ids...)
			p.tap("place")
			p.waitPast(v)
		case "advance":
			moved := false
			for z := 4; z >= 1 && !moved; z-- {
				ids := eval[[]string](p, fmt.Sprintf(`Array.from(document.querySelectorAll('[data-testid="zone-%d"] a.coin')).slice(0,3).map(function(e){return e.getAttribute('data-testid').slice(5)})`, z))
				if len(ids) == 0 || !eval[bool](p, has(fmt.Sprintf("advance-%d", z))) {
					continue
				}
				p.selectCoins(ids...)
				p.tap(fmt.Sprintf("advance-%d", z))
				p.waitPast(v)
				moved = true
			}
			if !moved {
				p.tap("end")
				p.waitPast(v)
			}
		default:
			t.Fatalf("unexpected phase at version %d", v)
		}
	}
	winner := p.text("winner")
	if !strings.Contains(winner, "wins") {
		t.Fatalf("the game did not end: %q", winner)
	}
	t.Logf("against the greedy bot: %s (%s) at version %d", winner, p.text("reason"), v)
	p.screenshot("tower-bot-end")
}

// Two phones: the second joins with the link shown on the first and plays
// the Mage; the General marches L1 into the Tower.
func TestBrowserTowerTwoPhonesGeneralWins(t *testing.T) {
	a := startApp(t)
	ctx, another := browser(t)
	g := &phone{t: t, ctx: ctx}
	newTowerGame(g, a.URL, func() {
		g.do(fill(chromedp.CSS("#general"), "Dana"), fill(chromedp.CSS("#mage"), "Eli"))
		g.tap("mode-two")
	}, "")
	join := eval[string](g, `document.querySelector('[data-testid="join-link"]').getAttribute('href')`)
	g.screenshot("tower-two-phones-join")
	m := &phone{t: t, ctx: another()}
	m.open(a.URL + join)
	m.tap("take-seat")
	m.do(shown(sel("board")))
	if !m.eval(has("waiting")) {
		t.Fatal("the Mage's phone should wait for the General")
	}
	if n := campFacesShown(m); n != 0 {
		t.Fatalf("the Mage's phone shows %d camp faces", n)
	}
	g.do(chromedp.Reload(), shown(sel("board")))
	if g.eval(has("join")) {
		t.Fatal("the join panel stays after the Mage joined")
	}
	v := 0
	general := func(place string, advance int) {
		g.waitVersion(v)
		g.selectCoins(place)
		v++
		g.step("place", v)
		if advance > 0 {
			g.selectCoins("L1")
			v++
			g.step(fmt.Sprintf("advance-%d", advance), v)
		}
		if advance < 4 {
			v++
			g.step("end", v)
		}
	}
	mage := func(dr, sr string, hits map[string]int) {
		m.waitVersion(v) // live refresh brought the General's moves
		m.pick("dr-"+dr, has("chosen-damage"))
		m.pick("sr-"+sr, has("chosen-spell"))
		for id, n := range hits {
			for i := 0; i < n; i++ {
				m.pick("plus-"+id, fmt.Sprintf(`document.querySelector('[data-testid="hit-%s"]').textContent.trim()==='%d'`, id, i+1))
			}
		}
		m.waitFor(has("preview"))
		v++
		m.step("cast", v)
	}
	general("L1", 0)
	mage("1", "1", map[string]int{"L1": 1})
	general("S1", 1)
	mage("3", "4", map[string]int{"S1": 2})
	general("S2", 2)
	mage("5", "8", map[string]int{"S2": 2})
	general("S3", 3)
	// The right thumb is at the bottom: the Mage can only skip.
	m.waitVersion(v)
	if !m.eval(has("no-cast")) {
		t.Fatal("the Mage should be told no cast is possible")
	}
	eval[bool](m, `window.confirm = function(){ return true; }; true`)
	v++
	m.step("skip", v)
	general("M1", 4)
	g.waitFor(has("winner"))
	if got := g.text("winner"); got != "Dana (General) wins" {
		t.Fatalf("winner = %q", got)
	}
	m.waitFor(has("winner"))
	if got := m.text("reason"); got != "a soldier reached the Tower" {
		t.Fatalf("Mage's phone: reason = %q", got)
	}
	m.screenshot("tower-two-phones-end")
}

func (p *phone) eval(expr string) bool { return eval[bool](p, expr) }

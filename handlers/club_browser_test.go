package handlers_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// clubGames counts the games of the home list's club view.
func clubGames(p *phone, base string) int {
	p.t.Helper()
	p.open(base + "/?show=club")
	return eval[int](p, `document.querySelectorAll('[data-testid="games"] > li').length`)
}

// checkScreen requires the screen shown to fit the phone and to pass
// axe-core's WCAG 2.1 A and AA rules.
func checkScreen(p *phone, src, name string) {
	p.t.Helper()
	p.fits(name)
	for _, v := range p.axeRun(src) {
		p.t.Errorf("%s: axe %s on %s", name, v.ID, strings.Join(v.Nodes, " | "))
	}
}

// TestClubInTheBrowser: two phones (two browser contexts) pair through the
// club page and its invite, read the same words, each plays, and both see
// one history; a third phone sees nothing of it; then one leaves and the
// owner removes another.
func TestClubInTheBrowser(t *testing.T) {
	a := startApp(t)
	ctx, another := browser(t)
	ana := &phone{t: t, ctx: ctx}
	ben := &phone{t: t, ctx: another()}
	cleo := &phone{t: t, ctx: another()}
	axe := axeSource(t)

	ana.open(a.URL + "/club")
	checkScreen(ana, axe, "club: start")
	ana.do(fill(chromedp.CSS("#club-name"), "Thursday court"))
	ana.tap("start-club")
	settle(ana, `!!document.querySelector('[data-testid="make-invite"]')`)
	ana.tap("make-invite")
	settle(ana, `!!document.querySelector('[data-testid="invite-qr"]') && document.querySelector('[data-testid="invite-qr"]').complete && document.querySelector('[data-testid="invite-qr"]').naturalWidth > 0`)
	link := eval[string](ana, `document.querySelector('[data-testid="invite-link"]').getAttribute('href')`)
	ana.screenshot("club-invite")
	checkScreen(ana, axe, "club: invite")

	ben.open(a.URL + link)
	ben.do(shown(sel("join-club")))
	checkScreen(ben, axe, "club: join")
	ben.tap("join-club")
	settle(ben, `!!document.querySelector('[data-testid="confirm-words"]')`)
	words := ben.text("confirm-words")
	ben.screenshot("club-joined")
	checkScreen(ben, axe, "club: joined")
	ana.open(a.URL + "/club")
	if got := ana.text("invite-words"); got != words || len(strings.Fields(words)) != 3 {
		t.Fatalf("Ana's phone shows %q, Ben's %q: want the same three words", got, words)
	}

	// Each plays on their own phone.
	newSAGame(ana, a.URL, "Ana", "Ben", "6", "5")
	ana.step("spy-shot-make", 1)
	newSAGame(ben, a.URL, "Ben", "Ana", "6", "5")
	ben.step("spy-shot-miss", 1)
	newSAGame(cleo, a.URL, "Cleo", "Dov", "6", "5")
	// And each imports a finished game, for the league table.
	for p, rec := range map[*phone]string{ana: "random-1", ben: "random-2"} {
		p.open(a.URL + "/import")
		p.do(fill(chromedp.CSS("#json"), saRecord(t, rec)))
		p.tap("import-submit")
		settle(p, `document.readyState==='complete' && location.pathname.startsWith('/g/')`)
	}
	for name, p := range map[string]*phone{"Ana": ana, "Ben": ben} {
		p.open(a.URL + "/league/spells-arrows")
		if got := eval[string](p, `Array.from(document.querySelectorAll('[data-testid="league-row"] td:nth-child(5)')).map(e => e.textContent.trim()).join(',')`); got != "2,2" {
			t.Errorf("%s's league counts games %q, want 2,2", name, got)
		}
	}
	ben.screenshot("club-league")
	checkScreen(ben, axe, "club: league")
	ben.open(a.URL + "/league/spells-arrows/player?name=Ana")
	ben.do(shown(sel("rating-plot")), shown(sel("head-to-head")))
	ben.screenshot("club-rating")
	checkScreen(ben, axe, "club: rating")

	for name, p := range map[string]*phone{"Ana": ana, "Ben": ben} {
		if n := clubGames(p, a.URL); n != 4 {
			t.Errorf("%s's phone lists %d of the club's games, want 4", name, n)
		}
		if got := eval[string](p, `Array.from(document.querySelectorAll('[data-testid="games"] > li strong')).map(e => e.textContent).sort().join(' | ')`); strings.Contains(got, "Cleo") {
			t.Errorf("%s's phone lists Cleo's game: %s", name, got)
		}
	}
	ben.screenshot("club-home")
	checkScreen(ben, axe, "club: home")
	cleo.open(a.URL + "/")
	if n := eval[int](cleo, `document.querySelectorAll('[data-testid="games"] > li').length`); n != 1 {
		t.Errorf("the third phone lists %d games, want its own one", n)
	}
	if eval[bool](cleo, `!!document.querySelector('[data-testid="home-filter"]')`) {
		t.Error("a phone in no club is offered the club's games")
	}
	cleo.open(a.URL + "/players")
	if got := eval[string](cleo, `document.body.innerText`); strings.Contains(got, "Ana") || strings.Contains(got, "Ben") {
		t.Error("the third phone's players page names the club's players")
	}

	// Ben leaves: his phone sees its own game only; the club keeps it.
	ben.open(a.URL + "/club")
	ben.tap("leave-club")
	settle(ben, `!!document.querySelector('[data-testid="no-club"]')`)
	ben.open(a.URL + "/")
	if eval[bool](ben, `!!document.querySelector('[data-testid="home-filter"]')`) {
		t.Error("Ben left, his home still offers the club's games")
	}
	if n := clubGames(ana, a.URL); n != 4 {
		t.Errorf("after Ben left the club lists %d games, want 4 (his games stay)", n)
	}

	// Cleo joins with a new invite; Ana, the owner, removes her.
	ana.open(a.URL + "/club")
	ana.tap("make-invite")
	settle(ana, `!!document.querySelector('[data-testid="invite-link"]')`)
	link = eval[string](ana, `document.querySelector('[data-testid="invite-link"]').getAttribute('href')`)
	cleo.open(a.URL + link)
	cleo.tap("join-club")
	settle(cleo, `!!document.querySelector('[data-testid="confirm-words"]')`)
	if n := clubGames(cleo, a.URL); n != 5 {
		t.Errorf("Cleo in the club sees %d games, want 5", n)
	}
	ana.open(a.URL + "/club")
	ana.tap("remove-member")
	settle(ana, `!document.querySelector('[data-testid="remove-member"]')`)
	cleo.open(a.URL + "/club")
	cleo.do(shown(sel("no-club")))
	if n := clubGames(cleo, a.URL); n != 1 {
		t.Errorf("Cleo, removed, sees %d games, want her own one", n)
	}
}

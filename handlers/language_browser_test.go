package handlers_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/grimoire-games/grimoire/rules/record"
	sc "github.com/grimoire-games/grimoire/rules/scribes"
	sa "github.com/grimoire-games/grimoire/rules/spellsarrows"
)

// wordsOf is a script that lists every word of plain ASCII letters in a
// document's text, the attributes a screen reader reads and its title: on
// a page drawn in the pseudo-language, such a word escaped the catalog,
// as the pseudo-language accents every letter it makes. Text in an
// element with its own lang (a language's name in the switch) is its own.
const wordsOf = `function wordsOf(doc) {
	var out = {};
	function add(s) {
		// A link shown as text (the spectator link) is an address, not words.
		s = s.replace(/\S*\/\S*/g, "");
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

// A turn of Spells & Arrows in each language, as a scorekeeper at the
// court plays it: the game is started from the form, its first screen
// drawn by the server, the taps drawn by the phone's module, then the page
// reloaded (the server's drawing). The log, the prompt, the buttons and
// the announcement speak the language on both, the phone's screen equals
// the server's, nothing is wider than the phone, axe finds nothing, and
// in the pseudo-language no word on the game screen escaped the catalogs
// but the names (the players', the cards', the places' ids).
func TestBrowserSpellsArrowsTurnInEachLanguage(t *testing.T) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	p.open(a.URL + "/")
	src := axeSource(t)
	// A spy half: a make pays the toll at B, a move, then misses until the
	// shot clock is out and the mage answers.
	taps := []string{"spy-shot-make", "court-move-A", "spy-shot-miss", "spy-shot-miss"}
	for _, tc := range []struct {
		lang string
		says []string // words of the language the screen must hold after the turn
	}{
		{"de", []string{"Spion", "Zoll", "Wurfuhr"}},
		{"fr", []string{"espion", "péage", "chrono de tir"}},
		{"es", []string{"espía", "peaje", "reloj de tiro"}},
		{"pt-BR", []string{"espião", "pedágio", "relógio de arremesso"}},
		{"en-XA", nil},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			p.t = t
			eval[bool](p, `document.cookie = "grimoire_lang=`+tc.lang+`; path=/; SameSite=Lax"; true`)
			newSAGame(p, a.URL, "Ana", "Ben", "20", "2")
			p.waitModule()
			for i, id := range taps {
				p.step(id, i+1)
			}
			if got := eval[string](p, `document.documentElement.lang`); got != tc.lang {
				t.Fatalf("the game is drawn in %q", got)
			}
			phone := p.text("board")
			for _, w := range tc.says {
				if !strings.Contains(phone, w) {
					t.Errorf("the phone's screen does not say %q:\n%s", w, phone)
				}
			}
			p.fits(tc.lang + " game")
			if vs := p.axeRun(src); len(vs) > 0 {
				t.Errorf("axe: %+v", vs)
			}
			p.screenshot("sa-turn-" + tc.lang)
			if tc.lang == "en-XA" {
				checkPseudoGame(t, p)
			}
			here := eval[string](p, `location.href`)
			p.open(here)
			p.waitVersion(len(taps))
			if server := p.text("board"); server != phone {
				t.Errorf("the server draws another screen than the phone:\nserver %s\nphone  %s", server, phone)
			}
			if tc.lang != "de" {
				return
			}
			// Ready for offline play, the page opened again with no
			// network: the phone has its language's words, not only the
			// module's English.
			p.waitFor(`document.querySelector('[data-testid="offline-ready"]').getAttribute('data-state') === 'ready'`)
			goOffline(p, a)
			defer goOnline(p, a, 0)
			p.open(here)
			p.waitModule()
			p.step("spy-shot-miss", len(taps)+1)
			if got := p.text("log-tail"); !strings.Contains(got, "Wurfuhr 2") {
				t.Errorf("offline, the phone's log is not in German: %s", got)
			}
		})
	}
}

// asciiWord is a word as wordsOf finds them.
var asciiWord = regexp.MustCompile(`[A-Za-z]{2,}`)

// checkPseudoGame fails on any word of the Spells & Arrows screen the
// catalogs did not make, leaving out the names a game is played with.
func checkPseudoGame(t *testing.T, p *phone) {
	t.Helper()
	var names []string
	for _, c := range sa.DefaultDeck().Cards {
		names = append(names, asciiWord.FindAllString(c.Name, -1)...)
	}
	for _, l := range sa.DefaultMap().Locations {
		names = append(names, l.ID)
	}
	// The game's title is a name too: it is stored with the game when it
	// is made ("Ana (spy) vs Ben (mage)"), as its players may rename it.
	checkPseudoWords(t, p, "Ana Ben spy vs mage "+strings.Join(names, " "))
}

// checkInLanguage holds a game screen in language l to what every screen
// owes (checkScreen: it fits the phone, axe finds nothing) and, in the
// pseudo-language, to every word but names coming from the catalogs.
func checkInLanguage(p *phone, axe, l, moment, names string) {
	p.t.Helper()
	checkScreen(p, axe, l+" "+moment)
	if l == "en-XA" {
		checkPseudoWords(p.t, p, names)
	}
}

// checkPseudoWords fails on any word of the page on screen the catalogs
// did not make, but the app's and the games' names and the given names.
func checkPseudoWords(t *testing.T, p *phone, names string) {
	t.Helper()
	ok := map[string]bool{}
	for _, w := range strings.Fields("Grimoire Spells Arrows Heroes Spies Mage Tower The Arcane Scribes PageDown PageUp " + names) {
		ok[w] = true
	}
	var escaped []string
	for _, w := range serverWords(p) {
		if !ok[w] {
			escaped = append(escaped, w)
		}
	}
	if len(escaped) > 0 {
		t.Errorf("words that escaped the catalogs: %s", strings.Join(escaped, " "))
	}
}

// A Mage's Tower turn on a phone passed between two players, in German and
// in the pseudo-language: the hand-over screen and the General's placing
// speak the language, fit 390 px, pass axe, and in the pseudo-language no
// word escaped the catalogs but the names (the players', the spells' and
// the Field's, as the rules page names them).
func TestBrowserTowerTurnInEachLanguage(t *testing.T) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	p.open(a.URL + "/")
	src := axeSource(t)
	for _, l := range []string{"de", "en-XA"} {
		t.Run(l, func(t *testing.T) {
			p.t = t
			eval[bool](p, `document.cookie = "grimoire_lang=`+l+`; path=/; SameSite=Lax"; true`)
			newTowerGame(p, a.URL, func() {
				p.do(fill(chromedp.CSS("#general"), "Ana"), fill(chromedp.CSS("#mage"), "Ben"))
			}, "")
			check := func(moment string) {
				checkInLanguage(p, src, l, moment, "Ana Ben Lightning Fireball Wave Tome Field General vs") // the stored title too
			}
			p.waitFor(has("privacy"))
			check("hand-over screen")
			p.pick("reveal", `!document.querySelector('[data-testid="privacy"]')`)
			p.selectCoins("L1", "L2", "L3")
			p.step("place", 1)
			check("General's turn")
			if l == "de" {
				if got := p.text("board"); !strings.Contains(got, "Ana") || !strings.Contains(got, "platziert") && !strings.Contains(got, "setzt") && !strings.Contains(got, "Zug") {
					t.Errorf("the German screen reads: %s", got)
				}
			}
			p.screenshot("tower-turn-" + l)
		})
	}
}

// A game of The Arcane Scribes started from the form in German and in the
// pseudo-language: the first screen (who draws first, the hand-over) and
// the first player's turn fit 390 px, pass axe, and in the
// pseudo-language hold no word the catalogs did not make but names.
func TestBrowserScribesTurnInEachLanguage(t *testing.T) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	p.open(a.URL + "/")
	src := axeSource(t)
	for _, l := range []string{"de", "en-XA"} {
		t.Run(l, func(t *testing.T) {
			p.t = t
			eval[bool](p, `document.cookie = "grimoire_lang=`+l+`; path=/; SameSite=Lax"; true`)
			p.open(a.URL + "/new/arcane-scribes")
			p.do(fill(chromedp.CSS("#name0"), "Mia"), fill(chromedp.CSS("#name1"), "Ben"), fill(chromedp.CSS("#kind2"), "greedy"))
			p.tap("new-submit")
			p.do(shown(sel("confirm")))
			p.tap("start")
			p.do(shown(sel("board")))
			check := func(moment string) { checkInLanguage(p, src, l, moment, scribesNames()) }
			check("first screen")
			if eval[bool](p, `!!document.querySelector('[data-testid="privacy"]')`) {
				p.tap("reveal")
				p.waitFor(`!document.querySelector('[data-testid="privacy"]')`)
				check("first turn")
			}
			p.screenshot("sc-turn-" + l)
		})
	}
}

// scribesNames are the words of The Arcane Scribes that are names in
// every language: the players' (a bot seat left unnamed is stored as
// "Scribe 3"), the bot levels', the elements' and the cards' (as the
// material names them), and the stored title's.
func scribesNames() string {
	names := []string{"Mia", "Ben", "Scribe", record.LevelName("random"), record.LevelName("greedy"), record.LevelName("search")}
	d := sc.DefaultData()
	for _, c := range d.Cards {
		names = append(names, asciiWord.FindAllString(c.Name, -1)...)
	}
	for _, e := range d.Elements {
		names = append(names, asciiWord.FindAllString(e.Name, -1)...)
	}
	return strings.Join(names, " ")
}

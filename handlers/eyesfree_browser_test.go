package handlers_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// Issue 31: a game played with eyes on the basket. A page turner sends
// PageDown and PageUp; the phone speaks its calls; the screen never drifts.

// eyesFreeStub captures what the page would say (speechSynthesis.speak)
// and the headset buttons' handlers (Media Session), before any script of
// the page runs; a media element "plays" without sound.
const eyesFreeStub = `(function () {
	window.__said = [];
	window.__media = {};
	var synth = window.speechSynthesis;
	if (!synth) {
		synth = {getVoices: function () { return []; }};
		Object.defineProperty(window, "speechSynthesis", {configurable: true, value: synth});
	}
	if (!window.SpeechSynthesisUtterance) window.SpeechSynthesisUtterance = function (t) { this.text = t; };
	synth.speak = function (u) { if (u.text) window.__said.push(u.text); };
	synth.cancel = function () {};
	if (navigator.mediaSession) {
		navigator.mediaSession.setActionHandler = function (a, fn) { window.__media[a] = fn; };
	}
	HTMLMediaElement.prototype.play = function () { return Promise.resolve(); };
})();`

// keyCodes are the Windows virtual key codes DevTools wants with a key.
var keyCodes = map[string]int64{"PageDown": 34, "PageUp": 33, "Backspace": 8, "Enter": 13, "ArrowRight": 39, "ArrowLeft": 37}

// key presses a key for the time given, sending the repeats a held key
// sends, with no pointer at all.
func (p *phone) key(name string, hold time.Duration) {
	p.t.Helper()
	code := keyCodes[name]
	cdpCall(p, input.DispatchKeyEvent, input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown, Key: name, Code: name, WindowsVirtualKeyCode: code})
	yes := true
	for held := time.Duration(0); held+100*time.Millisecond < hold; held += 100 * time.Millisecond {
		time.Sleep(100 * time.Millisecond)
		cdpCall(p, input.DispatchKeyEvent, input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown, Key: name, Code: name, WindowsVirtualKeyCode: code, AutoRepeat: &yes})
	}
	if hold > 0 {
		time.Sleep(hold % (100 * time.Millisecond))
	}
	cdpCall(p, input.DispatchKeyEvent, input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyUp, Key: name, Code: name, WindowsVirtualKeyCode: code})
}

// press is a short press; a pause after it keeps the next one from being
// taken as a bounce (350 ms by default).
func (p *phone) press(name string) {
	p.t.Helper()
	p.key(name, 40*time.Millisecond)
	time.Sleep(400 * time.Millisecond)
}

// said is everything the page has spoken so far.
func (p *phone) said() []string { return eval[[]string](p, `window.__said.slice()`) }

// lastSaid waits until the page has said something new after n calls, and
// returns the newest call.
func (p *phone) lastSaid(n int) string {
	p.t.Helper()
	p.waitFor(fmt.Sprintf(`window.__said.length > %d`, n))
	s := p.said()
	return s[len(s)-1]
}

// inViewJS says what a player needs and cannot see: "" when the status
// strip and the acting controls (MAKE and MISS, or the choice in focus)
// are inside the viewport and uncovered, and the thumb bar does not scroll
// inside itself.
const inViewJS = `(function () {
	var vw = innerWidth, vh = innerHeight, out = [];
	function where(e) { var r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom].map(Math.round).join(" "); }
	function seen(e, name) {
		var r = e.getBoundingClientRect();
		if (r.height === 0 || r.top < -1 || r.left < -1 || r.bottom > vh + 1 || r.right > vw + 1) { out.push(name + " out of view (" + where(e) + " in " + vw + "x" + vh + ")"); return; }
		var hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 12));
		if (!hit || !(hit === e || e.contains(hit))) out.push(name + " covered by " + (hit ? hit.tagName + "." + hit.className : "nothing"));
	}
	var strip = document.querySelector("[data-status-strip]");
	if (!strip) return "no status strip";
	seen(strip, "status strip");
	var make = document.querySelector('#board [data-key="make"]'), miss = document.querySelector('#board [data-key="miss"]');
	if (make && miss) { seen(make, "MAKE"); seen(miss, "MISS"); }
	else {
		var a = document.activeElement;
		var c = a && a.matches && a.matches("[data-choice], [data-next]") ? a : document.querySelector("#board [data-choice]");
		if (c) seen(c.type === "radio" ? c.closest("label") : c, "choice " + (c.getAttribute("data-testid") || c.tagName));
	}
	var bar = document.querySelector("[data-thumbbar]");
	if (bar) {
		if (bar.scrollHeight > bar.clientHeight + 1) out.push("the bar scrolls inside: " + bar.scrollHeight + " in " + bar.clientHeight);
		var undo = bar.querySelector('[data-testid="undo"]');
		if (undo) seen(undo, "undo");
	}
	return out.join("; ");
})()`

// checkInView fails the test when a player would have to look for what
// they need.
func (p *phone) checkInView(when string) {
	p.t.Helper()
	// The screen settles (a scroll, a focus) in the frame after the swap.
	time.Sleep(80 * time.Millisecond)
	if got := eval[string](p, inViewJS); got != "" {
		p.t.Errorf("%s: %s", when, got)
	}
}

// choices are the data-testids of what the remote steps through now.
func (p *phone) choices() []string {
	return eval[[]string](p, `(function () {
		var list = Array.prototype.filter.call(document.querySelectorAll("#board [data-choice]"), function (e) { return !e.disabled && e.getClientRects().length; });
		var radios = list.filter(function (r) { return r.type === "radio"; });
		if (radios.length) {
			var open = radios.filter(function (r) { return !r.form.querySelector('input[name="' + r.name + '"]:checked'); });
			if (open.length) list = radios.filter(function (r) { return r.name === open[0].name; });
		}
		var bar = function (e) { return !!e.closest("[data-thumbbar]"); };
		list.sort(function (a, b) { return bar(a) - bar(b); });
		return list.map(function (e) { return e.getAttribute("data-testid"); });
	})()`)
}

// choose steps to a choice with PageDown, checking each step is spoken,
// and confirms it by holding PageDown.
func (p *phone) choose(testid string) {
	p.t.Helper()
	list := p.choices()
	at := -1
	for i, c := range list {
		if c == testid {
			at = i
		}
	}
	if at < 0 {
		p.t.Fatalf("%s is not among the choices %v", testid, list)
	}
	for i := 0; i <= at; i++ {
		n := len(p.said())
		p.press("PageDown")
		want := strings.Join(strings.Fields(eval[string](p, fmt.Sprintf(`(function(){var e=document.querySelector('[data-testid=%q]');return (e.type==="radio"?e.closest("label"):e).textContent;})()`, list[i]))), " ")
		if got := p.lastSaid(n); got != want {
			p.t.Fatalf("stepping to %s said %q, want %q", list[i], got, want)
		}
	}
	p.key("PageDown", 900*time.Millisecond)
}

func (p *phone) version() int {
	return eval[int](p, `Number(document.querySelector("[data-version-src]").getAttribute("data-version-src"))`)
}

func (p *phone) phase() string {
	return eval[string](p, `document.querySelector("[data-phase]").getAttribute("data-phase")`)
}

// exported is the game's record as its Export link gives it: each action's
// type, and made/to where it has one.
func (p *phone) exported() []string {
	p.t.Helper()
	ctx, cancel := contextWithTimeout(p)
	defer cancel()
	body, err := chromedp.Run(ctx, chromedp.Evaluate[string](`fetch(document.querySelector('[data-testid="export-link"]').href).then(function (r) { return r.text(); })`, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatal(err)
	}
	var rec struct {
		Actions []map[string]any `json:"actions"`
	}
	if err := json.Unmarshal([]byte(body), &rec); err != nil {
		p.t.Fatalf("export: %v: %s", err, body)
	}
	out := make([]string, 0, len(rec.Actions))
	for _, a := range rec.Actions {
		s := fmt.Sprint(a["type"])
		if m, ok := a["made"]; ok {
			s += fmt.Sprintf(" made=%v", m)
		}
		if to, ok := a["to"]; ok {
			s += " to=" + fmt.Sprint(to)
		}
		out = append(out, s)
	}
	return out
}

var eyesFreeViews = []struct {
	name string
	w, h int64
	opts []chromedp.EmulateViewportOption
}{
	{"portrait 390x844", 390, 844, []chromedp.EmulateViewportOption{chromedp.EmulateMobile}},
	{"landscape 844x390", 844, 390, []chromedp.EmulateViewportOption{chromedp.EmulateMobile, chromedp.EmulateLandscape}},
}

// TestBrowserEyesFreeRemoteHalves plays a whole spy half, a whole mage half
// and the start of the next spy half with PageDown and PageUp alone, at a
// phone's two orientations: the record (exported) holds every press, each
// call is spoken, and after every tap the status strip and the acting
// controls are in view and the bar does not scroll inside itself.
func TestBrowserEyesFreeRemoteHalves(t *testing.T) {
	a := startApp(t)
	_, another := browser(t)
	for _, o := range eyesFreeViews {
		t.Run(o.name, func(t *testing.T) {
			p := &phone{t: t, ctx: another()}
			p.do(chromedp.EmulateViewport(o.w, o.h, o.opts...))
			cdpCall(p, page.Enable, page.EnableParams{})
			cdpCall(p, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: eyesFreeStub})
			rec := `{"game":"spells-arrows","version":1,"seed":1,"setup":{"victory":12,"turns":2,"spy":"Ana","mage":"Ben","options":{}},"actions":[]}`
			p.open(a.URL + p.importRecord(a.URL, rec))
			p.waitVersion(0)
			p.checkInView("the first screen")
			var want []string
			v := 0
			shot := func(key string, calls ...string) {
				t.Helper()
				n := len(p.said())
				p.press(key)
				v++
				p.waitVersion(v)
				if len(calls) > 0 {
					if got := p.lastSaid(n); got != calls[0] {
						t.Errorf("after %s (version %d) the phone said %q, want %q", key, v, got, calls[0])
					}
				}
				p.checkInView(fmt.Sprintf("after %s at version %d", key, v))
			}
			move := func(to string) {
				t.Helper()
				p.choose("move-" + to)
				v++
				p.waitVersion(v)
				want = append(want, "move to="+to)
				p.checkInView("after the move to " + to)
			}

			// The spy half: A, W3, W2, then the gate WG and the escape.
			shot("PageDown", "Make. Toll paid: move.")
			want = append(want, "spy-shot made=true")
			move("A")
			shot("PageDown", "Make. Toll paid: move.")
			want = append(want, "spy-shot made=true")
			move("W3")
			shot("PageUp", "Miss. 0 of 1.")
			want = append(want, "spy-shot made=false")
			if ph := p.phase(); ph == "response" {
				// The mage's answer window: the spy shoots on (a choice too).
				p.choose("spy-shot-make")
				v++
				p.waitVersion(v)
				p.checkInView("after the spy's shot in the answer window")
			} else {
				shot("PageDown")
			}
			want = append(want, "spy-shot made=true")
			move("W2")
			shot("PageDown")
			want = append(want, "spy-shot made=true")
			move("WG")
			shot("PageDown", "Make. 1 of 1. Ana escaped through WG: +6 (6/12). Ben's mage half: 5 casts.")
			want = append(want, "spy-shot made=true")
			if ph := p.phase(); ph != "mage" {
				t.Fatalf("after the escape the phase is %s, want the mage's", ph)
			}
			p.screenshot("eyesfree-mage-" + o.name[:4])

			// The mage half: a spell cast and shot with the two buttons,
			// its places chosen, then the half ended (a question asked
			// aloud, a second confirm).
			cast := false
			for steps := 0; steps < 40 && p.phase() != "spy-shoot"; steps++ {
				switch ph := p.phase(); ph {
				case "mage":
					if !cast {
						c := p.choices()[0]
						if !strings.HasPrefix(c, "cast-") {
							t.Fatalf("the mage's first choice is %s, want a spell card", c)
						}
						p.choose(c)
						cast = true
						want = append(want, "cast")
					} else {
						p.choose("end-half")
						s := p.said()
						if got := s[len(s)-1]; !strings.HasPrefix(got, "End the mage half now?") {
							t.Fatalf("ending the half asked %q", got)
						}
						p.key("PageDown", 900*time.Millisecond)
						want = append(want, "end-half")
					}
				case "casting":
					p.press("PageDown")
					want = append(want, "spell-shot made=true")
				case "target":
					p.choose(p.choices()[0])
					want = append(want, "target")
				case "bench":
					p.choose(p.choices()[0])
					if len(p.choices()) > 0 && strings.HasPrefix(p.choices()[0], "cut-") {
						p.choose(p.choices()[0])
					}
					want = append(want, "bench")
				default:
					t.Fatalf("phase %s in the mage half", ph)
				}
				v++
				p.waitVersion(v)
				p.checkInView(fmt.Sprintf("in the mage half at version %d (%s)", v, p.phase()))
			}
			if ph := p.phase(); ph != "spy-shoot" {
				t.Fatalf("after the mage half the phase is %s", ph)
			}
			// Into the next spy half: the screen is back at the strip.
			shot("PageUp")
			want = append(want, "spy-shot made=false")
			shot("PageDown")
			want = append(want, "spy-shot made=true")
			p.screenshot("eyesfree-spy2-" + o.name[:4])

			got := p.exported()
			norm := make([]string, len(got))
			for i, g := range got {
				norm[i] = g
				for _, short := range []string{"cast", "target", "bench", "end-half"} {
					if strings.HasPrefix(g, short) {
						norm[i] = short
					}
				}
			}
			if strings.Join(norm, "\n") != strings.Join(want, "\n") {
				t.Fatalf("the exported record:\n%s\nwant:\n%s", strings.Join(norm, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// TestBrowserEyesFreeUndoBounceAndMedia: a held key and Backspace take the
// last tap back, said and shown; a bounce counts once; the headset's
// buttons press MAKE and MISS; the full calls are the Go-made sentences.
func TestBrowserEyesFreeUndoBounceAndMedia(t *testing.T) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	cdpCall(p, page.Enable, page.EnableParams{})
	cdpCall(p, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: eyesFreeStub})
	rec := `{"game":"spells-arrows","version":1,"seed":1,"setup":{"victory":12,"spy":"Ana","mage":"Ben","options":{}},"actions":[]}`
	p.open(a.URL + p.importRecord(a.URL, rec))
	p.waitVersion(0)

	// A bounce: two presses 100 ms apart are one MAKE. The window is
	// widened to 1.5 s for the test (a setting), so a slow machine between
	// the two presses cannot make them two.
	eval[bool](p, `localStorage.setItem("grimoire.court", JSON.stringify({bounce: 1500})); true`)
	p.key("PageDown", 30*time.Millisecond)
	time.Sleep(100 * time.Millisecond)
	p.key("PageDown", 30*time.Millisecond)
	p.waitVersion(1)
	time.Sleep(1600 * time.Millisecond)
	if s := p.said(); len(s) > 0 && s[len(s)-1] != "Make. Toll paid: move." {
		t.Fatalf("the bounce was taken as a step: the phone said %q", s)
	}
	eval[bool](p, `localStorage.removeItem("grimoire.court"); true`)
	if v := p.version(); v != 1 {
		t.Fatalf("a bounce made %d taps, want 1", v)
	}
	if got := p.exported(); len(got) != 1 {
		t.Fatalf("a bounce recorded %v", got)
	}

	// The held key takes the MAKE back: heard and seen.
	n := len(p.said())
	p.choose("move-A")
	p.waitVersion(2)
	p.press("PageUp") // a miss at A
	p.waitVersion(3)
	n = len(p.said())
	p.key("PageUp", 900*time.Millisecond)
	p.waitVersion(4)
	if got := p.lastSaid(n); got != "Undo: Spy missed the toll at A (0/1), shot clock 4" {
		t.Errorf("the held key's undo said %q", got)
	}
	if got := p.text("announce"); got != "Undo: Spy missed the toll at A (0/1), shot clock 4" {
		t.Errorf("the held key's undo shows %q", got)
	}
	if got := p.exported(); len(got) != 2 {
		t.Fatalf("after the undo the record holds %v, want the MAKE and the move", got)
	}
	// Backspace takes the move back.
	n = len(p.said())
	p.press("Backspace")
	p.waitVersion(5)
	if got := p.lastSaid(n); got != "Undo: Spy moved B → A" {
		t.Errorf("Backspace's undo said %q", got)
	}

	// The headset: next track is MAKE... of a choice, it steps; at the
	// shot after the move, previous track is MISS.
	p.choose("move-A")
	p.waitVersion(6)
	eval[bool](p, `localStorage.setItem("grimoire.court", JSON.stringify({calls: "full"})); true`)
	n = len(p.said())
	eval[bool](p, `window.__media.previoustrack(); true`)
	p.waitVersion(7)
	if got := p.lastSaid(n); got != "Miss. Spy at A, toll 0 of 1, shot clock 4." {
		t.Errorf("the full call said %q", got)
	}
	if got, want := p.lastSaid(n), eval[string](p, `document.querySelector("#announce-src [data-call-full]").getAttribute("data-call-full")`); got != want {
		t.Errorf("the phone said %q, the screen carries %q", got, want)
	}
	time.Sleep(400 * time.Millisecond)
	eval[bool](p, `window.__media.nexttrack(); true`)
	p.waitVersion(8)
	if got := p.exported(); got[len(got)-1] != "spy-shot made=true" {
		t.Errorf("the headset's next track recorded %v", got)
	}
	// Say it again: the last call and the prompt.
	n = len(p.said())
	time.Sleep(400 * time.Millisecond)
	eval[bool](p, `window.__media.play(); true`)
	if got := p.lastSaid(n); !strings.HasPrefix(got, "Make. Toll paid at A: choose where to go.") {
		t.Errorf("play at a choice with nothing chosen said %q", got)
	}
	if v := p.version(); v != 8 {
		t.Errorf("play with nothing chosen took a choice (version %d)", v)
	}
}

// TestBrowserEyesFreeScreens: court mode (MAKE and MISS the screen's two
// halves, nothing scrolls), the landscape screen and the dark theme, saved
// for a person to look at.
func TestBrowserEyesFreeScreens(t *testing.T) {
	a := startApp(t)
	_, another := browser(t)
	rec := `{"game":"spells-arrows","version":1,"seed":1,"setup":{"victory":12,"spy":"Ana","mage":"Ben","options":{}},"actions":[{"type":"spy-shot","made":true},{"type":"move","to":"A"},{"type":"spy-shot","made":false}]}`
	for _, o := range eyesFreeViews {
		for _, dark := range []bool{false, true} {
			name := o.name[:4]
			if dark {
				name += "-dark"
			}
			t.Run(name, func(t *testing.T) {
				p := &phone{t: t, ctx: another()}
				p.do(chromedp.EmulateViewport(o.w, o.h, o.opts...))
				if dark {
					cdpCall(p, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}})
				}
				p.open(a.URL + p.importRecord(a.URL, rec))
				p.waitVersion(3)
				p.screenshot("eyesfree-usual-" + name)
				p.tap("court-toggle")
				p.waitFor(`document.documentElement.classList.contains("court-mode")`)
				time.Sleep(100 * time.Millisecond)
				if got := eval[string](p, `(function(){
					var d = document.documentElement, out = [];
					if (d.scrollHeight > innerHeight + 1) out.push("the page scrolls: " + d.scrollHeight + " in " + innerHeight);
					var m = document.getElementById("main");
					if (m.scrollHeight > m.clientHeight + 1) out.push("the screen scrolls: " + m.scrollHeight + " in " + m.clientHeight);
					var u = document.querySelector('[data-testid="undo"]').getBoundingClientRect();
					if (u.bottom > innerHeight + 1 || u.top < 0) out.push("Undo out of view: " + Math.round(u.top) + " to " + Math.round(u.bottom));
					var make = document.querySelector('[data-key="make"]').getBoundingClientRect(), miss = document.querySelector('[data-key="miss"]').getBoundingClientRect();
					if (make.width < innerWidth * 0.4 || miss.width < innerWidth * 0.4) out.push("MAKE and MISS are not the screen's halves: " + Math.round(make.width) + " and " + Math.round(miss.width) + " of " + innerWidth);
					if (make.height < innerHeight * 0.3) out.push("MAKE is " + Math.round(make.height) + " px tall of " + innerHeight);
					return out.join("; ");
				})()`); got != "" {
					t.Errorf("court mode: %s", got)
				}
				p.screenshot("eyesfree-court-" + name)
				// The choice remembered on the phone; the usual screen a tap away.
				p.open(a.URL + eval[string](p, `location.pathname`))
				p.waitFor(`document.documentElement.classList.contains("court-mode")`)
				p.tap("court-toggle")
				p.waitFor(`!document.documentElement.classList.contains("court-mode")`)
			})
		}
	}
}

// TestBrowserEyesFreeSettings: /settings says what this phone can do, and
// "press the button you want" makes that button MAKE; the calls setting
// is kept on the phone.
func TestBrowserEyesFreeSettings(t *testing.T) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	cdpCall(p, page.Enable, page.EnableParams{})
	cdpCall(p, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: eyesFreeStub})
	p.open(a.URL + "/settings")
	p.waitFor(`!document.querySelector('[data-testid="learn-make"]').disabled`)
	if got := p.text("support-media"); !strings.HasPrefix(got, "Headset buttons work here") {
		t.Errorf("Media Session line: %q", got)
	}
	if got := p.text("support-speech"); got == "" {
		t.Error("the settings page does not say whether this phone can speak offline")
	}
	if !strings.Contains(p.text("court-settings"), "the first tap of a game switches the voice on") {
		t.Error("the settings page does not tell iPhone owners about the first tap")
	}
	p.screenshot("eyesfree-settings")

	// Press the button you want: "b" (a remote sending a letter).
	p.tap("learn-make")
	p.waitFor(`document.querySelector('[data-testid="learn-make"]').getAttribute("aria-pressed") === "true"`)
	p.do(chromedp.KeyEvent("b"))
	p.waitFor(`document.querySelector('[data-testid="key-make"]').textContent === "b"`)
	p.tap("calls-full")
	if got := eval[string](p, `JSON.parse(localStorage.getItem("grimoire.court")).calls + " " + JSON.parse(localStorage.getItem("grimoire.court")).keyMake`); got != "full b" {
		t.Fatalf("kept settings %q", got)
	}

	rec := `{"game":"spells-arrows","version":1,"seed":1,"setup":{"victory":12,"spy":"Ana","mage":"Ben","options":{}},"actions":[]}`
	p.open(a.URL + p.importRecord(a.URL, rec))
	p.waitVersion(0)
	n := len(p.said())
	p.do(chromedp.KeyEvent("b"))
	p.waitVersion(1)
	if got := p.lastSaid(n); got != "Make. Toll paid at B: choose where to go. Shot clock 5." {
		t.Errorf("the full call after the remapped MAKE: %q", got)
	}
	// PageDown is no longer MAKE: the remapped button steps through the
	// choices.
	p.press("PageDown")
	n = len(p.said())
	p.press("b")
	if got := p.lastSaid(n); got != "A Armoury" {
		t.Errorf("the remapped button at a choice said %q", got)
	}
	if v := p.version(); v != 1 {
		t.Errorf("a step took a choice: version %d", v)
	}
}

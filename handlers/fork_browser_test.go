package handlers_test

import (
	"context"
	"strings"
	"testing"
)

// Continue from here, on a phone: the owner's phone posts the fork form
// (the replay page's form, drawn here by the test) and lands on the new
// game, which says where it came from; a spectator who comes back after
// more taps sees "since you last looked" at 390x844, dismisses it with one
// tap, and a reload does not bring it back.
func TestBrowserForkAndRecap(t *testing.T) {
	a := startApp(t)
	ctx, another := browser(t)
	p := &phone{t: t, ctx: ctx}
	newSAGame(p, a.URL, "Ana", "Ben", "6", "5")
	p.step("spy-shot-make", 1)
	id := strings.TrimPrefix(eval[string](p, `location.pathname`), "/g/")

	// The form the replay page puts on each moment, posted as a plain form.
	eval[bool](p, `(function(){
		var f = document.createElement("form");
		f.method = "post"; f.action = "/g/`+id+`/fork";
		var tok = JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRF-Token"];
		[["at", "1"], ["_csrf", tok]].forEach(function (kv) {
			var i = document.createElement("input");
			i.type = "hidden"; i.name = kv[0]; i.value = kv[1];
			f.appendChild(i);
		});
		document.body.appendChild(f);
		f.submit();
		return true;
	})()`)
	p.waitFor(`location.pathname !== "/g/` + id + `" && !!document.querySelector('[data-testid="forks"]')`)
	p.do(shown(sel("board")))
	fork := strings.TrimPrefix(eval[string](p, `location.pathname`), "/g/")
	if got := strings.Join(strings.Fields(p.text("forks")), " "); got != "Continued from Ana (spy) vs Ben (mage) at action 1" {
		t.Errorf("the fork says %q", got)
	}
	p.waitVersion(1)
	g, err := a.Store.Game(context.Background(), fork)
	if err != nil || g.Version != 1 {
		t.Fatalf("fork %s: %+v %v", fork, g, err)
	}

	// A spectator opens the fork (first visit: no recap), then the owner
	// plays on.
	fan := &phone{t: t, ctx: another()}
	watch := a.URL + "/watch/" + g.SpectatorToken
	fan.open(watch)
	fan.do(shown(sel("board")))
	if n := eval[int](fan, `document.querySelectorAll('[data-testid="recap"]').length`); n != 0 {
		t.Fatal("a first visit shows a recap")
	}
	p.step("court-move-A", 2)
	p.step("spy-shot-make", 3)

	fan.open(watch)
	fan.do(shown(sel("recap")))
	lines := eval[string](fan, `Array.prototype.map.call(document.querySelectorAll('[data-testid="recap"] li'), function (l) { return l.value + ". " + l.textContent.trim(); }).join("\n")`)
	if n := strings.Count(lines, "\n") + 1; n != 2 || !strings.HasPrefix(lines, "2. ") {
		t.Errorf("the recap lists:\n%s\nwant actions 2 and 3", lines)
	}
	if got := eval[string](fan, `(function(){
		if (document.documentElement.scrollWidth > innerWidth) return "the page scrolls sideways";
		var r = document.querySelector('[data-testid="recap-dismiss"]').getBoundingClientRect();
		if (r.height < 44 || r.right > innerWidth || r.bottom > innerHeight) return "dismiss " + [r.left, r.top, r.width, r.height].map(Math.round).join(" ");
		return "";
	})()`); got != "" {
		t.Errorf("at 390x844: %s", got)
	}
	fan.screenshot("recap-390")
	if vs := fan.axeRun(axeSource(t)); len(vs) > 0 {
		t.Errorf("axe on the page with its recap: %+v", vs)
	}
	fan.tap("recap-dismiss")
	fan.waitFor(`!document.querySelector('[data-testid="recap"]')`)
	if eval[string](fan, `location.href`) != watch {
		t.Errorf("the dismiss left the page for %s", eval[string](fan, `location.href`))
	}
	fan.open(watch)
	fan.do(shown(sel("board")))
	if n := eval[int](fan, `document.querySelectorAll('[data-testid="recap"]').length`); n != 0 {
		t.Error("the recap came back after a dismiss and a reload")
	}

	// The page stays open while the phone is elsewhere (hidden), the owner
	// plays on, and the phone is looked at again: the recap comes without
	// a reload.
	visibility := func(state string) {
		eval[bool](fan, `(function(){
			if (!window.__vis) Object.defineProperty(document, "visibilityState", {configurable: true, get: function () { return window.__vis; }});
			window.__vis = "`+state+`";
			document.dispatchEvent(new Event("visibilitychange"));
			return true;
		})()`)
	}
	visibility("hidden")
	p.step("move-W3", 4)
	fan.waitFor(`document.querySelector("[data-live]").getAttribute("data-version") === "4"`)
	visibility("visible")
	fan.do(shown(sel("recap")))
	if got := eval[string](fan, `Array.prototype.map.call(document.querySelectorAll('[data-testid="recap"] li'), function (l) { return l.value + ". " + l.textContent.trim(); }).join("\n")`); !strings.HasPrefix(got, "4. ") || strings.Contains(got, "\n") {
		t.Errorf("looked at again, the recap lists:\n%s\nwant action 4 alone", got)
	}
	fan.tap("recap-dismiss")
	fan.waitFor(`!document.querySelector('[data-testid="recap"]')`)
	visibility("hidden")
	visibility("visible")
	fan.open(watch)
	fan.do(shown(sel("board")))
	if n := eval[int](fan, `document.querySelectorAll('[data-testid="recap"]').length`); n != 0 {
		t.Error("the recap came back after it was dismissed")
	}
}

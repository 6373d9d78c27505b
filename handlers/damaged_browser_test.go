package handlers_test

import (
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// A game open on a phone whose record gets damaged (an older build's
// write, heard through the live stream) turns into the damaged game's
// page: readable at 390x844 with big buttons, and its keep goes on in a
// new game from the good actions.
func TestBrowserDamagedRecord(t *testing.T) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}
	newSAGame(p, a.URL, "Ana", "Ben", "6", "5")
	p.step("spy-shot-make", 1)
	id := strings.TrimPrefix(eval[string](p, `location.pathname`), "/g/")
	damageGame(t, a.Store, id) // action 2: the toll at B paid twice

	p.do(shown(sel("damaged")))
	if got := p.text("damaged"); !strings.HasPrefix(got, "This game's record is damaged at action 2: ") {
		t.Errorf("the page says %q", got)
	}
	if got := eval[string](p, `(function(){
		if (document.documentElement.scrollWidth > innerWidth) return "the page scrolls sideways";
		var out = [];
		["damaged-export", "keep-prefix"].forEach(function(id){
			var r = document.querySelector('[data-testid="' + id + '"]').getBoundingClientRect();
			if (r.height < 48 || r.right > innerWidth || r.bottom > innerHeight) out.push(id + " " + [r.left, r.top, r.width, r.height].map(Math.round).join(" "));
		});
		return out.join("; ");
	})()`); got != "" {
		t.Errorf("at 390x844 the buttons are not big and in sight: %s", got)
	}
	p.screenshot("damaged-record")
	// WCAG 2.1 AA on the page and on the home list that marks the game,
	// in the light theme and the dark one.
	src := axeSource(t)
	for _, dark := range []bool{false, true} {
		var media []*emulation.MediaFeature
		if dark {
			media = []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}
		}
		cdpCall(p, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: media})
		for _, page := range []string{"/g/" + id, "/"} {
			p.open(a.URL + page)
			p.do(shown(chromedp.CSS(`[data-testid="damaged"], [data-testid="damaged-tag"]`)))
			p.fits("damaged " + page)
			if vs := p.axeRun(src); len(vs) > 0 {
				t.Errorf("axe on %s (dark %v): %+v", page, dark, vs)
			}
		}
	}
	cdpCall(p, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{})
	p.open(a.URL + "/g/" + id)
	p.do(shown(sel("keep-prefix")))
	if got := p.text("keep-prefix"); got != "Keep the first action" {
		t.Errorf("keep button says %q", got)
	}
	p.tap("keep-prefix")
	p.do(shown(sel("board")))
	p.waitVersion(1)
	if eval[string](p, `location.pathname`) == "/g/"+id {
		t.Fatal("the keep stayed on the damaged game")
	}
}

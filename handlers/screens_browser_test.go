package handlers_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

var writeShots = flag.Bool("shots", false, "write the screenshots of TestBrowserScreenStates to docs/screenshots (else artifacts/screenshots)")

// TestBrowserScreenStates draws the Spells & Arrows states in portrait,
// landscape, the dark theme and forced colours, checks that no page is wider
// than the phone, and keeps a picture of each (docs/screenshots with -shots).
func TestBrowserScreenStates(t *testing.T) {
	if !*writeShots {
		// Pictures for people to look at, not a check CI needs: the
		// overflow and focus checks live in TestBrowserThumbBarFocus.
		t.Skip("run with -shots to redraw docs/screenshots")
	}
	a := startApp(t)
	_, another := browser(t)
	leaps := filepath.Join("..", "rules", "spellsarrows", "testdata", "giants-engaged-and-leaps.json")
	dir := filepath.Join("..", "docs", "screenshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []struct {
		name  string
		w, h  int64
		media []*emulation.MediaFeature
	}{
		{"portrait", 390, 844, nil},
		{"landscape", 844, 390, nil},
		{"dark", 390, 844, []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}},
		{"forced", 390, 844, []*emulation.MediaFeature{{Name: "forced-colors", Value: "active"}}},
	} {
		opts := []chromedp.EmulateViewportOption{chromedp.EmulateMobile}
		if mode.w > mode.h {
			opts = append(opts, chromedp.EmulateLandscape)
		}
		p := &phone{t: t, ctx: another()}
		p.do(chromedp.EmulateViewport(mode.w, mode.h, opts...))
		cdpCall(p, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: mode.media})
		games := map[string]string{}
		for _, s := range []struct {
			name string
			n    int
		}{{"start", 0}, {"cards", 9}, {"casting", 10}, {"bench", 17}, {"answer", 34}} {
			games[s.name] = p.importRecord(a.URL, prefix(t, leaps, s.n))
		}
		for _, s := range []struct{ name, path string }{
			{"start", games["start"]},
			{"cards", games["cards"]},
			{"casting", games["casting"]},
			{"bench", games["bench"]},
			{"answer", games["answer"]},
		} {
			p.open(a.URL + s.path)
			p.waitFor(`!!document.querySelector("[data-version-src]")`)
			// Let the focus move and the bar settle before the picture.
			p.waitFor(`!!document.activeElement && document.activeElement !== document.body && document.documentElement.classList.contains("has-thumbbar")`)
			time.Sleep(100 * time.Millisecond)
			if w := eval[int](p, `document.documentElement.scrollWidth`); w > int(mode.w) {
				t.Errorf("%s %s: the page is %d px wide on a %d px screen", mode.name, s.name, w, mode.w)
			}
			shot, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatalf("screenshot: %v", err)
			}
			if err := os.WriteFile(filepath.Join(dir, "sa-"+s.name+"-"+mode.name+".png"), shot, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

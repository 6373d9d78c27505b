package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// probeJS is in every page before its own scripts. A tap is armed with the
// page's signature (the game's version on a game screen, the number on the
// bare page); pointerdown starts the clock (the event's own timestamp, so
// time the input waited in the queue counts); the first animation frame
// after the first mutation of any kind gives "first" (the pressed state,
// say), the first frame after the signature changed gives "screen". Both are
// taken in the requestAnimationFrame callback, just before that frame is
// painted.
const probeJS = `(function(){
  if (window.__phone) return;
  function sig() {
    var v = document.querySelector("[data-version-src]");
    if (v) return "v" + v.getAttribute("data-version-src");
    var n = document.getElementById("n");
    return n ? "n" + n.textContent : "";
  }
  var st = null;
  function frame(key) {
    var s = st;
    s[key] = -1;
    requestAnimationFrame(function () {
      s[key] = performance.now() - s.t0;
      if (s.screen > 0 && s.first > 0) s.ok({first: s.first, screen: s.screen});
    });
  }
  addEventListener("pointerdown", function (e) { if (st && st.t0 === null) st.t0 = e.timeStamp; }, true);
  new MutationObserver(function () {
    if (!st || st.t0 === null) return;
    if (st.first === null) frame("first");
    if (st.screen === null && sig() !== st.from) frame("screen");
  }).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  window.__phone = {
    sig: sig,
    arm: function () {
      var s = {from: sig(), t0: null, first: null, screen: null};
      window.__phoneDone = new Promise(function (ok) {
        s.ok = ok;
        setTimeout(function () { ok({first: s.first, screen: s.screen, timeout: true}); }, 20000);
      });
      st = s;
      return s.from;
    }
  };
})();`

func findChromium() (string, error) {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no chromium on PATH (apt-get install chromium)")
}

// newBrowser starts headless Chromium with a profile of its own in dir.
func newBrowser(ctx context.Context, dir string) (context.Context, context.CancelFunc, error) {
	exe, err := findChromium()
	if err != nil {
		return nil, nil, err
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx,
		chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true), chromedp.Flag("hide-scrollbars", true),
		chromedp.WindowSize(390, 844), chromedp.UserDataDir(dir))
	bctx, cancel := chromedp.NewContext(actx)
	if err := chromedp.Do(bctx, chromedp.Navigate("about:blank")); err != nil {
		cancel()
		cancelAlloc()
		return nil, nil, fmt.Errorf("start chromium: %w", err)
	}
	return bctx, func() { cancel(); cancelAlloc() }, nil
}

// newTab opens a tab of the browser as a phone: 390x844, mobile, touch,
// with the probe in every page it loads.
func newTab(parent context.Context) (context.Context, error) {
	ctx, _ := chromedp.NewContext(parent)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile)); err != nil {
		return nil, err
	}
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: probeJS}); err != nil {
		return nil, err
	}
	return ctx, nil
}

func setCPU(ctx context.Context, rate float64) error {
	_, err := chromedp.Call(ctx, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: rate})
	return err
}

func eval[T any](ctx context.Context, expr string) (T, error) {
	c, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	return chromedp.Run(c, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
}

// poll evaluates cond until it holds.
func poll(ctx context.Context, cond string, limit time.Duration) error {
	c, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	for {
		ok, err := chromedp.Run(c, chromedp.Evaluate[bool](cond))
		if err == nil && ok {
			return nil
		}
		select {
		case <-c.Done():
			return fmt.Errorf("waiting for %s: %w (last: %v)", cond, c.Err(), err)
		case <-time.After(25 * time.Millisecond):
		}
	}
}

// probed is what the probe reports for one tap.
type probed struct {
	First   float64 `json:"first"`
	Screen  float64 `json:"screen"`
	Timeout bool    `json:"timeout"`
}

// tap scrolls the element into the middle of the screen, waits two frames
// for it to hold still, arms the probe and presses and releases the mouse
// at its centre through DevTools' input, as a finger's tap arrives. It
// returns the probe's figures in milliseconds.
func tap(ctx context.Context, css string) (first, screen float64, err error) {
	at, err := eval[[]float64](ctx, fmt.Sprintf(`new Promise(function(ok){
		var css = %q;
		function find() {
			var all = document.querySelectorAll(css);
			for (var i = 0; i < all.length; i++) {
				var b = all[i].getBoundingClientRect();
				if (b.width > 0 && b.height > 0) return all[i];
			}
			return null;
		}
		var e = find();
		if (!e) return ok([]);
		e.scrollIntoView({block: "center"});
		requestAnimationFrame(function(){ requestAnimationFrame(function(){
			// A redraw in between (the server's answer to the last tap)
			// replaces the control: tap the one on screen now.
			e = find();
			if (!e) return ok([]);
			var r = e.getBoundingClientRect(), v = window.visualViewport || {offsetLeft: 0, offsetTop: 0, scale: 1};
			window.__phone.arm();
			ok([(r.x + r.width/2 - v.offsetLeft) * v.scale, (r.y + r.height/2 - v.offsetTop) * v.scale]);
		}); });
	})`, css))
	if err != nil {
		return 0, 0, err
	}
	if len(at) != 2 {
		return 0, 0, fmt.Errorf("nothing to tap at %s", css)
	}
	for _, t := range []input.DispatchMouseEventType{input.DispatchMouseEventTypeMousePressed, input.DispatchMouseEventTypeMouseReleased} {
		if _, err := chromedp.Call(ctx, input.DispatchMouseEvent, input.DispatchMouseEventParams{
			Type: t, X: at[0], Y: at[1], Button: input.MouseButtonLeft, Buttons: 1, ClickCount: 1,
		}); err != nil {
			return 0, 0, err
		}
	}
	res, err := eval[probed](ctx, `window.__phoneDone`)
	if err != nil {
		return 0, 0, err
	}
	if res.Timeout {
		where, _ := eval[string](ctx, `JSON.stringify({sig: window.__phone.sig(), url: location.href, pressed: document.querySelectorAll(".is-pressed").length, alert: (document.getElementById("alert") || {}).textContent, prompt: (document.querySelector('[data-testid="prompt"]') || {}).textContent})`)
		return res.First, res.Screen, fmt.Errorf("tap %s at %v: the screen did not change within 20 s (first change %v ms); the page: %s", css, at, res.First, where)
	}
	return res.First, res.Screen, nil
}

// newGame starts a Spells & Arrows game through its form, as a player does
// (the form's own clicks, not measured), and waits for the board.
func newGame(ctx context.Context, base string) error {
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/new/spells-arrows")); err != nil {
		return err
	}
	if err := poll(ctx, `!!document.querySelector('[data-testid="new-submit"]')`, 30*time.Second); err != nil {
		return err
	}
	// A long game: the most points to win and the most turns, so that the
	// spy's half lasts.
	if _, err := eval[bool](ctx, `(function(){
		var set = function(id, v){ var e = document.getElementById(id); if (e) e.value = v; };
		set("spy", "Ana"); set("mage", "Ben"); set("victory", "999"); set("turns", "20");
		document.querySelector('[data-testid="new-submit"]').click();
		return true;
	})()`); err != nil {
		return err
	}
	if err := poll(ctx, `!!document.querySelector('[data-testid="start"]')`, 30*time.Second); err != nil {
		return err
	}
	if _, err := eval[bool](ctx, `(document.querySelector('[data-testid="start"]').click(), true)`); err != nil {
		return err
	}
	return poll(ctx, `!!document.querySelector('[data-testid="board"]') && !!window.__phone && window.__phone.sig() === "v0"`, 30*time.Second)
}

// waitReady waits for the page to say it is ready for offline play (the
// module loaded, the service worker holding the page).
func waitReady(ctx context.Context, limit time.Duration) error {
	return poll(ctx, `(function(){ var e = document.querySelector("[data-offline-ready]"); return !!e && e.getAttribute("data-state") === "ready"; })()`, limit)
}

// appTap makes the next spy shot in the game and returns its figures;
// other screens (the spy's move, the mage's answer) are moved past with
// unmeasured taps, and the end of the spy's half or of the game with a new
// game.
func appTap(ctx context.Context, base string, r *rand.Rand) (first, screen float64, err error) {
	for range 40 {
		next, err := eval[string](ctx, `(function(){
			var q = function(id){ return !!document.querySelector('[data-testid="' + id + '"]'); };
			if (q("spy-shot-make")) return "spy";
			var others = ["pass", "arrow-miss"];
			for (var i = 0; i < others.length; i++) if (q(others[i])) return '[data-testid="' + others[i] + '"]';
			if (document.querySelector('[data-testid^="move-"]')) return '[data-testid^="move-"]';
			return "over";
		})()`)
		if err != nil {
			return 0, 0, err
		}
		switch next {
		case "spy":
			id := "spy-shot-make"
			if r.IntN(4) == 0 {
				id = "spy-shot-miss"
			}
			return tap(ctx, `[data-testid="`+id+`"]`)
		case "over":
			if err := newGame(ctx, base); err != nil {
				return 0, 0, err
			}
		default:
			if _, _, err := tap(ctx, next); err != nil {
				// Not a measured tap: a screen it cannot move past is
				// left for a new game.
				if err := newGame(ctx, base); err != nil {
					return 0, 0, err
				}
			}
		}
	}
	return 0, 0, errors.New("no spy shot within 40 taps")
}

func bareTap(ctx context.Context) (first, screen float64, err error) {
	return tap(ctx, "#b")
}

// measureTaps runs the side-by-side tap figures.
func measureTaps(ctx context.Context, c config, base, bareURL, tmp string, out io.Writer) error {
	bctx, stop, err := newBrowser(ctx, filepath.Join(tmp, "taps-profile"))
	if err != nil {
		return err
	}
	defer stop()
	bare, err := newTab(bctx)
	if err != nil {
		return err
	}
	app, err := newTab(bctx)
	if err != nil {
		return err
	}
	if err := chromedp.Do(bare, chromedp.Navigate(bareURL)); err != nil {
		return err
	}
	if err := newGame(app, base); err != nil {
		return fmt.Errorf("new Spells & Arrows game: %w", err)
	}
	ready := "ready for offline play"
	if err := waitReady(app, 60*time.Second); err != nil {
		ready = "NOT ready for offline play after 60 s (taps may go to the server)"
	}
	fmt.Fprintf(out, "\ntap-to-screen (pointerdown to the first animation frame after the change), phone 390x844, %v between taps, the game %s:\n", c.gap, ready)
	fmt.Fprintf(out, "%-6s %-34s %8s %8s   %s\n", "CPU", "page", "p50 ms", "p95 ms", "first change p50/p95 ms")
	r := rand.New(rand.NewPCG(1, 2))
	type fig struct{ first, screen []float64 }
	failed := 0
	for _, rate := range c.cpu {
		if err := setCPU(bare, rate); err != nil {
			return err
		}
		if err := setCPU(app, rate); err != nil {
			return err
		}
		var b, a fig
		for i := range c.warm + c.taps {
			bf, bs, err := bareTap(bare)
			if err != nil {
				return fmt.Errorf("bare tap: %w", err)
			}
			af, as, err := appTap(app, base, r)
			if err != nil {
				// Counted and reported, not dropped in silence: a run
				// with failures says so beside its figures.
				failed++
				fmt.Fprintf(out, "  app tap failed (%d so far): %v\n", failed, err)
				if failed > 5 {
					return fmt.Errorf("app tap: %w", err)
				}
				if err := newGame(app, base); err != nil {
					return err
				}
				continue
			}
			time.Sleep(c.gap)
			if i >= c.warm {
				b.first, b.screen = append(b.first, bf), append(b.screen, bs)
				a.first, a.screen = append(a.first, af), append(a.screen, as)
			}
		}
		b50, b95 := summary(b.screen)
		a50, a95 := summary(a.screen)
		bf50, bf95 := summary(b.first)
		af50, af95 := summary(a.first)
		fmt.Fprintf(out, "x%-5g %-34s %8.1f %8.1f   %.1f / %.1f\n", rate, "bare page (button changes a number)", b50, b95, bf50, bf95)
		fmt.Fprintf(out, "x%-5g %-34s %8.1f %8.1f   %.1f / %.1f\n", rate, "Spells & Arrows spy MAKE/MISS", a50, a95, af50, af95)
		fmt.Fprintf(out, "x%-5g %-34s %8.2f %8.2f   %.2f / %.2f   (targets: p50 <= 2x; p95 <= 3x at x4)\n", rate, "ratio app/bare", a50/b50, a95/b95, af50/bf50, af95/bf95)
	}
	if c.trace != "" {
		if err := setCPU(app, 4); err != nil {
			return err
		}
		if err := traceTap(app, base, r, c.trace, out); err != nil {
			return fmt.Errorf("trace: %w", err)
		}
	}
	return nil
}

// keepFile writes b to path, making its folder.
func keepFile(path string, b []byte) error {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	return os.WriteFile(path, b, 0o644)
}

package handlers_test

import (
	"fmt"
	"strings"
	"testing"
)

// TestBrowserReplayOffline: a few actions of a Spells & Arrows game, its
// replay opened online (the service worker keeps it), then the network
// gone: the replay opened again at another moment is drawn on the phone by
// its module from the game saved in IndexedDB, byte for byte the server's
// body of that moment, and the step links, the arrow keys and the range
// control move through the moments with no network; "Continue from here"
// says it needs the network.
func TestBrowserReplayOffline(t *testing.T) {
	a := startApp(t)
	ctx, _ := browser(t)
	p := &phone{t: t, ctx: ctx}

	newSAGame(p, a.URL, "Ana", "Ben", "6", "5")
	p.waitServiceWorker()
	id := gameID(p)
	p.step("spy-shot-make", 1)
	p.step("court-move-A", 2)
	p.step("spy-shot-make", 3)
	p.step("move-W3", 4)
	// The game page saved the game on the phone.
	p.waitFor(`(function(){ var o = window.grimoireOffline; if (o && o.record) o.record(location.pathname.slice(3)).then(function(r){ window.__kept = !!r && JSON.parse(r).actions.length; }); return window.__kept === 4; })()`)

	// Online, the server draws the moments; the last page opened is the
	// one the worker keeps (moment 3).
	base := a.URL + "/g/" + id + "/replay"
	server := map[int]string{}
	for _, n := range []int{1, 2, 4, 3} {
		p.open(fmt.Sprintf("%s?at=%d", base, n))
		p.waitFor(fmt.Sprintf(`(function(){ var r = document.getElementById("replay"); return !!r && r.getAttribute("data-at") === "%d"; })()`, n))
		server[n] = eval[string](p, `document.getElementById("replay").outerHTML`)
	}
	p.waitFor(`document.querySelector('[data-testid="offline-ready"]').getAttribute('data-state') === 'ready'`)
	p.waitFor(`(function(){ var o = window.grimoireOffline; if (o && o.loadWasm && !window.__mod) { window.__mod = "loading"; o.loadWasm().then(function(g){ window.__mod = typeof g.replay; }); } return !!window.__mod && window.__mod !== "loading"; })()`)
	if got := eval[string](p, `window.__mod`); got != "function" {
		t.Fatalf("the phone's module has no grimoire.replay (%s): static/wasm is older than cmd/grimoire-wasm; rebuild it (go generate ./static)", got)
	}

	goOffline(p, a)
	drawnAt := func(n int) string {
		t.Helper()
		p.waitFor(fmt.Sprintf(`(function(){ var o = document.getElementById("replay-offline"), r = document.getElementById("replay"); return !!o && o.getAttribute("data-drawn-at") === "%d" && !!r && r.getAttribute("data-at") === "%d" && !r.hasAttribute("aria-busy") && location.search === "?at=%d"; })()`, n, n, n))
		return eval[string](p, `document.getElementById("replay").outerHTML`)
	}
	// Another moment than the kept copy's: drawn on the phone.
	p.open(base + "?at=1")
	if got := drawnAt(1); got != server[1] {
		t.Fatalf("offline the phone draws moment 1 as\n%s\nthe server drew\n%s", got, server[1])
	}
	if note := p.text("replay-offline"); !strings.Contains(note, "drawn on this phone") {
		t.Errorf("the offline note says %q", note)
	}
	// The step links, the arrow keys, the range control.
	p.tap("replay-next")
	if got := drawnAt(2); got != server[2] {
		t.Fatalf("offline, a step to moment 2 draws\n%s\nthe server drew\n%s", got, server[2])
	}
	eval[bool](p, `document.activeElement && document.activeElement.blur && document.activeElement.blur(), true`)
	p.key("ArrowRight", 0)
	if got := drawnAt(3); got != server[3] {
		t.Fatalf("offline, the right arrow draws\n%s\nthe server drew\n%s", got, server[3])
	}
	eval[bool](p, `(function(){ var r = document.querySelector('[data-testid="replay-range"]'); r.value = "4"; r.dispatchEvent(new Event("input", {bubbles: true})); r.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
	if got := drawnAt(4); got != server[4] {
		t.Fatalf("offline, the range control at 4 draws\n%s\nthe server drew\n%s", got, server[4])
	}
	if got := p.text("replay-moment"); !strings.Contains(got, "Action 4 of 4") {
		t.Errorf("the moment reads %q", got)
	}
	if got := eval[string](p, `document.querySelector('[data-testid="replay-link"]').getAttribute("href")`); got != "/g/"+id+"/replay?at=4" {
		t.Errorf("the link to the moment is %q", got)
	}
	p.key("Home", 0)
	drawnAt(0)
	if got := p.text("replay-moment"); !strings.HasPrefix(got, "Start") {
		t.Errorf("at the start the moment reads %q", got)
	}
	// Back in the history: the moment before, drawn here again.
	eval[bool](p, `history.back(), true`)
	drawnAt(4)
	p.screenshot("replay-offline")

	p.tap("replay-fork")
	p.waitFor(`document.getElementById("replay-offline").textContent.indexOf("needs the network") >= 0`)
	if n := eval[int](p, `+document.getElementById("replay").getAttribute("data-at")`); n != 4 {
		t.Fatalf("after Continue from here offline the replay is at %d", n)
	}

	// A copy of the game saved for another seat than the page's: the phone
	// cannot tell what that viewer may see, so it draws nothing.
	p.do(until(`(function(){ if (!window.__moved) { window.__moved = "moving"; var req = indexedDB.open("grimoire"); req.onsuccess = function(){ var tx = req.result.transaction("records", "readwrite"), st = tx.objectStore("records"); st.get(` + fmt.Sprintf("%q", id) + `).onsuccess = function(ev){ var row = ev.target.result, r = JSON.parse(row.record); r.seat = 0; row.record = JSON.stringify(r); st.put(row); }; tx.oncomplete = function(){ window.__moved = "done"; }; }; } return window.__moved === "done"; })()`))
	p.open(base + "?at=2")
	p.waitFor(`(document.getElementById("replay-offline") || {textContent: ""}).textContent.indexOf("saved for another seat") >= 0`)
	if n := eval[int](p, `document.querySelectorAll('[data-testid="replay-board"], [data-testid="replay-status"]').length`); n != 0 {
		t.Fatalf("a copy for another seat drew a moment: %s", eval[string](p, `document.getElementById("replay").outerHTML`))
	}

	// Without the phone's copy of the game, another moment than the kept
	// page's is not drawn at all: a sentence says why. The kept page's own
	// moment (3), drawn by the server for this phone, stays, said so.
	p.do(until(`(function(){ if (!window.__gone) { window.__gone = "deleting"; var req = indexedDB.open("grimoire"); req.onsuccess = function(){ var tx = req.result.transaction("records", "readwrite"); tx.objectStore("records").delete(` + fmt.Sprintf("%q", id) + `); tx.oncomplete = function(){ window.__gone = "done"; }; }; } return window.__gone === "done"; })()`))
	p.open(base + "?at=2")
	p.waitFor(`(document.getElementById("replay-offline") || {textContent: ""}).textContent.indexOf("holds no copy of this game") >= 0`)
	if n := eval[int](p, `document.querySelectorAll('[data-testid="replay-board"], [data-testid="replay-status"]').length`); n != 0 {
		t.Fatalf("with no copy of the game the page still shows a moment: %s", eval[string](p, `document.getElementById("replay").outerHTML`))
	}
	p.open(base + "?at=3")
	p.waitFor(`(document.getElementById("replay-offline") || {textContent: ""}).textContent.indexOf("as it was last loaded") >= 0`)
	if got := eval[string](p, `document.getElementById("replay").outerHTML`); got != server[3] {
		t.Fatalf("the kept moment 3 changed:\n%s", got)
	}
}

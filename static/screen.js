// Grimoire's screen script: where the eyes, the thumb and the keyboard are
// after a tap. The server's answer (htmx) and the phone's own answer
// (offline.js) both replace fragments of the game screen; this script only
// watches the DOM, so it needs nothing from either path and both behave the
// same:
//   - the announcement strip (#announce, one live region in the layout that
//     no swap replaces) copies the words of the screen's announcement
//     fragment (#announce-src), so a screen reader hears each one once;
//   - when a swap removed the focused control, focus goes to the screen's
//     next control ([data-next] or [autofocus], else the first control of
//     the thumb bar);
//   - the thumb bar's height is kept in --thumbbar-h so the page can scroll
//     clear of it (and the status strip's in --status-h, the strip's in
//     --announce-h);
//   - after every tap the screen comes back to the status strip, so the
//     counters, the court and the acting controls are in view (a screen
//     that never drifts: issue 31), and a control on the page is brought
//     into view under the strip;
//   - each new announcement is also handed to static/court.js, which may
//     speak it ("grimoire:said", with the calls the screen carries).
// It listens to htmx:afterSettle and to "grimoire:swapped" (which offline.js
// may fire on document after its swap), and a MutationObserver catches any
// other swap. Nothing here is needed for a rule to apply.
(function () {
  "use strict";

  var root = document.documentElement;
  var shownSeq = null;
  // The last moment handed to court.js, and whether its calls were in it.
  var lastSeq = null, lastBack = false, calledSeq = true;
  // The words of the undo a finger or a remote just pressed: after the
  // undo's screen they are the strip's words, so a taken-back tap is seen
  // (and heard) taken back.
  var undoing = "";
  document.addEventListener("click", function (ev) {
    var u = ev.target.closest && ev.target.closest('[data-testid="undo"]');
    if (u) undoing = ((u.querySelector(".what") || u).textContent || "").trim();
  }, true);

  function said(detail) {
    document.dispatchEvent(new CustomEvent("grimoire:said", { detail: detail }));
  }

  function announce() {
    var strip = document.getElementById("announce");
    var src = document.querySelector("#announce-src [data-announce-seq]");
    if (!strip) return;
    if (!src) {
      if (!document.getElementById("announce-src")) strip.textContent = "";
      return;
    }
    var seq = Number(src.getAttribute("data-announce-seq"));
    var text = src.textContent.trim();
    if (shownSeq === null) {
      // The first draw of a page: show the words without making a reader
      // repeat what the page itself says.
      shownSeq = seq;
      strip.textContent = text;
      return;
    }
    var short = src.getAttribute("data-call-short") || "", full = src.getAttribute("data-call-full") || "";
    if (seq === shownSeq) {
      // The same moment drawn again (the server's screen after the
      // phone's own): the strip keeps its words. Calls that only this
      // drawing carries (a phone's module older than the server) are said
      // now, once.
      if (!calledSeq && seq === lastSeq && !lastBack && (short || full)) {
        calledSeq = true;
        said({ seq: seq, back: false, text: text, short: short, full: full });
      }
      return;
    }
    // An undo goes back to an older seq: the news of the taken-back tap no
    // longer holds, so the strip says what was taken back instead.
    var back = seq < shownSeq;
    strip.textContent = back ? undoing : text;
    shownSeq = seq;
    lastSeq = seq;
    lastBack = back;
    calledSeq = back || !!(short || full || text);
    said({ seq: seq, back: back, text: back ? undoing : text, short: short, full: full });
    undoing = "";
  }

  function lostFocus() {
    var a = document.activeElement;
    // A tap on the court (not a control) leaves the focus on <main>.
    return !a || a === document.body || a === root || a.id === "main" || !a.isConnected;
  }

  function nextControl() {
    var bar = document.querySelector("[data-thumbbar]");
    // Mage's Tower and The Arcane Scribes mark theirs with autofocus (which
    // htmx honours after its swaps, but a tap drawn on the phone is not one).
    var el = document.querySelector("#board [data-next]") || document.querySelector("#board [autofocus]:not([disabled])");
    if (!el && bar) el = bar.querySelector("button:not([disabled]), a[href], input:not([type=hidden]), select");
    return el;
  }

  // refocus gives the focus to the screen's next control when a swap took
  // it away; the scrolling (back to the strip, the control into view) waits
  // for the frame (see settle).
  function refocus() {
    if (versionMoved()) wantHome = true;
    if (!lostFocus()) return;
    var el = nextControl();
    if (!el) return;
    // focus() lays the page out at once to know the control can take it:
    // after a finger's tap that waits for the frame, which lays it out
    // anyway (47 ms of a tap at CPU x4, doubled); after a key, the next
    // key may come at once, so the focus moves now.
    if (byKey) el.focus({ preventScroll: true });
    else focusEl = el;
    // The bar is fixed and never scrolls, so its controls are in sight; a
    // control on the page (a card's Cast button, a place to put a cone) is
    // brought into view between the sticky status strip and the bar
    // (scroll-padding keeps clear of both).
    showEl = el;
  }
  var byKey = false, focusEl = null;
  document.addEventListener("keydown", function () { byKey = true; }, true);
  document.addEventListener("pointerdown", function () { byKey = false; }, true);

  // versionMoved says the screen shows another version than at the last
  // look: a tap (or an undo, or a move made elsewhere) was drawn.
  var seenVersion = null;
  function versionMoved() {
    var v = document.querySelector("#board [data-version-src]");
    var now = v ? v.getAttribute("data-version-src") : null;
    var moved = seenVersion !== null && now !== null && now !== seenVersion;
    if (now !== null) seenVersion = now;
    return moved;
  }

  // home brings the status strip to the top of the screen after a tap on a
  // screen with a thumb bar: the court (or a game's table) follows it, the
  // bar holds the acting controls. Without it, a long screen (the mage's
  // cards, the log) left the page scrolled to its foot for the rest of the
  // game.
  function home() {
    var strip = document.querySelector("#board [data-status-strip]");
    if (!strip || !document.querySelector("[data-thumbbar]")) return;
    var top = (strip.parentElement || strip).getBoundingClientRect().top + window.scrollY;
    if (Math.abs(window.scrollY - top) > 1) window.scrollTo(0, top);
  }

  // The sizes are read in the frame after a swap, not in the swap's own
  // task: read there, each one made the browser lay the page out at once
  // (43 ms of a tap's 160 at CPU x4, twice, as the strip's words change
  // after the first read), and then again for the frame. In an animation
  // frame callback the one layout the frame needs anyway is shared.
  var sizes = {};
  // setSize writes a size only when it changed: a property set on the root
  // restyles the whole page, even to the value it had.
  function setSize(name, px) {
    var v = px + "px";
    if (sizes[name] === v) return;
    sizes[name] = v;
    root.style.setProperty(name, v);
  }
  function heightOf(el) { return el ? Math.ceil(el.getBoundingClientRect().height) : 0; }
  function measure() {
    var bar = document.querySelector("[data-thumbbar]");
    var an = document.getElementById("announce");
    var bh = heightOf(bar);
    var sh = heightOf(document.querySelector("#board [data-status-strip]"));
    var ah = an && an.textContent ? heightOf(an) : 0;
    setSize("--thumbbar-h", bh);
    setSize("--status-h", sh);
    setSize("--announce-h", ah);
  }
  // Sizes that change with no swap (a rotation, the fonts arriving, the
  // strip's words wrapping differently) are caught by a ResizeObserver.
  var seen = [];
  var sizer = window.ResizeObserver ? new ResizeObserver(function () { measure(); }) : null;
  function watchSizes() {
    var now = [document.querySelector("[data-thumbbar]"), document.querySelector("#board [data-status-strip]"), document.getElementById("announce")];
    root.classList.toggle("has-thumbbar", !!now[0]);
    if (!sizer) return;
    for (var i = 0; i < now.length; i++) {
      if (now[i] === seen[i]) continue;
      if (seen[i]) sizer.unobserve(seen[i]);
      if (now[i]) sizer.observe(now[i]);
    }
    seen = now;
  }

  var pending = false, framing = false, wantHome = false, showEl = null;
  function settle() {
    if (pending) return;
    pending = true;
    // One pass after the swap's mutations, not one per node.
    Promise.resolve().then(function () {
      pending = false;
      absolute();
      announce();
      watchSizes();
      refocus();
      if (framing) return;
      framing = true;
      requestAnimationFrame(function () {
        framing = false;
        measure();
        if (wantHome) home();
        wantHome = false;
        var el = showEl, f = focusEl;
        showEl = null;
        focusEl = null;
        // Unless the person moved it meanwhile.
        if (f && f.isConnected && lostFocus()) f.focus({ preventScroll: true });
        if (el && el === document.activeElement && el.scrollIntoView) el.scrollIntoView({ block: "nearest" });
      });
    });
  }

  function start() {
    settle();
    var board = document.getElementById("board") || document.body;
    if (window.MutationObserver) {
      new MutationObserver(settle).observe(board, { childList: true, subtree: true, characterData: true });
    }
    document.addEventListener("htmx:afterSettle", settle);
    document.addEventListener("grimoire:swapped", settle);
    window.addEventListener("resize", measure);
  }

  // A link shown as text ([data-absolute]) reads as the whole address a
  // friend can type, not the path the server knows.
  function absolute() {
    document.querySelectorAll("a[data-absolute]").forEach(function (a) {
      // Only when it differs: writing it is itself a mutation we watch.
      if (a.textContent !== a.href) a.textContent = a.href;
    });
  }

  // The arrow keys step through one group of the thumb bar's controls (the
  // shot pair, the places to go), wrapping around, so any choice is at most
  // half the group away; Tab still goes from group to group.
  document.addEventListener("keydown", function (ev) {
    // A remote's key (static/court.js) was already taken as MAKE or MISS.
    if (ev.defaultPrevented) return;
    var dir = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[ev.key];
    var bar = ev.target.closest && ev.target.closest("[data-thumbbar]");
    if (!dir || !bar || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.target.matches("input, select, textarea")) return; // radios keep their own arrows
    var group = ev.target.closest(".choices, .shoot, .pair, .leap-result") || bar;
    var all = Array.prototype.slice.call(group.querySelectorAll("button:not([disabled]), a[href]"));
    var i = all.indexOf(ev.target);
    if (i < 0 || all.length < 2) return;
    ev.preventDefault();
    all[(i + dir + all.length) % all.length].focus();
  });

  // One Enter takes one control. A control taken on Enter's keydown may be
  // answered at once (a step the phone draws itself) with a screen whose
  // next control has the focus; the same key's keypress must not take that
  // one too (Mage's Tower's "show my turn" ended the turn unasked).
  var enterOn = null;
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Enter") enterOn = document.activeElement;
  }, true);
  function sameEnter(ev) {
    if (ev.key === "Enter" && enterOn && document.activeElement !== enterOn) ev.preventDefault();
  }
  document.addEventListener("keypress", sameEnter, true);
  document.addEventListener("keyup", function (ev) {
    sameEnter(ev);
    if (ev.key === "Enter") enterOn = null;
  }, true);

  // The sheets' Print button.
  document.addEventListener("click", function (ev) {
    if (ev.target.closest && ev.target.closest("[data-print]")) window.print();
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();

// Grimoire's page script (offline.js, loaded beside it, draws and queues the
// game taps). The game logic stays in Go; this file wires live refresh for
// watchers, the offline banner, the service worker and whether the phone is
// ready for offline play, and the court helpers: the screen kept awake and
// a vibration per shot, switched in /settings. Everything works without it
// (forms post full pages), so nothing here may be required for a rule to apply.
(function () {
  "use strict";

  var root = document.documentElement;

  // say is key's words in the page's language, from the catalog block the
  // server wrote into the page (views.ScriptWords): n picks a plural form
  // (Intl.PluralRules, CLDR's categories, as the server's) and fills %d; s
  // fills %s. The other scripts call it as window.grimoireSay.
  var words = null;
  function say(key, n, s) {
    if (!words) {
      var el = document.getElementById("grimoire-words");
      try { words = el ? JSON.parse(el.textContent) : {}; } catch (e) { words = {}; }
    }
    var w = words[key];
    if (w && typeof w === "object") {
      var form = "=" + n;
      if (!(form in w)) {
        try { form = plurals().select(n); } catch (e) { form = "other"; }
        if (!(form in w)) form = "other";
      }
      w = w[form];
    }
    if (typeof w !== "string") return key;
    return w.replace(/%([sd%])/g, function (_, v) { return v === "%" ? "%" : v === "d" ? String(n) : String(s); });
  }
  window.grimoireSay = say;
  // Made once: building Intl.PluralRules took 8 ms of each tap's 160 at CPU
  // x4 (the offline status line says a count after every tap).
  var pluralRules = null, pluralLang = "";
  function plurals() {
    var l = root.lang || "en";
    if (!pluralRules || pluralLang !== l) { pluralRules = new Intl.PluralRules(l); pluralLang = l; }
    return pluralRules;
  }

  // Offline banner: the browser tells us when the network goes or comes back.
  function setOnline() {
    root.classList.toggle("is-offline", !navigator.onLine);
  }
  window.addEventListener("online", setOnline);
  window.addEventListener("offline", setOnline);
  setOnline();

  // Live refresh: a page that shows a game (the scorekeeper's, a seat's or a
  // spectator's) names its event stream in data-live. Each event only says
  // "the game changed"; htmx then fetches the fresh fragment, so a missed
  // event costs nothing but a moment's delay (EventSource reconnects itself).
  function watch() {
    var el = document.querySelector("[data-live]");
    if (!el || !window.EventSource) return;
    var src = new EventSource(el.getAttribute("data-live"));
    src.addEventListener("version", function (ev) {
      latest = ev.data;
      refreshIfBehind();
    });
  }
  var latest = null;
  // A tap's own answer already brings the new version: only refresh when
  // no request is in flight and the screen is still behind.
  function refreshIfBehind() {
    var el = document.querySelector("[data-live]");
    if (!el || latest === null || document.querySelector(".htmx-request")) return;
    if (el.getAttribute("data-version") !== latest) {
      document.body.dispatchEvent(new CustomEvent("grimoire:changed", { detail: latest }));
    }
  }

  // Confirmation before anything destructive, for forms marked data-confirm.
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    // A remote's second confirm press (static/court.js) already was the
    // question answered yes.
    if (form && form.hasAttribute && form.hasAttribute("data-confirmed")) {
      form.removeAttribute("data-confirmed");
      return;
    }
    var msg = form && form.getAttribute && form.getAttribute("data-confirm");
    if (msg && !window.confirm(msg)) {
      ev.preventDefault();
      ev.stopImmediatePropagation();
    }
  }, true);

  // Share buttons: use the phone's share sheet when it has one, else copy.
  document.addEventListener("click", function (ev) {
    var btn = ev.target.closest && ev.target.closest("[data-share]");
    if (!btn) return;
    var url = new URL(btn.getAttribute("data-share"), location.href).href;
    if (navigator.share) {
      navigator.share({ title: document.title, url: url }).catch(function () {});
    } else if (navigator.clipboard) {
      var label = btn.getAttribute("data-label") || btn.textContent;
      btn.setAttribute("data-label", label);
      navigator.clipboard.writeText(url).then(function () {
        btn.textContent = say("script.linkCopied");
        // The button says what happened for a moment, then is itself again.
        setTimeout(function () { btn.textContent = label; }, 2500);
      });
    }
  });

  // After each swap keep data-version in step, so watchers compare against
  // what the screen really shows.
  document.addEventListener("htmx:afterSettle", function () {
    var board = document.querySelector("[data-version-src]");
    var el = document.querySelector("[data-live]");
    if (board && el) el.setAttribute("data-version", board.getAttribute("data-version-src"));
    refreshIfBehind();
  });

  // Since you last looked (docs/forks.md): a game page left open while the
  // phone was elsewhere asks, when it is looked at again, for the actions
  // that came in meanwhile (drawn by the server as this viewer may read
  // them; a 204 when there were none) and shows them above the game.
  var hiddenAt = null;
  document.addEventListener("visibilitychange", function () {
    var el = document.querySelector("[data-live]");
    if (!el) return;
    if (document.visibilityState === "hidden") {
      if (hiddenAt === null) hiddenAt = el.getAttribute("data-version");
      return;
    }
    var since = hiddenAt;
    hiddenAt = null;
    if (since === null || !navigator.onLine || !window.fetch) return;
    var page = el.getAttribute("data-live").replace(/\/events$/, "");
    fetch(page + "/recap?since=" + encodeURIComponent(since), { credentials: "same-origin" })
      .then(function (res) { return res.status === 200 ? res.text() : ""; })
      .then(function (html) {
        var tpl = document.createElement("template");
        tpl.innerHTML = html;
        var panel = tpl.content.firstElementChild;
        if (!panel || panel.id !== "recap") return;
        var old = document.getElementById("recap");
        var after = document.querySelector('[data-testid="forks"]') || document.getElementById("alert");
        if (old) old.replaceWith(panel);
        else if (after) after.parentNode.insertBefore(panel, after.nextSibling);
        else return;
        if (window.htmx) window.htmx.process(panel);
      })
      .catch(function () {});
  });

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", watch);
  } else {
    watch();
  }

  // The notices are made here, not in the layout: both depend on what only
  // the browser knows (a secure context, a waiting service worker), and the
  // layout is also compiled into the offline WebAssembly module.
  function notice(kind, role, parts) {
    var el = document.createElement("div");
    el.className = "notice";
    el.setAttribute("role", role);
    el.setAttribute("data-notice", kind);
    el.setAttribute("data-testid", kind + "-notice");
    parts.forEach(function (p) { el.appendChild(p); });
    var main = document.getElementById("main");
    if (main) main.parentNode.insertBefore(el, main);
    return el;
  }
  function node(tag, text, attrs) {
    var n = document.createElement(tag);
    n.textContent = text;
    Object.keys(attrs || {}).forEach(function (k) { n.setAttribute(k, attrs[k]); });
    return n;
  }

  // Over plain HTTP to another machine the browser withholds the service
  // worker, install, Share and Copy: say so once, with where to read how.
  function httpsNotice() {
    if (window.isSecureContext || !document.getElementById("main")) return;
    try {
      if (localStorage.getItem("grimoire.httpsNotice")) return;
      localStorage.setItem("grimoire.httpsNotice", "shown");
    } catch (e) { /* storage refused: show it anyway */ }
    notice("https", "note", [
      document.createTextNode(say("script.httpsNotice") + " "),
      node("a", say("script.httpsHow"), { href: "https://github.com/grimoire-games/grimoire#put-it-on-your-phone" }),
      node("button", say("script.ok"), { type: "button", "class": "notice-close", "data-notice-close": "", "aria-label": say("script.closeNotice") })
    ]);
  }
  document.addEventListener("click", function (ev) {
    var btn = ev.target.closest && ev.target.closest("[data-notice-close]");
    if (btn) btn.closest("[data-notice]").remove();
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", httpsNotice);
  } else {
    httpsNotice();
  }

  // A new version's service worker waits (see sw.js) until this page asks
  // it to take over, then the page reloads on the new files.
  var updating = false;
  function offerUpdate(worker) {
    if (document.querySelector("[data-notice=update]")) return;
    var btn = node("button", say("script.reload"), { type: "button", "data-testid": "update-reload" });
    btn.addEventListener("click", function () {
      updating = true;
      btn.disabled = true;
      worker.postMessage({ type: "skip-waiting" });
    });
    notice("update", "status", [document.createTextNode(say("script.newVersion") + " "), btn]);
  }
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (updating) location.reload();
    });
  }
  // watchUpdates offers the reload when a newer worker is installed and
  // waits (a worker never takes over a page on its own: an offline page
  // must keep the module it runs).
  function watchUpdates(reg) {
    if (reg.waiting && navigator.serviceWorker.controller) offerUpdate(reg.waiting);
    reg.addEventListener("updatefound", function () {
      var w = reg.installing;
      if (!w) return;
      w.addEventListener("statechange", function () {
        if (w.state === "installed" && navigator.serviceWorker.controller) offerUpdate(w);
      });
    });
    return reg;
  }

  // ---- Ready for offline play. The service worker is ready once it has
  // stored every file and page it precaches; this page (a game, say) is
  // then stored too, and only then does the app say so. A game page first
  // loads its module (offline.js), so the worker's copy comes from the
  // browser's cache instead of a second download.
  // The line lives in the banner at the top of every page (the layout's
  // status strip), drawn here because only the page script knows the state;
  // the footer gets the link to the settings.
  function readinessLine() {
    var el = document.querySelector("[data-offline-ready]");
    var banner = document.querySelector(".offline-banner");
    if (!el && banner) {
      el = document.createElement("span");
      el.className = "offline-ready";
      el.setAttribute("data-offline-ready", "");
      el.setAttribute("data-testid", "offline-ready");
      banner.appendChild(el);
    }
    var foot = document.querySelector("footer.site");
    if (foot && !foot.querySelector('[href="/settings"]')) {
      var a = document.createElement("a");
      a.href = "/settings";
      a.textContent = say("settings.title");
      a.setAttribute("data-testid", "settings-link");
      foot.append(" · ", a);
    }
    return el;
  }
  // readiness draws the line; pct is the download's progress in the
  // "getting" state. The banner is a polite status region, so the words
  // change in steps of 10%: a screen reader hears a few updates, not one a
  // chunk.
  function readiness(state, pct) {
    var el = readinessLine();
    if (!el) return;
    el.setAttribute("data-state", state);
    var line = state === "ready" ? say("script.ready")
      : state === "none" ? say("script.cannotKeep")
        : state === "getting" ? say("script.getting", Math.floor(pct / 10) * 10)
          : say("script.notReady");
    if (el.textContent !== line) el.textContent = line;
    if (state === "getting") el.setAttribute("data-progress", String(Math.floor(pct)));
    else el.removeAttribute("data-progress");
    root.classList.toggle("offline-ready", state === "ready");
  }
  // The offline modules: this page's own (its game's, or the one with every
  // game) and that one with every game, by URL with their decoded sizes.
  function modules() {
    var m = document.querySelector('meta[name="grimoire-modules"]');
    var own = document.querySelector("script[data-wasm], meta[data-wasm]");
    var sizes = {};
    try { sizes = JSON.parse(m.content); } catch (e) { /* no list: nothing to fetch */ }
    var first = own && own.getAttribute("data-wasm");
    var all = m && m.getAttribute("data-all");
    return { first: first && sizes[first] ? first : all, all: all, sizes: sizes };
  }
  // whenIdle runs fn once the page has nothing better to do (the load event
  // has passed by then): the download must not slow the page a person is
  // looking at.
  function whenIdle(fn) {
    return new Promise(function (resolve) {
      var go = function () { resolve(fn()); };
      if (window.requestIdleCallback) window.requestIdleCallback(go, { timeout: 2000 });
      else setTimeout(go, 200);
    });
  }
  // fetchModules asks the worker to store urls in order; progress hears
  // the bytes of the first. Resolves once every url is stored (or failed).
  function fetchModules(reg, urls, sizes, progress) {
    var worker = reg.active;
    if (!worker || !urls.length) return Promise.resolve(true);
    return new Promise(function (resolve) {
      var ch = new MessageChannel();
      var left = urls.length, ok = true;
      // A worker that says nothing for this long will not: an older one
      // (an update waiting for its reload) does not know the message.
      var quiet = function () { return setTimeout(function () { resolve(false); }, 30000); };
      var timer = quiet();
      ch.port1.onmessage = function (e) {
        clearTimeout(timer);
        timer = quiet();
        var d = e.data || {};
        if (d.failed) ok = false;
        if (progress && d.url === urls[0] && d.total) progress(Math.min(100, 100 * d.loaded / d.total));
        if (d.done || d.failed) {
          left--;
          if (left === 0) {
            clearTimeout(timer);
            resolve(ok);
          }
        }
      };
      worker.postMessage({ type: "modules", urls: urls, sizes: sizes }, [ch.port2]);
    });
  }
  // A game started offline opens /offline/game?kind=ID#game (static/offline.js):
  // that page, kept once for every game, then loads the game's own module,
  // not the one with every game. This runs before offline.js (both are
  // deferred, this one first), which reads the attribute when it starts.
  (function () {
    var kind = location.pathname === "/offline/game" && new URLSearchParams(location.search).get("kind");
    var s = kind && document.querySelector("script[data-wasm]");
    var m = document.querySelector('meta[name="grimoire-modules"]');
    if (!s || !m) return;
    var all = m.getAttribute("data-all") || "";
    var sizes = {};
    try { sizes = JSON.parse(m.content); } catch (e) { return; }
    Object.keys(sizes).forEach(function (u) {
      // /static/wasm/grimoire-ID.HASH.wasm
      if (u !== all && u.indexOf("/static/wasm/grimoire-" + kind + ".") === 0) s.setAttribute("data-wasm", u);
    });
  })();
  function keepThisPage(reg) {
    var worker = reg.active;
    if (!worker) return Promise.resolve();
    return new Promise(function (resolve) {
      var ch = new MessageChannel();
      var timer = setTimeout(resolve, 20000);
      ch.port1.onmessage = function () { clearTimeout(timer); resolve(); };
      worker.postMessage({ type: "keep", url: location.pathname + location.search }, [ch.port2]);
    });
  }
  // offline.js comes with a game's page; elsewhere the page names it in a
  // <meta> and it is fetched once the page has loaded, off the first visit's
  // critical path. Resolves when the offline layer is running (or failed to).
  function offlineLayer() {
    if (window.grimoireOffline) return Promise.resolve();
    var m = document.querySelector('meta[name="grimoire-offline"]');
    if (!m) return Promise.resolve();
    return new Promise(function (resolve) {
      var s = document.createElement("script");
      s.setAttribute("data-wasm", m.getAttribute("data-wasm"));
      s.setAttribute("data-wasm-exec", m.getAttribute("data-wasm-exec"));
      s.onload = s.onerror = function () { resolve(); };
      s.src = m.content;
      document.head.appendChild(s);
    });
  }
  var layer = new Promise(function (resolve) {
    window.addEventListener("load", function () { offlineLayer().then(resolve); });
  });
  if ("serviceWorker" in navigator && window.caches) {
    readiness("wait");
    layer.then(function () {
      var off = window.grimoireOffline;
      var first = off && off.settled ? off.settled : Promise.resolve();
      first.then(function () {
        return navigator.serviceWorker.register("/sw.js");
      }).then(watchUpdates).then(function () {
        return navigator.serviceWorker.ready;
      }).then(function (reg) {
        // This page's module first, with its progress in the banner; the
        // page is ready once it and the page are stored. The one with every
        // game (for the pages of no one game) follows, when idle again.
        var m = modules();
        // With the module, the page's language's words for it (none for
        // English: the module holds those).
        var meta = document.querySelector('meta[name="grimoire-modules"]');
        var words = meta && meta.getAttribute("data-words");
        var first = (m.first ? [m.first] : []).concat(words ? [words] : []);
        return whenIdle(function () {
          return fetchModules(reg, first, m.sizes, function (pct) { readiness("getting", pct); });
        }).then(function (ok) {
          if (!ok) throw new Error("module not stored");
          return keepThisPage(reg);
        }).then(function () {
          readiness("ready");
          if (m.all && m.all !== m.first) whenIdle(function () { return fetchModules(reg, [m.all], m.sizes); });
        });
      }).catch(function () { readiness("wait"); });
    });
  } else {
    readiness("none");
  }

  // ---- On the court: settings kept on this phone (localStorage), the
  // screen kept awake during a game, a vibration on MAKE and another on MISS.
  var SETTINGS = "grimoire.settings";
  function settings() {
    var s = { wakeLock: true, vibrate: true };
    try {
      var saved = JSON.parse(localStorage.getItem(SETTINGS) || "{}");
      if (typeof saved.wakeLock === "boolean") s.wakeLock = saved.wakeLock;
      if (typeof saved.vibrate === "boolean") s.vibrate = saved.vibrate;
    } catch (e) { /* private mode or a damaged value: the defaults */ }
    return s;
  }
  function saveSetting(name, on) {
    var s = settings();
    s[name] = on;
    try { localStorage.setItem(SETTINGS, JSON.stringify(s)); } catch (e) { /* not kept */ }
  }
  function bindSettings() {
    document.querySelectorAll("input[data-setting]").forEach(function (box) {
      var name = box.getAttribute("data-setting");
      box.checked = settings()[name];
      box.disabled = false;
      box.addEventListener("change", function () {
        saveSetting(name, box.checked);
        lockIfPlaying();
      });
    });
    var vib = document.querySelector("[data-setting-support='vibrate']");
    if (vib) vib.textContent = navigator.vibrate ? "" : "This browser cannot vibrate (iPhones never do).";
    var wl = document.querySelector("[data-setting-support='wakeLock']");
    if (wl) wl.textContent = navigator.wakeLock ? "" : "This browser cannot keep the screen awake (it needs HTTPS and a recent browser).";
  }

  // Distinct patterns, so a scorekeeper feels which one was taken.
  var PATTERNS = { make: [40], miss: [70, 60, 70] };
  document.addEventListener("grimoire:tap", function (ev) {
    var p = PATTERNS[ev.detail && ev.detail.made];
    if (p && navigator.vibrate && settings().vibrate) {
      try { navigator.vibrate(p); } catch (e) { /* not allowed now */ }
    }
  });

  // playing: a game this phone plays is on screen and not over. A
  // spectator's view and the end screen let the screen sleep.
  function playing() {
    if (document.visibilityState !== "visible") return false;
    var board = document.getElementById("board");
    var live = document.querySelector("[data-live]");
    if (!board || !board.querySelector("[data-version-src]")) return false;
    if (live && /^\/watch\//.test(live.getAttribute("data-live") || "")) return false;
    return !board.querySelector('[data-testid="winner"]');
  }
  var lock = null, asking = false;
  function lockIfPlaying() {
    if (lock && lock.released) lock = null;
    var want = playing() && settings().wakeLock && !!navigator.wakeLock;
    if (want && !lock && !asking) {
      asking = true;
      navigator.wakeLock.request("screen").then(function (l) {
        asking = false;
        lock = l;
        if (l.addEventListener) l.addEventListener("release", function () { if (lock === l) lock = null; });
        if (!playing() || !settings().wakeLock) lockIfPlaying();
      }, function () { asking = false; });
    } else if (!want && lock) {
      var l = lock;
      lock = null;
      l.release().catch(function () {});
    }
  }
  // The browser drops the lock when the page is hidden: take it again.
  document.addEventListener("visibilitychange", lockIfPlaying);
  document.addEventListener("htmx:afterSettle", lockIfPlaying);
  document.addEventListener("grimoire:drawn", lockIfPlaying);
  window.addEventListener("pagehide", function () {
    if (lock) { lock.release().catch(function () {}); lock = null; }
  });

  function startCourt() {
    bindSettings();
    lockIfPlaying();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", startCourt);
  else startCourt();
})();

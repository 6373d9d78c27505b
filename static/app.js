// Grimoire's page script (offline.js, loaded beside it, plays a game without
// network). The game logic stays in Go; this file wires htmx's CSRF header,
// live refresh for watchers, the offline banner and the service worker. Everything works without it (forms post
// full pages), so nothing here may be required for a rule to apply.
(function () {
  "use strict";

  var root = document.documentElement;

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
      navigator.clipboard.writeText(url).then(function () {
        btn.textContent = "Link copied";
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
      document.createTextNode("Offline play, installing to the home screen, Share and Copy need HTTPS; over plain HTTP this phone plays online only. "),
      node("a", "How to serve Grimoire over HTTPS", { href: "https://github.com/grimoire-games/grimoire#put-it-on-your-phone" }),
      node("button", "OK", { type: "button", "class": "notice-close", "data-notice-close": "", "aria-label": "Close this notice" })
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
    var btn = node("button", "Reload", { type: "button", "data-testid": "update-reload" });
    btn.addEventListener("click", function () {
      updating = true;
      btn.disabled = true;
      worker.postMessage({ type: "skip-waiting" });
    });
    notice("update", "status", [document.createTextNode("A new version of Grimoire is ready. "), btn]);
  }
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      if (updating) location.reload();
    });
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js").then(function (reg) {
        if (reg.waiting && navigator.serviceWorker.controller) offerUpdate(reg.waiting);
        reg.addEventListener("updatefound", function () {
          var w = reg.installing;
          if (!w) return;
          w.addEventListener("statechange", function () {
            if (w.state === "installed" && navigator.serviceWorker.controller) offerUpdate(w);
          });
        });
      }).catch(function () {});
    });
  }
})();

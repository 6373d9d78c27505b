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
      var label = btn.getAttribute("data-label") || btn.textContent;
      btn.setAttribute("data-label", label);
      navigator.clipboard.writeText(url).then(function () {
        btn.textContent = "Link copied";
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

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", watch);
  } else {
    watch();
  }

  if ("serviceWorker" in navigator) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js").catch(function () {});
    });
  }
})();

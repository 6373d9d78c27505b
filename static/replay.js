// The replay page's keys and range control (views/replay.templ). Every step
// is a plain link or a GET form that works without this script; here the
// arrow keys take the step links (Home and End the first and last), and the
// range control shows its number while dragged and goes there when let go.
// htmx (hx-boost on the page) then swaps the replay alone.
(function () {
  "use strict";

  function typing(el) {
    if (!el || !el.matches) return false;
    if (el.matches("input")) return !/^(radio|checkbox|button|submit|range)$/.test(el.type);
    return el.matches("textarea, select, [contenteditable]");
  }

  var keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", function (ev) {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    var step = keys[ev.key];
    if (!step || typing(ev.target) || !document.getElementById("replay")) return;
    // The range control keeps its own arrows: it moves, then goes on change.
    if (ev.target.matches && ev.target.matches("input[type=range]")) return;
    var a = document.querySelector('#replay [data-replay-step="' + step + '"]');
    if (!a) return;
    ev.preventDefault();
    a.click();
  });

  document.addEventListener("input", function (ev) {
    var r = ev.target;
    if (!r.matches || !r.matches("#replay input[type=range]")) return;
    var out = document.querySelector("#replay [data-replay-out]");
    if (out) out.textContent = r.value;
  });

  document.addEventListener("change", function (ev) {
    var r = ev.target;
    if (!r.matches || !r.matches("#replay input[type=range]")) return;
    var form = r.closest("form");
    if (form && form.requestSubmit) form.requestSubmit();
  });

  // After a swap the focus stays where the reader was: on the same step
  // link or the range control, found again in the new replay.
  var last = null;
  document.addEventListener("htmx:beforeRequest", function () {
    var el = document.activeElement;
    last = null;
    if (el && el.closest && el.closest("#replay")) {
      last = el.getAttribute("data-replay-step") ? '[data-replay-step="' + el.getAttribute("data-replay-step") + '"]' : el.id ? "#" + el.id : null;
    }
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (!last) return;
    var el = document.querySelector("#replay " + last);
    if (el) el.focus();
    last = null;
  });
})();

// The replay with no network. The service worker keeps a replay page
// opened online, once per game whatever its moment (static/sw.js). Opened
// again offline, or stepped through offline, the moment is drawn on this
// phone: its module (grimoire.replay, cmd/grimoire-wasm/replay.go) runs the
// server's Go code on the copy of the game this phone saved in IndexedDB
// (static/offline.js), for the seat that copy was saved for, so the screen
// is the one the server would send. Where the phone cannot draw a moment
// (no copy of the game, an older module, a copy for another seat) it says
// so in words instead of showing a moment it cannot vouch for.
(function () {
  "use strict";

  var PATH = /^\/g\/([^/]+)\/replay$/;
  var m = PATH.exec(location.pathname);
  if (!m || !document.getElementById("replay")) return;
  var id = decodeURIComponent(m[1]);

  function offline() { return navigator.onLine === false; }

  // offline.js is loaded by app.js after the page's load event; wait for it.
  function offlineLayer() {
    return new Promise(function (resolve, reject) {
      var tries = 0;
      (function look() {
        var o = window.grimoireOffline;
        if (o && o.loadWasm) return resolve(o);
        if (++tries > 200) return reject(new Error("This page's offline layer did not start, so it cannot draw moments without the network."));
        setTimeout(look, 50);
      })();
    });
  }
  // The page's CSRF token, for the "Continue from here" form a moment carries.
  function token() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRF-Token"] || "";
    } catch (e) {
      return "";
    }
  }
  // wanted is the moment an address asks for, as the server reads ?at=
  // ("" now, a whole number taken to the nearest end), or null when it is
  // not a number (the module says why).
  function wanted(search, total) {
    var raw = (new URLSearchParams(search).get("at") || "").trim();
    if (raw === "") return total;
    if (!/^[+-]?\d{1,15}$/.test(raw)) return null;
    return Math.min(Math.max(parseInt(raw, 10), 0), total);
  }
  // note is the line above the replay that says where the moment comes from.
  function note(words, isError) {
    var el = document.getElementById("replay-offline");
    if (!el) {
      el = document.createElement("p");
      el.id = "replay-offline";
      el.setAttribute("data-testid", "replay-offline");
      var r = document.getElementById("replay");
      r.parentNode.insertBefore(el, r);
    }
    el.className = isError ? "panel error-box no-print" : "panel no-print";
    el.setAttribute("role", isError ? "alert" : "status");
    el.textContent = words;
    return el;
  }

  // draw puts the moment of address url on screen, drawn here; push says
  // it is a new step in the history (a link followed, not back or forward).
  function draw(url, push) {
    var u = new URL(url, location.href);
    var el = document.getElementById("replay");
    if (!el) return Promise.resolve();
    var focus = document.activeElement && el.contains(document.activeElement) ? document.activeElement : null;
    var refocus = focus ? (focus.getAttribute("data-replay-step") ? '[data-replay-step="' + focus.getAttribute("data-replay-step") + '"]' : focus.id ? "#" + focus.id : null) : null;
    el.setAttribute("aria-busy", "true");
    var p = offlineLayer().then(function (off) {
      return Promise.all([off.record ? off.record(id) : Promise.resolve(undefined), off.loadWasm()]);
    }).then(function (r) {
      var rec = r[0], G = r[1];
      if (rec === undefined || !G || typeof G.replay !== "function") {
        throw new Error("This phone's copy of the app cannot draw replays yet: open the replay once online to update it.");
      }
      if (!rec) throw new Error("This phone holds no copy of this game, so it cannot draw its moments without the network. Open the game once online, then its replay works offline too.");
      var res = G.replay(rec, new URLSearchParams(u.search).get("at") || "", token());
      if (res.error) throw new Error(res.error);
      var t = document.createElement("template");
      t.innerHTML = res.html;
      var next = t.content.firstElementChild;
      // The page the server drew says whose replay this is; the copy of
      // the game must be that viewer's, or what it may show is unknown.
      var seat = el.getAttribute("data-seat");
      if (seat !== null && seat !== next.getAttribute("data-seat")) {
        throw new Error("This phone's copy of the game was saved for another seat than this replay is for, so it cannot tell what you may see: open the replay with the network.");
      }
      el.replaceWith(next);
      if (window.htmx) window.htmx.process(next);
      var to = u.pathname + "?at=" + res.at;
      if (push) history.pushState({ replay: true }, "", to);
      else history.replaceState({ replay: true }, "", to);
      note("No network: this moment is drawn on this phone from its copy of the game (" + res.total + (res.total === 1 ? " action" : " actions") + ").", false)
        .setAttribute("data-drawn-at", String(res.at));
      if (refocus) {
        var f = next.querySelector(refocus);
        if (f) f.focus();
      }
    }).catch(function (err) {
      el.removeAttribute("aria-busy");
      var total = +el.getAttribute("data-total");
      var shows = el.getAttribute("data-drawn") !== "none" && wanted(u.search, total) === +el.getAttribute("data-at");
      if (shows) {
        // The page on screen is the moment asked for, as the server drew
        // it for this phone when it was last online: it stays, said so.
        note("No network: this is the moment as it was last loaded. " + err.message, true);
        return;
      }
      // Another moment: nothing of it is shown, only why.
      var none = document.createElement("div");
      none.id = "replay";
      none.className = "replay";
      none.setAttribute("data-testid", "replay");
      none.setAttribute("data-drawn", "none");
      if (el.getAttribute("data-seat") !== null) none.setAttribute("data-seat", el.getAttribute("data-seat"));
      none.setAttribute("data-at", el.getAttribute("data-at") || "");
      none.setAttribute("data-total", el.getAttribute("data-total") || "");
      var h = el.querySelector("h1");
      if (h) none.appendChild(h.cloneNode(true));
      var back = document.createElement("a");
      back.className = "btn";
      back.href = "/g/" + encodeURIComponent(id);
      back.textContent = "Back to the game";
      back.setAttribute("data-testid", "replay-back");
      none.appendChild(back);
      el.replaceWith(none);
      if (push) history.pushState({ replay: true }, "", u.pathname + u.search);
      note(err.message, true);
    });
    return p;
  }

  // With no network a step (a link to a moment of this replay, the range
  // control's form) is drawn here before htmx sees it: htmx would ask the
  // server. Listening in the capture phase, on the document, comes first.
  document.addEventListener("click", function (ev) {
    if (!offline() || ev.defaultPrevented || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
    var a = ev.target.closest && ev.target.closest("#replay a[href]");
    if (!a) return;
    var u = new URL(a.href, location.href);
    if (u.origin !== location.origin || u.pathname !== location.pathname) return; // the game's page: the worker keeps it
    ev.preventDefault();
    ev.stopPropagation();
    draw(u.pathname + u.search, true);
  }, true);
  document.addEventListener("submit", function (ev) {
    var f = ev.target;
    if (!offline() || !f.matches) return;
    if (f.matches("#replay form[data-replay-range]")) {
      ev.preventDefault();
      ev.stopPropagation();
      draw(location.pathname + "?" + new URLSearchParams(new FormData(f)).toString(), true);
    } else if (f.matches("#replay form.replay-fork")) {
      ev.preventDefault();
      ev.stopPropagation();
      note("Continuing from here starts a new game on the server, which needs the network: this moment's link is in the address bar, open it again once online.", true);
    }
  }, true);
  // A step htmx sent that found no network (the phone thought it had one).
  document.addEventListener("htmx:sendError", function (ev) {
    var d = ev.detail || {};
    var path = (d.pathInfo && d.pathInfo.finalRequestPath) || (d.requestConfig && d.requestConfig.path);
    if (!path) return;
    var u = new URL(path, location.href);
    if (u.pathname === location.pathname) draw(u.pathname + u.search, true);
  });
  // Back and forward between moments drawn here, or any with no network.
  window.addEventListener("popstate", function (ev) {
    if (offline() || (ev.state && ev.state.replay)) draw(location.href, false);
  });

  // Opened with no network, the page is the worker's copy, of whatever
  // moment it was kept at and as old as that visit: draw the moment asked
  // for from this phone's copy of the game. Online, a page that does not
  // show the moment its address asks for came from the copy too.
  function start() {
    var el = document.getElementById("replay");
    if (!el) return;
    if (offline() || wanted(location.search, +el.getAttribute("data-total")) !== +el.getAttribute("data-at")) {
      draw(location.href, false);
    }
  }
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start);
})();

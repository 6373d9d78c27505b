// The referee's sandbox page script (the sandbox.templ of each game).
// Checking a position is a GET of the form, so a position is a link. The
// check is fetched and drawn in place (the address bar takes the
// position's link); when the server cannot be reached the phone's module
// (grimoire.sandbox, cmd/grimoire-wasm/sandbox.go) checks it with the same
// Go code instead. Playing on stores a game on the server, so without
// network the button says to wait for it.
"use strict";
(function () {
  var FORM = '[data-testid="sandbox-form"]', PLAYON = '[data-testid="sandbox-playon"]', BOX = '[data-testid="sandbox"]';

  function kindOf(form) {
    var m = /^\/sandbox\/([^/?#]+)/.exec(form.getAttribute("action") || "");
    return m ? m[1] : "";
  }
  function queryOf(form) {
    return new URLSearchParams(new FormData(form)).toString();
  }
  // The page's CSRF token, for the play-on form a redrawn sandbox carries.
  function token() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRF-Token"] || "";
    } catch (e) {
      return "";
    }
  }
  function say(words) {
    var box = document.querySelector(BOX);
    if (!box) return;
    var el = box.querySelector("[data-sandbox-note]");
    if (!el) {
      el = document.createElement("p");
      el.className = "panel error-box";
      el.setAttribute("role", "alert");
      el.setAttribute("data-sandbox-note", "");
      el.setAttribute("data-testid", "sandbox-note");
      box.insertBefore(el, box.children[1] || null);
    }
    el.textContent = words;
  }
  function swap(box, url, title) {
    var old = document.querySelector(BOX);
    if (!old || !box) return;
    old.replaceWith(box);
    history.pushState({ sandbox: true }, "", url);
    if (title) document.title = title;
    window.scrollTo(0, 0);
    var h = box.querySelector("h1");
    if (h) {
      h.setAttribute("tabindex", "-1");
      h.focus({ preventScroll: true });
    }
  }
  function fromModule(form, url) {
    var layer = window.grimoireOffline;
    if (!layer || !layer.loadWasm) return Promise.reject(new Error("The network is gone and this page has no offline copy of the app yet: try again once online."));
    return layer.loadWasm().then(function (G) {
      if (!G || typeof G.sandbox !== "function") throw new Error("This phone's offline copy of the app cannot check positions yet: open the sandbox once online to update it.");
      var r = G.sandbox(kindOf(form), queryOf(form), token());
      if (r.error) throw new Error(r.error);
      var div = document.createElement("div");
      div.innerHTML = r.html;
      swap(div.querySelector(BOX), url, "");
    });
  }

  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!(form instanceof HTMLFormElement)) return;
    if (form.matches(PLAYON) && navigator.onLine === false) {
      ev.preventDefault();
      say("Playing on starts a game on the server, which needs the network. The position's link is in the address bar: open it again once online.");
      return;
    }
    if (!form.matches(FORM)) return;
    ev.preventDefault();
    var url = form.getAttribute("action") + "?" + queryOf(form);
    fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } }).then(function (res) {
      if (res.status !== 200 && res.status !== 422) {
        // Not a sandbox answer (a 4xx page, say): let the browser show it.
        location.assign(url);
        return null;
      }
      return res.text().then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        swap(doc.querySelector(BOX), url, doc.title);
      });
    }, function () {
      return fromModule(form, url);
    }).catch(function (err) {
      say(err.message);
    });
  });

  // Back and forward move between checked positions: each is its own page.
  window.addEventListener("popstate", function () {
    location.reload();
  });
})();

// The league table with no network. The service worker keeps a copy of
// every league page opened online; opened again offline, that copy shows
// the table as the server last drew it. This script then draws it again on
// the phone, from the games saved in IndexedDB, with the phone's module
// (grimoire.league in cmd/grimoire-wasm): the server's code, so the same
// games started on the same days give the same table. The days come from
// the page (data-started: when each game the server counted was started);
// a game the page does not name counts from when the phone saved it.
(function () {
  "use strict";

  var box = document.getElementById("league-table");
  var note = document.getElementById("league-offline");
  if (!box || !note) return;

  // offline.js is loaded by app.js after the page's load event; wait for it.
  function offlineLayer() {
    return new Promise(function (resolve, reject) {
      var tries = 0;
      (function look() {
        if (window.grimoireOffline && window.grimoireOffline.saved) return resolve(window.grimoireOffline);
        if (++tries > 200) return reject(new Error("the offline layer did not start"));
        setTimeout(look, 50);
      })();
    });
  }

  function drawHere() {
    if (box.getAttribute("data-drawn") === "phone") return;
    box.setAttribute("aria-busy", "true");
    offlineLayer().then(function (off) {
      return Promise.all([off.loadWasm(), off.saved()]);
    }).then(function (r) {
      var saved = r[1].map(function (x) { return { record: x.record, at: x.at || 0 }; });
      var res = r[0].league(box.getAttribute("data-game"), JSON.stringify(saved), box.getAttribute("data-role") || "", box.getAttribute("data-started") || "{}");
      if (res.error) throw new Error(res.error);
      box.innerHTML = res.html;
      box.setAttribute("data-drawn", "phone");
      note.textContent = "No network: this table is drawn on this phone from the " + saved.length + " games saved on it (the club's other phones' games and merged names need the network).";
      note.hidden = false;
    }).catch(function (err) {
      note.textContent = "No network: this is the table as last loaded. It could not be drawn on this phone: " + err.message;
      note.hidden = false;
    }).then(function () { box.removeAttribute("aria-busy"); });
  }

  function check() { if (!navigator.onLine) drawHere(); }
  window.addEventListener("offline", drawHere);
  if (document.readyState === "complete") check();
  else window.addEventListener("load", check);
})();

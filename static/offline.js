// Grimoire offline play. With no network a game tap is applied on this phone
// by the WebAssembly build of the same Go rules and views the server runs
// (cmd/grimoire-wasm): the fragments it returns are swapped into the same element
// ids the server's out-of-band answer would fill, and the tap waits in an
// IndexedDB outbox with the version it was made on. When the network is back
// the outbox is sent in order to POST /g/ID/sync, which re-checks every tap
// through the normal write path; an entry is deleted only once the server
// confirmed it. If another phone changed the game meanwhile the rest is held,
// shown, exportable, and can be applied again or discarded: nothing is lost.
// The service worker only caches files and pages; the game logic lives here.
(function () {
  "use strict";

  var me = document.currentScript;
  var WASM = me && me.getAttribute("data-wasm");
  var EXEC = me && me.getAttribute("data-wasm-exec");
  var root = document.documentElement;
  var api = (window.grimoireOffline = { lastTapMs: null, tapsMs: [], stepsMs: [], wasmLoadMs: null });

  // ---- IndexedDB: records (what this phone shows of each game), outbox
  // (taps waiting for the server, in order) and held (taps the server did
  // not take, kept until the scorekeeper decides).
  var dbp = null;
  function db() {
    if (!dbp) {
      dbp = new Promise(function (resolve, reject) {
        var req = indexedDB.open("grimoire", 1);
        req.onupgradeneeded = function () {
          var d = req.result;
          d.createObjectStore("records", { keyPath: "id" });
          d.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true }).createIndex("game", "game");
          d.createObjectStore("held", { keyPath: "seq", autoIncrement: true }).createIndex("game", "game");
        };
        req.onsuccess = function () { resolve(req.result); };
        req.onerror = function () { reject(req.error); };
      });
    }
    return dbp;
  }
  function tx(stores, mode, fn) {
    return db().then(function (d) {
      return new Promise(function (resolve, reject) {
        var t = d.transaction(stores, mode);
        var out;
        t.oncomplete = function () { resolve(out); };
        t.onerror = t.onabort = function () { reject(t.error); };
        out = fn(t);
      });
    });
  }
  function all(store, game) {
    return db().then(function (d) {
      return new Promise(function (resolve, reject) {
        var t = d.transaction(store, "readonly").objectStore(store);
        var req = game ? t.index("game").getAll(game) : t.getAll();
        req.onsuccess = function () { resolve(req.result); };
        req.onerror = function () { reject(req.error); };
      });
    });
  }
  function getRecord(id) {
    return db().then(function (d) {
      return new Promise(function (resolve, reject) {
        var req = d.transaction("records", "readonly").objectStore("records").get(id);
        req.onsuccess = function () { resolve(req.result || null); };
        req.onerror = function () { reject(req.error); };
      });
    });
  }
  function putRecord(rec, local) {
    var r = JSON.parse(rec);
    return tx(["records"], "readwrite", function (t) {
      t.objectStore("records").put({ id: r.id, record: rec, version: r.version, local: !!local, at: Date.now() });
    });
  }

  // ---- Network state: the browser's word, or a request that just failed.
  var failed = false;
  function offline() { return !navigator.onLine || failed; }
  var waiting = 0, heldCount = 0;
  function status() {
    var off = offline();
    root.classList.toggle("is-offline", off);
    root.classList.toggle("has-outbox", waiting > 0 || heldCount > 0);
    var pill = document.querySelector(".net-pill");
    var text = document.querySelector(".net-text");
    var count = document.querySelector(".net-count");
    if (!pill) return;
    pill.textContent = off ? "Offline" : "Online";
    if (off) {
      // Without a secure context there is no service worker and no module
      // to apply a tap with: do not promise what cannot happen.
      if (!window.isSecureContext) {
        text.textContent = "Offline play needs Grimoire served over HTTPS: taps cannot be saved on this phone.";
      } else {
        text.textContent = game ? "Taps are saved here and sent when the network is back." : "Showing what this phone saved.";
      }
    } else if (waiting > 0) {
      text.textContent = "Sending the taps made offline…";
    } else if (heldCount > 0) {
      text.textContent = "Some taps made offline were not applied: see below.";
    } else {
      text.textContent = "";
    }
    count.textContent = waiting > 0 ? waiting + (waiting === 1 ? " tap waiting" : " taps waiting") : "";
  }
  function recount() {
    return Promise.all([all("outbox"), all("held")]).then(function (r) {
      waiting = r[0].filter(function (e) { return e.op.type !== "create"; }).length;
      heldCount = r[1].length;
      status();
      return r;
    }).catch(function () {});
  }
  window.addEventListener("online", function () { failed = false; status(); sync(); });
  window.addEventListener("offline", function () {
    status();
    // A bot's turn on screen: draw it here, where it says the bot waits
    // for the network (any other screen stays as it is, selection and all).
    if (game && game.rec && botAsked()) show(game.rec).catch(function () {});
    else loadWasm();
  });

  // ---- The WebAssembly module, loaded once and only when needed.
  var wasmP = null;
  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      var s = document.createElement("script");
      s.src = src;
      s.onload = resolve;
      s.onerror = function () { reject(new Error("cannot load " + src)); };
      document.head.appendChild(s);
    });
  }
  function loadWasm() {
    if (wasmP) return wasmP;
    var t0 = performance.now();
    wasmP = (window.Go ? Promise.resolve() : loadScript(EXEC)).then(function () {
      var go = new window.Go();
      var ready = new Promise(function (r) { window.grimoireReady = r; });
      var inst = WebAssembly.instantiateStreaming
        ? WebAssembly.instantiateStreaming(fetch(WASM), go.importObject)
        : fetch(WASM).then(function (r) { return r.arrayBuffer(); }).then(function (b) { return WebAssembly.instantiate(b, go.importObject); });
      return inst.then(function (r) {
        go.run(r.instance);
        return ready;
      });
    }).then(function () {
      api.wasmLoadMs = performance.now() - t0;
      return window.grimoire;
    });
    wasmP.catch(function () { wasmP = null; });
    return wasmP;
  }
  api.loadWasm = loadWasm;

  // ---- The game on this page.
  var game = null; // {id, rec (JSON text), local}
  var shown = {}; // fragment id -> HTML last put on screen by this script

  // botAsked says the screen asks the server for a bot's move.
  function botAsked() { return !!document.querySelector('#board [hx-post$="/bot"]'); }
  function recordEl() { return document.getElementById("grimoire-record"); }
  function pageRecord() {
    var el = recordEl();
    return el ? el.textContent : null;
  }
  function versionOf(rec) { return JSON.parse(rec).version; }

  // swap puts fragments on screen exactly as the server's out-of-band swap
  // would: each one's HTML into the element with its id.
  function swap(res) {
    var board = document.getElementById("board");
    res.fragments.forEach(function (f) {
      var el = document.getElementById(f.id);
      if (f.id === "grimoire-record") {
        if (!el) {
          el = document.createElement("script");
          el.type = "application/json";
          el.id = f.id;
          el.setAttribute("data-testid", "record");
          board.appendChild(el);
        }
        el.textContent = f.html;
        return;
      }
      if (!el) {
        el = document.createElement("section");
        el.id = f.id;
        board.appendChild(el);
      }
      if (shown[f.id] === f.html) return;
      el.innerHTML = f.html;
      shown[f.id] = f.html;
      if (window.htmx) window.htmx.process(el);
    });
    var alert = document.getElementById("alert");
    if (alert && res.alert) {
      var tmp = document.createElement("div");
      tmp.innerHTML = res.alert;
      var n = tmp.firstElementChild;
      if (n) {
        n.removeAttribute("hx-swap-oob");
        alert.replaceWith(n);
      }
    }
    var live = document.querySelector("[data-live]");
    if (live && typeof res.version === "number") live.setAttribute("data-version", String(res.version));
  }

  // show draws a record from scratch (resume, a game made offline, the
  // network lost), with the selection of a GET step when query is given.
  function show(rec, query) {
    return loadWasm().then(function (g) {
      var res = g.render(rec, query || "");
      if (res.error) throw new Error(res.error);
      if (!query) shown = {};
      // The empty screen of a game started here takes its game's layout.
      var blank = document.querySelector("[data-offline-board]");
      if (blank && res.board) blank.classList.add(res.board);
      swap(res);
      game.rec = rec;
      game.drawn = true;
      game.query = query || "";
    });
  }
  // step draws a GET step of the screen (Mage's Tower's coin, row and aim
  // choices, the privacy screens' "show my turn") on this phone.
  function step(path) {
    var t0 = performance.now();
    var i = path.indexOf("?");
    var query = i < 0 ? "" : path.slice(i + 1);
    queue = queue.then(function () { return show(game.rec, query); }).then(function () {
      api.lastStepMs = performance.now() - t0;
      api.stepsMs.push(api.lastStepMs);
    }).catch(function (err) {
      var a = document.getElementById("alert");
      if (a) { a.className = "panel error-box"; a.textContent = "This phone could not draw the screen offline: " + err.message; }
    });
    return queue;
  }
  // refresh asks the server for its screen after this phone drew its own:
  // from version 0, so every fragment comes (the one saying a bot waits for
  // the network too), keeping a privacy screen tapped away at this version.
  function refresh() {
    if (!game || !window.htmx) return;
    game.drawn = false;
    var vals = { v: "0" };
    var m = /(?:^|&)seen=(\d+)/.exec(game.query || "");
    if (m && game.rec && Number(m[1]) === versionOf(game.rec)) vals.seen = m[1];
    window.htmx.ajax("GET", "/g/" + game.id, { source: document.getElementById("board"), swap: "none", values: vals });
  }

  function fieldsOf(cfg) {
    var out = {};
    var fd = cfg.formData;
    if (fd && fd.forEach) {
      fd.forEach(function (v, k) {
        if (k === "_csrf" || k === "v" || typeof v !== "string") return;
        // A field sent more than once (Mage's Tower's coins) is a list.
        if (k in out) out[k] = [].concat(out[k], v);
        else out[k] = v;
      });
    }
    return out;
  }
  function cid() {
    var b = new Uint8Array(12);
    crypto.getRandomValues(b);
    return Array.prototype.map.call(b, function (x) { return ("0" + x.toString(16)).slice(-2); }).join("");
  }

  // local applies one tap on this phone and queues it for the server.
  var queue = Promise.resolve();
  function local(op) {
    var t0 = performance.now();
    queue = queue.then(function () {
      return loadWasm().then(function (g) {
        var before = game.rec;
        if (op.type === "undo") {
          return all("outbox", game.id).then(function (list) {
            var last = list[list.length - 1];
            if (last && last.op.type === "act") {
              // Never sent: taking it back just forgets it.
              return tx(["outbox"], "readwrite", function (t) { t.objectStore("outbox").delete(last.seq); }).then(function () {
                var res = g.render(last.before);
                if (res.error) throw new Error(res.error);
                swap(res);
                game.rec = last.before;
                game.drawn = true;
                game.query = "";
              });
            }
            return applyAndQueue(g, op, before);
          });
        }
        return applyAndQueue(g, op, before);
      });
    }).then(function () {
      return putRecord(game.rec, game.local);
    }).then(function () {
      var ms = performance.now() - t0;
      api.lastTapMs = ms;
      api.tapsMs.push(ms);
      return recount();
    }).catch(function (err) {
      swap({ fragments: [], alert: '<div id="alert" class="panel error-box" role="alert" data-testid="error"></div>' });
      var a = document.getElementById("alert");
      if (a) a.textContent = window.isSecureContext ? "This phone could not apply the tap offline: " + err.message :
        "This tap was not saved: offline play needs Grimoire served over HTTPS (see the README, \"Put it on your phone\").";
    });
    return queue;
  }
  function applyAndQueue(g, op, before) {
    var res = g.apply(before, JSON.stringify(op));
    if (res.error) throw new Error(res.error);
    swap(res);
    game.drawn = true;
    if (res.refused) return Promise.resolve();
    game.rec = res.record;
    game.query = "";
    return tx(["outbox"], "readwrite", function (t) {
      t.objectStore("outbox").add({
        game: game.id, op: op, v: versionOf(before), cid: cid(), line: res.line || "Undo", before: before, at: Date.now()
      });
    });
  }

  // Taps: htmx is about to send one. Keep it local when there is no
  // network, when earlier taps still wait (order matters), or when the game
  // exists only on this phone so far.
  var mustStayLocal = false;
  function gamePath(path) {
    var m = /^\/g\/([^/?#]+)(\/(act|undo|bot))?(?:[?#].*)?$/.exec(path || "");
    return m && game && m[1] === game.id ? (m[3] || "show") : null;
  }
  document.addEventListener("htmx:beforeRequest", function (ev) {
    var cfg = ev.detail.requestConfig;
    var what = gamePath(cfg && cfg.path);
    if (!what) return;
    if (!(offline() || mustStayLocal || game.local || waiting > 0)) return;
    ev.preventDefault();
    if (what === "act") local({ type: "act", fields: fieldsOf(cfg) });
    else if (what === "undo") local({ type: "undo" });
    else if (what === "show" && cfg.verb === "get" && /[?&](ui|seen)=/.test(cfg.path)) step(cfg.path);
    // Refreshes and bot requests wait for the network.
  });
  // A tap sent while the phone thought it was online: apply it here.
  document.addEventListener("htmx:sendError", function (ev) {
    var cfg = ev.detail.requestConfig;
    var what = gamePath(cfg && cfg.path);
    failed = true;
    status();
    if (what === "act") local({ type: "act", fields: fieldsOf(cfg) });
    else if (what === "undo") local({ type: "undo" });
    else if (what === "show" && /[?&](ui|seen)=/.test(cfg.path)) step(cfg.path);
    else if (what === "bot" && game.rec) show(game.rec).catch(function () {});
  });
  // Keep this phone's copy of the record up to date after online taps.
  document.addEventListener("htmx:afterSettle", function () {
    var rec = pageRecord();
    if (game && rec && !game.local && !mustStayLocal) {
      game.rec = rec;
      game.drawn = false;
      shown = {};
      putRecord(rec, false).catch(function () {});
    }
  });

  // ---- Sending the outbox, in order, one entry at a time.
  var syncing = false;
  function csrf() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRF-Token"] || ""; } catch (e) { return ""; }
  }
  function post(url, params) {
    var body = new URLSearchParams();
    Object.keys(params).forEach(function (k) {
      [].concat(params[k]).forEach(function (v) { body.append(k, v); });
    });
    return fetch(url, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "X-CSRF-Token": csrf(), "Content-Type": "application/x-www-form-urlencoded" }
    });
  }
  function send(e) {
    if (e.op.type === "create") {
      return post("/sync/new", { kind: e.op.kind, id: e.game, seed: e.op.seed, setup: e.op.setup, seats: e.op.seats || "[]" });
    }
    var p = { op: e.op.type, v: String(e.v), cid: e.cid };
    Object.keys(e.op.fields || {}).forEach(function (k) { p[k] = e.op.fields[k]; });
    return post("/g/" + encodeURIComponent(e.game) + "/sync", p);
  }
  function sync() {
    if (syncing || offline()) return Promise.resolve();
    syncing = true;
    var touched = {}, conflicts = {};
    function step() {
      return all("outbox").then(function (list) {
        var e = list[0];
        if (!e) return null;
        touched[e.game] = true;
        return send(e).then(function (res) {
          if (res.ok) {
            return tx(["outbox"], "readwrite", function (t) { t.objectStore("outbox").delete(e.seq); }).then(function () {
              // A game started here is on the server now: its taps go there.
              if (e.op.type === "create") return markSynced(e.game);
            }).then(recount).then(step);
          }
          // The server did not take it: hold this game's waiting taps.
          return res.text().then(function (body) {
            conflicts[e.game] = true;
            return hold(e.game, res.status, body).then(recount).then(step);
          });
        }, function () {
          failed = true;
          status();
          return null;
        });
      });
    }
    return step().then(function () {
      syncing = false;
      if (game && !touched[game.id] && game.drawn && !game.local && !offline()) refresh();
      if (!game || !touched[game.id]) return;
      if (conflicts[game.id]) {
        location.replace("/g/" + game.id);
      } else if (game.local || mustStayLocal) {
        location.replace("/g/" + game.id);
      } else {
        // Catch up with the server: it shows what this phone showed, and
        // asks for the bots' moves.
        refresh();
      }
    }, function () { syncing = false; });
  }
  api.sync = sync;

  function markSynced(id) {
    return getRecord(id).then(function (saved) {
      if (!saved || !saved.local) return;
      saved.local = false;
      return tx(["records"], "readwrite", function (t) { t.objectStore("records").put(saved); });
    });
  }

  function hold(id, code, body) {
    return all("outbox", id).then(function (list) {
      return tx(["outbox", "held", "records"], "readwrite", function (t) {
        list.forEach(function (e) {
          t.objectStore("outbox").delete(e.seq);
          if (e.op.type === "create") return;
          t.objectStore("held").add({ game: id, op: e.op, v: e.v, cid: e.cid, line: e.line, at: e.at, status: code });
        });
        // The server's record is the truth again: forget this phone's copy.
        t.objectStore("records").delete(id);
      });
    });
  }

  // ---- Held taps: the scorekeeper sees them and decides.
  function showHeld() {
    if (!game) return;
    all("held", game.id).then(function (list) {
      var old = document.getElementById("held");
      if (old) old.remove();
      if (!list.length) return;
      var box = document.createElement("div");
      box.id = "held";
      box.className = "panel error-box held";
      box.setAttribute("role", "alert");
      box.setAttribute("data-testid", "held");
      var h = document.createElement("h2");
      h.textContent = list.length === 1 ? "1 tap made offline was not applied" : list.length + " taps made offline were not applied";
      var p = document.createElement("p");
      p.textContent = "The game changed on another phone while this one was offline, so the server kept its own record. " +
        "This screen shows the game as the server has it now. Your taps, in the order you made them:";
      var ol = document.createElement("ol");
      ol.setAttribute("data-testid", "held-list");
      list.forEach(function (e) {
        var li = document.createElement("li");
        li.textContent = e.line + " (made on version " + e.v + ")";
        ol.appendChild(li);
      });
      var row = document.createElement("div");
      row.className = "row";
      row.appendChild(button("Apply again", "held-reapply", "btn primary grow", function () { reapply(list); }));
      row.appendChild(button("Export", "held-export", "btn grow", function () { exportHeld(list); }));
      row.appendChild(button("Discard", "held-discard", "btn grow", function () {
        if (!window.confirm("Discard these taps? They are not in the game and will be gone from this phone.")) return;
        dropHeld(list).then(function () { box.remove(); recount(); });
      }));
      box.append(h, p, ol, row);
      var main = document.getElementById("main");
      var anchor = document.getElementById("board") || main.firstChild;
      main.insertBefore(box, anchor);
    });
  }
  function button(label, testid, cls, fn) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = cls;
    b.textContent = label;
    b.setAttribute("data-testid", testid);
    b.addEventListener("click", fn);
    return b;
  }
  function dropHeld(list) {
    return tx(["held"], "readwrite", function (t) {
      list.forEach(function (e) { t.objectStore("held").delete(e.seq); });
    });
  }
  function exportHeld(list) {
    var data = JSON.stringify({ game: game.id, record: JSON.parse(game.rec), unapplied: list.map(function (e) {
      return { line: e.line, op: e.op, version: e.v, at: new Date(e.at).toISOString() };
    }) }, null, 2);
    var a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([data], { type: "application/json" }));
    a.download = "grimoire-" + game.id + "-unapplied.json";
    document.body.appendChild(a);
    a.click();
    a.remove();
  }
  // reapply plays the held taps on top of the server's game, on this phone
  // first (the rules say which still make sense), then sends them.
  function reapply(list) {
    mustStayLocal = true;
    loadWasm().then(function (g) {
      var done = [];
      var refused = null;
      for (var i = 0; i < list.length && !refused; i++) {
        var before = game.rec;
        var op = list[i].op;
        var res = g.apply(before, JSON.stringify(op));
        if (res.error || res.refused) {
          refused = { line: list[i].line, why: res.error || res.refused };
          break;
        }
        swap(res);
        game.rec = res.record;
        done.push({ held: list[i], entry: { game: game.id, op: op, v: versionOf(before), cid: cid(), line: res.line || "Undo", before: before, at: Date.now() } });
      }
      return tx(["outbox", "held"], "readwrite", function (t) {
        done.forEach(function (d) {
          t.objectStore("outbox").add(d.entry);
          t.objectStore("held").delete(d.held.seq);
        });
      }).then(function () { return putRecord(game.rec, false); }).then(function () {
        mustStayLocal = false;
        showHeld();
        recount().then(sync);
        if (refused) {
          var a = document.getElementById("alert");
          if (a) {
            a.className = "panel error-box";
            a.textContent = "Stopped at “" + refused.line + "”: not allowed now (" + refused.why + "). It and the taps after it are still listed.";
          }
        }
      });
    });
  }

  // ---- Starting a game with no network: the new-game form creates it here.
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!form.matches || !form.matches("form[data-offline-kind]") || !offline() || ev.defaultPrevented) return;
    ev.preventDefault();
    var kind = form.getAttribute("data-offline-kind");
    var fields = {};
    var hasFile = false;
    new FormData(form).forEach(function (v, k) {
      if (typeof v === "string") { if (k !== "_csrf") fields[k] = v; } else if (v && v.size) hasFile = true;
    });
    var problem = function (msg) {
      var a = document.getElementById("alert");
      a.className = "panel error-box";
      a.setAttribute("data-testid", "error");
      a.textContent = msg;
      a.scrollIntoView();
    };
    if (hasFile) return problem("A custom file (map, deck or card) needs the network. Remove it to start with the default one.");
    loadWasm().then(function (g) {
      var seed = randomSeed();
      var res = g.newGame(kind, JSON.stringify(fields), seed);
      if (res.error) return problem(res.error);
      var id = randomID();
      var r = { kind: kind, id: id, title: res.title, csrf: csrf(), setup: JSON.parse(res.setup), seed: seed, actions: [], actionSeats: [], version: 0, seat: -1, owner: true, seats: JSON.parse(res.seats || "[]") };
      var rec = JSON.stringify(r);
      return tx(["records", "outbox"], "readwrite", function (t) {
        t.objectStore("records").put({ id: id, record: rec, version: 0, local: true, at: Date.now() });
        t.objectStore("outbox").add({ game: id, op: { type: "create", kind: kind, setup: res.setup, seats: res.seats || "[]", seed: seed, title: res.title }, v: 0, cid: id, line: "New game", at: Date.now() });
      }).then(function () { location.assign("/offline/game#" + id); });
    }).catch(function (err) { problem("This phone could not start the game offline: " + err.message); });
  }, false);
  function randomID() {
    var b = new Uint8Array(9);
    crypto.getRandomValues(b);
    return btoa(String.fromCharCode.apply(null, b)).replace(/\+/g, "-").replace(/\//g, "_");
  }
  function randomSeed() {
    var b = new Uint32Array(2);
    crypto.getRandomValues(b);
    return ((BigInt(b[0] & 0x7fffffff) << 32n) | BigInt(b[1])).toString();
  }

  // ---- Start: find the game on this page and the freshest copy of it.
  function start() {
    status();
    var rec = pageRecord();
    var offlineBoard = document.querySelector("[data-offline-board]");
    var id = null;
    if (rec) id = JSON.parse(rec).id;
    else if (offlineBoard) id = decodeURIComponent(location.hash.slice(1));
    if (!id) { recount().then(sync); return; }
    game = { id: id, rec: rec, local: false };
    Promise.all([getRecord(id), all("outbox", id)]).then(function (r) {
      var saved = r[0], pending = r[1];
      game.local = !!(saved && saved.local) || pending.some(function (e) { return e.op.type === "create"; });
      var useSaved = saved && (!rec || pending.length > 0 || saved.version > versionOf(rec));
      if (useSaved) {
        game.rec = saved.record;
        return show(saved.record);
      }
      if (!rec) throw new Error("This game is not saved on this phone.");
      return putRecord(rec, false).then(function () {
        // A page kept by the service worker, drawn online on a bot's turn:
        // draw it here, where the bot waits for the network.
        if (offline() && botAsked()) return show(rec);
      });
    }).then(function () {
      showHeld();
      return recount();
    }).then(function () {
      if (offline()) loadWasm();
      sync();
    }).catch(function (err) {
      var a = document.getElementById("alert");
      if (a) { a.className = "panel error-box"; a.textContent = err.message; }
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

// Grimoire's game taps, online and offline alike. On a page whose game
// record is embedded, once the WebAssembly build of the same Go rules and
// views the server runs (cmd/grimoire-wasm) is ready, every tap is applied
// on this phone at once: the fragments it returns are swapped into the same
// element ids the server's out-of-band answer would fill, in the same frame,
// and the tap waits in an IndexedDB outbox with the version it was made on
// and a client action id. The outbox is sent in order to POST /g/ID/sync,
// which re-checks every tap through the normal write path; an entry is
// deleted only once the server confirmed it, and when nothing waits the page
// fetches the server's own screen: the server stays the authority. If
// another phone changed the game meanwhile the rest is held, shown,
// exportable, and can be applied again or discarded: nothing is lost.
// Until the module is ready (a first visit), and on pages without a record
// (spectators), taps go through htmx one at a time, and a tap made while one
// is in flight waits in line: htmx would drop or merge it. Every tap
// waiting is counted in the banner. The service worker only caches files
// and pages; the game logic lives here.
(function () {
  "use strict";

  var me = document.currentScript;
  var WASM = me && me.getAttribute("data-wasm");
  var EXEC = me && me.getAttribute("data-wasm-exec");
  var root = document.documentElement;
  // The page's words (app.js's say, from the catalogs).
  var say = window.grimoireSay || function (key) { return key; };
  var api = (window.grimoireOffline = { lastTapMs: null, tapsMs: [], stepsMs: [], wasmLoadMs: null, tapToScreen: [] });

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
  function recordRow(rec, local) {
    var r = JSON.parse(rec);
    return { id: r.id, record: rec, version: r.version, local: !!local, at: Date.now() };
  }
  function putRecord(rec, local) {
    return tx(["records"], "readwrite", function (t) {
      t.objectStore("records").put(recordRow(rec, local));
    });
  }

  // ---- Network state: the browser's word, or a request that just failed.
  var failed = false;
  function offline() { return !navigator.onLine || failed; }
  // What waits: this game's taps not yet confirmed by the server (mem, in
  // order, mirrored in the outbox), other games' outbox entries, and taps
  // made before the module was ready that htmx has yet to send (hq).
  var mem = [], others = 0, heldCount = 0;
  function waitingCount() { return mem.length + others + hq.length + lq.length + (sending ? 1 : 0); }
  var drawn = 0; // counts the screens this script drew, to spot a stale answer
  function status() {
    var off = offline();
    var waiting = waitingCount();
    root.classList.toggle("is-offline", off);
    root.classList.toggle("has-outbox", waiting > 0 || heldCount > 0);
    root.classList.toggle("is-sending", !off && waiting > 0);
    var board = document.getElementById("board");
    if (board) board.setAttribute("aria-busy", sending || hq.length ? "true" : "false");
    var pill = document.querySelector(".net-pill");
    var text = document.querySelector(".net-text");
    var count = document.querySelector(".net-count");
    if (!pill) return;
    pill.textContent = off ? say("script.offline") : say("script.online");
    if (off) {
      // Without a secure context there is no service worker and no module
      // to apply a tap with: do not promise what cannot happen.
      if (!window.isSecureContext) {
        text.textContent = say("script.needsHttps");
      } else {
        text.textContent = game ? say("script.savedHere") : say("script.showingSaved");
      }
    } else if (waiting > 0) {
      text.textContent = say("script.sending");
    } else if (heldCount > 0) {
      text.textContent = say("script.notApplied");
    } else {
      text.textContent = "";
    }
    count.textContent = waiting > 0 ? say("script.tapsWaiting", waiting) : "";
  }
  function recount() {
    return Promise.all([all("outbox"), all("held")]).then(function (r) {
      others = r[0].filter(function (e) { return e.op.type !== "create" && !(game && e.game === game.id); }).length;
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

  // ---- The WebAssembly module, loaded once. A game page loads it at once,
  // so that from then on every tap is drawn here without a round trip.
  var wasmP = null, G = null;
  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      var s = document.createElement("script");
      s.src = src;
      s.onload = resolve;
      s.onerror = function () { reject(new Error("cannot load " + src)); };
      document.head.appendChild(s);
    });
  }
  // The page's language's words for the module (lang.Load): fetched beside
  // it (the worker keeps them), as the module holds English only.
  function pageWords() {
    var m = document.querySelector('meta[name="grimoire-modules"]');
    var u = m && m.getAttribute("data-words");
    if (!u) return Promise.resolve("");
    return fetch(u).then(function (r) { return r.ok ? r.text() : ""; }, function () { return ""; });
  }
  function loadWasm() {
    if (wasmP) return wasmP;
    var t0 = performance.now();
    var words = pageWords();
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
    }).then(function () { return words; }).then(function (text) {
      api.wasmLoadMs = performance.now() - t0;
      G = window.grimoire;
      // The module draws in the page's language, as the server does (in
      // English if its words could not be had).
      if (G.language) G.language(document.documentElement.lang || "en", text);
      // Taps made while it loaded now take the same path as every later one.
      pump();
      // The browser compiles the module's functions on first use: draw the
      // screen once now, unseen, so the first tap does not pay for it.
      setTimeout(function () {
        try { if (game && game.rec) G.render(game.rec, ""); } catch (e) { /* drawn for real on the first tap */ }
        root.classList.add("wasm-ready");
      }, 0);
      return G;
    });
    wasmP.catch(function () { wasmP = null; });
    return wasmP;
  }
  api.loadWasm = loadWasm;
  api.saved = function () { return all("records"); }; // static/league.js
  api.record = function (id) { return getRecord(id).then(function (r) { return r ? r.record : null; }); }; // static/replay.js

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
  function screenVersion() {
    var el = document.querySelector("[data-version-src]");
    return el ? el.getAttribute("data-version-src") : "0";
  }

  // swap puts fragments on screen exactly as the server's out-of-band swap
  // would: each one's HTML into the element with its id. Not by replacing
  // the element's HTML, which re-parses, re-lays out and re-binds the whole
  // fragment (the court's map, every control) on each tap: the new HTML is
  // parsed aside and the live nodes are changed where they differ (morph),
  // so what did not move is not touched, a focused control keeps its focus,
  // and htmx binds only the nodes whose hx- attributes are new.
  function swap(res) {
    var board = document.getElementById("board");
    var ids = {}; // fragments this swap fills: a parent's morph leaves them to their own
    res.fragments.forEach(function (f) { ids[f.id] = true; });
    Object.keys(shown).forEach(function (id) { ids[id] = true; });
    var bind = []; // nodes htmx must (re)bind
    var ins = []; // nodes a morph put in new
    var changed = false;
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
      // An element a parent's morph just put in (the court's overlay in
      // its map) holds the parent's copy: fill it even if it shows the same.
      var fresh = ins.some(function (n) { return n.contains(el); });
      if (f.node) {
        // The server's answer, parsed already (serverSwap).
        morphChildren(el, f.node, ids, bind, ins);
      } else {
        if (shown[f.id] === f.html && !fresh) return;
        var t = document.createElement("template");
        t.innerHTML = f.html;
        morphChildren(el, t.content, ids, bind, ins);
        shown[f.id] = f.html;
      }
      changed = true;
    });
    bindAll(bind);
    res.bound = bind;
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
    if (!res.server) drawn++;
    // A focused control that now stands for something else (its attributes
    // changed) gives its focus up, as a replaced one would: the screen
    // script then focuses the screen's next control.
    // And a control the swap put in or marked autofocus (Mage's Tower's
    // Cast after an aim is chosen) takes the focus, as htmx gives it to an
    // autofocus element it swaps in.
    if (!refocusNeeded) {
      refocusNeeded = autofocusGained || ins.some(function (n) {
        return n.isConnected && (n.matches("[autofocus]") || !!n.querySelector("[autofocus]"));
      });
      var af = document.querySelector("#board [autofocus]");
      if (af && af === document.activeElement) refocusNeeded = false;
    }
    autofocusGained = false;
    if (refocusNeeded) {
      refocusNeeded = false;
      if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
    }
    document.dispatchEvent(new CustomEvent("grimoire:drawn"));
    // A morph may change attributes only, which the screen script's
    // observer does not watch: tell it.
    if (changed) document.dispatchEvent(new CustomEvent("grimoire:swapped", { detail: "morph" }));
  }
  // The attributes that make htmx bind a node.
  var HX = "[hx-get],[hx-post],[hx-put],[hx-patch],[hx-delete],[hx-trigger]";
  // bindAll has htmx bind the controls among nodes a swap put in or
  // changed, but for the game's own taps (an action or an undo): the
  // page's click and submit listeners take those (unseen, below) exactly as
  // htmx would hand them over, and binding each new one costs htmx a walk of
  // its subtree on every screen. A tap control htmx bound earlier (drawn by
  // the server) is bound again when its attributes changed: htmx keeps the
  // path it read when it bound it.
  var TAP = /^\/g\/[^/?#]+\/(act|undo)(?:[?#].*)?$/;
  function bindAll(list) {
    if (!window.htmx) return;
    list.forEach(function (n) {
      if (!n.isConnected) return;
      var els = Array.prototype.slice.call(n.querySelectorAll(HX));
      if (n.matches(HX)) els.unshift(n);
      els.forEach(function (e) {
        var post = e.getAttribute("hx-post");
        if (post && TAP.test(post) && !e.hasAttribute("hx-trigger") && !e["htmx-internal-data"]) return;
        window.htmx.process(e);
      });
    });
  }
  var refocusNeeded = false, autofocusGained = false;
  // same says live node a can become node b by changing attributes and
  // children: the same kind of node, tag and id (and an input's type).
  function same(a, b) {
    if (a.nodeType !== b.nodeType) return false;
    if (a.nodeType !== 1) return true;
    if (a.nodeName !== b.nodeName || a.id !== b.id) return false;
    return a.nodeName !== "INPUT" || a.getAttribute("type") === b.getAttribute("type");
  }
  // morphChildren makes live's children those of next (a parsed fragment,
  // whose nodes it moves into live where live has none to change). The
  // children of an element that is a fragment of its own (ids) are left to
  // that fragment's swap.
  function morphChildren(live, next, ids, bind, ins) {
    var lc = live.firstChild, nc = next.firstChild;
    while (nc) {
      var nn = nc.nextSibling;
      if (lc && !same(lc, nc) && lc.nextSibling && same(lc.nextSibling, nc)) {
        // One live node is gone: drop it rather than rewrite all after it.
        var gone = lc;
        lc = lc.nextSibling;
        live.removeChild(gone);
      }
      if (lc && same(lc, nc)) {
        morphNode(lc, nc, ids, bind, ins);
        lc = lc.nextSibling;
      } else {
        live.insertBefore(nc, lc);
        if (nc.nodeType === 1) { bind.push(nc); ins.push(nc); }
      }
      nc = nn;
    }
    while (lc) {
      var x = lc.nextSibling;
      live.removeChild(lc);
      lc = x;
    }
  }
  function morphNode(a, b, ids, bind, ins) {
    if (a.nodeType !== 1) {
      if (a.nodeValue !== b.nodeValue) a.nodeValue = b.nodeValue;
      return;
    }
    var hx = false, other = false;
    var ba = b.attributes, i, at;
    for (i = 0; i < ba.length; i++) {
      at = ba[i];
      if (a.getAttribute(at.name) === at.value) continue;
      if (at.namespaceURI) a.setAttributeNS(at.namespaceURI, at.name, at.value);
      else a.setAttribute(at.name, at.value);
      if (at.name.indexOf("hx-") === 0) hx = true;
      if (at.name === "autofocus") autofocusGained = true;
      if (at.name !== "class" && at.name !== "style") other = true;
    }
    var aa = a.attributes;
    for (i = aa.length - 1; i >= 0; i--) {
      at = aa[i];
      if (b.hasAttribute(at.name)) continue;
      a.removeAttribute(at.name);
      if (at.name.indexOf("hx-") === 0) hx = true;
      if (at.name !== "class" && at.name !== "style") other = true;
    }
    if (hx) bind.push(a);
    if (other && a === document.activeElement) refocusNeeded = true;
    // What a fresh element would hold: a form control's state is its
    // markup's, as after a replace.
    var tag = a.nodeName;
    if (tag === "INPUT") {
      if (a.type === "checkbox" || a.type === "radio") a.checked = b.hasAttribute("checked");
      else if (a.type !== "file" && a.value !== (b.getAttribute("value") || "")) a.value = b.getAttribute("value") || "";
    } else if (tag === "OPTION") {
      a.selected = b.hasAttribute("selected");
    } else if (tag === "TEXTAREA") {
      if (a.value !== b.textContent) a.value = b.textContent;
    }
    if (a.id && ids[a.id]) return;
    if (a.isEqualNode && a.childNodes.length === b.childNodes.length && a.isEqualNode(b)) return;
    morphChildren(a, b, ids, bind, ins);
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
  var stepQ = Promise.resolve();
  function step(path) {
    var t0 = performance.now();
    var i = path.indexOf("?");
    var query = i < 0 ? "" : path.slice(i + 1);
    stepQ = stepQ.then(function () { return show(game.rec, query); }).then(function () {
      api.lastStepMs = performance.now() - t0;
      api.stepsMs.push(api.lastStepMs);
    }).catch(function (err) {
      var a = document.getElementById("alert");
      if (a) { a.className = "panel error-box"; a.textContent = say("script.drawFailed", 0, err.message); }
    });
    return stepQ;
  }

  // A hidden element of our own is the source of the requests this script
  // asks htmx for: htmx queues a second request from a source that has one
  // in flight and resolves its promise at once, which would break the order.
  function source(name) {
    var id = "grimoire-src-" + name;
    var el = document.getElementById(id);
    if (!el) {
      el = document.createElement("div");
      el.id = id;
      el.hidden = true;
      el.setAttribute("hx-swap", "none");
      document.body.appendChild(el);
    }
    return el;
  }
  var ours = false; // htmx is issuing a request this script asked for
  function ask(verb, path, values, name) {
    ours = true;
    try {
      return window.htmx.ajax(verb, path, { source: source(name), swap: "none", values: values });
    } finally {
      ours = false;
    }
  }
  var refreshing = false;

  // refresh asks the server for its screen once every tap is confirmed: the
  // server is the authority. From version 0, so every fragment comes (the
  // one saying a bot waits for the network too), keeping a privacy screen
  // tapped away at this version and a GET step taken at it (a trade's give,
  // the Tower's coins): a refresh that dropped them would take a half-made
  // choice out from under the thumb. A tap made meanwhile wins (see
  // beforeSwap).
  function refresh() {
    if (!game || !window.htmx || !game.rec || mem.length || hq.length || lq.length || botTimer || sending || game.local || mustStayLocal) return;
    game.drawn = false;
    var vals = { v: "0" };
    var now = versionOf(game.rec);
    var q = new URLSearchParams(game.query || "");
    if (Number(q.get("v")) === now && q.toString() !== "") {
      q.forEach(function (value, key) { if (key !== "v") vals[key] = value; });
    }
    var m = /(?:^|&)seen=(\d+)/.exec(game.query || "");
    if (m && Number(m[1]) === now) vals.seen = m[1];
    else delete vals.seen;
    refreshing = true;
    var p = ask("GET", "/g/" + game.id, vals, "refresh");
    var end = function () { refreshing = false; settled(); };
    if (p && p.then) p.then(end, end);
    else refreshing = false;
  }
  function settled() { status(); pump(); }

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
  // fieldsOfTap reads a tap's fields the moment it is made (htmx reads them
  // only when it sends, from an element that may be gone by then): the
  // form with the button pressed, and the element's hx-vals.
  function fieldsOfTap(elt, ev) {
    var out = {};
    function add(k, v) {
      if (k === "_csrf" || k === "v" || typeof v !== "string") return;
      if (k in out) out[k] = [].concat(out[k], v);
      else out[k] = v;
    }
    if (elt.tagName === "FORM") {
      var sub = ev && ev.submitter;
      var fd;
      try { fd = new FormData(elt, sub || undefined); } catch (e) {
        fd = new FormData(elt);
        if (sub && sub.name) fd.append(sub.name, sub.value);
      }
      fd.forEach(function (v, k) { add(k, v); });
    }
    var vals = elt.getAttribute("hx-vals");
    if (vals) {
      try {
        var o = JSON.parse(vals);
        Object.keys(o).forEach(function (k) { [].concat(o[k]).forEach(function (v) { add(k, String(v)); }); });
      } catch (e) { /* a value htmx could not read either */ }
    }
    return out;
  }
  function cid() {
    var b = new Uint8Array(12);
    crypto.getRandomValues(b);
    return Array.prototype.map.call(b, function (x) { return ("0" + x.toString(16)).slice(-2); }).join("");
  }

  // ---- Feedback the moment a tap is taken: vibration (app.js), and the
  // time from the finger to the next frame that shows it.
  function buzz(op) {
    var f = op.fields || {};
    document.dispatchEvent(new CustomEvent("grimoire:tap", { detail: { made: f.made === "1" ? "make" : f.made === "0" ? "miss" : "", type: op.type } }));
  }
  function felt(t0, how) {
    if (typeof t0 !== "number") return;
    requestAnimationFrame(function () {
      var ms = performance.now() - t0;
      api.tapToScreen.push({ ms: ms, how: how });
    });
  }

  // ---- One tap path. A tap on a page whose record is embedded and whose
  // module is ready is applied here at once (the same Go rules and views as
  // the server), drawn, and queued with the version it was made on; the
  // queue goes to the server in order (sync). Until the module is ready, and
  // on pages without a record (spectators, seats that may not see the whole
  // record), taps go to the server through htmx one at a time, in order,
  // and a tap made while one is in flight waits in hq: none is dropped.
  var hq = [];        // {path, id, op, cid, t0}
  var sending = null; // the htmx tap in flight
  var botBusy = false; // the server is asked for a bot's move
  function localReady() {
    return !!(G && game && game.rec && !sending && !botBusy && hq.length === 0);
  }
  // The finger is answered first: a tap drawn here waits in lq for the
  // frame that paints its pressed control, and only then is applied and
  // drawn (the module and the swap take several frames on a slow phone).
  var lq = []; // {op, t0}
  var lqArmed = false;
  function afterPaint(fn) {
    // Hidden or being left, there is no frame to wait for, and maybe no
    // later task: at once.
    if (document.visibilityState === "hidden" || leaving) { fn(); return; }
    // The frame's callbacks run before its paint; a task queued from one
    // runs after it.
    var done = false;
    var go = function () {
      if (done) return;
      done = true;
      var i = paintWaits.indexOf(go);
      if (i >= 0) paintWaits.splice(i, 1);
      fn();
    };
    paintWaits.push(go);
    requestAnimationFrame(function () { setTimeout(go, 0); });
  }
  // A page that is hidden or left (the phone locked in a pocket right
  // after a tap, a link followed) paints no more frames: what waits for
  // one (a tap's IndexedDB write) starts at once instead of never.
  var paintWaits = [], leaving = false;
  function flushPaintWaits() { paintWaits.slice().forEach(function (go) { go(); }); }
  document.addEventListener("visibilitychange", function () { if (document.visibilityState === "hidden") flushPaintWaits(); });
  window.addEventListener("pagehide", function () { leaving = true; flushPaintWaits(); });
  window.addEventListener("pageshow", function () { leaving = false; });
  function drainLocal() {
    lqArmed = false;
    var list = lq.splice(0);
    list.forEach(function (e) { local(e.op, e.t0); });
    botSoon();
  }
  // ---- A bot's move, drawn here when the module can find it (a bot is a
  // pure function of the table, play.Kind.Bot): after a short pause the
  // screen shows it thinking (a setting, "grimoire.court".botPause, ms),
  // the module applies the "bot" op and the move waits in the outbox like
  // a tap; the server, sent the same op, finds the same move and stays the
  // one that stores it. Offline the screen still says the bot waits for the
  // network (its move is the server's to store: nothing is decided here
  // that the server has not seen).
  var botTimer = null;
  var BOT_PAUSE = 400;
  function botPause() {
    try {
      var s = JSON.parse(localStorage.getItem("grimoire.court") || "{}");
      if (typeof s.botPause === "number" && s.botPause >= 0 && s.botPause <= 5000) return s.botPause;
    } catch (e) { /* the default */ }
    return BOT_PAUSE;
  }
  function botOp() { return !!(G && G.ops && Array.prototype.indexOf.call(G.ops, "bot") >= 0); }
  function botWaiting() { return document.querySelector('#board [data-testid="bot-offline"]'); }
  function cancelBot() {
    if (botTimer) { clearTimeout(botTimer); botTimer = null; }
  }
  function botSoon() {
    if (botTimer || !botOp() || !game || !game.rec || game.local || mustStayLocal || offline() || !localReady() || lq.length) return;
    var wait = botWaiting();
    if (!wait) return;
    var m = /Waiting for the network: (.+) moves when you are back online/.exec(wait.textContent);
    wait.textContent = say("script.botThinking", 0, m ? m[1] : say("script.theBot"));
    wait.setAttribute("data-bot-moving", "");
    var t0 = performance.now();
    botTimer = setTimeout(function () {
      botTimer = null;
      if (!localReady() || lq.length || offline() || !botWaiting()) return;
      local({ type: "bot" }, t0);
      api.botsMs.push(performance.now() - t0);
      botSoon(); // the next bot's turn (a table of two bots)
    }, botPause());
  }
  api.botsMs = [];

  function take(path, op, t0) {
    buzz(op);
    cancelBot();
    if (lq.length || localReady()) {
      lq.push({ op: op, t0: t0 });
      status();
      if (!lqArmed) { lqArmed = true; afterPaint(drainLocal); }
      return;
    }
    var m = /^\/g\/([^/?#]+)\//.exec(path);
    hq.push({ path: path, id: m ? m[1] : "", op: op, cid: cid(), t0: t0 });
    status();
    pump();
  }
  // pump sends the next waiting htmx tap, or hands them all to the local
  // path once the module is ready and nothing is in flight.
  function pump() {
    if (sending || botBusy) return;
    if (hq.length && G && game && game.rec) {
      var rec = pageRecord();
      if (rec && mem.length === 0 && !game.local && !mustStayLocal) game.rec = rec;
      var list = hq.splice(0);
      list.forEach(function (e) { local(e.op, e.t0, e.cid); });
      botSoon();
      return;
    }
    if (!hq.length) { status(); return; }
    if (offline() && game && game.rec) {
      // No network: the module will take them (it is cached).
      loadWasm().catch(function () {});
      status();
      return;
    }
    var e = hq[0];
    sending = e;
    status();
    var vals = { op: e.op.type, v: screenVersion(), cid: e.cid };
    Object.keys(e.op.fields || {}).forEach(function (k) { vals[k] = e.op.fields[k]; });
    var p = ask("POST", "/g/" + encodeURIComponent(e.id) + "/sync", vals, "send");
    p.then(function () {
      hq.shift();
      sending = null;
      requestAnimationFrame(function () { api.tapToScreen.push({ ms: performance.now() - e.t0, how: "htmx" }); });
      failed = false;
      settled();
    }, function () {
      // Not sent (or its answer lost): with the module it goes to the
      // outbox with the same client id, so the server takes it once.
      sending = null;
      failed = true;
      status();
      if (game && game.rec) {
        loadWasm().then(pump, function () { retryLater(); });
      } else {
        retryLater();
      }
    });
  }

  // local applies one tap on this phone and queues it for the server. It
  // draws before anything is stored: the screen never waits for IndexedDB.
  var persist = Promise.resolve();
  // later queues fn after the saves before it, and after the frame that
  // shows the tap: the IndexedDB write and the send are off the drawing path.
  var saving = 0; // writes queued by later and not done yet
  function later(fn) {
    saving++;
    persist = persist.then(function () { return new Promise(afterPaint); }).then(fn).catch(function (err) {
      var a = document.getElementById("alert");
      if (a) { a.className = "panel error-box"; a.textContent = say("script.saveFailed", 0, err.message); }
    }).then(function () { saving--; });
    return persist;
  }
  function local(op, t0, id) {
    var t1 = performance.now();
    if (!G) {
      // Only after a network error on a page whose module is not loaded
      // yet: wait for it, in order.
      hq.push({ path: "", id: game.id, op: op, cid: id || cid(), t0: t0 });
      loadWasm().catch(function () {});
      status();
      return;
    }
    try {
      if (op.type === "undo") {
        var last = mem[mem.length - 1];
        if (last && last.op.type === "act" && !(inflight && inflight.cid === last.cid)) {
          // Never sent: taking it back just forgets it.
          mem.pop();
          var res0 = G.render(last.before);
          if (res0.error) throw new Error(res0.error);
          swap(res0);
          game.rec = last.before;
          game.drawn = true;
          game.query = "";
          felt(t0, "local");
          done(t1);
          botSoon();
          // The outbox and the saved copy change in one transaction: a
          // reload between two writes would draw a copy that disagrees
          // with the taps waiting to be sent.
          var back = recordRow(last.before, game.local);
          later(function () {
            return tx(["outbox", "records"], "readwrite", function (t) {
              var s = t.objectStore("outbox");
              s.index("game").openCursor(game.id).onsuccess = function (ev) {
                var c = ev.target.result;
                if (!c) return;
                if (c.value.cid === last.cid) c.delete();
                else c.continue();
              };
              t.objectStore("records").put(back);
            }).then(recount);
          });
          return;
        }
      }
      var before = game.rec;
      var ta = performance.now();
      var res = G.apply(before, JSON.stringify(op));
      var tb = performance.now();
      if (res.error) throw new Error(res.error);
      swap(res);
      timed("grimoire apply (module)", ta, tb);
      timed("grimoire swap (parse, morph, bind)", tb, performance.now());
      game.drawn = true;
      if (res.refused) { done(t1); return; }
      game.rec = res.record;
      game.query = "";
      var entry = { game: game.id, op: op, v: versionOf(before), cid: id || cid(), line: res.line || "Undo", before: before, at: Date.now() };
      mem.push(entry);
      felt(t0, "local");
      done(t1);
      var after = recordRow(res.record, game.local); // with its tap, in one transaction
      later(function () {
        return tx(["outbox", "records"], "readwrite", function (t) {
          t.objectStore("outbox").add(entry);
          t.objectStore("records").put(after);
        }).then(function () { sync(); });
      });
    } catch (err) {
      swap({ fragments: [], alert: '<div id="alert" class="panel error-box" role="alert" data-testid="error"></div>' });
      var a = document.getElementById("alert");
      if (a) a.textContent = window.isSecureContext ? say("script.applyFailed", 0, err.message) : say("script.tapNeedsHttps");
    }
  }
  // timed puts a span of the tap's path on the Performance panel's timings
  // track (bench/phone -trace sums them), and forgets it at once: a long
  // game would otherwise keep thousands.
  function timed(name, from, to) {
    if (!performance.measure) return;
    try {
      performance.measure(name, { start: from, end: to });
      performance.clearMeasures(name);
    } catch (e) { /* an older browser's measure takes marks only */ }
  }
  function done(t1) {
    var ms = performance.now() - t1;
    api.lastTapMs = ms;
    api.tapsMs.push(ms);
    status();
  }

  // Taps: htmx is about to take one. Every game tap (an action or an undo)
  // goes through take, decided the moment it is made.
  var mustStayLocal = false;
  function gamePath(path) {
    var m = /^\/g\/([^/?#]+)(\/(act|undo|bot))?(?:[?#].*)?$/.exec(path || "");
    if (!m) return null;
    if (m[3] === "act" || m[3] === "undo") return m[3];
    return game && m[1] === game.id ? (m[3] || "show") : null;
  }
  function tapTime(ev) {
    return ev && typeof ev.timeStamp === "number" && ev.timeStamp > 0 ? ev.timeStamp : performance.now();
  }
  // htmx binds swapped-in controls only when it settles them (20 ms later
  // by default, more on a slow phone): a tap in between would be a plain
  // form post (a page reload) or, on the court's shapes, nothing at all.
  // Settle at once, and catch any tap htmx did not see.
  if (window.htmx) window.htmx.config.defaultSettleDelay = 0;
  var seen = null; // the last event htmx turned into a tap
  function unseen(ev, elt) {
    if (ev === seen || ev.defaultPrevented || !elt) return;
    var path = elt.getAttribute("hx-post");
    var what = gamePath(path);
    if (what !== "act" && what !== "undo") return;
    ev.preventDefault();
    var op = what === "undo" ? { type: "undo" } : { type: "act", fields: fieldsOfTap(elt, ev) };
    press(elt, ev);
    take(path, op, tapTime(ev));
  }
  document.addEventListener("submit", function (ev) {
    var f = ev.target;
    if (f && f.matches && f.matches("form[hx-post]")) unseen(ev, f);
  });
  document.addEventListener("click", function (ev) {
    var el = ev.target && ev.target.closest && ev.target.closest("[hx-post]:not(form)");
    if (el && !el.closest("form")) unseen(ev, el);
  });
  // A finger that goes down on a control the server's answer then replaces
  // (the previous tap's screen, before the module draws in place) comes up
  // on its successor, and the browser sends that click to an element that
  // holds both, where no control sees it: the tap would be lost. It is the
  // successor's when it is the same control (its test id, or its form's
  // action, name and value) under the finger.
  var downOn = null, rescue = null;
  function controlOf(t) { return t && t.closest ? t.closest("button, [hx-post]:not(form)") : null; }
  function controlKey(el) {
    var f = el.closest("form");
    return el.getAttribute("data-testid") || [el.tagName, f ? f.getAttribute("hx-post") : el.getAttribute("hx-post"), el.getAttribute("name"), el.getAttribute("value")].join("|");
  }
  document.addEventListener("pointerdown", function (ev) { downOn = controlOf(ev.target); rescue = null; }, true);
  document.addEventListener("pointerup", function (ev) {
    var was = downOn;
    downOn = null;
    if (!was || was.isConnected) return;
    var now = controlOf(ev.target);
    if (!now || now.disabled || controlKey(now) !== controlKey(was)) return;
    rescue = now;
    // The click, if the browser sends one, comes before this task.
    setTimeout(function () { if (rescue === now) { rescue = null; now.click(); } }, 0);
  }, true);
  document.addEventListener("click", function (ev) {
    var r = rescue;
    if (!r) return;
    rescue = null;
    if (r.contains(ev.target)) return; // the browser gave it to the control after all
    ev.preventDefault();
    ev.stopPropagation();
    r.click();
  }, true);
  document.addEventListener("htmx:confirm", function (ev) {
    if (ours) return;
    var d = ev.detail;
    var what = gamePath(d.path);
    if (what !== "act" && what !== "undo") return;
    seen = d.triggeringEvent;
    ev.preventDefault();
    var op = what === "undo" ? { type: "undo" } : { type: "act", fields: fieldsOfTap(d.elt, d.triggeringEvent) };
    press(d.elt, d.triggeringEvent);
    take(d.path, op, tapTime(d.triggeringEvent));
  });
  // press marks the control a finger just took, until its screen is drawn.
  function press(elt, ev) {
    var b = (ev && ev.submitter) || elt;
    if (b && b.classList) b.classList.add("is-pressed");
  }
  document.addEventListener("htmx:beforeRequest", function (ev) {
    var ac = ev.detail.requestConfig;
    if (ac && isAdvice(ac.path) && offline()) {
      ev.preventDefault();
      adviseHere(ev.detail.elt, ac.path);
      return;
    }
    if (ours) {
      var x = ev.detail.xhr;
      if (x && game && game.rec && ev.detail.requestConfig.verb === "get") { x.grimoireAt = versionOf(game.rec); x.grimoireDrawn = drawn; }
      return;
    }
    var cfg = ev.detail.requestConfig;
    var what = gamePath(cfg && cfg.path);
    if (!what || !game) return;
    var isStep = what === "show" && cfg.verb === "get" && /[?&](ui|seen)=/.test(cfg.path);
    if (isStep) {
      if (G || offline() || game.local || mem.length) { ev.preventDefault(); step(cfg.path); }
      return;
    }
    if (what === "show" || what === "bot") {
      // Refreshes and bot moves wait until every tap here is confirmed
      // (the refresh after the sync brings them), and for the network.
      if (offline() || mustStayLocal || game.local || mem.length || hq.length || sending || botBusy) {
        ev.preventDefault();
        return;
      }
      if (what === "bot") botBusy = true;
      else if (ev.detail.xhr && game.rec) { ev.detail.xhr.grimoireAt = versionOf(game.rec); ev.detail.xhr.grimoireDrawn = drawn; }
    }
  });
  document.addEventListener("htmx:afterRequest", function (ev) {
    if (botBusy && gamePath(ev.detail.requestConfig && ev.detail.requestConfig.path) === "bot") {
      botBusy = false;
      setTimeout(settled, 0);
    }
  });
  // An answer to a refresh that left while a tap was drawn here is not
  // drawn over it: the refresh after that tap's sync will be.
  document.addEventListener("htmx:beforeSwap", function (ev) {
    var x = ev.detail.xhr;
    if (!game || !x || typeof x.grimoireAt !== "number" || !game.rec) return;
    // Only a screen drawn here counts: an htmx answer that moved the record
    // meanwhile (a refresh after another phone's move) is the server's word.
    if (mem.length || hq.length || lq.length || drawn !== x.grimoireDrawn) ev.detail.shouldSwap = false;
  });
  // Record deltas (handlers/delta.go): a request on this game made at the
  // version of the page's copy of the record asks for the copy's change
  // instead of the whole record, which grows with every action.
  function ownPath(path) {
    var m = /^\/g\/([^/?#]+)(?:\/(?:act|undo|bot|sync))?(?:[?#].*)?$/.exec(path || "");
    return !!(m && game && decodeURIComponent(m[1]) === game.id);
  }
  function copyVersion() {
    var rec = pageRecord();
    if (!rec) return null;
    try { return JSON.parse(rec).version; } catch (e) { return null; }
  }
  document.addEventListener("htmx:configRequest", function (ev) {
    var d = ev.detail;
    if (!ownPath(d.path)) return;
    var p = d.parameters, v = p && (typeof p.get === "function" ? p.get("v") : p.v);
    var at = copyVersion();
    if (at === null) return;
    if (v !== null && v !== undefined && String(v) === String(at)) {
      d.headers["X-Grimoire-Record"] = "delta";
    } else if (d.elt && d.elt.id === "grimoire-src-refresh" && !mem.length && !game.local && !mustStayLocal) {
      // The refresh after a sync asks from version 0 (every fragment);
      // the copy, every tap of it confirmed, is the server's at its version.
      d.headers["X-Grimoire-Record"] = "delta";
      d.headers["X-Grimoire-Record-At"] = String(at);
    }
  });
  api.deltas = 0;
  api.fullRecords = 0;
  // Before the fragments are swapped (and before afterSettle reads the
  // record), apply a delta to the page's copy. A copy at another version
  // than the delta's start is not patched: the whole record is asked for.
  document.addEventListener("htmx:beforeSwap", function (ev) {
    var x = ev.detail.xhr;
    var raw = x && x.getResponseHeader("X-Grimoire-Record-Delta");
    if (!raw || !ev.detail.shouldSwap) return;
    var el = recordEl(), d, rec;
    try {
      d = JSON.parse(raw);
      rec = el && JSON.parse(el.textContent);
    } catch (e) {
      rec = null;
    }
    if (!rec || rec.version !== d.from || d.keep > rec.actions.length) {
      api.fullRecords++;
      if (game) ask("GET", "/g/" + encodeURIComponent(game.id), { v: "0" }, "record");
      return;
    }
    rec.actions = rec.actions.slice(0, d.keep).concat(d.actions);
    rec.actionSeats = (rec.actionSeats || []).slice(0, d.keep).concat(d.actionSeats);
    rec.version = d.version;
    el.textContent = JSON.stringify(rec);
    api.deltas++;
  });
  // The server's answer to this script's refresh (after a sync) is put on
  // screen by the same morph as a screen drawn here, not by htmx's
  // innerHTML swap, which would re-parse and re-lay out every fragment
  // though the server's screen is normally the one already shown. Other
  // answers (a tap sent through htmx, a bot's move asked of the server)
  // stay htmx's: its swap re-arms the elements that fire on load. Only an answer that is
  // fragments (hx-swap-oob="innerHTML:#id") and the alert, with the record
  // as a delta (applied just above), is taken; htmx swaps any other.
  api.serverMorphs = 0;
  document.addEventListener("htmx:beforeSwap", function (ev) {
    var d = ev.detail, x = d.xhr, cfg = d.requestConfig;
    if (!d.shouldSwap || !x || !game || !cfg || !ownPath(cfg.path) || typeof x.grimoireAt !== "number") return;
    if (!x.getResponseHeader("X-Grimoire-Record-Delta") || !document.getElementById("board")) return;
    var t = document.createElement("template");
    t.innerHTML = x.responseText || "";
    var frags = [], alertHTML = null, ok = true;
    Array.prototype.forEach.call(t.content.children, function (n) {
      var oob = n.getAttribute("hx-swap-oob") || "";
      var m = /^innerHTML:#(.+)$/.exec(oob);
      if (m && m[1] !== "grimoire-record" && document.getElementById(m[1])) frags.push({ id: m[1], node: n });
      else if (n.id === "alert" && oob === "true") alertHTML = n.outerHTML;
      else ok = false;
    });
    if (!ok) return;
    d.shouldSwap = false;
    var res = { fragments: frags, alert: alertHTML, server: true };
    swap(res);
    api.serverMorphs++;
    // An element htmx fires on "load" (a bot's "thinking" panel) fired
    // once, when it was bound; the server's answer that draws it again
    // arms it again, as htmx's swap of a new element did: the request it
    // made may have been held back (a tap was waiting) and is asked now.
    document.querySelectorAll('#board [hx-trigger^="load"]').forEach(function (el) {
      if (res.bound.some(function (n) { return n === el || n.contains(el); })) return;
      var c = el.cloneNode(true);
      el.replaceWith(c);
      if (window.htmx) window.htmx.process(c);
    });
    // What htmx's settle would tell the page's scripts (and this one), from
    // the document when the morph took the request's element away (a bot's
    // "thinking" panel): an event on a detached node reaches no one.
    (d.elt && d.elt.isConnected ? d.elt : document.body).dispatchEvent(new CustomEvent("htmx:afterSettle", { bubbles: true, detail: { elt: d.elt, xhr: x, requestConfig: cfg, target: d.target } }));
  });
  // A request sent while the phone thought it was online.
  document.addEventListener("htmx:sendError", function (ev) {
    var cfg = ev.detail.requestConfig;
    var what = gamePath(cfg && cfg.path);
    failed = true;
    status();
    retryLater();
    if (cfg && isAdvice(cfg.path)) adviseHere(ev.detail.elt, cfg.path);
    if (!game) return;
    if (what === "show" && /[?&](ui|seen)=/.test(cfg.path)) step(cfg.path);
    else if (what === "bot" && game.rec) show(game.rec).catch(function () {});
  });
  // Keep this phone's copy of the record up to date after htmx answers.
  document.addEventListener("htmx:afterSettle", function () {
    var rec = pageRecord();
    if (game && rec && !game.local && !mustStayLocal && mem.length === 0) {
      game.rec = rec;
      game.drawn = false;
      shown = {};
      putRecord(rec, false).catch(function () {});
    }
  });

  // ---- Sending the outbox, in order, one entry at a time.
  var syncing = false, again = false, inflight = null, retryTimer = null;
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
  // retryLater tries again after a failed request: the browser may still
  // say it is online (a weak signal, a server restarting). A 503 says when
  // in Retry-After (the database is away): the tap stays in the outbox
  // until then, never sooner than 1.5 s nor later than 30 s.
  function retryLater(after) {
    if (retryTimer) return;
    var ms = 1500, s = parseInt(after, 10);
    if (s > 0) ms = Math.min(30000, Math.max(ms, s * 1000));
    retryTimer = setTimeout(function () {
      retryTimer = null;
      if (!navigator.onLine) return;
      failed = false;
      status();
      sync();
      pump();
    }, ms);
  }
  // The games a sync sent taps for, and those the server refused, kept
  // until a pass ends with nothing left to send: a pass asked for again
  // (a second "online" event) or cut short by a failed request must not
  // forget that this page's game reached the server.
  var touched = {}, conflicts = {};
  function sync() {
    if (syncing) { again = true; return Promise.resolve(); }
    if (offline()) return Promise.resolve();
    syncing = true;
    again = false;
    var waited = null;
    function next() {
      return all("outbox").then(function (list) {
        var e = list[0];
        if (!e) return null;
        if (game && e.game === game.id && e.op.type !== "create" && !mem.some(function (m) { return m.cid === e.cid; })) {
          // Taken back a moment ago: its deletion waits in the save queue.
          // Wait for the queue once; a tap still there after it is one of
          // this game's taps that the page's list lost (the page read the
          // outbox while the tap was being saved): it is on screen, so it
          // is sent like the others, never left to block the ones behind.
          if (waited !== e.seq) {
            waited = e.seq;
            return persist.then(next, next);
          }
          mem.unshift(e);
        }
        waited = null;
        touched[e.game] = true;
        inflight = e;
        return send(e).then(function (res) {
          inflight = null;
          if (res.ok) {
            mem = mem.filter(function (m) { return m.cid !== e.cid; });
            status();
            return tx(["outbox"], "readwrite", function (t) { t.objectStore("outbox").delete(e.seq); }).then(function () {
              // A game started here is on the server now: its taps go there.
              if (e.op.type === "create") return markSynced(e.game);
            }).then(recount).then(next);
          }
          if (res.status >= 500) {
            failed = true;
            status();
            retryLater(res.headers.get("Retry-After"));
            return null;
          }
          // The server did not take it: hold this game's waiting taps.
          return res.text().then(function () {
            conflicts[e.game] = true;
            if (game && e.game === game.id) mem = [];
            return hold(e.game, res.status).then(recount).then(next);
          });
        }, function () {
          inflight = null;
          failed = true;
          status();
          retryLater();
          return null;
        });
      });
    }
    return next().then(function () {
      syncing = false;
      if (again) return sync();
      if (!game || offline()) return;
      var sent = touched, refused = conflicts;
      touched = {};
      conflicts = {};
      if (refused[game.id] || (sent[game.id] && (game.local || mustStayLocal))) {
        location.replace("/g/" + game.id);
      } else if (mem.length === 0 && game.drawn) {
        // Catch up with the server: it shows what this phone showed, and
        // asks for the bots' moves.
        refresh();
      }
    }, function () { syncing = false; });
  }
  api.sync = sync;
  // quiet says nothing waits to be sent or drawn: every tap made here is
  // on the server and the screen is the server's (or the phone is offline).
  api.quiet = function () {
    if (offline()) return true;
    return !mem.length && !hq.length && !lq.length && !botTimer && !sending && !botBusy && !syncing && !refreshing;
  };
  api.waiting = waitingCount;
  // state says what the page waits for, for a test's failure message.
  api.state = function () {
    return { offline: offline(), mem: mem.length, hq: hq.length, lq: lq.length, saving: saving, bot: !!botTimer, sending: !!sending, botBusy: botBusy, syncing: syncing, refreshing: refreshing, module: !!G, record: !!(game && game.rec) };
  };

  function markSynced(id) {
    return getRecord(id).then(function (saved) {
      if (!saved || !saved.local) return;
      saved.local = false;
      return tx(["records"], "readwrite", function (t) { t.objectStore("records").put(saved); });
    });
  }

  function hold(id, code) {
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
      h.textContent = say("script.heldTitle", list.length);
      var p = document.createElement("p");
      p.textContent = say("script.heldWhy");
      var ol = document.createElement("ol");
      ol.setAttribute("data-testid", "held-list");
      list.forEach(function (e) {
        var li = document.createElement("li");
        li.textContent = say("script.heldLine", e.v, e.line);
        ol.appendChild(li);
      });
      var row = document.createElement("div");
      row.className = "row";
      row.appendChild(button(say("script.heldApply"), "held-reapply", "btn primary grow", function () { reapply(list); }));
      row.appendChild(button(say("script.heldExport"), "held-export", "btn grow", function () { exportHeld(list); }));
      row.appendChild(button(say("script.heldDiscard"), "held-discard", "btn grow", function () {
        if (!window.confirm(say("script.heldConfirm"))) return;
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
      done.forEach(function (d) { mem.push(d.entry); });
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

  // ---- The new-game form's advisor with no network: the module simulates
  // the same table over the games saved on this phone, for about
  // ADVICE_MS (the page waits meanwhile: the module runs on its thread).
  var ADVICE_MS = 600;
  function isAdvice(path) { return /^\/new\/[^/?]+\/advice(\?|$)/.test(path || ""); }
  function adviseHere(elt, path) {
    if (!elt) return;
    var kind = decodeURIComponent(path.split("/")[2]);
    var q = new URLSearchParams();
    var inc = elt.getAttribute("hx-include");
    if (inc) {
      document.querySelectorAll(inc).forEach(function (f) {
        if (!f.name || f.disabled || ((f.type === "checkbox" || f.type === "radio") && !f.checked)) return;
        q.append(f.name, f.value);
      });
    }
    elt.setAttribute("aria-busy", "true");
    Promise.all([loadWasm(), all("records")]).then(function (r) {
      var saved = r[1].map(function (x) { return { record: x.record, at: x.at || 0 }; });
      var res = r[0].advise(kind, q.toString(), JSON.stringify(saved), ADVICE_MS);
      if (res.error) throw new Error(res.error);
      elt.innerHTML = res.html;
    }).catch(function (err) {
      elt.textContent = say("script.advisorFailed", 0, err.message);
    }).then(function () { elt.removeAttribute("aria-busy"); });
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
        t.objectStore("outbox").add({ game: id, op: { type: "create", kind: kind, setup: res.setup, seats: res.seats || "[]", seed: seed, title: res.title }, v: 0, cid: id, line: say("script.newGameLine"), at: Date.now() });
      }).then(function () { location.assign("/offline/game?kind=" + encodeURIComponent(kind) + "#" + id); });
    }).catch(function (err) { problem(say("script.startFailed", 0, err.message)); });
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

  // ---- This phone's games, from IndexedDB: the home page (kept by the
  // service worker, so offline it may be older than the phone) and the
  // offline page list every game saved here that they do not show already.
  function listPhoneGames() {
    var box = document.querySelector("[data-phone-games]");
    if (!box) return Promise.resolve();
    return Promise.all([all("records"), all("outbox")]).then(function (r) {
      var listed = {};
      document.querySelectorAll("[data-game-id]").forEach(function (el) { listed[el.getAttribute("data-game-id")] = true; });
      var waiting = {};
      r[1].forEach(function (e) { if (e.op.type !== "create") waiting[e.game] = (waiting[e.game] || 0) + 1; });
      var recs = r[0].filter(function (x) { return !listed[x.id]; }).sort(function (x, y) { return y.at - x.at; });
      box.textContent = "";
      if (!recs.length) return;
      var h = document.createElement("h2");
      h.textContent = say("script.savedOnPhone");
      var ul = document.createElement("ul");
      ul.className = "games";
      ul.setAttribute("data-testid", "phone-games");
      recs.forEach(function (x) {
        var rec;
        try { rec = JSON.parse(x.record); } catch (e) { return; }
        var li = document.createElement("li");
        li.className = "panel";
        var a = document.createElement("a");
        a.href = x.local ? "/offline/game#" + encodeURIComponent(x.id) : "/g/" + encodeURIComponent(x.id);
        a.setAttribute("data-testid", "phone-game");
        var strong = document.createElement("strong");
        strong.textContent = rec.title || x.id;
        a.appendChild(strong);
        var small = document.createElement("div");
        small.className = "small muted";
        var n = waiting[x.id] || 0;
        small.textContent = say(x.local ? "script.startedOnPhone" : "script.savedOnPhone") + " · " + say("script.actions", rec.actions.length) +
          (n ? " · " + say("script.tapsWaiting", n) : "");
        li.append(a, small);
        ul.appendChild(li);
      });
      box.append(h, ul);
    }).catch(function () {});
  }

  // settled resolves once this page has what it fetches for offline play
  // (the module, on a game page); app.js registers the service worker
  // after it, so the module is downloaded once and the worker's copy comes
  // from the browser's cache.
  var settle;
  api.settled = new Promise(function (r) { settle = r; });

  // ---- Start: find the game on this page and the freshest copy of it.
  function start() {
    status();
    var rec = pageRecord();
    var offlineBoard = document.querySelector("[data-offline-board]");
    var id = null;
    if (rec) id = JSON.parse(rec).id;
    else if (offlineBoard) id = decodeURIComponent(location.hash.slice(1));
    if (!id) {
      settle();
      listPhoneGames();
      recount().then(sync);
      return;
    }
    game = { id: id, rec: rec, local: false };
    // Every tap is drawn here once the module is ready: load it now.
    loadWasm().then(settle, settle);
    Promise.all([getRecord(id), all("outbox", id)]).then(function (r) {
      var saved = r[0], pending = r[1];
      // The outbox's taps first, then any made since it was read (a tap
      // right after the page opened must not be dropped from the list).
      var boxed = pending.filter(function (e) { return e.op.type !== "create"; });
      mem.forEach(function (m) { if (!boxed.some(function (e) { return e.cid === m.cid; })) boxed.push(m); });
      mem = boxed;
      game.local = !!(saved && saved.local) || pending.some(function (e) { return e.op.type === "create"; });
      var useSaved = saved && (!rec || pending.length > 0 || saved.version > versionOf(rec));
      if (useSaved) {
        game.rec = saved.record;
        return show(saved.record);
      }
      if (!rec) throw new Error(say("script.gameNotSaved"));
      return putRecord(rec, false).then(function () {
        // A page kept by the service worker, drawn online on a bot's turn:
        // draw it here, where the bot waits for the network.
        if (offline() && botAsked()) return show(rec);
      });
    }).then(function () {
      showHeld();
      return recount();
    }).then(function () {
      sync();
    }).catch(function (err) {
      var a = document.getElementById("alert");
      if (a) { a.className = "panel error-box"; a.textContent = err.message; }
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

// Grimoire's service worker: it only caches files, never game logic or game
// state (browsers stop idle workers within a minute). The server fills in
// PRECACHE with the hashed asset URLs and the pages that must open offline.
"use strict";
const PRECACHE = /*GRIMOIRE_PRECACHE*/ { "version": "dev", "urls": ["/offline"], "modules": [], "all": "", "words": [] };
const CACHE = "grimoire-" + PRECACHE.version;

// A new version waits until the page says "reload" (static/app.js shows
// the notice): taking over an open page at once would delete the cache its
// offline module and scripts come from while it still runs on them. The
// very first install has nothing to replace and takes control straight away.
// The offline modules (PRECACHE.modules) are not part of a first install:
// a page asks for them once it is idle, its own game's first, and shows
// the progress ("modules" below). An update fetches the new version of
// each module (and each language's words for it, static/lang) the phone
// had before it takes over, as before: a page offline after the reload
// must find them.
const unhashed = (u) => new URL(u, self.location.origin).pathname.replace(/\.[0-9a-f]{16}\.(wasm|json)$/, "");
self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(PRECACHE.urls))
    .then(() => caches.keys())
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("grimoire-") && k !== CACHE)
      .map((k) => caches.open(k).then((c) => c.keys()))))
    .then((lists) => {
      const had = new Set([].concat(...lists).map((r) => unhashed(r.url)));
      const again = (PRECACHE.modules || []).concat(PRECACHE.words || []).filter((u) => had.has(unhashed(u)));
      return again.length ? caches.open(CACHE).then((c) => c.addAll(again)) : null;
    }));
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("grimoire-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  // htmx fragments and event streams are live data: never from a cache.
  if (req.headers.get("HX-Request") || url.pathname.endsWith("/events")) return;

  if (url.pathname.startsWith("/static/")) {
    // Hashed names never change content: cache first.
    // A game's own module that is not stored yet, with no network: the
    // module with every game (PRECACHE.all) plays that game too (a phone
    // that got ready on the home page has only that one).
    const fallback = (err) => /^\/static\/wasm\/grimoire-/.test(url.pathname) && PRECACHE.all
      ? caches.match(PRECACHE.all).then((hit) => { if (hit) return hit; throw err; })
      : Promise.reject(err);
    event.respondWith(
      caches.match(req).then((hit) => hit || fetch(req).then((res) => {
        if (res.ok) {
          const copy = res.clone();
          caches.open(CACHE).then((c) => c.put(req, copy));
        }
        return res;
      }, fallback))
    );
    return;
  }

  if (req.mode === "navigate") {
    // Network first; keep a copy of every page that must open offline
    // (home, new-game forms, rules, settings, this phone's games), fall
    // back to the last copy or to the offline page.
    event.respondWith(
      fetch(req).then((res) => {
        if (res.ok && keeps(url.pathname)) {
          const copy = res.clone();
          caches.open(CACHE).then((c) => c.put(keyOf(url), copy));
        }
        return res;
      // Pages vary on Accept-Language and Cookie (the language they are
      // drawn in); the copy kept is this phone's, in its language, so the
      // lookup ignores Vary, as the copy was stored under its URL alone.
      }).catch(() => caches.match(req, { ignoreSearch: url.pathname === "/offline/game" || replayPage(url.pathname), ignoreVary: true })
        .then((hit) => hit || caches.match("/offline", { ignoreVary: true })))
    );
  }
});

// A page asks for itself to be kept ({type: "keep", url}): the first page
// a phone opens was loaded before this worker existed, so it is not in the
// cache yet. The answer on the message's port says it is stored (or that
// it cannot be), and the page then says it is ready for offline play.
self.addEventListener("message", (event) => {
  const msg = event.data || {};
  const port = event.ports && event.ports[0];
  if (msg.type !== "keep" || typeof msg.url !== "string") return;
  const url = new URL(msg.url, self.location.origin);
  const reply = (ok) => { if (port) port.postMessage({ kept: ok }); };
  if (url.origin !== self.location.origin || !keeps(url.pathname)) {
    reply(false);
    return;
  }
  event.waitUntil(
    fetch(url.pathname + url.search, { credentials: "same-origin" })
      .then((res) => res.ok ? caches.open(CACHE).then((c) => c.put(keyOf(url), res)).then(() => reply(true)) : reply(false))
      .catch(() => reply(false))
  );
});

// A page asks for offline modules ({type: "modules", urls, sizes}), in the
// order given. The port hears {url, loaded, total} as the bytes arrive
// (decoded bytes, against the decoded size the page knows) and {url, done}
// once one is stored, or {url, failed}.
self.addEventListener("message", (event) => {
  const msg = event.data || {};
  const port = event.ports && event.ports[0];
  if (msg.type !== "modules" || !Array.isArray(msg.urls) || !port) return;
  const sizes = msg.sizes || {};
  const one = (u) => caches.open(CACHE).then((c) => c.match(u).then((hit) => {
    if (hit) return port.postMessage({ url: u, loaded: sizes[u] || 1, total: sizes[u] || 1, done: true });
    return fetch(u, { credentials: "same-origin" }).then((res) => {
      if (!res.ok || !res.body) throw new Error(res.status);
      const put = c.put(u, res.clone());
      const reader = res.body.getReader();
      let loaded = 0, last = 0;
      const pump = () => reader.read().then((r) => {
        if (r.done) return put;
        loaded += r.value.byteLength;
        const now = Date.now();
        if (now - last > 100) {
          last = now;
          port.postMessage({ url: u, loaded: loaded, total: sizes[u] || 0 });
        }
        return pump();
      });
      return pump().then(() => port.postMessage({ url: u, loaded: loaded, total: sizes[u] || loaded, done: true }));
    });
  })).catch(() => port.postMessage({ url: u, failed: true }));
  event.waitUntil(msg.urls.reduce((p, u) => p.then(() => one(u)), Promise.resolve()));
});

// keeps says a page is one to reopen offline. A game page (/g/ID) is kept
// so a game that was open resumes offline. The copy only starts the
// screen: static/offline.js redraws it from the record this phone saved in
// IndexedDB, which is newer whenever taps were made since.
function keeps(path) {
  return path === "/" || path === "/new" || path.startsWith("/new/") || path === "/rules" || path.startsWith("/rules/") ||
    path === "/settings" || path === "/offline" || path === "/offline/game" || /^\/g\/[^/]+$/.test(path) ||
    /^\/league\/[^/]+$/.test(path) || // a league table, redrawn offline by static/league.js
    replayPage(path) ||
    path === "/sandbox" || path.startsWith("/sandbox/");
}

// replayPage says a page is a game's replay (/g/ID/replay), kept once per
// game whatever its moment (?at=): opened offline at any moment, the copy
// only starts the page, and static/replay.js draws the moment asked for
// from the record this phone saved, with the module.
function replayPage(path) {
  return /^\/g\/[^/]+\/replay$/.test(path);
}

// keyOf is the cache key of a kept page: its address, or a replay's
// without its moment.
function keyOf(url) {
  return replayPage(url.pathname) ? url.pathname : url.pathname + url.search;
}

// Grimoire's service worker: it only caches files, never game logic or game
// state (browsers stop idle workers within a minute). The server fills in
// PRECACHE with the hashed asset URLs and the pages that must open offline.
"use strict";
const PRECACHE = /*GRIMOIRE_PRECACHE*/ { "version": "dev", "urls": ["/offline"] };
const CACHE = "grimoire-" + PRECACHE.version;

// A new version waits until the page says "reload" (static/app.js shows
// the notice): taking over an open page at once would delete the cache its
// offline module and scripts come from while it still runs on them. The
// very first install has nothing to replace and takes control straight away.
self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(PRECACHE.urls)));
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
    event.respondWith(
      caches.match(req).then((hit) => hit || fetch(req).then((res) => {
        if (res.ok) {
          const copy = res.clone();
          caches.open(CACHE).then((c) => c.put(req, copy));
        }
        return res;
      }))
    );
    return;
  }

  if (req.mode === "navigate") {
    // Network first; keep a copy of pages that make sense to reread offline
    // (home, rules), fall back to the last copy or to the offline page.
    event.respondWith(
      fetch(req).then((res) => {
        if (res.ok && (url.pathname === "/" || url.pathname.startsWith("/rules") || url.pathname.startsWith("/new") || isGamePage(url.pathname))) {
          const copy = res.clone();
          caches.open(CACHE).then((c) => c.put(req, copy));
        }
        return res;
      }).catch(() => caches.match(req, { ignoreSearch: url.pathname === "/offline/game" })
        .then((hit) => hit || caches.match("/offline")))
    );
  }
});

// A game page (/g/ID) is kept so a game that was open resumes offline. The
// copy only starts the screen: static/offline.js redraws it from the record
// this phone saved in IndexedDB, which is newer whenever taps were made since.
function isGamePage(path) {
  return /^\/g\/[^/]+$/.test(path);
}

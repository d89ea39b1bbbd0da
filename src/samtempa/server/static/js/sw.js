// samtempa's service worker: the site's shell for offline use, and nothing else.
//
// Only GET requests for /static/ files (public, the same for everybody) and the offline
// pages are ever cached. Pages, API answers, records, pictures and websockets always go
// to the network untouched: a player's view or orders can never be served from a cache.
"use strict";
const CACHE = "samtempa-shell-v1";
const LOCALES = ["fr", "eo", "en"];
const SHELL = [
  "/static/css/site.css",
  "/static/js/site.js",
  "/static/img/logo.svg",
  "/static/fonts/inter-latin-wght-normal.woff2",
  "/static/fonts/inter-latin-ext-wght-normal.woff2",
  ...LOCALES.map((l) => "/offline/" + l),
];
const LANG_KEY = "/__samtempa-lang";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// The pages tell the worker their language, for the offline page to speak it.
self.addEventListener("message", (event) => {
  const lang = event.data && event.data.lang;
  if (LOCALES.includes(lang)) {
    event.waitUntil(caches.open(CACHE).then((c) => c.put(LANG_KEY, new Response(lang))));
  }
});

async function offlinePage(request) {
  const cache = await caches.open(CACHE);
  let lang = new URL(request.url).searchParams.get("lang");
  if (!LOCALES.includes(lang)) {
    const stored = await cache.match(LANG_KEY);
    lang = stored ? await stored.text() : (self.navigator.language || "en").slice(0, 2);
  }
  if (!LOCALES.includes(lang)) lang = "en";
  return (await cache.match("/offline/" + lang)) || Response.error();
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // Pages are never cached; when the network fails, the offline page answers.
    event.respondWith(fetch(request).catch(() => offlinePage(request)));
    return;
  }
  if (url.pathname.startsWith("/static/") && !url.search) {
    // Network first (a new release shows at once), the cached copy when offline.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok && SHELL.includes(url.pathname)) {
            const copy = response.clone();
            caches.open(CACHE).then((c) => c.put(request, copy));
          }
          return response;
        })
        .catch(() => caches.match(request).then((hit) => hit || Response.error())),
    );
  }
  // Everything else (API, records, pictures, sockets…) is left to the browser.
});

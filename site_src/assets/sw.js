// Tabletome's service worker: the site read and played offline. Served at the site root as sw.js, which the
// build writes (site_src/publish/offline.py, whose docstring gives the strategy per kind of file): one
// statement `const OFFLINE = {...}`, then this file. OFFLINE holds, with paths relative to the site root:
//   version    a hash over the shell, the engine's manifest and these lists (the cache is tabletome-<version>)
//   precache   the shell every page loads (our CSS and scripts, the theme's, the icons, the web manifest)
//   immutable  this build's files whose names change with their content (the theme's hashed assets, our
//              chunks, the Pyodide runtime under its version, the prepared runtime)
//   versioned  the pattern of such names (publish/serve.py VERSIONED), whichever build they come from
//   play       what the Play worker fetches besides the page (its script, the engine's manifest and wheel, the
//              prepared runtime, the runtime's files)
//   fallbacks  the offline page of each project (503.html), by the path its pages begin with
// Registered by assets/tome.js after the page's load event; tome.js also shows the update notice.
/* global OFFLINE */
"use strict";

const PREFIX = "tabletome-";
const CACHE = PREFIX + OFFLINE.version;
const ROOT = new URL("./", self.location.href).href;
const absolute = (path) => new URL(path, ROOT).href;
const PRECACHE = OFFLINE.precache.map(absolute);
const IMMUTABLE = new Set(OFFLINE.immutable.map(absolute));
const VERSIONED = new RegExp(OFFLINE.versioned);
const PLAY = OFFLINE.play.map(absolute);
const PLAY_WORKER = absolute("assets/play/worker.js");
// The offline page of each project, by the path its pages begin with, longest first (publish/offline.py).
const FALLBACKS = Object.entries(OFFLINE.fallbacks)
  .sort(([a], [b]) => b.length - a.length)
  .map(([prefix, page]) => [absolute(prefix), absolute(page)]);

/** A URL without its fragment (the Play worker's carries the site root): the cache's key. */
function key(url) {
  const parsed = new URL(url);
  parsed.hash = "";
  return parsed.href;
}

/** A file whose name changes with its content: never stale. */
function versioned(url) {
  return VERSIONED.test(new URL(url).pathname);
}

/** Whether a response may be kept: a whole, same-origin 200 (not a 404 page, not a range). */
function keepable(response) {
  return Boolean(response) && response.status === 200 && response.type === "basic";
}

/** Requests this worker answers: the site's own files, but itself and source maps (read by a browser's tools). */
function handled(url) {
  return url.href.startsWith(ROOT) && url.href !== self.location.href && !url.pathname.endsWith(".map");
}

async function olderCaches() {
  return (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
}

/** Fetch and keep each of `urls` that `cache` lacks; one that fails is left out (fetched when next used). */
async function keep(cache, urls) {
  await Promise.all(urls.map(async (url) => {
    if (await cache.match(url)) return;
    try {
      const response = await fetch(url, { cache: versioned(url) ? "default" : "no-cache" });
      if (keepable(response)) await cache.put(url, response);
    } catch {
      // offline, or the server is gone: nothing to keep
    }
  }));
}

/** Into a new version's cache, what the older ones hold: this build's files whose names carry their content
 *  are copied (the same bytes: the runtime and the prepared runtime are 40 MB), and the pages and other files
 *  the reader had kept are fetched anew from this build, so what was readable offline still is. An older
 *  build's hashed files are left behind. */
async function carryOver(cache, refresh) {
  const older = await olderCaches();
  for (const name of older) {
    const old = await caches.open(name);
    const stale = [];
    for (const request of await old.keys()) {
      if (await cache.match(request)) continue;
      if (IMMUTABLE.has(request.url)) await cache.put(request.url, await old.match(request));
      else if (!versioned(request.url)) stale.push(request.url);
    }
    if (refresh) await keep(cache, stale);
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // The shell must be whole for a page to work offline: one missing file fails the install (the browser
    // tries again at its next update check).
    await Promise.all(PRECACHE.map(async (url) => {
      if (versioned(url) && await cache.match(url)) return;
      const response = await fetch(url, { cache: "no-cache" });
      if (!keepable(response)) throw new Error(`${url}: HTTP ${response.status}`);
      await cache.put(url, response);
    }));
    await carryOver(cache, true);
  })());
  // No skipWaiting: a new version waits until the reader chooses to reload (the notice of assets/tome.js), so
  // a page never runs on another build's files.
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await carryOver(cache, true); // what the old version kept while this one waited (a first Play, pages)
    for (const name of await olderCaches()) await caches.delete(name);
    if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
    await self.clients.claim(); // the page that registered it is controlled from now on (its Play, too)
  })());
});

self.addEventListener("message", (event) => {
  const message = event.data || {};
  if (message.type === "skip-waiting") {
    self.skipWaiting(); // the reader pressed Reload on the update notice
  } else if (message.type === "keep" && Array.isArray(message.urls)) {
    // A page loaded before this worker controlled it: what it had fetched, and the Play's files if it had
    // started the Play worker, whose requests then went past this worker.
    const wanted = new Set();
    for (const url of message.urls) {
      try {
        if (typeof url === "string" && handled(new URL(url))) wanted.add(key(url));
      } catch {
        // not a URL
      }
    }
    if (wanted.has(PLAY_WORKER)) for (const url of PLAY) wanted.add(url);
    event.waitUntil(caches.open(CACHE).then((cache) => keep(cache, [...wanted])));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  if (!handled(new URL(request.url))) return;
  event.respondWith(versioned(request.url) ? cacheFirst(event) : networkFirst(event));
});

/** A file whose name changes with its content: the cache's copy, else the network's, kept. */
async function cacheFirst(event) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(event.request);
  if (cached) return cached;
  const response = await fetch(event.request);
  if (keepable(response)) event.waitUntil(cache.put(key(event.request.url), response.clone()));
  return response;
}

/** Keep `response` for `url`, unless the cache holds the same (its ETag): a page load revalidates its shell
 *  and would otherwise write it all again. */
async function store(url, response) {
  const cache = await caches.open(CACHE);
  const etag = response.headers.get("etag");
  const cached = etag ? await cache.match(url) : undefined;
  if (cached && cached.headers.get("etag") === etag) {
    if (response.body) await response.body.cancel();
    return;
  }
  await cache.put(url, response);
}

/** Any other file (pages first): the network's, kept for later; the cache's when the network fails. The
 *  request keeps its cache mode, so the HTTP cache still revalidates (the server's `no-cache`, the Play
 *  worker's manifest request) and an unchanged file still costs a 304. */
async function networkFirst(event) {
  const request = event.request;
  try {
    const preloaded = request.mode === "navigate" ? await event.preloadResponse : undefined;
    const response = preloaded || await fetch(request);
    if (keepable(response)) event.waitUntil(store(key(request.url), response.clone()));
    return response;
  } catch (error) {
    const cache = await caches.open(CACHE);
    const cached = await cache.match(request) || await cache.match(request, { ignoreSearch: true });
    if (cached) return cached;
    if (request.mode === "navigate") { // a page never opened here: its project's offline page says so
      const fallback = FALLBACKS.find(([prefix]) => request.url.startsWith(prefix));
      const page = fallback && await cache.match(fallback[1]);
      if (page) return page;
    }
    throw error;
  }
}

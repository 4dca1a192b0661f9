/* Tabletome page helpers, run on every page:
   - random-card links (a[data-tome-random]): each shows one card page picked at random from
     the list in its data attribute, and picks another after a click; without JavaScript the
     link still opens a card;
   - the service worker that keeps the site for offline reading and play (sw.js at the site root,
     written by site_src/publish/offline.py, whose docstring says what it keeps when), registered
     after the page's load event, and the notice that a new version is ready (below);
   - on the offline page, the list of the pages this device has kept.
   (A game in another language is a project of its own, with its own <html lang>:
   site_src/publish/projects.py.) */
(function () {
  "use strict";

  function pick(link) {
    var urls = (link.getAttribute("data-tome-random") || "").split(/\s+/).filter(Boolean);
    if (!urls.length) return;
    var current = link.getAttribute("href");
    var choice = urls[Math.floor(Math.random() * urls.length)];
    if (urls.length > 1 && choice === current) {
      choice = urls[(urls.indexOf(choice) + 1) % urls.length];
    }
    link.setAttribute("href", choice);
  }

  // The offline page (overrides/503.html, shown by the service worker for a page never opened here): the
  // pages this device has kept, from the service worker's cache, each by its title, in title order.
  var KEPT_SHOWN = 200;

  // One kept page: its URL and its title without the site's name that ends it (`suffix`, as it ends this
  // page's); null when it cannot be read back (replaced or dropped meanwhile: the service worker keeps
  // pages as they load).
  function keptPage(cache, request, suffix) {
    return cache.match(request).then(function (response) { return response.text(); }).then(function (html) {
      var title = new DOMParser().parseFromString(html, "text/html").title;
      if (suffix && title.slice(-suffix.length) === suffix) title = title.slice(0, -suffix.length);
      return { url: request.url, title: title || request.url };
    }, function () { return null; });
  }

  // The pages one of the service worker's caches holds (a URL ending in "/" under the site root); none
  // when the cache is dropped meanwhile (a new version taking over).
  function keptPagesIn(name, root, suffix) {
    return caches.open(name).then(function (cache) {
      return cache.keys().then(function (requests) {
        var pages = requests.filter(function (request) {
          return request.url.indexOf(root) === 0 && /\/$/.test(new URL(request.url).pathname);
        });
        return Promise.all(pages.slice(0, KEPT_SHOWN).map(function (request) {
          return keptPage(cache, request, suffix);
        }));
      });
    }).catch(function () { return []; });
  }

  function showKeptPages(list, pages) {
    var seen = {};
    pages.sort(function (a, b) { return a.title.localeCompare(b.title); });
    pages.forEach(function (page) {
      if (seen[page.url]) return;
      seen[page.url] = true;
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = page.url;
      link.textContent = page.title;
      item.appendChild(link);
      list.appendChild(item);
    });
    if (!pages.length) {
      var none = document.createElement("li");
      none.textContent = list.getAttribute("data-none") || "";
      list.appendChild(none);
    }
  }

  function listKeptPages(list) {
    var root = siteRoot().href;
    var cut = document.title.lastIndexOf(" - ");
    var suffix = cut >= 0 ? document.title.slice(cut) : "";
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) { return name.indexOf("tabletome-") === 0; })
        .map(function (name) { return keptPagesIn(name, root, suffix); }));
    }).then(function (found) {
      showKeptPages(list, [].concat.apply([], found).filter(Boolean));
    });
  }

  function setup() {
    var kept = document.getElementById("tt-offline-pages");
    if (kept && window.caches) listKeptPages(kept);
    document.querySelectorAll("a[data-tome-random]").forEach(function (link) {
      pick(link);
      link.addEventListener("click", function () {
        // The browser follows the href shown; pick the next one after (for Back to this page).
        window.setTimeout(function () { pick(link); }, 0);
      });
    });
  }

  // ---- offline reading and play: the service worker --------------------------------------------

  var offline = { registration: null, checked: 0, reloading: false };
  var UPDATE_CHECK_MS = 10 * 60 * 1000; // when the tab comes back into view: at most this often

  // The site root, as the theme finds it (its __md_scope, written into every page's <head> relative
  // to the page), else the base of its #__config; sw.js sits there, and its scope is the whole site.
  function siteRoot() {
    if (window.__md_scope instanceof URL) return new URL(".", window.__md_scope);
    var base = ".";
    var config = document.getElementById("__config");
    try {
      base = (config && JSON.parse(config.textContent).base) || ".";
    } catch (error) {
      base = ".";
    }
    var root = new URL(base, location.href);
    root.search = "";
    root.hash = "";
    return new URL(root.pathname.replace(/\/?$/, "/"), root);
  }

  // The page loaded before the service worker controlled it (the first visit): its requests went past
  // it, so tell it what they were (the page, its scripts, the Play worker's script if Play was pressed,
  // whose files it then fetches itself). Later pages and their requests pass through it.
  function keepWhatThisPageLoaded() {
    var worker = navigator.serviceWorker.controller;
    if (!worker || !window.performance || !performance.getEntriesByType) return;
    var urls = [location.href];
    performance.getEntriesByType("navigation").concat(performance.getEntriesByType("resource"))
      .forEach(function (entry) { urls.push(entry.name); });
    worker.postMessage({ type: "keep", urls: urls });
  }

  function say(key) {
    return (window.tomeText && window.tomeText(key)) || key;
  }

  // "A new version of Tabletome is ready" with a Reload button: a new build's service worker has
  // installed beside the one that controls this page and waits. Reload lets it take over (it deletes
  // the old caches), then the page loads again under it. A status region: read out, never focused.
  function showUpdate(registration) {
    if (document.querySelector(".tt-update")) return;
    var box = document.createElement("div");
    box.className = "tt-update";
    box.setAttribute("role", "status");
    var skip = document.querySelector("[data-md-component=skip]");
    if (skip) skip.after(box); // early in the tab order, after the skip link
    else document.body.prepend(box);
    window.setTimeout(function () { // filled once in the page, so that it is announced
      var text = document.createElement("p");
      text.className = "tt-update__text";
      text.textContent = say("offline_update_ready");
      var reload = document.createElement("button");
      reload.type = "button";
      reload.className = "tt-update__reload";
      reload.textContent = say("offline_reload");
      var later = document.createElement("button");
      later.type = "button";
      later.className = "tt-update__later";
      later.textContent = say("offline_later");
      reload.addEventListener("click", function () {
        var waiting = registration.waiting;
        if (!waiting) {
          location.reload();
          return;
        }
        offline.reloading = true;
        reload.disabled = true;
        waiting.postMessage({ type: "skip-waiting" }); // then controllerchange: reload
      });
      later.addEventListener("click", function () { box.remove(); });
      box.append(text, reload, later);
    }, 50);
  }

  function watchForUpdates(registration) {
    function watch(installing) {
      if (!installing) return;
      installing.addEventListener("statechange", function () {
        // (on the first visit nothing controls the page: nothing to replace, no notice)
        if (installing.state === "installed" && navigator.serviceWorker.controller) showUpdate(registration);
      });
    }
    if (registration.waiting && navigator.serviceWorker.controller) showUpdate(registration);
    watch(registration.installing); // the page's load found the new build: it is installing already
    registration.addEventListener("updatefound", function () { watch(registration.installing); });
  }

  // A page load makes the browser look for a new sw.js; a tab left open asks again when it comes back
  // into view after a while.
  function checkForUpdate() {
    var registration = offline.registration;
    if (!registration || navigator.onLine === false) return;
    if (Date.now() - offline.checked < UPDATE_CHECK_MS) return;
    offline.checked = Date.now();
    registration.update().catch(function () { /* offline, or the server is gone: next time */ });
  }

  function registerServiceWorker() {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
    var container = navigator.serviceWorker;
    var root = siteRoot();
    if (!container.controller) {
      container.addEventListener("controllerchange", function first() {
        container.removeEventListener("controllerchange", first);
        if (!offline.reloading) keepWhatThisPageLoaded();
      });
    }
    container.addEventListener("controllerchange", function () {
      if (offline.reloading) location.reload();
    });
    container.register(new URL("sw.js", root).href, { scope: root.href, updateViaCache: "none" })
      .then(function (registration) {
        if (!registration) return; // (a browser's automation that blocks service workers)
        offline.registration = registration;
        offline.checked = Date.now();
        watchForUpdates(registration);
      }, function (error) {
        console.warn("Tabletome: the site cannot be kept for offline reading:", error);
      });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") checkForUpdate();
    });
  }

  if (document.readyState === "complete") registerServiceWorker();
  else window.addEventListener("load", registerServiceWorker, { once: true });

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup);
  else setup();
})();

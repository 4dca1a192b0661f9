/* Tabletome page helpers, run on every page (also after mkdocs-material's instant navigation,
   through its document$ observable):
   - random-card links (a[data-tome-random]): each shows one card page picked at random from
     the list in its data attribute, and picks another after a click; without JavaScript the
     link still opens a card;
   - a link into a section in another language loads in full (below).
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

  function setup() {
    document.querySelectorAll("a[data-tome-random]").forEach(function (link) {
      pick(link);
      if (link.hasAttribute("data-tome-ready")) return;
      link.setAttribute("data-tome-ready", "");
      link.addEventListener("click", function () {
        // The browser (or instant navigation) follows the href shown; pick the next one after.
        window.setTimeout(function () { pick(link); }, 0);
      });
    });
  }

  // A link into a section in another language (its nav link says which: hreflang, written by
  // site_src/publish/mkdocs_hooks.py) loads that page in full. Instant navigation would swap it
  // into this page, whose theme words (search box, its results) are in this page's language; the
  // site's sitemap, which it follows, lists every project's pages. A link with a target is one it
  // leaves to the browser, so the link gets target="_self" before the theme's click handler runs.
  document.addEventListener("click", function (event) {
    var link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!link || link.target) return;
    var own = (document.documentElement.getAttribute("lang") || "").split("-")[0];
    var sections = document.querySelectorAll("a.md-nav__link[hreflang]");
    for (var i = 0; i < sections.length; i++) {
      if (sections[i].hreflang.split("-")[0] !== own && link.href.indexOf(sections[i].href) === 0) {
        link.target = "_self";
        return;
      }
    }
  }, true);

  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(setup);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
})();

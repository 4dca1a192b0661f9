/* Tabletome page helpers, run on every page (also after mkdocs-material's instant navigation,
   through its document$ observable):
   - random-card links (a[data-tome-random]): each shows one card page picked at random from
     the list in its data attribute, and picks another after a click; without JavaScript the
     link still opens a card.
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

  if (typeof window.document$ !== "undefined" && window.document$.subscribe) {
    window.document$.subscribe(setup);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
})();

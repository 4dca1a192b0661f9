/* Tabletome tooltips: a title's text shown in mkdocs-material's own tooltip (its .md-tooltip2 look) when
   the pointer rests on the element or the keyboard focuses it — a glossary term's definition, a heading's
   "Permanent link", the header's buttons.

   Why not the theme's `content.tooltips` feature, which does the same: it sets up a component per titled
   element as the page loads (about twenty RxJS subscriptions and listeners each), before the reader
   points at any. The glossary links put hundreds of titles on a page (340 on the Mechs vs. Minions Field
   Guide, 78 on How to play), and that set-up was the largest part of the pages' main-thread blocking in
   Lighthouse's mobile run (bench/lighthouse.py). Here one listener per event type on the document serves
   every title, and a tooltip is made only for the element being read.

   As the theme's: the title is taken off the element while its tooltip shows (no second, native tooltip)
   and put back after; the element is described by the tooltip (aria-describedby) meanwhile; a tooltip
   goes a quarter of a second after the pointer leaves, at once on blur, and Escape dismisses it
   (WCAG 1.4.13). The Play area's titles are its own, left to the browser. */
(function () {
  "use strict";

  var SCOPE = ".md-header [title], .md-content [title]";
  var LEAVE_MS = 250;
  var current = null; // {el, title, tip, timer}

  function host(target) {
    if (!(target instanceof Element)) return null;
    var el = target.closest(SCOPE);
    if (!el || el.closest(".tt-play")) return null;
    return el;
  }

  function show(el) {
    if (current && current.el === el) {
      window.clearTimeout(current.timer);
      return;
    }
    hide();
    var title = el.getAttribute("title");
    if (!title) return;
    var tip = document.createElement("div");
    tip.className = "md-tooltip2";
    tip.setAttribute("role", "tooltip");
    tip.id = "tome-tooltip";
    var inner = document.createElement("div");
    inner.className = "md-tooltip2__inner md-typeset";
    inner.textContent = title;
    tip.appendChild(inner);
    document.body.appendChild(tip);
    el.removeAttribute("title");
    el.setAttribute("aria-describedby", tip.id);
    current = { el: el, title: title, tip: tip, timer: 0 };
    place(el, tip, inner);
    window.requestAnimationFrame(function () {
      if (current && current.tip === tip) tip.classList.add("md-tooltip2--active");
    });
  }

  // The theme's placement: under the element, or over it in the lower half of the window.
  function place(el, tip, inner) {
    var box = el.getBoundingClientRect();
    var below = box.top < window.innerHeight / 2;
    var y = below ? 8 + box.height : -16 - inner.offsetHeight;
    tip.style.setProperty("--md-tooltip-host-x", box.left + window.scrollX + "px");
    tip.style.setProperty("--md-tooltip-host-y", box.top + window.scrollY + "px");
    tip.style.setProperty("--md-tooltip-x", box.width / 2 + "px");
    tip.style.setProperty("--md-tooltip-y", y + "px");
    tip.style.setProperty("--md-tooltip-width", inner.offsetWidth + "px");
    tip.style.setProperty("--md-tooltip-tail", "0px");
    tip.classList.toggle("md-tooltip2--top", !below);
    tip.classList.toggle("md-tooltip2--bottom", below);
  }

  function hide() {
    if (!current) return;
    window.clearTimeout(current.timer);
    current.tip.remove();
    if (current.el.getAttribute("aria-describedby") === current.tip.id) {
      current.el.removeAttribute("aria-describedby");
    }
    if (!current.el.hasAttribute("title")) current.el.setAttribute("title", current.title);
    current = null;
  }

  function later() {
    if (!current) return;
    window.clearTimeout(current.timer);
    current.timer = window.setTimeout(hide, LEAVE_MS);
  }

  document.addEventListener("pointerover", function (event) {
    if (event.pointerType === "touch") return; // a tap follows the link; the glossary holds the text
    var el = host(event.target);
    if (el) show(el);
    else later();
  });
  document.addEventListener("focusin", function (event) {
    var el = host(event.target);
    if (el) show(el);
    else hide();
  });
  document.addEventListener("focusout", function (event) {
    if (current && current.el === event.target) hide();
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") hide();
  });
  window.addEventListener("scroll", function () {
    if (current) place(current.el, current.tip, current.tip.firstChild);
  }, { passive: true });
})();

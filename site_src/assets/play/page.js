// tabletome Play area: the page around the game (the site root, links into this page, scrolling).

// mkdocs-material writes the site root into #__config relative to the page: resolve it once, when this
// module loads, and keep the absolute URL.
let cachedRoot = null;

export function siteRoot() {
  if (cachedRoot === null) cachedRoot = readSiteRoot();
  return cachedRoot;
}

function readSiteRoot() {
  let base = ".";
  const config = document.getElementById("__config");
  if (config) {
    try {
      base = JSON.parse(config.textContent).base || ".";
    } catch {
      base = ".";
    }
  }
  const url = new URL(base, location.href);
  url.search = "";
  url.hash = "";
  return url.href.endsWith("/") ? url.href : url.href + "/";
}

export function reducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/** A page path without a trailing index.html, to compare two URLs of the same page. */
function pagePath(url) {
  return url.pathname.replace(/\/index\.html$/, "/");
}

export function isThisPage(url) {
  return url.origin === location.origin && pagePath(url) === pagePath(location);
}

/** The element a fragment ("#id") names on this page, or null. */
export function anchorTarget(hash) {
  if (!hash || hash.length < 2) return null;
  let id;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  return document.getElementById(id);
}

/** Scroll an element of the page into view and highlight it for a moment, leaving the URL alone. */
export function flashTarget(target) {
  target.classList.remove("tt-rule-flash");
  void target.offsetWidth; // restart the animation
  target.classList.add("tt-rule-flash"); // first: it also keeps the target clear of the header
  target.scrollIntoView({ behavior: reducedMotion() ? "auto" : "smooth", block: "start" });
  clearTimeout(target.ttFlashTimer);
  target.ttFlashTimer = setTimeout(() => target.classList.remove("tt-rule-flash"), 2600);
  if (!target.matches("a[href], button, input, select, textarea, [tabindex]")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

export function plainLeftClick(event) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

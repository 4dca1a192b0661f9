// Field filters in the site's search box, and the Card search page.
//
// mkdocs-material's search (lunr, in a worker) keeps answering plain words. When the query
// holds a field filter (`game:mvm element:fire`, `move>=3`), this script hides lunr's results
// and lists the matches from assets/data/search-index.json instead, with their count; Enter
// opens the same query on the Card search page (card-search/?query=...), which lists every match
// and keeps the query in its URL. Everything is drawn with textContent (no HTML from data),
// and the index is fetched from this site only.
//
// Plain words stay with lunr, with two additions from the same index (names.js): above lunr's results,
// the records the query names ("Klaw": the villain, before the 12 cards whose titles hold his name;
// lunr's own copy of such a result is hidden), and below them, the names one or two typing slips away
// ("Klw": Klaw). A field filter's results that are gallery items show their card as the gallery draws it
// (the card is taken from the gallery page, fetched once: the same markup, nothing drawn twice).

import { named, nearMisses } from "./names.js";
import { Matcher, tokenize } from "./query.js";

const ROOT = new URL("../../", import.meta.url);
// The words this script writes, in the page's language (assets/labels.js, loaded before it).
const say = (key, values) => window.tomeText(key, values);
const INDEX_URL = new URL("assets/data/search-index.json", ROOT);
const PANEL_LIMIT = 30;
const SNIPPET = 140;

let matcherPromise = null;
function loadMatcher() {
  if (!matcherPromise) {
    matcherPromise = fetch(INDEX_URL)
      .then((response) => {
        if (!response.ok) throw new Error(`search index: HTTP ${response.status}`);
        return response.json();
      })
      .then((entries) => new Matcher(entries));
    matcherPromise.catch(() => { matcherPromise = null; });
  }
  return matcherPromise;
}

export function hasFieldFilter(query) {
  return tokenize(query).some((t) => t.t === "field");
}

// A URL of this site from a site-root-relative path; anything else (another host, a
// javascript: URL) becomes the site root.
const siteUrl = (path) => {
  const url = new URL(String(path), ROOT);
  return url.protocol === ROOT.protocol && url.host === ROOT.host ? url.href : ROOT.href;
};
// The Card search page keeps its query in `?query=` (mkdocs-material claims `?q=`: it opens the
// search box with it on page load).
export const QUERY_PARAM = "query";
// The Card search and Search syntax pages in this page's language (a game in another language has its
// own): named in the page's head, relative to the site root, by site_src/publish/mkdocs_hooks.py.
const searchPage = (name) => {
  const meta = document.querySelector(`meta[name="tome:${name}"]`);
  return siteUrl(meta ? meta.getAttribute("content") : `${name}/`);
};
export const cardSearchUrl = (query) => `${searchPage("card-search")}?${QUERY_PARAM}=${encodeURIComponent(query)}`;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

const humanize = (id) => {
  const text = String(id || "").replace(/[-_]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};
// A query's warning (query.js parse: what was ignored and why) as a sentence of the page's language.
const warningText = (warning) => say(`fs_warn_${warning.w}`, warning);
const kindName = (kind) => say(`kind_${kind}`) || humanize(kind);

const shortNames = new WeakMap();
function shortGame(matcher, gameId) {
  if (!shortNames.has(matcher)) {
    const names = new Map();
    for (const e of matcher.entries) {
      if (e.kind === "game") names.set(e.game, (e.fields && e.fields.short_title) || e.name);
    }
    shortNames.set(matcher, names);
  }
  return shortNames.get(matcher).get(gameId) || gameId;
}

const HIDDEN_FIELDS = new Set(["status", "short_title", "parent", "language", "deck"]);

function facts(matcher, entry, limit) {
  const out = [shortGame(matcher, entry.game)];
  if (entry.kind !== "card" || !entry.gallery) out.push(kindName(entry.kind));
  if (entry.gallery) out.push(humanize(entry.gallery));
  const fields = [];
  for (const [name, value] of Object.entries(entry.fields || {})) {
    if (HIDDEN_FIELDS.has(name) || value === null || value === undefined || value === "") continue;
    if (value === true) fields.push(name === "bam" ? "BAM!" : humanize(name));
    else if (value === false) continue;
    else if (Array.isArray(value)) fields.push(`${name} ${value[0]}–${value[1]}`);
    else fields.push(`${name} ${value}`);
  }
  return [...out, ...fields.slice(0, limit)].join(" · ");
}

function snippet(text, length) {
  const t = String(text || "");
  if (t.length <= length) return t;
  const cut = t.slice(0, length);
  const space = cut.lastIndexOf(" ");
  return `${(space > length / 2 ? cut.slice(0, space) : cut).replace(/[ ,;:]+$/, "")}…`;
}

function statusBadge(entry) {
  const status = entry.fields && entry.fields.status;
  if (status !== "uncertain" && status !== "adapted") return null;
  return el("span", `tt-fs-badge tt-fs-badge--${status}`, say(`status_${status}`));
}

// ------------------------------------------------------------------ card faces

const galleryPages = new Map(); // gallery page URL -> Promise of its parsed document
function galleryPage(url) {
  if (!galleryPages.has(url)) {
    const page = fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
        return response.text();
      })
      .then((html) => new DOMParser().parseFromString(html, "text/html"));
    page.catch(() => galleryPages.delete(url));
    galleryPages.set(url, page);
  }
  return galleryPages.get(url);
}

// Where the gallery draws an entry's card: its game's gallery page for the entry's gallery (the game's
// entry lists them: search_index._entry `faces`), the card's anchor being the entry's id; null for an
// entry that is not a gallery item.
const galleryUrls = new WeakMap();
function faceOf(matcher, entry) {
  if (!entry.gallery) return null;
  if (!galleryUrls.has(matcher)) {
    const urls = new Map();
    for (const e of matcher.entries) if (e.kind === "game") urls.set(e.game, e.faces || {});
    galleryUrls.set(matcher, urls);
  }
  const page = (galleryUrls.get(matcher).get(entry.game) || {})[entry.gallery];
  return page ? { page: siteUrl(page), anchor: entry.id } : null;
}

// The card of a gallery item, as its gallery page draws it, its links made absolute.
async function cardFace(where) {
  const doc = await galleryPage(where.page);
  const card = doc.getElementById(where.anchor);
  if (!card || !card.classList.contains("tome-card")) {
    throw new Error(`${where.page}#${where.anchor}: no card with that anchor on the gallery page`);
  }
  const face = document.importNode(card, true);
  face.removeAttribute("id");
  for (const link of face.querySelectorAll("a[href]")) {
    link.href = siteUrl(new URL(link.getAttribute("href"), where.page).href);
  }
  return face;
}

// ------------------------------------------------------------------ the search box

const state = { active: false, query: null, seq: 0 };

function searchParts() {
  const result = document.querySelector('[data-md-component="search-result"]');
  const input = document.querySelector('[data-md-component="search-query"]');
  if (!result || !input) return null;
  let box = result.querySelector(":scope > .tt-fs");
  let status = result.querySelector(":scope > .tt-fs__status");
  if (!box) {
    box = el("div", "tt-fs");
    status = el("span", "tt-fs__status"); // announces the count to screen readers
    status.setAttribute("role", "status");
    const meta = result.querySelector(":scope > .md-search-result__meta");
    if (meta) meta.after(box, status);
    else result.prepend(box, status);
  }
  // plain words: the records the query names (above lunr's list), the near misses (below it)
  let top = result.querySelector(":scope > .tt-named");
  let near = result.querySelector(":scope > .tt-near");
  if (!top) {
    top = el("div", "tt-nm tt-named");
    near = el("div", "tt-nm tt-near");
    status.after(top);
    result.append(near);
    watchLunrList(result);
  }
  return { result, input, box, status, top, near };
}

// lunr's copy of a result already shown as a named record is hidden (the list is redrawn per query and
// grows as it scrolls: a MutationObserver keeps up)
const pageOf = (href) => {
  const url = new URL(href, ROOT);
  return url.origin + url.pathname + url.hash; // lunr's links carry ?h=<words> for highlighting
};
function hideNamedCopies(result) {
  const shown = new Set([...result.querySelectorAll(".tt-named .tt-fs__link")].map((a) => pageOf(a.href)));
  const listed = new Set();
  for (const item of result.querySelectorAll(".md-search-result__list > .md-search-result__item")) {
    const link = item.querySelector("a.md-search-result__link");
    const hide = Boolean(link) && shown.has(pageOf(link.href));
    if (item.hidden !== hide) item.hidden = hide;
    for (const a of item.querySelectorAll("a.md-search-result__link")) listed.add(pageOf(a.href));
  }
  // a near miss that lunr found too is left to lunr's place in the list (above)
  const near = result.querySelector(":scope > .tt-near");
  if (!near || !near.childElementCount) return;
  let left = 0;
  for (const item of near.querySelectorAll(".tt-fs__item")) {
    const hide = listed.has(pageOf(item.querySelector(".tt-fs__link").href));
    if (item.hidden !== hide) item.hidden = hide;
    if (!hide) left += 1;
  }
  if (near.hidden !== !left) near.hidden = !left;
}

function watchLunrList(result) {
  new MutationObserver(() => hideNamedCopies(result)).observe(result, { childList: true, subtree: true });
}

/** One result's link: its name (and status badge), its facts (`shown` of them) and, unless `bare`, its text. */
function resultLink(matcher, entry, shown, bare) {
  const link = el("a", "tt-fs__link");
  link.href = siteUrl(entry.url);
  const name = el("span", "tt-fs__name", entry.name);
  const badge = statusBadge(entry);
  if (badge) name.append(" ", badge);
  link.append(name, el("span", "tt-fs__facts", facts(matcher, entry, shown)));
  if (entry.text && !bare) link.append(el("span", "tt-fs__text", snippet(entry.text, SNIPPET)));
  return link;
}

function namedList(matcher, entries, className) {
  const list = el("ol", `tt-fs__list ${className}`);
  for (const entry of entries) {
    const item = el("li", "tt-fs__item");
    item.append(resultLink(matcher, entry, 0, false));
    list.append(item);
  }
  return list;
}

async function updateNamed(parts, query) {
  const seq = state.seq;
  parts.top.replaceChildren();
  parts.near.replaceChildren();
  parts.near.hidden = false;
  delete parts.top.dataset.query;
  if (!query.trim()) return;
  let matcher;
  try {
    matcher = await loadMatcher();
  } catch (error) {
    return; // the field-filter box says why the index is unavailable when a filter is typed
  }
  if (seq !== state.seq || parts.input.value !== query) return;
  const exact = named(matcher, query);
  if (exact.length) {
    parts.top.append(el("p", "tt-fs__meta tt-named__head", say("nm_named", { n: exact.length, q: query.trim() })),
      namedList(matcher, exact, "tt-named__list"));
  } else {
    const close = nearMisses(matcher, query);
    if (close.length) {
      parts.near.append(el("p", "tt-fs__meta tt-near__head", say("nm_near")),
        namedList(matcher, close, "tt-near__list"));
    }
  }
  hideNamedCopies(parts.result);
  parts.top.dataset.query = query; // drawn for this query (the tests wait on it)
}

function hint(box) {
  box.replaceChildren();
  const p = el("p", "tt-fs__hint");
  const examples = { "{a}": "game:mvm element:fire", "{b}": "villain:klaw move>=3" };
  for (const part of say("fs_hint").split(/(\{a\}|\{b\})/)) {
    if (part in examples) p.append(el("code", null, examples[part]));
    else if (part) p.append(part);
  }
  const help = el("a", "tt-fs__help", say("fs_syntax_link"));
  help.href = searchPage("search-help");
  p.append(help);
  box.append(p);
}

function setActive(parts, active) {
  state.active = active;
  parts.result.toggleAttribute("data-tt-fs", active);
  const form = parts.input.form;
  if (form) form.toggleAttribute("data-tt-fs", active);
}

async function updateBox() {
  const parts = searchParts();
  if (!parts) return;
  const query = parts.input.value;
  if (!hasFieldFilter(query)) {
    parts.status.textContent = "";
    setActive(parts, false);
    state.query = null;
    state.seq += 1;
    if (query.trim()) parts.box.replaceChildren();
    else hint(parts.box);
    await updateNamed(parts, query);
    return;
  }
  parts.top.replaceChildren();
  parts.near.replaceChildren();
  setActive(parts, true);
  if (query === state.query && parts.box.childElementCount) return;
  state.query = query;
  const seq = ++state.seq;
  let matcher;
  try {
    matcher = await loadMatcher();
  } catch (error) {
    parts.box.replaceChildren(el("p", "tt-fs__meta", say("fs_unavailable", { error: error.message })));
    return;
  }
  if (seq !== state.seq) return;
  const { found, parsed } = matcher.search(query);
  renderBox(parts.box, matcher, query, found, parsed);
  parts.status.textContent = parts.box.querySelector(".tt-fs__count").textContent;
}

function renderBox(box, matcher, query, found, parsed) {
  box.replaceChildren();
  const meta = el("div", "tt-fs__meta");
  const count = el("span", "tt-fs__count", parsed.node ? say("fs_matches", { n: found.length }) : say("fs_no_filter"));
  meta.append(count);
  const all = el("a", "tt-fs__all", found.length > PANEL_LIMIT ? say("fs_all", { n: found.length }) : say("fs_open"));
  all.href = cardSearchUrl(query);
  meta.append(all);
  const help = el("a", "tt-fs__help", say("fs_syntax"));
  help.href = searchPage("search-help");
  meta.append(help);
  box.append(meta);
  for (const warning of parsed.warnings) box.append(el("p", "tt-fs__warning", warningText(warning)));
  const list = el("ol", "tt-fs__list");
  for (const entry of found.slice(0, PANEL_LIMIT)) {
    const item = el("li", "tt-fs__item");
    const where = faceOf(matcher, entry);
    item.append(resultLink(matcher, entry, 4, Boolean(where)));
    list.append(item);
    if (where) faceInto(item, entry, where, () => state.query === query);
  }
  box.append(list);
  if (found.length > PANEL_LIMIT) {
    const more = el("a", "tt-fs__more", say("fs_show_all", { n: found.length }));
    more.href = cardSearchUrl(query);
    box.append(more);
  }
}

// An entry's card (faceOf: where) appended to `item` once the gallery page is in (if the results are
// still shown).
function faceInto(item, entry, where, isCurrent) {
  item.classList.add("tt-fs__item--card");
  cardFace(where)
    .then((face) => {
      if (!face || !isCurrent()) return;
      const wrap = el("div", "md-typeset tt-face");
      wrap.append(face);
      item.append(wrap);
    })
    .catch((error) => {
      console.error(error);
      if (isCurrent()) item.append(el("p", "tt-fs__warning", say("fs_no_face", { name: entry.name })));
    });
}

function focusables(parts) {
  // the input, then the results, then the other links (Card search, Syntax, Show all)
  const links = [...parts.box.querySelectorAll("a[href]")];
  const results = links.filter((a) => a.classList.contains("tt-fs__link"));
  return [parts.input, ...results, ...links.filter((a) => !results.includes(a))];
}

function onKeydown(event) {
  if (!state.active || event.metaKey || event.ctrlKey || event.altKey) return;
  const parts = searchParts();
  if (!parts) return;
  const active = document.activeElement;
  const inside = active === parts.input || parts.box.contains(active);
  if (!inside) return;
  if (event.key === "Enter" && active === parts.input) {
    event.preventDefault();
    event.stopPropagation();
    const all = parts.box.querySelector(".tt-fs__all");
    if (all) all.click(); // a link click: the browser follows it
    else window.location.assign(cardSearchUrl(parts.input.value));
  } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    event.preventDefault();
    event.stopPropagation();
    const items = focusables(parts);
    const index = Math.max(0, items.indexOf(active));
    const next = (index + (event.key === "ArrowDown" ? 1 : -1) + items.length) % items.length;
    items[next].focus();
  } else if (event.key === "ArrowRight" && active === parts.input) {
    event.stopPropagation(); // keep lunr's suggestion from replacing a field query
  }
}

function bindSearchBox() {
  document.addEventListener("input", (event) => {
    if (event.target && event.target.matches('[data-md-component="search-query"]')) updateBox();
  }, true);
  document.addEventListener("focusin", (event) => {
    if (event.target && event.target.matches('[data-md-component="search-query"]')) {
      loadMatcher().catch(() => {}); // fetch the index while the user types
      updateBox();
    }
  });
  document.addEventListener("reset", (event) => {
    if (event.target && event.target.querySelector('[data-md-component="search-query"]')) {
      setTimeout(updateBox, 0);
    }
  }, true);
  window.addEventListener("keydown", onKeydown, true);
  updateBox();
}

// ------------------------------------------------------------------ the Card search page

function renderPage(root, matcher, query) {
  const meta = root.querySelector(".tt-cs__meta");
  const warnings = root.querySelector(".tt-cs__warnings");
  const results = root.querySelector(".tt-cs__results");
  warnings.replaceChildren();
  results.replaceChildren();
  if (!query.trim()) {
    meta.textContent = say("cs_records", { n: matcher.entries.length });
    root.dataset.count = "";
    return;
  }
  root.dataset.query = query;
  const { found, parsed } = matcher.search(query);
  meta.textContent = parsed.node ? say("fs_matches", { n: found.length }) : say("cs_nothing");
  root.dataset.count = String(found.length);
  for (const warning of parsed.warnings) warnings.append(el("li", "tt-fs__warning", warningText(warning)));
  const fragment = document.createDocumentFragment();
  for (const entry of found) {
    const item = el("li", "tt-cs__item");
    const head = el("p", "tt-cs__head");
    const link = el("a", "tt-cs__name", entry.name);
    link.href = siteUrl(entry.url);
    head.append(link);
    const badge = statusBadge(entry);
    if (badge) head.append(" ", badge);
    item.append(head, el("p", "tt-cs__facts", facts(matcher, entry, 12)));
    const where = faceOf(matcher, entry);
    if (where) faceInto(item, entry, where, () => root.dataset.query === query);
    else if (entry.text) item.append(el("p", "tt-cs__text", entry.text));
    fragment.append(item);
  }
  results.append(fragment);
}

async function bindPage(root) {
  const form = root.querySelector("form");
  const input = root.querySelector("input[name=query]");
  const meta = root.querySelector(".tt-cs__meta");
  const initial = new URLSearchParams(window.location.search).get(QUERY_PARAM) || "";
  input.value = initial;
  meta.textContent = say("cs_loading");
  let matcher;
  try {
    matcher = await loadMatcher();
  } catch (error) {
    meta.textContent = say("cs_unloadable", { error: error.message });
    return;
  }
  const run = () => {
    const query = input.value;
    const url = new URL(window.location.href);
    if (query.trim()) url.searchParams.set(QUERY_PARAM, query);
    else url.searchParams.delete(QUERY_PARAM);
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
    renderPage(root, matcher, query);
  };
  let timer = null;
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(run, 60);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    clearTimeout(timer);
    run();
  });
  renderPage(root, matcher, input.value);
  root.dataset.ready = "1";
}

function onPage() {
  bindSearchBox();
  for (const root of document.querySelectorAll("[data-tt-card-search]")) bindPage(root);
}

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", onPage);
} else {
  onPage();
}

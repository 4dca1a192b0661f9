// The records a plain-words query names, over assets/data/search-index.json (one entry per game,
// card, scenario, villain, glossary term...). Pure functions, no DOM: search.js shows the result in
// the search box, above mkdocs-material's full-text results (exact names) and below them (near misses).
//
// - named(matcher, query): the entries whose name IS the query: "Klaw" names the villain Klaw, not
//   "Klaw Master Plan 1"; "The BURP" names "Mission (the BURP)" (a parenthesis in a title is a name
//   too); a glossary term's aliases name it. Letter case, accents and punctuation do not count.
// - nearMisses(matcher, query): the entries whose name is one or two typing slips away from the query
//   ("Klw" -> Klaw, "Tristanna" -> Tristana): Damerau-Levenshtein distance (a swap of two neighbouring
//   letters is one slip) on the whole name, at most 1 for a query of 3 to 5 letters, 2 from 6 on;
//   nearest first, then in the index's order.

import { fold } from "./query.js";

export const NEAR_LIMIT = 6;

// A name as compared: folded (query.js fold), every run of non-letters and non-digits a single space.
export function normal(text) {
  return fold(text).replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

// Every name an entry answers to: its name, the part of it in parentheses and the rest, its aliases.
export function namesOf(entry) {
  const names = [String(entry.name || "")];
  const paren = /^(.*?)\(([^()]+)\)(.*)$/.exec(names[0]);
  if (paren) names.push(paren[2], `${paren[1]} ${paren[3]}`);
  for (const alias of entry.aliases || []) names.push(String(alias));
  return [...new Set(names.map(normal).filter(Boolean))];
}

const cache = new WeakMap();
function namesTable(matcher) {
  if (!cache.has(matcher)) {
    cache.set(matcher, matcher.entries.map((entry) => (entry.kind === "game" ? [] : namesOf(entry))));
  }
  return cache.get(matcher);
}

export function named(matcher, query) {
  const q = normal(query);
  if (!q) return [];
  const table = namesTable(matcher);
  return matcher.entries.filter((_entry, i) => table[i].includes(q));
}

export function allowedSlips(query) {
  const letters = normal(query).replace(/ /g, "").length;
  return letters < 3 ? 0 : letters < 6 ? 1 : 2;
}

// Optimal string alignment distance (Damerau-Levenshtein without re-edits), stopping early past `limit`.
export function distance(a, b, limit = Infinity) {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = null;
  let previous = Array.from({ length: b.length + 1 }, (_v, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
      if (before && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, before[j - 2] + 1);
      }
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length];
}

export function nearMisses(matcher, query, limit = NEAR_LIMIT) {
  const q = normal(query);
  const slips = allowedSlips(q);
  if (!slips) return [];
  const table = namesTable(matcher);
  const found = [];
  matcher.entries.forEach((entry, i) => {
    let best = slips + 1;
    for (const name of table[i]) best = Math.min(best, distance(q, name, slips));
    if (best > 0 && best <= slips && !table[i].includes(q)) found.push({ entry, best, i });
  });
  found.sort((x, y) => x.best - y.best || x.i - y.i);
  return found.slice(0, limit).map((hit) => hit.entry);
}

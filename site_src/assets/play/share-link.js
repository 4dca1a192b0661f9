// tabletome Play area: the share link, a game in the URL fragment, and the seeds of new games.
//
//   #play=<scenario>&seed=<n>&players=<n>&actions=<id>,<id>,...[&options=<JSON, URI-encoded>]
//
// `options` holds the game's setup options when it has any (the TCG duel's deck list `mazo_0` from the
// deck builder); the engine checks them.
//
// Each id is encodeURIComponent-encoded; ":" and "/" are left readable (both are allowed in a
// fragment and decode to themselves). Links made by every version of the page read the same.

import { say } from "./dom.js";

export const MAX_ACTIONS = 5000; // replay limit for share links
export const MAX_ID_LENGTH = 200;
export const SEED_LIMIT = 2 ** 31;

export function randomSeed() {
  const buffer = new Uint32Array(1);
  (self.crypto || window.crypto).getRandomValues(buffer);
  return buffer[0] % SEED_LIMIT;
}

function encodePart(value) {
  return encodeURIComponent(value).replace(/%3A/gi, ":").replace(/%2F/gi, "/");
}

export const MAX_OPTIONS_LENGTH = 8000; // the JSON text of a link's options

export function buildFragment(scenario, seed, players, actions, options = null) {
  const extra = options && Object.keys(options).length ? `&options=${encodeURIComponent(JSON.stringify(options))}` : "";
  return (
    `#play=${encodePart(scenario)}&seed=${seed}&players=${players}` +
    `&actions=${actions.map(encodePart).join(",")}${extra}`
  );
}

/** Parse a fragment. Returns null when it holds no `play=`; otherwise {scenario, ...} or {scenario, error}. */
export function parseFragment(hash) {
  const text = (hash || "").replace(/^#/, "");
  if (!/(^|&)play=/.test(text)) return null;
  if (text.length > MAX_ACTIONS * (MAX_ID_LENGTH + 1) + 3 * MAX_OPTIONS_LENGTH) return { scenario: null, error: say("play_link_too_long") };
  const fields = Object.create(null);
  for (const part of text.split("&")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    fields[part.slice(0, at)] = part.slice(at + 1);
  }
  let scenario;
  try {
    scenario = decodeURIComponent(fields.play);
  } catch {
    return { scenario: null, error: say("play_link_scenario") };
  }
  const result = { scenario };
  const seed = Number(fields.seed);
  if (!/^\d{1,10}$/.test(fields.seed || "") || seed >= SEED_LIMIT) {
    return { scenario, error: say("play_link_seed", { limit: SEED_LIMIT - 1 }) };
  }
  result.seed = seed;
  if (!/^\d{1,2}$/.test(fields.players || "")) return { scenario, error: say("play_link_players") };
  result.players = Number(fields.players);
  const raw = fields.actions || "";
  const parts = raw === "" ? [] : raw.split(",");
  if (parts.length > MAX_ACTIONS) {
    return { scenario, error: say("play_link_actions", { count: parts.length, max: MAX_ACTIONS }) };
  }
  const actions = [];
  for (const part of parts) {
    let id;
    try {
      id = decodeURIComponent(part);
    } catch {
      return { scenario, error: say("play_link_list") };
    }
    if (id.length === 0 || id.length > MAX_ID_LENGTH) {
      return { scenario, error: say("play_link_id") };
    }
    actions.push(id);
  }
  result.actions = actions;
  result.options = null;
  if (fields.options) {
    let options;
    try {
      const text = decodeURIComponent(fields.options);
      if (text.length > MAX_OPTIONS_LENGTH) throw new Error("too long");
      options = JSON.parse(text);
    } catch {
      return { scenario, error: say("play_bad_options") };
    }
    if (!options || typeof options !== "object" || Array.isArray(options)) {
      return { scenario, error: say("play_bad_options") };
    }
    result.options = options;
  }
  return result;
}

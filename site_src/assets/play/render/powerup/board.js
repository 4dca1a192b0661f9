// POWERUP renderer: the board seen from the side (y grows downwards, tiles of 3x3 squares): each square's
// kind, the gateways ON or OFF, the tokens (POWERUPs ON/OFF, drums, fire, cover, secret tokens, turrets),
// the coins, every character with its name, facing, lives and dizziness, and the squares a choice can be
// clicked on. Every square says in words what it holds (a visually hidden text, or the button's name).

import { h, humanize, scrollBox, token } from "../../dom.js";

export const SQUARE_NAMES = {
  open: "Open",
  obstacle: "Obstacle",
  "yellow-stair": "Yellow stairs",
  ladder: "Ladder",
  "automatic-staircase": "Automatic staircase",
  gateway: "Gateway",
  acid: "Acid",
  "spike-trap": "Spike trap",
  void: "Void",
};

// What the legend says of each kind (the rules' words, docs-dev/POWERUP.md "The board").
const SQUARE_HINTS = {
  obstacle: "solid: stand on it",
  "yellow-stair": "solid, see and shoot through; step up it for free",
  ladder: "climb up or down",
  "automatic-staircase": "carries you up",
  gateway: "1 action to another gateway",
  acid: "deadly",
  "spike-trap": "falling or pushed in: 1 damage",
  void: "no tile: falling here kills",
};

// Short names drawn on a character's chip (its full name is in its label).
const SHORT = {
  buggie: "BUG",
  batbug: "BAT",
  bigbug: "BIG",
  burp: "BURP",
  brasas: "BRA",
  bicefalus: "BIC",
  blob: "BLOB",
  boss: "BOSS",
  bugdozer: "DOZ",
  bugmistress: "MIS",
  "bugmistress-angry": "MIS",
  "portal-part": "PRT",
};

const TOKEN_NAMES = {
  powerup: "POWERUP",
  drum: "Explosive drum",
  cover: "Cover obstacle",
  fire: "Fire",
  turret: "Machine-gun turret",
  secret: "Secret token",
  robot: "Team robot",
};

/** Column letters and row numbers, as the engine's labels name squares ("c4" is x=2, y=3). */
export function squareName(x, y) {
  const col = x < 26 ? String.fromCharCode(97 + x) : `x${x}`;
  return `${col}${y + 1}`;
}

const key = (at) => (Array.isArray(at) && at.length === 2 ? `${at[0]},${at[1]}` : "");

function group(list, at) {
  const map = new Map();
  for (const item of list) {
    const k = key(at(item));
    if (!k) continue;
    if (!map.has(k)) map.set(k, []);
    map.get(k).push(item);
  }
  return map;
}

export function charName(area, c, byId) {
  const parts = [c.name];
  if (c.side === "bugbuster") parts[0] += " (BUGBUSTER)";
  else if (c.side === "npc") parts[0] += " (non-player character)";
  if (c.down) parts.push("down");
  else if (Number.isFinite(Number(c.lives))) {
    const max = c.max_lives ? ` of ${c.max_lives}` : "";
    parts.push(`${c.lives}${max} ${c.lives === 1 && !max ? "life" : "lives"}`);
  }
  if (c.facing) parts.push(`facing ${c.facing}`);
  if (c.dizzy) parts.push("dizzy");
  if (c.very_angry) parts.push("VERY ANGRY");
  if (Number.isFinite(Number(c.reaction)) && c.side === "bug") parts.push(`${c.reaction} reaction point${c.reaction === 1 ? "" : "s"}`);
  if (c.in_glitch) parts.push("in the GLITCH");
  const kept = Array.isArray(c.secrets) ? c.secrets : [];
  if (kept.length && c.side === "bug") parts.push(`keeping ${kept.length === 1 ? "a secret token" : `${kept.length} secret tokens`}, face down`);
  else if (kept.length) parts.push(`keeping ${kept.map((t) => t.name).join(", ")}`);
  if (c.carrying) {
    const cargo = byId.get(c.carrying);
    parts.push(`carrying ${cargo ? cargo.name : humanize(String(c.carrying).replace(/-\d+$/, ""))}`);
  }
  if (c.carried_by) {
    const carrier = byId.get(c.carried_by);
    parts.push(`carried by ${carrier ? carrier.name : "a partner"}`);
  }
  return parts.join(", ");
}

function tokenName(t, byId) {
  let name = t.name || TOKEN_NAMES[t.kind] || humanize(t.kind);
  if (t.kind === "powerup") name += t.on ? " (ON)" : " (OFF)";
  if (t.kind === "secret") name += " (face down)";
  if (t.kind === "turret") {
    const owner = byId.get(t.owner);
    name += `${owner ? ` of ${owner.name}` : ""}, facing ${t.facing}, ${t.ammo} ammo`;
  }
  if (t.kind === "cover" && t.hits) name += `, ${t.hits} hit${t.hits === 1 ? "" : "s"} taken`;
  if (t.carried_by) {
    const carrier = byId.get(t.carried_by);
    name += `, carried by ${carrier ? carrier.name : "a BUGBUSTER"}`;
  }
  return name;
}

/** A chip's short name: "RAY"; "Sci1" and "Sci2" for "Scientist 1" and "Scientist 2" (never two alike). */
function shortName(name) {
  const numbered = /^(.*?)\s*(\d+)$/.exec(name);
  return numbered ? `${numbered[1].slice(0, 3)}${numbered[2]}` : name.slice(0, 4);
}

/** The characters of a square as chips: BUGs of a kind with the same lives (a TEAM stack of BUGGIEs) share
    one chip, "×4", with an arrow when they all face one way (the square's name says each one's facing). */
function chipsOf(here) {
  const same = (a, b) => a.side === "bug" && ["side", "kind", "lives", "down", "very_angry"].every((k) => a[k] === b[k]);
  const out = [];
  for (const c of here) {
    const last = out[out.length - 1];
    if (last && same(last[0], c)) last.push(c);
    else out.push([c]);
  }
  return out;
}

// What the characters on a square keep: "?" for a face-down secret token, else the engine's mark (the
// letter of a Goal Token, Hidden Keys' keys).
function keeps(group) {
  const kept = group.flatMap((x) => (Array.isArray(x.secrets) ? x.secrets : []));
  if (!kept.length) return null;
  const text = kept.map((t) => (typeof t.mark === "string" && t.mark ? t.mark : "?")).join("");
  return h("span", { class: "tt-pu-char__keeps", text: ` ${text}` });
}

function charChip(area, group, byId) {
  const c = { ...group[0] };
  if (group.some((x) => x.facing !== c.facing)) c.facing = "";
  c.dizzy = group.some((x) => x.dizzy);
  const label = group.map((x) => charName(area, x, byId)).join("; ");
  const side = token(c.side);
  const classes = [`tt-pu-char`, `tt-pu-char--${side}`, `tt-pu-char--${token(c.kind)}`];
  if (c.side === "bugbuster") classes.push(`tt-c-${area.seatColor(c.seat)}`);
  if (c.down) classes.push("tt-pu-char--down");
  if (c.dizzy) classes.push("tt-pu-char--dizzy");
  if (c.carried_by) classes.push("tt-pu-char--carried");
  const short = c.side === "bug" ? SHORT[c.kind] || String(c.name).slice(0, 3) : shortName(String(c.name));
  const arrow = c.facing === "left" ? "◀" : c.facing === "right" ? "▶" : "";
  return h(
    "span",
    {
      class: classes.join(" "),
      title: label,
      "aria-hidden": "true",
      "data-char": group.map((x) => x.id).join(" "),
      "data-facing": c.facing || "",
      "data-lives": c.lives,
    },
    h(
      "span",
      { class: "tt-pu-char__top" },
      arrow && c.facing === "left" ? h("span", { class: "tt-pu-char__arrow", text: arrow }) : null,
      h("span", { class: "tt-pu-char__name", text: short }),
      arrow && c.facing === "right" ? h("span", { class: "tt-pu-char__arrow", text: arrow }) : null,
    ),
    " ", // not drawn between the chip's two lines (flex items); it keeps "GUS" and "down" two words
    h(
      "span",
      { class: "tt-pu-char__lives" },
      c.down ? "down" : [h("span", { class: "tt-pu-char__heart", text: "♥" }), String(c.lives)],
      c.dizzy ? h("span", { class: "tt-pu-char__dizzy", text: " ✶" }) : null,
      keeps(group),
      group.length > 1 ? h("span", { class: "tt-pu-char__count", text: ` ×${group.length}` }) : null,
    ),
  );
}

function tokenChip(t) {
  const kind = token(t.kind);
  const text = {
    powerup: t.on ? "★ON" : "★OFF",
    drum: "DRUM",
    cover: "COVER",
    fire: "FIRE",
    turret: `TUR ${t.facing === "left" ? "◀" : "▶"}`,
    secret: "?",
    robot: `BOT ${String(t.team || "").toUpperCase()}`.trim(),
  }[t.kind] || humanize(t.kind).slice(0, 5);
  const on = t.kind === "powerup" ? (t.on ? " tt-pu-token--on" : " tt-pu-token--off") : "";
  const team = t.kind === "robot" && t.team ? ` tt-pu-token--${token(t.team)}` : "";
  return h("span", { class: `tt-pu-token tt-pu-token--${kind}${on}${team}`, "aria-hidden": "true", "data-token": t.id, text });
}

export function renderBoard(area, hideChoices = false) {
  const view = area.state.view || {};
  const legal = hideChoices ? [] : area.state.legal || []; // behind the BUGMISTRESS's cover: no choice shows
  const board = view.board || {};
  const width = Math.max(1, Math.min(40, Number(board.width) || 1));
  const height = Math.max(1, Math.min(40, Number(board.height) || 1));
  const tile = Math.max(1, Number(board.tile) || 1);
  const squares = Array.isArray(board.squares) ? board.squares : [];
  const chars = Array.isArray(view.chars) ? view.chars : [];
  const byId = new Map(chars.map((c) => [c.id, c]));
  const charsAt = group(
    chars.slice().sort((a, b) => (a.stack || 0) - (b.stack || 0)),
    (c) => c.at,
  );
  const tokensAt = group(Array.isArray(view.tokens) ? view.tokens : [], (t) => t.at);
  const coinsAt = new Map((Array.isArray(view.coins) ? view.coins : []).map((c) => [key(c.at), c.coins]));
  const actionsAt = group(legal.filter((a) => Array.isArray(a.square)), (a) => a.square);
  const off = key(board.gateway_off);
  const closed = new Set((board.closed_gateways || []).map(key));
  const seen = new Set();

  const grid = h("div", {
    class: "tt-pu-board",
    role: "group",
    "aria-label": `Board seen from the side, ${width} squares wide and ${height} high (a1 is the top left)`,
    style: { "--tt-cols": String(width), "--tt-rows": String(height) },
  });
  grid.append(h("div", { class: "tt-pu-axis", "aria-hidden": "true" }));
  for (let x = 0; x < width; x++) {
    grid.append(h("div", { class: "tt-pu-axis", "aria-hidden": "true", text: squareName(x, 0).slice(0, -1) }));
  }
  for (let y = 0; y < height; y++) {
    const row = Array.isArray(squares[y]) ? squares[y] : [];
    grid.append(h("div", { class: "tt-pu-axis", "aria-hidden": "true", text: String(y + 1) }));
    for (let x = 0; x < width; x++) {
      const k = `${x},${y}`;
      const kind = typeof row[x] === "string" ? row[x] : "void";
      seen.add(kind);
      const classes = ["tt-pu-sq", `tt-pu-sq--${token(kind)}`];
      if (x % tile === 0) classes.push("tt-pu-sq--tile-left");
      if (y % tile === 0) classes.push("tt-pu-sq--tile-top");
      let what = SQUARE_NAMES[kind] || humanize(kind);
      let gate = null;
      if (kind === "gateway") {
        const isOff = k === off;
        const isClosed = closed.has(k);
        what += isClosed ? " (closed)" : isOff ? " (OFF)" : " (ON)";
        if (isOff || isClosed) classes.push("tt-pu-gate--off");
        gate = h("span", { class: "tt-pu-gate", "aria-hidden": "true", text: isClosed ? "SHUT" : isOff ? "OFF" : "" });
      }
      const here = charsAt.get(k) || [];
      const tokens = tokensAt.get(k) || [];
      const coins = coinsAt.get(k);
      const names = [what];
      for (const t of tokens) names.push(tokenName(t, byId));
      if (coins) names.push(`${coins} coin${coins === 1 ? "" : "s"}`);
      for (const c of here) names.push(charName(area, c, byId));
      if (chipsOf(here).length > 1) classes.push("tt-pu-sq--crowded");
      const actions = actionsAt.get(k) || [];
      const text = `${squareName(x, y)}: ${names.join("; ")}`;
      const attrs = { class: classes.join(" "), "data-x": x, "data-y": y, "data-kind": kind };
      const labels = actions.map((a) => String(a.label || a.id));
      let el;
      if (actions.length) {
        attrs.class += " tt-sq--action";
        attrs.type = "button";
        attrs["data-action-count"] = actions.length;
        if (actions.length === 1) attrs["data-action"] = actions[0].id;
        attrs.title = `${squareName(x, y)}: ${labels.join("\n")}`;
        attrs.onclick = () => (actions.length === 1 ? area.play(actions[0].id) : area.pointAtChoices(actions));
        el = h("button", attrs);
      } else {
        attrs.title = text;
        el = h("div", attrs, h("span", { class: "tt-pu-sr", text }));
      }
      el.style.setProperty("grid-column", String(x + 2));
      el.style.setProperty("grid-row", String(y + 2));
      // The chips are apart by spaces, which flex boxes do not draw, so that their words stay words ("DRUM
      // COVER", not "DRUMCOVER") for a tool that reads the square's text.
      if (gate) el.append(gate);
      if (tokens.length || coins) {
        el.append(
          " ",
          h(
            "span",
            { class: "tt-pu-sq__tokens", "aria-hidden": "true" },
            tokens.flatMap((t) => [tokenChip(t), " "]),
            coins ? h("span", { class: "tt-pu-token tt-pu-token--coins", text: `●${coins}` }) : null,
          ),
        );
      }
      if (here.length) {
        const chips = chipsOf(here).flatMap((g) => [charChip(area, g, byId), " "]);
        el.append(" ", h("span", { class: "tt-pu-sq__chars", "aria-hidden": "true" }, chips));
      }
      if (actions.length) {
        // A square to click is named by its name, what it shows ("BOT RED", "MAC ♥3"), the same in words,
        // then its choices (WCAG 2.5.3, label in name: a reader who sees the chips can say them to a
        // speech-input tool).
        const shown = el.textContent.replace(/\s+/g, " ").trim();
        const said = /[\p{L}\p{N}]/u.test(shown) ? `${squareName(x, y)}: ${shown} — ${names.join("; ")}` : text;
        el.setAttribute("aria-label", `${said}. ${labels.join(" / ")}`);
      }
      grid.append(el);
    }
  }
  // A board wider than the page scrolls inside this box, in the tab order while it does (dom.js scrollBox).
  const scroller = scrollBox(h("div", {
    class: "tt-pu-scroll",
    role: "region",
    "aria-label": "Board",
    style: { "--tt-pu-cols": String(width) },
  }, grid));
  area.boardBox.replaceChildren(scroller, legend(area, view, seen, legal));
}

function legend(area, view, seen, legal) {
  const list = h("ul", { class: "tt-legend tt-pu-legend", "aria-label": "Legend" });
  for (const s of Array.isArray(view.seats) ? view.seats : []) {
    list.append(h("li", { class: `tt-c-${area.seatColor(s.seat)}` }, h("span", { class: "tt-legend__dot" }), s.team ? `${s.name} (${s.team}${s.computer ? ", computer" : ""})` : s.name));
  }
  // A Deathmatch has no BUG until a Buggie Trap lets one out.
  if (!view.deathmatch || (view.chars || []).some((c) => c.side === "bug")) {
    list.append(h("li", {}, h("span", { class: "tt-pu-char tt-pu-char--bug tt-pu-legend__chip", text: "BUG" }), "BUG"));
  }
  if ((view.chars || []).some((c) => c.side === "npc")) {
    list.append(h("li", {}, h("span", { class: "tt-pu-char tt-pu-char--npc tt-pu-legend__chip", text: "NPC" }), "Non-player character"));
  }
  list.append(h("li", {}, h("span", { class: "tt-pu-legend__mark", text: "◀ ▶" }), "facing"), h("li", {}, h("span", { class: "tt-pu-legend__mark", text: "♥" }), "lives"));
  if ((view.chars || []).some((c) => c.dizzy)) list.append(h("li", {}, h("span", { class: "tt-pu-legend__mark", text: "✶" }), "dizzy"));
  for (const kind of Object.keys(SQUARE_NAMES)) {
    if (kind === "open" || !seen.has(kind)) continue;
    list.append(
      h(
        "li",
        { "data-legend": kind },
        h("span", { class: `tt-legend__sq tt-pu-sq tt-pu-sq--${kind}`, "aria-hidden": "true" }),
        `${SQUARE_NAMES[kind]}${SQUARE_HINTS[kind] ? `: ${SQUARE_HINTS[kind]}` : ""}`,
      ),
    );
  }
  const kinds = new Set((view.tokens || []).map((t) => t.kind));
  if (kinds.has("powerup")) {
    list.append(h("li", {}, h("span", { class: "tt-pu-token tt-pu-token--powerup tt-pu-token--on", text: "★ ON" }), "POWERUP ON: enter it to reach the store"));
    list.append(h("li", {}, h("span", { class: "tt-pu-token tt-pu-token--powerup tt-pu-token--off", text: "★ OFF" }), "POWERUP OFF"));
  }
  for (const kind of ["drum", "cover", "fire", "turret", "secret"]) {
    if (kinds.has(kind)) list.append(h("li", {}, tokenChip({ kind, on: false, facing: "right" }), TOKEN_NAMES[kind]));
  }
  for (const t of (view.tokens || []).filter((x) => x.kind === "robot")) {
    list.append(h("li", {}, tokenChip(t), t.name || TOKEN_NAMES.robot));
  }
  if ((view.coins || []).length) list.append(h("li", {}, h("span", { class: "tt-pu-token tt-pu-token--coins", text: "●" }), "coins"));
  if (legal.some((a) => Array.isArray(a.square))) {
    list.append(h("li", {}, h("span", { class: "tt-legend__sq tt-pu-sq tt-sq--action tt-pu-legend__click", "aria-hidden": "true" }), "click a highlighted square to move, jump or act there"));
  }
  return list;
}

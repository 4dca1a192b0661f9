// Mechs vs. Minions renderer: the board (squares with their kinds, zones and Lava, the pieces, a piece
// over several squares such as the Boss, squares a choice can be clicked on) and its legend.

import { h, humanize, token } from "../../dom.js";

export const FACINGS = new Set(["up", "right", "down", "left"]);

// Mission zones (a square's `zone`): legend names, in the order the legend lists them.
const ZONES = {
  "spawn-zone": "Spawn zone",
  "starting-line": "Starting line",
  "assembly-zone": "Assembly zone",
  "bomb-deploy-zone": "Bomb deploy zone",
  "safety-zone": "Safety zone",
  "magma-chamber-entrance": "Magma Chamber entrance",
};

// Square kinds the legend explains (open squares need no entry).
const SQUARE_NAMES = {
  "mech-start": "Starting space",
  "rune-space": "Rune Space",
  "rune-gate": "Rune Gate",
  school: "School",
  "repair-pad": "Repair Pad",
  "oil-slick": "Oil Slick",
  "lava-pool": "Lava Pool",
  "massive-boulder": "Massive Boulder",
};

// Pieces the legend explains besides the Mechs (listed by name): what each token drawn on the board is.
const PIECE_NAMES = {
  minion: { glyph: "m", name: "Minion" },
  "crystal-shard": { glyph: "◆", name: "Crystal Shard" },
  bomb: { glyph: "3", name: "Bomb (its health)" },
  boss: { glyph: "BOSS", name: "The Boss (2 × 2 spaces)" },
};

/** A choice hovered or focused, on the board: the pieces it moves or turns where they end (its
 *  `preview`), else the squares it names (where an attack hits). */
export function previewOnBoard(area, action, on) {
  if (action.preview) previewPieces(area, action, on);
  else if (Array.isArray(action.square)) previewSquare(area, action.square, action, on);
  for (const square of Array.isArray(action.squares) ? action.squares : []) previewSquare(area, square, action, on);
}

/** The board's square [x, y], or null. */
function squareAt(area, square) {
  if (!Array.isArray(square) || square.length !== 2) return null;
  return area.boardBox.querySelector(`.tt-board .tt-sq[data-x="${Number(square[0])}"][data-y="${Number(square[1])}"]`);
}

function previewSquare(area, square, action, on) {
  const el = squareAt(area, square);
  if (!el) return;
  el.classList.toggle("tt-sq--preview", on);
  el.classList.toggle(`tt-preview--${token(action.kind)}`, on);
  if (on) el.style.setProperty("--tt-preview", `var(--tt-${area.seatColor(action.seat)}, var(--tt-grey))`);
}

/** What a move or a turn would do (the engine's `preview`), drawn while its choice is hovered or focused:
 *  each piece that moves or turns shown where it ends, faint where it stands; the Minions and Crystal
 *  Shards it would stomp crossed out; the squares the card then attacks hatched. `on` false takes it all
 *  away. */
function previewPieces(area, action, on) {
  const board = area.boardBox.querySelector(".tt-board");
  if (!board) return;
  for (const el of board.querySelectorAll(".tt-piece--ghost")) el.remove();
  for (const el of board.querySelectorAll(".tt-piece--leaving")) el.classList.remove("tt-piece--leaving");
  for (const el of board.querySelectorAll(".tt-sq--ends, .tt-sq--gone, .tt-sq--hit")) {
    el.classList.remove("tt-sq--ends", "tt-sq--gone", "tt-sq--hit", "tt-preview--chosen");
  }
  const preview = action.preview;
  if (!on || !preview || !Array.isArray(preview.pieces)) return;
  const pieces = (area.state.view || {}).pieces || [];
  preview.pieces.forEach((moved, n) => {
    const piece = pieces.find((p) => p && p.kind === moved.kind && (moved.kind !== "mech" || p.seat === moved.seat));
    const from = squareAt(area, moved.from);
    const to = squareAt(area, moved.to);
    if (!piece || !to) return;
    const selector = moved.kind === "mech" ? `.tt-piece--mech[data-seat="${Number(moved.seat)}"]` : `.tt-piece--${token(moved.kind)}`;
    const standing = from ? from.querySelector(selector) : null;
    if (standing) standing.classList.add("tt-piece--leaving");
    const ghost = pieceToken(area, moved.facing ? { ...piece, facing: moved.facing } : piece);
    ghost.classList.add("tt-piece--ghost");
    ghost.removeAttribute("role");
    ghost.removeAttribute("aria-label");
    ghost.setAttribute("aria-hidden", "true");
    to.append(ghost);
    to.classList.add("tt-sq--ends");
    if (n === 0) to.classList.add("tt-preview--chosen");
  });
  for (const sq of Array.isArray(preview.gone) ? preview.gone : []) {
    const el = squareAt(area, sq);
    if (el) el.classList.add("tt-sq--gone");
  }
  for (const sq of Array.isArray(preview.hits) ? preview.hits : []) {
    const el = squareAt(area, sq);
    if (el) el.classList.add("tt-sq--hit");
  }
}

/** Column letters, as the engine's labels name squares ("c1" is x=2, y=0). */
function columnName(x) {
  return x < 26 ? String.fromCharCode(97 + x) : `x${x}`;
}

export function renderBoard(area) {
  const view = area.state.view || {};
  const board = view.board || {};
  const width = Math.max(1, Math.min(40, Number(board.width) || 1));
  const height = Math.max(1, Math.min(40, Number(board.height) || 1));
  const squares = Array.isArray(board.squares) ? board.squares : [];

  const bySquare = new Map();
  for (const action of area.state.legal || []) {
    if (!Array.isArray(action.square) || action.square.length !== 2) continue;
    const key = `${action.square[0]},${action.square[1]}`;
    if (!bySquare.has(key)) bySquare.set(key, []);
    bySquare.get(key).push(action);
  }
  const piecesAt = new Map();
  const covers = new Map(); // squares under a large piece (the Boss): key -> piece
  const large = [];
  for (const piece of view.pieces || []) {
    if (!piece || typeof piece !== "object") continue;
    const size = Math.max(1, Math.min(4, Number(piece.size) || 1));
    if (size > 1 && Number.isInteger(piece.x) && Number.isInteger(piece.y)) {
      large.push({ piece, size });
      for (let dy = 0; dy < size; dy++) for (let dx = 0; dx < size; dx++) covers.set(`${piece.x + dx},${piece.y + dy}`, piece);
      continue;
    }
    const key = `${piece.x},${piece.y}`;
    if (!piecesAt.has(key)) piecesAt.set(key, []);
    piecesAt.get(key).push(piece);
  }
  const lava = view.lava_wall && typeof view.lava_wall === "object" ? view.lava_wall : null;
  const lavaSquares = new Set();
  if (lava && Array.isArray(lava.covered)) {
    for (const sq of lava.covered) if (Array.isArray(sq) && sq.length === 2) lavaSquares.add(`${sq[0]},${sq[1]}`);
  }

  const grid = h("div", {
    class: `tt-board${width > 8 ? " tt-board--wide" : ""}`,
    role: "group",
    "aria-label": `Board, ${width} by ${height}`,
    style: { "--tt-cols": String(width), "--tt-rows": String(height) },
  });
  const at = (col, row) => ({ "grid-column": String(col), "grid-row": String(row) });
  // Column letters and row numbers. Every cell is placed explicitly, so a 2x2 Boss can lie over four squares.
  grid.append(h("div", { class: "tt-axis", "aria-hidden": "true", style: at(1, 1) }));
  for (let x = 0; x < width; x++) {
    grid.append(h("div", { class: "tt-axis", "aria-hidden": "true", text: columnName(x), style: at(x + 2, 1) }));
  }
  const seen = { kinds: new Set(), zones: new Set(), gates: new Set() };
  for (let y = 0; y < height; y++) {
    const row = Array.isArray(squares[y]) ? squares[y] : [];
    grid.append(h("div", { class: "tt-axis", "aria-hidden": "true", text: String(y + 1), style: at(1, y + 2) }));
    for (let x = 0; x < width; x++) {
      if (!row[x] || typeof row[x] !== "object") {
        // no Map Tile here (a board that is not a rectangle, Mission 2's T): nothing to draw
        grid.append(h("div", { class: "tt-sq tt-sq--none", "aria-hidden": "true", style: at(x + 2, y + 2) }));
        continue;
      }
      const key = `${x},${y}`;
      const el = squareView(area, row[x], x, y, {
        actions: bySquare.get(key) || [],
        pieces: piecesAt.get(key) || [],
        under: covers.get(key),
        lava: lavaSquares.has(key),
        seen,
      });
      el.style.setProperty("grid-column", String(x + 2));
      el.style.setProperty("grid-row", String(y + 2));
      grid.append(el);
    }
  }
  for (const { piece, size } of large) grid.append(largePieceToken(piece, size, width, height));
  area.mainBox.classList.toggle("tt-main--wide", width > 8);
  area.boardBox.replaceChildren(grid, legend(area, view, seen, lava, lavaSquares.size > 0));
}

/** One square: a button when a choice can be made on it, else a plain cell; named in words. */
function squareView(area, square, x, y, { actions, pieces, under, lava, seen }) {
  const kind = token(square.kind || "open");
  if (kind !== "open") seen.kinds.add(kind);
  const classes = [`tt-sq`, `tt-sq--${kind}`];
  let what = SQUARE_NAMES[kind] || humanize(square.kind || "open");
  if (square.color) {
    classes.push(`tt-c-${token(square.color)}`);
    what += ` (${square.color})`;
  }
  if (kind === "rune-gate") {
    const closed = square.closed === true; // the view's word: its Rune is active
    classes.push(closed ? "tt-gate--closed" : "tt-gate--open");
    what = `${humanize(String(square.color || ""))} Rune Gate, ${closed ? "closed" : "open"}`.trim();
    seen.gates.add(closed ? "closed" : "open");
  }
  if (Array.isArray(square.spikes) && square.spikes.length) {
    for (const side of square.spikes) if (FACINGS.has(side)) classes.push(`tt-spikes--${side}`);
    what += `, Spike Wall ${square.spikes.filter((s) => FACINGS.has(s)).join(" and ")}`;
  }
  const names = [what];
  if (square.zone) {
    const zone = token(square.zone);
    classes.push("tt-zone", `tt-zone--${zone}`);
    seen.zones.add(zone);
    names.push(ZONES[zone] || humanize(square.zone));
  }
  if (lava) {
    classes.push("tt-sq--lava");
    names.push("Lava Wall");
  }
  if (under) names.push(pieceName(under));
  for (const piece of pieces) names.push(pieceName(piece));
  const attrs = { class: classes.join(" "), "data-x": x, "data-y": y };
  if (square.zone) attrs["data-zone"] = square.zone;
  let el;
  if (actions.length) {
    attrs.class += " tt-sq--action";
    attrs.type = "button";
    attrs["data-action-count"] = actions.length;
    if (actions.length === 1) attrs["data-action"] = actions[0].id;
    const labels = actions.map((a) => a.label || a.id);
    attrs["aria-label"] = `${columnName(x)}${y + 1}: ${names.join(", ")}: ${labels.join(" / ")}`;
    attrs.title = labels.join("\n");
    attrs.onclick = () => (actions.length === 1 ? area.play(actions[0].id) : area.pointAtChoices(actions));
    if (actions.length === 1) {
      const show = (on) => () => previewOnBoard(area, actions[0], on);
      Object.assign(attrs, { onmouseenter: show(true), onmouseleave: show(false), onfocus: show(true), onblur: show(false) });
    }
    el = h("button", attrs);
  } else {
    attrs.title = `${columnName(x)}${y + 1}: ${names.join(", ")}`;
    el = h("div", attrs);
  }
  for (const piece of pieces) el.append(pieceToken(area, piece));
  return el;
}

function legend(area, view, seen, lava, lavaDrawn) {
  const list = h("ul", { class: "tt-legend", "aria-label": "Legend" });
  for (const s of view.seats || []) {
    list.append(h("li", { class: `tt-c-${token(s.color)}` }, h("span", { class: "tt-legend__dot" }), s.name));
  }
  for (const kind of Object.keys(SQUARE_NAMES)) {
    if (!seen.kinds.has(kind)) continue;
    let name = SQUARE_NAMES[kind];
    if (kind === "rune-gate") {
      const open = seen.gates.has("open");
      name += open && !seen.gates.has("closed") ? " (open)" : open ? " (solid: closed, faint: open)" : " (closed)";
    }
    list.append(h("li", { "data-legend": kind }, h("span", { class: `tt-legend__sq tt-sq--${kind}`, "aria-hidden": "true" }), name));
  }
  for (const zone of Object.keys(ZONES).concat([...seen.zones].filter((z) => !(z in ZONES)))) {
    if (!seen.zones.has(zone)) continue;
    list.append(
      h(
        "li",
        { "data-legend": zone },
        h("span", { class: `tt-legend__sq tt-zone tt-zone--${zone}`, "aria-hidden": "true" }),
        ZONES[zone] || humanize(zone),
      ),
    );
  }
  if (lavaDrawn || lava) {
    list.append(h("li", { "data-legend": "lava-wall" }, h("span", { class: "tt-legend__sq tt-sq--lava", "aria-hidden": "true" }), "Lava Wall"));
  }
  const kinds = new Set((view.pieces || []).filter((p) => p && typeof p === "object").map((p) => p.kind));
  for (const [kind, piece] of Object.entries(PIECE_NAMES)) {
    if (!kinds.has(kind)) continue;
    list.append(h("li", { "data-legend": kind }, h("span", { class: `tt-legend__piece tt-legend__piece--${kind}`, "aria-hidden": "true", text: piece.glyph }), piece.name));
  }
  if ((area.state.legal || []).some((a) => a && a.preview)) {
    list.append(h("li", { "data-legend": "preview" }, h("span", { class: "tt-legend__ghost", "aria-hidden": "true" }), "Where the choice you point at leaves a piece"));
  }
  if ((view.pieces || []).some((p) => p && p.kind === "mech" && p.carrying)) {
    list.append(h("li", { "data-legend": "carrying" }, h("span", { class: "tt-legend__shard", "aria-hidden": "true", text: "◆" }), "Mech carrying a Crystal Shard"));
  }
  return list;
}

/** A piece that covers size x size squares (the Boss), laid over the board's grid. */
function largePieceToken(piece, size, width, height) {
  const x = Math.max(0, Math.min(width - 1, piece.x));
  const y = Math.max(0, Math.min(height - 1, piece.y));
  const spanX = Math.max(1, Math.min(size, width - x));
  const spanY = Math.max(1, Math.min(size, height - y));
  const facing = token(piece.facing || "");
  const known = FACINGS.has(facing);
  const label = pieceName(piece);
  const health = Number.isFinite(Number(piece.health)) ? String(piece.health) : "";
  return h(
    "div",
    {
      class: `tt-piece tt-piece--${token(piece.kind)} tt-piece--large tt-facing--${known ? facing : "unknown"}`,
      role: "img",
      "aria-label": label,
      title: label,
      "data-kind": piece.kind,
      "data-x": piece.x,
      "data-y": piece.y,
      "data-facing": known ? facing : "",
      style: { "grid-column": `${x + 2} / span ${spanX}`, "grid-row": `${y + 2} / span ${spanY}` },
    },
    h("span", { class: "tt-piece__facing", "aria-hidden": "true" }, h("span", { class: "tt-piece__body" }), known ? h("span", { class: "tt-piece__arrow" }) : null),
    h(
      "span",
      { class: "tt-piece__label", "aria-hidden": "true" },
      h("span", { class: "tt-piece__name", text: piece.kind === "boss" ? "BOSS" : humanize(piece.kind) }),
      health ? h("span", { class: "tt-piece__health", text: `♥ ${health}${piece.max ? `/${piece.max}` : ""}` }) : null,
    ),
  );
}

function pieceName(piece) {
  if (piece.kind === "mech") {
    return `${piece.name || "Mech"}'s Mech facing ${piece.facing || "?"}${piece.carrying ? ", carrying a Crystal Shard" : ""}`;
  }
  if (piece.kind === "boss") {
    const health = piece.health !== undefined && piece.health !== null ? `, health ${piece.health}${piece.max ? ` of ${piece.max}` : ""}` : "";
    return `The Boss${FACINGS.has(piece.facing) ? ` facing ${piece.facing}` : ""}${health}`;
  }
  if (piece.kind === "bomb") return `Bomb, health ${Number.isInteger(piece.health) ? piece.health : "?"}`;
  if (piece.kind === "crystal-shard" && piece.locked) return "Crystal Shard, locked";
  return humanize(piece.kind || "piece");
}

function pieceToken(area, piece) {
  const kind = token(piece.kind || "piece");
  if (piece.kind === "mech") {
    const name = String(piece.name || "Mech");
    const facing = token(piece.facing || "up");
    const known = FACINGS.has(facing);
    const label = `${name}, facing ${known ? facing : "?"}${piece.carrying ? ", carrying a Crystal Shard" : ""}`;
    // The body is a drop with its point towards the facing, plus an arrowhead beyond
    // that point; both turn with the facing, the initials stay upright.
    return h(
      "span",
      {
        class: `tt-piece tt-piece--mech tt-c-${area.seatColor(piece.seat)} tt-facing--${known ? facing : "unknown"}${piece.carrying ? " tt-piece--carrying" : ""}`,
        role: "img",
        "aria-label": label,
        title: label,
        "data-seat": piece.seat,
        "data-facing": facing,
        "data-carrying": piece.carrying ? "true" : null,
      },
      h(
        "span",
        { class: "tt-piece__facing", "aria-hidden": "true" },
        h("span", { class: "tt-piece__body" }),
        known ? h("span", { class: "tt-piece__arrow" }) : null,
      ),
      h("span", { class: "tt-piece__label", "aria-hidden": "true", text: name.slice(0, 2) }),
      piece.carrying ? h("span", { class: "tt-piece__carried", "aria-hidden": "true", text: "◆" }) : null,
    );
  }
  if (piece.kind === "bomb") {
    const health = Number.isInteger(piece.health) ? piece.health : "?";
    const label = `Bomb, health ${health}`;
    return h("span", { class: "tt-piece tt-piece--bomb", role: "img", "aria-label": label, title: label, text: String(health) });
  }
  const glyph = { minion: "m", "crystal-shard": "◆" }[piece.kind] || "•";
  return h("span", {
    class: `tt-piece tt-piece--${kind}${piece.locked ? " tt-piece--locked" : ""}`,
    title: pieceName(piece),
    text: glyph,
  });
}

// Mechs vs. Minions renderer: draws what engine/mvm's view() says (docs-dev/CONTRACTS.md, "view() for
// Mechs vs. Minions"): the header (objective, prompt, the slot being executed, the trackers), the
// mission strip, the board, the draft with Zhonya's Minuteglass, the Boss and the Command Lines.
// The shell (../shell.js) draws the toolbar, the outcome, the Choices and the log.

import { h, humanize } from "../dom.js";
import { fact } from "../widgets.js";
import { previewOnBoard, renderBoard } from "./mechs-vs-minions/board.js";
import { renderBoss } from "./mechs-vs-minions/boss.js";
import { card, cardChip, cardText, cardTitle, cardWithText, executing } from "./mechs-vs-minions/cards.js";
import { previewSlot, renderCommandLines } from "./mechs-vs-minions/command-lines.js";
import { renderTrackers } from "./mechs-vs-minions/trackers.js";

export const CHOICE_HEADINGS = {
  setup: "Setup",
  draft: "Draft: pick a card",
  program: "Program a card into a slot",
  scrap: "Scrap a card",
  turn: "Turn",
  move: "Move",
  distance: "Distance",
  target: "Target",
  done: "Finish",
  mode: "Mode: normal or EZ-MODE",
  "boss-pick": "Boss draft: program one Boss Card",
  "boss-face": "The Boss's facing",
  "boss-remove": "Remove a Boss Command Card",
  color: "Colour",
  "schematic-repair": "Schematic: repair",
  schematic: "Schematic Cards",
  damage: "Damage",
  repair: "Repair Pad",
};

// Names of the engine's trackers (view.trackers); unknown ones are humanized.
const TRACKER_NAMES = {
  minion_kills: "Minion kills",
  crystal_shards: "Crystal Shards",
  minions: "Minions",
  command_deck: "Command deck",
  command_discard: "Discard pile",
  damage_deck: "Damage deck",
  bomb_health: "Bomb health",
  kill_tracker: "Kill Tracker",
  team_gears: "Team Gears",
  overdrive: "Overdrive",
};

const PHASES = {
  setup: "Setup",
  draft: "Draft Command Cards",
  program: "Program Command Lines",
  execute: "Execute Command Lines",
  minion: "Minion Phase",
  over: "Game over",
};

// Zhonya's Minuteglass: the action the engine offers in a timed draft, played when the sand runs out.
const DRAFT_TIMEOUT = "draft:timeout";

/** The Mechs: names and colours for the log and the Choices. */
export function seats(view) {
  return Array.isArray(view.seats) ? view.seats : [];
}

/** The game's own boxes beside the board, under the Choices: the draft and the Boss. */
export function setup(area) {
  area.missionBox.setAttribute("aria-label", "Mission trackers");
  area.seatsBox.setAttribute("aria-label", "Command Lines");
  const draft = h("section", { class: "tt-draft", "aria-label": "Draft" });
  const boss = h("section", { class: "tt-boss", "aria-label": "The Boss", hidden: true });
  area.sideBox.append(draft, boss);
  return { draft, boss };
}

export function render(area, own) {
  renderHeader(area);
  renderTrackers(area);
  renderBoard(area);
  renderDraft(area, own.draft);
  renderBoss(area, own.boss);
  renderCommandLines(area);
}

// ---------------------------------------------------------------- the Choices box

/** "For <card> in <Mech>'s slot n": the card a choice inside a Command Line slot belongs to. */
export function choicesIntro(area) {
  const e = executing(area);
  if (!e) return null;
  return h(
    "p",
    { class: "tt-asking" },
    "For ",
    e.card ? cardChip(area, e.card, { power: e.power }) : null,
    ` in ${area.seatName(e.seat)}'s slot ${e.slot}`,
  );
}

export function choiceCard(area, cardId, withText) {
  return withText ? cardWithText(area, cardId) : cardChip(area, cardId);
}

/** Choices of a card the player has not seen in a Command Line yet (a Boss Card to program, a
 *  Schematic Card): the card's text is written on the button, not only in its tooltip. */
export function choiceDetail(area, action, kind) {
  if (!action.card) return null;
  const deck = card(area, action.card).deck;
  const shows = kind === "boss-pick" || kind === "schematic" || deck === "boss-cards" || deck === "schematic-cards";
  return shows ? cardText(area, action.card) : null;
}

export function choiceTitle(area, action) {
  const label = String(action.label || action.id);
  const log = action.preview && Array.isArray(action.preview.log) ? action.preview.log.filter((l) => typeof l === "string") : [];
  const said = log.length ? `\n\n${log.map((l) => (/[.!?)]$/.test(l) ? l : `${l}.`)).join(" ")}` : "";
  return action.card ? `${label}\n\n${cardTitle(area, action.card)}${said}` : `${label}${said}`;
}

/** Programming is chosen in two steps: a card of the hand, then one of the six slots for it. */
export function twoStep(kind) {
  return kind === "program" ? { card: "1. Choose a card", choice: "2. Choose a slot for it" } : null;
}

/** A choice, hovered or focused, shows on the table what it does: where a move or a turn leaves each
 *  piece it moves (the engine's `preview`: pushes, slides, stomps), the square an attack hits (its
 *  `square`) or the squares (`squares`), the Command Line slot a card goes into. */
export function previewChoice(area, action, on) {
  previewOnBoard(area, action, on);
  if (action.kind === "program" && Number.isInteger(action.slot)) previewSlot(area, action, on);
}

/** Program a card: one button per slot ("Slot 3", with the engine's note such as "overrides Speed"). */
export function choiceShort(action, kind) {
  if (kind !== "program" || !Number.isInteger(action.slot)) return null;
  const note = /\(([^()]{1,40})\)\s*$/.exec(String(action.label || action.id));
  return { text: `Slot ${action.slot}`, note: note ? note[1] : null };
}

// ---------------------------------------------------------------- header and draft

function renderHeader(area) {
  const view = area.state.view || {};
  const facts = h("dl", { class: "tt-facts" });
  const add = (name, value, key = null, extraClass = "") => {
    const item = fact(name, value, { key, extraClass });
    if (item) facts.append(item);
  };
  add("Round", view.round);
  add("Phase", PHASES[view.phase] || humanize(view.phase || ""));
  if (view.first_player !== undefined && view.first_player !== null) add("First player", area.seatName(view.first_player));
  const trackers = view.trackers && typeof view.trackers === "object" ? view.trackers : {};
  for (const [key, value] of Object.entries(trackers)) {
    if (key === "round") continue;
    const name = TRACKER_NAMES[key] || humanize(key);
    if (key === "overdrive") add(name, value ? "ON!" : "not yet", key, value ? "tt-fact--hot" : "");
    else add(name, trackerText(value), key);
  }
  const title = view.ez === true
    ? h("p", { class: "tt-modeline" }, h("span", { class: "tt-ez", title: "The mission is played with its EZ-MODE values", text: "EZ-MODE" }))
    : null;
  const parts = [
    title,
    view.objective ? h("p", { class: "tt-objective" }, h("strong", { text: "Objective: " }), view.objective) : null,
    h("p", { class: "tt-prompt", "aria-live": "polite", text: area.state.over ? "The game is over." : view.prompt || "" }),
    executingLine(area),
    facts,
  ];
  area.headerBox.replaceChildren(...parts.filter(Boolean)); // replaceChildren would write "null"
}

/** A tracker's value as text: numbers and words as they are, yes/no, {a: 1} as "a 1". */
function trackerText(value) {
  if (value === true) return "yes";
  if (value === false) return "no";
  if (Array.isArray(value)) return value.map(trackerText).join(", ");
  if (value && typeof value === "object") {
    return Object.entries(value)
      .map(([k, v]) => `${humanize(k)} ${trackerText(v)}`)
      .join(", ");
  }
  return String(value);
}

/** Which Command Line slot the current choice belongs to, with the card's active power. */
function executingLine(area) {
  const e = executing(area);
  if (!e) return null;
  const line = h(
    "p",
    { class: `tt-executing tt-c-${area.seatColor(e.seat)}` },
    h("span", { class: "tt-executing__badge", text: "executing" }),
    h("span", { class: "tt-executing__where", text: `${area.seatName(e.seat)}'s slot ${e.slot}` }),
  );
  if (e.card) {
    const c = card(area, e.card);
    line.append(cardChip(area, e.card, { power: e.power }));
    const powers = Array.isArray(c.powers) ? c.powers : [];
    const text = e.power && powers[e.power - 1] ? String(powers[e.power - 1]) : c.text ? String(c.text) : "";
    if (e.power) line.append(h("span", { class: "tt-executing__power", text: `Power ${e.power}` }));
    if (text) line.append(h("span", { class: "tt-executing__text", text }));
  }
  return line;
}

function renderDraft(area, box) {
  const draft = area.state.view && area.state.view.draft;
  box.hidden = !draft;
  if (!draft) {
    box.replaceChildren();
    return;
  }
  const pickable = new Map();
  for (const action of area.state.legal || []) {
    if (action.kind === "draft" && action.card && !pickable.has(action.card)) pickable.set(action.card, action.id);
  }
  const dealt = h("div", { class: "tt-cards" });
  for (const id of draft.dealt || []) {
    const actionId = pickable.get(id);
    dealt.append(cardChip(area, id, { onclick: actionId ? () => area.play(actionId) : null }));
  }
  box.replaceChildren(h("h3", { class: "tt-h", text: "Draft" }), dealt);
  if (draft.picks_left !== undefined) box.append(h("p", { class: "tt-muted", text: `Picks left: ${draft.picks_left}` }));
  // A timed draft: one glass per Round (a new Round is a new draft, and the sand restarts).
  area.showTimer(box, {
    key: String(area.state.view.round),
    seconds: draft.timer_seconds,
    action: DRAFT_TIMEOUT,
    name: "Zhonya's Minuteglass",
    title: "When the sand runs out, the remaining picks are dealt at random",
    label: "Timed draft (this game)",
  });
}


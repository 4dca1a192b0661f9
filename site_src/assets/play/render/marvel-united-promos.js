// Marvel United renderer: draws what engine/mu's view() says (engine/mu/game.py view): the Villain,
// the Missions, the ring of six Locations (slots, Threats, Heroes, the Villain), the Storyline, the
// Heroes and the current Hero's hand. The shell (../shell.js) draws the toolbar, the outcome, the
// Choices and the log. All text goes into the page through textContent.

import { h, humanize, scrollBox, token } from "../dom.js";
import { fact, meter, panel } from "../widgets.js";

export const CHOICE_HEADINGS = {
  hero: "Choose a Hero",
  mode: "Game mode",
  play: "Play a card to the Storyline",
  move: "Move",
  attack: "Attack",
  heroic: "Heroic Action",
  token: "Spend an Action token",
  effect: "Special effect",
  location: "Location effect (ends the turn)",
  end: "End the turn",
  damage: "Damage: put a card under your deck",
  "hit-target": "Who takes the damage?",
  push: "Pushed away",
};

const SYMBOL_NAMES = { move: "Move", attack: "Attack", heroic: "Heroic", wild: "Wild" };
const TOKEN_NAMES = { move: "Move", attack: "Attack", heroic: "Heroic", wild: "Wild", "attack-heroic": "Attack or Heroic" };
const MODE_NAMES = { "super-villain": "Super Villain mode", commander: "Commander Solo Mode" };
const STORYLINE_SHOWN = 9; // the newest Storyline cards drawn (the whole line is in the log)

// The site's provenance badges (site.css): a card the source flags as uncertain, or one that is ours.
const BADGES = {
  uncertain: "The source itself flags this as uncertain",
  adapted: "Not in the source: added so the game can be played",
};

function badge(status) {
  if (!BADGES[status]) return null;
  return h("span", { class: `tome-badge tome-badge--${status}`, title: BADGES[status], text: status });
}

function symbols(list, extraClass = "") {
  const items = (Array.isArray(list) ? list : []).map((s) =>
    h("li", { class: `tt-mu-sym tt-mu-sym--${token(s)}`, text: SYMBOL_NAMES[s] || humanize(s) }),
  );
  if (!items.length) items.push(h("li", { class: "tt-mu-sym tt-mu-sym--none", text: "no symbols" }));
  return h("ul", { class: `tt-mu-syms ${extraClass}`.trim(), "aria-label": "Symbols" }, items);
}

function marks(list) {
  const items = (Array.isArray(list) ? list : []).filter((m) => m && m.name);
  if (!items.length) return null;
  return h(
    "ul",
    { class: "tt-mu-marks" },
    items.map((m) => h("li", { class: "tt-mu-mark", text: m.count !== undefined && m.count !== null ? `${m.name} ×${m.count}` : m.name })),
  );
}

/** Header: the mode, the prompt, the Villain's Health, the next Villain turn, the tracks. */
function header(area, view) {
  const villain = view.villain || {};
  const facts = h("dl", { class: "tt-facts" });
  facts.append(
    fact(`${villain.name || "Villain"} Health`, `${villain.health} / ${villain.max}`, { extraClass: villain.vulnerable ? "tt-fact--hot" : "" }),
    fact("Vulnerable", villain.vulnerable ? "yes: Attacks in its Location damage it" : "not yet (complete the Missions)"),
    fact("Next Villain turn", villain.next_turn_in === 0 ? "now" : `after ${villain.next_turn_in} more Hero card${villain.next_turn_in === 1 ? "" : "s"}`),
    fact("Master Plan deck", `${villain.plan_deck} card${villain.plan_deck === 1 ? "" : "s"}`),
  );
  if (Array.isArray(villain.sewer) && villain.sewer.length === 2) {
    facts.append(fact("On the Sewer token between", villain.sewer.map((id) => locationName(view, id)).join(" and ")));
  }
  if (villain.under_pressure) {
    const every = Number(villain.every);
    const nth = { 1: "1st", 2: "2nd", 3: "3rd" }[every] || `${every}th`;
    facts.append(fact("Under Pressure", `a Villain turn every ${nth} Hero card`, { extraClass: "tt-fact--hot" }));
  }
  for (const track of Array.isArray(villain.tracks) ? villain.tracks : []) {
    const range = track.max !== undefined && track.max !== null ? ` / ${track.max}` : "";
    const item = fact(track.name || humanize(track.id || "track"), `${track.value}${range}`);
    if (track.text) item.title = String(track.text);
    facts.append(item);
  }
  const mode = MODE_NAMES[view.mode];
  area.headerBox.replaceChildren(
    ...[
      mode ? h("p", { class: "tt-modeline" }, h("span", { class: `tt-ez tt-mu-mode tt-mu-mode--${token(view.mode)}`, text: mode })) : null,
      h("p", { class: "tt-prompt", "aria-live": "polite", text: area.state.over ? "The game is over." : view.prompt || "" }),
      facts,
    ].filter(Boolean),
  );
}

/** The three Missions (and a Villain's replacement Mission) as meters. */
function missions(area, view) {
  const list = Array.isArray(view.missions) ? view.missions : [];
  const done = list.filter((m) => m.complete).length;
  const items = list.map((m) =>
    h(
      "li",
      { class: `tt-mu-mission${m.complete ? " tt-mu-mission--done" : ""}` },
      h("span", { class: "tt-mu-mission__name", text: m.name }),
      meter(m.count, m.size, `${m.name}: ${m.count} of ${m.size}`),
      h("span", { class: "tt-mu-mission__count", text: m.complete ? "complete" : `${m.count} / ${m.size}` }),
    ),
  );
  const panels = [panel("tt-mu-missions", `Missions (${done} of ${list.length} complete)`, h("ul", { class: "tt-mu-mission-list" }, items))];
  const components = (Array.isArray(view.components) ? view.components : []).filter((c) => c && c.name);
  if (components.length) {
    panels.push(
      panel(
        "tt-mu-components",
        "In play",
        h(
          "ul",
          { class: "tt-mu-component-list" },
          components.map((c) => {
            const where = [];
            if (c.location) where.push(locationName(view, c.location));
            if (c.seat !== undefined && c.seat !== null) where.push(area.seatName(c.seat));
            const count = c.count !== undefined && c.count !== null ? ` ×${c.count}` : "";
            return h(
              "li",
              { class: "tt-mu-component" },
              h("strong", { text: `${c.name}${count}` }),
              where.length ? h("span", { class: "tt-muted", text: ` (${where.join(", ")})` }) : null,
              c.text ? h("span", { class: "tt-mu-component__text", text: `: ${c.text}` }) : null,
            );
          }),
        ),
      ),
    );
  }
  area.missionBox.hidden = false;
  area.missionBox.replaceChildren(...panels);
}

function locationName(view, id) {
  const loc = (view.locations || []).find((l) => l.id === id);
  return loc ? loc.name : String(id);
}

function slots(loc) {
  const tokens = Array.isArray(loc.tokens) ? loc.tokens : [];
  const civilians = tokens.filter((t) => t === "civilian").length;
  const thugs = tokens.filter((t) => t === "thug").length;
  return h(
    "ol",
    {
      class: "tt-mu-slots",
      "aria-label": `${civilians} Civilian${civilians === 1 ? "" : "s"}, ${thugs} Thug${thugs === 1 ? "" : "s"}, ${tokens.length - civilians - thugs} empty slot${tokens.length - civilians - thugs === 1 ? "" : "s"}`,
    },
    tokens.map((t) =>
      h("li", {
        class: `tt-mu-slot tt-mu-slot--${t ? token(t) : "empty"}`,
        title: t ? humanize(t) : "Empty slot",
        "aria-hidden": "true",
        text: t === "civilian" ? "C" : t === "thug" ? "T" : "",
      }),
    ),
  );
}

/** A Location's Threat. Its text is printed once per ring: where the same Threat lies on an earlier
 *  Location (Klaw's six Solid Sound Body cards), the card names it and keeps the text as its title. */
function threat(loc, firstAt) {
  const t = loc.threat;
  if (!t) return null;
  const earlier = firstAt.get(t.name);
  if (earlier === undefined) firstAt.set(t.name, loc.index);
  const henchman = t.clear_with === "attack";
  let need = henchman ? `Henchman: ${t.left} Health left` : `${t.left} of ${t.needed} Heroic Actions to clear`;
  if (t.clearable === false) need = "Cannot be cleared";
  return h(
    "div",
    { class: `tt-mu-threat${henchman ? " tt-mu-threat--henchman" : ""}`, title: String(t.text || "") },
    h("strong", { class: "tt-mu-threat__name", text: `Threat: ${t.name}` }, " ", badge(t.status)),
    h("span", { class: "tt-mu-threat__need", text: need }),
    earlier === undefined
      ? h("span", { class: "tt-mu-threat__text", text: t.text || "" })
      : h("span", { class: "tt-mu-threat__same", text: `Same Threat as Location ${earlier + 1}` }),
  );
}

/** The ring of Locations, clockwise: top row left to right, bottom row right to left. */
function ring(area, view) {
  const locations = Array.isArray(view.locations) ? view.locations : [];
  const villain = view.villain || {};
  const list = h("ol", { class: "tt-mu-ring", "aria-label": "The Locations, clockwise" });
  const firstAt = new Map(); // a Threat's name -> the index of the first Location it lies on
  locations.forEach((loc, index) => {
    const heroes = (view.heroes || []).filter((x) => (loc.heroes || []).includes(x.seat));
    const item = h(
      "li",
      {
        class: `tt-mu-loc tt-mu-loc--${index}${loc.villain ? " tt-mu-loc--villain" : ""}`,
        "data-location": loc.id,
      },
      h(
        "div",
        { class: "tt-mu-loc__head" },
        h("span", { class: "tt-mu-loc__index", "aria-hidden": "true", text: String(index + 1) }),
        h("strong", { class: "tt-mu-loc__name", text: loc.name }),
      ),
      loc.villain ? h("div", { class: "tt-mu-villain", text: `▼ ${villain.name || "The Villain"} is here` }) : null,
      slots(loc),
      threat({ ...loc, index }, firstAt),
      loc.end_of_turn
        ? h("p", { class: `tt-mu-loc__effect${loc.covered ? " tt-mu-loc__effect--covered" : ""}` },
          h("span", { class: "tt-mu-loc__label", text: loc.covered ? "End of turn (covered by the Threat): " : "End of turn: " }),
          loc.end_of_turn)
        : null,
      marks(loc.marks),
      heroes.length
        ? h(
          "ul",
          { class: "tt-mu-loc__heroes", "aria-label": "Heroes here" },
          heroes.map((x) =>
            h("li", { class: `tt-mu-hero tt-c-${area.seatColor(x.seat)}${x.ko ? " tt-mu-hero--ko" : ""}`, text: x.ko ? `${x.name} (KO)` : x.name }),
          ),
        )
        : null,
    );
    list.append(item);
  });
  return h("section", { class: "tt-mu-board", "aria-label": "The ring of Locations" }, list, storyline(area, view));
}

function storyCard(area, entry, index, total) {
  const newest = index === total - 1;
  if (entry.kind === "hero" && entry.facedown) {
    return h(
      "li",
      { class: `tt-mu-story tt-mu-story--hero tt-mu-story--facedown tt-c-${area.seatColor(entry.seat)}` },
      h("span", { class: "tt-mu-story__who", text: area.seatName(entry.seat) }),
      h("strong", { text: "Hero card (facedown)" }),
    );
  }
  if (entry.kind === "hero") {
    return h(
      "li",
      { class: `tt-mu-story tt-mu-story--hero tt-c-${area.seatColor(entry.seat)}${newest ? " tt-mu-story--newest" : ""}`, title: entry.effect || "" },
      h("span", { class: "tt-mu-story__who", text: area.seatName(entry.seat) }),
      h("strong", { class: "tt-mu-story__name", text: entry.name }),
      symbols(entry.symbols, "tt-mu-syms--small"),
    );
  }
  if (entry.facedown) {
    return h("li", { class: "tt-mu-story tt-mu-story--facedown" }, h("strong", { text: "Master Plan (facedown)" }));
  }
  return h(
    "li",
    { class: `tt-mu-story tt-mu-story--plan${newest ? " tt-mu-story--newest" : ""}`, title: entry.text || "" },
    h("span", { class: "tt-mu-story__who", text: `Master Plan ${entry.number}` }, " ", badge(entry.status)),
    entry.bam ? h("strong", { class: "tt-mu-bam", text: "BAM!" }) : null,
    h("span", { class: "tt-mu-story__text", text: entry.text || "" }),
  );
}

function storyline(area, view) {
  const all = Array.isArray(view.storyline) ? view.storyline : [];
  const shown = all.slice(-STORYLINE_SHOWN);
  const hidden = all.length - shown.length;
  return h(
    "div",
    { class: "tt-mu-storyline" },
    h("h3", { class: "tt-h", text: `Storyline (${all.length} card${all.length === 1 ? "" : "s"})` }),
    hidden ? h("p", { class: "tt-muted", text: `${hidden} older card${hidden === 1 ? "" : "s"} to the left (in the log)` }) : null,
    shown.length
      ? scrollBox(h(
        "ol",
        // it scrolls sideways on a narrow screen: in the tab order then (dom.js scrollBox)
        { class: "tt-mu-story-list", start: String(hidden + 1), "aria-label": "Storyline cards" },
        shown.map((e, i) => storyCard(area, e, i, shown.length)),
      ))
      : h("p", { class: "tt-muted", text: "No card yet." }),
  );
}

function handCard(card) {
  return h(
    "li",
    { class: "tt-mu-card" },
    h("strong", { class: "tt-mu-card__name", text: card.name }),
    symbols(card.symbols),
    card.effect ? h("span", { class: "tt-mu-card__effect", text: card.effect }) : null,
  );
}

/** The Heroes: where they are, cards, tokens; the current Hero's hand and turn. */
function heroes(area, view) {
  const turn = view.turn;
  const blocks = (view.heroes || []).map((x) => {
    const tokens = Object.entries(x.tokens || {}).filter(([, n]) => n > 0);
    const current = view.current === x.seat;
    const block = h(
      "article",
      { class: `tt-seat tt-mu-seat tt-c-${area.seatColor(x.seat)}${current ? " tt-seat--current" : ""}`, "aria-label": x.name },
      h(
        "h3",
        { class: "tt-seat__name" },
        x.name,
        x.ko ? h("span", { class: "tt-mu-flag tt-mu-flag--ko", text: "KO" }) : null,
        x.invulnerable ? h("span", { class: "tt-mu-flag", text: "Invulnerable" }) : null,
      ),
      h(
        "dl",
        { class: "tt-facts tt-facts--small" },
        fact("At", x.position ? locationName(view, x.position) : "—"),
        fact("Hand", x.hand_count),
        fact("Deck", x.deck_count),
        tokens.length ? fact("Action tokens", tokens.map(([k, n]) => `${TOKEN_NAMES[k] || humanize(k)} ×${n}`).join(", ")) : null,
        (x.cleared_threats || []).length ? fact("Cleared Threats", x.cleared_threats.length) : null,
      ),
      marks(x.marks),
    );
    if (current && turn && turn.seat === x.seat) {
      block.append(
        h(
          "div",
          { class: "tt-mu-turn" },
          h("span", { class: "tt-mu-turn__label", text: "Symbols left this turn: " }),
          symbols(turn.symbols),
          turn.effect_used ? null : h("span", { class: "tt-muted", text: " (special effect not used yet)" }),
        ),
      );
    }
    if (Array.isArray(x.hand)) {
      block.append(
        h("h4", { class: "tt-mu-hand__title", text: `${x.name}'s hand` }),
        x.hand.length ? h("ul", { class: "tt-mu-hand" }, x.hand.map(handCard)) : h("p", { class: "tt-muted", text: "No cards in hand." }),
      );
    }
    return block;
  });
  area.seatsBox.replaceChildren(h("h3", { class: "tt-h", text: "Heroes" }), h("div", { class: "tt-seat-list" }, blocks));
}

/** A Hero card to play: what it does, written on its button (the label gives its name and symbols). */
export function choiceDetail(area, action, kind) {
  if (kind !== "play" || !action.card) return null;
  const view = area.state.view || {};
  for (const hero of Array.isArray(view.heroes) ? view.heroes : []) {
    const card = (Array.isArray(hero.hand) ? hero.hand : []).find((c) => c && c.id === action.card);
    if (!card) continue;
    return card.effect ? String(card.effect) : "No special effect: its symbols only";
  }
  return null;
}

/** The Heroes, coloured by seat: names and colours for the log and the Choices. */
export function seats(view) {
  return Array.isArray(view.heroes) ? view.heroes.map((x) => ({ seat: x.seat, name: x.name, color: `seat-${x.seat}` })) : [];
}

/** Once: the ring's layout (the Choices beside it when there is room) and the boxes' names. */
export function setup(area) {
  area.game.classList.add("tt-game--mu");
  area.mainBox.classList.add("tt-main--mu");
  area.missionBox.setAttribute("aria-label", "Missions");
  area.seatsBox.setAttribute("aria-label", "Heroes");
  return {};
}

/** Draw everything but the toolbar, the outcome, the Choices and the log (the shell draws those). */
export function render(area) {
  const view = area.state.view || {};
  header(area, view);
  missions(area, view);
  area.boardBox.replaceChildren(ring(area, view));
  const story = area.boardBox.querySelector(".tt-mu-story-list");
  if (story) story.scrollLeft = story.scrollWidth; // the newest card is on the right
  heroes(area, view);
}

// POWERUP renderer: each BUGBUSTER's sheet (lives, AP, ammunition, reaction points, armor, dice, equipped
// weapons, pack, POW! hand with its EPIC letters, coins, score), and the words for a weapon.

import { h, humanize } from "../../dom.js";
import { fact, meter } from "../../widgets.js";

const CATEGORY = { melee: "Melee", distance: "Distance", armor: "Armor" };
const DAMAGE = { piercing: "piercing", electric: "electric", fire: "fire" };

function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** "2 white + 1 yellow" for {white: 2, yellow: 1}. */
export function diceText(dice) {
  if (!dice || typeof dice !== "object") return "";
  const parts = [];
  if (dice.white) parts.push(`${dice.white} white`);
  if (dice.yellow) parts.push(`${dice.yellow} yellow`);
  return parts.length ? `${parts.join(" + ")} ${dice.white + dice.yellow === 1 ? "die" : "dice"}` : "no dice";
}

/** A weapon in words: "+1 white die, range 3, piercing; PUSH 2". */
export function weaponText(w) {
  if (!w) return "";
  const parts = [];
  if (w.dice && (w.dice.white || w.dice.yellow)) parts.push(`+${diceText(w.dice)}`);
  if (w.range === "yellow-die") parts.push("range: the hits of a yellow die");
  else if (w.range) parts.push(`range ${w.range}`);
  if (w.damage) parts.push(`${DAMAGE[w.damage] || humanize(w.damage)} damage`);
  if (w.armor) parts.push(`+${w.armor} armor`);
  if (w.speed) parts.push(`speed ${w.speed}`);
  if (w.blast) parts.push(`${humanize(w.blast)} blast`);
  const specials = Array.isArray(w.specials) ? w.specials.map((s) => s.name) : [];
  return [parts.join(", "), specials.join(", ")].filter(Boolean).join("; ");
}

function letterBadge(letter) {
  if (!letter) return null;
  const wild = letter === "wild";
  return h("span", {
    class: `tt-pu-letter${wild ? " tt-pu-letter--wild" : ""}`,
    title: wild ? "Wild EPIC letter: counts as any of E, P, I, C" : `EPIC letter ${letter}`,
    text: wild ? "★" : String(letter),
  });
}

function powCard(card) {
  return h(
    "li",
    { class: "tt-pu-pow", "data-card": card.id },
    h(
      "div",
      { class: "tt-pu-pow__head" },
      letterBadge(card.letter),
      h("strong", { class: "tt-pu-pow__name", text: card.name }),
      card.type ? h("span", { class: "tt-pu-pow__type", text: humanize(card.type) }) : null,
    ),
    card.text ? h("p", { class: "tt-pu-pow__text", text: card.text }) : null,
  );
}

function counter(name, value, max, keyName) {
  const item = fact(name, max !== undefined && max !== null ? `${value} / ${max}` : value, { key: keyName });
  if (item && max) item.querySelector("dd").append(" ", meter(Number(value) || 0, Math.max(Number(max) || 1, Number(value) || 0), `${name}: ${value} of ${max}`));
  return item;
}

function sheet(area, b) {
  const flags = [];
  if (b.acting) flags.push(h("span", { class: "tt-badge tt-badge--turn", text: "playing now" }));
  else if (b.played) flags.push(h("span", { class: "tt-badge", text: "played this turn" }));
  if (b.epic) flags.push(h("span", { class: "tt-badge tt-pu-badge--epic", text: "EPIC" }));
  if (b.down) flags.push(h("span", { class: "tt-badge tt-pu-badge--down", text: "down" }));
  if (b.untouchable) flags.push(h("span", { class: "tt-badge", text: "untouchable" }));
  if (b.protected) flags.push(h("span", { class: "tt-badge", title: "It cannot attack or be attacked until its first action", text: "protected" }));
  if (b.computer) flags.unshift(h("span", { class: "tt-badge", title: "The computer plays this BUGBUSTER", text: "computer" }));
  if (b.team) flags.unshift(h("span", { class: "tt-badge tt-pu-badge--team", text: b.team }));
  const facts = h(
    "dl",
    { class: "tt-facts tt-facts--small tt-pu-counters" },
    counter("Lives", b.lives, b.max_lives, "lives"),
    fact("AP", b.acting ? `${b.ap} left` : b.ap, { key: "ap" }),
    counter("Ammo", b.ammo, b.max_ammo, "ammo"),
    counter("Reaction points", b.reaction, b.max_reaction, "reaction"),
    fact("Armor", b.armor, { key: "armor" }),
    fact("Coins", b.coins, { key: "coins" }),
    fact("Score", b.score, { key: "score" }),
  );
  const dice = h(
    "p",
    { class: "tt-pu-dice" },
    h("span", { text: `Melee: ${diceText(b.melee)}` }),
    h("span", { text: `Ranged: ${diceText(b.ranged)}` }),
  );
  const weapons = Object.entries(b.weapons || {});
  const weaponList = weapons.length
    ? h(
      "ul",
      { class: "tt-pu-weapons", "aria-label": "Equipped" },
      weapons.map(([cat, w]) =>
        h(
          "li",
          {},
          h("span", { class: "tt-pu-weapon__cat", text: `${CATEGORY[cat] || humanize(cat)}: ` }),
          h("strong", { text: w.name }),
          weaponText(w) ? h("span", { class: "tt-muted", text: ` (${weaponText(w)})` }) : null,
        ),
      ),
    )
    : h("p", { class: "tt-muted", text: "No weapon equipped." });
  const pack = (b.pack || []).length ? h("p", { class: "tt-pu-pack", text: `Pack: ${b.pack.join(", ")}` }) : null;
  const keeps = (b.keeps || []).length ? h("p", { class: "tt-pu-keeps", text: `Keeps: ${tally(b.keeps)}` }) : null;
  const hand = Array.isArray(b.hand) ? b.hand : [];
  const profession = b.profession
    ? h("p", { class: "tt-pu-profession" }, h("strong", { text: `${b.profession.name}: ${b.profession.ability}` }), b.profession.text ? ` — ${b.profession.text}` : "")
    : null;
  return h(
    "article",
    {
      class: `tt-seat tt-pu-seat tt-c-${area.seatColor(b.seat)}${b.acting ? " tt-seat--current" : ""}${b.down ? " tt-pu-seat--down" : ""}`,
      "aria-label": `${b.name}'s sheet`,
      "data-seat": b.seat,
    },
    h("h3", { class: "tt-seat__name" }, b.name, ...flags),
    facts,
    dice,
    weaponList,
    pack,
    keeps,
    profession,
    h("h4", { class: "tt-pu-hand__title", text: `POW! cards (${plural(hand.length, "card")})` }),
    hand.length ? h("ul", { class: "tt-pu-hand" }, hand.map(powCard)) : h("p", { class: "tt-muted", text: "No POW! cards." }),
  );
}

export function renderSheets(area) {
  const view = area.state.view || {};
  const busters = Array.isArray(view.busters) ? view.busters : [];
  area.seatsBox.replaceChildren(
    h("h3", { class: "tt-h", text: "BUGBUSTERs" }),
    busters.length
      ? h("div", { class: "tt-seat-list tt-pu-seat-list" }, busters.map((b) => sheet(area, b)))
      : h("p", { class: "tt-muted", text: "No BUGBUSTER chosen yet: each player picks one in the Choices." }),
  );
}

/** "Goal Token A, 2 face-down tokens": equal names counted once. */
function tally(names) {
  const counts = new Map();
  for (const name of names) counts.set(name, (counts.get(name) || 0) + 1);
  return [...counts].map(([name, n]) => (n === 1 ? name : `${n} ${name.replace(/^an? /, "").replace(/token$/, "tokens")}`)).join(", ");
}

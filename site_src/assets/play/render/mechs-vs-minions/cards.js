// Mechs vs. Minions renderer: cards as the view's `cards` describes them (Command, Damage, Boss and
// Schematic Cards), and the card a choice inside a Command Line slot belongs to.

import { h, humanize, token } from "../../dom.js";

export function card(area, id) {
  const cards = (area.state && area.state.view && area.state.view.cards) || {};
  return cards[id] || { name: String(id) };
}

/** A card's tooltip: name, facts, every power (the active one marked) or its text. */
export function cardTitle(area, id, power = null) {
  const c = card(area, id);
  const lines = [c.name || String(id)];
  const facts = [c.element, c.kind, c.type].filter(Boolean).map(humanize);
  if (facts.length) lines[0] += ` (${facts.join(", ")})`;
  if (Array.isArray(c.powers)) {
    c.powers.forEach((text, i) => {
      const mark = power === i + 1 ? "▶ " : "";
      lines.push(`${mark}Power ${i + 1}: ${text}`);
    });
  }
  if (c.text) lines.push(String(c.text));
  return lines.join("\n");
}

/** A card's text at a power (Command and Boss cards with powers), else its text. */
export function cardText(area, id, power = null) {
  const c = card(area, id);
  const powers = Array.isArray(c.powers) ? c.powers : [];
  if (powers.length) {
    const n = Math.max(1, Math.min(powers.length, Number(power) || 1));
    return String(powers[n - 1]);
  }
  return c.text ? String(c.text) : "";
}

export function cardChip(area, id, { power = null, tag = "span", onclick = null, extraClass = "" } = {}) {
  const c = card(area, id);
  const color = token(c.color || c.element || (c.deck === "damage-cards" ? "damage" : "none"));
  const attrs = {
    class: `tt-card tt-c-${color} ${c.deck === "damage-cards" ? "tt-card--damage" : ""} ${extraClass}`.trim(),
    title: cardTitle(area, id, power),
    "data-card": id,
  };
  if (onclick) {
    attrs.type = "button";
    attrs.onclick = onclick;
  }
  return h(onclick ? "button" : tag, attrs, h("span", { class: "tt-card__name", text: c.name || id }));
}

/** A card chip with its text written out under it (Boss cards, Schematic Cards). */
export function cardWithText(area, id, onclick = null) {
  const text = cardText(area, id);
  return h(
    "div",
    { class: "tt-cardtext", "data-card": id },
    cardChip(area, id, { onclick }),
    text ? h("span", { class: "tt-cardtext__text", text }) : null,
  );
}

/** view.executing, checked: {seat, slot, card, power} (power: the slot's, as the view gives it) or null. */
export function executing(area) {
  const view = (area.state && area.state.view) || {};
  const e = view.executing;
  if (area.state.over || !e || typeof e !== "object") return null;
  if (!Number.isInteger(e.seat) || !Number.isInteger(e.slot)) return null;
  const seat = (view.seats || []).find((s) => s.seat === e.seat);
  const slot = seat && (seat.slots || []).find((s) => s.slot === e.slot);
  const power = slot ? Number(slot.power) || null : null;
  return { seat: e.seat, slot: e.slot, card: typeof e.card === "string" && e.card ? e.card : null, power };
}

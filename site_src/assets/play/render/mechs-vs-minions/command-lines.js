// Mechs vs. Minions renderer: each Mech's panel under the board (its six-slot Command Line with the
// executing slot marked, hand, System Damage, shields and Schematic Cards).

import { h, humanize, token } from "../../dom.js";
import { card, cardChip, executing } from "./cards.js";

/** The Command Line slot a programming choice goes into, marked while the choice is hovered or focused. */
export function previewSlot(area, action, on) {
  const el = area.seatsBox.querySelector(`.tt-seat[data-seat="${Number(action.seat)}"] .tt-slot[data-slot="${Number(action.slot)}"]`);
  if (el) el.classList.toggle("tt-slot--preview", on);
}

/** A seat's programming choices: {cards offered, the picked card, slot number -> its choice}. */
function programming(area, seat) {
  const mine = (area.state.legal || []).filter((a) => a.kind === "program" && a.seat === seat && a.card);
  if (!mine.length) return null;
  const cards = [...new Set(mine.map((a) => a.card))];
  const picked = cards.length > 1 ? area.pickedCard("program", seat, cards) : cards[0];
  const slots = new Map(mine.filter((a) => a.card === picked && Number.isInteger(a.slot)).map((a) => [a.slot, a]));
  return { cards, picked, slots };
}

export function renderCommandLines(area) {
  const view = area.state.view || {};
  const box = area.seatsBox;
  box.replaceChildren(h("h3", { class: "tt-h", text: "Command Lines" }));
  const now = executing(area);
  for (const seat of view.seats || []) {
    const prog = area.busy || area.state.over ? null : programming(area, seat.seat);
    const marks = [];
    if (seat.seat === view.first_player) marks.push(h("span", { class: "tt-badge", title: "First player (Zhonya's Minuteglass)", text: "first" }));
    if (!area.state.over && seat.seat === view.to_move) marks.push(h("span", { class: "tt-badge tt-badge--turn", text: "to move" }));
    const panel = h(
      "div",
      { class: `tt-seat tt-c-${token(seat.color)}`, "data-seat": seat.seat },
      h("h4", { class: "tt-seat__name" }, h("span", { class: "tt-legend__dot" }), seat.name || `Seat ${seat.seat + 1}`, ...marks),
    );
    const slots = h("ol", { class: "tt-slots", "aria-label": `${seat.name}'s Command Line` });
    for (const slot of seat.slots || []) {
      const li = slotView(area, slot, now !== null && now.seat === seat.seat && now.slot === slot.slot);
      const choice = prog && prog.slots.get(slot.slot);
      if (choice) {
        // A click on the slot programs the picked card there (the Choices' button does the same by keyboard).
        li.classList.add("tt-slot--target");
        li.dataset.slotAction = choice.id;
        li.title = String(choice.label || choice.id);
        li.addEventListener("click", () => area.play(choice.id));
      }
      slots.append(li);
    }
    panel.append(slots);

    const hand = seat.hand || [];
    const handCard = (id) => {
      if (!prog || prog.cards.length < 2 || !prog.cards.includes(id)) return cardChip(area, id);
      // A card to program: a click picks it (step 1), its slots light up.
      const on = id === prog.picked;
      const chip = cardChip(area, id, { onclick: () => area.pickCard("program", seat.seat, id), extraClass: `tt-card--pick${on ? " tt-card--picked" : ""}` });
      chip.setAttribute("aria-pressed", on ? "true" : "false");
      chip.tabIndex = -1; // the keyboard's way is the Choices' card buttons
      return chip;
    };
    panel.append(
      h(
        "div",
        { class: "tt-row" },
        h("span", { class: "tt-row__label", text: "Hand:" }),
        hand.length ? h("span", { class: "tt-cards" }, hand.map(handCard)) : h("span", { class: "tt-muted", text: "empty" }),
      ),
    );
    const system = seat.system_damage || [];
    if (system.length) {
      panel.append(
        h(
          "div",
          { class: "tt-row" },
          h("span", { class: "tt-row__label", text: "System damage:" }),
          h("span", { class: "tt-cards" }, system.map((id) => cardChip(area, damageId(id)))),
        ),
      );
    }
    if (seat.shields) panel.append(h("div", { class: "tt-row", text: `Shields: ${seat.shields}` }));
    const schematics = Array.isArray(seat.schematics) ? seat.schematics.filter((x) => x && typeof x === "object") : [];
    if (schematics.length) {
      panel.append(
        h(
          "div",
          { class: "tt-row tt-row--schematics" },
          h("span", { class: "tt-row__label", text: "Schematics:" }),
          h("span", { class: "tt-schematics" }, schematics.map(schematicView)),
        ),
      );
    }
    box.append(panel);
  }
}

/** A Schematic Card: face down (type and Team Gears needed) until active; then its text; used ones dimmed. */
function schematicView(schematic) {
  const type = schematic.type ? humanize(schematic.type) : "Schematic";
  const gears = Number(schematic.gears);
  const needs = Number.isFinite(gears) ? `needs ${gears} Team Gear${gears === 1 ? "" : "s"}` : "";
  const name = String(schematic.name || schematic.id || "Schematic");
  const active = schematic.active === true;
  const used = schematic.used === true;
  const state = used ? "used" : active ? "active" : "face down";
  const title = [`${name} (${type} Schematic, ${state})`, needs, schematic.text ? String(schematic.text) : ""]
    .filter(Boolean)
    .join("\n");
  const box = h("span", {
    class: `tt-schematic tt-schematic--${token(schematic.type || "none")} ${active ? "tt-schematic--active" : "tt-schematic--down"}${used ? " tt-schematic--used" : ""}`,
    "data-schematic": schematic.id || name,
    "data-state": state,
    title,
  });
  box.append(h("span", { class: "tt-schematic__type", text: type }));
  if (active) {
    box.append(h("span", { class: "tt-schematic__name", text: name }));
    if (schematic.text) box.append(h("span", { class: "tt-schematic__text", text: String(schematic.text) }));
  } else {
    box.append(h("span", { class: "tt-schematic__name", text: `Face down · ${name}` }));
  }
  box.append(h("span", { class: "tt-schematic__gears", text: used ? `used · ${needs}` : needs }));
  return box;
}

function damageId(damage) {
  if (damage && typeof damage === "object") return damage.card || damage.id || "damage";
  return damage;
}

function slotView(area, slot, isExecuting = false) {
  const cards = Array.isArray(slot.cards) ? slot.cards : [];
  const top = cards.length ? cards[cards.length - 1] : null;
  const power = Number(slot.power) || 0;
  const damage = slot.damage ? damageId(slot.damage) : null;
  const li = h("li", {
    class: `tt-slot${damage ? " tt-slot--damaged" : ""}${top ? "" : " tt-slot--empty"}${isExecuting ? " tt-slot--executing" : ""}`,
    "data-slot": slot.slot,
    "aria-current": isExecuting ? "step" : null,
  });
  li.append(h("span", { class: "tt-slot__number", text: slot.slot }));
  if (isExecuting) li.append(h("span", { class: "tt-slot__executing", text: "executing" }));
  if (top) {
    li.append(cardChip(area, top, { power, extraClass: "tt-slot__top" }));
    li.append(h("span", { class: "tt-slot__power", title: `Power ${power}`, text: `P${power}` }));
    if (cards.length > 1) {
      const below = cards.slice(0, -1).reverse().map((id) => card(area, id).name || id);
      li.append(h("span", { class: "tt-slot__below", title: "Cards below the top card", text: `under: ${below.join(", ")}` }));
    }
  } else {
    li.append(h("span", { class: "tt-muted tt-slot__emptytext", text: "empty" }));
  }
  if (damage) li.append(cardChip(area, damage, { extraClass: "tt-slot__damage" }));
  if (Number(slot.shields) > 0) {
    li.append(h("span", { class: "tt-slot__shields", text: `Shield ×${Number(slot.shields)}` }));
  }
  return li;
}

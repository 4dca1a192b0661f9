// Mechs vs. Minions renderer: the Boss panel beside the board (health, facing, Rune Shields, Super
// Shield, the GG-101 Doom Cannon warning, the Boss Command Line and the Boss draft). Which slots charge
// the Doom Cannon is the view's word (boss.slots[].charged, boss.doom_cannon_power).

import { h, humanize, token } from "../../dom.js";
import { meter } from "../../widgets.js";
import { FACINGS } from "./board.js";
import { card, cardChip, cardText, cardWithText } from "./cards.js";
import { runeList } from "./trackers.js";

export function renderBoss(area, box) {
  const view = area.state.view || {};
  const boss = view.boss && typeof view.boss === "object" ? view.boss : null;
  box.hidden = !boss;
  if (!boss) {
    box.replaceChildren();
    return;
  }
  const piece = (view.pieces || []).find((p) => p && p.kind === "boss") || {};
  const health = Number(boss.health ?? piece.health);
  const max = Number(boss.max ?? piece.max);
  const parts = [h("h3", { class: "tt-h", text: "The Boss" })];
  const facts = h("div", { class: "tt-boss__facts" });
  if (Number.isFinite(health)) {
    const text = Number.isFinite(max) && max > 0 ? `${health} / ${max}` : String(health);
    facts.append(
      h(
        "span",
        { class: "tt-boss__health" },
        h("span", { class: "tt-row__label", text: "Health " }),
        h("strong", { class: "tt-boss__health-value", text }),
        Number.isFinite(max) && max > 0 ? meter(health, max, `Boss health ${health} of ${max}`, "tt-meter--boss") : null,
      ),
    );
  }
  if (FACINGS.has(piece.facing)) facts.append(h("span", { class: "tt-boss__facing", text: `facing ${piece.facing}` }));
  parts.push(facts);
  if (boss.shields && typeof boss.shields === "object") {
    parts.push(
      h(
        "div",
        { class: "tt-row tt-boss__shields" },
        h("span", { class: "tt-row__label", text: "Rune Shields:" }),
        runeList(boss.shields, "shield up", "shield down"),
      ),
    );
  }
  if (boss.super_shield === true) {
    parts.push(h("p", { class: "tt-super-shield", text: "Super Shield up: the Boss takes no damage until it is down." }));
  }
  const slots = Array.isArray(boss.slots) ? boss.slots : [];
  const charged = slots.filter((slot) => slot.charged === true);
  if (charged.length) {
    const which = charged.map((slot) => slot.slot).join(", ");
    const power = Number.isInteger(boss.doom_cannon_power) ? ` at ${boss.doom_cannon_power} Power` : "";
    parts.push(
      h("p", {
        class: "tt-doom-warning",
        role: "alert",
        text: `GG-101 Doom Cannon charged: slot ${which}${power}. If it is executed, you lose!`,
      }),
    );
  }
  if (slots.length) {
    parts.push(h("h4", { class: "tt-boss__line-title", text: "Boss Command Line" }));
    parts.push(h("ol", { class: "tt-slots tt-slots--boss", "aria-label": "Boss Command Line" }, slots.map((slot) => bossSlot(area, slot))));
  }
  if (Array.isArray(boss.draft) && boss.draft.length) {
    parts.push(
      h("h4", { class: "tt-boss__line-title", text: "Boss draft" }),
      h("div", { class: "tt-boss__draft" }, boss.draft.map((id) => cardWithText(area, id))),
    );
  }
  box.replaceChildren(...parts);
}

function bossSlot(area, slot) {
  const cards = Array.isArray(slot.cards) ? slot.cards : [];
  const top = cards.length ? cards[cards.length - 1] : null;
  const power = Number(slot.power) || 0;
  const charged = slot.charged === true;
  const element = slot.element ? String(slot.element) : "";
  const li = h("li", {
    class: `tt-slot tt-boss-slot tt-c-${token(element || "none")}${top ? "" : " tt-slot--empty"}${charged ? " tt-slot--doom" : ""}`,
    "data-slot": slot.slot,
    "data-power": power,
  });
  li.append(h("span", { class: "tt-slot__number", text: slot.slot }));
  if (element) li.append(h("span", { class: "tt-boss-slot__element", text: humanize(element) }));
  if (top) {
    li.append(cardChip(area, top, { power, extraClass: "tt-slot__top" }));
    li.append(h("span", { class: "tt-slot__power", title: `Power ${power}`, text: `P${power}` }));
    const text = cardText(area, top, power);
    if (text) li.append(h("span", { class: "tt-boss-slot__text", text }));
    if (cards.length > 1) {
      const below = cards.slice(0, -1).reverse().map((id) => card(area, id).name || id);
      li.append(h("span", { class: "tt-slot__below", title: "Cards below the top card", text: `under: ${below.join(", ")}` }));
    }
  } else {
    li.append(h("span", { class: "tt-boss-slot__default", text: slot.default ? `Default: ${slot.default}` : "empty" }));
  }
  if (charged) li.append(h("span", { class: "tt-doom-cannon", text: "Doom Cannon charged" }));
  return li;
}

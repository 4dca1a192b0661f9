// The TCG duel's cards as the page draws them: a card of a hand (coste, elemento, ataque/defensa, texto,
// Especialidad), an Amigo in the field (Vertical or Horizontal, current ataque/defensa, its Objeto) and the
// Active Hero (nivel, daño of vida, Energía Elemental). Each draws only what the view gives.

import { h, humanize, token } from "../../dom.js";
import { meter } from "../../widgets.js";
import { ELEMENTS, TYPES } from "./words.js";

export const elementWord = (e) => ELEMENTS[e] || humanize(e);
const typeWord = (t) => TYPES[t] || humanize(t);

/** The small line under a card's name: "Amigo · Fuego · coste 2". */
function kindLine(card) {
  const bits = [typeWord(card.tipo)];
  if (card.elemento) bits.push(elementWord(card.elemento));
  if (card.nivel !== undefined) bits.push(`Nivel ${card.nivel}`);
  if (card.coste !== undefined) bits.push(`coste ${card.coste}`);
  return bits.join(" · ");
}

function stats(ataque, defensa) {
  if (ataque === undefined && defensa === undefined) return null;
  return h(
    "span",
    { class: "tt-tcg-stats", "aria-label": `Ataque ${ataque ?? "—"}, Defensa ${defensa ?? "—"}` },
    h("span", { class: "tt-tcg-stat tt-tcg-stat--atk", text: `ATQ ${ataque ?? "—"}` }),
    h("span", { class: "tt-tcg-stat tt-tcg-stat--def", text: `DEF ${defensa ?? "—"}` }),
  );
}

/** A button when `onClick` is given (the card's action), else a plain box. */
function box(cls, card, onClick, ...children) {
  const attrs = { class: `tt-tcg-card ${cls} tt-tcg-el--${token(card.elemento || card.tipo)}`, "data-card": card.id };
  if (onClick) return h("button", { ...attrs, type: "button", onclick: onClick }, ...children);
  return h("div", attrs, ...children);
}

/** A card of a hand (or one shown, or set aside), `copies` times: everything it says. */
export function handCard(card, onClick = null, copies = 1) {
  const esp = card.especialidad;
  const el = box(
    "tt-tcg-card--hand",
    card,
    onClick,
    h(
      "span",
      { class: "tt-tcg-card__head" },
      h("strong", { class: "tt-tcg-card__name", text: card.nombre }),
      copies > 1 ? h("span", { class: "tt-tcg-card__copies", text: `×${copies}`, title: `${copies} copias` }) : null,
    ),
    h("span", { class: "tt-tcg-card__kind", text: kindLine(card) }),
    stats(card.ataque, card.defensa),
    card.texto ? h("span", { class: "tt-tcg-card__text", text: card.texto }) : null,
    esp
      ? h(
        "span",
        { class: "tt-tcg-card__esp" },
        h("strong", { text: `Especialidad${esp.coste ? ` (coste ${esp.coste})` : ""}: ` }),
        esp.texto || "",
      )
      : null,
  );
  el.dataset.copies = String(copies);
  return el;
}

/** An Amigo in the field: a landscape card when Horizontal, with a word saying so. */
export function fieldCard(friend, onClick = null) {
  const card = friend.carta || {};
  const el = box(
    `tt-tcg-card--field ${friend.vertical ? "tt-tcg-card--vertical" : "tt-tcg-card--horizontal"}`,
    card,
    onClick,
    h("strong", { class: "tt-tcg-card__name", text: card.nombre }),
    h("span", { class: "tt-tcg-card__pose", text: friend.vertical ? "Vertical" : "Horizontal (girado)" }),
    stats(friend.ataque, friend.defensa),
    friend.objeto
      ? h("span", { class: "tt-tcg-card__objeto" }, h("strong", { text: "Objeto: " }), friend.objeto.nombre)
      : null,
    friend.defensor ? null : h("span", { class: "tt-tcg-card__note", text: "No puede ser atacado" }),
  );
  el.dataset.uid = String(friend.uid);
  el.title = [card.texto, card.especialidad ? `Especialidad: ${card.especialidad.texto}` : null, friend.objeto ? `${friend.objeto.nombre}: ${friend.objeto.texto}` : null]
    .filter(Boolean)
    .join("\n");
  return el;
}

/** The Active Hero, or the note that its owner must place the next one. */
export function heroCard(seat, onClick = null) {
  const hero = seat.heroe;
  if (!hero) {
    const next = seat.siguiente_nivel;
    return h("div", { class: "tt-tcg-hero tt-tcg-hero--none" },
      h("strong", { text: "Sin Héroe Activo" }),
      next ? h("span", { text: ` — coloca uno de Nivel ${next} en su fase CFE/Héroe` }) : null);
  }
  const left = Math.max(0, hero.vida - hero.dano);
  return box(
    "tt-tcg-hero",
    hero,
    onClick,
    h("strong", { class: "tt-tcg-card__name", text: hero.nombre }),
    h("span", { class: "tt-tcg-card__kind", text: `Héroe · Nivel ${hero.nivel} · ${elementWord(hero.elemento)}` }),
    h("span", { class: "tt-tcg-hero__life", text: `Daño ${hero.dano} de ${hero.vida} (le quedan ${left})` }),
    meter(hero.dano, hero.vida, `Daño ${hero.dano} de ${hero.vida}`, "tt-tcg-hero__meter"),
    h("span", { class: "tt-tcg-hero__energy", text: `Energía Elemental ${hero.energia}` }),
  );
}

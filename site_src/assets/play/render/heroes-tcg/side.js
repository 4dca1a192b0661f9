// One side of the duel table: the seat's Hero, Héroes left, Amigos in the field, CFEs, counts of hand,
// Mazo and Descarte, the cards it showed its rival, and (for the seat whose hand the view holds) the hand.
// A card or an Amigo with legal actions on it is a button: one action is played, several are pointed at
// in the Choices.

import { h } from "../../dom.js";
import { fact } from "../../widgets.js";
import { fieldCard, handCard, heroCard } from "./cards.js";
import { plural } from "./words.js";

/** A click on a thing with these actions: play the only one, or point at them in the Choices. */
function clicker(area, actions) {
  if (!actions.length) return null;
  return () => (actions.length === 1 ? area.play(actions[0].id) : area.pointAtChoices(actions));
}

function seatLegal(area, seat) {
  return (area.state.legal || []).filter((a) => a.seat === seat.seat || a.seat === undefined);
}

/** The actions naming an Amigo of the field by its uid: its Especialidad, its attack, or it as a target. */
function friendActions(legal, friend, mine) {
  const ids = mine ? [`esp:${friend.uid}`, `atacar:${friend.uid}`] : [];
  ids.push(`objetivo:${friend.uid}`);
  return legal.filter((a) => ids.includes(String(a.id)));
}

/** The actions of a hand card (an Especialidad or an attack carries its Amigo's card id too). */
function handActions(legal, cardId) {
  return legal.filter((a) => a.card === cardId && !["esp", "atacar"].includes(a.kind));
}

/** Cards with their number of copies, in the order first met: the hand shows three CFEs once, "×3". */
function copies(cards) {
  const counted = new Map();
  for (const c of cards) {
    const seen = counted.get(c.id);
    counted.set(c.id, seen ? [seen[0], seen[1] + 1] : [c, 1]);
  }
  return [...counted.values()];
}

function cardList(title, cards, cls, open = false) {
  if (!cards || !cards.length) return null;
  return h(
    "details",
    { class: `tt-tcg-list ${cls}`, open },
    h("summary", { text: `${title} (${cards.length})` }),
    h("div", { class: "tt-tcg-row" }, copies(cards).map(([c, n]) => handCard(c, null, n))),
  );
}

/**
 * side: a seat of the view; mine: the seat at the bottom (the person's, or the seat to move in hot-seat);
 * hand: "show" (the hand as cards), "covered" (behind the pass-the-device screen `cover`) or "count".
 */
export function renderSide(area, side, { mine, hand, cover, toMove }) {
  const legal = area.state.legal || [];
  const own = seatLegal(area, side);
  const name = side.computadora && !/computadora/i.test(side.name) ? `${side.name} (Computadora)` : side.name;
  const facts = h("dl", { class: "tt-facts tt-tcg-facts" });
  const add = (label, value, key) => {
    const item = fact(label, value, { key });
    if (item) facts.append(item);
  };
  add("Mano", plural(side.mano_count, "carta", "cartas"), "mano");
  add("Mazo", plural(side.mazo_count, "carta", "cartas"), "mazo");
  add("Descarte", plural((side.descarte || []).length, "carta", "cartas"), "descarte");
  add("Héroes en el mazo", (side.mazo_de_heroes || []).length, "heroes");
  add("Héroes derrotados", (side.heroes_derrotados || []).length, "derrotados");
  const cfe = side.cfe || { prendidas: 0, apagadas: 0 };
  const cfes = h(
    "p",
    { class: "tt-tcg-cfe", "data-tracker": "cfe" },
    h("span", { class: "tt-tcg-cfe__on", text: `CFE Prendidas: ${cfe.prendidas}` }),
    h("span", { class: "tt-tcg-cfe__off", text: `CFE Apagadas: ${cfe.apagadas}` }),
  );

  const field = side.campo || [];
  const fieldBox = h(
    "div",
    // a list of the Amigos in play; empty, a group holding the sentence that says so (a list must hold items)
    { class: "tt-tcg-field", role: field.length ? "list" : "group", "aria-label": `Campo de ${side.name}` },
    field.length
      ? field.map((f) => h("div", { role: "listitem", class: "tt-tcg-slot" }, fieldCard(f, clicker(area, friendActions(legal, f, mine)))))
      : h("p", { class: "tt-muted", text: "Sin Amigos en el campo." }),
  );

  const heroAction = legal.filter((a) => a.id === "objetivo:heroe");
  const heroBox = heroCard(side, !mine && heroAction.length ? clicker(area, heroAction) : null);
  if (side.heroe) heroBox.title = side.heroe.texto || "";

  let handBox = null;
  if (hand === "covered") handBox = cover;
  else if (hand === "show" && Array.isArray(side.mano)) {
    handBox = h(
      "div",
      { class: "tt-tcg-hand" },
      h("h4", { class: "tt-tcg-h", text: `Tu mano (${side.mano.length})` }),
      h(
        "div",
        { class: "tt-tcg-row tt-tcg-row--hand" },
        copies(side.mano).map(([c, n]) => handCard(c, clicker(area, handActions(own, c.id)), n)),
      ),
    );
  }

  return h(
    "section",
    {
      class: `tt-tcg-side tt-tcg-side--${mine ? "mine" : "rival"}${toMove ? " tt-tcg-side--to-move" : ""}`,
      "data-seat": side.seat,
      "aria-label": name,
    },
    h(
      "div",
      { class: "tt-tcg-side__head" },
      h("h3", { class: `tt-tcg-side__name tt-c-${area.seatColor(side.seat)}`, text: name }),
      side.mazo ? h("span", { class: "tt-muted", text: side.mazo.nombre }) : null,
      toMove ? h("span", { class: "tt-tcg-badge", text: "Le toca" }) : null,
    ),
    h("div", { class: "tt-tcg-side__top" }, heroBox, h("div", {}, facts, cfes)),
    h("h4", { class: "tt-tcg-h", text: `Campo (${field.length})` }),
    fieldBox,
    cardList("Cartas mostradas al rival", side.revealed, "tt-tcg-revealed", true),
    cardList("Apartadas para el RD", side.apartadas, "tt-tcg-apartadas", true),
    cardList("Héroes que quedan en su Mazo de Héroes", side.mazo_de_heroes, "tt-tcg-heroes"),
    cardList("Descarte", side.descarte, "tt-tcg-discard"),
    handBox,
  );
}

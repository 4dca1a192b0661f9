// The Spanish hero TCG's duel (heroes-tcg/duelo): draws what engine/heroes_tcg's view() says
// (docs-dev/CONTRACTS.md, "view() for heroes-tcg"): the prompt, the turn and the six phases with the current
// one lit, the rival's side on top and the player's below (render/heroes-tcg/side.js). Hot-seat (two
// people): the table view holds the hand of the seat to move, so whenever that seat changes the hand and
// the Choices wait behind a "Pasa el dispositivo" screen until the next player asks to see them. The shell
// draws the toolbar, the outcome, the Choices and the log.

import { h } from "../dom.js";
import { renderSide } from "./heroes-tcg/side.js";
import { HEADINGS, LEVELS } from "./heroes-tcg/words.js";

export const CHOICE_HEADINGS = HEADINGS;

export function seats(view) {
  const list = Array.isArray(view.seats) ? view.seats : [];
  return list.map((s) => ({ seat: s.seat, name: s.name, color: `seat-${s.seat}` }));
}

export function setup(area) {
  area.game.classList.add("tt-game--tcg");
  area.mainBox.classList.add("tt-main--tcg");
  area.missionBox.setAttribute("aria-label", "Turno y fases");
  area.boardBox.setAttribute("aria-label", "La mesa");
  area.seatsBox.hidden = true; // both sides are drawn on the table
  return { shownSeat: null, gameNumber: null };
}

/** Hot-seat: is the seat to move's hand still to be revealed? Every game (a new one, a reload, a share
 *  link replayed) starts covered, so the first Hero choice is made behind the screen like the second. */
function covered(area, view, own, over) {
  if (own.gameNumber !== area.gameNumber) {
    own.gameNumber = area.gameNumber;
    own.shownSeat = null; // nobody has been shown a hand in this game yet
  }
  if (view.players !== 2 || over || view.to_move === null || view.to_move === undefined) return false;
  return own.shownSeat !== view.to_move;
}

function coverScreen(area, view, own) {
  const next = area.seatName(view.to_move);
  const other = area.seatName(1 - view.to_move);
  const button = h("button", {
    type: "button",
    class: "md-button md-button--primary tt-tcg-cover__show",
    onclick: () => {
      own.shownSeat = view.to_move;
      area.render();
      const first = area.actionsBox.querySelector("button");
      if (first) first.focus();
    },
  }, `Soy ${next}: ver mi mano`);
  queueMicrotask(() => button.isConnected && button.focus());
  return h(
    "div",
    { class: "tt-tcg-cover", role: "region", "aria-label": "Pasa el dispositivo" },
    h("h3", { class: "tt-tcg-cover__title", text: `Pasa el dispositivo a ${next}` }),
    h("p", { text: `${other}: no mires. La mano de ${next} y sus opciones aparecen al pulsar el botón.` }),
    button,
  );
}

export function render(area, own) {
  const view = area.state.view || {};
  const over = Boolean(area.state.over);
  const hidden = covered(area, view, own, over);
  area.actionsBox.hidden = hidden;
  renderHeader(area, view, over, hidden);
  renderPhases(area, view);
  const list = Array.isArray(view.seats) ? view.seats : [];
  const bottomSeat = view.players === 2 && !over ? view.to_move : view.computer ? 1 - view.computer.seat : 0;
  const mine = list.find((s) => s.seat === bottomSeat) || list[0];
  const rival = list.find((s) => s !== mine);
  const sides = [];
  if (rival) sides.push(renderSide(area, rival, { mine: false, hand: "count", toMove: view.to_move === rival.seat && !over }));
  if (mine) {
    sides.push(renderSide(area, mine, {
      mine: true,
      hand: hidden ? "covered" : "show",
      cover: hidden ? coverScreen(area, view, own) : null,
      toMove: view.to_move === mine.seat && !over,
    }));
  }
  area.boardBox.replaceChildren(h("div", { class: "tt-tcg-table" }, sides));
}

function renderHeader(area, view, over, hidden) {
  const parts = [];
  if (view.computer) {
    parts.push(h("p", { class: "tt-tcg-vs", text: `Contra la Computadora${view.computer.bot ? ` (nivel ${LEVELS[view.computer.bot] || view.computer.bot})` : ""}` }));
  } else if (view.players === 2) {
    parts.push(h("p", { class: "tt-tcg-vs", text: "Dos personas en este dispositivo" }));
  }
  let prompt = view.prompt || "";
  if (over) {
    const o = area.state.outcome || {};
    prompt = o.winner === null || o.winner === undefined ? "La partida terminó en empate." : `Gana ${area.seatName(o.winner)}.`;
  } else if (hidden) prompt = `Turno de ${area.seatName(view.to_move)}: pasa el dispositivo.`;
  parts.push(h("p", { class: "tt-prompt", "aria-live": "polite", text: prompt }));
  area.headerBox.replaceChildren(...parts);
}

function renderPhases(area, view) {
  const phases = Array.isArray(view.fases) ? view.fases : [];
  const current = view.fase ? view.fase.numero : null;
  const turn = view.turno;
  const line = turn
    ? `Turno ${turn.numero}: ${area.seatName(turn.seat)}${turn.primero ? " (su primer turno: sin ataques)" : ""}`
    : "Preparación del duelo";
  area.missionBox.hidden = false;
  area.missionBox.replaceChildren(h(
    "div",
    { class: "tt-tcg-strip" },
    h("p", { class: "tt-tcg-turn", text: line }),
    h(
      "ol",
      { class: "tt-tcg-phases" },
      phases.map((p) =>
        h("li", {
          class: `tt-tcg-phase${p.numero === current ? " tt-tcg-phase--now" : ""}`,
          "aria-current": p.numero === current ? "step" : null,
          text: `${p.numero}. ${p.nombre}`,
        }),
      ),
    ),
  ));
}

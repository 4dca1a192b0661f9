// tabletome Play area: the toolbar above the game (Undo, New game, Share link, which copies itself
// where the browser allows it) and the outcome box of a finished game (with Play again).

import { h, say, token } from "./dom.js";

export class Toolbar {
  constructor(area) {
    this.area = area;
    this.undoButton = h("button", { type: "button", class: "md-button tt-undo", onclick: () => area.undo() }, say("play_undo"));
    this.newButton = h("button", { type: "button", class: "md-button tt-new", onclick: () => area.newGame() }, say("play_new"));
    this.shareLink = h("a", { class: "md-button tt-share", href: "#", title: say("play_share_title") }, say("play_share"));
    this.shareLink.addEventListener("click", (event) => this.copyShareLink(event));
    this.copyNote = h("span", { class: "tt-copied", role: "status" });
    this.box = h("div", { class: "tt-toolbar" }, this.undoButton, this.newButton, this.shareLink, this.copyNote);
  }

  setBusy(busy) {
    const state = this.area.state;
    this.undoButton.disabled = busy || !state || !state.actions.length;
    this.newButton.disabled = busy;
  }

  async copyShareLink(event) {
    const url = new URL(location.href);
    url.hash = this.area.lastFragment || "";
    if (navigator.clipboard && window.isSecureContext) {
      event.preventDefault();
      try {
        await navigator.clipboard.writeText(url.href);
        this.copyNote.textContent = say("play_copied");
      } catch {
        this.copyNote.textContent = say("play_copy_address");
      }
      setTimeout(() => (this.copyNote.textContent = ""), 3000);
    }
  }
}

/** The result of a finished game: its headline, the engine's reason, a summary and Play again. */
export function renderOutcome(area, box) {
  const { over, outcome } = area.state;
  box.hidden = !over;
  box.replaceChildren();
  if (!over) return;
  const result = token(outcome && outcome.result);
  box.className = `tt-outcome tt-outcome--${result}`;
  // A competitive game's outcome names its winner seat: with several people at one device, "You win" would
  // not say who.
  const winner = outcome && Number.isInteger(outcome.winner) && area.players > 1 ? outcome.winner : null;
  const headline = winner !== null
    ? say("play_result_winner", { name: area.seatName(winner) })
    : say(`play_result_${result}`) || say("play_over");
  const view = area.state.view || {};
  const summary = [];
  if (view.round !== undefined && view.round !== null) summary.push(say("play_round", { round: view.round }));
  summary.push(say("play_choices_made", { n: area.state.actions.length }));
  box.append(
    h("strong", { class: "tt-outcome__result", text: headline }),
    outcome && outcome.reason ? h("span", { class: "tt-outcome__reason", text: outcome.reason }) : null,
    h("span", { class: "tt-outcome__summary", text: summary.join(" · ") }),
    h(
      "span",
      { class: "tt-outcome__buttons" },
      h("button", { type: "button", class: "md-button md-button--primary tt-again", onclick: () => area.newGame() }, say("play_again")),
    ),
  );
}

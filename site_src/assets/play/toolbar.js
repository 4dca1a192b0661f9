// tabletome Play area: the toolbar above the game (Undo, New game, Share link, which copies itself
// where the browser allows it, Full width / Back to the page), the in-page question New game asks
// while a game is in progress, and the outcome box of a finished game (with Play again).

import { h, say, token } from "./dom.js";

export class Toolbar {
  constructor(area) {
    this.area = area;
    this.undoButton = h("button", { type: "button", class: "md-button tt-undo", onclick: () => area.undo() }, say("play_undo"));
    this.newButton = h("button", { type: "button", class: "md-button tt-new", onclick: () => area.newGame() }, say("play_new"));
    this.shareLink = h("a", { class: "md-button tt-share", href: "#", title: say("play_share_title") }, say("play_share"));
    this.shareLink.addEventListener("click", (event) => this.copyShareLink(event));
    this.copyNote = h("span", { class: "tt-copied", role: "status" });
    this.wideButton = h("button", { type: "button", class: "md-button tt-wide", "aria-pressed": "false", onclick: () => area.setFullWidth(!area.fullWidth) }, say("play_full_width"));
    this.confirmYes = h("button", { type: "button", class: "md-button md-button--primary tt-confirm__yes" }, say("play_new_yes"));
    this.confirmNo = h("button", { type: "button", class: "md-button tt-confirm__no", onclick: () => this.cancelConfirm() }, say("play_new_no"));
    this.confirmBox = h(
      "div",
      { class: "tt-confirm", role: "group", "aria-label": say("play_new"), hidden: true },
      h("span", { class: "tt-confirm__text", text: say("play_new_confirm") }),
      this.confirmYes,
      this.confirmNo,
    );
    this.confirmThen = null;
    this.confirmYes.addEventListener("click", () => {
      const then = this.confirmThen;
      this.hideConfirm();
      if (then) then();
    });
    this.box = h(
      "div",
      { class: "tt-toolbar" },
      this.undoButton, this.newButton, this.shareLink, this.wideButton, this.copyNote, this.confirmBox,
    );
  }

  /** "Start a new game? This one ends here": answered in the page (a window.confirm would block it). */
  askConfirm(then) {
    this.confirmThen = then;
    this.confirmBox.hidden = false;
    this.confirmYes.focus();
  }

  hideConfirm() {
    this.confirmThen = null;
    this.confirmBox.hidden = true;
  }

  /** Keep this game: the question goes away, the focus back to New game. Returns whether one was asked. */
  cancelConfirm() {
    if (this.confirmBox.hidden) return false;
    this.hideConfirm();
    this.newButton.focus();
    return true;
  }

  showFullWidth(on) {
    this.wideButton.textContent = say(on ? "play_back_to_page" : "play_full_width");
    this.wideButton.setAttribute("aria-pressed", on ? "true" : "false");
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
  // A game of teams names the winning team (`team`).
  const winner = outcome && Number.isInteger(outcome.winner) && area.players > 1 ? outcome.winner : null;
  const team = outcome && typeof outcome.team === "string" ? outcome.team : null;
  const headline = team !== null
    ? say("play_result_winner", { name: team })
    : winner !== null
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
      h("button", { type: "button", class: "md-button md-button--primary tt-again", onclick: () => area.newGame(false) }, say("play_again")),
    ),
  );
}

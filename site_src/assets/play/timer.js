// tabletome Play area: a timed choice (Zhonya's Minuteglass in a Mechs vs. Minions draft). A renderer
// asks for it while it draws (area.showTimer(box, spec)); when the sand runs out the shell plays the
// spec's action, which is never offered as a button. A checkbox turns it off for the rest of the game.
//
// spec: {key, seconds, action, name, title, label}: `key` names one countdown (a new key, a fresh glass);
// `action` is the legal action id to play at 0; `name`, `title` (its tooltip), `label` (the checkbox's).

import { h, say } from "./dom.js";

const LOW_MS = 10000; // the last seconds are drawn in the warning colour

export class ChoiceTimer {
  constructor(area) {
    this.area = area;
    this.key = null;
    this.deadline = 0;
    this.seconds = 0;
    this.interval = null;
    this.sent = false;
    this.off = false; // the player turned the timer off for this game
    this.game = null; // the game (seed) the off setting belongs to
    this.action = null; // the action of the countdown drawn by the last render, else null
    this.shown = false;
  }

  /** Before a render: the renderer shows the timer again if it still runs. */
  beginRender() {
    this.shown = false;
  }

  /** After a render: a timer the renderer did not show is over. */
  endRender() {
    if (!this.shown) {
      this.stop(true);
      this.action = null;
    }
  }

  show(box, spec) {
    const area = this.area;
    const seconds = Number(spec.seconds);
    if (!Number.isFinite(seconds) || seconds <= 0 || area.state.over) return;
    this.shown = true;
    this.action = spec.action;
    if (this.game !== area.seed) {
      // "On by default": every new game starts with the timer on.
      this.game = area.seed;
      this.off = false;
    }
    const key = `${area.seed}|${area.players}|${spec.key}`;
    if (this.key !== key) {
      this.stop(true);
      this.key = key;
      this.seconds = seconds;
      this.deadline = performance.now() + seconds * 1000;
      this.sent = false;
    }
    const toggle = h("input", { type: "checkbox", class: "tt-timer__toggle" });
    toggle.checked = !this.off;
    toggle.addEventListener("change", () => {
      this.off = !toggle.checked;
      if (!this.off) {
        // Back on: a fresh glass for the rest of this countdown.
        this.deadline = performance.now() + this.seconds * 1000;
        this.sent = false;
      }
      this.tick();
    });
    this.text = h("span", { class: "tt-timer__time", role: "timer", "aria-live": "off" });
    this.bar = h("span", { class: "tt-timer__sand" });
    this.box = h(
      "div",
      { class: "tt-timer" },
      h("span", { class: "tt-timer__name", title: spec.title, text: spec.name }),
      this.text,
      h("span", { class: "tt-timer__glass", "aria-hidden": "true" }, this.bar),
      h("label", { class: "tt-timer__label" }, toggle, ` ${spec.label}`),
    );
    box.append(this.box);
    if (!this.interval) this.interval = setInterval(() => this.tick(), 200);
    this.tick();
  }

  tick() {
    if (!this.key || !this.text) return;
    const total = this.seconds * 1000;
    const left = Math.max(0, this.deadline - performance.now());
    this.box.classList.toggle("tt-timer--off", this.off);
    if (this.off) {
      this.text.textContent = say("play_timer_off");
      this.bar.style.width = "0%";
      return;
    }
    this.text.textContent = `${Math.ceil(left / 1000)} s`;
    this.bar.style.width = `${total ? (100 * left) / total : 0}%`;
    this.box.classList.toggle("tt-timer--low", left <= LOW_MS);
    if (left > 0 || this.sent) return;
    // The sand has run out: tell the engine, once, as soon as it is listening.
    const area = this.area;
    if (area.busy || !area.state) return;
    if (!(area.state.legal || []).some((a) => a.id === this.action)) return;
    this.sent = true;
    area.play(this.action);
  }

  stop(forget) {
    if (this.interval) clearInterval(this.interval);
    this.interval = null;
    if (forget) this.key = null;
    this.text = null;
  }
}

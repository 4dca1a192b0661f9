// tabletome Play area: one `.tt-play` element (site_src/templates/play-area.html.j2) made playable.
//
// The shell owns what every game shares: the setup form and the share link in the URL fragment, the
// worker (worker.js: Pyodide + the engine) and its requests, the toolbar (Undo, New game, Share link,
// Full width), the outcome, the Choices, the timer, the log and the keyboard focus. It names no game:
// what a view looks like is drawn by the renderer the table in renderers.js gives for the view's `game`.
//
// The table (play.css): the Choices and the log share one dock, beside the board on a wide screen
// (sticky, so both stay on screen while choosing) and right under the prompt on a narrow one.
// History: a new game is a new entry of the browser's history (Back returns to the game before it);
// an older entry of the same game (a rule's anchor followed, then more choices) does not replay it.

import { renderChoices, pointAtChoices } from "./choices.js";
import { h, say, token } from "./dom.js";
import { EngineClient } from "./engine-client.js";
import { GameLog } from "./log.js";
import { reducedMotion } from "./page.js";
import { rendererFor } from "./renderers.js";
import { SEED_LIMIT, buildFragment, parseFragment, randomSeed } from "./share-link.js";
import { ChoiceTimer } from "./timer.js";
import { Toolbar, renderOutcome } from "./toolbar.js";

/** Select `value` in a form's <select> if it is one of its options; whether it was. */
function chooseOption(field, value) {
  if (typeof value !== "string" || ![...field.options].some((o) => o.value === value)) return false;
  field.value = value;
  return true;
}

export class PlayArea {
  constructor(el) {
    this.el = el;
    this.scenario = el.dataset.scenario || "";
    this.pmin = Math.max(1, parseInt(el.dataset.playersMin, 10) || 1);
    this.pmax = Math.max(this.pmin, parseInt(el.dataset.playersMax, 10) || this.pmin);
    this.form = el.querySelector("form.tt-play__setup");
    this.area = el.querySelector(".tt-play__area");
    if (!this.area) {
      this.area = h("div", { class: "tt-play__area", hidden: true });
      el.append(this.area);
    }
    this.engine = new EngineClient(
      (message) => this.onMessage(message),
      (text) => {
        this.busy = false;
        this.showError(text);
        this.setBusy(false);
      },
    );
    this.busy = false;
    this.pending = null; // the type of the request waiting for its answer
    this.state = null;
    this.seed = null;
    this.players = null;
    this.options = null; // the game's setup options, from a link (the TCG duel's deck from the deck builder)
    this.t0 = 0;
    this.lastFragment = null;
    this.built = false;
    this.renderer = null; // the game's renderer module, chosen by the first state's view.game
    this.own = null; // what the renderer's setup() returned: its own boxes
    this.log = new GameLog(this);
    this.timer = new ChoiceTimer(this);

    if (this.form) {
      this.form.addEventListener("submit", (event) => {
        event.preventDefault();
        this.playFromForm();
      });
      this.form.addEventListener("change", () => this.syncOptionFields());
      this.syncOptionFields();
    }
    this.onHashChange = () => this.fromFragment(false);
    window.addEventListener("hashchange", this.onHashChange);
    this.pushNext = false; // the next fragment is a new game: a new history entry
    this.onKey = (event) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest(".md-search, .md-dialog")) return; // the site's own
      if (this.toolbar && this.toolbar.cancelConfirm()) return;
      if (this.fullWidth) this.setFullWidth(false);
    };
    document.addEventListener("keydown", this.onKey);
    this.fromFragment(true);
  }

  // ------------------------------------------------------------ inputs

  formPlayers() {
    const field = this.form && this.form.elements.namedItem("players");
    const n = parseInt(field ? field.value : "", 10);
    if (!Number.isFinite(n)) return Math.min(Math.max(2, this.pmin), this.pmax);
    return Math.min(Math.max(n, this.pmin), this.pmax);
  }

  formSeed() {
    const field = this.form && this.form.elements.namedItem("seed");
    const text = field ? field.value.trim() : "";
    if (text === "") return randomSeed();
    if (!/^\d{1,10}$/.test(text) || Number(text) >= SEED_LIMIT) return null;
    return Number(text);
  }

  setFormValues(seed, players, options = null) {
    if (!this.form) return;
    const seedField = this.form.elements.namedItem("seed");
    if (seedField) seedField.value = String(seed);
    const playersField = this.form.elements.namedItem("players");
    if (playersField) playersField.value = String(players);
    for (const field of this.form.querySelectorAll("select[data-option]")) {
      if (!chooseOption(field, options && options[field.dataset.option])) field.selectedIndex = 0;
    }
    this.syncOptionFields();
  }

  playFromForm() {
    if (this.busy) return;
    const seed = this.formSeed();
    const players = this.formPlayers();
    if (seed === null) {
      this.ensureBuilt();
      this.showError(say("play_seed_invalid", { limit: SEED_LIMIT - 1 }));
      return;
    }
    const options = this.formOptions();
    this.confirmNew(() => {
      this.pushNext = Boolean(this.state);
      this.scrollOnStart = true; // the player is at the form: bring the table into view
      this.start(seed, players, [], options);
    });
  }

  /** The setup options the form chooses (play-area.html.j2's <select data-option> fields: Marvel United's
   *  mode and Challenge, POWERUP's BUGMISTRESS), or null; a field its player count is not asked (data-skip-players) is left out. */
  formOptions() {
    if (!this.form) return null;
    const options = {};
    const players = this.formPlayers();
    for (const field of this.form.querySelectorAll("select[data-option]")) {
      if (field.dataset.skipPlayers === String(players) || field.value === "") continue;
      options[field.dataset.option] = field.value;
    }
    return Object.keys(options).length ? options : null;
  }

  /** The form shows what the game in play chose at the table (a link's game, a question answered in play):
   *  the renderer's optional setupChosen(view) gives {option: value}. */
  showSetupInForm(view) {
    const r = this.renderer;
    const chosen = this.form && r && r.setupChosen ? r.setupChosen(view || {}) : null;
    if (!chosen) return;
    for (const field of this.form.querySelectorAll("select[data-option]")) chooseOption(field, chosen[field.dataset.option]);
  }

  /** A field the chosen player count is not asked is disabled, with the reason as its tooltip. */
  syncOptionFields() {
    if (!this.form) return;
    const players = String(this.formPlayers());
    for (const field of this.form.querySelectorAll("select[data-option][data-skip-players]")) {
      const skip = field.dataset.skipPlayers === players;
      field.disabled = skip;
      field.title = skip ? field.dataset.skipNote || "" : "";
    }
  }

  /** A game in progress is not thrown away by one click: the toolbar asks first. */
  inProgress() {
    return Boolean(this.state && !this.state.over && this.state.actions.length);
  }

  confirmNew(then) {
    if (this.inProgress()) this.toolbar.askConfirm(then);
    else then();
  }

  fromFragment(initial) {
    const parsed = parseFragment(location.hash);
    if (!parsed) return;
    // A link for another scenario is not ours; an unreadable one gets its message anywhere.
    if (parsed.scenario !== null && parsed.scenario !== this.scenario) return;
    if (!initial && location.hash === this.lastFragment) return; // our own update
    if (!initial && this.isEarlierEntry(parsed)) {
      // Back to an older entry of this same game (the history kept it while the game went on): keep
      // the game as it is, and the address says so again.
      history.replaceState(history.state, "", this.fragmentUrl(this.lastFragment));
      return;
    }
    this.ensureBuilt();
    if (parsed.error) {
      this.showError(parsed.error);
      return;
    }
    if (parsed.players < this.pmin || parsed.players > this.pmax) {
      this.showError(say("play_link_wrong_players", { min: this.pmin, max: this.pmax, players: parsed.players }));
      return;
    }
    this.setFormValues(parsed.seed, parsed.players, parsed.options);
    this.start(parsed.seed, parsed.players, parsed.actions, parsed.options);
  }

  // ------------------------------------------------------------ requests

  send(message) {
    this.pending = message.type;
    // Disabling the buttons below drops their focus: remember it to put it back on a choice.
    this.focusInside = this.built && this.area.contains(document.activeElement);
    this.focusElement = this.focusInside ? document.activeElement : null;
    this.setBusy(true);
    this.engine.send(message);
  }

  start(seed, players, actions, options) {
    this.ensureBuilt();
    // Kept as the game's seed, players and options once the worker answers with a state.
    this.requested = { seed, players, options };
    this.setFormValues(seed, players, options);
    this.clearError();
    this.t0 = performance.now();
    this.log.loadRules();
    if (!this.engine.ready) {
      this.showProgress(say("play_starting"), 0);
      // loadPyodide hangs silently when the server sends .wasm with a wrong MIME type.
      clearTimeout(this.slowTimer);
      this.slowTimer = setTimeout(() => {
        if (this.busy && !this.engine.ready) {
          this.showError(
            say("play_slow"),
          );
        }
      }, 45000);
    }
    const message = { type: "start", scenario: this.scenario, seed, players, actions: actions.slice() };
    if (options) message.options = options;
    this.send(message);
  }

  play(id) {
    if (this.busy || !this.state) return;
    this.clearError();
    this.send({ type: "play", id });
  }

  undo() {
    if (this.busy || !this.state || !this.state.actions.length) return;
    this.clearError();
    this.send({ type: "undo" });
  }

  /** Toolbar's New game (asks first while a game is in progress) and the outcome's Play again. */
  newGame(ask = true) {
    if (this.busy) return;
    const go = () => {
      if (this.busy) return;
      this.pushNext = true; // Back returns to this game
      this.scrollOnStart = true;
      this.start(randomSeed(), this.players || this.formPlayers(), [], this.options); // the same setup options
    };
    if (ask) this.confirmNew(go);
    else go();
  }

  /** A share link of this very game, with a prefix of its choices: an older history entry of it. */
  isEarlierEntry(parsed) {
    if (parsed.error || !this.state || parsed.seed !== this.seed || parsed.players !== this.players) return false;
    if (JSON.stringify(parsed.options || null) !== JSON.stringify(this.options || null)) return false;
    const now = this.state.actions;
    return parsed.actions.length <= now.length && parsed.actions.every((id, i) => id === now[i]);
  }

  fragmentUrl(fragment) {
    const url = new URL(location.href);
    url.hash = fragment;
    return url.href;
  }

  // ------------------------------------------------------------ full width

  /** Full width: the site's sidebars and table of contents out of the way (play.css, body.tt-fullwidth). */
  setFullWidth(on) {
    this.fullWidth = Boolean(on);
    document.body.classList.toggle("tt-fullwidth", this.fullWidth);
    this.el.classList.toggle("tt-play--full", this.fullWidth);
    if (this.toolbar) this.toolbar.showFullWidth(this.fullWidth);
    const target = this.built && !this.game.hidden ? this.game : this.el;
    target.scrollIntoView({ behavior: "auto", block: "start" });
  }

  onMessage(message) {
    if (message.type === "progress") {
      // the worker names its stage (worker.js progress); the page words it
      this.showProgress(say(`play_stage_${message.stage}`), message.fraction);
      return;
    }
    if (message.type === "error") {
      // An error after a state (an illegal action in a replay) arrives right after it.
      this.busy = false;
      this.hideProgress();
      // the worker's own failure has a key (worker.js fail); a rule's refusal is the engine's message
      this.showError(message.key ? say(message.key, { error: message.message }) : message.message);
      this.setBusy(false);
      return;
    }
    if (message.type === "state") this.onState(message);
  }

  onState(message) {
    clearTimeout(this.slowTimer);
    if (!this.state || this.pending === "start") this.clearError(); // a slow-runtime notice, say
    this.busy = false;
    this.hideProgress();
    const fresh = this.pending === "start";
    if (fresh) {
      this.gameNumber = (this.gameNumber || 0) + 1; // a renderer's per-game memory starts again
      this.seed = this.requested.seed;
      this.players = this.requested.players;
      this.options = this.requested.options;
    }
    // A start and an undo answer with the whole game's events; a play and a redo with the new ones.
    this.log.add(message.events, fresh || this.pending === "undo");
    const ended = message.over && !fresh && !(this.state && this.state.over);
    this.state = message;
    this.render();
    this.showSetupInForm(message.view); // after render(), which picks the renderer on the first state
    this.updateFragment();
    this.setBusy(false);
    this.restoreFocus();
    // The last choice was played: bring the result into view however it was chosen.
    if (ended) this.outcomeBox.scrollIntoView({ behavior: reducedMotion() ? "auto" : "smooth", block: "nearest" });
    // Started from the form or New game: the table (toolbar, prompt, Choices and log) comes into view.
    if (fresh && this.scrollOnStart) this.game.scrollIntoView({ behavior: "auto", block: "start" });
    if (fresh) this.scrollOnStart = false;
    if (fresh && !this.el.dataset.ttReadyMs) {
      this.el.dataset.ttReadyMs = String(Math.round(performance.now() - this.t0));
    }
    this.el.dataset.ttActions = String(message.actions.length);
  }

  updateFragment() {
    const fragment = buildFragment(this.scenario, this.seed, this.players, this.state.actions, this.options);
    this.lastFragment = fragment;
    if (this.toolbar) this.toolbar.shareLink.href = fragment;
    const push = this.pushNext;
    this.pushNext = false;
    if (location.hash === fragment) return;
    // A new game gets its own entry (no state of mkdocs-material's: it is this page, not a navigation).
    if (push) history.pushState(null, "", this.fragmentUrl(fragment));
    else history.replaceState(history.state, "", this.fragmentUrl(fragment));
  }

  // ------------------------------------------------------------ the boxes

  ensureBuilt() {
    if (this.built) return;
    this.built = true;
    this.area.hidden = false;
    this.area.replaceChildren();
    this.progressBox = h("div", { class: "tt-progress", hidden: true, role: "status" });
    this.progressBar = h("progress", { max: "1", value: "0" });
    this.progressText = h("span", { class: "tt-progress__text" });
    this.progressBox.append(this.progressBar, this.progressText);
    this.errorBox = h("div", { class: "tt-error", role: "alert", hidden: true });
    this.game = h("div", { class: "tt-game", hidden: true });

    this.toolbar = new Toolbar(this);

    // The renderer draws into the header, the trackers strip, the board and the seats, and may add its
    // own boxes (to sideBox, beside or under the board); the shell draws the outcome, and the Choices and
    // the log in the dock.
    this.outcomeBox = h("div", { class: "tt-outcome", hidden: true, tabindex: "-1" });
    this.headerBox = h("div", { class: "tt-header" });
    this.missionBox = h("section", { class: "tt-mission", "aria-label": say("play_trackers"), hidden: true });
    this.boardBox = h("div", { class: "tt-board-wrap" });
    this.actionsBox = h("section", { class: "tt-actions", "aria-label": say("play_your_choices") });
    this.sideBox = h("div", { class: "tt-side" });
    this.mainBox = h("div", { class: "tt-main" }, this.boardBox, this.sideBox);
    this.seatsBox = h("section", { class: "tt-seats", "aria-label": say("play_players") });
    this.dockBox = h("div", { class: "tt-dock" }, this.actionsBox, this.log.box);
    this.tableBox = h("div", { class: "tt-table" }, this.headerBox, this.dockBox, this.missionBox, this.mainBox, this.seatsBox);

    this.game.append(this.toolbar.box, this.outcomeBox, this.tableBox);
    this.area.append(this.progressBox, this.errorBox, this.game);
  }

  showProgress(stage, fraction) {
    this.ensureBuilt();
    this.progressBox.hidden = false;
    const f = Math.max(0, Math.min(1, Number(fraction) || 0));
    this.progressBar.value = f;
    this.progressBar.textContent = `${Math.round(f * 100)}%`;
    this.progressText.textContent = `${String(stage || say("play_loading"))}… ${Math.round(f * 100)}%`;
  }

  hideProgress() {
    if (this.progressBox) this.progressBox.hidden = true;
  }

  showError(message) {
    this.ensureBuilt();
    this.errorBox.hidden = false;
    this.errorBox.textContent = String(message || say("play_error"));
  }

  clearError() {
    if (this.errorBox) {
      this.errorBox.hidden = true;
      this.errorBox.textContent = "";
    }
  }

  setBusy(busy) {
    this.busy = busy;
    this.el.toggleAttribute("aria-busy", busy);
    this.el.classList.toggle("tt-busy", busy);
    if (!this.built) return;
    for (const button of this.game.querySelectorAll("button[data-action], button[data-action-count], .tt-again")) {
      button.disabled = busy;
    }
    this.toolbar.setBusy(busy);
  }

  /** Keyboard: after a choice the focus goes back where it was, else to the first choice or the outcome. */
  restoreFocus() {
    if (!this.focusInside) return;
    this.focusInside = false;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected && !active.disabled) return;
    const previous = this.focusElement;
    this.focusElement = null;
    if (previous && previous.isConnected && !previous.disabled && this.toolbar.box.contains(previous)) {
      previous.focus();
      return;
    }
    if (this.state.over) {
      this.outcomeBox.focus();
      return;
    }
    const first = this.actionsBox.querySelector("button");
    if (first) first.focus();
  }

  // ------------------------------------------------------------ for the renderers

  /** The seats of the view, from the renderer: [{seat, name, color}]. */
  seats() {
    const view = (this.state && this.state.view) || {};
    return this.renderer ? this.renderer.seats(view) : [];
  }

  seatName(seat) {
    const s = this.seats().find((x) => x.seat === seat);
    return s ? s.name : say("play_seat", { n: Number(seat) + 1 });
  }

  seatColor(seat) {
    const s = this.seats().find((x) => x.seat === seat);
    return token(s ? s.color : "none");
  }

  /** A countdown that plays spec.action when it runs out (timer.js); drawn into `box`. */
  showTimer(box, spec) {
    this.timer.show(box, spec);
  }

  /** The card picked for a two-step choice of `kind` by `seat` (choices.js): the last one picked while it
   *  is still offered, else the first of `cards`. */
  pickedCard(kind, seat, cards) {
    this.picked = this.picked || new Map();
    const key = `${kind}:${seat}`;
    const card = this.picked.get(key);
    if (cards.includes(card)) return card;
    this.picked.set(key, cards[0]);
    return cards[0];
  }

  /** Pick a card (its button in the Choices, or the card drawn on the table): its choices are shown. */
  pickCard(kind, seat, card) {
    if (this.busy) return;
    this.picked = this.picked || new Map();
    this.picked.set(`${kind}:${seat}`, card);
    this.render();
    const first = this.actionsBox.querySelector(`.tt-percard button[data-action]`);
    if (first) first.focus({ preventScroll: true });
  }

  /** Several choices on one board square: point at their buttons. */
  pointAtChoices(actions) {
    if (!this.busy) pointAtChoices(this, actions);
  }

  // ------------------------------------------------------------ drawing

  render() {
    this.ensureBuilt();
    const game = this.state.view && this.state.view.game;
    const renderer = rendererFor(game);
    if (!renderer) {
      this.showError(say("play_no_renderer", { game: JSON.stringify(String(game)) }));
      return;
    }
    if (renderer !== this.renderer) {
      this.renderer = renderer;
      this.own = renderer.setup ? renderer.setup(this) || {} : {};
    }
    this.game.hidden = false;
    renderOutcome(this, this.outcomeBox);
    this.timer.beginRender();
    renderer.render(this, this.own);
    this.timer.endRender();
    renderChoices(this);
    this.log.render();
  }
}

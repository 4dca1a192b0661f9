// tabletome Play area: turns every `.tt-play` element (rendered by
// site_src/templates/play-area.html.j2) into a playable game.
//
// Nothing loads until Play is pressed. Then a module Web Worker (worker.js) loads the
// vendored Pyodide runtime and the engine wheel; this file only draws what the engine's
// view() says and sends back the id of the action the player chose. All text from the
// engine or the URL goes into the page through textContent, never as HTML.

import { h, humanize, token } from "./play-dom.js";
import { MU_GAME, MU_KIND_HEADINGS, renderMu } from "./play-mu.js";

const MAX_ACTIONS = 5000; // replay limit for share links
const MAX_ID_LENGTH = 200;
const MAX_LOG = 400; // log entries kept on screen
const SEED_LIMIT = 2 ** 31;

const controllers = new Set();
const idleWorkers = []; // loaded workers left behind by instant navigation, reused warm

// ---------------------------------------------------------------- small helpers

// mkdocs-material writes the site root into #__config relative to the page first loaded and
// keeps that element across instant navigation, so resolve it once, when this module loads
// (as mkdocs-material itself does), and keep the absolute URL.
let cachedRoot = null;

function siteRoot() {
  if (cachedRoot === null) cachedRoot = readSiteRoot();
  return cachedRoot;
}

function readSiteRoot() {
  let base = ".";
  const config = document.getElementById("__config");
  if (config) {
    try {
      base = JSON.parse(config.textContent).base || ".";
    } catch {
      base = ".";
    }
  }
  const url = new URL(base, location.href);
  url.search = "";
  url.hash = "";
  return url.href.endsWith("/") ? url.href : url.href + "/";
}

function randomSeed() {
  const buffer = new Uint32Array(1);
  (self.crypto || window.crypto).getRandomValues(buffer);
  return buffer[0] % SEED_LIMIT;
}

// Fragment: #play=<scenario>&seed=<n>&players=<n>&actions=<id>,<id>,...
// Each id is encodeURIComponent-encoded; ":" and "/" are left readable (both are allowed
// in a fragment and decode to themselves).
function encodePart(value) {
  return encodeURIComponent(value).replace(/%3A/gi, ":").replace(/%2F/gi, "/");
}

function buildFragment(scenario, seed, players, actions) {
  return (
    `#play=${encodePart(scenario)}&seed=${seed}&players=${players}` +
    `&actions=${actions.map(encodePart).join(",")}`
  );
}

/** Parse a fragment. Returns null when it holds no `play=`; otherwise {scenario, ...} or {scenario, error}. */
function parseFragment(hash) {
  const text = (hash || "").replace(/^#/, "");
  if (!/(^|&)play=/.test(text)) return null;
  if (text.length > MAX_ACTIONS * (MAX_ID_LENGTH + 1)) return { scenario: null, error: "The link is too long." };
  const fields = Object.create(null);
  for (const part of text.split("&")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    fields[part.slice(0, at)] = part.slice(at + 1);
  }
  let scenario;
  try {
    scenario = decodeURIComponent(fields.play);
  } catch {
    return { scenario: null, error: "The link's scenario is not readable." };
  }
  const result = { scenario };
  const seed = Number(fields.seed);
  if (!/^\d{1,10}$/.test(fields.seed || "") || seed >= SEED_LIMIT) {
    return { scenario, error: "The link's seed is not a whole number between 0 and 2147483647." };
  }
  result.seed = seed;
  if (!/^\d{1,2}$/.test(fields.players || "")) return { scenario, error: "The link's player count is not a number." };
  result.players = Number(fields.players);
  const raw = fields.actions || "";
  const parts = raw === "" ? [] : raw.split(",");
  if (parts.length > MAX_ACTIONS) {
    return { scenario, error: `The link holds ${parts.length} actions; at most ${MAX_ACTIONS} can be replayed.` };
  }
  const actions = [];
  for (const part of parts) {
    let id;
    try {
      id = decodeURIComponent(part);
    } catch {
      return { scenario, error: "The link's action list is not readable." };
    }
    if (id.length === 0 || id.length > MAX_ID_LENGTH) {
      return { scenario, error: "The link holds an action id that is empty or too long." };
    }
    actions.push(id);
  }
  result.actions = actions;
  return result;
}

/** The longest common prefix of some labels, cut back to a word boundary. */
function commonPrefix(labels) {
  if (labels.length < 2) return "";
  let prefix = labels[0];
  for (const label of labels.slice(1)) {
    let i = 0;
    while (i < prefix.length && i < label.length && prefix[i] === label[i]) i++;
    prefix = prefix.slice(0, i);
  }
  const atBoundary = labels.every((label) => !/[\p{L}\p{N}]/u.test(label.charAt(prefix.length)));
  if (atBoundary) return prefix;
  const cut = Math.max(prefix.lastIndexOf(" "), prefix.lastIndexOf(":"));
  return prefix.slice(0, cut + 1);
}

/** A tracker's value as text: numbers and words as they are, yes/no, {a: 1} as "a 1". */
function trackerText(value) {
  if (value === true) return "yes";
  if (value === false) return "no";
  if (Array.isArray(value)) return value.map(trackerText).join(", ");
  if (value && typeof value === "object") {
    return Object.entries(value)
      .map(([k, v]) => `${humanize(k)} ${trackerText(v)}`)
      .join(", ");
  }
  return String(value);
}

function columnName(x) {
  return x < 26 ? String.fromCharCode(97 + x) : `x${x}`;
}

function reducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/** A page path without a trailing index.html, to compare two URLs of the same page. */
function pagePath(url) {
  return url.pathname.replace(/\/index\.html$/, "/");
}

function isThisPage(url) {
  return url.origin === location.origin && pagePath(url) === pagePath(location);
}

/** The element a fragment ("#id") names on this page, or null. */
function anchorTarget(hash) {
  if (!hash || hash.length < 2) return null;
  let id;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  return document.getElementById(id);
}

/** Scroll an element of the page into view and highlight it for a moment, leaving the URL alone. */
function flashTarget(target) {
  target.classList.remove("tt-rule-flash");
  void target.offsetWidth; // restart the animation
  target.classList.add("tt-rule-flash"); // first: it also keeps the target clear of the header
  target.scrollIntoView({ behavior: reducedMotion() ? "auto" : "smooth", block: "start" });
  clearTimeout(target.ttFlashTimer);
  target.ttFlashTimer = setTimeout(() => target.classList.remove("tt-rule-flash"), 2600);
  if (!target.matches("a[href], button, input, select, textarea, [tabindex]")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

function plainLeftClick(event) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

const KIND_HEADINGS = {
  setup: "Setup",
  draft: "Draft: pick a card",
  program: "Program a card into a slot",
  scrap: "Scrap a card",
  turn: "Turn",
  move: "Move",
  distance: "Distance",
  target: "Target",
  done: "Finish",
  mode: "Mode: normal or EZ-MODE",
  "boss-pick": "Boss draft: program one Boss Card",
  "boss-face": "The Boss's facing",
  "boss-remove": "Remove a Boss Command Card",
  color: "Colour",
  "schematic-repair": "Schematic: repair",
  schematic: "Schematic Cards",
  damage: "Damage",
  repair: "Repair Pad",
};

// Names of the engine's trackers (view.trackers); unknown ones are humanized.
const TRACKER_NAMES = {
  minion_kills: "Minion kills",
  crystal_shards: "Crystal Shards",
  minions: "Minions",
  command_deck: "Command deck",
  command_discard: "Discard pile",
  damage_deck: "Damage deck",
  bomb_health: "Bomb health",
  kill_tracker: "Kill Tracker",
  team_gears: "Team Gears",
  overdrive: "Overdrive",
};

// Mission zones (a square's `zone`): legend names, in the order the legend lists them.
const ZONES = {
  "spawn-zone": "Spawn zone",
  "starting-line": "Starting line",
  "assembly-zone": "Assembly zone",
  "bomb-deploy-zone": "Bomb deploy zone",
  "safety-zone": "Safety zone",
  "magma-chamber-entrance": "Magma Chamber entrance",
};

// Square kinds the legend explains (open squares need no entry).
const SQUARE_NAMES = {
  "mech-start": "Starting space",
  "rune-space": "Rune Space",
  "rune-gate": "Rune Gate",
  school: "School",
  "repair-pad": "Repair Pad",
  "oil-slick": "Oil Slick",
  "lava-pool": "Lava Pool",
  "massive-boulder": "Massive Boulder",
};

const RUNE_COLORS = ["red", "yellow", "blue", "green"];
const DOOM_CANNON_POWER = 3; // GG-101 Doom Cannon: a Boss slot at 3 Power

const PHASES = {
  setup: "Setup",
  draft: "Draft Command Cards",
  program: "Program Command Lines",
  execute: "Execute Command Lines",
  minion: "Minion Phase",
  over: "Game over",
};

const FACINGS = new Set(["up", "right", "down", "left"]);

const TIMEOUT = "draft:timeout";

// ---------------------------------------------------------------- one Play area

class PlayArea {
  constructor(el) {
    this.el = el;
    this.scenario = el.dataset.scenario || "";
    this.title = el.dataset.title || "";
    this.pmin = Math.max(1, parseInt(el.dataset.playersMin, 10) || 1);
    this.pmax = Math.max(this.pmin, parseInt(el.dataset.playersMax, 10) || this.pmin);
    this.form = el.querySelector("form.tt-play__setup");
    this.area = el.querySelector(".tt-play__area");
    if (!this.area) {
      this.area = h("div", { class: "tt-play__area", hidden: true });
      el.append(this.area);
    }
    this.worker = null;
    this.workerReady = false;
    this.busy = false;
    this.pending = null; // "start" | "play"
    this.state = null;
    this.log = [];
    this.rules = {};
    this.rulesLoaded = false;
    this.seed = null;
    this.players = null;
    this.t0 = 0;
    this.lastFragment = null;
    this.built = false;
    // Zhonya's Minuteglass: the countdown of a timed draft (view.draft.timer_seconds).
    this.timer = { key: null, deadline: 0, seconds: 0, interval: null, sent: false };
    this.timerOff = false; // the player turned the timer off for this game
    this.timerGame = null; // the seed the timer setting belongs to

    if (this.form) {
      this.form.addEventListener("submit", (event) => {
        event.preventDefault();
        this.playFromForm();
      });
    }
    this.onHashChange = () => this.fromFragment(false);
    window.addEventListener("hashchange", this.onHashChange);
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

  setFormValues(seed, players) {
    if (!this.form) return;
    const seedField = this.form.elements.namedItem("seed");
    if (seedField) seedField.value = String(seed);
    const playersField = this.form.elements.namedItem("players");
    if (playersField) playersField.value = String(players);
  }

  playFromForm() {
    if (this.busy) return;
    const seed = this.formSeed();
    const players = this.formPlayers();
    if (seed === null) {
      this.ensureBuilt();
      this.showError("The seed must be a whole number between 0 and 2147483647.");
      return;
    }
    this.start(seed, players, []);
  }

  fromFragment(initial) {
    const parsed = parseFragment(location.hash);
    if (!parsed) return;
    // A link for another scenario is not ours; an unreadable one gets its message anywhere.
    if (parsed.scenario !== null && parsed.scenario !== this.scenario) return;
    if (!initial && location.hash === this.lastFragment) return; // our own update
    this.ensureBuilt();
    if (parsed.error) {
      this.showError(parsed.error);
      return;
    }
    if (parsed.players < this.pmin || parsed.players > this.pmax) {
      this.showError(`This scenario is for ${this.pmin}–${this.pmax} players; the link says ${parsed.players}.`);
      return;
    }
    this.setFormValues(parsed.seed, parsed.players);
    this.start(parsed.seed, parsed.players, parsed.actions);
  }

  // ------------------------------------------------------------ worker

  getWorker() {
    if (this.worker) return this.worker;
    const reused = idleWorkers.pop();
    if (reused) {
      this.worker = reused;
      this.workerReady = true;
    } else {
      const url = new URL("worker.js", import.meta.url);
      url.hash = "root=" + encodeURIComponent(siteRoot());
      this.worker = new Worker(url.href, { type: "module", name: "tabletome-play" });
      this.workerReady = false;
    }
    this.worker.onmessage = (event) => this.onMessage(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      if (this.worker) this.worker.terminate();
      this.worker = null;
      this.workerReady = false;
      this.busy = false;
      this.showError(`The game runtime failed: ${event.message || "could not start the worker"}`);
      this.setBusy(false);
    };
    return this.worker;
  }

  send(message) {
    this.pending = message.type;
    this.tag = (this.tag || 0) + 1;
    // Disabling the buttons below drops their focus: remember it to put it back on a choice.
    this.focusInside = this.built && this.area.contains(document.activeElement);
    this.focusElement = this.focusInside ? document.activeElement : null;
    this.setBusy(true);
    this.getWorker().postMessage({ ...message, tag: this.tag });
  }

  start(seed, players, actions) {
    this.ensureBuilt();
    // Kept as the game's seed and players once the worker answers with a state.
    this.requested = { seed, players };
    this.setFormValues(seed, players);
    this.clearError();
    this.t0 = performance.now();
    this.loadRules();
    if (!this.workerReady) {
      this.showProgress("Starting", 0);
      // loadPyodide hangs silently when the server sends .wasm with a wrong MIME type.
      clearTimeout(this.slowTimer);
      this.slowTimer = setTimeout(() => {
        if (this.busy && !this.workerReady) {
          this.showError(
            "The Python runtime is taking unusually long to load. On a slow connection, wait; " +
              "if you host this site yourself, check that .wasm files are served as application/wasm.",
          );
        }
      }, 45000);
    }
    this.send({ type: "start", scenario: this.scenario, seed, players, actions: actions.slice() });
  }

  play(id) {
    if (this.busy || !this.state) return;
    this.clearError();
    this.send({ type: "play", id });
  }

  undo() {
    if (this.busy || !this.state || !this.state.actions.length) return;
    this.start(this.seed, this.players, this.state.actions.slice(0, -1));
  }

  newGame() {
    if (this.busy) return;
    this.start(randomSeed(), this.players || this.formPlayers(), []);
  }

  async loadRules() {
    if (this.rulesLoaded) return;
    this.rulesLoaded = true;
    try {
      const response = await fetch(new URL("engine/manifest.json", siteRoot()).href, { cache: "no-cache" });
      if (!response.ok) throw new Error(String(response.status));
      const manifest = await response.json();
      this.rules = manifest && typeof manifest.rules === "object" && manifest.rules ? manifest.rules : {};
      if (this.state) this.renderLog();
    } catch {
      this.rulesLoaded = false; // try again on the next start
    }
  }

  onMessage(message) {
    if (!message || typeof message !== "object") return;
    // An answer to a request that a later one replaced (e.g. a link opened mid-move).
    if (message.type !== "progress" && message.tag != null && message.tag !== this.tag) return;
    if (message.type === "progress") {
      this.showProgress(message.stage, message.fraction);
      return;
    }
    if (message.type === "error") {
      // An error after a state (an illegal action in a replay) arrives right after it.
      if (!this.workerReady && this.worker) {
        // The runtime never came up: start from a fresh worker next time.
        this.worker.terminate();
        this.worker = null;
      }
      this.busy = false;
      this.hideProgress();
      this.showError(message.message);
      this.setBusy(false);
      return;
    }
    if (message.type === "state") {
      clearTimeout(this.slowTimer);
      if (!this.workerReady) this.clearError();
      this.workerReady = true;
      this.busy = false;
      this.hideProgress();
      const fresh = this.pending === "start";
      if (fresh) {
        this.log = [];
        this.seed = this.requested.seed;
        this.players = this.requested.players;
      }
      for (const event of message.events || []) this.log.push(event);
      if (this.log.length > MAX_LOG) this.log.splice(0, this.log.length - MAX_LOG);
      const ended = message.over && !fresh && !(this.state && this.state.over);
      this.state = message;
      this.render();
      this.updateFragment();
      this.setBusy(false);
      this.restoreFocus();
      // The last choice was played: bring the result into view however it was chosen.
      if (ended) this.outcomeBox.scrollIntoView({ behavior: reducedMotion() ? "auto" : "smooth", block: "nearest" });
      if (fresh && !this.el.dataset.ttReadyMs) {
        this.el.dataset.ttReadyMs = String(Math.round(performance.now() - this.t0));
      }
      this.el.dataset.ttActions = String(message.actions.length);
    }
  }

  updateFragment() {
    const fragment = buildFragment(this.scenario, this.seed, this.players, this.state.actions);
    this.lastFragment = fragment;
    if (this.shareLink) this.shareLink.href = fragment;
    if (location.hash !== fragment) {
      const url = new URL(location.href);
      url.hash = fragment;
      history.replaceState(history.state, "", url.href);
    }
  }

  detach() {
    window.removeEventListener("hashchange", this.onHashChange);
    this.stopTimer(true);
    this.hideWayBack();
    if (this.worker) {
      this.worker.onmessage = null;
      this.worker.onerror = null;
      if (this.workerReady && !this.busy && idleWorkers.length < 1) idleWorkers.push(this.worker);
      else this.worker.terminate();
      this.worker = null;
    }
  }

  // ------------------------------------------------------------ drawing

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

    this.undoButton = h("button", { type: "button", class: "md-button tt-undo", onclick: () => this.undo() }, "Undo");
    this.newButton = h("button", { type: "button", class: "md-button tt-new", onclick: () => this.newGame() }, "New game");
    this.shareLink = h("a", { class: "md-button tt-share", href: "#", title: "A link that replays this game" }, "Share link");
    this.shareLink.addEventListener("click", (event) => this.copyShareLink(event));
    this.copyNote = h("span", { class: "tt-copied", role: "status" });
    this.toolbar = h("div", { class: "tt-toolbar" }, this.undoButton, this.newButton, this.shareLink, this.copyNote);

    this.outcomeBox = h("div", { class: "tt-outcome", hidden: true, tabindex: "-1" });
    this.headerBox = h("div", { class: "tt-header" });
    this.boardBox = h("div", { class: "tt-board-wrap" });
    this.actionsBox = h("section", { class: "tt-actions", "aria-label": "Your choices" });
    this.draftBox = h("section", { class: "tt-draft", "aria-label": "Draft" });
    this.seatsBox = h("section", { class: "tt-seats", "aria-label": "Command Lines" });
    this.logBox = h("section", { class: "tt-log", "aria-label": "Log" });
    // What the mission adds: Doom Tracker, Runes, Rune Die, Lava Wall (hidden when none), and the Boss.
    this.missionBox = h("section", { class: "tt-mission", "aria-label": "Mission trackers", hidden: true });
    this.bossBox = h("section", { class: "tt-boss", "aria-label": "The Boss", hidden: true });
    this.mainBox = h(
      "div",
      { class: "tt-main" },
      this.boardBox,
      h("div", { class: "tt-side" }, this.actionsBox, this.draftBox, this.bossBox),
    );

    this.game.append(
      this.toolbar,
      this.outcomeBox,
      this.headerBox,
      this.missionBox,
      this.mainBox,
      this.seatsBox,
      this.logBox,
    );
    this.area.append(this.progressBox, this.errorBox, this.game);
  }

  showProgress(stage, fraction) {
    this.ensureBuilt();
    this.progressBox.hidden = false;
    const f = Math.max(0, Math.min(1, Number(fraction) || 0));
    this.progressBar.value = f;
    this.progressBar.textContent = `${Math.round(f * 100)}%`;
    this.progressText.textContent = `${String(stage || "Loading")}… ${Math.round(f * 100)}%`;
  }

  hideProgress() {
    if (this.progressBox) this.progressBox.hidden = true;
  }

  showError(message) {
    this.ensureBuilt();
    this.errorBox.hidden = false;
    this.errorBox.textContent = String(message || "Something went wrong.");
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
    for (const button of this.game.querySelectorAll("button[data-action], .tt-sq[data-action-count], .tt-again")) {
      button.disabled = busy;
    }
    this.undoButton.disabled = busy || !this.state || !this.state.actions.length;
    this.newButton.disabled = busy;
  }

  restoreFocus() {
    if (!this.focusInside) return;
    this.focusInside = false;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected && !active.disabled) return;
    const previous = this.focusElement;
    this.focusElement = null;
    if (previous && previous.isConnected && !previous.disabled && this.toolbar.contains(previous)) {
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

  async copyShareLink(event) {
    const url = new URL(location.href);
    url.hash = this.lastFragment || "";
    if (navigator.clipboard && window.isSecureContext) {
      event.preventDefault();
      try {
        await navigator.clipboard.writeText(url.href);
        this.copyNote.textContent = "Link copied.";
      } catch {
        this.copyNote.textContent = "Copy the address bar to share this game.";
      }
      setTimeout(() => (this.copyNote.textContent = ""), 3000);
    }
  }

  card(id) {
    const cards = (this.state && this.state.view && this.state.view.cards) || {};
    return cards[id] || { name: String(id) };
  }

  cardTitle(id, power) {
    const card = this.card(id);
    const lines = [card.name || String(id)];
    const facts = [card.element, card.kind, card.type].filter(Boolean).map(humanize);
    if (facts.length) lines[0] += ` (${facts.join(", ")})`;
    if (Array.isArray(card.powers)) {
      card.powers.forEach((text, i) => {
        const mark = power === i + 1 ? "▶ " : "";
        lines.push(`${mark}Power ${i + 1}: ${text}`);
      });
    }
    if (card.text) lines.push(String(card.text));
    return lines.join("\n");
  }

  cardChip(id, { power = null, tag = "span", onclick = null, extraClass = "" } = {}) {
    const card = this.card(id);
    const color = token(card.color || card.element || (card.deck === "damage-cards" ? "damage" : "none"));
    const attrs = {
      class: `tt-card tt-c-${color} ${card.deck === "damage-cards" ? "tt-card--damage" : ""} ${extraClass}`.trim(),
      title: this.cardTitle(id, power),
      "data-card": id,
    };
    if (onclick) {
      attrs.type = "button";
      attrs.onclick = onclick;
    }
    return h(onclick ? "button" : tag, attrs, h("span", { class: "tt-card__name", text: card.name || id }));
  }

  /** The seats of the view: Mechs vs. Minions' `seats`, Marvel United's `heroes` (coloured by seat). */
  viewSeats() {
    const view = (this.state && this.state.view) || {};
    if (Array.isArray(view.seats)) return view.seats;
    if (Array.isArray(view.heroes)) return view.heroes.map((x) => ({ seat: x.seat, name: x.name, color: `seat-${x.seat}` }));
    return [];
  }

  seatName(seat) {
    const s = this.viewSeats().find((x) => x.seat === seat);
    return s ? s.name : `Seat ${Number(seat) + 1}`;
  }

  seatColor(seat) {
    const s = this.viewSeats().find((x) => x.seat === seat);
    return token(s ? s.color : "none");
  }

  kindHeading(kind) {
    const game = ((this.state && this.state.view) || {}).game;
    const own = game === MU_GAME ? MU_KIND_HEADINGS[kind] : null;
    return own || KIND_HEADINGS[kind] || humanize(kind);
  }

  render() {
    this.ensureBuilt();
    this.game.hidden = false;
    this.renderOutcome();
    if ((this.state.view || {}).game === MU_GAME) {
      // Marvel United: the ring of Locations, the Storyline, the Heroes (play-mu.js)
      renderMu(this);
      this.renderActions();
      this.renderLog();
      return;
    }
    this.renderHeader();
    this.renderMission();
    this.renderBoard();
    this.renderActions();
    this.renderDraft();
    this.renderBoss();
    this.renderSeats();
    this.renderLog();
  }

  renderOutcome() {
    const { over, outcome } = this.state;
    this.outcomeBox.hidden = !over;
    this.outcomeBox.replaceChildren();
    if (!over) return;
    const result = token(outcome && outcome.result);
    this.outcomeBox.className = `tt-outcome tt-outcome--${result}`;
    const headline = { win: "You win!", loss: "You lose.", draw: "A draw." }[result] || "Game over.";
    const view = this.state.view || {};
    const summary = [];
    if (view.round !== undefined && view.round !== null) summary.push(`Round ${view.round}`);
    summary.push(`${this.state.actions.length} choices made`);
    this.outcomeBox.append(
      h("strong", { class: "tt-outcome__result", text: headline }),
      outcome && outcome.reason ? h("span", { class: "tt-outcome__reason", text: outcome.reason }) : null,
      h("span", { class: "tt-outcome__summary", text: summary.join(" · ") }),
      h(
        "span",
        { class: "tt-outcome__buttons" },
        h("button", { type: "button", class: "md-button md-button--primary tt-again", onclick: () => this.newGame() }, "Play again"),
      ),
    );
  }

  renderHeader() {
    const view = this.state.view || {};
    const facts = h("dl", { class: "tt-facts" });
    const fact = (name, value, key = null, extraClass = "") => {
      if (value === undefined || value === null) return;
      facts.append(
        h("div", { class: `tt-fact ${extraClass}`.trim(), "data-tracker": key }, h("dt", { text: name }), h("dd", { text: value })),
      );
    };
    fact("Round", view.round);
    fact("Phase", PHASES[view.phase] || humanize(view.phase || ""));
    if (view.first_player !== undefined && view.first_player !== null) fact("First player", this.seatName(view.first_player));
    const trackers = view.trackers && typeof view.trackers === "object" ? view.trackers : {};
    for (const [key, value] of Object.entries(trackers)) {
      if (key === "round") continue;
      const name = TRACKER_NAMES[key] || humanize(key);
      if (key === "overdrive") {
        fact(name, value ? "ON!" : "not yet", key, value ? "tt-fact--hot" : "");
      } else {
        fact(name, trackerText(value), key);
      }
    }
    const title = view.ez === true
      ? h("p", { class: "tt-modeline" }, h("span", { class: "tt-ez", title: "The mission is played with its EZ-MODE values", text: "EZ-MODE" }))
      : null;
    const parts = [
      title,
      view.objective ? h("p", { class: "tt-objective" }, h("strong", { text: "Objective: " }), view.objective) : null,
      h("p", { class: "tt-prompt", "aria-live": "polite", text: this.state.over ? "The game is over." : view.prompt || "" }),
      this.executingLine(),
      facts,
    ];
    this.headerBox.replaceChildren(...parts.filter(Boolean)); // replaceChildren would write "null"
  }

  /** view.executing, checked: {seat, slot, card} or null. */
  executing() {
    const view = (this.state && this.state.view) || {};
    const e = view.executing;
    if (this.state.over || !e || typeof e !== "object") return null;
    if (!Number.isInteger(e.seat) || !Number.isInteger(e.slot)) return null;
    const seat = (view.seats || []).find((s) => s.seat === e.seat);
    const slot = seat && (seat.slots || []).find((s) => s.slot === e.slot);
    const cards = slot && Array.isArray(slot.cards) ? slot.cards : [];
    const card = typeof e.card === "string" && e.card ? e.card : cards.length ? cards[cards.length - 1] : null;
    const power = slot ? Number(slot.power) || cards.length || null : null;
    return { seat: e.seat, slot: e.slot, card, power };
  }

  /** Which Command Line slot the current choice belongs to, with the card's active power. */
  executingLine() {
    const e = this.executing();
    if (!e) return null;
    const line = h(
      "p",
      { class: `tt-executing tt-c-${this.seatColor(e.seat)}` },
      h("span", { class: "tt-executing__badge", text: "executing" }),
      h("span", { class: "tt-executing__where", text: `${this.seatName(e.seat)}'s slot ${e.slot}` }),
    );
    if (e.card) {
      const card = this.card(e.card);
      line.append(this.cardChip(e.card, { power: e.power }));
      const powers = Array.isArray(card.powers) ? card.powers : [];
      const text = e.power && powers[e.power - 1] ? String(powers[e.power - 1]) : card.text ? String(card.text) : "";
      if (e.power) line.append(h("span", { class: "tt-executing__power", text: `Power ${e.power}` }));
      if (text) line.append(h("span", { class: "tt-executing__text", text }));
    }
    return line;
  }

  // ------------------------------------------------------------ mission trackers

  /** The strip under the header: Doom Tracker, Runes, the rolled Rune Die, Lava Wall, Overdrive. */
  renderMission() {
    const view = this.state.view || {};
    const panels = [
      this.doomPanel(view.doom),
      this.runesPanel(view.runes, view.runes_locked),
      this.runeRollPanel(view.rune_roll),
      this.lavaPanel(view.lava_wall),
      view.overdrive === true
        ? this.panel("tt-overdrive", "Overdrive!", h("span", { text: "Every Mech's Overdrive ability is unlocked (bottom of its Command Line)." }))
        : null,
    ].filter(Boolean);
    this.missionBox.hidden = !panels.length;
    this.missionBox.replaceChildren(...panels);
  }

  panel(extraClass, title, ...children) {
    return h("div", { class: `tt-panel ${extraClass}` }, h("h3", { class: "tt-panel__title", text: title }), ...children);
  }

  /** A bar for value out of max, read out as a meter. */
  meter(value, max, label, extraClass = "") {
    const fraction = Math.max(0, Math.min(1, value / max));
    return h(
      "span",
      {
        class: `tt-meter ${extraClass}`.trim(),
        role: "meter",
        "aria-label": label,
        "aria-valuemin": "0",
        "aria-valuemax": String(max),
        "aria-valuenow": String(value),
      },
      h("span", { class: "tt-meter__fill", style: { width: `${(100 * fraction).toFixed(1)}%` } }),
    );
  }

  doomPanel(doom) {
    if (!doom || typeof doom !== "object") return null;
    const value = Number(doom.value);
    if (!Number.isFinite(value)) return null;
    const max = Number(doom.max);
    const hasMax = Number.isFinite(max) && max > 0;
    const tracks = doom.tracks ? String(doom.tracks) : "";
    const low = hasMax ? value <= Math.max(1, Math.floor(max / 4)) : value <= 1;
    const text = hasMax ? `${value} / ${max}` : String(value);
    const box = this.panel(
      `tt-doom${low ? " tt-doom--low" : ""}`,
      "Doom Tracker",
      tracks ? h("span", { class: "tt-doom__tracks", text: tracks }) : null,
      h("span", { class: "tt-doom__value", text }),
      hasMax ? this.meter(value, max, `Doom Tracker${tracks ? ` (${tracks})` : ""}: ${value} of ${max}`) : null,
    );
    box.dataset.value = String(value);
    if (hasMax) box.dataset.max = String(max);
    return box;
  }

  runeCoin(color, on, onText, offText) {
    const label = `${humanize(color)} ${on ? onText : offText}`;
    return h(
      "li",
      {
        class: `tt-rune tt-c-${token(color)} tt-rune--${on ? "on" : "off"}`,
        "data-rune": color,
        "data-on": on ? "true" : "false",
        title: label,
      },
      h("span", { class: "tt-rune__coin", "aria-hidden": "true" }),
      h("span", { class: "tt-rune__text", text: label }),
    );
  }

  runeList(map, onText, offText) {
    const colors = RUNE_COLORS.filter((c) => c in map).concat(Object.keys(map).filter((c) => !RUNE_COLORS.includes(c)));
    return h("ul", { class: "tt-runes" }, colors.map((c) => this.runeCoin(c, map[c] === true, onText, offText)));
  }

  runesPanel(runes, locked) {
    if (!runes || typeof runes !== "object" || Array.isArray(runes)) return null;
    const list = this.runeList(runes, "active", "disabled");
    for (const color of Array.isArray(locked) ? locked : []) {
      const coin = [...list.children].find((li) => li.dataset.rune === color);
      if (!coin) continue;
      coin.classList.add("tt-rune--locked");
      coin.dataset.locked = "true";
      coin.querySelector(".tt-rune__text").textContent += " for good (a Crystal Shard is locked on it)";
      coin.title = coin.querySelector(".tt-rune__text").textContent;
    }
    return this.panel(
      "tt-runes-panel",
      "Runes",
      list,
      h("span", { class: "tt-panel__note", text: "Active: its Rune Gates are closed and the Boss's Rune Shield is up." }),
    );
  }

  runeRollPanel(color) {
    if (typeof color !== "string" || !color) return null;
    const box = this.panel(
      "tt-rune-roll",
      "Rune Die",
      h(
        "span",
        { class: `tt-rune tt-rune--on tt-c-${token(color)}` },
        h("span", { class: "tt-rune__coin", "aria-hidden": "true" }),
        h("span", { class: "tt-rune__text", text: `rolled ${color}` }),
      ),
    );
    box.dataset.color = color;
    return box;
  }

  lavaPanel(lava) {
    if (!lava || typeof lava !== "object") return null;
    const covered = Array.isArray(lava.covered) ? lava.covered.length : 0;
    const speed = Number(lava.speed);
    const facts = [];
    if (lava.active === true) {
      facts.push(`moving ${lava.direction ? String(lava.direction) : ""}`.trim());
    } else facts.push("not moving yet");
    if (Number.isFinite(speed)) facts.push(`speed ${speed} space${speed === 1 ? "" : "s"} per Danger Phase`);
    facts.push(`${covered} space${covered === 1 ? "" : "s"} covered`);
    const box = this.panel(
      `tt-lava-panel${lava.active === true ? " tt-lava-panel--active" : ""}`,
      "Lava Wall",
      h("span", { class: "tt-lava-panel__swatch", "aria-hidden": "true" }),
      h("span", { class: "tt-lava-panel__text", text: facts.join(" · ") }),
    );
    box.dataset.active = lava.active === true ? "true" : "false";
    return box;
  }

  // ------------------------------------------------------------ the Boss

  bossPiece() {
    const view = (this.state && this.state.view) || {};
    return (view.pieces || []).find((p) => p && p.kind === "boss") || null;
  }

  /** A card's text at a power (Command and Boss cards with powers), else its text. */
  cardText(id, power = null) {
    const card = this.card(id);
    const powers = Array.isArray(card.powers) ? card.powers : [];
    if (powers.length) {
      const n = Math.max(1, Math.min(powers.length, Number(power) || 1));
      return String(powers[n - 1]);
    }
    return card.text ? String(card.text) : "";
  }

  renderBoss() {
    const view = this.state.view || {};
    const boss = view.boss && typeof view.boss === "object" ? view.boss : null;
    this.bossBox.hidden = !boss;
    if (!boss) {
      this.bossBox.replaceChildren();
      return;
    }
    const piece = this.bossPiece() || {};
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
          Number.isFinite(max) && max > 0 ? this.meter(health, max, `Boss health ${health} of ${max}`, "tt-meter--boss") : null,
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
          this.runeList(boss.shields, "shield up", "shield down"),
        ),
      );
    }
    if (boss.super_shield === true) {
      parts.push(h("p", { class: "tt-super-shield", text: "Super Shield up: the Boss takes no damage until it is down." }));
    }
    const slots = Array.isArray(boss.slots) ? boss.slots : [];
    const charged = slots.filter((slot) => this.slotPower(slot) >= DOOM_CANNON_POWER);
    if (charged.length) {
      const which = charged.map((slot) => slot.slot).join(", ");
      parts.push(
        h("p", {
          class: "tt-doom-warning",
          role: "alert",
          text: `GG-101 Doom Cannon charged: slot ${which} at ${DOOM_CANNON_POWER} Power. If it is executed, you lose!`,
        }),
      );
    }
    if (slots.length) {
      parts.push(h("h4", { class: "tt-boss__line-title", text: "Boss Command Line" }));
      parts.push(h("ol", { class: "tt-slots tt-slots--boss", "aria-label": "Boss Command Line" }, slots.map((slot) => this.bossSlotView(slot))));
    }
    if (Array.isArray(boss.draft) && boss.draft.length) {
      parts.push(
        h("h4", { class: "tt-boss__line-title", text: "Boss draft" }),
        h("div", { class: "tt-boss__draft" }, boss.draft.map((id) => this.cardWithText(id))),
      );
    }
    this.bossBox.replaceChildren(...parts);
  }

  slotPower(slot) {
    const cards = Array.isArray(slot.cards) ? slot.cards : [];
    const power = Number(slot.power);
    return Number.isFinite(power) ? power : cards.length;
  }

  bossSlotView(slot) {
    const cards = Array.isArray(slot.cards) ? slot.cards : [];
    const top = cards.length ? cards[cards.length - 1] : null;
    const power = this.slotPower(slot);
    const charged = power >= DOOM_CANNON_POWER;
    const element = slot.element ? String(slot.element) : "";
    const li = h("li", {
      class: `tt-slot tt-boss-slot tt-c-${token(element || "none")}${top ? "" : " tt-slot--empty"}${charged ? " tt-slot--doom" : ""}`,
      "data-slot": slot.slot,
      "data-power": power,
    });
    li.append(h("span", { class: "tt-slot__number", text: slot.slot }));
    if (element) li.append(h("span", { class: "tt-boss-slot__element", text: humanize(element) }));
    if (top) {
      li.append(this.cardChip(top, { power, extraClass: "tt-slot__top" }));
      li.append(h("span", { class: "tt-slot__power", title: `Power ${power}`, text: `P${power}` }));
      const text = this.cardText(top, power);
      if (text) li.append(h("span", { class: "tt-boss-slot__text", text }));
      if (cards.length > 1) {
        const below = cards.slice(0, -1).reverse().map((id) => this.card(id).name || id);
        li.append(h("span", { class: "tt-slot__below", title: "Cards below the top card", text: `under: ${below.join(", ")}` }));
      }
    } else {
      li.append(h("span", { class: "tt-boss-slot__default", text: slot.default ? `Default: ${slot.default}` : "empty" }));
    }
    if (charged) li.append(h("span", { class: "tt-doom-cannon", text: "Doom Cannon charged" }));
    return li;
  }

  /** A card chip with its text written out under it (Boss cards, Schematic Cards). */
  cardWithText(id, onclick = null) {
    const text = this.cardText(id);
    return h(
      "div",
      { class: "tt-cardtext", "data-card": id },
      this.cardChip(id, { onclick }),
      text ? h("span", { class: "tt-cardtext__text", text }) : null,
    );
  }

  // ------------------------------------------------------------ board

  renderBoard() {
    const view = this.state.view || {};
    const board = view.board || {};
    const width = Math.max(1, Math.min(40, Number(board.width) || 1));
    const height = Math.max(1, Math.min(40, Number(board.height) || 1));
    const squares = Array.isArray(board.squares) ? board.squares : [];
    const runes = view.runes && typeof view.runes === "object" ? view.runes : null;

    const bySquare = new Map();
    for (const action of this.state.legal || []) {
      if (!Array.isArray(action.square) || action.square.length !== 2) continue;
      const key = `${action.square[0]},${action.square[1]}`;
      if (!bySquare.has(key)) bySquare.set(key, []);
      bySquare.get(key).push(action);
    }
    const piecesAt = new Map();
    const covers = new Map(); // squares under a large piece (the Boss): key -> piece
    const large = [];
    for (const piece of view.pieces || []) {
      if (!piece || typeof piece !== "object") continue;
      const size = Math.max(1, Math.min(4, Number(piece.size) || (piece.kind === "boss" ? 2 : 1)));
      if (size > 1 && Number.isInteger(piece.x) && Number.isInteger(piece.y)) {
        large.push({ piece, size });
        for (let dy = 0; dy < size; dy++) for (let dx = 0; dx < size; dx++) covers.set(`${piece.x + dx},${piece.y + dy}`, piece);
        continue;
      }
      const key = `${piece.x},${piece.y}`;
      if (!piecesAt.has(key)) piecesAt.set(key, []);
      piecesAt.get(key).push(piece);
    }
    const lava = view.lava_wall && typeof view.lava_wall === "object" ? view.lava_wall : null;
    const lavaSquares = new Set();
    if (lava && Array.isArray(lava.covered)) {
      for (const sq of lava.covered) if (Array.isArray(sq) && sq.length === 2) lavaSquares.add(`${sq[0]},${sq[1]}`);
    }

    const grid = h("div", {
      class: `tt-board${width > 8 ? " tt-board--wide" : ""}`,
      role: "group",
      "aria-label": `Board, ${width} by ${height}`,
      style: { "--tt-cols": String(width), "--tt-rows": String(height) },
    });
    const at = (col, row) => ({ "grid-column": String(col), "grid-row": String(row) });
    // Column letters and row numbers, as the engine's labels name squares ("c1" is x=2, y=0).
    // Every cell is placed explicitly, so a 2x2 Boss can lie over four squares.
    grid.append(h("div", { class: "tt-axis", "aria-hidden": "true", style: at(1, 1) }));
    for (let x = 0; x < width; x++) {
      grid.append(h("div", { class: "tt-axis", "aria-hidden": "true", text: columnName(x), style: at(x + 2, 1) }));
    }
    const kindsSeen = new Set();
    const zonesSeen = new Set();
    const gatesSeen = new Set();
    for (let y = 0; y < height; y++) {
      const row = Array.isArray(squares[y]) ? squares[y] : [];
      grid.append(h("div", { class: "tt-axis", "aria-hidden": "true", text: String(y + 1), style: at(1, y + 2) }));
      for (let x = 0; x < width; x++) {
        if (!row[x] || typeof row[x] !== "object") {
          // no Map Tile here (a board that is not a rectangle, Mission 2's T): nothing to draw
          grid.append(h("div", { class: "tt-sq tt-sq--none", "aria-hidden": "true", style: at(x + 2, y + 2) }));
          continue;
        }
        const square = row[x];
        const key = `${x},${y}`;
        const actions = bySquare.get(key) || [];
        const pieces = piecesAt.get(key) || [];
        const kind = token(square.kind || "open");
        if (kind !== "open") kindsSeen.add(kind);
        const classes = [`tt-sq`, `tt-sq--${kind}`];
        let what = SQUARE_NAMES[kind] || humanize(square.kind || "open");
        if (square.color) {
          classes.push(`tt-c-${token(square.color)}`);
          what += ` (${square.color})`;
        }
        if (kind === "rune-gate") {
          // A gate is closed while its Rune is active (view.runes); without runes, closed.
          const closed = !runes || runes[square.color] !== false;
          classes.push(closed ? "tt-gate--closed" : "tt-gate--open");
          what = `${humanize(String(square.color || ""))} Rune Gate, ${closed ? "closed" : "open"}`.trim();
          gatesSeen.add(closed ? "closed" : "open");
        }
        if (Array.isArray(square.spikes) && square.spikes.length) {
          for (const side of square.spikes) if (FACINGS.has(side)) classes.push(`tt-spikes--${side}`);
          what += `, Spike Wall ${square.spikes.filter((s) => FACINGS.has(s)).join(" and ")}`;
        }
        const names = [what];
        if (square.zone) {
          const zone = token(square.zone);
          classes.push("tt-zone", `tt-zone--${zone}`);
          zonesSeen.add(zone);
          names.push(ZONES[zone] || humanize(square.zone));
        }
        if (lavaSquares.has(key)) {
          classes.push("tt-sq--lava");
          names.push("Lava Wall");
        }
        const under = covers.get(key);
        if (under) names.push(this.pieceName(under));
        for (const piece of pieces) names.push(this.pieceName(piece));
        const attrs = { class: classes.join(" "), "data-x": x, "data-y": y, style: at(x + 2, y + 2) };
        if (square.zone) attrs["data-zone"] = square.zone;
        let el;
        if (actions.length) {
          attrs.class += " tt-sq--action";
          attrs.type = "button";
          attrs["data-action-count"] = actions.length;
          if (actions.length === 1) attrs["data-action"] = actions[0].id;
          const labels = actions.map((a) => a.label || a.id);
          attrs["aria-label"] = `${columnName(x)}${y + 1}: ${names.join(", ")}: ${labels.join(" / ")}`;
          attrs.title = labels.join("\n");
          attrs.onclick = () => this.squareClicked(actions);
          el = h("button", attrs);
        } else {
          attrs.title = `${columnName(x)}${y + 1}: ${names.join(", ")}`;
          el = h("div", attrs);
        }
        for (const piece of pieces) el.append(this.pieceToken(piece));
        grid.append(el);
      }
    }
    for (const { piece, size } of large) grid.append(this.largePieceToken(piece, size, width, height));

    const legend = h("ul", { class: "tt-legend", "aria-label": "Legend" });
    for (const s of view.seats || []) {
      legend.append(h("li", { class: `tt-c-${token(s.color)}` }, h("span", { class: "tt-legend__dot" }), s.name));
    }
    for (const kind of Object.keys(SQUARE_NAMES)) {
      if (!kindsSeen.has(kind)) continue;
      let name = SQUARE_NAMES[kind];
      if (kind === "rune-gate") {
        name += gatesSeen.has("open") && !gatesSeen.has("closed") ? " (open)" : gatesSeen.has("open") ? " (solid: closed, faint: open)" : " (closed)";
      }
      legend.append(h("li", { "data-legend": kind }, h("span", { class: `tt-legend__sq tt-sq--${kind}`, "aria-hidden": "true" }), name));
    }
    for (const zone of Object.keys(ZONES).concat([...zonesSeen].filter((z) => !(z in ZONES)))) {
      if (!zonesSeen.has(zone)) continue;
      legend.append(
        h(
          "li",
          { "data-legend": zone },
          h("span", { class: `tt-legend__sq tt-zone tt-zone--${zone}`, "aria-hidden": "true" }),
          ZONES[zone] || humanize(zone),
        ),
      );
    }
    if (lavaSquares.size || lava) {
      legend.append(h("li", { "data-legend": "lava-wall" }, h("span", { class: "tt-legend__sq tt-sq--lava", "aria-hidden": "true" }), "Lava Wall"));
    }
    if ((view.pieces || []).some((p) => p && p.kind === "mech" && p.carrying)) {
      legend.append(h("li", { "data-legend": "carrying" }, h("span", { class: "tt-legend__shard", "aria-hidden": "true", text: "◆" }), "Mech carrying a Crystal Shard"));
    }
    this.mainBox.classList.toggle("tt-main--wide", width > 8);
    this.boardBox.replaceChildren(grid, legend);
  }

  /** A piece that covers size x size squares (the Boss), laid over the board's grid. */
  largePieceToken(piece, size, width, height) {
    const x = Math.max(0, Math.min(width - 1, piece.x));
    const y = Math.max(0, Math.min(height - 1, piece.y));
    const spanX = Math.max(1, Math.min(size, width - x));
    const spanY = Math.max(1, Math.min(size, height - y));
    const facing = token(piece.facing || "");
    const known = FACINGS.has(facing);
    const label = this.pieceName(piece);
    const health = Number.isFinite(Number(piece.health)) ? String(piece.health) : "";
    return h(
      "div",
      {
        class: `tt-piece tt-piece--${token(piece.kind)} tt-piece--large tt-facing--${known ? facing : "unknown"}`,
        role: "img",
        "aria-label": label,
        title: label,
        "data-kind": piece.kind,
        "data-x": piece.x,
        "data-y": piece.y,
        "data-facing": known ? facing : "",
        style: { "grid-column": `${x + 2} / span ${spanX}`, "grid-row": `${y + 2} / span ${spanY}` },
      },
      h("span", { class: "tt-piece__facing", "aria-hidden": "true" }, h("span", { class: "tt-piece__body" }), known ? h("span", { class: "tt-piece__arrow" }) : null),
      h(
        "span",
        { class: "tt-piece__label", "aria-hidden": "true" },
        h("span", { class: "tt-piece__name", text: piece.kind === "boss" ? "BOSS" : humanize(piece.kind) }),
        health ? h("span", { class: "tt-piece__health", text: `♥ ${health}${piece.max ? `/${piece.max}` : ""}` }) : null,
      ),
    );
  }

  pieceName(piece) {
    if (piece.kind === "mech") {
      return `${piece.name || "Mech"}'s Mech facing ${piece.facing || "?"}${piece.carrying ? ", carrying a Crystal Shard" : ""}`;
    }
    if (piece.kind === "boss") {
      const health = piece.health !== undefined && piece.health !== null ? `, health ${piece.health}${piece.max ? ` of ${piece.max}` : ""}` : "";
      return `The Boss${FACINGS.has(piece.facing) ? ` facing ${piece.facing}` : ""}${health}`;
    }
    if (piece.kind === "bomb") return `Bomb, health ${Number.isInteger(piece.health) ? piece.health : "?"}`;
    if (piece.kind === "crystal-shard" && piece.locked) return "Crystal Shard, locked";
    return humanize(piece.kind || "piece");
  }

  pieceToken(piece) {
    const kind = token(piece.kind || "piece");
    if (piece.kind === "mech") {
      const name = String(piece.name || "Mech");
      const facing = token(piece.facing || "up");
      const known = FACINGS.has(facing);
      const label = `${name}, facing ${known ? facing : "?"}${piece.carrying ? ", carrying a Crystal Shard" : ""}`;
      // The body is a drop with its point towards the facing, plus an arrowhead beyond
      // that point; both turn with the facing, the initials stay upright.
      return h(
        "span",
        {
          class: `tt-piece tt-piece--mech tt-c-${this.seatColor(piece.seat)} tt-facing--${known ? facing : "unknown"}${piece.carrying ? " tt-piece--carrying" : ""}`,
          role: "img",
          "aria-label": label,
          title: label,
          "data-seat": piece.seat,
          "data-facing": facing,
          "data-carrying": piece.carrying ? "true" : null,
        },
        h(
          "span",
          { class: "tt-piece__facing", "aria-hidden": "true" },
          h("span", { class: "tt-piece__body" }),
          known ? h("span", { class: "tt-piece__arrow" }) : null,
        ),
        h("span", { class: "tt-piece__label", "aria-hidden": "true", text: name.slice(0, 2) }),
        piece.carrying ? h("span", { class: "tt-piece__carried", "aria-hidden": "true", text: "◆" }) : null,
      );
    }
    if (piece.kind === "bomb") {
      const health = Number.isInteger(piece.health) ? piece.health : "?";
      const label = `Bomb, health ${health}`;
      return h("span", { class: "tt-piece tt-piece--bomb", role: "img", "aria-label": label, title: label,
                         text: String(health) });
    }
    const glyph = { minion: "m", "crystal-shard": "◆" }[piece.kind] || "•";
    return h("span", {
      class: `tt-piece tt-piece--${kind}${piece.locked ? " tt-piece--locked" : ""}`,
      title: this.pieceName(piece),
      text: glyph,
    });
  }

  squareClicked(actions) {
    if (this.busy) return;
    if (actions.length === 1) {
      this.play(actions[0].id);
      return;
    }
    // Several choices on one square: point at their buttons.
    let first = null;
    for (const action of actions) {
      const button = this.actionsBox.querySelector(`button[data-action="${CSS.escape(action.id)}"]`);
      if (!button) continue;
      button.classList.remove("tt-flash");
      void button.offsetWidth;
      button.classList.add("tt-flash");
      first = first || button;
    }
    if (first) first.focus();
  }

  renderActions() {
    const legal = this.state.legal || [];
    this.actionsBox.replaceChildren(h("h3", { class: "tt-h", text: "Choices" }));
    const e = this.executing();
    if (e && legal.length) {
      this.actionsBox.append(
        h(
          "p",
          { class: "tt-asking" },
          "For ",
          e.card ? this.cardChip(e.card, { power: e.power }) : null,
          ` in ${this.seatName(e.seat)}'s slot ${e.slot}`,
        ),
      );
    }
    if (!legal.length) {
      this.actionsBox.append(h("p", { class: "tt-muted", text: this.state.over ? "No more choices: the game is over." : "No choices." }));
      return;
    }
    const groups = new Map();
    for (const action of legal) {
      if (action.id === TIMEOUT) continue; // sent by Zhonya's Minuteglass, not a button
      const kind = String(action.kind || "action");
      if (!groups.has(kind)) groups.set(kind, []);
      groups.get(kind).push(action);
    }
    for (const [kind, actions] of groups) {
      const heading = this.kindHeading(kind);
      const group = h("div", { class: `tt-group tt-group--${token(kind)}`, role: "group", "aria-label": heading });
      group.append(h("h4", { class: "tt-group__title", text: heading }));
      const seats = [...new Set(actions.map((a) => a.seat))];
      for (const seat of seats) {
        if (seats.length > 1 && seat !== undefined && seat !== null) {
          group.append(h("div", { class: `tt-group__seat tt-c-${this.seatColor(seat)}`, text: this.seatName(seat) }));
        }
        const mine = actions.filter((a) => a.seat === seat);
        const cards = [...new Set(mine.map((a) => a.card))];
        const perCard = mine.every((a) => a.card) && mine.length > cards.length;
        if (!perCard) {
          const withText = mine.some((a) => this.showsCardText(a, kind));
          const list = h("div", { class: `tt-buttons${withText ? " tt-buttons--cards" : ""}` });
          for (const action of mine) {
            const detail = this.showsCardText(action, kind) ? this.cardText(action.card) : null;
            list.append(this.actionButton(action, kind, null, null, detail));
          }
          group.append(list);
          continue;
        }
        // Several choices per card (program into slot n, scrap to repair or swap): show the
        // card once, then short buttons; the engine's full label stays each button's
        // accessible name and tooltip.
        for (const cardId of cards) {
          const choices = mine.filter((a) => a.card === cardId);
          const block = h(
            "div",
            { class: "tt-percard" },
            choices.some((a) => this.showsCardText(a, kind)) ? this.cardWithText(cardId) : this.cardChip(cardId),
          );
          const list = h("div", { class: `tt-buttons tt-buttons--short tt-buttons--${token(kind)}` });
          const prefix = commonPrefix(choices.map((a) => String(a.label || a.id)));
          for (const action of choices) {
            const label = String(action.label || action.id);
            if (kind === "program" && Number.isInteger(action.slot)) {
              const note = /\(([^()]{1,40})\)\s*$/.exec(label);
              list.append(this.actionButton(action, kind, `Slot ${action.slot}`, note ? note[1] : null));
            } else {
              const rest = label.slice(prefix.length).replace(/^[\s:,–—-]+/, "").trim();
              list.append(this.actionButton(action, kind, rest || label));
            }
          }
          block.append(list);
          group.append(block);
        }
      }
      this.actionsBox.append(group);
    }
  }

  /** Choices of a card the player has not seen in a Command Line yet (a Boss Card to program, a
   *  Schematic Card): the card's text is written on the button, not only in its tooltip. */
  showsCardText(action, kind) {
    if (!action.card) return false;
    if (kind === "boss-pick" || kind === "schematic") return true;
    const deck = this.card(action.card).deck;
    return deck === "boss-cards" || deck === "schematic-cards";
  }

  actionButton(action, kind, shortText = null, note = null, detail = null) {
    const label = String(action.label || action.id);
    const color = typeof action.color === "string" ? token(action.color) : "";
    const attrs = {
      type: "button",
      class: `tt-action tt-action--${token(kind)}${color ? ` tt-action--color tt-c-${color}` : ""}`,
      "data-action": action.id,
      title: action.card ? `${label}\n\n${this.cardTitle(action.card)}` : label,
      onclick: () => this.play(action.id),
    };
    if (shortText) attrs["aria-label"] = label;
    return h(
      "button",
      attrs,
      color ? h("span", { class: "tt-legend__dot", "aria-hidden": "true" }) : null,
      h("span", { class: "tt-action__text", text: shortText || label }),
      note ? h("span", { class: "tt-action__note", text: note }) : null,
      detail ? h("span", { class: "tt-action__detail", text: detail }) : null,
    );
  }

  renderDraft() {
    const draft = this.state.view && this.state.view.draft;
    this.draftBox.hidden = !draft;
    if (!draft) {
      this.draftBox.replaceChildren();
      this.stopTimer(true);
      return;
    }
    const pickable = new Map();
    for (const action of this.state.legal || []) {
      if (action.kind === "draft" && action.card && !pickable.has(action.card)) pickable.set(action.card, action.id);
    }
    const dealt = h("div", { class: "tt-cards" });
    for (const id of draft.dealt || []) {
      const actionId = pickable.get(id);
      dealt.append(this.cardChip(id, { onclick: actionId ? () => this.play(actionId) : null }));
    }
    this.draftBox.replaceChildren(h("h3", { class: "tt-h", text: "Draft" }), dealt);
    if (draft.picks_left !== undefined) this.draftBox.append(h("p", { class: "tt-muted", text: `Picks left: ${draft.picks_left}` }));
    this.renderTimer(draft);
  }

  // ------------------------------------------------------------ Zhonya's Minuteglass

  /** A timed draft shows a countdown; at 0 it sends draft:timeout (when that is legal). */
  renderTimer(draft) {
    const seconds = Number(draft.timer_seconds);
    if (!Number.isFinite(seconds) || seconds <= 0 || this.state.over) {
      this.stopTimer(true);
      return;
    }
    if (this.timerGame !== this.seed) {
      // "On by default": every new game starts with the timer on.
      this.timerGame = this.seed;
      this.timerOff = false;
    }
    const view = this.state.view || {};
    // One draft per Round: a new Round (or a new game) is a new draft, and the sand restarts.
    const key = `${this.seed}|${this.players}|${view.round}`;
    if (this.timer.key !== key) {
      this.stopTimer(true);
      this.timer.key = key;
      this.timer.seconds = seconds;
      this.timer.deadline = performance.now() + seconds * 1000;
      this.timer.sent = false;
    }
    const toggle = h("input", { type: "checkbox", class: "tt-timer__toggle" });
    toggle.checked = !this.timerOff;
    toggle.addEventListener("change", () => {
      this.timerOff = !toggle.checked;
      if (!this.timerOff) {
        // Back on: a fresh glass for the rest of this draft.
        this.timer.deadline = performance.now() + this.timer.seconds * 1000;
        this.timer.sent = false;
      }
      this.tickTimer();
    });
    this.timerText = h("span", { class: "tt-timer__time", role: "timer", "aria-live": "off" });
    this.timerBar = h("span", { class: "tt-timer__sand" });
    this.timerBox = h(
      "div",
      { class: "tt-timer" },
      h("span", { class: "tt-timer__name", title: "When the sand runs out, the remaining picks are dealt at random", text: "Zhonya's Minuteglass" }),
      this.timerText,
      h("span", { class: "tt-timer__glass", "aria-hidden": "true" }, this.timerBar),
      h("label", { class: "tt-timer__label" }, toggle, " Timed draft (this game)"),
    );
    this.draftBox.append(this.timerBox);
    if (!this.timer.interval) this.timer.interval = setInterval(() => this.tickTimer(), 200);
    this.tickTimer();
  }

  tickTimer() {
    if (!this.timer.key || !this.timerText) return;
    const total = this.timer.seconds * 1000;
    const left = Math.max(0, this.timer.deadline - performance.now());
    this.timerBox.classList.toggle("tt-timer--off", this.timerOff);
    if (this.timerOff) {
      this.timerText.textContent = "off";
      this.timerBar.style.width = "0%";
      return;
    }
    this.timerText.textContent = `${Math.ceil(left / 1000)} s`;
    this.timerBar.style.width = `${total ? (100 * left) / total : 0}%`;
    this.timerBox.classList.toggle("tt-timer--low", left <= 10000);
    if (left > 0 || this.timer.sent) return;
    // The sand has run out: tell the engine, once, as soon as it is listening.
    if (this.busy || !this.state) return;
    if (!(this.state.legal || []).some((a) => a.id === TIMEOUT)) return;
    this.timer.sent = true;
    this.play(TIMEOUT);
  }

  stopTimer(forget) {
    if (this.timer.interval) clearInterval(this.timer.interval);
    this.timer.interval = null;
    if (forget) this.timer.key = null;
    this.timerText = null;
  }

  renderSeats() {
    const view = this.state.view || {};
    this.seatsBox.replaceChildren(h("h3", { class: "tt-h", text: "Command Lines" }));
    for (const seat of view.seats || []) {
      const marks = [];
      if (seat.seat === view.first_player) marks.push(h("span", { class: "tt-badge", title: "First player (Zhonya's Minuteglass)", text: "first" }));
      if (!this.state.over && seat.seat === view.to_move) marks.push(h("span", { class: "tt-badge tt-badge--turn", text: "to move" }));
      const panel = h(
        "div",
        { class: `tt-seat tt-c-${token(seat.color)}`, "data-seat": seat.seat },
        h("h4", { class: "tt-seat__name" }, h("span", { class: "tt-legend__dot" }), seat.name || `Seat ${seat.seat + 1}`, ...marks),
      );
      const slots = h("ol", { class: "tt-slots", "aria-label": `${seat.name}'s Command Line` });
      const executing = this.executing();
      for (const slot of seat.slots || []) {
        slots.append(this.slotView(slot, executing !== null && executing.seat === seat.seat && executing.slot === slot.slot));
      }
      panel.append(slots);

      const hand = seat.hand || [];
      panel.append(
        h(
          "div",
          { class: "tt-row" },
          h("span", { class: "tt-row__label", text: "Hand:" }),
          hand.length ? h("span", { class: "tt-cards" }, hand.map((id) => this.cardChip(id))) : h("span", { class: "tt-muted", text: "empty" }),
        ),
      );
      const system = seat.system_damage || [];
      if (system.length) {
        panel.append(
          h(
            "div",
            { class: "tt-row" },
            h("span", { class: "tt-row__label", text: "System damage:" }),
            h("span", { class: "tt-cards" }, system.map((id) => this.cardChip(this.damageId(id)))),
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
            h("span", { class: "tt-schematics" }, schematics.map((x) => this.schematicView(x))),
          ),
        );
      }
      this.seatsBox.append(panel);
    }
  }

  /** A Schematic Card: face down (type and Team Gears needed) until active; then its text; used ones dimmed. */
  schematicView(schematic) {
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

  damageId(damage) {
    if (damage && typeof damage === "object") return damage.card || damage.id || "damage";
    return damage;
  }

  slotView(slot, executing = false) {
    const cards = Array.isArray(slot.cards) ? slot.cards : [];
    const top = cards.length ? cards[cards.length - 1] : null;
    const power = Number(slot.power) || cards.length;
    const damage = slot.damage ? this.damageId(slot.damage) : null;
    const li = h("li", {
      class: `tt-slot${damage ? " tt-slot--damaged" : ""}${top ? "" : " tt-slot--empty"}${executing ? " tt-slot--executing" : ""}`,
      "data-slot": slot.slot,
      "aria-current": executing ? "step" : null,
    });
    li.append(h("span", { class: "tt-slot__number", text: slot.slot }));
    if (executing) li.append(h("span", { class: "tt-slot__executing", text: "executing" }));
    if (top) {
      li.append(this.cardChip(top, { power, extraClass: "tt-slot__top" }));
      li.append(h("span", { class: "tt-slot__power", title: `Power ${power}`, text: `P${power}` }));
      if (cards.length > 1) {
        const below = cards.slice(0, -1).reverse().map((id) => this.card(id).name || id);
        li.append(h("span", { class: "tt-slot__below", title: "Cards below the top card", text: `under: ${below.join(", ")}` }));
      }
    } else {
      li.append(h("span", { class: "tt-muted tt-slot__emptytext", text: "empty" }));
    }
    if (damage) {
      li.append(this.cardChip(damage, { extraClass: "tt-slot__damage" }));
    }
    if (Number(slot.shields) > 0) {
      li.append(h("span", { class: "tt-slot__shields", text: `Shield ×${Number(slot.shields)}` }));
    }
    return li;
  }

  renderLog() {
    if (!this.state) return;
    const root = siteRoot();
    const list = h("ol", { class: "tt-log__list", reversed: true });
    const entries = this.log.slice().reverse(); // newest first
    entries.forEach((event) => {
      const li = h("li", { class: `tt-log__entry tt-log--${token(event.kind)}` });
      if (event.seat !== undefined && event.seat !== null && this.viewSeats().length) {
        li.append(h("span", { class: `tt-log__seat tt-c-${this.seatColor(event.seat)}`, title: this.seatName(event.seat), "aria-hidden": "true" }));
      }
      li.append(h("span", { class: "tt-log__text", text: event.text || "" }));
      const why = this.whyLink(event.rule, root);
      if (why) li.append(" ", why);
      list.append(li);
    });
    this.logBox.replaceChildren(
      h("h3", { class: "tt-h", text: "Log" }),
      entries.length ? list : h("p", { class: "tt-muted", text: "Nothing has happened yet." }),
    );
  }

  /** A "why?" link. One into this page scrolls there without touching the URL (whose fragment
   *  holds the game); one to another page opens in a new tab, so the game stays here. */
  whyLink(rule, root) {
    const href = this.ruleHref(rule, root);
    if (!href) return null;
    const url = new URL(href);
    if (!(isThisPage(url) && url.hash)) {
      return h("a", {
        class: "tt-why",
        href,
        target: "_blank",
        rel: "noopener",
        title: `Rule: ${rule} (opens in a new tab)`,
        text: "why?",
      });
    }
    const link = h("a", { class: "tt-why tt-why--here", href, title: `Rule: ${rule} (on this page)`, text: "why?" });
    link.addEventListener("click", (event) => {
      if (!plainLeftClick(event)) return; // a new tab or window: the browser's own way
      event.preventDefault();
      event.stopPropagation(); // not mkdocs-material's instant navigation either
      const target = anchorTarget(url.hash);
      if (!target) {
        window.open(href, "_blank", "noopener");
        return;
      }
      flashTarget(target);
      this.offerWayBack(link, target);
    });
    return link;
  }

  /** After a jump to a rule on this page: a button that brings the reader back to the game. */
  offerWayBack(link, target) {
    if (!this.backButton) {
      this.backButton = h("button", { type: "button", class: "md-button md-button--primary tt-back", hidden: true }, "↓ Back to the game");
      this.backButton.addEventListener("click", () => this.backToGame());
    }
    // Shown fixed in a corner, but placed right after the rule, so Tab reaches it from there.
    target.after(this.backButton);
    this.backFrom = link;
    this.backButton.hidden = false;
    if (this.backObserver) this.backObserver.disconnect();
    if (typeof IntersectionObserver !== "function") return;
    // Hide the button once the game has left the screen and come back into it.
    let left = false;
    this.backObserver = new IntersectionObserver((entries) => {
      const visible = entries.some((entry) => entry.isIntersecting);
      if (!visible) left = true;
      else if (left) this.hideWayBack();
    });
    this.backObserver.observe(this.logBox);
  }

  hideWayBack() {
    if (this.backButton) {
      this.backButton.hidden = true;
      this.backButton.remove();
    }
    if (this.backObserver) this.backObserver.disconnect();
    this.backObserver = null;
  }

  backToGame() {
    const link = this.backFrom && this.backFrom.isConnected ? this.backFrom : null;
    const target = link || this.logBox;
    this.hideWayBack();
    target.scrollIntoView({ behavior: reducedMotion() ? "auto" : "smooth", block: "center" });
    const focus = link || this.actionsBox.querySelector("button") || this.outcomeBox;
    if (focus) focus.focus({ preventScroll: true });
  }

  ruleHref(rule, root) {
    if (typeof rule !== "string" || !Object.prototype.hasOwnProperty.call(this.rules, rule)) return null;
    const target = this.rules[rule];
    if (typeof target !== "string") return null;
    try {
      const url = new URL(target, root);
      if (url.origin !== new URL(root).origin) return null;
      return url.href;
    } catch {
      return null;
    }
  }
}

// ---------------------------------------------------------------- page wiring

/** The "Play this scenario" link near the top of a scenario page (scenario.md.j2): scroll to
 *  the Play area without putting its id in the URL (the fragment may hold a game). */
function wireJumpLinks() {
  for (const link of document.querySelectorAll("a.tome-play-jump")) {
    if (link.dataset.ttInit) continue;
    link.dataset.ttInit = "1";
    link.addEventListener("click", (event) => {
      if (!plainLeftClick(event)) return;
      const target = anchorTarget(new URL(link.href, location.href).hash);
      if (!target) return;
      event.preventDefault();
      event.stopPropagation();
      const area = target.closest(".tt-play");
      const controller = [...controllers].find((c) => c.el === area);
      target.scrollIntoView({ behavior: reducedMotion() ? "auto" : "smooth", block: "start" });
      let focus = null;
      if (controller && controller.state) focus = controller.actionsBox.querySelector("button") || controller.outcomeBox;
      else if (area) focus = area.querySelector(".tt-play__start");
      if (focus) focus.focus({ preventScroll: true });
    });
  }
}

function init() {
  wireJumpLinks();
  for (const controller of [...controllers]) {
    if (!controller.el.isConnected) {
      controller.detach();
      controllers.delete(controller);
    }
  }
  for (const el of document.querySelectorAll(".tt-play")) {
    if (el.dataset.ttInit) continue;
    el.dataset.ttInit = "1";
    try {
      controllers.add(new PlayArea(el));
    } catch (error) {
      console.warn("tabletome: could not set up the Play area", error);
    }
  }
}

siteRoot();

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => init());
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", init);
} else {
  init();
}

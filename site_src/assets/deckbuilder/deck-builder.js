// The deck builder (see builder.js, which imports this module on the one page that has a builder).

import { h, say, token } from "../play/dom.js";
import { buildFragment, randomSeed } from "../play/share-link.js";
import { TYPES } from "../play/render/heroes-tcg/words.js";
import { decodeDeck, encodeDeck } from "./code.js";
import { canRedraw, openingHand, redraw } from "./hand.js";
import { broken, cardIndex, copyLimit, isHero, mainCards } from "./rules.js";

const POOL_ORDER = ["amigo", "ayuda", "objeto", "cfe"];

export class DeckBuilder {
  constructor(el) {
    this.el = el;
    this.data = JSON.parse(el.querySelector("script.tt-db-data").textContent);
    this.c = this.data.constants;
    this.index = cardIndex(this.data);
    this.heroPool = this.data.cards.filter(isHero);
    this.pool = this.data.cards.filter((card) => !isHero(card))
      .sort((a, b) => POOL_ORDER.indexOf(a.tipo) - POOL_ORDER.indexOf(b.tipo));
    this.elements = new Map(this.data.elements.map((e) => [e.id, e.name]));
    this.storageKey = `tabletome:mazo:${el.dataset.game}`;
    this.sample = null;
    this.picked = new Set();
    this.build();
    this.load();
  }

  // ------------------------------------------------------------ the deck

  /** The deck as decks.py reads it: {heroes, cartas: [{carta, copias}]} in the pool's order. */
  deck() {
    const order = new Map(this.data.cards.map((card, i) => [card.id, i]));
    const cartas = [...this.counts].filter(([, n]) => n > 0)
      .sort(([a], [b]) => (order.get(a) ?? 1e9) - (order.get(b) ?? 1e9) || (a < b ? -1 : 1))
      .map(([carta, copias]) => ({ carta, copias }));
    return { heroes: this.heroes.slice(), cartas };
  }

  setDeck(deck) {
    this.counts = new Map();
    for (const { carta, copias } of deck.cartas) this.counts.set(carta, (this.counts.get(carta) || 0) + copias);
    this.heroes = deck.heroes ? deck.heroes.slice() : this.heroPool.map((card) => card.id); // none named: all
  }

  load() {
    if (this.fromUrl()) return;
    let stored = null;
    try {
      stored = localStorage.getItem(this.storageKey);
    } catch {
      stored = null;
    }
    const parsed = stored ? decodeDeck(stored) : null;
    if (parsed && parsed.deck) this.setDeck(parsed.deck);
    else {
      this.setDeck({ heroes: null, cartas: [] });
      if (parsed && parsed.error) this.notice(say("db_bad_storage"));
    }
    this.changed();
  }

  /** A deck in the URL (a shared link, "Abrir en el constructor"); false when there is none. */
  fromUrl() {
    const parsed = decodeDeck(location.search);
    if (!parsed) return false;
    if (parsed.error) {
      this.notice(say("db_bad_link", { error: parsed.error }));
      return false;
    }
    this.setDeck(parsed.deck);
    this.changed();
    return true;
  }

  add(id, delta) {
    const card = this.index.get(id);
    const n = Math.max(0, (this.counts.get(id) || 0) + delta);
    if (delta > 0 && card && n > copyLimit(card.tipo, this.c)) return;
    if (n) this.counts.set(id, n);
    else this.counts.delete(id);
    this.changed();
  }

  toggleHero(id) {
    const at = this.heroes.indexOf(id);
    if (at >= 0) this.heroes.splice(at, 1);
    else {
      const order = this.heroPool.map((card) => card.id);
      this.heroes.push(id);
      this.heroes.sort((a, b) => order.indexOf(a) - order.indexOf(b));
    }
    this.changed();
  }

  changed() {
    const deck = this.deck();
    const code = encodeDeck(deck);
    if (location.search !== code) {
      const url = new URL(code, location.href);
      url.hash = location.hash;
      history.replaceState(history.state, "", url.href);
    }
    try {
      localStorage.setItem(this.storageKey, code);
    } catch {
      // private mode: the URL still holds the deck
    }
    this.problems = broken(deck, this.data, this.index);
    this.render(deck);
  }

  // ------------------------------------------------------------ the boxes

  build() {
    const field = (label, input) => h("label", { class: "tt-db-filter" }, h("span", { text: label }), input);
    const select = (name, options) => h("select", { name, onchange: () => this.renderPool() },
      h("option", { value: "", text: say("db_any") }),
      options.map(([value, label]) => h("option", { value: String(value), text: label })));
    this.filters = h("form", { class: "tt-db-filters", role: "search", onsubmit: (e) => e.preventDefault() },
      field(say("db_search"), h("input", { type: "search", name: "texto", placeholder: say("db_search_placeholder"),
        oninput: () => this.renderPool() })),
      field(say("db_tipo"), select("tipo", POOL_ORDER.filter((t) => this.pool.some((c) => c.tipo === t))
        .map((t) => [t, TYPES[t] || t]))),
      field(say("db_elemento"), select("elemento", this.data.elements
        .filter((e) => this.pool.some((c) => c.elemento === e.id)).map((e) => [e.id, e.name]))),
      field(say("db_coste"), select("coste", [...new Set(this.pool.map((c) => c.coste).filter((x) => x !== undefined))]
        .sort((a, b) => a - b).map((x) => [x, String(x)]))));
    this.poolCount = h("output", { class: "tt-db-count", "aria-live": "polite" });
    this.poolList = h("ul", { class: "tt-db-pool" });
    this.noticeBox = h("p", { class: "tt-db-notice", role: "alert", hidden: true });
    this.totals = h("p", { class: "tt-db-totals" });
    this.verdict = h("div", { class: "tt-db-verdict", "aria-live": "polite" });
    this.copyButton = h("button", { type: "button", class: "md-button", text: say("db_copy_link"), onclick: () => this.copyLink() });
    this.copyStatus = h("span", { class: "tt-db-copied", role: "status" });
    this.playLink = h("a", { class: "md-button md-button--primary tt-db-play", text: say("db_play") });
    this.rivalLink = h("a", { class: "md-button tt-db-play-rival", text: say("db_play_rival") });
    this.clearButton = h("button", { type: "button", class: "md-button", text: say("db_clear"),
      onclick: () => { this.counts.clear(); this.changed(); } });
    this.heroBox = h("div", { class: "tt-db-heroes" });
    this.deckBox = h("div", { class: "tt-db-deck" });
    this.curveBox = h("div", { class: "tt-db-curve" });
    this.drawButton = h("button", { type: "button", class: "md-button", text: say("db_draw"), onclick: () => this.draw() });
    this.redrawButton = h("button", { type: "button", class: "md-button", text: say("db_redraw"), onclick: () => this.doRedraw() });
    this.sampleNote = h("p", { class: "tt-db-note" });
    this.handBox = h("ul", { class: "tt-db-hand" });
    const heading = (text) => h("h3", { class: "tt-db-heading", text });
    this.el.append(
      this.noticeBox,
      h("section", { class: "tt-db-summary" }, this.totals, this.verdict,
        h("p", { class: "tt-db-tools" }, this.playLink, " ", this.rivalLink, " ", this.copyButton, " ", this.clearButton, " ", this.copyStatus)),
      h("div", { class: "tt-db-columns" },
        h("section", { class: "tt-db-pool-box", "aria-label": say("db_pool") }, heading(say("db_pool")), this.filters, this.poolCount, this.poolList),
        h("section", { class: "tt-db-deck-box", "aria-label": say("db_main") },
          heading(say("db_main")), this.deckBox, this.curveBox,
          heading(say("db_heroes")), h("p", { class: "tt-db-note", text: say("db_heroes_note") }), this.heroBox)),
      h("section", { class: "tt-db-sample", "aria-label": say("db_sample") }, heading(say("db_sample")),
        h("p", { class: "tt-db-tools" }, this.drawButton, " ", this.redrawButton), this.sampleNote, this.handBox),
    );
  }

  notice(text) {
    this.noticeBox.hidden = !text;
    this.noticeBox.textContent = text || "";
  }

  kindLine(card) {
    const bits = [TYPES[card.tipo] || card.tipo];
    if (card.elemento) bits.push(this.elements.get(card.elemento) || card.elemento);
    if (card.nivel !== undefined) bits.push(say("db_level", { n: card.nivel }));
    if (card.coste !== undefined) bits.push(`${say("db_coste").toLowerCase()} ${card.coste}`);
    if (card.ataque !== undefined) bits.push(`ATQ ${card.ataque} / DEF ${card.defensa}`);
    return bits.join(" · ");
  }

  cardFace(card, ...extra) {
    return [
      h("strong", { class: "tt-db-card__name", text: card.nombre }),
      h("span", { class: "tt-db-card__kind", text: this.kindLine(card) }),
      card.texto ? h("span", { class: "tt-db-card__text", text: card.texto }) : null,
      card.especialidad ? h("span", { class: "tt-db-card__text" }, h("strong", { text: "Especialidad: " }), card.especialidad.texto) : null,
      ...extra,
    ];
  }

  stepper(id, name) {
    const n = this.counts.get(id) || 0;
    const card = this.index.get(id);
    const limit = card ? copyLimit(card.tipo, this.c) : 0;
    return h("span", { class: "tt-db-stepper" },
      h("button", { type: "button", class: "tt-db-minus", text: "−", "aria-label": say("db_remove", { name }),
        disabled: n === 0, onclick: () => this.add(id, -1) }),
      h("span", { class: "tt-db-n", text: String(n), title: say("db_copies", { n }) }),
      h("button", { type: "button", class: "tt-db-plus", text: "+", "aria-label": say("db_add", { name }),
        disabled: !card || n >= limit, title: n >= limit ? say("db_at_limit", { n: limit }) : null,
        onclick: () => this.add(id, 1) }));
  }

  render(deck) {
    const main = deck.cartas.reduce((sum, e) => sum + e.copias, 0);
    this.totals.textContent = say("db_totals", { main, size: this.c.main_deck_size, heroes: deck.heroes.length,
      hsize: this.c.hero_deck_size });
    const valid = this.problems.length === 0;
    this.verdict.className = `tt-db-verdict tt-db-verdict--${valid ? "ok" : "bad"}`;
    this.verdict.replaceChildren(valid ? h("p", { text: `✓ ${say("db_valid")}` })
      : h("div", {}, h("p", { text: say("db_invalid") }), h("ul", {}, this.problems.map((b) => this.problem(b)))));
    // "Jugar con este mazo": you (seat 0) play it; the other link gives it to the computer (seat 1).
    this.duelLink(this.playLink, valid && { mazo_0: deck });
    this.duelLink(this.rivalLink, valid && { mazo_1: deck });
    this.renderPool();
    this.renderDeck(deck);
    this.renderHeroes();
    this.renderSample();
  }

  /** A link to a duel against the computer with these setup options, or a disabled one (options false). */
  duelLink(link, options) {
    if (options && this.el.dataset.duel) {
      link.href = new URL(this.el.dataset.duel, location.href).pathname +
        buildFragment(this.el.dataset.duelScenario, randomSeed(), 1, [], options);
      link.removeAttribute("aria-disabled");
      link.removeAttribute("title");
    } else {
      link.removeAttribute("href");
      link.setAttribute("aria-disabled", "true");
      link.title = say("db_play_disabled");
    }
  }

  /** A broken rule: its message and a "¿por qué?" link to its heading on the rules page. */
  problem({ rule, message }) {
    const href = (this.data.rules || {})[rule];
    return h("li", {}, h("span", { class: "tt-db-problem", text: message }),
      href ? [" ", h("a", { class: "tt-db-why", href, text: say("db_why") })] : null);
  }

  renderPool() {
    const form = this.filters.elements;
    const text = form.namedItem("texto").value.trim().toLowerCase();
    const want = { tipo: form.namedItem("tipo").value, elemento: form.namedItem("elemento").value,
      coste: form.namedItem("coste").value };
    const shown = this.pool.filter((card) =>
      (!want.tipo || card.tipo === want.tipo) && (!want.elemento || card.elemento === want.elemento) &&
      (!want.coste || String(card.coste) === want.coste) &&
      (!text || [card.nombre, card.texto, card.especialidad && card.especialidad.texto]
        .some((s) => s && s.toLowerCase().includes(text))));
    this.poolCount.textContent = say("db_pool_count", { shown: shown.length, n: this.pool.length });
    this.poolList.replaceChildren(...shown.map((card) =>
      h("li", { class: `tt-db-card tt-db-el--${token(card.elemento || card.tipo)}`, "data-card": card.id },
        h("span", { class: "tt-db-card__body" }, ...this.cardFace(card)), this.stepper(card.id, card.nombre))));
  }

  renderDeck(deck) {
    const groups = new Map();
    for (const entry of deck.cartas) {
      const found = this.index.get(entry.carta);
      const tipo = found ? found.tipo : "?";
      if (!groups.has(tipo)) groups.set(tipo, []);
      groups.get(tipo).push(entry);
    }
    if (!deck.cartas.length) {
      this.deckBox.replaceChildren(h("p", { class: "tt-db-note", text: say("db_main_empty") }));
    } else {
      this.deckBox.replaceChildren(...[...groups].map(([tipo, entries]) => {
        const n = entries.reduce((sum, e) => sum + e.copias, 0);
        const name = TYPES[tipo] ? `${TYPES[tipo]}s` : say("db_unknown");
        return h("div", { class: "tt-db-group", "data-tipo": tipo },
          h("h4", { text: say("db_group_total", { name: tipo === "cfe" ? "CFEs" : name, n }) }),
          h("ul", {}, entries.map((e) => {
            const found = this.index.get(e.carta);
            const label = found ? found.card.nombre : `${e.carta} (${say("db_unknown")})`;
            return h("li", { class: "tt-db-entry", "data-card": e.carta },
              h("span", { class: "tt-db-entry__name", text: label }), this.stepper(e.carta, label));
          })));
      }));
    }
    const curve = new Map();
    for (const e of deck.cartas) {
      const found = this.index.get(e.carta);
      if (found && found.card.coste !== undefined) curve.set(found.card.coste, (curve.get(found.card.coste) || 0) + e.copias);
    }
    const costs = [...curve.keys()].sort((a, b) => a - b);
    const top = Math.max(1, ...curve.values());
    this.curveBox.replaceChildren(...(costs.length ? [h("p", { class: "tt-db-curve__title", text: say("db_curve") }),
      h("ul", { class: "tt-db-curve__bars" }, costs.map((coste) => {
        const bar = h("span", { class: "tt-db-curve__bar" });
        bar.style.setProperty("width", `${Math.round((100 * curve.get(coste)) / top)}%`);
        return h("li", {}, h("span", { class: "tt-db-curve__label", text: say("db_curve_bar", { coste, n: curve.get(coste) }) }), bar);
      }))] : []));
  }

  renderHeroes() {
    const levels = [...new Set(this.heroPool.map((card) => card.nivel))].sort((a, b) => a - b);
    this.heroBox.replaceChildren(...levels.map((level) => h("div", { class: "tt-db-level" },
      h("h4", { text: say("db_level", { n: level }) }),
      h("ul", {}, this.heroPool.filter((card) => card.nivel === level).map((card) => {
        const inDeck = this.heroes.includes(card.id);
        return h("li", {}, h("button", {
          type: "button", class: `tt-db-hero tt-db-el--${token(card.elemento)}`, "data-card": card.id,
          "aria-pressed": inDeck ? "true" : "false", title: card.texto,
          onclick: () => this.toggleHero(card.id),
        }, h("strong", { class: "tt-db-card__name", text: card.nombre }),
        h("span", { class: "tt-db-card__kind", text: this.kindLine(card) }),
        h("span", { class: "tt-db-hero__state", text: inDeck ? say("db_hero_in") : say("db_hero_out") })));
      })))));
  }

  // ------------------------------------------------------------ sample hand

  draw() {
    const cards = mainCards(this.deck(), this.index);
    if (cards.length < this.c.starting_hand_size) return;
    this.sample = openingHand(cards, this.c);
    this.picked.clear();
    this.renderSample();
  }

  doRedraw() {
    if (!this.sample) return;
    this.sample = redraw(this.sample, [...this.picked], this.c);
    this.picked.clear();
    this.renderSample();
  }

  renderSample() {
    const enough = mainCards(this.deck(), this.index).length >= this.c.starting_hand_size;
    this.drawButton.disabled = !enough;
    const sample = this.sample;
    this.redrawButton.disabled = !sample || !canRedraw(sample, this.picked.size, this.c);
    if (!sample) {
      this.sampleNote.textContent = enough ? say("db_draw_note", { n: this.c.starting_hand_size })
        : say("db_draw_needs", { n: this.c.starting_hand_size });
      this.handBox.replaceChildren();
      return;
    }
    const rdLeft = sample.redraws < this.c.redraw_uses;
    this.sampleNote.textContent = `${rdLeft ? say("db_redraw_note", { min: this.c.redraw_min_cards, max: this.c.redraw_max_cards })
      : say("db_redraw_used")} ${say("db_left", { n: sample.deck.length })}`;
    this.handBox.replaceChildren(...sample.hand.map((id, i) => {
      const card = this.index.get(id).card;
      const picked = this.picked.has(i);
      return h("li", {}, h("button", {
        type: "button", class: `tt-db-hand__card tt-db-el--${token(card.elemento || card.tipo)}`,
        "data-card": id, "aria-pressed": picked ? "true" : "false", disabled: !rdLeft,
        onclick: () => {
          if (this.picked.has(i)) this.picked.delete(i);
          else this.picked.add(i);
          this.renderSample();
        },
      }, ...this.cardFace(card, picked ? h("span", { class: "tt-db-hand__picked", text: say("db_picked") }) : null)));
    }));
  }

  // ------------------------------------------------------------ sharing

  async copyLink() {
    try {
      await navigator.clipboard.writeText(location.href);
      this.copyStatus.textContent = say("db_copied");
    } catch {
      this.copyStatus.textContent = say("db_copy_by_hand");
    }
  }
}

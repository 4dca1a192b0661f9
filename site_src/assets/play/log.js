// tabletome Play area: the log of the game, newest first, each event with a "why?" link to the rule
// that caused it (engine/manifest.json's rules), and the way back to the game after following one.

import { h, say, token } from "./dom.js";
import { anchorTarget, flashTarget, isThisPage, plainLeftClick, reducedMotion, siteRoot } from "./page.js";

const MAX_LOG = 400; // log entries kept on screen

export class GameLog {
  constructor(area) {
    this.area = area;
    this.box = h("section", { class: "tt-log", "aria-label": say("play_log") });
    this.entries = [];
    this.rules = {};
    this.rulesLoaded = false;
    this.backButton = null;
    this.backObserver = null;
    this.backFrom = null;
  }

  /** Events of a state: the whole log again (`fresh`: a new game, an undo) or the newest ones. */
  add(events, fresh) {
    if (fresh) this.entries = [];
    for (const event of events || []) this.entries.push(event);
    if (this.entries.length > MAX_LOG) this.entries.splice(0, this.entries.length - MAX_LOG);
  }

  async loadRules() {
    if (this.rulesLoaded) return;
    this.rulesLoaded = true;
    try {
      const response = await fetch(new URL("engine/manifest.json", siteRoot()).href, { cache: "no-cache" });
      if (!response.ok) throw new Error(String(response.status));
      const manifest = await response.json();
      this.rules = manifest && typeof manifest.rules === "object" && manifest.rules ? manifest.rules : {};
      if (this.area.state) this.render();
    } catch {
      this.rulesLoaded = false; // try again on the next start
    }
  }

  render() {
    const area = this.area;
    if (!area.state) return;
    const root = siteRoot();
    const list = h("ol", { class: "tt-log__list", reversed: true });
    const entries = this.entries.slice().reverse(); // newest first
    const seated = area.seats().length > 0;
    for (const event of entries) {
      const li = h("li", { class: `tt-log__entry tt-log--${token(event.kind)}` });
      if (event.seat !== undefined && event.seat !== null && seated) {
        li.append(h("span", { class: `tt-log__seat tt-c-${area.seatColor(event.seat)}`, title: area.seatName(event.seat), "aria-hidden": "true" }));
      }
      li.append(h("span", { class: "tt-log__text", text: event.text || "" }));
      const why = this.whyLink(event.rule, root);
      if (why) li.append(" ", why);
      list.append(li);
    }
    this.box.replaceChildren(
      h("h3", { class: "tt-h", text: say("play_log") }),
      entries.length ? list : h("p", { class: "tt-muted", text: say("play_log_empty") }),
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
        title: say("play_rule_tab", { rule }),
        text: say("play_why"),
      });
    }
    const link = h("a", { class: "tt-why tt-why--here", href, title: say("play_rule_here", { rule }), text: say("play_why") });
    link.addEventListener("click", (event) => {
      if (!plainLeftClick(event)) return; // a new tab or window: the browser's own way
      event.preventDefault();
      event.stopPropagation();
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

  /** After a jump to a rule on this page: a button that brings the reader back to the game. */
  offerWayBack(link, target) {
    if (!this.backButton) {
      this.backButton = h("button", { type: "button", class: "md-button md-button--primary tt-back", hidden: true }, say("play_back"));
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
    this.backObserver.observe(this.box);
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
    const target = link || this.box;
    this.hideWayBack();
    target.scrollIntoView({ behavior: reducedMotion() ? "auto" : "smooth", block: "center" });
    const focus = link || this.area.actionsBox.querySelector("button") || this.area.outcomeBox;
    if (focus) focus.focus({ preventScroll: true });
  }
}

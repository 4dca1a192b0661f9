// tabletome Play area: the Choices box. Every legal action is a button, grouped by its kind (headed by
// the renderer's CHOICE_HEADINGS) and, when several seats may act, by seat. Several choices on one card
// (program it into slot n, scrap it to repair) show the card once, then short buttons whose accessible
// name and tooltip stay the engine's full label (the name with a trailing "(note)" said ", note", so that it
// holds the words the button shows). A renderer may add (all optional): choicesIntro(area),
// choiceCard(area, cardId, withText), choiceDetail(area, action, kind), choiceTitle(area, action),
// choiceShort(action, kind), twoStep(kind), previewChoice(area, action, on); docs-dev/CONTRACTS.md
// describes them. twoStep(kind) gives the words of a kind chosen in two steps (card, then slot: Mechs
// vs. Minions programming): the cards are buttons that pick one, and only the picked card's choices are
// shown. A choice previews itself (on hover and keyboard focus) through previewChoice.

import { h, humanize, say, token } from "./dom.js";

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

/** A card named by an action, when the renderer draws no card of its own. */
function plainCard(cardId) {
  return h("span", { class: "tt-card tt-c-none", title: String(cardId), "data-card": cardId },
    h("span", { class: "tt-card__name", text: cardId }));
}

export function renderChoices(area) {
  const r = area.renderer;
  const state = area.state;
  const box = area.actionsBox;
  const legal = state.legal || [];
  box.replaceChildren(h("h3", { class: "tt-h", text: say("play_choices") }));
  const intro = legal.length && r.choicesIntro ? r.choicesIntro(area) : null;
  if (intro) box.append(intro);
  if (!legal.length) {
    box.append(h("p", { class: "tt-muted", text: say(state.over ? "play_no_more_choices" : "play_no_choices") }));
    return;
  }
  const detail = (action, kind) => (r.choiceDetail ? r.choiceDetail(area, action, kind) : null);
  const groups = new Map();
  for (const action of legal) {
    if (action.id === area.timer.action) continue; // played by the timer, not a button
    const kind = String(action.kind || "action");
    if (!groups.has(kind)) groups.set(kind, []);
    groups.get(kind).push(action);
  }
  for (const [kind, actions] of groups) {
    const heading = (r.CHOICE_HEADINGS || {})[kind] || humanize(kind);
    const group = h("div", { class: `tt-group tt-group--${token(kind)}`, role: "group", "aria-label": heading });
    group.append(h("h4", { class: "tt-group__title", text: heading }));
    const seats = [...new Set(actions.map((a) => a.seat))];
    for (const seat of seats) {
      if (seats.length > 1 && seat !== undefined && seat !== null) {
        group.append(h("div", { class: `tt-group__seat tt-c-${area.seatColor(seat)}`, text: area.seatName(seat) }));
      }
      const mine = actions.filter((a) => a.seat === seat);
      const cards = [...new Set(mine.map((a) => a.card))];
      const perCard = mine.every((a) => a.card) && mine.length > cards.length;
      if (!perCard) {
        const details = mine.map((a) => detail(a, kind));
        const list = h("div", { class: `tt-buttons${details.some(Boolean) ? " tt-buttons--cards" : ""}` });
        mine.forEach((action, i) => list.append(button(area, action, kind, null, null, details[i])));
        group.append(list);
        continue;
      }
      const steps = r.twoStep && cards.length > 1 ? r.twoStep(kind) : null;
      let shown = cards;
      if (steps) {
        const picked = area.pickedCard(kind, seat, cards);
        group.append(picker(area, kind, seat, cards, picked, steps));
        shown = [picked];
      }
      for (const cardId of shown) {
        const choices = mine.filter((a) => a.card === cardId);
        const withText = choices.some((a) => detail(a, kind));
        const block = h("div", { class: "tt-percard" }, r.choiceCard ? r.choiceCard(area, cardId, withText) : plainCard(cardId));
        const list = h("div", { class: `tt-buttons tt-buttons--short tt-buttons--${token(kind)}` });
        const prefix = commonPrefix(choices.map((a) => String(a.label || a.id)));
        for (const action of choices) {
          const short = r.choiceShort ? r.choiceShort(action, kind) : null;
          if (short) {
            list.append(button(area, action, kind, short.text, short.note));
          } else {
            const label = String(action.label || action.id);
            const rest = label.slice(prefix.length).replace(/^[\s:,–—-]+/, "").trim();
            list.append(button(area, action, kind, rest || label));
          }
        }
        if (steps) block.prepend(h("p", { class: "tt-step", text: steps.choice }));
        block.append(list);
        group.append(block);
      }
    }
    box.append(group);
  }
}

/** Step 1 of a two-step choice: one button per card, the picked one pressed. */
function picker(area, kind, seat, cards, picked, steps) {
  const r = area.renderer;
  const row = h("div", { class: "tt-pick", role: "group", "aria-label": steps.card });
  for (const cardId of cards) {
    const face = r.choiceCard ? r.choiceCard(area, cardId, false) : plainCard(cardId);
    row.append(h(
      "button",
      {
        type: "button",
        class: `tt-pick__card${cardId === picked ? " tt-pick__card--on" : ""}`,
        "aria-pressed": cardId === picked ? "true" : "false",
        "data-pick-card": cardId,
        onclick: () => area.pickCard(kind, seat, cardId),
      },
      face,
    ));
  }
  return h("div", { class: "tt-steps" }, h("p", { class: "tt-step", text: steps.card }), row);
}

function button(area, action, kind, shortText = null, note = null, detail = null) {
  const label = String(action.label || action.id);
  const color = typeof action.color === "string" ? token(action.color) : "";
  const attrs = {
    type: "button",
    class: `tt-action tt-action--${token(kind)}${color ? ` tt-action--color tt-c-${color}` : ""}`,
    "data-action": action.id,
    title: area.renderer.choiceTitle ? area.renderer.choiceTitle(area, action) : label,
    onclick: () => area.play(action.id),
  };
  // The accessible name is the engine's full label, holding the words the button shows (WCAG 2.5.3, label in
  // name): a note the label gives in parentheses, shown on its own line, is said after a comma instead.
  if (shortText) attrs["aria-label"] = note && label.endsWith(`(${note})`) ? `${label.slice(0, -note.length - 2).trimEnd()}, ${note}` : label;
  if (area.renderer.previewChoice) {
    const show = (on) => () => area.renderer.previewChoice(area, action, on);
    attrs.onmouseenter = show(true);
    attrs.onmouseleave = show(false);
    attrs.onfocus = show(true);
    attrs.onblur = show(false);
  }
  return h(
    "button",
    attrs,
    color ? h("span", { class: "tt-legend__dot", "aria-hidden": "true" }) : null,
    h("span", { class: "tt-action__text", text: shortText || label }),
    note ? [" ", h("span", { class: "tt-action__note", text: note })] : null,
    detail ? [" ", h("span", { class: "tt-action__detail", text: detail })] : null,
  );
}

/** Several choices on one spot (a board square): point at their buttons. */
export function pointAtChoices(area, actions) {
  let first = null;
  for (const action of actions) {
    const el = area.actionsBox.querySelector(`button[data-action="${CSS.escape(action.id)}"]`);
    if (!el) continue;
    el.classList.remove("tt-flash");
    void el.offsetWidth;
    el.classList.add("tt-flash");
    first = first || el;
  }
  if (first) first.focus();
}

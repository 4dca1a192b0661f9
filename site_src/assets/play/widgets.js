// tabletome Play area: the small pieces every renderer draws with (a fact, a panel, a meter).

import { h } from "./dom.js";

/** One "name: value" of a facts list (<dl class="tt-facts">); nothing for a missing value. */
export function fact(name, value, { key = null, extraClass = "" } = {}) {
  if (value === undefined || value === null) return null;
  return h(
    "div",
    { class: `tt-fact ${extraClass}`.trim(), "data-tracker": key },
    h("dt", { text: name }),
    h("dd", { text: String(value) }),
  );
}

/** A titled box of the trackers strip. */
export function panel(extraClass, title, ...children) {
  return h("div", { class: `tt-panel ${extraClass}` }, h("h3", { class: "tt-panel__title", text: title }), ...children);
}

/** A bar for value out of max, read out as a meter. */
export function meter(value, max, label, extraClass = "") {
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

// tabletome Play area: building DOM elements, for the shell and every game's renderer.
// All text goes into the page through textContent, never as HTML; styles only through the CSSOM.

/** Build an element. attrs: class, text, title, hidden, on<event>, style {prop: value}, data-*, aria-*, others. */
// The words the Play area writes, in the page's language (assets/labels.js, loaded before the modules).
export const say = (key, values) => window.tomeText(key, values);

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = String(value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "style" && typeof value === "object") {
      for (const [prop, v] of Object.entries(value)) el.style.setProperty(prop, v);
    } else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** A token safe to use inside a CSS class name. */
export function token(value) {
  return String(value ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .slice(0, 40);
}

/** "team_gears" -> "Team gears": a name for a key the page has no word for. */
export function humanize(key) {
  const text = String(key).replace(/[_-]+/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// A box that scrolls when what it holds is wider or taller than it: in the tab order then, and only then, so
// that the keyboard can reach it to scroll it (WCAG 2.1.1; axe's scrollable-region-focusable) with no tab stop
// where there is nothing to scroll. One ResizeObserver tells each such box again whenever its size changes
// (a window turned or resized); a box is made anew on each render, and measured as it is first laid out.
const scrollBoxes = typeof ResizeObserver === "function"
  ? new ResizeObserver((entries) => entries.forEach((entry) => tabIfScrolls(entry.target)))
  : null;

function tabIfScrolls(el) {
  if (!el.isConnected) {
    scrollBoxes.unobserve(el);
    return;
  }
  const scrolls = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
  if (scrolls) el.setAttribute("tabindex", "0");
  else el.removeAttribute("tabindex");
}

/** `el`, a box that may scroll: focusable (tabindex 0) while it does. */
export function scrollBox(el) {
  el.setAttribute("tabindex", "0"); // until it is measured (and for good where there is no ResizeObserver)
  scrollBoxes?.observe(el);
  return el;
}

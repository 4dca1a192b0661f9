// tabletome Play area: the page script (a module, loaded on every page by mkdocs.yml's extra_javascript).
// Turns every `.tt-play` element into a playable game (shell.js) and wires the "Play this scenario"
// links, once the page is parsed.
//
// A page without a Play area loads only this file and page.js: the Play area's code (shell.js and what it
// imports) is fetched when a page has one. Nothing more loads until Play is pressed. Then a module Web Worker (worker.js) loads the vendored Pyodide
// runtime and the engine wheel; the page only draws what the engine's view() says and sends back the
// id of the action the player chose. All text from the engine or the URL goes into the page through
// textContent, never as HTML.

import { anchorTarget, plainLeftClick, reducedMotion, siteRoot } from "./page.js";

const controllers = new Set();

/** The "Play this scenario" link near the top of a scenario page (scenario.md.j2): scroll to
 *  the Play area without putting its id in the URL (the fragment may hold a game). */
function wireJumpLinks() {
  for (const link of document.querySelectorAll("a.tome-play-jump")) {
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

let shell = null; // the Play area's code, imported when the first page with a Play area shows

async function init() {
  wireJumpLinks();
  const areas = [...document.querySelectorAll(".tt-play")];
  if (!areas.length) return;
  // Play pressed while shell.js is on its way is kept, not sent as a form (which would load the page again
  // with the form's fields in its query): the area plays once it is set up.
  const early = new Set();
  const keep = (event) => {
    event.preventDefault();
    early.add(event.currentTarget);
  };
  const forms = areas.map((el) => el.querySelector("form.tt-play__setup")).filter(Boolean);
  for (const form of forms) form.addEventListener("submit", keep);
  for (const el of areas) el.dataset.ttInit = "1"; // (tests wait for it: the area is being set up)
  try {
    shell = shell || (await import("./shell.js"));
  } catch (error) {
    console.warn("tabletome: could not load the Play area", error);
    for (const el of areas) delete el.dataset.ttInit;
    return;
  } finally {
    for (const form of forms) form.removeEventListener("submit", keep);
  }
  for (const el of areas) {
    try {
      const controller = new shell.PlayArea(el);
      controllers.add(controller);
      if (controller.form && early.has(controller.form)) controller.playFromForm();
    } catch (error) {
      console.warn("tabletome: could not set up the Play area", error);
    }
  }
}

siteRoot();

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", init);
} else {
  init();
}

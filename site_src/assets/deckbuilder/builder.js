// The deck builder page (site_src/render/deck_builder.py, templates/deck-builder.md.j2): a module loaded on
// every page (mkdocs_run.EXTRA_JAVASCRIPT) that turns each `.tt-deckbuilder` element into the builder; the
// builder's code (deck-builder.js) is fetched only by a page that has one.
//
// The pool (every card but the Heroes) with filters and +/− per card, the Mazo de Héroes as toggles, the deck
// list by tipo with its totals and cost curve, the live validation (rules.js, decks.py's twin), a sample
// opening hand with its RD (hand.js), the deck in the URL's query string (code.js) and in localStorage, "Copiar
// enlace", "Jugar con este mazo", which opens the duel page with the deck as the option `mazo_0` in its
// share-link fragment (play/share-link.js), and its twin giving the deck to the computer (`mazo_1`). Its words
// are assets/labels.js's `db_*` (play/dom.js `say`); all text goes in through textContent (play/dom.js `h`).

let code = null;

async function init() {
  const builders = [...document.querySelectorAll(".tt-deckbuilder")]
    .filter((el) => el.querySelector("script.tt-db-data"));
  if (!builders.length) return;
  try {
    code = code || (await import("./deck-builder.js"));
  } catch (error) {
    console.warn("tabletome: could not load the deck builder", error);
    return;
  }
  for (const el of builders) {
    try {
      new code.DeckBuilder(el);
    } catch (error) {
      console.warn("tabletome: could not set up the deck builder", error);
    }
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
else init();

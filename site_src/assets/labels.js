/* The words our scripts write into a page, one table per language, chosen by the page's
   <html lang> (each mkdocs project has one language: site_src/publish/projects.py). The pages'
   own words come from site_src/render/labels.py; these are the words drawn in the browser.

   window.tomeText(key, values): the text of `key` in the page's language, with {name} replaced
   by values[name]; a key with `_one` and `_other` forms is chosen by values.n. Every language
   has every key (tests/test_labels_js.py); a page in a language without a table uses English.
   Loaded as a classic script before the others (mkdocs_run.EXTRA_JAVASCRIPT), so the modules,
   which run later, find it. */
(function () {
  "use strict";

  var LABELS = {
    en: {
      fs_hint: "Filter the catalog with fields, e.g. {a} or {b} — ",
      fs_syntax_link: "search syntax",
      fs_unavailable: "Card search is unavailable: {error}",
      fs_matches_one: "{n} match",
      fs_matches_other: "{n} matches",
      fs_no_filter: "No filter yet",
      fs_all: "All {n} in Card search ›",
      fs_open: "Open in Card search ›",
      fs_syntax: "Syntax",
      fs_show_all: "Show all {n} matches ›",
      cs_records: "{n} records in the index. Type a query above.",
      cs_nothing: "Nothing to search for yet.",
      cs_loading: "Loading the index…",
      cs_unloadable: "The search index could not be loaded: {error}",
      status_adapted: "adapted",
      status_uncertain: "uncertain",
      kind_card: "Card",
      kind_deck: "Deck",
      kind_game: "Game",
      kind_phase: "Phase",
      kind_scenario: "Scenario",
      kind_term: "Term",
      gallery_count: "{shown} / {n}",
    },
    es: {
      fs_hint: "Filtra el catálogo por campos, p. ej. {a} o {b} — ",
      fs_syntax_link: "sintaxis de búsqueda (en inglés)",
      fs_unavailable: "La búsqueda de cartas no está disponible: {error}",
      fs_matches_one: "{n} resultado",
      fs_matches_other: "{n} resultados",
      fs_no_filter: "Todavía sin filtro",
      fs_all: "Los {n} en la búsqueda de cartas ›",
      fs_open: "Abrir en la búsqueda de cartas ›",
      fs_syntax: "Sintaxis",
      fs_show_all: "Ver los {n} resultados ›",
      cs_records: "{n} registros en el índice. Escribe una búsqueda arriba.",
      cs_nothing: "Todavía no hay nada que buscar.",
      cs_loading: "Cargando el índice…",
      cs_unloadable: "No se pudo cargar el índice de búsqueda: {error}",
      status_adapted: "adaptado",
      status_uncertain: "incierto",
      kind_card: "Carta",
      kind_deck: "Mazo",
      kind_game: "Juego",
      kind_phase: "Fase",
      kind_scenario: "Escenario",
      kind_term: "Término",
      gallery_count: "{shown} / {n}",
    },
  };

  function table() {
    var lang = (document.documentElement.getAttribute("lang") || "en").split("-")[0];
    return LABELS[lang] || LABELS.en;
  }

  function text(key, values) {
    var words = table();
    values = values || {};
    if (typeof values.n === "number" && (key + "_one") in words) {
      key += values.n === 1 ? "_one" : "_other";
    }
    var template = key in words ? words[key] : null;
    if (template === null) return null;
    return template.replace(/\{(\w+)\}/g, function (whole, name) {
      return name in values ? String(values[name]) : whole;
    });
  }

  window.tomeText = text;
  window.tomeLabels = LABELS; // for the tests: every language has every key
})();

/* The words our scripts write into a page, one table per language, chosen by the page's
   <html lang> (each mkdocs project has one language: site_src/publish/projects.py). The pages'
   own words come from site_src/render/labels.py; these are the words drawn in the browser: the
   search box's field filters (search/search.js), the gallery's count, the Play area's shell
   (play/dom.js `say`; the Play worker names its loading stages and failures by key, the page words them).

   window.tomeText(key, values): the text of `key` in the page's language, with {name} replaced
   by values[name]; a key with `_one` and `_other` forms is chosen by values.n. Every language
   has every key (tests/test_site_pages.py); a page in a language without a table uses English.
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
      fs_warn_unknown_field: "Unknown field “{field}” in {term}: ignored.",
      fs_warn_no_value: "No value in {term}: ignored.",
      fs_warn_is_colon: "“is” takes “:” in {term}: ignored.",
      fs_warn_unknown_value: "Unknown value “{value}” in {term}: ignored.",
      fs_warn_needs_number: "“{op}” needs a number in {term}: ignored.",
      fs_warn_yes_or_no: "“{field}” is yes or no in {term}: ignored.",
      fs_warn_unknown_game: "Unknown game “{value}” in {term}: nothing matches.",
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
      play_undo: "Undo",
      play_new: "New game",
      play_share: "Share link",
      play_share_title: "A link that replays this game",
      play_copied: "Link copied.",
      play_copy_address: "Copy the address bar to share this game.",
      play_result_win: "You win!",
      play_result_loss: "You lose.",
      play_result_draw: "A draw.",
      play_result_winner: "{name} wins!",
      play_over: "Game over.",
      play_round: "Round {round}",
      play_choices_made: "{n} choices made",
      play_again: "Play again",
      play_log: "Log",
      play_log_empty: "Nothing has happened yet.",
      play_why: "why?",
      play_rule_tab: "Rule: {rule} (opens in a new tab)",
      play_rule_here: "Rule: {rule} (on this page)",
      play_choices: "Choices",
      play_no_more_choices: "No more choices: the game is over.",
      play_no_choices: "No choices.",
      play_starting: "Starting",
      play_loading: "Loading",
      play_slow: "The Python runtime is taking unusually long to load. On a slow connection, wait; " +
        "if you host this site yourself, check that .wasm files are served as application/wasm.",
      play_trackers: "Trackers",
      play_your_choices: "Your choices",
      play_players: "Players",
      play_error: "Something went wrong.",
      play_seat: "Seat {n}",
      play_bad_options: "The link's setup options are not readable.",
      play_stage_manifest: "Reading the engine manifest",
      play_stage_runtime: "Loading the Python runtime",
      play_stage_python: "Starting Python (Pyodide)",
      play_stage_install: "Installing the rules engine",
      play_stage_import: "Importing the rules engine",
      play_stage_ready: "Ready",
      play_load_failed: "Could not load the rules engine: {error}",
      play_runtime_failed: "The game runtime failed: {error}",
      play_worker_failed: "could not start the worker",
      play_no_renderer: "This page cannot draw the game {game}.",
      play_seed_invalid: "The seed must be a whole number between 0 and {limit}.",
      play_link_too_long: "The link is too long.",
      play_link_scenario: "The link's scenario is not readable.",
      play_link_seed: "The link's seed is not a whole number between 0 and {limit}.",
      play_link_players: "The link's player count is not a number.",
      play_link_actions: "The link holds {count} actions; at most {max} can be replayed.",
      play_link_list: "The link's action list is not readable.",
      play_link_id: "The link holds an action id that is empty or too long.",
      play_link_wrong_players: "This scenario is for {min}–{max} players; the link says {players}.",
      play_back: "↓ Back to the game",
      play_timer_off: "off",
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
      fs_warn_unknown_field: "Campo desconocido «{field}» en {term}: se ignora.",
      fs_warn_no_value: "Falta el valor en {term}: se ignora.",
      fs_warn_is_colon: "«is» va con «:» en {term}: se ignora.",
      fs_warn_unknown_value: "Valor desconocido «{value}» en {term}: se ignora.",
      fs_warn_needs_number: "«{op}» necesita un número en {term}: se ignora.",
      fs_warn_yes_or_no: "«{field}» es yes o no (sí o no) en {term}: se ignora.",
      fs_warn_unknown_game: "Juego desconocido «{value}» en {term}: no hay resultados.",
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
      play_undo: "Deshacer",
      play_new: "Nueva partida",
      play_share: "Compartir enlace",
      play_share_title: "Un enlace que repite esta partida",
      play_copied: "Enlace copiado.",
      play_copy_address: "Copia la barra de direcciones para compartir esta partida.",
      play_result_win: "¡Ganas!",
      play_result_loss: "Pierdes.",
      play_result_draw: "Empate.",
      play_result_winner: "¡Gana {name}!",
      play_over: "Fin de la partida.",
      play_round: "Ronda {round}",
      play_choices_made: "{n} decisiones tomadas",
      play_again: "Jugar otra vez",
      play_log: "Registro",
      play_log_empty: "Todavía no ha pasado nada.",
      play_why: "¿por qué?",
      play_rule_tab: "Regla: {rule} (se abre en otra pestaña)",
      play_rule_here: "Regla: {rule} (en esta página)",
      play_choices: "Opciones",
      play_no_more_choices: "No hay más opciones: la partida terminó.",
      play_no_choices: "No hay opciones.",
      play_starting: "Iniciando",
      play_loading: "Cargando",
      play_slow: "El entorno de Python tarda más de lo normal en cargar. Con una conexión lenta, espera; " +
        "si alojas este sitio, comprueba que los archivos .wasm se sirven como application/wasm.",
      play_trackers: "Marcadores",
      play_your_choices: "Tus opciones",
      play_players: "Jugadores",
      play_error: "Algo salió mal.",
      play_seat: "Asiento {n}",
      play_bad_options: "No se pueden leer las opciones de la partida del enlace.",
      play_stage_manifest: "Leyendo el manifiesto del motor",
      play_stage_runtime: "Cargando el entorno de Python",
      play_stage_python: "Iniciando Python (Pyodide)",
      play_stage_install: "Instalando el motor de reglas",
      play_stage_import: "Importando el motor de reglas",
      play_stage_ready: "Listo",
      play_load_failed: "No se pudo cargar el motor de reglas: {error}",
      play_runtime_failed: "Falló el entorno del juego: {error}",
      play_worker_failed: "no se pudo iniciar el proceso del juego",
      play_no_renderer: "Esta página no sabe dibujar el juego {game}.",
      play_seed_invalid: "La semilla debe ser un número entero entre 0 y {limit}.",
      play_link_too_long: "El enlace es demasiado largo.",
      play_link_scenario: "No se puede leer el escenario del enlace.",
      play_link_seed: "La semilla del enlace no es un número entero entre 0 y {limit}.",
      play_link_players: "El número de jugadores del enlace no es un número.",
      play_link_actions: "El enlace tiene {count} acciones; se pueden repetir como máximo {max}.",
      play_link_list: "No se puede leer la lista de acciones del enlace.",
      play_link_id: "El enlace tiene una acción vacía o demasiado larga.",
      play_link_wrong_players: "Este escenario es para {min}–{max} jugadores; el enlace dice {players}.",
      play_back: "↓ Volver a la partida",
      play_timer_off: "apagado",
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

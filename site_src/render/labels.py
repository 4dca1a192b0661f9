"""The words of the generated parts of a page (not content text, which stays as written), one table
per language, and the language of the page being written.

A page's language is its game's (game.yaml `language`, `es-MX` counting as `es`), else the site's;
pages.Renderer.write sets it while a page is rendered (`writing`), so the code that draws a part
shared by every game (a provenance badge: records.provenance_html) reads the words of the page it
draws into (`current`) without each caller passing them along. The JavaScript that writes words into
a page has the same kind of table, keyed by `<html lang>`: assets/labels.js.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Iterator

from ..text import words

SITE_LANGUAGE = "en"

LABELS: dict[str, dict] = {
    "en": {
        "players": "Players",
        "language": "Language",
        "publisher": "Publisher",
        "year": "Year",
        "playable": "Playable",
        "play_here": "Play it here",
        "modes": "Modes",
        "rules": "Rules",
        "galleries": "Galleries",
        "scenarios": "Scenarios",
        "records": "Records",
        "components": "Components",
        "elements": "Elements",
        "random_card": "Random card",
        "nothing_playable": "Nothing of this game is playable yet: the rules engine does not "
        "support its scenarios. Everything else here is the complete reference.",
        "sections": "section",
        "sections_pl": "sections",
        "page": "page",
        "pages": "pages",
        "term": "term",
        "terms": "terms",
        "card": "card",
        "cards": "cards",
        "record": "record",
        "records_pl": "records",
        "scenario": "scenario",
        "scenarios_pl": "scenarios",
        "glossary_line": "{n} {terms} of {game}, in the source's order; sub-entries follow their entry.",
        "rules_line": "The rules in the source's order, with their sections:",
        "at_a_glance": "At a glance",
        "source_order": "in the source's order",
        "language_name": "English",
        "glossary_hint": "Point at a term on any page of this game to read its first sentence; "
        "the link leads here.",
        "index_label": "Index of terms",
        "also_written": "Also written:",
        "see_also": "See also:",
        "overview": "Overview",
        "kind_sentence": "{n} {records} of {game}, in the source's order.",
        "adapted": "adapted",
        "uncertain": "uncertain",
        "adapted_title": "Not in the source: added so the game can be played",
        "uncertain_title": "The source itself flags this as uncertain",
        "source": "Source:",
        # the foot of a page made from one content file (render/history.py)
        "date": "{day} {month} {year}",
        "months": ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                   "October", "November", "December"],
        "changed": "Last changed {date}",
        "history": "History",
        "history_title": "Every change made to {path}",
        "mission": "Mission {n}",
        "players_count": "{n} players",
        "objective": "Objective",
        "play_scenario": "▶ Play this scenario",
        "play_jump_title": "Jump to the Play area at the bottom of this page",
        "glance_rule_title": "Where the source says it",
        "details": "Details",
        "details_summary": "The rest of this scenario's data, as checked from its YAML file",
        "play_heading": "Play",
        "play_intro": "Play {title} right here: the rules engine runs in your browser (it downloads about "
        "12&nbsp;MB the first time you press Play).",
        "seed": "Seed",
        "seed_placeholder": "random",
        "play_button": "Play",
        "play_vs_computer": "against the computer",
        "deck_builder": "Deck builder",
        "deck_builder_intro": "Build a deck from the card pool: the page checks every deck rule as you go.",
        "deck_builder_ready": "Ready decks",
        "deck_builder_open": "Open in the deck builder",
        "deck_builder_heading": "Your deck",
        "deck_builder_noscript": "The deck builder needs JavaScript.",
        "yes": "yes",
        "no": "no",
        "play_notes": "How we play it",  # a record's notes on how the engine reads its text
        "play_people": "{n} people",  # the other counts of a game with a computer opponent
        "number_words": {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six"},
        "play_noscript": "The Play area needs JavaScript (it runs the rules engine in your browser with "
        "Pyodide). The rules above are complete without it.",
        # the Card search and Search syntax pages (search_index.write; a game in another language has its own)
        "search": "Search",
        # the accessible name of the theme's search dialog (overrides/partials/search.html)
        "search_dialog": "Search the site",
        "cs_title": "Card search",
        "cs_slug": "card-search",
        "cs_example": "game:mvm element:fire",
        "cs_intro": "Search every card, term, villain and scenario by its fields, Scryfall-style. Type a "
        "query here or in the search box at the top of any page: a query with a field filter such as "
        "{example} shows its matches there at once, and Enter brings it to this page, whose address keeps "
        "the query so it can be shared. See the [search syntax]({help}).",
        "cs_query": "Query",
        "cs_button": "Search",
        "cs_needs_js": "This page needs JavaScript to search the index.",
        "cs_try": "Try:",
        "sh_title": "Search syntax",
        "sh_slug": "search-help",
        "sh_intro": "The search box at the top of every page does two things.",
        "sh_words": "**Words** (`minion damage`, `Klaw`) search the full text of every page — rules, "
        "glossaries, cards, villains, scenarios — and rank the pages and sections that hold them.",
        "sh_filters": "**Field filters** ({example}) search the catalog, Scryfall-style. As soon as the "
        "query holds a filter `field:value`, the box lists the matching records from a compiled index of {n} "
        "records (cards, glossary terms, villains, scenarios and every other record) with the number of "
        "matches. Arrow keys move through them; **Enter** opens the whole list on the [Card "
        "search]({search}) page, whose address keeps the query so a search can be bookmarked or shared.",
        "sh_same_box": "Filters go in the same box as words, as on Scryfall: there is nothing to switch. The "
        "Card search page is the same search with room for every match and an address to keep. Both work "
        "offline: the index ({kb} KB) is part of this site, fetched the first time the box is used.",
        "sh_examples": "Examples",
        "sh_col_query": "Query",
        "sh_col_finds": "Finds",
        "sh_col_matches": "Matches",
        "sh_syntax": "Syntax",
        "sh_col_write": "Write",
        # the syntax table: what to write, what it matches
        "sh_rows": [
            ("`blaze`", "records whose name or text contains *blaze* (case and accents do not matter)"),
            ('`"each hero"`', "the exact phrase"),
            ("`field:value`", "the field contains the value: `villain:man` finds Absorbing Man, Mole Man and "
             "Purple Man"),
            ("`field=value`", "the field is exactly the value: `type=trick`"),
            ("`field!=value`", "the field is present and is not the value"),
            ("`move>=3`, `move<2`, `cost<=1`, `players>4`", "numbers; `move:3` and `move=3` are equal to 3"),
            ("`-term`", 'not: `-bam:yes`, `-"each hero"`, `-(element:fire or element:metal)`'),
            ("`a b`", "both (terms combine with AND; `and` may be written)"),
            ("`a or b`", "either; group with parentheses: `(element:fire or element:electric) kind:card`"),
            ('`field:"two words"`', "a value with spaces; spaces, hyphens and underscores in values do not "
             'matter (`villain:mole-man` = `villain:"Mole Man"`)'),
            ("`is:value`", "a kind of record (`is:term`), a provenance status (`is:uncertain`, "
             "`is:adapted`) or a yes/no field that is yes (`is:bam`, `is:playable`)"),
        ],
        "sh_yes_no": "**Yes/no fields** take {true} and {false}: `bam:yes`, `bam:no`.",
        "sh_numbers": "**Numbers in text fields**: `<`, `>`, `<=` and `>=` read the number a value starts "
        "with (*2 reaction points* is 2), and *Free* counts as 0, so `cost<1` includes free cards.",
        "sh_ranges": "**Ranges**: a scenario or game for 1–5 players has `players` 1–5; `players:3` "
        "finds it, and so do `players>=5` (it can be played by 5) and `players<=1`.",
        "sh_missing": "**Missing fields** never match a filter: `bam:no` finds the cards that print no BAM! "
        "icon, while `-bam:yes` also finds records that have no `bam` field at all.",
        "sh_unknown": "**Unknown fields** and values that cannot be compared are ignored, with a warning "
        "above the results.",
        "sh_order": "Results come in the source's order: game by game, then galleries, scenarios, other "
        "records and glossary terms.",
        "sh_games": "Games",
        "sh_games_intro": "`game:` takes a game's id, title or short title; with `:` the start of one is "
        "enough (`game:mechs`, `game:marvel`).",
        "sh_col_game": "Game",
        "sh_col_accepts": "`game:` accepts",
        "sh_kinds": "Kinds of record",
        "sh_kinds_intro": "`kind:` (or `is:`) takes one of these; gallery items are `card` unless they are a "
        "whole record of their own (a villain, a BUGBUSTER).",
        "sh_col_kind": "Record type",
        "sh_col_records": "Records",
        "sh_fields": "Fields",
        "sh_fields_intro": "Besides `game`, `kind`, `name` (short `n`), `text` (short `o`), `id`, `gallery` "
        "and `is`, each record has the fields below, read from its data (a new field in the content "
        "appears here by itself). Short names: {aliases}.",
        "sh_col_field": "Field",
        "sh_kinds_own": "Those of this game:",
        "sh_fields_other": "The fields of the other games are on the site's [search syntax]({other}) page.",
        "sh_col_values": "Accepted values",
        "sh_col_found_in": "Found in",
        "sh_yes_no_values": "yes, no",
        "sh_more": "({n} more)",
        # a scenario's board drawn before Play (render/board_view.py, mission_view.py, board_svg.py)
        "board": {
            "heading": "Board",
            "setup_title": "{title}: the board at setup",
            "layout_title": "{title}, {players}: the board at setup",
            "escalation_title": "{title}: where the escalation “{name}” places pieces",
            "none": "No board is drawn for this scenario: the source does not give its tile layout, and "
            "the players build the board themselves as its preparation says.",
            "side_view": "A side view: row 1 is the top, column a the left; a tile is 3 x 3 squares.",
            "legend": "Legend",
            "squares_of": "{name}: {squares}",
            "start": "Mech starting space",
            "start_line": "Mech starting spaces (a Mech starts on any of them, one per player): {squares}",
            "shard": "Crystal Shard",
            "shards_line": "Crystal Shards: {squares}",
            "minion": "Minion",
            "minions_line": "Minions placed at setup: {squares}",
            "placed_minions_line": "Minions placed: {squares}",
            "bomb": "Bomb",
            "bomb_mark": "B",
            "bomb_line": "The Bomb: {square}",
            "boss": "Boss",
            "boss_mark": "Boss",
            "boss_line": "The Boss Mech: {squares} ({size} x {size} squares)",
            "zone": "{name} (dashed outline)",
            "spikes": "Spike Wall",
            "when": "when {trigger}",
            "ez_only": "EZ-MODE only",
            "drafts": {"single": "a normal draft", "double": "a Double Draft"},  # play.first_draft
            # square kinds whose name is not their id as words (render/board_view.py)
            "kinds": {"mech-start": "Mech starting space", "open": "Open space"},
            # an escalation's trigger, keyed by its `trigger` (schema/mechs-vs-minions/scenario.schema.json)
            "triggers": {
                "all-shards-destroyed": "every Crystal Shard is destroyed",
                "bomb-leaves-school": "the Bomb leaves the School",
                "shards-picked-up": "a Mech first picks up the {count} Crystal Shard",
                "mech-enters-tile": "a Mech steps onto the {tile} Map Tile",
                "bomb-visits-repair-pads": "the Bomb reaches the {count} Repair Pad",
            },
            "ordinals": ["first", "second", "third", "fourth", "fifth", "sixth"],
            # an escalation's steps (`then`), keyed by step and, for `set`, by switch
            "steps": {
                "end_player_phase": "The rest of the Player Phase is skipped.",
                "damage_each_player": "Each player takes {value} damage.",
                "place_minions": "Place a Minion on {squares}.",
                "objective": "New objective: {value}",
                "start_minion_phase": "A Minion Phase follows at once.",
                "timed_draft": "From now on the draft is timed with Zhonya's Minuteglass.",
                "spawn_rows": "Minions spawn {value} full rows.",
                "extra_moves": "Minions move {value} extra space.",
                "spawn_every_zone": "Minions spawn in every spawn zone.",
                "lava_wall_active": "The Lava Wall starts to move.",
            },
        },
    },
    "es": {
        "players": "Jugadores",
        "language": "Idioma",
        "publisher": "Editorial",
        "year": "Año",
        "playable": "Jugable",
        "play_here": "Jugar aquí",
        "modes": "Modos",
        "rules": "Reglas",
        "galleries": "Galerías",
        "scenarios": "Escenarios",
        "records": "Registros",
        "components": "Componentes",
        "elements": "Elementos",
        "colors": {
            "red": "rojo",
            "yellow": "amarillo",
            "blue": "azul",
            "green": "verde",
            "purple": "morado",
            "orange": "naranja",
            "teal": "verde azulado",
            "grey": "gris",
        },
        "random_card": "Carta al azar",
        "nothing_playable": "Todavía no se puede jugar a este juego aquí: el motor de reglas no "
        "lo admite. Todo lo demás es la referencia completa.",
        "sections": "sección",
        "sections_pl": "secciones",
        "page": "página",
        "pages": "páginas",
        "term": "término",
        "terms": "términos",
        "card": "carta",
        "cards": "cartas",
        "record": "registro",
        "records_pl": "registros",
        "scenario": "escenario",
        "scenarios_pl": "escenarios",
        "glossary_line": "{n} {terms} de {game}, en el orden de la fuente; las subentradas siguen "
        "a su entrada.",
        "rules_line": "Las reglas en el orden de la fuente, con sus secciones:",
        "at_a_glance": "De un vistazo",
        "source_order": "en el orden de la fuente",
        "language_name": "español",
        "glossary_hint": "Señala un término en cualquier página de este juego para leer su primera "
        "frase; el enlace lleva aquí.",
        "index_label": "Índice de términos",
        "also_written": "También escrito:",
        "see_also": "Véase también:",
        "overview": "Resumen",
        "kind_sentence": "{n} {records} de {game}, en el orden de la fuente.",
        "adapted": "adaptado",
        "uncertain": "incierto",
        "adapted_title": "No está en la fuente: se añadió para poder jugar",
        "uncertain_title": "La propia fuente lo marca como incierto",
        "source": "Fuente:",
        "date": "{day} de {month} de {year}",
        "months": ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
                   "octubre", "noviembre", "diciembre"],
        "changed": "Último cambio: {date}",
        "history": "Historial",
        "history_title": "Todos los cambios hechos en {path}",
        "mission": "Misión {n}",
        "players_count": "{n} jugadores",
        "objective": "Objetivo",
        "play_scenario": "▶ Jugar este escenario",
        "play_jump_title": "Ir al área de juego, al final de esta página",
        "glance_rule_title": "Dónde lo dice la fuente",
        "details": "Datos",
        "details_summary": "El resto de los datos de este escenario, tal como se comprueban en su "
        "archivo YAML",
        "play_heading": "Jugar",
        "play_intro": "Juega a {title} aquí mismo: el motor de reglas funciona en tu navegador (descarga "
        "unos 12&nbsp;MB la primera vez que pulsas Jugar).",
        "seed": "Semilla",
        "seed_placeholder": "al azar",
        "play_button": "Jugar",
        "deck_builder": "Constructor de mazos",
        "deck_builder_intro": "Arma tu mazo con las cartas del juego: la página comprueba cada regla de "
        "composición de mazos mientras lo armas. Tu mazo se guarda en este navegador y en el enlace de la "
        "página, para compartirlo.",
        "deck_builder_ready": "Mazos de inicio",
        "deck_builder_open": "Abrir en el constructor",
        "deck_builder_heading": "Tu mazo",
        "deck_builder_noscript": "El constructor de mazos necesita JavaScript.",
        "play_vs_computer": "contra la computadora",
        "yes": "sí",
        "no": "no",
        "play_notes": "Cómo lo jugamos",
        "play_people": "{n} personas",
        "number_words": {"2": "dos", "3": "tres", "4": "cuatro", "5": "cinco", "6": "seis"},
        "play_noscript": "El área de juego necesita JavaScript (ejecuta el motor de reglas en tu navegador "
        "con Pyodide). Las reglas de arriba están completas sin él.",
        "search": "Búsqueda",
        "search_dialog": "Buscar en el sitio",
        "cs_title": "Búsqueda de cartas",
        "cs_slug": "busqueda-de-cartas",
        "cs_example": "game:tcg elemento:fuego",
        "cs_intro": "Busca cualquier carta, término, villano o escenario por sus campos, al estilo de "
        "Scryfall. Escribe una búsqueda aquí o en el cuadro de búsqueda de arriba, en cualquier página: "
        "una búsqueda con un filtro de campo como {example} muestra allí mismo sus resultados, e Intro la "
        "trae a esta página, cuya dirección guarda la búsqueda para compartirla. Consulta la "
        "[sintaxis de búsqueda]({help}).",
        "cs_query": "Búsqueda",
        "cs_button": "Buscar",
        "cs_needs_js": "Esta página necesita JavaScript para buscar en el índice.",
        "cs_try": "Prueba:",
        "sh_title": "Sintaxis de búsqueda",
        "sh_slug": "sintaxis-de-busqueda",
        "sh_intro": "El cuadro de búsqueda de arriba, en cada página, hace dos cosas.",
        "sh_words": "**Palabras** (`Kabudo Bo`, `daño`) buscan en el texto completo de todas las páginas "
        "—reglas, glosarios, cartas, escenarios— y ordenan las páginas y secciones que las contienen.",
        "sh_filters": "**Filtros de campo** ({example}) buscan en el catálogo, al estilo de Scryfall. "
        "En cuanto la búsqueda tiene un filtro `campo:valor`, el cuadro lista los registros que "
        "cumplen, de un índice compilado de {n} registros (cartas, términos del glosario, villanos, "
        "escenarios y todos los demás), con su número. Las flechas los recorren; **Intro** abre la "
        "lista completa en la página [Búsqueda de cartas]({search}), cuya dirección guarda la búsqueda "
        "para guardarla o compartirla.",
        "sh_same_box": "Los filtros van en el mismo cuadro que las palabras, como en Scryfall: no hay "
        "nada que cambiar. La página Búsqueda de cartas es la misma búsqueda, con sitio para todos los "
        "resultados y una dirección que guardar. Las dos funcionan sin conexión: el índice ({kb} KB) es "
        "parte de este sitio y se descarga la primera vez que se usa el cuadro.",
        "sh_examples": "Ejemplos",
        "sh_col_query": "Búsqueda",
        "sh_col_finds": "Encuentra",
        "sh_col_matches": "Resultados",
        "sh_syntax": "Sintaxis",
        "sh_col_write": "Escribe",
        "sh_rows": [
            ("`chispa`", "los registros cuyo nombre o texto contiene *chispa* (no importan mayúsculas ni "
             "tildes)"),
            ('`"Kabudo Bo"`', "la frase exacta"),
            ("`campo:valor`", "el campo contiene el valor: `tipo:am` encuentra los Amigos"),
            ("`campo=valor`", "el campo es exactamente el valor: `tipo=objeto`"),
            ("`campo!=valor`", "el campo existe y no es el valor"),
            ("`coste>=3`, `coste<2`, `nivel<=2`, `ataque>4`",
             "números; `coste:3` y `coste=3` son iguales a 3"),
            ("`-término`", 'no: `-elemento:fuego`, `-"Kabudo Bo"`, `-(elemento:fuego or elemento:agua)`'),
            ("`a b`", "ambos (los términos se combinan con AND; se puede escribir `and`)"),
            ("`a or b`",
             "uno u otro; se agrupa con paréntesis: `(elemento:fuego or elemento:agua) tipo:amigo`"),
            ('`campo:"dos palabras"`', "un valor con espacios; en los valores no importan espacios, "
             'guiones ni guiones bajos (`name:kabudo-bo` = `name:"Kabudo Bo"`)'),
            ("`is:valor`", "un tipo de registro (`is:term`), un estado de procedencia (`is:uncertain`, "
             "`is:adapted`: adaptado) o un campo de sí o no que es sí (`is:playable`)"),
        ],
        "sh_yes_no": "**Los campos de sí o no** aceptan {true} (`sí` se escribe con o sin tilde) y {false}: "
        "`playable:sí`, `playable:no`.",
        "sh_numbers": "**Números en campos de texto**: `<`, `>`, `<=` y `>=` leen el número con que "
        "empieza un valor (*2 puntos* es 2), y *Free* (gratis) cuenta como 0, así que `cost<1` incluye "
        "las cartas gratis.",
        "sh_ranges": "**Intervalos**: un escenario o juego para 1–2 jugadores tiene `players` 1–2; "
        "`players:2` lo encuentra, y también `players>=2` (pueden jugarlo 2) y `players<=1`.",
        "sh_missing": "**Los campos que faltan** nunca cumplen un filtro: `nivel!=1` encuentra los Héroes "
        "de Nivel 2 y 3, mientras que `-nivel:1` encuentra además los registros sin campo `nivel`.",
        "sh_unknown": "**Los campos desconocidos** y los valores que no se pueden comparar se ignoran, "
        "con un aviso encima de los resultados.",
        "sh_order": "Los resultados salen en el orden de la fuente: juego por juego, luego galerías, "
        "escenarios, otros registros y términos del glosario.",
        "sh_games": "Juegos",
        "sh_games_intro": "`game:` acepta el id, el título o el título corto de un juego; con `:` basta su "
        "comienzo (`game:tcg`, `game:mechs`).",
        "sh_col_game": "Juego",
        "sh_col_accepts": "`game:` acepta",
        "sh_kinds": "Tipos de registro",
        "sh_kinds_intro": "`kind:` (o `is:`) acepta uno de estos; los elementos de una galería son `card` "
        "salvo que sean un registro entero (un villano, un BUGBUSTER).",
        "sh_col_kind": "Tipo",
        "sh_col_records": "Registros",
        "sh_fields": "Campos",
        "sh_fields_intro": "Además de `game`, `kind`, `name` (corto `n`), `text` (corto `o`), `id`, "
        "`gallery` e `is`, cada registro tiene los campos de abajo, leídos de sus datos (un campo nuevo "
        "en el contenido aparece aquí solo). Nombres cortos: {aliases}.",
        "sh_col_field": "Campo",
        "sh_kinds_own": "Los de este juego:",
        "sh_fields_other": "Los campos de los demás juegos del sitio están en la [sintaxis de búsqueda "
        "del sitio]({other}), en inglés.",
        "sh_col_values": "Valores",
        "sh_col_found_in": "Aparece en",
        "sh_yes_no_values": "yes, no (sí, no)",
        "sh_more": "({n} más)",
        # what a kind of record is called in the navigation and on its index (English: the folder's name)
        "kinds": {"phases": "Fases"},
        # a record's field names as its page shows them (English: the field's name as words)
        "fields": {
            "phases": "Fases",
            "number": "Número",
            "rule": "Regla",
            "text": "Texto",
            "constants": "Constantes",
            "name": "Nombre",
            "summary": "Resumen",
            "steps": "Pasos",
            "note": "Nota",
            "cites": "Cita",
            "source": "Fuente",
            "order": "Orden",
            "title": "Título",
            "objective": "Objetivo",
            "players": "Jugadores",
            "sections": "Secciones",
            "cost": "Costo",
            "level": "Nivel",
            "element": "Elemento",
            "attack": "Ataque",
            "defense": "Defensa",
            "effect": "Efecto",
            "effects": "Efectos",
            "type": "Tipo",
            "copies": "Copias",
            "description": "Descripción",
            "cards": "Cartas",
            "options": "Opciones",
        },
    },
}

# A record's field names as English pages label them, where the key turned into words does not read as a
# label ("cost_printed" is not "Cost printed"); tests/test_page_prose.py fails on a page that labels a value
# with a raw key: a key with an underscore needs its entry here, or a layout of its own.
LABELS["en"]["fields"] = {
    "master_plan": "Master Plan",
    "special_rules": "Special Rules",
    "special_setup": "Special Setup",
    "in_threat_deck": "In the Threat deck",
    "printed_on": "Printed on",
    "used_with": "Used with",
    "reserved_for": "Reserved for",
    "unlocked_by": "Unlocked by Mission",
    "per_round": "Per round",
    "doom_cannon_power": "Doom Cannon power",
    "command_line": "Command Line",
    "reaction_points": "Reaction points",
    "activation_cost": "Activation cost",
    "active_from_start": "Active from the start",
    "ai_name": "Name in the AI rules",
    "carried_max": "Most carried at once",
    "diagonal_degrees": "Diagonal angle (degrees)",
    "pow_cards_drawn": "POW! cards drawn",
    "lives_per_turn": "Life points per turn",
    "bug_cards_per_bugbuster": "BUG cards per BUGBUSTER",
    "yellow_dice": "Yellow dice",
    "jump_cost": "Jump cost",
    "ammo_points": "Ammunition points",
    "attacks_in_a_row": "Attacks in a row",
    "equipment_cards": "Equipment cards",
    "relights_another_powerup": "Turns another POWERUP back on",
    "choices_per_visit": "Choices per visit",
    "hand_limit": "Hand limit",
    "board_cost": "Cost to board",
    "squares_per_ap": "Squares per action point",
    "per_turn": "Per turn",
    "heading": "Heading in the source",
    "icon": "Printed icon",
    "label": "Name",
    "number": "No.",
    "name": "Name",
    "text": "Description",
    "key": "Counted",
    "value": "Gives",
    "first_draft": "First draft",
    "map_tiles": "Map Tiles",
    "per_yordle": "Per Yordle",
    "time_limit": "Time limit",
    "initial_coins": "Initial coins",
    "minimum_players": "Minimum players",
    "what": "Pictured",
    "printed": "The rulebook says",
}

_PAGE = contextvars.ContextVar("page_language", default=SITE_LANGUAGE)


class LabelError(LookupError):
    """A page in a language, or a word, the tables do not have."""


def for_language(language: str) -> dict:
    if language not in LABELS:
        raise LabelError(f"no words for pages in {language!r} (site_src/render/labels.py LABELS)")
    return LABELS[language]


@contextlib.contextmanager
def writing(language: str) -> Iterator[None]:
    """While a page in `language` is being written."""
    for_language(language)
    token = _PAGE.set(language)
    try:
        yield
    finally:
        _PAGE.reset(token)


def current() -> dict:
    """The words of the page being written (also the templates' `page_words()`)."""
    return LABELS[_PAGE.get()]


def _named(language: str, table: str, key: str, english) -> str:
    named = for_language(language).get(table, {})
    if key in named:
        return named[key]
    if language == SITE_LANGUAGE:
        return english(key)
    if key not in named:
        raise LabelError(
            f"no {language} word for {key!r} (site_src/render/labels.py LABELS[{language!r}][{table!r}])"
        )
    return named[key]


def field_label(key: object) -> str:
    """A record's field name as the page being written shows it: `move_to` → "Move to"."""
    return _named(_PAGE.get(), "fields", str(key), words.label)


def page_kind_title(kind: str) -> str:
    """kind_title in the language of the page being written."""
    return kind_title(_PAGE.get(), kind)


def kind_title(language: str, kind: str) -> str:
    """What a kind of record (its folder under content/<game>/) is called on pages in `language`."""
    return _named(language, "kinds", kind, words.title)

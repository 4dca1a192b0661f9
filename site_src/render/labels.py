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
        "mission": "Mission {n}",
        "players_count": "{n} players",
        "objective": "Objective",
        "play_scenario": "▶ Play this scenario",
        "play_jump_title": "Jump to the Play area at the bottom of this page",
        "glance_rule_title": "Where the source says it",
        "details": "Details",
        "details_summary": "Every field of this scenario's data, as checked from its YAML file",
        "play_heading": "Play",
        "play_intro": "Play {title} right here: the rules engine runs in your browser (it downloads about "
        "12&nbsp;MB the first time you press Play).",
        "seed": "Seed",
        "seed_placeholder": "random",
        "play_button": "Play",
        "play_vs_computer": "against the computer",
        "play_people": "{n} people",  # the other counts of a game with a computer opponent
        "number_words": {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six"},
        "play_noscript": "The Play area needs JavaScript (it runs the rules engine in your browser with "
        "Pyodide). The rules above are complete without it.",
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
        "mission": "Misión {n}",
        "players_count": "{n} jugadores",
        "objective": "Objetivo",
        "play_scenario": "▶ Jugar este escenario",
        "play_jump_title": "Ir al área de juego, al final de esta página",
        "glance_rule_title": "Dónde lo dice la fuente",
        "details": "Datos",
        "details_summary": "Todos los campos de los datos de este escenario, tal como se comprueban en su "
        "archivo YAML",
        "play_heading": "Jugar",
        "play_intro": "Juega a {title} aquí mismo: el motor de reglas funciona en tu navegador (descarga "
        "unos 12&nbsp;MB la primera vez que pulsas Jugar).",
        "seed": "Semilla",
        "seed_placeholder": "al azar",
        "play_button": "Jugar",
        "play_vs_computer": "contra la computadora",
        "play_people": "{n} personas",
        "number_words": {"2": "dos", "3": "tres", "4": "cuatro", "5": "cinco", "6": "seis"},
        "play_noscript": "El área de juego necesita JavaScript (ejecuta el motor de reglas en tu navegador "
        "con Pyodide). Las reglas de arriba están completas sin él.",
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
    if language == SITE_LANGUAGE:
        return english(key)
    named = for_language(language).get(table, {})
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

"""Card galleries, one page per gallery item, and a "Data quality" page per game.

Called from pages.Renderer.render_game:

    nav += gallery_pages.render_cards(renderer, game)         # <game>/cards/ and every gallery and item
    nav += gallery_pages.render_data_quality(renderer, game)  # <game>/data-quality/

Pages (URLs relative to the site root; see gallery.py for what is in which gallery):
    <game>/cards/                      the game's galleries, each with its items or groups
    <game>/<url>/[<gallery>/]          a gallery: cards with filters (site_src/assets/gallery.js)
    <game>/<url>/<item>/               an item: the card drawn large, all its data, related records,
                                       provenance and a "Fix this record" link (not in the nav)
    <game>/data-quality/               every uncertain and adapted record of the game, with its note

Escaping: cards are drawn by an autoescaping Jinja2 environment (templates/card.html.j2); Markdown
goes through markdown_html (raw HTML escaped, script links dropped); attribute values are
escaped; nothing from content is inserted raw.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import jinja2
from markupsafe import Markup

from ..model.content import Game, source_order
from ..resources import TEMPLATES
from ..text.slugs import css_token, slug
from ..text.words import label as reader_label
from . import card_faces, deck_builder, icons, urls
from . import gallery as gallery_mod
from . import records as records_mod
from . import sheets as sheets_mod
from .markdown_html import block_html, inline_html

STATUS_ORDER = ("transcribed", "uncertain", "adapted")
QUALITY_STATUSES = ("uncertain", "adapted")
CONTRIBUTING = "CONTRIBUTING.md"  # the contributor's guide (repository root): each "Fix this record" links it
TITLE_KEYS = ("name", "title", "term", "heading", "component", "label", "id")

UI = {
    "en": {
        "cards": "Cards", "gallery": "Gallery", "filters": "Filter the cards", "search": "Search",
        "search_placeholder": "Name or text", "any": "Any", "clear_filters": "Clear filters",
        "count_all": "{n} cards", "count_one": "1 card", "count_some": "{shown} of {n} cards",
        "no_match": "No card matches these filters.", "power": "power", "copies": "copies",
        "tokens": "tokens", "cost": "Cost", "requires": "Requires", "move": "Move", "bam": "BAM!",
        "health": "Health", "ability": "Ability:", "ai": "AI:", "missing": "Not in the source:",
        "yes": "yes", "no": "no", "none": "none", "left": "Left", "villain": "Villain", "right": "Right",
        "civilian": "Civilian", "civilians": "Civilians", "thug": "Thug", "thugs": "Thugs",
        "placement": "Tokens placed", "nothing": "nothing", "not_listed": "not in the BUG Cards list",
        "details": "Details",
        "related": "Related", "rules": "Rules", "terms": "Terms used",
        "also_in": "Also in", "others": "Other", "fix": "Fix this record", "line": "line",
        "fix_open": "Open the file at this line",
        "fix_guide": "Step by step, with your editor's help: {guide}, at the root of the project's files.",
        "fix_how": "This record is line {line} of {path} in the project's files. To correct it, change "
                   "that line in your copy of the project, run python3 build.py check, and send the change "
                   "to the maintainers (a pull request, or the corrected line in an issue).",
        "previous": "Previous", "next": "Next", "back": "All", "data_quality": "Data quality",
        "uncertain": "uncertain", "adapted": "adapted", "transcribed": "transcribed",
        "uncertain_title": "The source itself flags this as uncertain",
        "adapted_title": "Not in the source: added so the game can be played",
        "inherited": "Provenance of {name}, which this item belongs to:",
        "status": "Status", "element": "Element", "type": "Type", "villain_f": "Villain",
        "listed": "In the BUG Cards list", "number": "Number", "deck": "Deck", "group": "Group",
        "open_gallery": "Open the gallery", "by": "by",
        "dq_intro": (
            "Every record of {game} that is not transcribed as the source prints it: **uncertain** "
            "records are flagged by the source itself (its own note is shown word for word), "
            "**adapted** records are not in the source and were added so the game can be played "
            "(the note says why). Each links to where it is shown and to its line in the YAML."
        ),
        "dq_none": "Every record of {game} is transcribed as the source prints it.",
        "dq_count": "{n} record(s)", "dq_uncertain": "Uncertain", "dq_adapted": "Adapted",
        "dq_note": "Note", "dq_records": "Records", "dq_file": "File",
    },
    "es": {
        "cards": "Cartas", "gallery": "Galería", "filters": "Filtrar las cartas", "search": "Buscar",
        "search_placeholder": "Nombre o texto", "any": "Todos", "clear_filters": "Quitar filtros",
        "count_all": "{n} cartas", "count_one": "1 carta", "count_some": "{shown} de {n} cartas",
        "no_match": "Ninguna carta cumple estos filtros.", "power": "poder", "copies": "copias",
        "tokens": "fichas", "cost": "Costo", "requires": "Requiere", "move": "Mover", "bam": "BAM!",
        "health": "Vida", "ability": "Habilidad:", "ai": "IA:", "missing": "No está en la fuente:",
        "yes": "sí", "no": "no", "none": "ninguno", "left": "Izquierda", "villain": "Villano",
        "right": "Derecha", "civilian": "Civil", "civilians": "Civiles", "thug": "Matón",
        "thugs": "Matones", "placement": "Fichas colocadas", "nothing": "nada",
        "not_listed": "no está en la lista", "details": "Datos",
        "related": "Relacionado",
        "rules": "Reglas", "terms": "Términos usados", "also_in": "También en", "others": "Otros",
        "fix": "Corregir este registro", "line": "línea", "previous": "Anterior", "next": "Siguiente",
        "fix_open": "Abrir el archivo en esta línea",
        "fix_guide": "Paso a paso, con la ayuda de tu editor: {guide}, en la raíz de los archivos del "
                     "proyecto.",
        "fix_how": "Este registro es la línea {line} de {path} en los archivos del proyecto. Para "
                   "corregirlo, cambia esa línea en tu copia del proyecto, ejecuta python3 build.py check y "
                   "envía el cambio a quienes mantienen el proyecto (una solicitud de cambios, o la línea "
                   "corregida en un mensaje).",
        "back": "Todas", "data_quality": "Calidad de los datos", "uncertain": "incierto",
        "adapted": "adaptado", "transcribed": "transcrito",
        "uncertain_title": "La propia fuente lo marca como incierto",
        "adapted_title": "No está en la fuente: se añadió para poder jugar",
        "inherited": "Procedencia de {name}, al que pertenece:",
        "status": "Estado", "element": "Elemento", "type": "Tipo", "villain_f": "Villano",
        "listed": "En la lista", "number": "Número", "deck": "Mazo", "group": "Grupo",
        "open_gallery": "Abrir la galería", "by": "por",
        "dq_intro": (
            "Cada registro de {game} que no está transcrito tal como lo imprime la fuente: los "
            "**inciertos** los marca la propia fuente (se muestra su nota literal) y los **adaptados** "
            "no están en la fuente y se añadieron para poder jugar (la nota dice por qué). Cada uno "
            "enlaza con la página donde aparece y con su línea en el YAML."
        ),
        "dq_none": "Todos los registros de {game} están transcritos tal como los imprime la fuente.",
        "dq_count": "{n} registro(s)", "dq_uncertain": "Inciertos", "dq_adapted": "Adaptados",
        "dq_note": "Nota", "dq_records": "Registros", "dq_file": "Archivo",
    },
}
FIELD_LABELS = {  # filter titles: UI key of each known field
    "status": "status", "element": "element", "type": "type", "cost": "cost", "villain": "villain_f",
    "move": "move", "bam": "bam", "health": "health", "listed": "listed", "number": "number",
    "deck": "deck", "copies": "copies",
}
# keys of an item that the card draws; the rest appear under Details on the item's page
CARD_KEYS = {
    "id", "name", "text", "provenance", "copies", "count", "tokens", "element", "kind", "type", "cost",
    "requires", "move", "bam", "health", "powers", "effect", "ability", "ai_use", "description",
    "quote", "bio", "note", "placement", "missing", "number", "listed",
}


# structured fields the engine reads (steps of each power, ...): in the file, never on the reader's page
ENGINE_KEYS = frozenset({"powers", "steps", "system", "ability", "boost"})


def ui_strings(game: Game) -> dict:
    return UI.get(game.primary_language, UI["en"])


# ---------------------------------------------------------------- values and labels


def filter_value(value: object) -> str:
    """A field value as it is written in data-f-* attributes and in the URL."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None or value == "":
        return "-"
    return str(value)


def value_label(field_name: str, value: str, game: Game, ui: dict, names: dict | None = None,
                element_field: str = "element") -> str:
    """A filter value as readers see it; `names`: the gallery's {field: kind} whose values are record ids;
    `element_field`: the field holding game.yaml element ids (the gallery's `element`)."""
    if value == "-":
        return ui["none"]
    kind = (names or {}).get(field_name)
    if kind:
        record = game.records(str(kind)).get(value)
        if record and isinstance(record.data.get("name"), str):
            return record.data["name"]
    if field_name == element_field:
        for element in game.meta.get("elements") or []:
            if isinstance(element, dict) and element.get("id") == value:
                return str(element.get("name") or value)
    if field_name == "bam":
        return {"yes": "BAM!", "no": f"{ui['no']} BAM!"}.get(value, value)
    if field_name == "status":
        return ui.get(value, value)
    if value in ("yes", "no"):
        return ui[value]
    if re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", value):
        return reader_label(value)
    return value


def field_label(field_name: str, ui: dict, labels: dict | None = None) -> str:
    """A filter's title: the gallery's own `labels`, else a known field's UI word, else the field's name."""
    if (labels or {}).get(field_name):
        return str(labels[field_name])
    key = FIELD_LABELS.get(field_name)
    return ui[key] if key else reader_label(field_name)


# ---------------------------------------------------------------- the card


_CARD_ENV = jinja2.Environment(
    loader=jinja2.FileSystemLoader(str(TEMPLATES)),
    autoescape=True,
    trim_blocks=True,
    lstrip_blocks=True,
)


def _tokens(location: dict, ui: dict) -> tuple[list[dict], str]:
    tokens, words = [], []
    kinds = (("civilians", "civilian", "civilians", "C"), ("thugs", "thug", "thugs", "T"))
    for kind, one, many, letter in kinds:
        count = location.get(kind) if isinstance(location, dict) else None
        if isinstance(count, int) and count > 0:
            tokens += [{"kind": one, "letter": letter}] * min(count, 6)
            words.append(f"{count} {ui[one] if count == 1 else ui[many]}")
    return tokens, ", ".join(words) or ui["nothing"]


def _placement(data: dict, ui: dict) -> dict | None:
    placement = data.get("placement")
    if not isinstance(placement, dict):
        return None
    locations = []
    for key, villain in (("left", False), ("villain", True), ("right", False)):
        tokens, words = _tokens(placement.get(key) or {}, ui)
        locations.append({"label": ui[key], "villain": villain, "tokens": tokens,
                          "title": f"{ui[key]}: {words}"})
    caption = ui["placement"] + ": " + "; ".join(loc["title"] for loc in locations)
    return {"locations": locations, "caption": caption, "text": str(placement.get("text") or "")}


def marks_html(row: dict, ui: dict) -> Markup:
    """One `badges` row: a list of small markers, each its colour and its word (escaped)."""
    marks = row.get("marks") or []
    words = ", ".join(m["label"] for m in marks) or row.get("empty") or ui["none"]
    key = css_token(row.get("key") or "marks")
    if not marks:
        return Markup('<span class="tome-marks tome-marks--{} tome-marks--none">{}</span>').format(key, words)
    items = Markup("").join(
        Markup('<li class="tome-mark tome-mark--{}{}">{}{}</li>').format(
            css_token(m["value"]), f" tome-color--{m['color']}" if m.get("color") else "",
            icons.icon(m["icon"]) if m.get("icon") else "", m["label"],
        )
        for m in marks
    )
    return Markup('<ul class="tome-marks tome-marks--{}" aria-label="{}">{}</ul>').format(
        key, f"{row['label']}: {words}", items
    )


def _face_blocks(item: gallery_mod.Item, ui: dict) -> list[dict]:
    """The gallery's `badges` rows and `texts` (galleries.yaml), first among the card's text blocks."""
    blocks = []
    for row in item.badges:
        blocks.append({"kind": "marks", "label": f"{row['label']}:", "html": marks_html(row, ui)})
    for row in item.texts:
        blocks.append({"kind": "extra", "label": row["label"], "html": inline_html(row["text"])})
    return blocks


def face(item: gallery_mod.Item, game: Game, ui: dict, href: str | None, filters: list[str],
         large: bool = False) -> dict:
    """What the card template draws for one item."""
    data = item.data
    element = item.element
    parts = card_faces.face_parts(item.summary, data, game, large)
    meta: list[str] = []
    if element:
        meta.append(str(element.get("name") or element.get("id")))
    kind = data.get("kind") if isinstance(data.get("kind"), str) else data.get("type")
    if isinstance(kind, str):
        meta.append(reader_label(kind))
    meta += parts.meta
    if data.get("listed") is False:
        meta.append(ui["not_listed"])
    corner, corner_title = None, ""
    for key, label in (("copies", ui["copies"]), ("count", ui["copies"]), ("tokens", ui["tokens"])):
        value = data.get(key) if key not in item.adapted else None  # an adapted count is not shown
        if isinstance(value, int) and not isinstance(value, bool):
            corner, corner_title = f"×{value}", f"{value} {label}"
            break
    stats = []
    cost = gallery_mod.scalar(data.get("cost"))
    if cost is not None:
        stats.append({"kind": "cost", "label": ui["cost"], "value": str(cost)})
    requires = gallery_mod.scalar(data.get("requires"))
    if requires is not None:
        stats.append({"kind": "requires", "label": ui["requires"], "value": str(requires)})
    move = data.get("move")
    if isinstance(move, int) and not isinstance(move, bool):
        stats.append({"kind": "move", "label": ui["move"], "value": str(move),
                      "title": f"{ui['move']} {move}"})
    elif isinstance(move, dict) and move.get("text"):
        text = str(move["text"])
        short = re.sub(r"^Move\s+", "", text)
        stats.append({"kind": "move-text", "label": ui["move"], "value": short, "title": text})
    if data.get("bam") is True:
        stats.append({"kind": "bam", "label": "", "value": "BAM!", "title": "BAM! icon"})
    health = data.get("health")
    if isinstance(health, int) and not isinstance(health, bool):
        stats.append({"kind": "health", "label": ui["health"], "value": str(health)})
    stats += parts.stats
    powers = []
    for power in data.get("powers") or []:
        if isinstance(power, dict):
            powers.append({"power": power.get("power", ""), "text": inline_html(power.get("text") or "")})
    blocks = _face_blocks(item, ui)
    effect = data.get("effect")
    if isinstance(effect, dict) and effect.get("text"):
        title = effect.get("title")
        blocks.append({"kind": "effect", "label": f"{title}:" if title else "",
                       "html": inline_html(effect["text"])})
    structured = isinstance(data.get("placement"), dict) or "move" in data
    if isinstance(data.get("text"), str) and not structured:
        blocks.append({"kind": "text", "label": "", "html": block_html(data["text"])})
    blocks += parts.blocks
    ability = data.get("ability")
    if isinstance(ability, dict) and ability.get("text"):
        blocks.append({"kind": "ability", "label": ui["ability"], "html": block_html(ability["text"])})
    for key, label in (("ai_use", ui["ai"]), ("description", ""), ("quote", ""), ("bio", ""), ("note", "")):
        if isinstance(data.get(key), str):
            if key == "bio" and not large:
                continue  # long; on the item's page
            blocks.append({"kind": key.replace("_", "-"), "label": label, "html": block_html(data[key])})
    missing = []
    for entry in data.get("missing") or []:
        if isinstance(entry, str):
            missing.append(entry)
        elif isinstance(entry, dict) and entry.get("text"):
            missing.append(f"{entry.get('component', '')}: {entry['text']}".lstrip(": "))
    status = item.status
    badge = status if status in QUALITY_STATUSES else None
    note = str(item.provenance.get("note") or "") if badge else ""
    text = item.text if item.text.startswith(item.name) else f"{item.name} {item.text}"
    attrs = [("name", item.name.lower()), ("text", text.lower())]
    for name in filters:
        attrs.append((f"f-{name}", filter_value(item.fields.get(name))))
    return {
        "gallery": item.gallery,
        "anchor": item.id,
        "title": item.name,
        "href": href,
        "color": item.color,
        "element": {"color": element.get("color")} if element else None,
        "corner": corner,
        "corner_title": corner_title,
        "meta": meta,
        "stats": stats,
        "powers": powers,
        "blocks": blocks,
        "placement": _placement(data, ui),
        "missing": missing if (large or not powers) else [],
        "badge": badge,
        "badge_label": ui.get(badge, badge) if badge else "",
        "badge_title": ui.get(f"{badge}_title", "") if badge else "",
        "note": note,
        "data_attrs": attrs if not large else [],
        "ui": ui,
    }


def card_html(item: gallery_mod.Item, game: Game, ui: dict, href: str | None, filters: list[str],
              large: bool = False) -> Markup:
    html = _CARD_ENV.get_template("card.html.j2").render(
        face=face(item, game, ui, href, filters, large), large=large
    )
    return Markup("\n".join(line for line in html.split("\n") if line.strip()))


# ---------------------------------------------------------------- filters


def filter_options(gallery: gallery_mod.Gallery, game: Game, ui: dict) -> list[dict]:
    """Per filter: its label and options [(value, label, count)] in a useful order."""
    out = []
    for name in gallery.filters:
        counts: dict[str, int] = {}
        raw: dict[str, object] = {}
        for item in gallery.items:
            value = filter_value(item.fields.get(name))
            counts[value] = counts.get(value, 0) + 1
            raw.setdefault(value, item.fields.get(name))
        values = list(counts)
        if name == "status":
            values.sort(key=lambda v: STATUS_ORDER.index(v) if v in STATUS_ORDER else 9)
        elif all(isinstance(raw[v], int) and not isinstance(raw[v], bool) for v in values if v != "-"):
            values.sort(key=lambda v: (v == "-", int(v) if v != "-" else 0))
        else:  # words: ints first, then the source's order
            values.sort(key=lambda v: (not (isinstance(raw[v], int) and not isinstance(raw[v], bool)),
                                       raw[v] if isinstance(raw[v], int) else 0))
        names = gallery.config.get("names") or {}
        element_field = gallery.config.get("element") or "element"
        options = [{"value": v, "label": value_label(name, v, game, ui, names, element_field),
                    "count": counts[v]} for v in values]
        title = field_label(name, ui, gallery.config.get("labels"))
        out.append({"name": name, "label": title, "options": options})
    return out


# ---------------------------------------------------------------- glossary terms and rules


def _term_patterns(game: Game) -> list[tuple[re.Pattern, dict, str | None]]:
    """(pattern, term, what a text must hold for the pattern to match: see terms_used) per word of a term."""
    found, seen = [], set()
    for term in game.terms:
        if not isinstance(term.get("id"), str) or term["id"] in seen:
            continue
        seen.add(term["id"])
        words = {re.sub(r"\s*\([^)]*\)\s*$", "", str(term.get("term") or "")).strip()}
        words |= {str(a) for a in term.get("aliases") or [] if isinstance(a, str)}
        words = {w for w in words if len(w) >= 2}
        for word in sorted(words, key=len, reverse=True):
            flags = 0 if len(word) <= 3 else re.I  # AP, RP, BUG, CFE: as written
            pattern = re.compile(r"(?<![\w-])" + re.escape(word) + r"(?:s|es)?(?![\w-])", flags)
            needed = word if not flags else word.lower() if word.isascii() else None
            found.append((pattern, term, needed))
    return found


# The characters that match an ASCII letter under re.I besides its two cases (İ ı: i, ſ: s, K: k); İ and K
# are also the only ones whose lower case holds an ASCII letter.
_FOLDS_TO_ASCII = re.compile("[\u0130\u0131\u017f\u212a]")


def terms_used(item: gallery_mod.Item, patterns: list[tuple[re.Pattern, dict, str | None]]) -> list[dict]:
    """The terms whose words the item's name or text use. A pattern is only tried on a text that holds its
    word (a case-sensitive word as written; an ASCII word under re.I, lower-cased, in the lower-cased text,
    unless the text has a character of _FOLDS_TO_ASCII): 625 items x 140 patterns, most of them absent."""
    text = f"{item.name} {item.text}"
    lowered = None if _FOLDS_TO_ASCII.search(text) else text.lower()
    used: dict[str, dict] = {}
    titles: set[str] = set()
    for pattern, term, needed in patterns:
        title = str(term.get("term") or term["id"])
        if term["id"] in used or title in titles:
            continue
        if needed is not None:
            haystack = lowered if pattern.flags & re.I else text
            if haystack is not None and needed not in haystack:
                continue
        if pattern.search(text):
            used[term["id"]] = term
            titles.add(title)
    return list(used.values())


def _rule_ids(value: object) -> list[str]:
    found: list[str] = []

    def visit(v: object) -> None:
        if isinstance(v, dict):
            for key, child in v.items():
                if key == "rule" and isinstance(child, str):
                    found.append(child)
                elif key != "provenance":
                    visit(child)
        elif isinstance(v, list):
            for child in v:
                visit(child)

    visit(value)
    return list(dict.fromkeys(found))


# ---------------------------------------------------------------- pages


@dataclass
class _Context:
    game: Game
    ui: dict
    galleries: list[gallery_mod.Gallery]
    by_gallery: dict[str, gallery_mod.Gallery] = field(default_factory=dict)


def whole_kinds(game: Game) -> set[str]:
    """Kinds whose files are all gallery items (bugs/*): their pages are the gallery's, not render_kind's."""
    return {kind for g in gallery_mod.game_galleries(game) for kind in g.kinds}


def not_in_nav(content) -> list[str]:
    """mkdocs `not_in_nav` patterns: the folders of item pages (gallery pages themselves are in the nav)."""
    patterns = set()
    for g in gallery_mod.galleries(content):
        patterns.add(f"/{g.game}/{g.base}/*.md")
    return sorted(patterns)


def _href(from_path: str):
    base = urls.page_url(from_path)
    return lambda target: urls.relative_url(base, target)


def _file_page(game: Game, galleries: list[gallery_mod.Gallery], kind: str, stem: str) -> str | None:
    """The page that shows a whole file (a villain's page, a deck's gallery), if there is one."""
    if kind == "game":
        return f"{game.id}/"
    if any(g.kinds == (kind,) for g in galleries):
        return None  # each file is an item with its own page
    for g in galleries:
        if g.config.get("records", "").startswith(f"{kind}/{stem}/"):
            return g.url
    if kind == "scenarios":
        return f"{game.id}/scenarios/{stem}/"
    if kind in game.kinds and kind not in records_mod.KINDS_WITH_TEMPLATES:
        return f"{game.id}/{kind}/{stem}/"  # pages.Renderer.render_kind
    return None


def render_cards(renderer, game: Game) -> list:
    """The game's galleries, their pages and every item's page; returns the nav entries."""
    ui = ui_strings(game)
    galleries = gallery_mod.game_galleries(game)
    ctx = _Context(game, ui, galleries, {g.id: g for g in galleries})
    patterns = _term_patterns(game)
    section: list = []
    for g in galleries:
        path = g.path
        href = _href(path)
        cards = []
        groups: dict[str, dict] = {}
        for item in g.items:
            renderer.record_cards.add(item)
            html = card_html(item, game, ui, href(item.url), g.filters)
            if g.group:
                label = filter_value(item.fields.get(g.group))
                group = groups.setdefault(label, {
                    "label": label, "id": "group-" + slug(label), "cards": [],
                    "value": label, "link": None,
                })
                if group["link"] is None and item.pointer:
                    page = _file_page(game, galleries, item.record_kind, item.record_id)
                    group["link"] = href(page) if page else ""
                group["cards"].append(html)
            else:
                cards.append(html)
        written = renderer.write(
            path, "gallery.md.j2", g.title, game=game, gallery=g, ui=ui, cards=cards,
            groups=list(groups.values()), filters=filter_options(g, game, ui),
            count_text=_count_text(ui, len(g.items)),
        )
        section.append({g.title: written.path})
        for index, item in enumerate(g.items):
            _render_item(renderer, game, ctx, g, index, item, patterns)
    if not galleries:
        return []
    index_path = f"{game.id}/cards/index.md"  # <game>/cards/: the section index of the galleries
    index_href = _href(index_path)
    summaries = []
    for g in galleries:
        groups: dict[str, int] = {}
        for item in g.items:
            if g.group:
                label = filter_value(item.fields.get(g.group))
                groups[label] = groups.get(label, 0) + 1
        summaries.append({
            "gallery": g,
            "href": index_href(g.url),
            "groups": [{"label": label, "count": n, "href": index_href(g.url) + "?" + _query(g.group, label)}
                       for label, n in groups.items()],
            "items": [{"name": i.name, "href": index_href(i.url), "badge": i.status}
                      for i in g.items] if not g.group else [],
            "count_text": _count_text(ui, len(g.items)),
            "intro": g.description.strip().split("\n\n")[0] if g.description else "",
        })
    index = renderer.write(index_path, "cards.md.j2", ui["cards"], game=game, ui=ui, summaries=summaries)
    return [{ui["cards"]: [index.path, *section]}]


def _query(name: str, value: str) -> str:
    from urllib.parse import urlencode

    return urlencode({name: value})


def _count_text(ui: dict, n: int) -> str:
    return ui["count_one"] if n == 1 else ui["count_all"].format(n=n)


def _render_item(renderer, game: Game, ctx: _Context, g: gallery_mod.Gallery, index: int,
                 item: gallery_mod.Item, patterns) -> None:
    ui = ctx.ui
    path = f"{game.id}/{g.base}/{item.id}.md"
    href = _href(path)
    card = card_html(item, game, ui, None, [], large=True)
    skip = set(CARD_KEYS) | {"order", "rule"}  # source order; the rule is linked under Related
    if isinstance(item.data.get("placement"), dict) or "move" in item.data:
        skip.discard("text")  # the printed line: the card draws it as structured parts
    engine = set(ENGINE_KEYS)  # how the rules engine reads the card: in its file, not on the reader's page
    own = [row for row in (*item.badges, *item.texts) if not row["field"].startswith("^")]  # not its file's
    texts = [row for row in own if "text" in row and "." in row["field"]]
    drawn_leaf = {row["key"]: row["field"].split(".")[-1] for row in texts}
    skip |= {row["key"] for row in own if _drawn_whole(row, item.data)}
    if isinstance(item.data.get("effect"), str):
        skip.discard("effect")
    for key, leaf in (*drawn_leaf.items(), ("effect", "text")):  # drawn text + the engine's data
        value = item.data.get(key)
        if isinstance(value, dict) and set(value) - {leaf, "title"}:
            engine.add(key)
    skip |= card_faces.face_parts(item.summary, item.data, game, True).drawn  # the card draws them
    details = records_mod.record_sections(_scenario_links(item.data, game, href), skip=tuple(skip | engine))
    if not item.pointer:  # a whole file: a sheet of its kind is drawn in the words of the printed sheet
        details = sheets_mod.replace(details, sheets_mod.drawn(game, item.record_kind, item.data,
                                                               urls.page_url(path)))
    rules = []
    for rule in _rule_ids(item.data):
        rule_id = rule if "/" in rule else f"{game.id}/{rule}"
        url = renderer.rules.get(rule_id)
        if url:
            rules.append({"href": href(url), "title": renderer.rule_titles.get(rule_id, rule)})
    terms = [{"href": href(f"{game.id}/glossary/#{t['id']}"), "title": str(t.get("term") or t["id"])}
             for t in terms_used(item, patterns)]
    related = []
    if item.pointer:  # other items of the same file (villain, deck, list), by gallery
        for other_gallery in ctx.galleries:
            same = [o for o in other_gallery.items
                    if o.record_id == item.record_id and o.record_kind == item.record_kind]
            if same and not (len(same) == 1 and same[0] is item):
                title = other_gallery.title
                if item.record_name.lower() not in title.lower():
                    title = f"{title} ({item.record_name})"
                related.append({"title": title, "href": href(other_gallery.url),
                                "items": [_link(o, item, href) for o in same]})
    else:
        related.append({"title": g.title, "href": href(g.url),
                        "items": [_link(o, item, href) for o in g.items]})
    file_page = _file_page(game, ctx.galleries, item.record_kind, item.record_id) if item.pointer else None
    if file_page == g.url:
        file_page = None  # a deck: its page is this gallery
    prov = item.provenance
    if item.inherited and prov.get("status") not in QUALITY_STATUSES:
        prov = {k: v for k, v in prov.items() if k != "note"}  # its file's note is about the file
    provenance_html = Markup(records_mod.provenance_html(prov)) if prov else Markup("")
    previous_item = g.items[index - 1] if index > 0 else None
    next_item = g.items[index + 1] if index + 1 < len(g.items) else None
    renderer.write(
        path, "gallery-item.md.j2", item.name, source=item.source_path,
        game=game, gallery=g, item=item, ui=ui, card=card,
        details=details, rules=rules, terms=terms, related=related,
        file_page=href(file_page) if file_page else None,
        gallery_href=href(g.url) + f"#{item.id}", provenance_html=provenance_html,
        inherited=ui["inherited"].format(name=item.record_name) if item.inherited and prov else "",
        fix_href=renderer.repository.blob(item.source_path, item.source_line),
        guide_href=renderer.repository.blob(CONTRIBUTING),
        previous=_link(previous_item, item, href) if previous_item else None,
        next=_link(next_item, item, href) if next_item else None,
        opens=deck_builder.item_links(game, item, href),
    )


def _drawn_whole(row: dict, data: dict) -> bool:
    """Whether a `badges`/`texts` row draws its whole top-level field on the card, so that the page need
    not repeat it: not when it draws a part (`sheet.abilities` of a sheet, a text leaf of a mapping with
    more keys, handled by the caller) or only the names of a list of mappings (a profession's abilities)."""
    if "text" in row:
        return True
    if "." in row["field"]:
        return False
    value = data.get(row["key"])
    return not (isinstance(value, list) and any(isinstance(v, dict) for v in value))


def _scenario_links(data: dict, game: Game, href) -> dict:
    """A field listing scenario ids (a POWERUP character's `missions`) shown as links to those scenarios,
    named by their titles."""
    titles = {stem: str(r.data.get("title") or stem) for stem, r in game.scenarios.items()}
    out = dict(data)
    for key, value in data.items():
        if isinstance(value, list) and value and all(isinstance(v, str) and v in titles for v in value):
            out[key] = [f"[{markdown_escape(titles[v])}]({href(f'{game.id}/scenarios/{v}/')})" for v in value]
    return out


def markdown_escape(text: str) -> str:
    """Text safe inside a Markdown link's brackets."""
    return "".join(f"\\{c}" if c in "[]*_`\\" else c for c in text)


def _link(other: gallery_mod.Item, current: gallery_mod.Item, href) -> dict:
    return {"name": other.name, "href": href(other.url), "current": other is current, "status": other.status}


# ---------------------------------------------------------------- data quality


@dataclass
class QualityEntry:
    status: str
    name: str
    note: str
    source_path: str
    line: int
    pointer: str
    file_name: str
    url: str | None  # the page that shows it, relative to the site root


def _entry_name(node: dict, pointer: str, record_name: str) -> str:
    for key in TITLE_KEYS:
        if isinstance(node.get(key), str) and node[key]:
            return str(node[key])
    parts = [p for p in pointer.split("/") if p and not p.isdigit()]
    if not parts:
        return record_name
    return f"{record_name}: {reader_label(parts[-1])}"


def quality_entries(game: Game, galleries: list[gallery_mod.Gallery] | None = None) -> list[QualityEntry]:
    """Every provenance block of the game whose status is uncertain or adapted, in file order."""
    galleries = gallery_mod.game_galleries(game) if galleries is None else galleries
    items = {(i.source_path, i.pointer): i for g in galleries for i in g.items}
    files = []
    if game.game:
        files.append(("game", game.game))
    if game.glossary:
        files.append(("glossary", game.glossary))
    files += [("rules", page.record) for page in game.sorted_rules()]
    for kind in sorted(game.kinds):
        files += [(kind, r) for r in sorted(game.kinds[kind].values(), key=source_order)]
    found: list[QualityEntry] = []
    for kind, record in files:
        source_path = f"content/{record.rel}"
        record_name = str(record.data.get("name") or record.data.get("title") or record.file.stem)

        def page_for(pointer: str, kind=kind, record=record, source_path=source_path) -> str | None:
            parts = [p for p in pointer.split("/") if p]
            for depth in range(len(parts), -1, -1):  # the item itself or the item it is part of
                owner = items.get((source_path, "/" + "/".join(parts[:depth]) if depth else ""))
                if owner:
                    return owner.url
            if kind == "game":
                return f"{game.id}/"
            if kind == "glossary":
                terms = record.data.get("terms") or []
                is_term = len(parts) >= 2 and parts[0] == "terms" and parts[1].isdigit()
                index = int(parts[1]) if is_term else -1
                if 0 <= index < len(terms):
                    term = terms[index]
                    if isinstance(term, dict) and isinstance(term.get("id"), str):
                        return f"{game.id}/glossary/#{term['id']}"
                return f"{game.id}/glossary/"
            if kind == "rules":
                return f"{game.id}/rules/{record.file.stem}/"
            page = _file_page(game, galleries, kind, record.file.stem)
            play = record.data.get("play")
            if page and kind == "scenarios" and parts[:1] == ["play"] and isinstance(play, dict) \
                    and "layouts" in play:  # POWERUP: its notes are under "How we play it" and each board
                board = len(parts) > 2 and parts[1] == "layouts" and parts[2].isdigit()
                return page + (f"#tome--board-{int(parts[2]) + 1}" if board else "#tome--mission")
            if page and parts and page == f"{game.id}/{kind}/{record.file.stem}/" \
                    and not any(g.url == page for g in galleries):  # a record page, not a deck's gallery
                value = record.data.get(parts[0])
                if isinstance(value, (dict, list)):  # record.md.j2 heads each structured field
                    page += "#tome--" + css_token(parts[0])
            return page

        def visit(node: object, pointer: str, record=record, source_path=source_path,
                  record_name=record_name, page_for=page_for) -> None:
            if isinstance(node, dict):
                prov = node.get("provenance")
                if isinstance(prov, dict) and prov.get("status") in QUALITY_STATUSES:
                    found.append(QualityEntry(
                        status=str(prov["status"]), name=_entry_name(node, pointer, record_name),
                        note=str(prov.get("note") or ""), source_path=source_path,
                        line=record.doc.at(pointer)[0], pointer=pointer, file_name=record_name,
                        url=page_for(pointer),
                    ))
                for key, child in node.items():
                    if key != "provenance":
                        visit(child, f"{pointer}/{key}")
            elif isinstance(node, list):
                for index, child in enumerate(node):
                    visit(child, f"{pointer}/{index}")

        visit(record.data, "")
        item_names = {i.pointer: i.name for i in items.values() if i.source_path == source_path}
        for entry in found:
            if entry.source_path == source_path and entry.pointer in item_names:
                entry.name = item_names[entry.pointer]
    return found


def render_data_quality(renderer, game: Game) -> list:
    """<game>/data-quality/: every uncertain and adapted record, grouped by status, file and note."""
    ui = ui_strings(game)
    path = f"{game.id}/data-quality.md"
    href = _href(path)
    entries = quality_entries(game)
    repo = renderer.repository
    sections = []
    for status in QUALITY_STATUSES:
        files: list[dict] = []
        for entry in (e for e in entries if e.status == status):
            if not files or files[-1]["source_path"] != entry.source_path:
                files.append({"source_path": entry.source_path, "name": entry.file_name,
                              "fix": repo.blob(entry.source_path, 1), "notes": []})
            notes = files[-1]["notes"]
            if not notes or notes[-1]["note"] != entry.note:
                notes.append({"note": entry.note, "records": []})
            notes[-1]["records"].append({
                "name": entry.name, "href": href(entry.url) if entry.url else None,
                "fix": repo.blob(entry.source_path, entry.line), "line": entry.line,
            })
        count = sum(len(n["records"]) for f in files for n in f["notes"])
        sections.append({"status": status, "title": ui[f"dq_{status}"], "files": files, "count": count})
    page = renderer.write(path, "data-quality.md.j2", ui["data_quality"], game=game, ui=ui,
                          sections=sections, total=len(entries))
    return [{ui["data_quality"]: page.path}]

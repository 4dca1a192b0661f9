"""Card galleries: which records are drawn as cards, in which gallery, with which filterable fields.

`site_src/galleries.yaml` says it per game (see the comment at its top); this module reads it and the
checked content and yields the galleries and their items (API in docs-dev/CONTRACTS.md):

    galleries(content) -> list[Gallery]      # every game, games by id, galleries in config order
    Gallery(game, id, title, description, items, filters, ...)
    Item(game, gallery, id, name, url, fields, text, data, source_path, source_line, ...)

Plain data only: pages are drawn by gallery_pages.py, the search index by search_index.py.
"""

from __future__ import annotations

import contextlib
import fnmatch
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..model import yamlpos
from ..model.content import Content, Game, Record, source_order
from ..resources import GALLERIES
from ..text import markdown_plain
from ..text.slugs import slug
from ..text.words import label
from . import card_faces, icons

CONFIG = GALLERIES
GALLERY_KEYS = {
    "id", "title", "description", "records", "exclude", "where", "url", "name", "fields", "filters",
    "group", "colors", "badges", "texts", "summary", "names", "labels", "element",
}
BADGE_KEYS = {"field", "label", "empty", "values"}
TEXT_KEYS = {"field", "label"}
COLORS = {"red", "yellow", "blue", "green", "purple", "orange", "teal", "grey"}
TEXT_SKIP = {"id", "provenance", "steps", "rule", "effect_id", "cites", "values"}
Scalar = str | int | bool | None


class GalleryConfigError(ValueError):
    """galleries.yaml is malformed, or its galleries clash (same item id or page twice)."""


@dataclass
class Item:
    game: str
    gallery: str
    id: str  # unique within the game
    name: str
    url: str  # the item's own page, relative to the site root
    fields: dict[str, Scalar]  # filterable values (type, cost, element, move, bam, villain, status, ...)
    text: str  # plain text of every text field, for search
    data: dict  # the item as written in YAML
    source_path: str  # "content/<game>/..." (relative to the repository root)
    source_line: int
    # beyond the contract: where it is and what it belongs to
    pointer: str = ""  # JSON pointer of the item in its file ("" = the whole file)
    record_kind: str = ""  # the kind folder of its file ("game" for game.yaml)
    record_id: str = ""  # its file's stem (villain, deck, list)
    record_name: str = ""  # its file's name or title
    provenance: dict = field(default_factory=dict)  # its own, or the nearest enclosing one
    inherited: bool = False  # True when the provenance is its file's (or a parent's), not its own
    color: str | None = None  # colour name for the card (element colour or the gallery's colours)
    element: dict | None = None  # {id, name, color} from game.yaml when the item has an element
    # what the gallery's `badges` and `texts` draw on the card face (plain data; see galleries.yaml):
    # badges: [{field, key, label, empty, marks: [{value, label, color}]}]; texts: [{field, key, label, text}]
    badges: list[dict] = field(default_factory=list)
    texts: list[dict] = field(default_factory=list)
    summary: str | None = None  # the gallery's `summary` (render/card_faces.py): what else its card draws
    # item keys whose values are ours, not the source's, and so not shown (see `adapted_keys`)
    adapted: frozenset[str] = frozenset()

    @property
    def status(self) -> str:
        return str(self.provenance.get("status") or "transcribed")


@dataclass
class Gallery:
    game: str
    id: str
    title: str
    description: str
    items: list[Item]
    filters: list[str]
    # beyond the contract
    url: str = ""  # the gallery page, relative to the site root
    path: str = ""  # its Markdown file under docs/
    base: str = ""  # the folder of its item pages under <game>/
    group: str | None = None  # the field it is grouped by
    kinds: tuple[str, ...] = ()  # kind folders whose files are its items, whole (bugs/*)
    config: dict = field(default_factory=dict)


# ---------------------------------------------------------------- config


_LOADED: dict[tuple[str, int], dict] = {}


def load_config(path: Path = CONFIG) -> dict[str, list[dict]]:
    """galleries.yaml as {game: [gallery config, ...]}, checked for shape (read once per version)."""
    key = (str(path), path.stat().st_mtime_ns)
    if key not in _LOADED:
        _LOADED.clear()
        _LOADED[key] = _load_config(path)
    return _LOADED[key]


def _load_config(path: Path) -> dict[str, list[dict]]:
    where = path.name
    # the loader content goes through: safe, and bounded against alias bombs, with positions
    doc, problems = yamlpos.load(path.read_text(encoding="utf-8"), where)
    if problems or doc is None:
        raise GalleryConfigError("; ".join(f"{where}:{p.line}:{p.col}: {p.message}" for p in problems))
    data = doc.data or {}
    if not isinstance(data, dict):
        raise GalleryConfigError(f"{where}: expected a mapping of game ids to lists of galleries")
    for game, entries in data.items():
        if not isinstance(entries, list):
            raise GalleryConfigError(f"{where}: {game}: expected a list of galleries")
        seen = set()
        for index, entry in enumerate(entries):
            at = f"{where}: {game}[{index}]"
            if not isinstance(entry, dict):
                raise GalleryConfigError(f"{at}: expected a mapping")
            unknown = set(entry) - GALLERY_KEYS
            if unknown:
                raise GalleryConfigError(
                    f"{at}: unknown keys {sorted(unknown)} (expected {sorted(GALLERY_KEYS)})"
                )
            for key in ("id", "title", "records"):
                if not isinstance(entry.get(key), str) or not entry[key]:
                    raise GalleryConfigError(f"{at}: `{key}` must be a non-empty string")
            if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", entry["id"]):
                raise GalleryConfigError(f"{at}: id {entry['id']!r} must be a lower-case slug")
            if entry["id"] == "cards":
                raise GalleryConfigError(
                    f"{at}: the gallery id 'cards' is reserved (<game>/cards/ lists the galleries)"
                )
            if entry["id"] in seen:
                raise GalleryConfigError(f"{at}: gallery id {entry['id']!r} used twice")
            seen.add(entry["id"])
            fields = entry.get("fields") or {}
            if not isinstance(fields, dict):
                raise GalleryConfigError(f"{at}: `fields` must map field names to paths")
            known = set(fields) | {"status"}
            for name in entry.get("filters") or []:
                if name not in known:
                    raise GalleryConfigError(
                        f"{at}: filter {name!r} is not one of its fields {sorted(known)}"
                    )
            for key in ("group", "element"):
                if entry.get(key) and entry[key] not in known:
                    raise GalleryConfigError(f"{at}: {key} {entry[key]!r} is not one of its fields")
            colors = entry.get("colors")
            if colors is not None:
                if not isinstance(colors, dict) or set(colors) != {"field", "map"}:
                    raise GalleryConfigError(f"{at}: `colors` must be {{field: ..., map: {{value: colour}}}}")
                bad = {str(c) for c in colors["map"].values()} - COLORS
                if bad:
                    raise GalleryConfigError(
                        f"{at}: unknown colours {sorted(bad)} (expected {sorted(COLORS)})"
                    )
            _check_face(at, entry)
            _check_extras(at, entry, known)
    return data


def _check_extras(at: str, entry: dict, known: set) -> None:
    """`summary`: a card_faces summary; `names` maps fields to record kinds, `labels` to filter titles."""
    summary = entry.get("summary")
    if summary is not None and summary not in card_faces.SUMMARIES:
        raise GalleryConfigError(
            f"{at}: unknown summary {summary!r} (expected one of {sorted(card_faces.SUMMARIES)})"
        )
    for key, what in (("names", "record kinds"), ("labels", "filter titles")):
        value = entry.get(key)
        if value is None:
            continue
        if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
            raise GalleryConfigError(f"{at}: `{key}` must map field names to {what}")
        unknown = set(value) - known
        if unknown:
            raise GalleryConfigError(f"{at}: `{key}` names fields {sorted(unknown)} it does not have")


def _check_face(at: str, entry: dict) -> None:
    """`badges` and `texts`: lists of {field, label, ...}; badge values map to {label, color}."""
    for key, allowed in (("badges", BADGE_KEYS), ("texts", TEXT_KEYS)):
        rows = entry.get(key)
        if rows is None:
            continue
        if not isinstance(rows, list):
            raise GalleryConfigError(f"{at}: `{key}` must be a list of {{field: ..., label: ...}}")
        for i, row in enumerate(rows):
            where = f"{at}: {key}[{i}]"
            if not isinstance(row, dict) or not isinstance(row.get("field"), str) or not row["field"]:
                raise GalleryConfigError(f"{where}: needs a `field` (a dotted path into the item)")
            unknown = set(row) - allowed
            if unknown:
                raise GalleryConfigError(
                    f"{where}: unknown keys {sorted(unknown)} (expected {sorted(allowed)})"
                )
            for name in ("label", "empty"):
                if name in row and not isinstance(row[name], str):
                    raise GalleryConfigError(f"{where}: `{name}` must be a string")
            values = row.get("values") or {}
            if not isinstance(values, dict) or not all(
                isinstance(v, dict) and set(v) <= {"label", "color", "icon"} for v in values.values()
            ):
                raise GalleryConfigError(
                    f"{where}: `values` must map values to {{label: ..., color: ..., icon: ...}}")
            unknown_icons = {str(v["icon"]) for v in values.values() if "icon" in v} - icons.NAMES
            if unknown_icons:
                raise GalleryConfigError(
                    f"{where}: unknown icons {sorted(unknown_icons)} (expected {sorted(icons.NAMES)})")
            bad = {str(v["color"]) for v in values.values() if "color" in v} - COLORS
            if bad:
                raise GalleryConfigError(
                    f"{where}: unknown colours {sorted(bad)} (expected {sorted(COLORS)})"
                )


def _face(conf: dict, data: dict, record: Record) -> tuple[list[dict], list[dict]]:
    """The item's badge rows and extra texts, as the gallery's `badges` and `texts` name them."""
    badges = []
    for row in conf.get("badges") or []:
        value = _lookup(row["field"], data, record)
        if value is None:
            continue
        values = row.get("values") or {}
        marks = []
        for one in value if isinstance(value, list) else [value]:
            # a mapping (a weapon, an ability) is marked by its name
            named = isinstance(one, dict) and isinstance(one.get("name"), str)
            word = one["name"] if named else scalar(one)
            if word is None:
                continue
            known = values.get(word if isinstance(word, str) else str(word)) or {}
            shown = known.get("label") or (word if named else label(word))  # a name is shown as written
            marks.append({"value": str(word), "label": str(shown),
                          "color": known.get("color"), "icon": known.get("icon")})
        badges.append({"field": row["field"], "key": row["field"].lstrip("^").split(".")[0],
                       "label": str(row.get("label") or label(row["field"].split(".")[-1])),
                       "empty": str(row.get("empty") or ""), "marks": marks})
    texts = []
    for row in conf.get("texts") or []:
        value = scalar(_lookup(row["field"], data, record))
        if value is None or value == "":
            continue
        texts.append({"field": row["field"], "key": row["field"].lstrip("^").split(".")[0],
                      "label": str(row.get("label") or ""), "text": str(value)})
    return badges, texts


# ---------------------------------------------------------------- paths into records


def _split(pattern: str) -> tuple[str, str, list[str]]:
    """'villains/*/master_plan/cards' -> ('villains', '*', ['master_plan', 'cards']); game/x -> game.yaml."""
    parts = [p for p in pattern.strip("/").split("/") if p]
    if not parts:
        raise GalleryConfigError(f"empty records pattern {pattern!r}")
    if parts[0] == "game":
        return "game", "game", parts[1:]
    if len(parts) < 2:
        raise GalleryConfigError(f"records pattern {pattern!r} needs <kind>/<file glob>[/<path>]")
    return parts[0], parts[1], parts[2:]


def _records(game: Game, kind: str, glob: str) -> list[Record]:
    if kind == "game":
        return [game.game] if game.game else []
    found = [r for stem, r in game.records(kind).items() if fnmatch.fnmatchcase(stem, glob)]
    return sorted(found, key=source_order)


def _resolve(game: Game, pattern: str) -> list[tuple[Record, str, dict]]:
    """(file record, JSON pointer, item data) for every item the pattern names, in source order."""
    kind, glob, keys = _split(pattern)
    found = []
    for record in _records(game, kind, glob):
        value: object = record.data
        pointer = ""
        for key in keys:
            value = value.get(key) if isinstance(value, dict) else None
            pointer += "/" + key
        if isinstance(value, list):
            found += [(record, f"{pointer}/{i}", v) for i, v in enumerate(value) if isinstance(v, dict)]
        elif isinstance(value, dict):
            found.append((record, pointer, value))
    return found


def get_path(data: object, path: str) -> object:
    """A dotted path into nested mappings ('cost.printed'); None when any step is missing."""
    value = data
    for key in path.split("."):
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return value


def scalar(value: object) -> Scalar:
    """A field value as a filterable scalar: mappings give their printed words, lists are joined."""
    if isinstance(value, dict):
        for key in ("printed", "text", "name", "title", "id"):
            if isinstance(value.get(key), (str, int)):
                return value[key]
        return None
    if isinstance(value, list):
        return ", ".join(str(scalar(v)) for v in value if scalar(v) is not None) or None
    if isinstance(value, float):
        return int(value) if value.is_integer() else str(value)
    return value if isinstance(value, (str, int, bool)) or value is None else str(value)


def _lookup(spec: str, data: dict, record: Record) -> object:
    if spec.startswith("^"):
        return get_path(record.data, spec[1:]) if spec[1:] != "stem" else record.file.stem
    return get_path(data, spec)


_PLACEHOLDER = re.compile(r"\{(\^?[A-Za-z0-9_.]+)\}")


def _format(template: str, data: dict, record: Record) -> str:
    def one(match: re.Match) -> str:
        value = scalar(_lookup(match.group(1), data, record))
        return "" if value is None else str(value)

    return " ".join(_PLACEHOLDER.sub(one, template).split())


_IDENTIFIER = re.compile(r"[a-z0-9]+([-_][a-z0-9]+)*")  # ids and enum values (fire, reaction-point)


def plain_text(value: object, skip: frozenset = frozenset(TEXT_SKIP)) -> str:
    """Every string in a record (Markdown markup removed), in order, each once, for search."""
    out: list[str] = []

    def visit(v: object) -> None:
        if isinstance(v, dict):
            for key, child in v.items():
                if key not in skip:
                    visit(child)
        elif isinstance(v, list):
            for child in v:
                visit(child)
        elif isinstance(v, str) and v.strip() and not _IDENTIFIER.fullmatch(v):
            text = markdown_plain.plain(v)
            if not any(text in seen for seen in out):
                out[:] = [seen for seen in out if seen not in text]
                out.append(text)

    visit(value)
    return " ".join(out)


def _provenance(record: Record, pointer: str, data: dict) -> tuple[dict, bool]:
    """The item's provenance, or the nearest one above it in its file (inherited=True)."""
    if isinstance(data.get("provenance"), dict):
        return data["provenance"], False
    parts = [p for p in pointer.split("/") if p]
    while parts:
        parts.pop()
        node: object = record.data
        for part in parts:
            node = node[int(part)] if isinstance(node, list) else node.get(part)
        if isinstance(node, dict) and isinstance(node.get("provenance"), dict):
            return node["provenance"], True
    return {}, True


def adapted_keys(record: Record) -> frozenset[str]:
    """Keys of the items of a file whose values no source gives: the file says so with a mapping of
    that name holding an adapted provenance (`copies: {provenance: {status: adapted, ...}}` in a deck
    whose copy counts are ours). Such a value is what the engine uses; the site does not show it on the
    card, the card's page or in the search index, where it would read as printed."""
    return frozenset(
        key for key, value in record.data.items()
        if isinstance(value, dict) and isinstance(value.get("provenance"), dict)
        and value["provenance"].get("status") == "adapted"
    )


# ---------------------------------------------------------------- galleries


def _gallery(game: Game, conf: dict) -> Gallery | None:
    found = _resolve(game, conf["records"])
    excluded = {(r.rel, p) for pattern in conf.get("exclude") or [] for r, p, _ in _resolve(game, pattern)}
    where = conf.get("where") or {}
    elements = {e.get("id"): e for e in game.meta.get("elements") or [] if isinstance(e, dict)}
    fields_conf: dict = conf.get("fields") or {}
    colors = conf.get("colors") or {}
    gallery_id = conf["id"]
    base = conf.get("url") or gallery_id
    items = []
    for record, pointer, data in found:
        if (record.rel, pointer) in excluded:
            continue
        if any(data.get(k) not in (v if isinstance(v, list) else [v]) for k, v in where.items()):
            continue
        name = _format(conf.get("name") or "{name}", data, record)
        if not name:  # display_name: how the site names an item printed without a name, saying so
            name = str(data.get("display_name") or data.get("title") or data.get("term")
                       or label(data.get("id") or record.file.stem))
        if isinstance(data.get("id"), str):
            item_id = data["id"]
        elif not pointer:
            item_id = record.file.stem
        else:
            item_id = slug(name)
        provenance, inherited = _provenance(record, pointer, data)
        fields: dict[str, Scalar] = {}
        defaults = card_faces.defaults(conf.get("summary"), data)  # what an absent value means
        for key, spec in fields_conf.items():
            fields[key] = scalar(_lookup(str(spec), data, record))
            if fields[key] is None and spec in defaults:
                fields[key] = defaults[spec]
        adapted = adapted_keys(record)
        for key in [k for k, spec in fields_conf.items() if str(spec) in adapted]:
            del fields[key]  # not a filter or a search field either
        fields["status"] = str(provenance.get("status") or "transcribed")
        element = None
        element_field = conf.get("element") or "element"
        if element_field in fields and fields[element_field] in elements:
            element = elements[fields[element_field]]
        color = str(element.get("color")) if element and element.get("color") else None
        if color is None and colors:
            key = colors["field"]
            value = fields[key] if key in fields else scalar(_lookup(key, data, record))
            if isinstance(value, bool):
                value = "yes" if value else "no"
            color = colors["map"].get(value)
        kind = "game" if record is game.game else record.file.kind
        badges, texts = _face(conf, data, record)
        items.append(
            Item(
                game=game.id,
                gallery=gallery_id,
                id=item_id,
                name=name,
                url=f"{game.id}/{base}/{item_id}/",
                fields=fields,
                text=plain_text(data),
                data=data,
                source_path=f"content/{record.rel}",
                source_line=record.doc.at(pointer)[0],
                pointer=pointer,
                record_kind=kind,
                record_id=record.file.stem,
                record_name=str(record.data.get("name") or record.data.get("title") or record.file.stem),
                provenance=provenance,
                inherited=inherited,
                color=color,
                element=element,
                badges=badges,
                texts=texts,
                summary=conf.get("summary"),
                adapted=adapted,
            )
        )
    if not items:
        return None
    description = conf.get("description")
    kind, glob, keys = _split(conf["records"])
    if description is None and kind != "game" and not any(c in glob for c in "*?[") and keys:
        deck = game.records(kind).get(glob)
        description = deck.data.get("description") if deck else None
    whole = (kind,) if not keys and glob == "*" and kind != "game" and not conf.get("exclude") \
        and not where else ()
    path = f"{game.id}/{base}/index.md" if base == gallery_id else f"{game.id}/{base}/{gallery_id}.md"
    url = f"{game.id}/{base}/" if base == gallery_id else f"{game.id}/{base}/{gallery_id}/"
    return Gallery(
        game=game.id,
        id=gallery_id,
        title=conf["title"],
        description=str(description or ""),
        items=items,
        filters=list(conf.get("filters") or []),
        url=url,
        path=path,
        base=base,
        group=conf.get("group"),
        kinds=whole,
        config=conf,
    )


_REMEMBERED: dict | None = None  # game_galleries' answers while `remembered()` is open


@contextlib.contextmanager
def remembered() -> Iterator[None]:
    """While the block runs, game_galleries answers again from memory for the same game and config objects:
    for one render of content that does not change meanwhile, which asks for a game's galleries 5 times
    (0.3 CPU-s a build). Callers read the galleries and never change them."""
    global _REMEMBERED
    before, _REMEMBERED = _REMEMBERED, {}
    try:
        yield
    finally:
        _REMEMBERED = before


def game_galleries(game: Game, config: dict | None = None) -> list[Gallery]:
    """The galleries of one game, in config order; raises GalleryConfigError on clashes."""
    config = load_config() if config is None else config
    if _REMEMBERED is not None:
        key = (id(game), id(config))
        if key not in _REMEMBERED:  # the objects are kept with the answer, so their ids stay theirs
            _REMEMBERED[key] = (game, config, _game_galleries(game, config))
        return _REMEMBERED[key][2]
    return _game_galleries(game, config)


def _game_galleries(game: Game, config: dict) -> list[Gallery]:
    found = [g for g in (_gallery(game, conf) for conf in config.get(game.id) or []) if g]
    ids: dict[str, str] = {}
    pages = {g.url: g.id for g in found}
    for gallery in found:
        for item in gallery.items:
            if item.id in ids:
                raise GalleryConfigError(
                    f"{item.source_path}:{item.source_line}: item id {item.id!r} of gallery {gallery.id!r} "
                    f"is already used in gallery {ids[item.id]!r} of {game.id} (ids are unique in a game)"
                )
            ids[item.id] = gallery.id
            if item.url in pages:
                raise GalleryConfigError(
                    f"{item.source_path}:{item.source_line}: item {item.id!r} would have the same page "
                    f"as gallery {pages[item.url]!r} ({item.url})"
                )
    return found


def galleries(content: Content, config: dict | None = None) -> list[Gallery]:
    """Every game's galleries (games by id, galleries in galleries.yaml order, items in source order)."""
    config = load_config() if config is None else config
    found: list[Gallery] = []
    for game_id in sorted(content.games):
        found += game_galleries(content.games[game_id], config)
    return found


def items(content: Content) -> list[Item]:
    """Every item of every gallery."""
    return [item for gallery in galleries(content) for item in gallery.items]

"""Field-filter search: the compiled index, its query language, and its two pages.

The site search (mkdocs-material's lunr) finds words in every page. Queries that hold a field
filter (`game:mvm element:fire`, `villain:klaw move>=3`) are answered instead from a small
index of the catalog, `assets/data/search-index.json`: one entry per game, gallery item
(`site_src.render.gallery.galleries`), scenario, other record (villain, BUGBUSTER, ...) and glossary
term, in source order:

    {"game": "mechs-vs-minions", "kind": "card", "gallery": "command-cards", "id": "blaze",
     "name": "Blaze", "url": "mechs-vs-minions/cards/blaze/", "fields": {...}, "text": "..."}

The query language is implemented twice, with the same structure and the same messages: here
(for the help page's example counts and the tests) and in `assets/search/query.js` (for the
browser); tests/test_search.py runs both on the same queries and compares.

Query syntax (Scryfall-like), documented on the generated page `search-help/`:
words and "quoted phrases" match a record's name and text; `field:value` (contains),
`field=value`, `field!=value`, and `<`, `<=`, `>`, `>=` on numbers; `-` negates a term;
terms are ANDed; `or` and parentheses group. `game:` takes a game's id, title or short title.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from ..compile.playable import PLAYED_KINDS, playable_records, playable_scenarios
from ..model.content import Content, Game, source_order
from ..model.layout import kind_schema
from ..text.markdown_plain import plain
from . import gallery as gallery_mod
from . import labels

INDEX_PATH = "assets/data/search-index.json"
QUERY_PARAM = "query"  # card-search/?query=...; mkdocs-material opens its search box on ?q=
TEXT_LIMIT = 600  # characters of a record's text kept in the index (lunr has the whole text)
SHORT_VALUE = 40  # a top-level string field this short (one line) becomes a filterable field

# Scryfall-style short names for fields.
FIELD_ALIASES = {
    "g": "game",
    "k": "kind",
    "t": "type",
    "o": "text",
    "oracle": "text",
    "n": "name",
    "e": "element",
    "v": "villain",
    "s": "status",
}
# Fields every entry has, outside `fields`.
BUILTIN_FIELDS = ("game", "kind", "gallery", "id", "name", "text", "is")
TRUE_WORDS = ("yes", "y", "true", "1", "on", "si")  # "si": a Spanish reader's "sí", folded
FALSE_WORDS = ("no", "n", "false", "0", "off")
OPERATORS = ("!=", "<=", ">=", ":", "=", "<", ">")
NUMERIC_OPERATORS = ("<", "<=", ">", ">=")

# Examples on the help page: (query, what it finds). Shown only when they match something in
# the current content; tests/test_search.py checks that every one does for content/.
EXAMPLES = [
    ("game:mvm element:fire", "Mechs vs. Minions cards of the Fire element"),
    ("villain:klaw move>=3", "Klaw's Master Plan cards that move him 3 or more Locations"),
    ("villain:klaw -bam:yes", "Klaw's cards without the BAM! icon"),
    ("bam:yes move=0", "Master Plan cards with BAM! that do not move the Villain"),
    ("type:trick", "POWERUP cards of type trick (POW! and BUG cards)"),
    ("type:special cost:free", "special cards that cost nothing"),
    ("game:powerup is:uncertain", "POWERUP records the source itself flags as uncertain"),
    ("kind:scenario players>=5", "scenarios that can be played by 5 or more players"),
    ("kind:term damage", "glossary terms whose name or definition says “damage”"),
    ('"each hero"', "any record whose text says “each hero”"),
    ("(element:fire or element:electric) kind:card", "Fire or Electric cards"),
    ("game:tcg kind:term", "the Spanish TCG's glossary terms"),
]
# The examples of the pages in another language (a game's own project: write), in its words.
LANGUAGE_EXAMPLES = {
    "es": [
        ("game:tcg tipo:amigo coste<=2 elemento:fuego", "los Amigos de Fuego de coste 2 o menos"),
        ("game:tcg nivel:3", "los Héroes de Nivel 3"),
        ("game:tcg tipo:ayuda", "las Ayudas"),
        ("game:tcg tipo:objeto", "los Objetos"),
        ("game:tcg ataque>=3 elemento:agua", "los Amigos de Agua con Ataque 3 o más"),
        ("(elemento:fuego or elemento:tierra) tipo:amigo", "los Amigos de Fuego o de Tierra"),
        ("game:tcg is:adapted", "lo que no está en la fuente y se añadió para poder jugar"),
        ("game:tcg kind:term", "los términos del glosario del TCG de héroes"),
        ('"Kabudo Bo"', "todo registro cuyo texto dice «Kabudo Bo»"),
    ],
}


def examples_of(language: str) -> list[tuple[str, str]]:
    return EXAMPLES if language == labels.SITE_LANGUAGE else LANGUAGE_EXAMPLES.get(language, [])


def page_names(language: str) -> tuple[str, str]:
    """The file names of the Card search and Search syntax pages in `language` (the site's at its root;
    a game's in another language in its folder, its own mkdocs project: publish/projects.py)."""
    words = labels.for_language(language)
    return f"{words['cs_slug']}.md", f"{words['sh_slug']}.md"

_KIND_NAMES = {"cards": "deck"}  # folder -> entry kind (default: its schema's name, layout.kind_schema)
_SKIP_RECORD_KINDS = {"cards", "tiles"}  # decks are galleries; tiles are drawn on scenario pages
_SKIP_FIELDS = {"id", "name", "title", "heading", "term", "order", "provenance", "rule", "deck"}
_SKIP_TEXT_KEYS = {"provenance", "id", "rule", "cites", "steps", "icon", "kind"}


# ---------------------------------------------------------------- building the index


def kind_name(folder: str) -> str:
    return _KIND_NAMES.get(folder, kind_schema(folder))


def clip(text: str, limit: int | None = None) -> str:
    limit = limit or TEXT_LIMIT
    if len(text) <= limit:
        return text
    cut = text[:limit]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip(" ,;:") + "…"


def _strings(value, key: str = "") -> Iterable[str]:
    """Every string in a record, in the record's order (provenance and ids left out)."""
    if key in _SKIP_TEXT_KEYS:
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(v, str(k))
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v, key)


_SLUG = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+)*$")


def record_text(data: dict, skip: Iterable[str] = ()) -> str:
    """A record's words in its order: every string but its name, ids and enum values
    (lower-case slugs like `fire`, `reaction-point`), each once."""
    skip = set(skip) | {"name", "title", "heading", "term"}
    parts: list[str] = []
    for k, v in data.items():
        if k in skip:
            continue
        for s in _strings(v, str(k)):
            text = plain(s)
            if text and not _SLUG.match(text) and not any(text in p for p in parts):
                parts.append(text)
    return clip(" ".join(parts))


def _status(data: dict) -> str | None:
    prov = data.get("provenance")
    status = prov.get("status") if isinstance(prov, dict) else None
    return status if isinstance(status, str) else None


def record_fields(data: dict) -> dict:
    """Filterable fields of a record: its short scalar top-level fields, `{min, max}` ranges
    (as [min, max]), and `status` (its provenance status)."""
    fields: dict = {}
    for key, value in data.items():
        if key in _SKIP_FIELDS:
            continue
        if isinstance(value, bool) or (isinstance(value, int) and not isinstance(value, bool)):
            fields[key] = value
        elif isinstance(value, str) and len(value) <= SHORT_VALUE and "\n" not in value:
            fields[key] = value
        elif isinstance(value, dict) and set(value) == {"min", "max"}:
            low, high = value["min"], value["max"]
            if all(isinstance(v, int) and not isinstance(v, bool) for v in (low, high)):
                fields[key] = [low, high]
    status = _status(data)
    if status:
        fields["status"] = status
    return fields


def game_aliases(game: Game) -> list[str]:
    """What `game:` accepts for a game: its id, short title and title."""
    names = [game.id, game.meta.get("short_title"), game.meta.get("title")]
    return [str(n) for n in names if n]


def _entry(game: str, kind: str, id_: str, name: str, url: str, fields: dict, text: str,
           gallery: str | None = None, faces: dict | None = None, aliases: list[str] | None = None) -> dict:
    """`faces`: a game's gallery pages by gallery id, where assets/search/search.js finds the card of an
    entry with a `gallery` (its anchor is the entry's id) to show beside a field filter's results;
    `aliases`: other names of a glossary term (assets/search/names.js: a query that is one of them names
    the term)."""
    entry = {"game": game, "kind": kind}
    if gallery:
        entry["gallery"] = gallery
    entry.update(id=id_, name=name, url=url,
                 fields={k: v for k, v in fields.items() if v is not None}, text=text)
    if faces:
        entry["faces"] = faces
    if aliases:
        entry["aliases"] = aliases
    return entry


class SearchIndexError(LookupError):
    """A record the index would point to has no page."""


def build(content: Content, galleries: list | None = None, pages: set[str] | None = None) -> list[dict]:
    """The index entries for `content`, game by game. `galleries` defaults to
    `gallery.galleries(content)`; with `pages` (the URLs of the pages written), a record whose page
    was not written is an error, never an entry that leads nowhere."""
    if galleries is None:
        galleries = gallery_mod.galleries(content)
    by_game: dict[str, list] = {}
    for gal in galleries:
        by_game.setdefault(gal.game, []).append(gal)
    out: list[dict] = []
    for game_id in sorted(content.games):
        game = content.games[game_id]
        meta = game.meta
        out.append(_entry(game_id, "game", game_id, game.title, f"{game_id}/",
                          {"short_title": meta.get("short_title"), **record_fields(meta)},
                          clip(plain(meta.get("summary"))),
                          faces={gal.id: gal.url for gal in by_game.get(game_id, [])}))
        # records that have a page of their own: url -> kind
        record_urls: dict[str, tuple[str, dict]] = {}
        for folder in sorted(game.kinds):
            if folder in _SKIP_RECORD_KINDS:
                continue
            for record in sorted(game.kinds[folder].values(), key=source_order):
                record_urls[f"{game_id}/{folder}/{record.file.stem}/"] = (kind_name(folder), record)
        seen: set[str] = set()
        for gal in by_game.get(game_id, []):
            whole = bool(gal.kinds)  # each item is a whole file (a BUG sheet)
            for item in gal.items:
                folder = item.record_kind
                if whole and folder:
                    kind = kind_name(folder)
                    seen.add(f"{game_id}/{folder}/{item.record_id}/")
                else:
                    kind = record_urls[item.url][0] if item.url in record_urls else "card"
                data = item.data if isinstance(item.data, dict) else {}
                fields = {**(record_fields(data) if whole else {}), **item.fields}
                if "status" not in fields and _status(data):
                    fields["status"] = _status(data)
                text = record_text(data) or clip(plain(item.text))
                out.append(_entry(game_id, kind, item.id, item.name, item.url, fields, text,
                                  gallery=gal.id))
                seen.add(item.url)
        offered = playable_scenarios(game)
        for record in game.sorted_scenarios():
            data = record.data
            url = f"{game_id}/scenarios/{record.file.stem}/"
            fields = record_fields(data)
            fields["playable"] = record.file.stem in offered
            out.append(_entry(game_id, "scenario", record.file.stem,
                              str(data.get("title") or data.get("name") or record.file.stem), url,
                              fields, record_text(data, skip=("play", "mission"))))
            seen.add(url)
        played = {f"{game_id}/{folder}/{stem}/" for folder in PLAYED_KINDS
                  for stem in playable_records(game, folder)}  # Marvel United's villains
        for url, (kind, record) in record_urls.items():
            if url in seen or kind == "scenario":
                continue
            if pages is not None and url not in pages:
                raise SearchIndexError(f"{url}: the {kind} {record.rel} has no page to point the search to")
            data = record.data
            name = data.get("name") or data.get("title") or data.get("heading") or record.file.stem
            fields = record_fields(data)
            if url in played:
                fields["playable"] = True
            out.append(_entry(game_id, kind, record.file.stem, str(name), url, fields, record_text(data)))
        for term in game.terms:
            if not isinstance(term.get("id"), str):
                continue
            fields = {"status": _status(term)}
            if isinstance(term.get("parent"), str):
                fields["parent"] = term["parent"]
            text = plain(term.get("definition"))
            aliases = [str(a) for a in term.get("aliases") or []]
            if aliases:
                text += " Also written: " + ", ".join(aliases) + "."
            out.append(_entry(game_id, "term", term["id"], plain(term.get("term") or term["id"]),
                              f"{game_id}/glossary/#{term['id']}", fields, clip(text), aliases=aliases))
    return out


def dumps(entries: list[dict]) -> str:
    return json.dumps(entries, separators=(",", ":"), ensure_ascii=False)


# ---------------------------------------------------------------- the query language
# Mirrored by assets/search/query.js: keep the two in step (same names, same messages).


def fold(value: object) -> str:
    """Lower case, accents dropped, typographic quotes made plain, spaces collapsed."""
    text = str(value).replace("\u2019", "'").replace("\u2018", "'")
    text = text.replace("\u201c", '"').replace("\u201d", '"')
    text = unicodedata.normalize("NFD", text)
    text = "".join(ch for ch in text if not 0x300 <= ord(ch) <= 0x36F)
    return " ".join(text.lower().split())


def key(value: object) -> str:
    """A field value compared without spaces, hyphens or underscores (mole-man = Mole Man)."""
    return re.sub(r"[\s_-]+", "", fold(value))


_NUMBER = re.compile(r"^-?[0-9]+(?:\.[0-9]+)?$")
_LEADING_NUMBER = re.compile(r"^-?[0-9]+(?:\.[0-9]+)?")
_FIELD_TOKEN = re.compile(r"^([A-Za-z][A-Za-z0-9_]*)(!=|<=|>=|:|=|<|>)(.*)$", re.S)


def number(text: str) -> float | None:
    text = str(text).strip()
    return float(text) if _NUMBER.match(text) else None


def leading_number(text: str) -> float | None:
    """The number a field's text starts with ("2 reaction points" -> 2; "Free" -> 0)."""
    folded = fold(text)
    if folded == "free":
        return 0.0
    match = _LEADING_NUMBER.match(folded)
    return float(match.group(0)) if match else None


def truth(text: str) -> bool | None:
    folded = fold(text)
    if folded in TRUE_WORDS:
        return True
    if folded in FALSE_WORDS:
        return False
    return None


def _has_word_char(text: str) -> bool:
    return any(ch.isalnum() for ch in text)


def tokenize(query: str) -> list[dict]:
    """Tokens: lp, rp, neg, or, and, phrase {v}, word {v}, field {f, op, v}."""
    tokens: list[dict] = []
    i, n = 0, len(query)
    while i < n:
        c = query[i]
        if c.isspace():
            i += 1
        elif c == "(":
            tokens.append({"t": "lp"})
            i += 1
        elif c == ")":
            tokens.append({"t": "rp"})
            i += 1
        elif c == "-" and i + 1 < n and not query[i + 1].isspace() and query[i + 1] != ")":
            tokens.append({"t": "neg"})
            i += 1
        elif c == '"':
            end = query.find('"', i + 1)
            end = n if end < 0 else end
            tokens.append({"t": "phrase", "v": query[i + 1 : end]})
            i = end + 1
        else:
            j = i
            while j < n and not query[j].isspace() and query[j] not in '()"':
                j += 1
            word = query[i:j]
            i = j
            match = _FIELD_TOKEN.match(word)
            if match and not match.group(3) and i < n and query[i] == '"':
                end = query.find('"', i + 1)
                end = n if end < 0 else end
                tokens.append({"t": "field", "f": match.group(1).lower(), "op": match.group(2),
                               "v": query[i + 1 : end]})
                i = end + 1
            elif match and match.group(3):
                tokens.append({"t": "field", "f": match.group(1).lower(), "op": match.group(2),
                               "v": match.group(3)})
            elif word.lower() == "or":
                tokens.append({"t": "or"})
            elif word.lower() == "and":
                tokens.append({"t": "and"})
            else:
                tokens.append({"t": "word", "v": word})
    return tokens


@dataclass
class Schema:
    """What the index holds: field names with the types of their values, kinds, statuses,
    game aliases (key form -> game id)."""

    fields: dict[str, set[str]] = field(default_factory=dict)
    kinds: set[str] = field(default_factory=set)
    statuses: set[str] = field(default_factory=set)
    games: dict[str, str] = field(default_factory=dict)


def value_type(value) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, list):
        return "range"
    return "text"


def schema(entries: list[dict]) -> Schema:
    out = Schema()
    for entry in entries:
        out.kinds.add(key(entry["kind"]))
        for name, value in entry.get("fields", {}).items():
            out.fields.setdefault(name, set()).add(value_type(value))
        status = entry.get("fields", {}).get("status")
        if isinstance(status, str):
            out.statuses.add(key(status))
        if entry["kind"] == "game":
            for alias in (entry["id"], entry["name"], entry.get("fields", {}).get("short_title")):
                if alias:
                    out.games.setdefault(key(alias), entry["game"])
    return out


def warning(name: str, **values: str) -> dict:
    """A warning about a query term, as data: `{"w": name, **values}`. Its sentence is the page's
    (assets/labels.js `fs_warn_<name>`, in the page's language; assets/search/search.js writes it)."""
    return {"w": name, **values}


@dataclass
class Parsed:
    node: dict | None  # None: nothing to match on
    warnings: list[dict]  # warning(): what was ignored and why
    has_field: bool  # the query holds a field filter (the search box hands it to this search)


def parse(query: str, sch: Schema) -> Parsed:
    tokens = tokenize(query)
    warnings: list[dict] = []
    pos = 0

    def peek():
        return tokens[pos]["t"] if pos < len(tokens) else None

    def field_node(tok: dict) -> dict | None:
        name = FIELD_ALIASES.get(tok["f"], tok["f"])
        op, value = tok["op"], tok["v"]
        label = f"{tok['f']}{op}{value}"
        if name not in BUILTIN_FIELDS and name not in sch.fields:
            warnings.append(warning("unknown_field", field=tok["f"], term=label))
            return None
        if not value.strip():
            warnings.append(warning("no_value", term=label))
            return None
        types = sch.fields.get(name, {"text"})
        if name == "is":
            if op not in (":", "="):
                warnings.append(warning("is_colon", term=label))
                return None
            v = key(value)
            if not (v in sch.kinds or v in sch.statuses or "bool" in sch.fields.get(v, set())):
                warnings.append(warning("unknown_value", value=value, term=label))
                return None
        elif op in NUMERIC_OPERATORS and number(value) is None:
            warnings.append(warning("needs_number", op=op, term=label))
            return None
        elif types == {"bool"} and truth(value) is None:
            warnings.append(warning("yes_or_no", field=tok["f"], term=label))
            return None
        elif name == "game" and op != "!=" and not any(
            a == key(value) or (op == ":" and a.startswith(key(value))) for a in sch.games
        ):
            warnings.append(warning("unknown_game", value=value, term=label))
        return {"t": "field", "f": name, "op": op, "v": value}

    def unary(depth: int) -> dict | None:
        nonlocal pos
        tok = tokens[pos]
        pos += 1
        kind = tok["t"]
        if kind == "neg":
            if peek() in (None, "rp", "or", "and"):
                return None
            inner = unary(depth)
            return {"t": "not", "item": inner} if inner else None
        if kind == "lp":
            inner = or_expr(depth + 1)
            if peek() == "rp":
                pos += 1
            return inner
        if kind == "field":
            return field_node(tok)
        text = fold(tok["v"])
        if not _has_word_char(text):
            return None
        return {"t": "word", "v": text}

    def and_expr(depth: int) -> dict | None:
        nonlocal pos
        items = []
        while pos < len(tokens):
            kind = peek()
            if kind == "or":
                break
            if kind == "rp":
                if depth > 0:
                    break
                pos += 1  # a stray ")" at the top
                continue
            if kind == "and":
                pos += 1
                continue
            node = unary(depth)
            if node:
                items.append(node)
        return items[0] if len(items) == 1 else {"t": "and", "items": items} if items else None

    def or_expr(depth: int) -> dict | None:
        nonlocal pos
        items = []
        node = and_expr(depth)
        if node:
            items.append(node)
        while peek() == "or":
            pos += 1
            node = and_expr(depth)
            if node:
                items.append(node)
        return items[0] if len(items) == 1 else {"t": "or", "items": items} if items else None

    node = or_expr(0)
    has_field = any(t["t"] == "field" for t in tokens)
    return Parsed(node, warnings, has_field)


def _compare(value, op: str, query: str) -> bool:
    if value is None:
        return False
    if isinstance(value, list):
        q = number(query)
        if q is None or len(value) != 2:
            return False
        low, high = value
        return {
            ":": low <= q <= high, "=": low <= q <= high, "!=": not low <= q <= high,
            "<": low < q, "<=": low <= q, ">": high > q, ">=": high >= q,
        }[op]
    if isinstance(value, bool):
        q = truth(query)
        if q is None or op not in (":", "=", "!="):
            return False
        return (value == q) if op != "!=" else (value != q)
    if isinstance(value, (int, float)):
        q = number(query)
        if q is None:
            return False
        v = float(value)
    else:
        text = str(value)
        if op in NUMERIC_OPERATORS:
            v, q = leading_number(text), number(query)
            if v is None or q is None:
                return False
        elif op == ":":
            return key(query) in key(text)
        elif op == "=":
            return key(query) == key(text)
        else:
            return key(query) != key(text)
    return {":": v == q, "=": v == q, "!=": v != q, "<": v < q, "<=": v <= q,
            ">": v > q, ">=": v >= q}[op]


class Matcher:
    """Evaluates parsed queries over the index (folded names and texts computed once)."""

    def __init__(self, entries: list[dict]):
        self.entries = entries
        self.schema = schema(entries)
        self.hay = [fold(f"{e['name']} {e['text']}") for e in entries]
        self.aliases: dict[str, list[str]] = {}
        for alias, game in self.schema.games.items():
            self.aliases.setdefault(game, []).append(alias)

    def parse(self, query: str) -> Parsed:
        return parse(query, self.schema)

    def test(self, node: dict, index: int) -> bool:
        kind = node["t"]
        if kind == "and":
            return all(self.test(n, index) for n in node["items"])
        if kind == "or":
            return any(self.test(n, index) for n in node["items"])
        if kind == "not":
            return not self.test(node["item"], index)
        if kind == "word":
            return node["v"] in self.hay[index]
        return self.test_field(node, self.entries[index])

    def test_field(self, node: dict, entry: dict) -> bool:
        name, op, value = node["f"], node["op"], node["v"]
        if name == "game":
            aliases = self.aliases.get(entry["game"], [])
            q = key(value)
            hit = any(a == q or (op == ":" and a.startswith(q)) for a in aliases)
            return not hit if op == "!=" else hit if op in (":", "=") else False
        if name == "is":
            v = key(value)
            fields = entry.get("fields", {})
            return (key(entry["kind"]) == v or key(fields.get("status") or "") == v
                    or any(key(k) == v and f is True for k, f in fields.items()))
        if name == "text":
            if op == ":":
                return fold(value) in fold(entry.get("text", ""))
            return _compare(entry.get("text"), op, value)
        if name in ("kind", "gallery", "id", "name"):
            return _compare(entry.get(name), op, value)
        return _compare(entry.get("fields", {}).get(name), op, value)

    def search(self, query: str) -> tuple[list[dict], Parsed]:
        parsed = self.parse(query)
        if parsed.node is None:
            return [], parsed
        found = [e for i, e in enumerate(self.entries) if self.test(parsed.node, i)]
        return found, parsed


# ---------------------------------------------------------------- pages


def field_table(entries: list[dict]) -> list[dict]:
    """Per field: its name, types, some values, and where it appears (for the help page)."""
    rows: dict[str, dict] = {}
    for entry in entries:
        for name, value in entry.get("fields", {}).items():
            row = rows.setdefault(name, {"name": name, "types": set(), "values": {}, "kinds": set(),
                                         "games": set(), "count": 0})
            row["types"].add(value_type(value))
            row["kinds"].add(entry["kind"])
            row["games"].add(entry["game"])
            row["count"] += 1
            shown = "yes" if value is True else "no" if value is False else (
                f"{value[0]}–{value[1]}" if isinstance(value, list) else str(value))
            row["values"].setdefault(key(shown), shown)
    out = []
    for row in sorted(rows.values(), key=lambda r: (-r["count"], r["name"])):
        values = list(row["values"].values())
        out.append({
            "name": row["name"],
            "type": "/".join(sorted(row["types"])),
            "values": values[:8],
            "more": max(0, len(values) - 8),
            "kinds": sorted(row["kinds"]),
            "games": sorted(row["games"]),
            "count": row["count"],
            "aliases": sorted(a for a, f in FIELD_ALIASES.items() if f == row["name"]),
            # values that are ids (`fire`, `adapted`) are what a query types: shown as code
            "typed": all(re.fullmatch(r"[a-z0-9][a-z0-9-]*", v) for v in values),
        })
    return out


def write(content: Content, docs: Path, renderer, galleries: list | None = None) -> dict:
    """Write the index into docs/assets/data/, the Card search and Search syntax pages, and
    their nav entry; return figures (entries, bytes)."""
    entries = build(content, galleries, pages={page.url for page in renderer.pages})
    data = dumps(entries).encode("utf-8")
    target = docs / INDEX_PATH
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)
    matcher = Matcher(entries)
    games = [content.games[i] for i in sorted(content.games)]
    context = dict(games=[{"id": g.id, "title": g.title, "aliases": game_aliases(g)} for g in games],
                   entries=len(entries), field_aliases=FIELD_ALIASES, size=len(data), true_words=TRUE_WORDS,
                   false_words=FALSE_WORDS)
    # The site's two pages, and a pair of its own in each game's folder whose pages are in another language
    # (the game's own mkdocs project, whose theme speaks that language): the same templates, its words.
    for game in [None, *(g for g in games if g.primary_language != labels.SITE_LANGUAGE)]:
        language = game.primary_language if game else labels.SITE_LANGUAGE
        words, folder = labels.for_language(language), f"{game.id}/" if game else ""
        search_name, help_name = page_names(language)
        # a game's own pages list its records' kinds and fields (their values are in its language); the
        # site's list every game's
        scope = [e for e in entries if e["game"] == game.id] if game else entries
        kinds: dict[str, int] = {}
        for entry in scope:
            kinds[entry["kind"]] = kinds.get(entry["kind"], 0) + 1
        examples = []
        for query, description in examples_of(language):
            found, parsed = matcher.search(query)
            if found and not parsed.warnings:
                examples.append({"query": query, "description": description, "count": len(found),
                                 "link": f"{search_name}?{QUERY_PARAM}={quote(query, safe='')}"})
        site_help = "../" + page_names(labels.SITE_LANGUAGE)[1] if game else None
        names = dict(search_md=search_name, help_md=help_name, examples=examples, kinds=kinds,
                     fields=field_table(scope), site_help_md=site_help)
        search_page = renderer.write(folder + search_name, "card-search.md.j2", words["cs_title"],
                                     **names, **context)
        help_page = renderer.write(folder + help_name, "search-help.md.j2", words["sh_title"],
                                   **names, **context)
        entry = {words["search"]: [{words["cs_title"]: search_page.path},
                                   {words["sh_title"]: help_page.path}]}
        if game:
            (section,) = renderer.sections[game.id].values()
            section.append(entry)
        else:
            renderer.nav.append(entry)
    return {"entries": len(entries), "bytes": len(data)}

"""The loaded content/ tree: games, their records, and their rules pages.

Built by check.checker.check(); the accessors tolerate records that failed their
schema (cross-checks run on everything that could be parsed), but pages and
the catalog are only made from content without problems.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from markdown.extensions.toc import slugify as toc_slugify

from ..text import markdown_plain
from ..text.words import count
from .layout import ContentFile
from .yamlpos import Document

_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
_ATX = re.compile(r"^(#{1,6})[ \t]+(.*?)[ \t]*$")
_ATTRS = re.compile(r"\s*\{:?\s*([^}]*)\}\s*$")


def slugify(title: str) -> str:
    """The id Python-Markdown's toc extension gives a heading without {#id}."""
    return toc_slugify(markdown_plain.inline(title), "-")


@dataclass
class Record:
    """One YAML document (a file, or a rules page's front matter)."""

    file: ContentFile
    doc: Document

    @property
    def data(self) -> dict:
        return self.doc.data if isinstance(self.doc.data, dict) else {}

    @property
    def rel(self) -> str:
        return self.file.rel


@dataclass
class Heading:
    level: int
    title: str  # as written, without the {...} attributes
    id: str
    line: int
    col: int
    explicit: bool


def parse_headings(body: str, first_line: int) -> list[Heading]:
    """ATX headings of a Markdown body (outside fenced code), with their ids."""
    headings = []
    fence = None
    for number, line in enumerate(body.splitlines(), start=first_line):
        match = _FENCE.match(line)
        if match:
            marker = match.group(1)
            if fence is None:
                fence = marker[0] * len(marker)
            elif marker.startswith(fence):
                fence = None
            continue
        if fence is not None:
            continue
        match = _ATX.match(line)
        if not match:
            continue
        level, text = len(match.group(1)), re.sub(r"[ \t]+#+$", "", match.group(2))
        explicit = None
        attrs = _ATTRS.search(text)
        if attrs:
            text = text[: attrs.start()]
            for token in attrs.group(1).split():
                if token.startswith("#"):
                    explicit = token[1:]
        heading_id = explicit if explicit is not None else slugify(text)
        col = line.index("{") + 1 if explicit is not None else 1
        headings.append(Heading(level, text.strip(), heading_id, number, col, explicit is not None))
    return headings


@dataclass
class RulesPage:
    record: Record
    body: str
    body_line: int  # line number of the body's first line in the file
    headings: list[Heading] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.record.file.stem

    @property
    def meta(self) -> dict:
        return self.record.data

    @property
    def order(self) -> int:
        order = self.meta.get("order")
        return order if isinstance(order, int) else 10**6

    def anchor_headings(self) -> list[Heading]:
        """The ## and ### headings: their ids are rule anchors."""
        return [h for h in self.headings if h.level in (2, 3)]


def source_order(record: Record) -> tuple:
    """Records in the source's order: by `order`, else `number`, where they have one; then file name."""
    for key in ("order", "number"):
        value = record.data.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return (value, record.file.stem)
    return (10**6, record.file.stem)


@dataclass
class Game:
    id: str
    game: Record | None = None
    glossary: Record | None = None
    source: Record | None = None  # the source document's headings (source.yaml)
    rules: list[RulesPage] = field(default_factory=list)
    kinds: dict[str, dict[str, Record]] = field(default_factory=dict)  # folder -> stem -> record
    unreadable: set[tuple[str, str]] = field(default_factory=set)  # (kind, stem) that did not load

    def readable(self, kind: str, stem: str | None = None) -> bool:
        """False when a file of this kind (and stem) exists but could not be loaded."""
        return not any(k == kind and stem in (None, s) for k, s in self.unreadable)

    @property
    def meta(self) -> dict:
        return self.game.data if self.game else {}

    @property
    def title(self) -> str:
        return str(self.meta.get("title") or self.id)

    @property
    def site_title(self) -> str:
        """The title of its section of the site (game.yaml `site_title`, else `title`)."""
        return str(self.meta.get("site_title") or self.title)

    @property
    def language(self) -> str:
        """The language its source is written in (game.yaml `language`, "en" when unset)."""
        return str(self.meta.get("language") or "en")

    @property
    def primary_language(self) -> str:
        """The language without its region: `es-MX` → `es`."""
        return self.language.split("-")[0]

    @property
    def terms(self) -> list[dict]:
        terms = self.glossary.data.get("terms") if self.glossary else None
        return [t for t in terms if isinstance(t, dict)] if isinstance(terms, list) else []

    def records(self, kind: str) -> dict[str, Record]:
        return self.kinds.get(kind, {})

    @property
    def decks(self) -> dict[str, Record]:
        return self.records("cards")

    @property
    def tiles(self) -> dict[str, Record]:
        return self.records("tiles")

    @property
    def scenarios(self) -> dict[str, Record]:
        return self.records("scenarios")

    def cards(self) -> list[tuple[str, dict]]:
        """(deck, card) for every card of every deck."""
        found = []
        for deck, record in self.decks.items():
            cards = record.data.get("cards")
            for card in cards if isinstance(cards, list) else []:
                if isinstance(card, dict):
                    found.append((deck, card))
        return found

    def sorted_rules(self) -> list[RulesPage]:
        return sorted(self.rules, key=lambda page: (page.order, page.id))

    def sorted_scenarios(self) -> list[Record]:
        return sorted(self.scenarios.values(), key=source_order)

    def sorted_decks(self) -> list[Record]:
        return sorted(self.decks.values(), key=source_order)

    def counts(self) -> dict[str, int]:
        scenarios = list(self.scenarios.values())
        return {
            "rules": len(self.rules),
            "terms": len(self.terms),
            "cards": len(self.cards()),
            "scenarios": len(scenarios),
            "playable": sum(1 for s in scenarios if isinstance(s.data.get("play"), dict)),
        }


@dataclass
class Content:
    games: dict[str, Game] = field(default_factory=dict)

    def summary(self) -> str:
        parts = [count(len(self.games), "game")]
        totals: dict[str, int] = {}
        for game in self.games.values():
            for key, value in game.counts().items():
                totals[key] = totals.get(key, 0) + value
            for kind, records in game.kinds.items():
                totals[f"files:{kind}"] = totals.get(f"files:{kind}", 0) + len(records)
        parts.append(count(totals.get("rules", 0), "rules page"))
        parts.append(count(totals.get("terms", 0), "glossary term"))
        decks = totals.get("files:cards", 0)
        parts.append(f"{count(totals.get('cards', 0), 'card')} in {count(decks, 'deck')}")
        parts.append(count(totals.get("files:tiles", 0), "tile"))
        playable = totals.get("playable", 0)
        parts.append(f"{count(totals.get('scenarios', 0), 'scenario')} ({playable} playable)")
        return ", ".join(parts)

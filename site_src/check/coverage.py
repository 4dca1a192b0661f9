"""Source coverage: which records cite each heading of a game's source (content/<game>/source.yaml).

Every record's provenance may list `cites`: ids of source sections. The checker rejects a cite that
names no section; `build.py check --coverage` prints, per heading, what cites it and fails on a heading
nothing cites, so that a reader never needs the source document.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from ..model.content import Content, Game, Record
from ..model.problems import Problem, pointer_join


@dataclass
class Section:
    id: str
    heading: str
    depth: int
    pointer: str
    cited_by: list[str] = field(default_factory=list)


def sections(game: Game) -> list[Section]:
    """The source's headings in order (depth 0 at the top)."""
    found: list[Section] = []

    def visit(items, pointer: str, depth: int) -> None:
        for index, item in enumerate(items if isinstance(items, list) else []):
            if not isinstance(item, dict) or not isinstance(item.get("id"), str):
                continue
            here = pointer_join(pointer, index)
            found.append(Section(item["id"], str(item.get("heading", "")), depth, here))
            visit(item.get("sections"), pointer_join(here, "sections"), depth + 1)

    if game.source:
        visit(game.source.data.get("sections"), "/sections", 0)
    return found


def records(game: Game) -> Iterator[Record]:
    """Every record of a game that can carry provenance (not source.yaml itself)."""
    for record in (game.game, game.glossary):
        if record:
            yield record
    for page in game.rules:
        yield page.record
    for kind in sorted(game.kinds):
        yield from (game.kinds[kind][stem] for stem in sorted(game.kinds[kind]))


def citations(record: Record) -> Iterator[tuple[str, str, str]]:
    """(pointer of the cites list, cited id, what cites it) for every provenance in a record."""

    def walk(value, pointer: str, label: str) -> Iterator[tuple[str, str, str]]:
        if isinstance(value, dict):
            if isinstance(value.get("id"), str) and pointer:
                label = f"{label} › {value['id']}"
            prov = value.get("provenance")
            if isinstance(prov, dict) and isinstance(prov.get("cites"), list):
                cites = pointer_join(pointer_join(pointer, "provenance"), "cites")
                for index, cited in enumerate(prov["cites"]):
                    if isinstance(cited, str):
                        yield pointer_join(cites, index), cited, label
            for key, child in value.items():
                yield from walk(child, pointer_join(pointer, key), label)
        elif isinstance(value, list):
            for index, child in enumerate(value):
                yield from walk(child, pointer_join(pointer, index), label)

    yield from walk(record.data, "", record.rel)


def check_cites(game: Game) -> list[Problem]:
    """Positioned problems: cites naming no source section, duplicate section ids in source.yaml."""
    problems: list[Problem] = []
    known: dict[str, Section] = {}
    for section in sections(game):
        if section.id in known:
            problems.append(game.source.doc.problem(
                pointer_join(section.pointer, "id"), f"duplicate section id '{section.id}' (expected ids "
                "unique within the source)"))
        known.setdefault(section.id, section)
    for record in records(game):
        for pointer, cited, _ in citations(record):
            if cited in known:
                continue
            if not game.source:
                message = (f"cites '{cited}', but {game.id}/source.yaml does not exist "
                           "(expected the source's headings there)")
            else:
                message = f"cites '{cited}', which is no section of {game.id}/source.yaml"
            problems.append(record.doc.problem(pointer, message))
    return problems


def coverage(game: Game) -> list[Section]:
    """The source's sections, each with the records that cite it."""
    found = sections(game)
    by_id = {s.id: s for s in found}
    for record in records(game):
        for _, cited, label in citations(record):
            if cited in by_id and label not in by_id[cited].cited_by:
                by_id[cited].cited_by.append(label)
    return found


def report(content: Content) -> tuple[list[str], int]:
    """Printable lines, and how many headings nothing cites (a game without source.yaml counts 1)."""
    lines: list[str] = []
    uncited = 0
    for game_id in sorted(content.games):
        game = content.games[game_id]
        if not game.source:
            lines.append(f"{game_id}: no source.yaml: nothing to check coverage against")
            uncited += 1
            continue
        found = coverage(game)
        missing = [s for s in found if not s.cited_by]
        uncited += len(missing)
        title = game.source.data.get("title", game_id)
        lines.append(f"{game_id}: {title}: {len(found) - len(missing)} of {len(found)} headings cited")
        for section in found:
            who = "; ".join(section.cited_by) if section.cited_by else "NOT CITED"
            lines.append(f"  {'  ' * section.depth}{section.heading} [{section.id}]: {who}")
        if missing:
            lines.append(f"{game_id}: headings nothing cites:")
            lines += [f"  {game.source.rel}:{game.source.doc.at(s.pointer)[0]}: {s.heading} [{s.id}]"
                      for s in missing]
    return lines, uncited

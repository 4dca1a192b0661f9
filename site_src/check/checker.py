"""Load, validate and cross-check the whole content/ tree; report every problem at once."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..model import layout, yamlpos
from ..model.content import Content, Game, Record, RulesPage, parse_headings
from ..model.problems import Problem
from ..resources import SCHEMA_DIR
from . import crosscheck as crosscheck_mod
from .schemas import Schemas

_FRONT_END = re.compile(r"^(---|\.\.\.)[ \t]*$")


@dataclass
class CheckResult:
    content: Content
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def split_front_matter(text: str, path: str) -> tuple[str | None, str, int, Problem | None]:
    """(front matter, body, line number of the body's first line, problem)."""
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].rstrip("\r\n").rstrip() != "---":
        message = (
            "missing front matter (expected the file to start with a YAML block "
            "between '---' lines)"
        )
        return None, text, 1, Problem(path, 1, 1, "", message)
    for index in range(1, len(lines)):
        if _FRONT_END.match(lines[index].rstrip("\r\n")):
            return "".join(lines[1:index]), "".join(lines[index + 1 :]), index + 2, None
    message = "front matter is not closed (expected a second '---' line after the YAML block)"
    return None, text, 1, Problem(path, 1, 1, "", message)


def _load(file: layout.ContentFile) -> tuple[yamlpos.Document | None, tuple | None, list[Problem]]:
    """Read one file: (document, (body, body line) for Markdown, problems)."""
    raw = file.path.read_bytes()
    text, problem = yamlpos.decode(raw, file.rel)
    if problem:
        return None, None, [problem]
    markdown = None
    offset = 0
    if file.kind == "rules":
        front, body, body_line, problem = split_front_matter(text, file.rel)
        if problem:
            return None, None, [problem]
        text, offset, markdown = front, 1, (body, body_line)
    doc, problems = yamlpos.load(text, file.rel, line_offset=offset)
    return doc, markdown, problems


def check(
    content_dir: Path,
    schema_dir: Path = SCHEMA_DIR,
    effects: crosscheck_mod.EffectsProvider = crosscheck_mod.engine_effects,
    cache: Path | None = None,
) -> CheckResult:
    """Every problem in content_dir, sorted by file and position; and the loaded content. With `cache`
    (a folder), each document's schema problems are also remembered there (check/schemas.py)."""
    schemas = Schemas.for_folder(schema_dir)
    files, problems = layout.discover(content_dir, schema_dir)
    content = Content()
    for name in (
        sorted(p.name for p in content_dir.iterdir() if p.is_dir()) if content_dir.is_dir() else []
    ):
        content.games[name] = Game(name)
    for file in files:
        doc, markdown, file_problems = _load(file)
        problems += file_problems
        if doc is None:
            content.games[file.game].unreadable.add((file.kind, file.stem))
            continue
        problems += schemas.validate(file.schema, doc, cache)
        record = Record(file, doc)
        game = content.games[file.game]
        if file.kind == "game":
            game.game = record
        elif file.kind == "glossary":
            game.glossary = record
        elif file.kind == "source":
            game.source = record
        elif file.kind == "rules":
            body, body_line = markdown
            game.rules.append(RulesPage(record, body, body_line, parse_headings(body, body_line)))
        else:
            game.kinds.setdefault(file.kind, {})[file.stem] = record
    problems += crosscheck_mod.crosscheck(content, effects)
    if cache is not None:
        try:
            schemas.save(cache)
        except OSError:  # a cache that cannot be written is only slower next time
            pass
    return CheckResult(content, sorted(set(problems)))

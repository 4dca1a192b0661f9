"""Which files content/ may hold, and the schema each one follows (see docs-dev/CONTRACTS.md).

    content/<game>/game.yaml            schema/game.schema.json
    content/<game>/glossary.yaml        schema/glossary.schema.json
    content/<game>/source.yaml          schema/source.schema.json (the source's headings)
    content/<game>/rules/<id>.md        schema/rules-page.schema.json (front matter)
    content/<game>/<kind>/<id>.yaml     schema/<game>/<kind without trailing s>.schema.json

Anything else is a problem naming the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .problems import Problem

ID_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")

IGNORED_NAMES = {".gitkeep"}
TOP_FILES = ("game", "glossary", "source")  # content/<game>/<name>.yaml, schema/<name>.schema.json


@dataclass(frozen=True)
class ContentFile:
    game: str
    kind: str  # "game", "glossary", "rules", or a kind folder name ("cards", "tiles", ...)
    path: Path  # absolute
    rel: str  # relative to content/, forward slashes
    schema: str  # schema file relative to schema/

    @property
    def stem(self) -> str:
        return self.path.stem


# Folder names that are not the schema name plus "s" (English plurals).
IRREGULAR_PLURALS = {"hero": "heroes"}


def kind_schema(kind: str) -> str:
    """Folder name to schema name: cards -> card, scenarios -> scenario, heroes -> hero."""
    singular = {plural: name for name, plural in IRREGULAR_PLURALS.items()}
    if kind in singular:
        return singular[kind]
    return kind[:-1] if kind.endswith("s") else kind


def kind_folder(schema_name: str) -> str:
    """Schema name to folder name: card -> cards, hero -> heroes."""
    return IRREGULAR_PLURALS.get(schema_name, schema_name + "s")


def _files_under(folder: Path):
    for path in sorted(folder.rglob("*")):
        if path.is_file() and path.name not in IGNORED_NAMES:
            yield path


def discover(content_dir: Path, schema_dir: Path) -> tuple[list[ContentFile], list[Problem]]:
    """Every content file with its schema, and a problem for every file that has no place."""
    files: list[ContentFile] = []
    problems: list[Problem] = []

    def rel(path: Path) -> str:
        return path.relative_to(content_dir).as_posix()

    def stray(path: Path, message: str) -> None:
        problems.append(Problem(rel(path), 1, 1, "", message))

    if not content_dir.is_dir():
        return [], [Problem("", 1, 1, "", "content/ folder not found")]
    for entry in sorted(content_dir.iterdir()):
        if entry.name in IGNORED_NAMES:
            continue
        if not entry.is_dir():
            stray(entry, "unexpected file (expected only game folders in content/)")
            continue
        game = entry.name
        kinds = sorted(
            kind_folder(p.name.removesuffix(".schema.json"))
            for p in (schema_dir / game).glob("*.schema.json")
        )
        folders = ["rules", *kinds]
        expected = f"in content/{game}/: " + ", ".join(
            [*(f"{name}.yaml" for name in TOP_FILES), *(f"{k}/" for k in folders)]
        )
        if not (entry / "game.yaml").is_file():
            message = "missing file: every game folder needs a game.yaml"
            problems.append(Problem(f"{game}/game.yaml", 1, 1, "", message))
        for child in sorted(entry.iterdir()):
            if child.name in IGNORED_NAMES:
                continue
            if child.is_file():
                kind = child.name.removesuffix(".yaml")
                if child.suffix == ".yaml" and kind in TOP_FILES:
                    files.append(ContentFile(game, kind, child, rel(child), f"{kind}.schema.json"))
                else:
                    stray(child, f"unexpected file (expected {expected})")
                continue
            if child.name not in folders:
                for path in _files_under(child):
                    stray(path, f"unexpected folder '{child.name}' (expected {expected})")
                continue
            suffix = ".md" if child.name == "rules" else ".yaml"
            schema = (
                "rules-page.schema.json"
                if child.name == "rules"
                else f"{game}/{kind_schema(child.name)}.schema.json"
            )
            for path in _files_under(child):
                if path.parent != child:
                    stray(path, f"unexpected sub-folder (expected files directly in {child.name}/)")
                elif path.suffix != suffix or not ID_RE.match(path.stem):
                    stray(
                        path,
                        f"unexpected file name (expected <id>{suffix} in {child.name}/, the id "
                        "in lower-case letters, digits and single hyphens)",
                    )
                else:
                    files.append(ContentFile(game, child.name, path, rel(path), schema))
    return files, problems

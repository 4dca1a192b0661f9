"""The compiled catalog: validated content as one plain JSON dict, the only data the engine reads.

    {"version": 1, "games": {"<game>": {"game": {...}, "glossary": [...terms],
        "cards": {"<deck>": {...}}, "tiles": {"<id>": {...}}, "scenarios": {"<id>": {...}}}}}

Written with sorted keys and compact separators so the same content always
gives the same bytes.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..model.content import Content

VERSION = 1


def compile_catalog(content: Content) -> dict:
    games = {}
    for game_id in sorted(content.games):
        game = content.games[game_id]
        entry = {"game": game.meta, "glossary": game.terms}
        for kind in ("cards", "tiles", "scenarios"):
            entry[kind] = {stem: record.data for stem, record in sorted(game.records(kind).items())}
        for kind, records in sorted(game.kinds.items()):  # any further component kinds
            entry.setdefault(kind, {stem: r.data for stem, r in sorted(records.items())})
        games[game_id] = entry
    return {"version": VERSION, "games": games}


def dumps(catalog: dict) -> str:
    return json.dumps(catalog, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def write(catalog: dict, path: Path) -> Path:
    """Write the catalog (atomically; untouched when the bytes are the same)."""
    data = dumps(catalog).encode("utf-8")
    if path.exists() and path.read_bytes() == data:
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    temp.write_bytes(data)
    os.replace(temp, path)
    return path

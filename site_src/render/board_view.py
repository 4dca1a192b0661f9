"""What a scenario's board template draws (templates/_macros.j2): the squares of its Map Tiles, row by row,
the pieces placed at setup and by each escalation, and the legend, each square kind linked to its
glossary term where the glossary has one."""

from __future__ import annotations

from ..model.board import compose
from ..model.content import Game
from ..text.words import title


def board_view(game: Game, play: dict) -> dict:
    """What the board template draws: rows of cells, pieces, and the legend."""
    tiles = {stem: record.data for stem, record in game.tiles.items()}
    board = compose(play, tiles)
    term_ids = {t["id"]: t for t in game.terms}

    def term_for(kind: str) -> str | None:
        for candidate in (kind, f"{kind}s"):
            if candidate in term_ids:
                return candidate
        return None

    shards = (play.get("crystal_shards") or {}).get("squares") or []
    stages = [("Setup", {tuple(s): ["crystal-shard"] for s in shards})]
    for escalation in play.get("escalations") or []:
        for step in escalation.get("then") or []:
            if "place_minions" in step:
                pieces = {tuple(s): ["minion"] for s in step["place_minions"]}
                stages.append((f"Escalation: {title(escalation['id'])}", pieces))
    kinds: dict[tuple, dict] = {}
    rows = []
    for y, row in enumerate(board.squares):
        cells = []
        for x, square in enumerate(row):
            if square is None:
                cells.append(None)
                continue
            kind, color = square.get("kind", "open"), square.get("color")
            kinds.setdefault((kind, color), {"kind": kind, "color": color, "term": term_for(kind)})
            cells.append({"x": x, "y": y, "kind": kind, "color": color})
        rows.append(cells)
    legend = sorted(kinds.values(), key=lambda k: (k["kind"], k["color"] or ""))
    return {
        "width": board.width,
        "height": board.height,
        "rows": rows,
        "stages": [{"title": t, "pieces": p} for t, p in stages],
        "legend": legend,
        "piece_terms": {k: term_for(k) for k in ("crystal-shard", "minion")},
    }

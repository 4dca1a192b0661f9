"""A Mechs vs. Minions scenario's board as its page draws it before Play (templates/scenario.md.j2): an SVG
of its Map Tiles (model/board.py `compose`, the tiles the engine lays) with their squares and zones, the Mech
starting spaces, Crystal Shards, Bomb, Boss and Minions placed at setup, a small SVG per escalation that
places pieces, each escalation in sentences, and the legend, each entry linked to its glossary term where
the glossary has one.

    board_view(game, play, title) -> {"svg", "legend", "escalations", "shards"}

The squares Mechs start on and Minions are placed on at setup are the engine's own selection
(engine.mvm.board `select`), so the picture and the game agree.
"""

from __future__ import annotations

from engine.core.grid import notation
from engine.mvm.board import Board as EngineBoard

from ..model.board import compose
from ..model.content import Game
from ..text import words
from . import labels
from .board_svg import Piece, Square, svg, swatch

DECOR = {"repair-pad": ("plus",), "rune-gate": ("bars",)}  # marks drawn on a square of a kind


def squares_text(squares) -> str:
    """Squares in the board's notation, in the order given: "c3, d3, c4"."""
    return ", ".join(notation(s) for s in squares)


class Terms:
    """The glossary term id of a thing's name, where the glossary has one (`kind`, or its plural)."""

    def __init__(self, game: Game):
        self.ids = {t["id"] for t in game.terms}

    def __call__(self, key: str) -> str | None:
        return next((c for c in (key, f"{key}s") if c in self.ids), None)


def _kind_name(kind: str, words_: dict) -> str:
    return words_["kinds"].get(kind) or words.title(kind)


def _square(entry: dict, words_: dict) -> Square:
    kind, color, zone = entry.get("kind", "open"), entry.get("color"), entry.get("zone")
    css = f"tome-bd-sq--{kind}" + (f" tome-color--{color}" if color else "")
    name = _kind_name(kind, words_) + (f" ({color})" if color else "")
    if zone:
        name += f", {words.title(zone)}"
    decor = DECOR.get(kind, ()) + tuple(f"spikes-{side}" for side in entry.get("spikes") or ())
    return Square(kind, css, name, zone, decor, color)


def _setup_pieces(game: Game, play: dict, tiles: dict, words_: dict) -> tuple[list[Piece], list[str]]:
    """The pieces on the board before the first Round, and the sentences that say where they are."""
    engine_board = EngineBoard({"play": play}, tiles)
    pieces: list[Piece] = []
    lines: list[str] = []
    starts = engine_board.select(play.get("mech_start", {"kind": "mech-start"}))
    pieces += [Piece(x, y, "start", "start-space", words_["start"]) for x, y in starts]
    lines.append(words_["start_line"].format(squares=squares_text(starts)))
    shards = (play.get("crystal_shards") or {}).get("squares") or []
    pieces += [Piece(x, y, "diamond", "crystal-shard", words_["shard"]) for x, y in shards]
    if shards:
        lines.append(words_["shards_line"].format(squares=squares_text(shards)))
    bomb = (play.get("bomb") or {}).get("square")
    if bomb:
        pieces.append(Piece(bomb[0], bomb[1], "block", "bomb", words_["bomb"], words_["bomb_mark"]))
        lines.append(words_["bomb_line"].format(square=notation(bomb)))
    boss = (play.get("boss") or {}).get("square")
    if boss:
        size = int((game.meta.get("constants") or {})["boss_size"])
        covered = [[boss[0] + dx, boss[1] + dy] for dy in range(size) for dx in range(size)]
        pieces.append(Piece(boss[0], boss[1], "block", "boss", words_["boss"], words_["boss_mark"], size))
        lines.append(words_["boss_line"].format(squares=squares_text(covered), size=size))
    setup = play.get("setup_minions") or {}
    minions = [list(s) for s in setup.get("squares") or []]
    if "on" in setup:
        minions += engine_board.select(setup["on"])
    pieces += [Piece(x, y, "circle", "minion", words_["minion"]) for x, y in minions]
    if minions:
        lines.append(words_["minions_line"].format(squares=squares_text(minions)))
    return pieces, lines


def _square_lines(board, words_: dict) -> list[str]:
    """Where each kind of square is (open squares are the rest), and each zone."""
    where: dict[str, list] = {}
    for y, row in enumerate(board.squares):
        for x, entry in enumerate(row):
            if entry is None:
                continue
            kind, color = entry.get("kind", "open"), entry.get("color")
            if kind != "open":
                name = _kind_name(kind, words_) + (f" ({color})" if color else "")
                where.setdefault(name, []).append([x, y])
            if entry.get("zone"):
                where.setdefault(words.title(entry["zone"]), []).append([x, y])
    return [words_["squares_of"].format(name=name, squares=squares_text(sq)) for name, sq in where.items()]


def _escalations(play: dict, rows, title: str, words_: dict) -> list[dict]:
    """Each escalation: its name, when it happens, the rulebook's text, its steps in sentences, and a small
    board of the pieces it places."""
    found = []
    for escalation in play.get("escalations") or []:
        mode = escalation.get("mode")  # an escalation of one mode only: its id may say so ("lava-wall-ez")
        name = words.title(escalation["id"].removesuffix(f"-{mode}") if mode else escalation["id"])
        nth = words_["ordinals"]  # `count` counts from 1, `tile` is an index in the board's tile list
        count, tile = escalation.get("count"), escalation.get("tile")
        trigger = words_["triggers"][escalation["trigger"]].format(
            count=nth[count - 1] if isinstance(count, int) else "",
            tile=nth[tile] if isinstance(tile, int) else "")
        when = words_["when"].format(trigger=trigger)
        steps, placed = [], []
        for step in escalation.get("then") or []:
            for key, value in step.items():
                if key == "set":
                    if not escalation.get("text"):  # the rulebook's text says what the switches do
                        steps += [words_["steps"][switch].format(value=v) for switch, v in value.items()]
                elif key == "place_minions":
                    placed += value
                    steps.append(words_["steps"][key].format(squares=squares_text(value)))
                else:
                    steps.append(words_["steps"][key].format(value=value))
        picture = None
        if placed:
            pieces = [Piece(x, y, "circle", "minion", words_["minion"]) for x, y in placed]
            picture = svg(f"tome-board-{escalation['id']}",
                          words_["escalation_title"].format(title=title, name=name), rows, pieces,
                          [words_["placed_minions_line"].format(squares=squares_text(placed))])
        found.append({"name": name, "when": when, "ez_only": mode == "ez",
                      "text": escalation.get("text") or "", "steps": steps, "svg": picture})
    return found


def _legend(rows, pieces: list[Piece], terms: Terms, words_: dict) -> list[dict]:
    """One entry per kind of square, zone and piece drawn, in that order."""
    entries: dict[str, dict] = {}
    for row in rows:
        for square in row:
            if square is None:
                continue
            key = square.css
            if key not in entries and square.kind != "mech-start":  # the starting-space mark says it
                base = square.name.split(", ")[0]
                entries[key] = {"swatch": swatch("square", square.css, DECOR.get(square.kind, ()),
                                                 color=square.color),
                                "name": base, "term": terms(square.kind)}
    for row in rows:
        for square in row:
            if square is not None and "spikes-" in " ".join(square.decor) and "spikes" not in entries:
                entries["spikes"] = {"swatch": swatch("square", "tome-bd-sq--open", ("spikes-up",)),
                                     "name": words_["spikes"], "term": terms("spike-wall")}
    zones = dict.fromkeys(s.zone for row in rows for s in row if s is not None and s.zone)
    for zone in zones:
        entries[f"zone:{zone}"] = {"swatch": swatch("zone", zone),
                                   "name": words_["zone"].format(name=words.title(zone)), "term": terms(zone)}
    for piece in pieces:
        key = f"piece:{piece.css}"
        if key not in entries:
            mark = piece.mark if piece.size == 1 else ""  # a 2 x 2 piece's name does not fit a swatch
            # a starting space is drawn on its square (a Mech start square, where the tiles have them)
            under = "tome-bd-sq--mech-start" if piece.css == "start-space" else ""
            entries[key] = {"swatch": swatch(piece.shape, piece.css, mark=mark, under=under),
                            "name": piece.name, "term": terms(piece.css)}
    return list(entries.values())


def board_view(game: Game, play: dict, title: str) -> dict:
    """What the scenario template draws: the board's SVG, its legend and its escalations."""
    words_ = labels.current()["board"]
    tiles = {stem: record.data for stem, record in game.tiles.items()}
    board = compose(play, tiles)
    rows = [[_square(entry, words_) if entry is not None else None for entry in row] for row in board.squares]
    pieces, lines = _setup_pieces(game, play, tiles, words_)
    lines += _square_lines(board, words_)
    escalations = _escalations(play, rows, title, words_)
    all_pieces = pieces + [Piece(0, 0, "circle", "minion", words_["minion"]) for e in escalations if e["svg"]]
    terms = Terms(game)
    return {
        "svg": svg("tome-board-setup", words_["setup_title"].format(title=title), rows, pieces, lines),
        "legend": _legend(rows, all_pieces, terms, words_),
        "escalations": escalations,
        "shards": squares_text((play.get("crystal_shards") or {}).get("squares") or []),
    }

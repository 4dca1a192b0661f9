"""Checks across records: ids match file names, ids are unique, references resolve,
tiles are well formed, boards fit together, and named effects exist in the engine.

Every check tolerates records that failed their schema (it skips what it cannot read).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from ..model import board as board_mod
from ..model.anchors import Anchor, game_anchors
from ..model.content import Content, Game, Record, parse_headings
from ..model.problems import Problem, pointer_join
from . import card_kinds, coverage, layouts, ready_decks, tooltips

ID_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_PRINTED_ROW = re.compile(r"(?<!\d)(\d{1,9}) Heroes: (\d{1,9})(?!\d)")

# game id -> the effect names its engine implements (raises if it cannot tell)
EffectsProvider = Callable[[str], set]


def engine_effects(game: str) -> set:
    """The default provider: ask the engine package (engine.implemented_effects)."""
    import engine  # noqa: PLC0415 - imported only when content names an effect

    return set(engine.implemented_effects(game))


def _walk(value, pointer: str = "") -> Iterator[tuple[str, object, object]]:
    """(pointer, key, value) for every mapping entry in nested data."""
    if isinstance(value, dict):
        for key, child in value.items():
            child_pointer = pointer_join(pointer, key)
            yield child_pointer, key, child
            yield from _walk(child, child_pointer)
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _walk(child, pointer_join(pointer, index))


def _known(values) -> str:
    values = sorted(values)
    if not values:
        return "none defined yet"
    shown = ", ".join(values[:12])
    return f"one of: {shown}" + (f", … ({len(values)} in all)" if len(values) > 12 else "")


def _adapted(provenance) -> bool:
    return isinstance(provenance, dict) and provenance.get("status") == "adapted"


class _Checker:
    def __init__(self, content: Content, effects: EffectsProvider):
        self.content = content
        self.effects = effects
        self.problems: list[Problem] = []
        self.anchors: dict[str, dict[str, Anchor]] = {}

    def add(self, record: Record, pointer: str, message: str, at_key: bool = False) -> None:
        self.problems.append(record.doc.problem(pointer, message, at_key=at_key))

    def run(self) -> list[Problem]:
        for game in self.content.games.values():
            self.file_names(game)
            self.unique_anchors(game)
            self.headings(game)
        for game in self.content.games.values():
            self.glossary(game)
            self.cards(game)
            self.tiles(game)
            self.scenarios(game)
            layouts.carry_over(game, self.add)
            layouts.npc_missions(game, self.add)
            ready_decks.check(game, self.add)
            card_kinds.check(game, self.add)  # a Command Card's kind is what its powers do first
            self.rule_fields(game)
            self.printed_tables(game)
            self.problems += coverage.check_cites(game)
        self.problems += tooltips.check(self.content)  # every tooltip names its own term
        self.named_effects()
        return self.problems

    # -- ids and names

    def file_names(self, game: Game) -> None:
        if (
            game.game
            and isinstance(game.game.data.get("id"), str)
            and game.game.data["id"] != game.id
        ):
            self.add(
                game.game,
                "/id",
                f"game id '{game.game.data['id']}' does not match its folder "
                f"(expected '{game.id}')",
            )
        records = [page.record for page in game.rules]
        for by_stem in game.kinds.values():
            records += by_stem.values()
        for record in records:
            key = "deck" if record.file.kind == "cards" else "id"
            value = record.data.get(key)
            if isinstance(value, str) and value != record.file.stem:
                self.add(
                    record,
                    f"/{key}",
                    f"{key} '{value}' does not match the file name (expected '{record.file.stem}')",
                )

    def headings(self, game: Game) -> None:
        """Rules pages start at ##; text fields shown under a page's own headings have none."""
        for page in game.rules:
            for heading in page.headings:
                if heading.level == 1:
                    self.problems.append(
                        Problem(
                            page.record.rel,
                            heading.line,
                            1,
                            "",
                            "level-1 heading in a rules page (expected ## or deeper: the page "
                            "title comes from the front matter)",
                        )
                    )
        fields = []
        if game.glossary:
            for index, term in enumerate(game.terms):
                fields.append((game.glossary, f"/terms/{index}/definition", term.get("definition")))
        for record in game.scenarios.values():
            sections = record.data.get("sections")
            for index, section in enumerate(sections if isinstance(sections, list) else []):
                if isinstance(section, dict):
                    fields.append((record, f"/sections/{index}/text", section.get("text")))
        for record, pointer, text in fields:
            if isinstance(text, str) and parse_headings(text, 1):
                self.add(
                    record,
                    pointer,
                    "text contains a Markdown heading (expected none: the page gives this "
                    "text its heading; write **bold** for a printed sub-heading)",
                )

    def unique_anchors(self, game: Game) -> None:
        seen: dict[str, Anchor] = {}
        for anchor in game_anchors(game):
            if not ID_RE.match(anchor.id):
                message = (
                    f"heading id '{anchor.id}' is not a valid id (expected lower-case letters, "
                    "digits and single hyphens: write the heading as '## Title {#id}')"
                )
                self.problems.append(
                    Problem(anchor.path, anchor.line, anchor.col, anchor.pointer, message)
                )
                continue
            if anchor.id in seen:
                first = seen[anchor.id]
                message = (
                    f"duplicate rule id '{anchor.id}': already a {first.what} at "
                    f"content/{first.path}:{first.line}:{first.col} "
                    "(expected ids unique across the game's glossary, rules headings "
                    "and scenario sections)"
                )
                self.problems.append(
                    Problem(anchor.path, anchor.line, anchor.col, anchor.pointer, message)
                )
                continue
            seen[anchor.id] = anchor
        self.anchors[game.id] = seen

    # -- references

    def glossary(self, game: Game) -> None:
        record = game.glossary
        if record is None:
            return
        terms = record.data.get("terms")
        terms = terms if isinstance(terms, list) else []
        ids = {t.get("id") for t in terms if isinstance(t, dict) and isinstance(t.get("id"), str)}
        parents = {}
        for index, term in enumerate(terms):
            if not isinstance(term, dict):
                continue
            pointer = f"/terms/{index}"
            parent = term.get("parent")
            if isinstance(parent, str):
                if parent == term.get("id"):
                    self.add(
                        record, f"{pointer}/parent", f"term '{parent}' cannot be its own parent"
                    )
                elif parent not in ids:
                    self.add(
                        record,
                        f"{pointer}/parent",
                        f"unknown glossary term '{parent}' (expected a term id of this glossary)",
                    )
                elif isinstance(term.get("id"), str):
                    parents[term["id"]] = (parent, pointer)
            see = term.get("see")
            for see_index, target in enumerate(see if isinstance(see, list) else []):
                if isinstance(target, str) and target not in ids:
                    self.add(
                        record,
                        f"{pointer}/see/{see_index}",
                        f"unknown glossary term '{target}' (expected a term id of this glossary)",
                    )
        for term_id, (parent, pointer) in parents.items():
            chain, current = {term_id}, parent
            while current in parents:
                if current in chain:
                    self.add(record, f"{pointer}/parent", f"parent chain of '{term_id}' loops")
                    break
                chain.add(current)
                current = parents[current][0]

    def cards(self, game: Game) -> None:
        check_elements = game.game is not None
        elements = game.meta.get("elements")
        element_ids = {
            e.get("id")
            for e in (elements if isinstance(elements, list) else [])
            if isinstance(e, dict) and isinstance(e.get("id"), str)
        }
        seen: dict[str, tuple[Record, str]] = {}
        for _deck, record in sorted(game.decks.items()):
            cards = record.data.get("cards")
            for index, card in enumerate(cards if isinstance(cards, list) else []):
                if not isinstance(card, dict):
                    continue
                card_id = card.get("id")
                if isinstance(card_id, str):
                    if card_id in seen:
                        first, where = seen[card_id]
                        line, col = first.doc.at(where)
                        self.add(
                            record,
                            f"/cards/{index}/id",
                            f"duplicate card id '{card_id}': already at content/{first.rel}:"
                            f"{line}:{col} (expected card ids unique within the game)",
                        )
                    else:
                        seen[card_id] = (record, f"/cards/{index}/id")
                element = card.get("element")
                if check_elements and isinstance(element, str) and element not in element_ids:
                    self.add(
                        record,
                        f"/cards/{index}/element",
                        f"unknown element '{element}' (expected an element id from "
                        f"game.yaml: {_known(e for e in element_ids if isinstance(e, str))})",
                    )

    def tiles(self, game: Game) -> None:
        for stem, record in game.tiles.items():
            other = record.data.get("other_side")
            if isinstance(other, str) and other in game.tiles:
                if game.tiles[other].data.get("other_side") != stem:
                    self.add(record, "/other_side", f"'{other}' does not name '{stem}' as its other side")
            elif isinstance(other, str):
                self.add(record, "/other_side",
                         f"unknown tile '{other}' (expected {_known(game.tiles)})")
            rows, legend = record.data.get("rows"), record.data.get("legend")
            if not isinstance(rows, list):
                continue
            legend = legend if isinstance(legend, dict) else {}
            widths = [len(r) for r in rows if isinstance(r, str)]
            width = widths[0] if widths else 0
            for index, row in enumerate(rows):
                if not isinstance(row, str):
                    continue
                pointer = f"/rows/{index}"
                if len(row) != width:
                    self.add(
                        record,
                        pointer,
                        f"row has {len(row)} squares (expected {width}, like the first row)",
                    )
                for char in dict.fromkeys(row):
                    if char not in legend:
                        self.add(
                            record,
                            pointer,
                            f"character '{char}' is not in the legend (expected {_known(legend)})",
                        )

    def scenarios(self, game: Game) -> None:
        term_ids = {t.get("id") for t in game.terms if isinstance(t.get("id"), str)}
        tiles = {stem: r.data for stem, r in game.tiles.items()}
        for record in game.scenarios.values():
            play = record.data.get("play")
            if not isinstance(play, dict):
                continue
            unreadable = {stem for kind, stem in game.unreadable if kind == "tiles"}
            board = board_mod.compose(play, tiles, unreadable)
            for pointer, message in board.issues:
                self.add(record, pointer, message)
            order = (
                (play.get("seats") or {}).get("order")
                if isinstance(play.get("seats"), dict)
                else None
            )
            for index, seat in enumerate(order if isinstance(order, list) else []):
                yordle = seat.get("yordle") if isinstance(seat, dict) else None
                if isinstance(yordle, str) and yordle not in term_ids and game.readable("glossary"):
                    self.add(
                        record,
                        f"/play/seats/order/{index}/yordle",
                        f"unknown yordle '{yordle}' (expected a glossary term id)",
                    )
            if "layouts" in play:  # POWERUP: a board per range of player counts
                players = record.data.get("players")
                layouts.LayoutChecks(game, record.file.stem, play, lambda p, m, r=record: self.add(r, p, m),
                                     record.data).run(players)
            if board.width == 0:
                continue
            for pointer, square in self._squares(play):
                if not board.on_board(square):
                    self.add(
                        record,
                        pointer,
                        f"square {square} is not on the board (expected x < {board.width}, "
                        f"y < {board.height}, on a tile)",
                    )

    @staticmethod
    def _squares(play: dict) -> Iterator[tuple[str, object]]:
        shards = play.get("crystal_shards")
        squares = shards.get("squares") if isinstance(shards, dict) else None
        for index, square in enumerate(squares if isinstance(squares, list) else []):
            yield f"/play/crystal_shards/squares/{index}", square
        bomb = play.get("bomb")
        if isinstance(bomb, dict) and "square" in bomb:
            yield "/play/bomb/square", bomb["square"]
        escalations = play.get("escalations")
        for e_index, escalation in enumerate(escalations if isinstance(escalations, list) else []):
            steps = escalation.get("then") if isinstance(escalation, dict) else None
            for s_index, step in enumerate(steps if isinstance(steps, list) else []):
                minions = step.get("place_minions") if isinstance(step, dict) else None
                for m_index, square in enumerate(minions if isinstance(minions, list) else []):
                    pointer = f"/play/escalations/{e_index}/then/{s_index}/place_minions/{m_index}"
                    yield pointer, square

    def rule_fields(self, game: Game) -> None:
        records = [r for r in (game.game, game.glossary) if r] + [p.record for p in game.rules]
        for by_stem in game.kinds.values():
            records += [by_stem[s] for s in sorted(by_stem)]
        for record in records:
            for pointer, key, value in _walk(record.doc.data):
                if key != "rule" or not isinstance(value, str):
                    continue
                target_game, _, anchor = value.rpartition("/")
                target_game = target_game or game.id
                if target_game not in self.content.games:
                    self.add(
                        record,
                        pointer,
                        f"rule '{value}' names an unknown game '{target_game}' "
                        "(expected <anchor> or <game>/<anchor>; games: "
                        f"{_known(self.content.games)})",
                    )
                elif anchor not in self.anchors.get(target_game, {}) and self._complete(
                    target_game
                ):
                    self.add(
                        record,
                        pointer,
                        f"rule '{value}' does not resolve (expected a glossary term, rules heading "
                        f"or scenario section id of {target_game})",
                    )

    def printed_tables(self, game: Game) -> None:
        """A player-count table kept both as printed text and as rows must say the same thing:
        every "N Heroes: V" of the text is a row {heroes: N, value: V}, and no row is extra."""
        for by_stem in game.kinds.values():
            for stem in sorted(by_stem):
                record = by_stem[stem]
                for pointer, key, value in _walk(record.doc.data):
                    if key != "player_count" or not isinstance(value, dict):
                        continue
                    text, rows = value.get("text"), value.get("rows")
                    if not isinstance(text, str) or not isinstance(rows, list):
                        continue
                    printed = {int(n): int(v) for n, v in _PRINTED_ROW.findall(text)}
                    # a row marked adapted holds our value where the source prints none (Knull): not printed
                    structured = {r.get("heroes"): r.get("value") for r in rows if isinstance(r, dict)
                                  and not isinstance(r.get("heroes"), (list, dict))
                                  and not _adapted(r.get("provenance"))}
                    for heroes, printed_value in printed.items():
                        if structured.get(heroes) != printed_value:
                            self.add(record, pointer_join(pointer, "rows"),
                                     f"the printed table says {heroes} Heroes: {printed_value}, the rows say "
                                     f"{structured.get(heroes)} (expected rows to match the printed text)")
                    numbered = {h for h, v in structured.items() if v is not None}
                    for heroes in sorted(numbered - set(printed), key=str):
                        self.add(record, pointer_join(pointer, "rows"),
                                 f"row for {heroes} Heroes is not in the printed table text "
                                 "(expected only rows the text prints)")

    def _complete(self, game_id: str) -> bool:
        """True when every file that defines anchors of the game could be loaded."""
        game = self.content.games[game_id]
        return all(game.readable(kind) for kind in ("glossary", "rules", "scenarios"))

    # -- named effects

    def named_effects(self) -> None:
        for game in self.content.games.values():
            uses = []
            # card decks, and the records other games name effects in (Marvel United's heroes' card
            # effects and their Locations' end-of-turn `steps`: one-key objects {effect name: parameter})
            records = [(game.decks[deck], False) for deck in sorted(game.decks)]
            for kind in ("heroes", "locations"):
                records += [(r, True) for _stem, r in sorted(game.records(kind).items())]
            # villains' Threats and Master Plan cards name their `play` handlers
            records += [(r, False) for _stem, r in sorted(game.records("villains").items())]
            # POWERUP's profession sheets: each ability names its `effect`
            records += [(r, False) for _stem, r in sorted(game.records("professions").items())]
            for record, named_steps in records:
                for pointer, key, value in _walk(record.doc.data):
                    if key == "handler" and isinstance(value, str):
                        uses.append((record, pointer, value))
                    if named_steps and key == "steps" and isinstance(value, list):
                        for index, step in enumerate(value):
                            if isinstance(step, dict) and len(step) == 1:
                                uses.append((record, pointer_join(pointer, index), next(iter(step))))
                    if key not in ("effect", "efecto"):  # the TCG's cards are in Spanish (docs-dev/TCG.md)
                        continue
                    if isinstance(value, dict) and isinstance(value.get("name"), str):
                        uses.append((record, f"{pointer}/name", value["name"]))
                    elif isinstance(value, str):
                        uses.append((record, pointer, value))
            if not uses:
                continue
            implemented = self.effects(game.id)  # an engine that cannot tell fails the check, loudly
            for record, pointer, name in uses:
                if name not in implemented:
                    self.add(
                        record,
                        pointer,
                        f"named effect '{name}' is not implemented by the engine "
                        f"(expected {_known(implemented)})",
                    )


def crosscheck(content: Content, effects: EffectsProvider = engine_effects) -> list[Problem]:
    return _Checker(content, effects).run()

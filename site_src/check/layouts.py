"""Checks of a POWERUP mission's boards (`play.layouts`, docs-dev/POWERUP.md "A mission"): every layout
is made of known tiles that fit together, every piece stands where the side-view board lets it stand, and
the mission's BUGs and non-player characters are the records it names.

The square kinds' rules are those of docs-dev/POWERUP.md "The board" (the rulebook's Basics): obstacles
and yellow stairs are solid; a piece stands on a square whose square beneath is solid, a ladder, a
staircase or the board's bottom edge, or in a ladder or staircase square.
"""

from __future__ import annotations

from collections.abc import Callable

from ..model import board as board_mod
from ..model.content import Game

SOLID = frozenset({"obstacle", "yellow-stair"})
HOLDING = frozenset({"ladder", "automatic-staircase"})  # a piece in one of these squares is held up
SUPPORTING = SOLID | HOLDING
NO_REST = frozenset({"acid", "spike-trap", "automatic-staircase"})  # kills, hurts, or carries a piece up

# The pieces a layout places, as (field, what the message calls one): characters, then tokens.
CHARACTERS = (("start", "BUGBUSTER start"), ("burps", "BURP"), ("bugs", "BUG"),
              ("npcs", "non-player character"))
TOKENS = (("powerups", "POWERUP"), ("drums", "explosive drum"), ("secrets", "secret token"),
          ("secret_squares", "square a secret token may be dealt to"))

Add = Callable[[str, str], None]


def _square(value) -> tuple[int, int] | None:
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) and v >= 0 for v in value):
        return value[0], value[1]
    return None


def _entries(layout: dict, field: str):
    """(pointer, square or None, entry) for each piece of a field (drums are bare squares)."""
    items = layout.get(field)
    for index, entry in enumerate(items if isinstance(items, list) else []):
        at = entry.get("at") if isinstance(entry, dict) else entry
        pointer = f"/{field}/{index}" + ("/at" if isinstance(entry, dict) else "")
        yield pointer, _square(at), entry if isinstance(entry, dict) else {}


def _flying(bug: dict) -> bool:
    """A BUG with the FLYING ability "does not need an obstacle underneath it"."""
    named = [a.get("ability") if isinstance(a, dict) else a for a in bug.get("abilities") or []]
    sheet = bug.get("sheet") if isinstance(bug.get("sheet"), dict) else {}
    return "flying" in named or "flying" in (sheet.get("abilities") or [])


class LayoutChecks:
    """The checks of one mission's `play` block; `add(pointer, message)` reports a problem."""

    def __init__(self, game: Game, scenario_id: str, play: dict, add: Add, scenario: dict | None = None):
        self.game, self.scenario_id, self.play, self.add = game, scenario_id, play, add
        scenario = scenario if isinstance(scenario, dict) else {}
        self.values = scenario.get("values") if isinstance(scenario.get("values"), dict) else {}  # printed
        self.time_limit = scenario.get("time_limit") if isinstance(scenario.get("time_limit"), dict) else {}
        self.tiles = {stem: r.data for stem, r in game.tiles.items()}
        self.bugs = {stem: r.data for stem, r in game.records("bugs").items()}
        self.npcs = {stem: r.data for stem, r in game.records("npcs").items()}
        self.unreadable_tiles = {stem for kind, stem in game.unreadable if kind == "tiles"}

    def run(self, players: dict | None) -> None:
        layouts = self.play.get("layouts")
        layouts = layouts if isinstance(layouts, list) else []
        for index, layout in enumerate(layouts):
            if isinstance(layout, dict):
                self.layout(f"/play/layouts/{index}", layout)
        self.coverage(layouts, players)
        self.waves()
        self.goal_and_target(layouts)

    # ----- one layout --------------------------------------------------------------------------------
    def layout(self, pointer: str, layout: dict) -> None:
        board = board_mod.compose_tiles(layout.get("tiles"), self.tiles, f"{pointer}/tiles",
                                        self.unreadable_tiles)
        for where, message in board.issues:
            self.add(where, message)
        self.tile_grid(board)
        bounds = layout.get("players") if isinstance(layout.get("players"), dict) else {}
        low, high = bounds.get("min"), bounds.get("max")
        starts = layout.get("start")
        if isinstance(high, int) and isinstance(starts, list) and len(starts) < high:
            self.add(f"{pointer}/start", f"{len(starts)} start square{'s' * (len(starts) != 1)} for up to "
                     f"{high} players (expected at least {high}: one for each BUGBUSTER)")
        burps = layout.get("burps")
        if isinstance(low, int) and isinstance(burps, list) and len(burps) > low:
            self.add(f"{pointer}/burps", f"{len(burps)} BURPs for as few as {low} player{'s' * (low != 1)} "
                     f"(expected at most {low}: \"There can never be more BURPs than BUGBUSTERs in the "
                     "game\")")
        if board.width:
            self.pieces(pointer, layout, board)
            self.gateways(pointer, board)
        self.secret_deal(pointer, layout)
        self.references(pointer, layout)
        self.token_counts(pointer, layout)

    def tile_grid(self, board: board_mod.Board) -> None:
        seen: dict[str, str] = {}
        for where, tile_id, (x, y), width, height in board.placed:
            if width and height and (x % width or y % height):
                self.add(f"{where}/at", f"square [{x}, {y}] is not on the grid of {width} x {height} tiles "
                         f"(expected x a multiple of {width} and y a multiple of {height})")
            other = (self.tiles.get(tile_id) or {}).get("other_side")
            if tile_id in seen:
                self.add(f"{where}/tile", f"tile '{tile_id}' is already placed at {seen[tile_id]} "
                         "(expected each map tile once at most: the box has one of each)")
            elif isinstance(other, str) and other in seen:
                self.add(f"{where}/tile", f"tile '{tile_id}' is the other side of '{other}', already placed "
                         f"at {seen[other]} (expected one side of each map tile at most)")
            else:
                seen[tile_id] = where

    def pieces(self, pointer: str, layout: dict, board: board_mod.Board) -> None:
        characters: dict[tuple, str] = {}
        tokens: dict[tuple, str] = {}
        drums = {sq for _p, sq, _e in _entries(layout, "drums") if sq}
        for field, what in (*CHARACTERS, *TOKENS):
            for where, square, entry in _entries(layout, field):
                if square is None:
                    continue
                where = pointer + where
                if not board.on_board(list(square)):
                    self.add(where, f"square {list(square)} is not on the board (expected a square of a "
                             f"tile: x < {board.width}, y < {board.height})")
                    continue
                kind = board.square(*square)["kind"]
                if kind in SOLID:
                    self.add(where, f"the {what} at {list(square)} is inside a solid square ({kind}) "
                             "(expected an open square: obstacles are whole squares)")
                    continue
                if kind in NO_REST:
                    self.add(where, f"the {what} at {list(square)} is on a square of {kind} (expected a "
                             "square a piece can rest on: not acid, a spike trap or an automatic staircase)")
                    continue
                name = entry.get("bug") if field == "bugs" else None
                bug = self.bugs.get(name) if isinstance(name, str) else None  # (else the schema says)
                if not (bug and _flying(bug)) and not self.supported(board, square, drums - {square}):
                    self.add(where, f"the {what} at {list(square)} has nothing to stand on (expected an "
                             "obstacle, a ladder, a staircase, a drum or the board's bottom edge beneath "
                             "it, or a ladder or staircase square)")
                taken = characters if field in dict(CHARACTERS) else tokens
                if square in taken:
                    self.add(where, f"square {list(square)} is already taken by {taken[square]} (expected "
                             f"one {'character' if taken is characters else 'token'} per square)")
                else:
                    taken[square] = where
                if field in dict(CHARACTERS) and square in drums:
                    self.add(where, f"square {list(square)} holds an explosive drum (expected a drum's "
                             "square to be empty: a drum is an obstacle)")
        self.one_powerup_per_tile(pointer, layout, board)

    def secret_deal(self, pointer: str, layout: dict) -> None:
        """Each secret token on its square, or every one dealt at random to `secret_squares`, enough of
        them."""
        secrets, squares = layout.get("secrets"), layout.get("secret_squares")
        if not isinstance(secrets, list):
            return
        dealt = isinstance(squares, list)
        for index, secret in enumerate(secrets):
            if not isinstance(secret, dict):
                continue
            if dealt and "at" in secret:
                self.add(f"{pointer}/secrets/{index}/at", "a square for a token the layout deals to its "
                         "secret_squares (expected no `at`: the tokens are dealt at random)")
            elif not dealt and "at" not in secret:
                self.add(f"{pointer}/secrets/{index}", "no square for this secret token (expected `at`, or "
                         "the layout's `secret_squares` to deal the tokens to)")
        if dealt and len(squares) < len(secrets):
            self.add(f"{pointer}/secret_squares", f"{len(squares)} squares for {len(secrets)} secret tokens "
                     "(expected at least one square for each token)")

    def gateways(self, pointer: str, board: board_mod.Board) -> None:
        """A mission that counts its map portals (Hidden Keys: "There must be at least 3 portals in
        sight") has that many gateways on every board."""
        least = self.values.get("map_portals_min")
        if not isinstance(least, int):
            return
        found = sum(1 for y in range(board.height) for x in range(board.width)
                    if (board.square(x, y) or {}).get("kind") == "gateway")
        if found < least:
            self.add(f"{pointer}/tiles", f"{found} gateway{'s' * (found != 1)} on the board (expected at "
                     f"least {least}: the scenario's values.map_portals_min)")

    @staticmethod
    def supported(board: board_mod.Board, square: tuple[int, int], drums: set) -> bool:
        x, y = square
        if board.square(x, y)["kind"] in HOLDING or y + 1 >= board.height:
            return True
        below = board.square(x, y + 1)
        return (x, y + 1) in drums or (below is not None and below["kind"] in SUPPORTING)

    def one_powerup_per_tile(self, pointer: str, layout: dict, board: board_mod.Board) -> None:
        """ "Place a POWERUP on each tile": one token on every tile."""
        count = {where: 0 for where, *_ in board.placed}
        for _where, square, _entry in _entries(layout, "powerups"):
            holder = board.tile_at(*square) if square else None
            if holder:
                count[holder] += 1
        if not isinstance(layout.get("powerups"), list):
            return
        for where, n in count.items():
            if n != 1:
                self.add(where, f"the tile has {n} POWERUPs (expected one: \"Place a POWERUP on each tile\")")

    def references(self, pointer: str, layout: dict) -> None:
        for field, key, known, what in (("bugs", "bug", self.bugs, "BUG"), ("npcs", "npc", self.npcs, "NPC")):
            items = layout.get(field)
            for index, entry in enumerate(items if isinstance(items, list) else []):
                name = entry.get(key) if isinstance(entry, dict) else None
                if isinstance(name, str) and name not in known and self.game.readable(field):
                    self.add(f"{pointer}/{field}/{index}/{key}",
                             f"unknown {what} '{name}' (expected a record of {field}/: {_known(known)})")
                if field == "npcs" and name in known:
                    missions = known[name].get("missions")
                    if isinstance(missions, list) and self.scenario_id not in missions:
                        self.add(f"{pointer}/{field}/{index}/{key}",
                                 f"NPC '{name}' is placed here, but its record's missions do not list "
                                 f"'{self.scenario_id}' (expected npcs/{name}.yaml to name every mission it "
                                 "appears in)")

    def token_counts(self, pointer: str, layout: dict) -> None:
        """No more BUGs of a kind than the box has tokens ("14 BUGGIE Tokens", "4 BURP Tokens", ...)."""
        placed: dict[str, list[str]] = {}
        for where, _sq, entry in _entries(layout, "bugs"):
            if isinstance(entry.get("bug"), str):
                placed.setdefault(entry["bug"], []).append(where)
        for where, _sq, _entry in _entries(layout, "burps"):
            placed.setdefault("burp", []).append(where)
        for bug, pointers in placed.items():
            tokens = (self.bugs.get(bug) or {}).get("tokens")
            if isinstance(tokens, int) and len(pointers) > tokens:
                name = self.bugs[bug].get("name", bug)
                field = "burps" if bug == "burp" else "bugs"
                self.add(f"{pointer}/{field}", f"{len(pointers)} {name} tokens placed (expected at most "
                         f"{tokens}: the box has {tokens})")

    # ----- the mission as a whole ----------------------------------------------------------------------
    def coverage(self, layouts: list, players: dict | None) -> None:
        """Every player count of the mission has exactly one layout (the engine picks it by count)."""
        if not isinstance(players, dict) or not all(isinstance(players.get(k), int) for k in ("min", "max")):
            return
        owners: dict[int, list[int]] = {n: [] for n in range(players["min"], players["max"] + 1)}
        for index, layout in enumerate(layouts):
            bounds = layout.get("players") if isinstance(layout, dict) else None
            if not (isinstance(bounds, dict) and all(isinstance(bounds.get(k), int) for k in ("min", "max"))):
                continue
            for n in range(bounds["min"], bounds["max"] + 1):
                if n not in owners:
                    self.add(f"/play/layouts/{index}/players", f"{n} players is outside the mission's "
                             f"{players['min']}–{players['max']} (expected layouts within the mission's "
                             "players)")
                    break
                owners[n].append(index)
        missing = [n for n, found in owners.items() if not found]
        if missing:
            self.add("/play/layouts", f"no layout for {', '.join(map(str, missing))} players (expected one "
                     f"layout for each player count from {players['min']} to {players['max']})")
        for n, found in owners.items():
            if len(found) > 1:
                self.add(f"/play/layouts/{found[1]}/players", f"{n} players already has layout {found[0]} "
                         "(expected one layout for each player count)")

    def waves(self) -> None:
        roster = self.play.get("roster")
        roster = [b for b in roster if isinstance(b, str)] if isinstance(roster, list) else []
        if self.game.readable("bugs"):
            for index, bug in enumerate(roster):
                if bug not in self.bugs:
                    self.add(f"/play/roster/{index}", f"unknown BUG '{bug}' (expected a record of bugs/: "
                             f"{_known(self.bugs)})")
        active = self.play.get("active")
        for index, bug in enumerate(active if isinstance(active, list) else []):
            if isinstance(bug, str) and bug not in roster:
                self.add(f"/play/active/{index}", f"BUG '{bug}' is active but not in the roster (expected "
                         f"one of the roster: {', '.join(roster) or 'none'})")

    def goal_and_target(self, layouts: list) -> None:
        goal = self.play.get("goal") if isinstance(self.play.get("goal"), dict) else {}
        named: list[tuple[str, str]] = []
        for key in ("protect", "npcs"):
            items = goal.get(key)
            items = items if isinstance(items, list) else []
            named += [(f"/play/goal/{key}/{i}", n) for i, n in enumerate(items)]
        for key in ("last", "escort"):
            if isinstance(goal.get(key), str):
                named.append((f"/play/goal/{key}", goal[key]))
        target = self.play.get("primary_target")
        if isinstance(target, dict) and isinstance(target.get("npc"), str):
            named.append(("/play/primary_target/npc", target["npc"]))
        targets = target.get("npcs") if isinstance(target, dict) else None
        for index, npc in enumerate(targets if isinstance(targets, list) else []):
            named.append((f"/play/primary_target/npcs/{index}", npc))
        if isinstance(goal.get("last"), str) and isinstance(goal.get("npcs"), list) \
                and goal["last"] not in goal["npcs"]:
            self.add("/play/goal/last", f"'{goal['last']}' is to be saved last but is not among the goal's "
                     "npcs (expected one of them)")
        for where, npc in named:
            if not isinstance(npc, str):
                continue
            if npc not in self.npcs:
                if self.game.readable("npcs"):
                    self.add(where, f"unknown NPC '{npc}' (expected a record of npcs/: {_known(self.npcs)})")
                continue
            for index, layout in enumerate(layouts):
                placed = [n.get("npc") for n in (layout.get("npcs") or []) if isinstance(n, dict)] \
                    if isinstance(layout, dict) else []
                if npc not in placed:
                    self.add(where, f"NPC '{npc}' is not on the board of layout {index} (expected every NPC "
                             "the goal or the PRIMARY TARGET names in every layout)")
        self.keys_and_glitch(goal, layouts)
        self.goal_clock(goal)
        for key in ("bug",):
            bug = goal.get(key)
            if isinstance(bug, str) and bug not in self.bugs and self.game.readable("bugs"):
                self.add(f"/play/goal/{key}", f"unknown BUG '{bug}' (expected a record of bugs/: "
                         f"{_known(self.bugs)})")
        bugs = goal.get("bugs")
        for index, bug in enumerate(bugs if isinstance(bugs, list) else []):
            if isinstance(bug, str) and bug not in self.bugs and self.game.readable("bugs"):
                self.add(f"/play/goal/bugs/{index}", f"unknown BUG '{bug}' (expected a record of bugs/: "
                         f"{_known(self.bugs)})")


    def goal_clock(self, goal: dict) -> None:
        """A goal decided by the turn count reads it from the scenario: survive is won, and the portal
        opens, at the end of `time_limit.turn_sequences`; the portal still standing
        `second_round_turns_before_defeat` turns later loses (engine/powerup/missions.py turn_over)."""
        if goal.get("kind") not in ("survive", "destroy-portal"):
            return
        turns = self.time_limit.get("turn_sequences")
        if not isinstance(turns, int) or isinstance(turns, bool):
            self.add("/play/goal/kind", f"a {goal['kind']} goal needs the scenario's "
                     "time_limit.turn_sequences (expected the turn at whose end it is decided, as the card "
                     "prints it)")
        more = self.values.get("second_round_turns_before_defeat")
        if goal["kind"] == "destroy-portal" and (not isinstance(more, int) or isinstance(more, bool)):
            self.add("/play/goal/kind", "a destroy-portal goal needs the scenario's "
                     "values.second_round_turns_before_defeat (expected the turns the open portal may stand "
                     "before the mission is lost)")

    def keys_and_glitch(self, goal: dict, layouts: list) -> None:
        """keys-and-escape: every board hides the keys the goal names and has a GLITCH to escape on."""
        keys = goal.get("keys") if goal.get("kind") == "keys-and-escape" else None
        if not isinstance(keys, list):
            return
        for index, layout in enumerate(layouts):
            if not isinstance(layout, dict):
                continue
            hidden = {s.get("token") for s in layout.get("secrets") or [] if isinstance(s, dict)}
            for key in keys:
                if key not in hidden:
                    self.add(f"/play/layouts/{index}/secrets", f"goal token '{key}' is not among the secret "
                             "tokens (expected every key the goal names hidden on every board)")
            if not layout.get("glitches"):
                self.add(f"/play/layouts/{index}", "no GLITCH on the board (expected one: the goal is to "
                         "escape on it)")


def carry_over(game: Game, add_for: Callable[[object, str, str], None]) -> None:
    """ "Keep any BUGs from the previous mission": a mission that carries BUGs over has, for every player
    count, the board of the mission before it (the same tiles at the same squares), so the BUGs kept
    stand where they stood. `add_for(record, pointer, message)` reports a problem."""
    ordered = [r for r in game.sorted_scenarios()
               if isinstance(r.data.get("play"), dict) and r.data.get("mode") == "story"]
    for before, record in zip(ordered, ordered[1:], strict=False):
        if not record.data["play"].get("carry_over"):
            continue
        previous = before.data["play"]
        for n in _player_counts(record.data):
            mine, theirs = _layout_for(record.data["play"], n), _layout_for(previous, n)
            if mine is None or theirs is None:
                continue
            if _tiles(mine[1]) != _tiles(theirs[1]):
                add_for(record, f"/play/layouts/{mine[0]}/tiles",
                        f"the board for {n} player{'s' * (n != 1)} is not the one of '{before.file.stem}' "
                        f"(expected its layout {theirs[0]}'s tiles: the BUGs kept from the previous mission "
                        "stand where they were)")
                break


def npc_missions(game: Game, add_for: Callable[[object, str, str], None]) -> None:
    """An NPC record's `missions` name scenarios that place it on their boards."""
    scenarios = {stem: r.data for stem, r in game.scenarios.items()}
    for stem, record in sorted(game.records("npcs").items()):
        missions = record.data.get("missions")
        for index, mission in enumerate(missions if isinstance(missions, list) else []):
            if not isinstance(mission, str) or not game.readable("scenarios"):
                continue
            play = (scenarios.get(mission) or {}).get("play")
            layouts = play.get("layouts") if isinstance(play, dict) else None
            placed = {n.get("npc") for layout in (layouts if isinstance(layouts, list) else [])
                      if isinstance(layout, dict) for n in (layout.get("npcs") or []) if isinstance(n, dict)}
            if mission not in scenarios:
                add_for(record, f"/missions/{index}", f"unknown scenario '{mission}' (expected a scenario "
                        f"id: {_known(scenarios)})")
            elif stem not in placed:
                add_for(record, f"/missions/{index}", f"'{mission}' does not place {stem} on any of its "
                        "boards (expected the missions whose layouts have this NPC)")


def _player_counts(scenario: dict) -> range:
    players = scenario.get("players") or {}
    low, high = players.get("min"), players.get("max")
    return range(low, high + 1) if isinstance(low, int) and isinstance(high, int) else range(0)


def _layout_for(play: dict, n: int):
    for index, layout in enumerate(play.get("layouts") or []):
        bounds = layout.get("players") if isinstance(layout, dict) else None
        low, high = (bounds.get("min"), bounds.get("max")) if isinstance(bounds, dict) else (None, None)
        if isinstance(low, int) and isinstance(high, int) and low <= n <= high:
            return index, layout
    return None


def _tiles(layout: dict) -> list:
    placed = layout.get("tiles") if isinstance(layout.get("tiles"), list) else []
    return sorted((str(p.get("tile")), str(p.get("at"))) for p in placed if isinstance(p, dict))


def _known(values) -> str:
    values = sorted(values)
    return ", ".join(values) if values else "none defined yet"

"""What a POWERUP mission page draws from its `play` block (docs-dev/POWERUP.md, "A mission"): how the
mission plays, in sentences, and each layout's board as a side view (an SVG, render/board_svg.py) with its
pieces, in the board's notation, and a legend (templates/scenario.md.j2, _macros.j2 `board_legend`).

    mission_view(game, scenario) -> {"rows": [...], "layouts": [...], "legend": [...]}
"""

from __future__ import annotations

from engine.core.grid import notation

from ..model.board import compose_tiles
from ..model.content import Game
from ..text import words
from . import labels
from .board_svg import Piece, Square, svg, swatch
from .board_view import Terms

# The square kinds in the legend's order, each with what it does (docs-dev/POWERUP.md, "The board").
SQUARES = {
    "open": "air: a character needs something beneath it",
    "obstacle": "solid: blocks the way and sight, holds up whoever stands on it",
    "yellow-stair": "a solid step that lets sight through; walking into it lifts a character onto it",
    "ladder": "climb up or down for 1 AP",
    "automatic-staircase": "carries whoever arrives up, as far as it goes",
    "gateway": "1 action to any other unlocked gateway",
    "acid": "whoever falls in dies",
    "spike-trap": "a fall or a push into it: 1 damage and a push",
}
# The glossary term of a piece, by its css token (render/board_view.Terms links those the glossary has).
PIECE_TERMS = {"start": "bugbuster", "powerup-on": "powerup", "powerup-off": "powerup", "burp": "burp",
               "bug": "bug", "npc": "npc", "glitch": "glitch"}
# Short marks for the BUGs on a board (a name is too wide for a square); the legend spells them out.
BUG_MARKS = {
    "buggie": "Bg", "batbug": "Bt", "bigbug": "Bb", "bicefalus": "Bc", "blob": "Bl", "brasas": "Br",
    "bugdozer": "Bd", "burp": "Bp", "boss": "Bs", "bugmistress": "BM",
}
ARROW = {"left": "◂", "right": "▸"}
DECOR = {"ladder": ("rails",), "automatic-staircase": ("steps",), "gateway": ("ring",),
         "spike-trap": ("pit",)}  # marks drawn on a square of a kind (render/board_svg.py)
VOID = "No tile"  # a square no tile covers, by name


def _mark(name: str) -> str:
    """An NPC's mark: its name if short (PDR), else its initial and number (Scientist 1 → S1)."""
    digits = "".join(c for c in name if c.isdigit())
    return name if len(name) <= 3 else name[0].upper() + (digits or name[1:3])


def _names(ids, records: dict) -> str:
    names = [str((records.get(i) or {}).get("name") or words.title(i)) for i in ids]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def goal_text(goal: dict, bugs: dict, npcs: dict, scenario: dict | None = None) -> str:
    kind = goal.get("kind")
    scenario = scenario or {}
    turns = (scenario.get("time_limit") or {}).get("turn_sequences")
    values = scenario.get("values") or {}
    if kind == "survive":
        text = f"Keep {_names(goal['protect'], npcs)} alive until the end of turn sequence {turns}."
        if goal.get("die_when_attacked"):
            text += (" A BUG that gets into a position to attack one of them (next to it, or with it in its "
                     "line of shot and range) kills it at once, with no roll.")
        return text + " One who dies loses the mission."
    if kind == "destroy-portal":
        extra = words.count(values.get("extra_bug_cards_per_remaining_piece"), "more BUG card")
        return (f"Destroy the {values.get('portal_pieces')} parts of the dimensional portal. After turn "
                f"sequence {turns} a portal still standing opens: each part left spawns BUGs like a BURP and "
                f"brings {extra} "
                f"a turn; if any part stands after {values.get('second_round_turns_before_defeat')} more "
                "turn sequences, the mission is lost.")
    if kind == "keys-and-escape":
        keys = " and ".join(", ".join(k[-1].upper() for k in goal["keys"]).rsplit(", ", 1))
        return (f"Find the keys {keys} among the secret tokens, then escape: every key held by a BUGBUSTER "
                "aboard a GLITCH that flies off the board. A BUG that comes to rest on a secret token keeps "
                "it, and drops it where it dies; if a BUG reaches a gateway with a key, the mission is lost.")
    if kind == "reach-powerup":
        text = "Every BUGBUSTER enters a POWERUP alive."
        if goal.get("restarts"):
            text += (f" When one dies, the mission starts over from its setup, "
                     f"{words.count(goal['restarts'], 'time')} at most; one more death loses it.")
    elif kind == "exterminate":
        text = (f"Destroy every {_names(goal['bugs'], bugs)}." if goal.get("bugs")
                else "Destroy every BUG on the board, the BURPs included.")
    elif kind == "destroy":
        name = _names([goal["bug"]], bugs)
        text = f"Destroy the {name}." if goal.get("count", 1) == 1 else f"Destroy {goal['count']} {name}."
    elif kind == "rescue":
        text = f"Take {_names(goal['npcs'], npcs)} to a POWERUP"
        text += f", {_names([goal['last']], npcs)} last." if goal.get("last") else "."
        text += " One who dies loses the mission."
    elif kind == "destroy-burp-and-exit":
        text = (f"Destroy {words.count(goal.get('burps', 1), 'BURP')}, then take "
                f"{_names([goal['escort']], npcs)} to a POWERUP. If {_names([goal['escort']], npcs)} "
                "dies, the mission is lost.")
    else:
        text = words.label(kind)
    if goal.get("protect"):
        text += f" {_names(goal['protect'], npcs)} must stay alive."
    return text


def deathmatch_rows(game: Game, scenario: dict) -> list[dict]:
    """(label, text) rows of a Deathmatch (schema/powerup/play/deathmatch.schema.json): teams, preparation,
    initiative, the POWERUPs and the end, as the engine plays them (engine/powerup/deathmatch.py)."""
    play, values = scenario["play"], scenario.get("values") or {}
    teams = play["teams"]
    tiles = {stem: r.data for stem, r in game.tiles.items()}
    bases = _and([f"{t['name']} (base: {_tile_name(tiles, t['base'])})" for t in teams])
    to_win = values.get("scores_to_win")
    per_round = (game.meta.get("constants") or {}).get("turns_per_round")
    rounds = (play.get("time_limit") or {}).get("rounds")
    sequences = f" ({rounds * per_round} turn sequences)" if rounds and isinstance(per_round, int) else ""
    chips = play.get("secret_chips") or []
    coins = sorted(c["coins"] for c in chips if c["token"] == "coins")
    traps = sum(c["token"] == "buggie-trap" for c in chips)
    powerups = sum(c["token"] == "powerup" for c in chips)
    kinds = [f"{words.count(len(coins), 'Coin Bonus', 'Coin Bonuses')} ({_and([str(c) for c in coins])} "
             "coins)" if coins else "",
             words.count(traps, "Buggie Trap") if traps else "",
             words.count(powerups, "POWERUP") if powerups else ""]
    chips_text = (f"{words.count(len(chips), 'secret chip')} ({_and([k for k in kinds if k])}), mixed face "
                  "down, half for each team")
    return [
        {"label": "Goal", "text": (
            "Steal the rival team's robot from its base and bring it to your own base while your own robot "
            f"stands there. The first team with {words.count(to_win, 'point')} wins.")},
        {"label": "Teams", "text": (
            f"{bases}. Two players play one against one, three or four two against two (with three, one "
            "player manages two characters), five or six three against three.")},
        {"label": "Preparation", "text": (
            f"The teams take turns placing, {teams[0]['name']} first: a POWERUP for each tile (never two on "
            f"a tile), {chips_text}, an explosive drum each (not on a base), each robot on its base tile and "
            "each character on its base. Any piece may be left to chance.")},
        {"label": "Turn order", "text": (
            "Every turn sequence, the character with the most reaction points left plays first; a tie goes "
            "to the higher reaction points on the sheet, then to chance.")},
        {"label": "POWERUPs", "text": (
            "Entering one that is ON turns it OFF and opens the Deathmatch store: one of its four options. "
            f"Every POWERUP turns ON again every {words.count(play['relight_every'], 'turn sequence')} "
            "and after every score.")},
        {"label": "Death", "text": (
            f"A BUGBUSTER comes back at the POWERUP that is ON nearest its base with "
            f"{values.get('respawn_lives')} lives, its ammunition and reaction points, without "
            "its equipment cards (its POW! cards stay), protected until its first action. The POWERUP moves "
            "to where it died.")},
        {"label": "Time limit", "text": (
            f"{words.count(rounds, 'round')}{sequences}; then the team with more points wins, and equal "
            "scores are a draw")},
    ]


def mission_rows(game: Game, scenario: dict) -> list[dict]:
    """(label, text) rows: how the mission plays, in words."""
    play = scenario["play"]
    if scenario.get("mode") == "deathmatch":
        return deathmatch_rows(game, scenario)
    bugs = {stem: r.data for stem, r in game.records("bugs").items()}
    npcs = {stem: r.data for stem, r in game.records("npcs").items()}
    rows = [{"label": "Goal", "text": goal_text(play.get("goal") or {}, bugs, npcs, scenario)}]
    roster, active = play.get("roster") or [], play.get("active") or []
    waves = f"{_names([b for b in roster if b in active], bugs)} (active from the start)" if active else ""
    later = [b for b in roster if b not in active]
    if later:
        waves += ("; " if waves else "") + f"{_names(later, bugs)} (once the activation cost is paid)"
    rows.append({"label": "BUG waves", "text": waves})
    target = play.get("primary_target") or {}
    rows.append({"label": "PRIMARY TARGET", "text": (
        _names([target["npc"]], npcs) if "npc" in target
        else f"{_names(target['npcs'], npcs)}: each BUG heads for the nearest" if "npcs" in target
        else "the secret tokens on the board; a BUG keeping one heads for the nearest gateway"
        if target.get("secrets")
        else "the POWERUPs that are ON" if target.get("powerup")
        else "none: a BUG that sees no BUGBUSTER goes straight ahead")})
    per_round = (game.meta.get("constants") or {}).get("turns_per_round")
    rounds = (play.get("time_limit") or {}).get("rounds")
    if rounds:
        sequences = f" ({rounds * per_round} turn sequences)" if isinstance(per_round, int) else ""
        rows.append({"label": "Time limit", "text": f"{words.count(rounds, 'round')}{sequences}; then the "
                     "mission is lost"})
    elif (scenario.get("time_limit") or {}).get("none"):
        rows.append({"label": "Time limit", "text": "none, as the card says"})
    if play.get("npcs_use_doors") is False:
        rows.append({"label": "Doors", "text": "the non-player characters cannot use the gateways, on their "
                     "own moves or carried"})
    rows.append({"label": "Starting coins", "text": f"{play.get('coins', 0)} for each BUGBUSTER"})
    rows.append({"label": "Professions", "text": "each BUGBUSTER picks a Profession sheet at setup"
                 if play.get("professions") else "none"})
    if "bugs" in (play.get("carry_over") or []):
        rows.append({"label": "Kept from the mission before", "text": "its BUGs, where they stood (the "
                     "boards are the same); an occupant of their square is pushed"})
    reward = play.get("reward")
    if isinstance(reward, dict):
        text = str(reward.get("text", ""))
        if reward.get("kind") == "store":
            text += (f" (The end screen opens the POWERUP store to the group and gives each player "
                     f"{words.count(reward.get('pow_cards', 1), 'POW! card')}.)")
        rows.append({"label": "Reward", "text": text})
    return rows


def _pieces(layout: dict, bugs: dict, npcs: dict) -> dict[tuple, list[dict]]:
    """Every piece at setup by square: {css, mark, title}; characters first, then tokens."""
    found: dict[tuple, list[dict]] = {}

    def put(at, css, mark, title):
        if isinstance(at, list) and len(at) == 2:
            found.setdefault((at[0], at[1]), []).append({"css": css, "mark": mark, "title": title})

    def faced(mark, facing):
        return f"{ARROW.get(facing, '')}{mark}" if facing == "left" else f"{mark}{ARROW.get(facing, '')}"

    for seat, start in enumerate(layout.get("start") or [], 1):
        put(start.get("at"), "start", faced(str(seat), start.get("facing")),
            f"BUGBUSTER {seat} starts here, facing {start.get('facing')}")
    for burp in layout.get("burps") or []:
        put(burp.get("at"), "burp", faced(BUG_MARKS["burp"], burp.get("facing")),
            f"BURP, facing {burp.get('facing')}")
    for bug in layout.get("bugs") or []:
        name = str((bugs.get(bug.get("bug")) or {}).get("name") or bug.get("bug"))
        put(bug.get("at"), "bug", faced(BUG_MARKS.get(bug.get("bug"), name[:2]), bug.get("facing")),
            f"{name}, facing {bug.get('facing')}")
    for npc in layout.get("npcs") or []:
        name = str((npcs.get(npc.get("npc")) or {}).get("name") or npc.get("npc"))
        put(npc.get("at"), "npc", faced(_mark(name), npc.get("facing")),
            f"{name}, facing {npc.get('facing')}")
    for powerup in layout.get("powerups") or []:
        on = powerup.get("on")
        put(powerup.get("at"), "powerup-on" if on else "powerup-off", "P",
            f"POWERUP, {'ON' if on else 'OFF'}")
    for drum in layout.get("drums") or []:
        put(drum, "drum", "D", "Explosive drum")
    for secret in layout.get("secrets") or []:
        put(secret.get("at"), "secret", "?", "Secret token")
    for square in layout.get("secret_squares") or []:
        put(square, "secret", "?", "A square a secret token may be dealt to")
    for glitch in layout.get("glitches") or []:
        put(glitch.get("at"), "glitch", "GL", "GLITCH")
    for part in layout.get("portal") or []:
        put(part.get("at"), "bug", faced("Pt", part.get("facing")),
            f"Portal part, its mouth facing {part.get('facing')}")
    return found


def _in_words(layout: dict, bugs: dict, npcs: dict) -> list[dict]:
    """The pieces of a layout as lines of text (the board's squares say the same in pictures)."""
    def at_facing(entry):
        return f"{notation(entry['at'])} {ARROW.get(entry.get('facing'), '')}".strip()

    lines = [{"label": "BUGBUSTERs start", "text": ", ".join(
        f"{seat} at {at_facing(s)}" for seat, s in enumerate(layout.get("start") or [], 1))}]
    if not layout.get("start"):  # a Deathmatch: the teams place everything (its bases are `bases` lines)
        lines = []
    powerups = layout.get("powerups") or []
    for state, label in ((True, "POWERUPs ON"), (False, "POWERUPs OFF")):
        squares = [notation(p["at"]) for p in powerups if bool(p.get("on")) is state]
        if squares:
            lines.append({"label": label, "text": ", ".join(squares)})
    if layout.get("burps"):
        lines.append({"label": "BURPs", "text": ", ".join(at_facing(b) for b in layout["burps"])})
    if layout.get("bugs"):
        lines.append({"label": "BUGs", "text": ", ".join(
            f"{(bugs.get(b['bug']) or {}).get('name', b['bug'])} at {at_facing(b)}" for b in layout["bugs"])})
    if layout.get("npcs"):
        lines.append({"label": "Non-player characters", "text": ", ".join(
            f"{(npcs.get(n['npc']) or {}).get('name', n['npc'])} at {at_facing(n)}" for n in layout["npcs"])})
    if layout.get("drums"):
        lines.append({"label": "Explosive drums", "text": ", ".join(notation(d) for d in layout["drums"])})
    if layout.get("secrets") and layout.get("secret_squares"):
        squares = layout["secret_squares"]
        lines.append({"label": "Secret tokens", "text": (
            f"{words.count(len(layout['secrets']), 'token')} ({_secret_contents(layout['secrets'])}), dealt "
            f"at random to {len(layout['secrets'])} of these {len(squares)} squares: "
            + ", ".join(notation(sq) for sq in squares))})
    elif layout.get("secrets"):
        lines.append({"label": "Secret tokens",
                      "text": ", ".join(notation(s["at"]) for s in layout["secrets"])})
    if layout.get("portal"):
        lines.append({"label": "Dimensional portal",
                      "text": ", ".join(at_facing(p) for p in layout["portal"])})
    if layout.get("glitches"):
        lines.append({"label": "GLITCHes", "text": ", ".join(notation(g["at"]) for g in layout["glitches"])})
    return lines


def _secret_contents(secrets: list) -> str:
    """What a set of secret tokens hides, in words: "the keys A, B and C, Coin Bonuses of 3 and 5 coins and
    a Buggie Trap"."""
    keys = sorted(s["token"][-1].upper() for s in secrets if s["token"].startswith("goal-"))
    coins = sorted(s["coins"] for s in secrets if s["token"] == "coins")
    traps = sum(1 for s in secrets if s["token"] == "buggie-trap")
    parts = []
    if keys:
        parts.append(f"the key {keys[0]}" if len(keys) == 1 else f"the keys {_and(keys)}")
    if coins:
        parts.append(f"a Coin Bonus of {words.count(coins[0], 'coin')}" if len(coins) == 1
                     else f"Coin Bonuses of {_and([str(c) for c in coins])} coins")
    if traps:
        parts.append("a Buggie Trap" if traps == 1 else f"{traps} Buggie Traps")
    return _and(parts)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _squares(board, zones: dict | None = None) -> list[list[Square]]:
    """The side view's squares: every cell of the board's rectangle, a square no tile covers as the void;
    `zones` {(x, y): (css token, name)} outlines a team's base."""
    rows = []
    for y, row in enumerate(board.squares):
        cells = []
        for x, square in enumerate(row):
            kind = square["kind"] if square else "void"
            zone, name = (zones or {}).get((x, y), (None, None))
            label = words.label(kind) if square else VOID
            cells.append(Square(kind, f"tome-bd-sq--{kind}", f"{label}, {name}" if name else label,
                                zone=zone, decor=DECOR.get(kind, ())))
        rows.append(cells)
    return rows


def _bases(play: dict, layout: dict, tiles: dict) -> tuple[dict, list[dict]]:
    """A Deathmatch layout's bases: the squares each team's base tile covers {(x, y): (zone, name)} and a
    line of words for each."""
    zones, lines = {}, []
    for team in play.get("teams") or []:
        place = next((p for p in layout.get("tiles") or [] if p.get("tile") == team.get("base")), None)
        rows = (tiles.get(team.get("base")) or {}).get("rows") or []
        if place is None or not rows:
            continue
        (x0, y0), size = place["at"], len(rows)
        for dy in range(size):
            for dx in range(size):
                zones[(x0 + dx, y0 + dy)] = (f"base-{team['id']}", f"{team['name']}'s base")
        lines.append({"label": f"{team['name']}'s base", "text": (
            f"{_tile_name(tiles, team['base'])}, {notation([x0, y0])} to "
            f"{notation([x0 + size - 1, y0 + size - 1])}")})
    return zones, lines


def _tile_name(tiles: dict, tile_id: str) -> str:
    """ "tile 21, RED Base"."""
    tile = tiles.get(tile_id) or {}
    number = f"tile {tile['number']}" if tile.get("number") is not None else words.title(tile_id)
    return f"{number}, {tile['name']}" if tile.get("name") else number


def mission_view(game: Game, scenario: dict) -> dict:
    """The mission's rows, each layout's board (an SVG and its pieces in words) and the legend."""
    play, title = scenario["play"], scenario["title"]
    words_ = labels.current()["board"]
    tiles = {stem: r.data for stem, r in game.tiles.items()}
    bugs = {stem: r.data for stem, r in game.records("bugs").items()}
    npcs = {stem: r.data for stem, r in game.records("npcs").items()}
    kinds: set[str] = set()
    pieces_used: dict[str, str] = {}
    boards = []
    for index, layout in enumerate(play.get("layouts") or [], 1):
        board = compose_tiles(layout.get("tiles"), tiles, "")
        zones, base_lines = _bases(play, layout, tiles)
        rows = _squares(board, zones)
        kinds.update(square.kind for row in rows for square in row)
        found = _pieces(layout, bugs, npcs)
        pieces = [Piece(x, y, "badge", p["css"], p["title"], p["mark"])
                  for (x, y), here in found.items() for p in here]
        for entry in (p for ps in found.values() for p in ps):
            pieces_used.setdefault(entry["css"], entry["mark"])
        players = layout.get("players") or {}
        low, high = players.get("min"), players.get("max")
        count = f"{low}" if low == high else f"{low}–{high}"
        n_tiles = len(layout.get("tiles") or [])
        heading = f"{count} player{'s' * (high != 1)}: {words.count(n_tiles, 'tile')}"
        in_words = base_lines + _in_words(layout, bugs, npcs)
        lines = [f"{line['label']}: {line['text']}" for line in in_words]
        boards.append({
            "title": heading,
            "svg": svg(f"tome-board-{index}", words_["layout_title"].format(title=title, players=heading),
                       rows, pieces, lines, variant="side"),
            "pieces": in_words,
            "provenance": layout.get("provenance"),
        })
    terms = Terms(game)
    legend = [{"swatch": swatch("square", f"tome-bd-sq--{k}", DECOR.get(k, ()), variant="side"),
               "name": words.label(k), "text": t, "term": terms(k)} for k, t in SQUARES.items() if k in kinds]
    if "void" in kinds:
        legend.append({"swatch": swatch("square", "tome-bd-sq--void", variant="side"), "name": VOID,
                       "text": "the void: a character there dies", "term": terms("void")})
    bug_ids = [b for layout in play.get("layouts") or [] for b in
               ["burp"] * bool(layout.get("burps")) + [e.get("bug") for e in layout.get("bugs") or []]]
    marked: list[tuple[str, str, str]] = []  # (css, mark, name)
    for css, name in (("start", "BUGBUSTER start (its seat, ▸ facing right, ◂ left)"),
                      ("powerup-on", "POWERUP, ON"), ("powerup-off", "POWERUP, OFF")):
        if css in pieces_used:
            marked.append((css, "1" if css == "start" else "P", name))
    for bug in dict.fromkeys(bug_ids):
        marked.append(("burp" if bug == "burp" else "bug", BUG_MARKS.get(bug, str(bug)[:2]),
                       str((bugs.get(bug) or {}).get("name") or bug)))
    if any(layout.get("portal") for layout in play.get("layouts") or []):
        marked.append(("bug", "Pt", "Portal part (the dimensional portal)"))
    placed = [n.get("npc") for layout in play.get("layouts") or [] for n in layout.get("npcs") or []]
    for npc in dict.fromkeys(placed):
        name = str((npcs.get(npc) or {}).get("name") or npc)
        marked.append(("npc", _mark(name), name))
    dealt = any(layout.get("secret_squares") for layout in play.get("layouts") or [])
    secret = "A square a secret token may be dealt to (at random, at setup)" if dealt else "Secret token"
    for css, mark, name in (("drum", "D", "Explosive drum"), ("secret", "?", secret),
                            ("glitch", "GL", "GLITCH")):
        if css in pieces_used:
            marked.append((css, mark, name))
    legend += [{"swatch": swatch("badge", css, mark=mark), "name": name, "text": "",
                "term": terms(PIECE_TERMS.get(css, css))} for css, mark, name in marked]
    for team in play.get("teams") or []:  # a Deathmatch's bases, outlined in the team's colour
        legend.append({"swatch": swatch("zone", f"base-{team['id']}", variant="side"),
                       "name": f"{team['name']}'s base", "text": "its robot and its characters start here; "
                       "score here", "term": None})
    return {"rows": mission_rows(game, scenario), "layouts": boards, "legend": legend}

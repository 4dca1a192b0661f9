"""What a gallery card shows beyond its generic fields, for decks whose cards are mostly numbers: named in
galleries.yaml by a gallery's `summary`, drawn by gallery_pages.face().

    face_parts(summary, data, game, large) -> Parts(meta, stats, blocks, drawn)

`defaults(summary, data)` gives what an item's absent keys mean (a weapon without a damage type does plain
damage), for the gallery's filters. `meta` words go after the card's type, `stats` are small labelled values
beside its cost, `blocks` are text lines (HTML, escaped); `drawn` are the item's keys the card now shows, left
out of the item page's Details. Every number comes from the item; the names of special actions and BUGs come
from the game's own records (lists/equipment-special-actions.yaml, bugs/*.yaml), never from here. Only the
words are ours.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from markupsafe import Markup, escape

from ..model.content import Game
from ..text.words import count
from .markdown_html import inline_html


@dataclass
class Parts:
    meta: list[str] = field(default_factory=list)
    stats: list[dict] = field(default_factory=list)
    blocks: list[dict] = field(default_factory=list)
    drawn: frozenset[str] = frozenset()


def _list_items(game: Game, list_id: str) -> dict[str, dict]:
    record = game.records("lists").get(list_id)
    items = (record.data.get("items") if record else None) or []
    return {i["id"]: i for i in items if isinstance(i, dict) and isinstance(i.get("id"), str)}


def _record_name(game: Game, kind: str, record_id: object) -> str:
    record = game.records(kind).get(str(record_id))
    name = record.data.get("name") if record else None
    return str(name or record_id)


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


# ---------------------------------------------------------------- POWERUP: POW! cards

LETTER_WILD = "wild"


def pow_card(data: dict, game: Game, large: bool) -> Parts:
    """The letter to form EPIC (a wild card is "any letter")."""
    letter = data.get("letter")
    stats = []
    if letter == LETTER_WILD:
        stats.append({"kind": "letter", "label": "Letter", "value": "any (wild)",
                      "title": "Use it like any EPIC letter"})
    elif isinstance(letter, str):
        stats.append({"kind": "letter", "label": "Letter", "value": letter,
                      "title": f"The letter {letter}, to form the word EPIC"})
    return Parts(stats=stats, drawn=frozenset({"letter", "effect", "values", "display_name"}))


# ---------------------------------------------------------------- POWERUP: BUG cards


def bug_card(data: dict, game: Game, large: bool) -> Parts:
    """The SPAWN value and the BUG released by the automatic SPAWN."""
    stats, blocks = [], []
    spawn = _int(data.get("spawn"))
    if spawn is not None:
        stats.append({"kind": "spawn", "label": "SPAWN", "value": str(spawn),
                      "title": f"SPAWN value {spawn}: BUGs whose SPAWN costs add up to {spawn}"})
    if data.get("auto_spawn"):
        name = _record_name(game, "bugs", data["auto_spawn"])
        blocks.append({"kind": "auto-spawn", "label": "Automatic SPAWN:",
                       "html": Markup("{} (solo or AI games)").format(name)})
    return Parts(stats=stats, blocks=blocks, drawn=frozenset({"spawn", "auto_spawn", "effect", "values"}))


# ---------------------------------------------------------------- POWERUP: equipment cards

CATEGORY = {"distance": "Distance weapon", "melee": "Melee weapon", "armor": "Armor"}
GRENADE = "Grenade"
DESTROYED = {
    "out-of-ammo": "when its bearer runs out of ammunition",
    "blunder": "by a blunder (a BUG face) in a roll with it",
    "melee-lost": "when its bearer loses a melee combat",
    "single-use": "after one use",
    "never": "never",
}
BLAST = {"cross": "the square it reaches and the four beside it (top, bottom, left and right)"}
WEAPON_KEYS = frozenset(
    {"category", "dice", "range", "damage", "armor", "speed", "specials", "destroyed_when", "blast"}
)


def weapon_line(weapon: dict) -> str:
    """A weapon's numbers as one readable line: "+1 white die, +1 yellow die · range 2 · piercing damage"."""
    parts = []
    dice = weapon.get("dice") if isinstance(weapon.get("dice"), dict) else {}
    bonus = [f"+{count(n, colour + ' die', colour + ' dice')}" for colour in ("white", "yellow")
             if (n := _int(dice.get(colour))) and n > 0]
    if bonus:
        parts.append(", ".join(bonus))
    reach = weapon.get("range")
    if _int(reach) is not None:
        parts.append(f"range {reach}")
    elif reach == "yellow-die":
        parts.append("range: the hits of a yellow die")
    if weapon.get("category") in ("distance", "melee"):
        parts.append(f"{weapon.get('damage') or weapon_defaults(weapon)['damage']} damage")
    armor = _int(weapon.get("armor"))
    if armor:
        parts.append(f"+{armor} armor")
    return " · ".join(parts)


def weapon(data: dict, game: Game, large: bool) -> Parts:
    """A <weapon> (an equipment card): category, numbers, speed, special actions, blast and destruction."""
    category = data.get("category")
    meta = [GRENADE if data.get("blast") else CATEGORY.get(str(category), str(category or ""))]
    stats = []
    if category in ("distance", "melee"):
        speed = _int(data.get("speed"))
        printed = speed is not None
        speed = speed if printed else 1
        stats.append({"kind": "speed", "label": "Speed", "value": str(speed),
                      "title": f"Speed {speed}" + ("" if printed else " (no number on the card)")})
    blocks = []
    line = weapon_line(data)
    if line:
        blocks.append({"kind": "weapon", "label": "", "html": escape(line)})
    if data.get("blast") in BLAST:
        blocks.append({"kind": "blast", "label": "Blast:", "html": escape(BLAST[data["blast"]])})
    known = _list_items(game, "equipment-special-actions")
    specials = [s for s in data.get("specials") or [] if isinstance(s, str)]
    if specials and large:
        for special in specials:
            item = known.get(special, {})
            blocks.append({"kind": "special", "label": f"{item.get('name') or special}:",
                           "html": inline_html(item.get("text") or "")})
    elif specials:
        names = ", ".join(str(known.get(s, {}).get("name") or s) for s in specials)
        blocks.append({"kind": "special", "label": "Special:", "html": escape(names)})
    destroyed = data.get("destroyed_when")
    if destroyed in DESTROYED:
        words = DESTROYED[destroyed]
        text = "Never destroyed" if destroyed == "never" else f"Destroyed {words}"
        blocks.append({"kind": "destroyed", "label": "", "html": escape(text + ".")})
    return Parts(meta=[m for m in meta if m], stats=stats, blocks=blocks, drawn=WEAPON_KEYS)


def weapon_defaults(data: dict) -> dict:
    """What a weapon's absent fields mean: plain damage, speed 1 (not for armor, which has neither)."""
    if data.get("category") not in ("distance", "melee"):
        return {}
    return {"damage": "plain", "speed": 1}


# ---------------------------------------------------------------- the hero trading card game (Spanish)

TCG_STATS = (("nivel", "Nivel"), ("vida", "Vida"), ("coste", "Costo"), ("ataque", "Ataque"),
             ("defensa", "Defensa"))
TCG_KEYS = frozenset({"nombre", "elemento", "texto", "especialidad", "efecto", "params",
                      *(key for key, _ in TCG_STATS)})


def tcg_card(data: dict, game: Game, large: bool) -> Parts:
    """A card of the hero trading card game (docs-dev/TCG.md): its numbers, its text and its Especialidad
    (with the CFEs it costs), in Spanish; the effect it names is what the text says."""
    stats = []
    for key, word in TCG_STATS:
        value = _int(data.get(key))
        if value is not None:
            stats.append({"kind": key, "label": word, "value": str(value), "title": f"{word} {value}"})
    blocks = []
    if isinstance(data.get("texto"), str):
        blocks.append({"kind": "text", "label": "", "html": inline_html(data["texto"])})
    special = data.get("especialidad")
    if isinstance(special, dict) and isinstance(special.get("texto"), str):
        cost = _int(special.get("coste"))
        word = f"Especialidad ({cost} CFE):" if cost else "Especialidad:"
        blocks.append({"kind": "especialidad", "label": word, "html": inline_html(special["texto"])})
    return Parts(stats=stats, blocks=blocks, drawn=TCG_KEYS)


def _tcg_names(game: Game) -> dict[str, str]:
    """Card id -> its Spanish name, over every card file of the game."""
    names = {}
    for record in game.decks.values():
        for card in record.data.get("cards") or []:
            if isinstance(card, dict) and isinstance(card.get("id"), str):
                names[card["id"]] = str(card.get("nombre") or card["id"])
    return names


def tcg_deck(data: dict, game: Game, large: bool) -> Parts:
    """A ready deck of the hero trading card game: its text, its Mazo de Héroes and its Mazo Principal as
    the cards' names with their copies."""
    names = _tcg_names(game)
    blocks = []
    if isinstance(data.get("descripcion"), str):
        blocks.append({"kind": "text", "label": "", "html": inline_html(data["descripcion"])})
    heroes = [names.get(h, str(h)) for h in data.get("heroes") or [] if isinstance(h, str)]
    if heroes:
        blocks.append({"kind": "heroes", "label": f"Mazo de Héroes ({len(heroes)}):",
                       "html": escape(", ".join(heroes))})
    entries = [e for e in data.get("cartas") or [] if isinstance(e, dict) and isinstance(e.get("carta"), str)]
    total = sum(e["copias"] for e in entries if _int(e.get("copias")))
    if entries and large:
        listed = ", ".join(f"{e.get('copias')} × {names.get(e['carta'], e['carta'])}" for e in entries)
        label = f"Mazo Principal ({total} cartas):"
        blocks.append({"kind": "cartas", "label": label, "html": escape(listed)})
    elif entries:
        blocks.append({"kind": "cartas", "label": "Mazo Principal:",
                       "html": escape(f"{total} cartas, {len(entries)} distintas")})
    return Parts(blocks=blocks, drawn=frozenset({"nombre", "descripcion", "heroes", "cartas"}))


SUMMARIES: dict[str, Callable[[dict, Game, bool], Parts]] = {
    "pow-card": pow_card,
    "bug-card": bug_card,
    "weapon": weapon,
    "tcg-card": tcg_card,
    "tcg-deck": tcg_deck,
}


def face_parts(summary: str | None, data: dict, game: Game, large: bool) -> Parts:
    """The parts the gallery's `summary` adds to one card (none when it names no summary)."""
    if not summary:
        return Parts()
    return SUMMARIES[summary](data, game, large)


DEFAULTS: dict[str, Callable[[dict], dict]] = {"weapon": weapon_defaults}


def defaults(summary: str | None, data: dict) -> dict:
    """{item key: value} for the keys an item of this summary may leave out, as they read (for filters)."""
    one = DEFAULTS.get(summary or "")
    return one(data) if one else {}

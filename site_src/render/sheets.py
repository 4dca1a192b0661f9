"""POWERUP's sheets and small tables drawn for a reader, in the words of the printed sheets.

The generic record drawing (records.py) would show a BUG sheet as nested field names ("Melee: White 1,
Yellow 2") and ability ids; these fields get a table of their own instead:

    bugs/<id>          sheet, angry      the BUG sheet (and the BUGMISTRESS's VERY ANGRY level)
    bugbusters/<id>    sheet, epic       the character sheet, its EPIC side, their weapons
    professions/<id>   abilities         the two abilities, each its name and text
    lists/dice-faces   dice              how many faces of each kind each die has
    tables/<id>        rows              the rows, keyed in the table's own words
    stores/<id>        offers            what each offer costs, when the store prices them

    drawn(game, kind, data, page_url) -> {field: (section title, html)}

Names come from the game's lists (lists/bug-abilities.yaml, lists/protections.yaml,
lists/equipment-special-actions.yaml), linked to where they are explained; numbers come from the data.
Everything inserted is escaped.
"""

from __future__ import annotations

from collections.abc import Callable

from markupsafe import Markup, escape

from ..model.content import Game
from ..text.words import count, label
from . import urls
from .markdown_html import inline_html
from .records import _block, provenance_html

GAME = "powerup"

SHEET_TITLES = {
    ("bugs", "sheet"): "BUG sheet",
    ("bugs", "angry"): "VERY ANGRY mode (level 2)",
    ("bugbusters", "sheet"): "Character sheet",
    ("bugbusters", "epic"): "EPIC side",
    ("professions", "abilities"): "Abilities",
    ("lists", "dice"): "The faces of each die",
    ("tables", "rows"): "The table",
    ("stores", "offers"): "Offers",
}
CATEGORIES = {"distance": "Distance", "melee": "Melee", "armor": "Armor"}
DESTROYED = {
    "never": "never", "out-of-ammo": "when out of ammunition", "blunder": "on a blunder (BUG face)",
    "melee-lost": "when it loses a melee combat", "single-use": "after one use",
}


def _rows(rows: list[tuple[str, object]]) -> str:
    body = "".join(f'<tr><th scope="row">{escape(name)}</th><td>{value}</td></tr>' for name, value in rows)
    return f'<table class="tome-sheet"><tbody>{body}</tbody></table>'


def _table(head: list[str], rows: list[list[object]]) -> str:
    cells = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"


def dice_words(dice: object) -> str:
    """{white: 2, yellow: 1} → "2 white dice + 1 yellow die"; no dice → "none"."""
    if not isinstance(dice, dict):
        return "none"
    parts = [count(dice[c], f"{c} die", f"{c} dice") for c in ("white", "yellow")
             if isinstance(dice.get(c), int) and dice[c] > 0]
    return " + ".join(parts) or "none"


class _Names:
    """Item names of the game's lists and gallery pages, as links from one page."""

    def __init__(self, game: Game, page: str):
        self.game, self.page = game, page

    def link(self, text: str, target: str) -> str:
        return f'<a href="{escape(urls.relative_url(self.page, target))}">{escape(text)}</a>'

    def listed(self, list_id: str, item_id: str) -> str:
        record = self.game.records("lists").get(list_id)
        items = record.data.get("items") if record else None
        for item in items if isinstance(items, list) else []:
            if isinstance(item, dict) and item.get("id") == item_id:
                name = str(item.get("name") or label(item_id))
                return self.link(name, f"{GAME}/lists/{list_id}/#{item_id}")
        return str(escape(label(item_id)))

    def special(self, item_id: str) -> str:
        record = self.game.records("lists").get("equipment-special-actions")
        items = record.data.get("items") if record else None
        for item in items if isinstance(items, list) else []:
            if isinstance(item, dict) and item.get("id") == item_id:
                name = str(item.get("name") or label(item_id))
                return self.link(name, f"{GAME}/special-actions/{item_id}/")
        return str(escape(label(item_id)))

    def many(self, ids: object, one: Callable[[str], str], none: str = "none") -> str:
        found = [one(i) for i in ids if isinstance(i, str)] if isinstance(ids, list) else []
        return ", ".join(found) or none


def _bug_sheet(sheet: dict, data: dict, names: _Names) -> str:
    points = names.game.meta.get("constants", {}).get("score_per_spawn_cost")
    spawn = str(sheet.get("spawn_cost"))
    if isinstance(points, int) and isinstance(sheet.get("spawn_cost"), int):
        spawn += f" (defeating it scores {sheet['spawn_cost'] * points} points)"
    activation = str(sheet.get("activation_cost"))
    if sheet.get("activation_cost") == 0 and data.get("active_from_start"):
        activation = "0: active from the start"
    ranged = sheet.get("ranged") if isinstance(sheet.get("ranged"), dict) else {}
    if ranged.get("range"):
        reach = f"{dice_words(ranged)}, up to {count(ranged['range'], 'square')} away"
        if ranged.get("damage"):
            reach += f", {ranged['damage']} damage"
    else:
        reach = "none"
    rows: list[tuple[str, object]] = [
        ("SPAWN cost", escape(spawn)),
        ("Activation cost", escape(activation)),
        ("Lives", escape(sheet.get("lives"))),
        ("Armor", escape(sheet.get("armor"))),
        ("Melee combat", escape(dice_words(sheet.get("melee")))),
        ("Range attack", escape(reach)),
        ("Actions per turn", escape(sheet.get("actions"))),
        ("Attacks per turn", escape(sheet.get("attacks"))),
    ]
    if sheet.get("reaction"):
        restored = f"{sheet['reaction']}, restored at the start of each BUGs' turn"
        rows.append(("Reaction points", escape(restored)))
    rows += [
        ("Special abilities", names.many(sheet.get("abilities"), lambda i: names.listed("bug-abilities", i))),
        ("Protection", names.many(sheet.get("protections"), lambda i: names.listed("protections", i))),
        ("Coins left behind", escape(sheet.get("coins"))),
    ]
    if sheet.get("opens_fire"):
        rows.append(("On reaching this mode", "opens fire at once"))
    return _rows(rows)


def _weapons(weapons: object, names: _Names) -> str:
    weapons = [w for w in weapons if isinstance(w, dict)] if isinstance(weapons, list) else []
    if not weapons:
        return ""
    rows = []
    for w in weapons:
        kind = CATEGORIES.get(str(w.get("category")), label(w.get("category")))
        if w.get("armor"):
            kind += f" (+{w['armor']} armor)"
        reach = w.get("range")
        if reach == "yellow-die":
            reach = "a yellow die roll"
        else:
            reach = count(reach, "square") if isinstance(reach, int) else "—"
        specials = [names.many(w.get("specials"), names.special, none="")]
        specials += [f"speed {w['speed']}"] if isinstance(w.get("speed"), int) else []
        destroyed = DESTROYED.get(str(w.get("destroyed_when")), label(w.get("destroyed_when")))
        rows.append([
            escape(w.get("name", "")), escape(kind),
            escape(dice_words(w.get("dice")) if w.get("dice") else "—"),
            escape(reach), escape(w.get("damage") or "plain"),
            ", ".join(s for s in specials if s) or "—", escape(destroyed),
        ])
    head = ["Weapon", "Type", "Bonus dice", "Range", "Damage", "Special actions", "Destroyed"]
    if all(w.get("destroyed_when") == "never" for w in weapons):  # said once, under the table
        head, rows = head[:-1], [row[:-1] for row in rows]
        never = "It is never destroyed." if len(rows) == 1 else "None of them is ever destroyed."
        return _table(head, rows) + f"<p>{never}</p>"
    return _table(head, rows)


def _bugbuster_sheet(sheet: dict, names: _Names) -> str:
    rows = [
        ("Melee combat", escape(dice_words(sheet.get("melee")))),
        ("Distance combat", escape(dice_words(sheet.get("ranged")))),
        ("Reaction points", escape(f"{sheet.get('reaction')} (also the maximum)")),
        ("Ammunition", escape(f"{sheet.get('ammo')} (also the maximum)")),
        ("Armor", escape(sheet.get("armor"))),
    ]
    heading = "<p><strong>Basic weapons</strong> (equipped at setup)</p>"
    return _rows(rows) + heading + _weapons(sheet.get("weapons"), names)


def _epic(epic: dict, names: _Names) -> str:
    rows = [
        ("Melee combat", escape(dice_words(epic.get("melee")))),
        ("Distance combat", escape(dice_words(epic.get("ranged")))),
        ("Armor", escape(epic.get("armor"))),
        ("Bonus reaction points", escape(f"+{epic.get('reaction_bonus')}")),
        ("Bonus ammunition", escape(f"+{epic.get('ammo_bonus')}")),
    ]
    heading = "<p><strong>EPIC weapon</strong> (the only one usable while EPIC)</p>"
    return _rows(rows) + heading + _weapons(epic.get("weapons"), names)


def _abilities(abilities: list) -> str:
    rows = []
    for ability in abilities:
        if isinstance(ability, dict):
            anchor = f' id="{escape(ability["id"])}"' if isinstance(ability.get("id"), str) else ""
            name, text = escape(ability.get("name", "")), inline_html(str(ability.get("text", "")))
            rows.append(f"<dt{anchor}>{name}</dt><dd>{text}</dd>")
    return f'<dl class="tome-data">{"".join(rows)}</dl>'


def _dice(dice: dict, data: dict) -> str:
    items = [i for i in data.get("items") or [] if isinstance(i, dict)]
    colours = [c for c in ("white", "yellow") if isinstance(dice.get(c), list)]
    rows = []
    for item in items:
        counts = [dice[c].count(item.get("id")) for c in colours]
        if any(counts):
            rows.append([escape(item.get("name") or label(item.get("id"))), *(escape(n) for n in counts)])
    return _table(["Face", *(f"{label(c)} die" for c in colours)], rows)


def _table_rows(rows: list, data: dict) -> str:
    rows = [r for r in rows if isinstance(r, dict) and isinstance(r.get("at_least"), int)]
    printed = any(r.get("printed") for r in rows)
    out = []
    for index, row in enumerate(rows):
        nxt = rows[index + 1]["at_least"] if index + 1 < len(rows) else None
        low = row["at_least"]
        key = f"{low} or more" if nxt is None else str(low) if nxt == low + 1 else f"{low}–{nxt - 1}"
        cells = [escape(key), escape(row.get("value"))]
        out.append(cells + [escape(row.get("printed", ""))] if printed else cells)
    head = [label(data.get("key") or "key"), label(data.get("value") or "value")]
    head += ["As printed"] if printed else []
    return _table(head, out)


def _offers(offers: list) -> str:
    rows, notes = [], []
    for offer in (o for o in offers if isinstance(o, dict)):
        price = offer.get("price")
        if isinstance(price, int):
            cost = count(price, "coin")
            amount = offer.get("amount")
            cost += f" for {amount}" if isinstance(amount, int) else ""
        else:
            cost = "—"
        rows.append([inline_html(str(offer.get("text", ""))), escape(cost)])
        if isinstance(offer.get("provenance"), dict):
            notes.append(f"<li><p><strong>{inline_html(str(offer.get('text', '')))}</strong></p>"
                         f"{provenance_html(offer['provenance'])}</li>")
    notes_html = f'<ul class="tome-items">{"".join(notes)}</ul>' if notes else ""
    return _table(["Offer", "Price"], rows) + notes_html


def drawn(game: Game, kind: str, data: dict, page_url: str) -> dict[str, tuple[str, Markup]]:
    """{field: (section title, html)} for the fields of this record drawn here (none for other games)."""
    if game.id != GAME:
        return {}
    names = _Names(game, page_url)
    out: dict[str, str] = {}
    if kind == "bugs":
        for key in ("sheet", "angry"):
            if isinstance(data.get(key), dict):
                out[key] = _bug_sheet(data[key], data, names)
    elif kind == "bugbusters":
        if isinstance(data.get("sheet"), dict):
            out["sheet"] = _bugbuster_sheet(data["sheet"], names)
        if isinstance(data.get("epic"), dict):
            out["epic"] = _epic(data["epic"], names)
    elif kind == "professions" and isinstance(data.get("abilities"), list):
        out["abilities"] = _abilities(data["abilities"])
    elif kind == "lists" and isinstance(data.get("dice"), dict):
        out["dice"] = _dice(data["dice"], data)
    elif kind == "stores" and any(isinstance(o, dict) and "price" in o for o in data.get("offers") or []):
        out["offers"] = _offers(data["offers"])
    elif kind == "tables" and isinstance(data.get("rows"), list):
        out["rows"] = _table_rows(data["rows"], data)
    result = {}
    for key, html in out.items():
        value = data.get(key)
        if isinstance(value, dict) and isinstance(value.get("provenance"), dict):
            html += provenance_html(value["provenance"])
        title = SHEET_TITLES.get((kind, key), label(key))
        if kind == "bugs" and key == "sheet" and "angry" in out:
            title = "BUG sheet: initial state (level 1)"
        result[key] = (title, _block(html))
    return result


def replace(details: list[tuple[str, str, Markup]], drawn_fields: dict[str, tuple[str, Markup]]):
    """The record's sections with the fields drawn here in place of their generic drawing."""
    return [(key, *drawn_fields[key]) if key in drawn_fields else (key, title, html)
            for key, title, html in details]

"""A Marvel United villain's Dashboard drawn as the printed card reads: its rules by their printed labels
(Special Rules, BAM!, Overflow, Villainous Plot), the Health it starts with for each number of Heroes, and
the Super Villain side on its back (Special Setup, the Heroes' starting tokens); and the parts the source
lacks ("Not in the source"). The generic drawing (records.py) would show these as nested field names
("Player count / Rows / Heroes / Value", "Back / Side").

    drawn(game, kind, data, rule_link) -> {field: (section title, html)}

Every word printed on the card comes from the record; only the labels are ours. The Threat and Master Plan
decks are drawn as cards by record_cards.py. Everything inserted is escaped.
"""

from __future__ import annotations

from collections.abc import Callable

from markupsafe import escape

from ..model.content import Game
from . import labels
from .markdown_html import inline_html
from .records import _block, badge_html, play_notes, prose_html, provenance_html, rule_ref_html

GAME = "marvel-united-promos"
HEALTH_RULE = "core-setup"  # where the adapted core rules give the Villain its Health


def _rule(label: str, html: str) -> str:
    return f'<div class="tome-dash__rule"><h3 class="tome-dash__label">{escape(label)}</h3>{html}</div>'


def _health(count: dict, rule_link: Callable[[str], dict | None]) -> str:
    rows = [r for r in count.get("rows") or [] if isinstance(r, dict)]
    if not rows:
        return ""
    heads = "".join(f'<th scope="col">{escape(r.get("heroes"))}</th>' for r in rows)
    cells = []
    for r in rows:
        value = r.get("value")
        shown = escape(value) if value is not None else '<span class="tome-dash__none">not printed</span>'
        badge = (" " + badge_html(r["provenance"])) if r.get("provenance") else ""
        cells.append(f"<td>{shown}{badge}</td>")
    note = ("Printed in the lower left of the Dashboard with no label; the Villain starts the game with this "
            f"much Health for the number of Heroes playing{rule_ref_html(rule_link(HEALTH_RULE))}.")
    return _rule("Health", f'<table class="tome-sheet tome-dash__health"><thead><tr>'
            f'<th scope="row">Heroes</th>{heads}</tr></thead><tbody><tr><th scope="row">Health</th>'
            f'{"".join(cells)}</tr></tbody></table><p class="tome-dash__note">{note}</p>')


def _back(back: dict) -> str:
    parts = []
    if back.get("special_setup"):
        parts.append(_rule("Special Setup", prose_html(back["special_setup"])))
    tokens = back.get("starting_tokens")
    if isinstance(tokens, dict) and isinstance(tokens.get("text"), str):
        text = tokens["text"]
        parts.append(_rule("Heroes' starting tokens", f"<p>{inline_html(text[:1].upper() + text[1:])}</p>"))
    if back.get("notes"):
        parts.append(_rule("Notes", prose_html(back["notes"])))
    side = str(back.get("side") or "Back")
    return (f'<section class="tome-dash__back"><h3 class="tome-dash__side">{escape(side)} side '
            f'(the back of the Dashboard)</h3>{"".join(parts)}</section>')


def _dashboard(dash: dict, rule_link: Callable[[str], dict | None]) -> str:
    parts = [prose_html(dash.get("intro"))]
    if dash.get("special_rules"):
        parts.append(_rule("Special Rules", prose_html(dash["special_rules"])))
    if isinstance(dash.get("bam"), str):
        parts.append(_rule("BAM!", prose_html(dash['bam'])))
    if isinstance(dash.get("overflow"), str):
        parts.append(_rule("Overflow", prose_html(dash['overflow'])))
    plot = dash.get("villainous_plot")
    if isinstance(plot, dict) and isinstance(plot.get("text"), str):
        parts.append(_rule(str(plot.get("label") or "Villainous Plot"), prose_html(plot['text'])))
    if isinstance(dash.get("commander_solo_mode"), str):
        parts.append(_rule("Commander Solo Mode", prose_html(dash['commander_solo_mode'])))
    if isinstance(dash.get("player_count"), dict):
        parts.append(_health(dash["player_count"], rule_link))
    if isinstance(dash.get("back"), dict):
        parts.append(_back(dash["back"]))
    notes = play_notes(dash.get("play"))  # a ruling of ours in the engine's reading (a Challenge's Health)
    if notes:
        parts.append(_rule(labels.current()["play_notes"], "".join(notes)))
    html = f'<div class="tome-dash">{"".join(parts)}</div>'
    if isinstance(dash.get("provenance"), dict):
        html += provenance_html(dash["provenance"])
    return html


def _missing(entries: list) -> str:
    items = []
    for entry in entries:
        if not isinstance(entry, dict):
            continue
        prov = entry.get("provenance") if isinstance(entry.get("provenance"), dict) else None
        note = (f'<p class="tome-prov__note">{escape(prov["note"])}</p>'
                if prov and prov.get("note") and prov["note"] != entry.get("text") else "")
        items.append(f'<li><strong>{escape(entry.get("component", ""))}</strong>: '
                     f'{inline_html(entry.get("text", ""))} {badge_html(prov)}{note}</li>')
    return f'<ul class="tome-missing">{"".join(items)}</ul>'


def drawn(game: Game, kind: str, data: dict, rule_link: Callable[[str], dict | None]) -> dict:
    """{field: (section title, html)} for the fields of a villain drawn here (none for other records)."""
    if game.id != GAME or kind != "villains":
        return {}
    out = {}
    if isinstance(data.get("dashboard"), dict):
        out["dashboard"] = ("Dashboard", _block(_dashboard(data["dashboard"], rule_link)))
    if isinstance(data.get("missing"), list):
        out["missing"] = ("Not in the source", _block(_missing(data["missing"])))
    return out

"""A Marvel United villain's table at setup, drawn at build time as an SVG ring of Locations: the Villain's
starting Location, its Left and Right neighbours as the Master Plan cards read them, the Heroes' Location
(`hero_start_offset` steps clockwise), a Threat card on each Location while the deck lasts, and each
Location's slots. The numbers come from game.yaml's constants (locations_in_play, location_slots,
hero_start_offset) and the villain's Threat deck; the Locations themselves are drawn at random each game,
so the ring names positions, not Locations. The villain's Special Setup, which may change this, is quoted
under the drawing.

    ring_part(game, data, rule_link) -> (key, section title, html) or None

Everything inserted is escaped; colours are CSS classes (assets/site.css), light and dark.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from markupsafe import Markup, escape

from ..model.content import Game
from .markdown_html import inline_html
from .records import rule_ref_html

GAME = "marvel-united-promos"
SETUP_RULE = "core-setup"
W, H, R = 380, 330, 118  # the drawing's size and the ring's radius
BOX_W, BOX_H = 104, 58


def _constants(game: Game) -> tuple[int, int, int] | None:
    constants = game.meta.get("constants") or {}
    values = [constants.get(k) for k in ("locations_in_play", "location_slots", "hero_start_offset")]
    return tuple(values) if all(isinstance(v, int) and v > 0 for v in values) else None  # type: ignore[return-value]


def _threats(data: dict) -> int:
    cards = ((data.get("threats") or {}).get("cards")) or []
    counts = [c.get("count", 1) for c in cards if isinstance(c, dict)]
    return sum(n if isinstance(n, int) else 1 for n in counts)


def _role(index: int, ring: int, offset: int) -> str:
    if index == 0:
        return "villain"
    if index == offset % ring:
        return "heroes"
    if index == 1:
        return "right"
    if index == ring - 1:
        return "left"
    return ""


SIDE_WORDS = {"right": "Right (clockwise)", "left": "Left (counter-clockwise)"}  # under the neighbours


def ring_svg(name: str, ring: int, slots: int, offset: int, threats: int, description: str) -> str:
    cx, cy = W / 2, H / 2 + 4
    parts = [
        f'<svg class="tome-ring" viewBox="0 0 {W} {H}" role="img" '
        'aria-labelledby="tome-ring-title tome-ring-desc" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="tome-ring-title">{escape(name)}: the ring of Locations at setup</title>',
        f'<desc id="tome-ring-desc">{escape(description)}</desc>',
        f'<circle class="tome-ring__track" cx="{cx}" cy="{cy}" r="{R}"/>',
    ]
    for i in range(ring):  # clockwise arrows between neighbours
        a = math.radians(-90 + (i + 0.5) * 360 / ring)
        x, y = cx + R * math.cos(a), cy + R * math.sin(a)
        deg = math.degrees(a) + 90
        parts.append(f'<path class="tome-ring__arrow" d="M -5 -5 L 5 0 L -5 5 z" '
                     f'transform="translate({x:.1f} {y:.1f}) rotate({deg:.1f})"/>')
    for i in range(ring):
        a = math.radians(-90 + i * 360 / ring)
        x, y = cx + R * math.cos(a), cy + R * math.sin(a)
        role = _role(i, ring, offset)
        left, top = x - BOX_W / 2, y - BOX_H / 2
        parts.append(f'<g class="tome-ring__loc tome-ring__loc--{role or "other"}">')
        parts.append(f'<rect x="{left:.1f}" y="{top:.1f}" width="{BOX_W}" height="{BOX_H}" rx="6"/>')
        title = f"Location {i + 1}"
        parts.append(f'<text class="tome-ring__name" x="{x:.1f}" y="{top + 14:.1f}">{escape(title)}</text>')
        step = (BOX_W - 16) / slots
        for s in range(slots):
            sx = left + 8 + step * (s + 0.5)
            radius = min(5.5, step / 2.6)
            parts.append(f'<circle class="tome-ring__slot" cx="{sx:.1f}" cy="{top + 26:.1f}" '
                         f'r="{radius:.1f}"/>')
        if i < threats:
            parts.append(f'<rect class="tome-ring__threat" x="{x - 16:.1f}" y="{top + 35:.1f}" width="32" '
                         f'height="17" rx="2"/><text class="tome-ring__threat-word" x="{x:.1f}" '
                         f'y="{top + 47:.1f}">Threat</text>')
        if role == "villain":
            parts.append(f'<text class="tome-ring__figure" x="{x:.1f}" y="{top - 6:.1f}">'
                         f'▼ {escape(name)}</text>')
        elif role == "heroes":
            parts.append(f'<text class="tome-ring__figure" x="{x:.1f}" y="{top + BOX_H + 14:.1f}">'
                         '▲ Heroes</text>')
        elif role in ("left", "right"):
            parts.append(f'<text class="tome-ring__side" x="{x:.1f}" y="{top + BOX_H + 13:.1f}">'
                         f'{escape(SIDE_WORDS[role])}</text>')
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)


def _description(name: str, ring: int, slots: int, offset: int, threats: int) -> str:
    placed = min(ring, threats)
    cover = (f"a Threat card on each of them ({threats} in {name}'s deck)" if threats >= ring else
             f"a Threat card on {placed} of them ({name}'s deck has {threats}); the others stay uncovered")
    return (f"{ring} Locations drawn at random and laid clockwise in a ring, each with {slots} slots, "
            f"{cover}. {name} starts at one of them; its counter-clockwise neighbour is the Left Location "
            "and its clockwise neighbour the Right Location, as the Master Plan cards read them. All Heroes "
            f"start together {offset} steps clockwise, at the opposite Location.")


def ring_part(game: Game, data: dict, rule_link: Callable[[str], dict | None]):
    """The "Table at setup" section of a villain's page (None for other records or without the constants)."""
    if game.id != GAME or not isinstance(data.get("threats"), dict):
        return None
    constants = _constants(game)
    if constants is None:
        return None
    ring, slots, offset = constants
    name = str(data.get("name") or data.get("id"))
    threats = _threats(data)
    special = ((data.get("dashboard") or {}).get("back") or {}).get("special_setup") or []
    note = ""
    if special:
        text = " ".join(str(inline_html(p)) for p in special if isinstance(p, str))
        note = f'<p class="tome-ring__special"><strong>{escape(name)}\'s Special Setup:</strong> {text}</p>'
    description = _description(name, ring, slots, offset, threats)
    html = (f'<figure class="tome-ring-figure">{ring_svg(name, ring, slots, offset, threats, description)}'
            f'<figcaption>{escape(description)}{rule_ref_html(rule_link(SETUP_RULE))}</figcaption>'
            f"</figure>{note}")
    return ("setup-ring", "The table at setup", Markup(f'<div class="tome-record" markdown="0">{html}</div>'))

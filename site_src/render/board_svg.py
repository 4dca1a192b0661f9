"""A square board drawn as an inline SVG at build time: its squares by kind, zone outlines, the pieces on
them, column letters and row numbers in the board's own notation (engine/core/grid.py `notation`: a1 is the
top-left square), and a text alternative. Colours are classes (assets/boards.css), never style attributes
(the site's CSP), so the light and dark schemes both work.

    Square(kind, css, name, zone=None, decor=())     one square; `css`: its classes after tome-bd-sq
    Piece(x, y, shape, css, name, mark="", size=1)  a piece; shapes: diamond, circle, start, block, badge
    svg(board_id, title, squares, pieces, lines)     -> Markup: <figure> with the <svg> and a hidden list
    swatch(kind, css, decor, mark)                   -> Markup: the legend's picture of a square kind
                                                        ("square"), a zone ("zone") or a piece (its shape)

`squares` is rows of Square or None (no tile there); `lines` are the text alternative's sentences, one per
kind of piece ("Crystal Shards: c3, d3"), said by <desc> and listed for screen readers under the picture.
"""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup, escape

from engine.core.grid import COLUMNS, notation

CELL = 10  # user units per square
MARGIN = 7  # room for the column letters (top) and row numbers (left)
SCALE = 3.6  # CSS pixels per user unit at full size; the CSS lets it shrink to the column's width


@dataclass(frozen=True)
class Square:
    kind: str
    css: str  # classes after tome-bd-sq (its kind, its colour)
    name: str  # what a reader calls it: "Rune Space (red)"
    zone: str | None = None  # a zone's css token, outlined
    decor: tuple[str, ...] = ()  # marks drawn on the square: "plus", "bars", "rails", "ring", "spikes-<side>"
    color: str | None = None  # a Rune colour, which its marks take too (a Rune Gate's bars)


@dataclass(frozen=True)
class Piece:
    x: int
    y: int
    shape: str  # diamond (a Crystal Shard), circle (a Minion), start (a starting space), block, badge
    css: str
    name: str
    mark: str = ""  # text on a block or badge
    size: int = 1  # squares a side (the Boss covers 2 x 2)


def square_name(x: int, y: int) -> str:
    return notation([x, y])


def _decor(kind: str, x0: float, y0: float, color: str | None = None) -> str:
    if color:
        return f'<g class="tome-color--{escape(color)}">{_decor(kind, x0, y0)}</g>'
    c = CELL
    if kind == "plus":
        return (f'<path class="tome-bd-decor tome-bd-decor--plus" d="M{x0 + c / 2} {y0 + 2.5}v5M{x0 + 2.5} '
                f'{y0 + c / 2}h5"/>')
    if kind == "bars":
        return "".join(f'<path class="tome-bd-decor tome-bd-decor--bars" d="M{x0 + i} {y0 + 1}v8"/>'
                       for i in (3, 5, 7))
    if kind == "rails":
        return (f'<path class="tome-bd-decor tome-bd-decor--rails" d="M{x0 + 3} {y0}v{c}M{x0 + 7} {y0}v{c}'
                f'M{x0 + 3} {y0 + 2.5}h4M{x0 + 3} {y0 + 5}h4M{x0 + 3} {y0 + 7.5}h4"/>')
    if kind == "ring":
        return (f'<circle class="tome-bd-decor tome-bd-decor--ring" cx="{x0 + c / 2}" cy="{y0 + c / 2}" '
                'r="3"/>')
    if kind == "steps":
        return (f'<path class="tome-bd-decor tome-bd-decor--steps" d="M{x0 + 1} {y0 + 9}h3v-3h3v-3h3"/>')
    if kind == "pit":
        return (f'<path class="tome-bd-decor tome-bd-decor--pit" d="M{x0 + 1} {y0 + 9}l2 -4l2 4l2 -4l2 4"/>')
    if kind.startswith("spikes-"):
        side = kind.removeprefix("spikes-")
        path = {"up": f"M{x0} {y0 + .6}h{c}", "down": f"M{x0} {y0 + c - .6}h{c}",
                "left": f"M{x0 + .6} {y0}v{c}", "right": f"M{x0 + c - .6} {y0}v{c}"}[side]
        return f'<path class="tome-bd-decor tome-bd-decor--spikes" d="{path}"/>'
    raise ValueError(f"no drawing for the square mark {kind!r} (render/board_svg.py _decor)")


def _piece(piece: Piece, slot: int, of: int) -> str:
    c = CELL
    x0, y0 = MARGIN + piece.x * c, MARGIN + piece.y * c
    cx, cy = x0 + c / 2, y0 + c / 2
    css = f"tome-bd-piece tome-bd-piece--{escape(piece.css)}"
    title = f"<title>{escape(piece.name)}</title>"
    if piece.shape == "diamond":
        return (f'<polygon class="{css}" points="{cx},{y0 + 1.5} {x0 + 8.5},{cy} {cx},{y0 + 8.5} '
                f'{x0 + 1.5},{cy}">{title}</polygon>')
    if piece.shape == "circle":
        return f'<circle class="{css}" cx="{cx}" cy="{cy}" r="3.2">{title}</circle>'
    if piece.shape == "start":
        return (f'<rect class="{css}" x="{x0 + 1.2}" y="{y0 + 1.2}" width="{c - 2.4}" height="{c - 2.4}" '
                f'rx="2">{title}</rect>')
    if piece.shape == "block":
        side = c * piece.size
        return (f'<g class="{css}">{title}<rect x="{x0 + 1}" y="{y0 + 1}" width="{side - 2}" '
                f'height="{side - 2}" rx="2"/><text x="{x0 + side / 2}" y="{y0 + side / 2}">'
                f"{escape(piece.mark)}</text></g>")
    if piece.shape == "badge":
        height = (c - 1.5) / of
        top = y0 + .75 + slot * height
        fit = f' textLength="{c - 2}" lengthAdjust="spacingAndGlyphs"' if len(piece.mark) > 3 else ""
        return (f'<g class="{css}">{title}<rect x="{x0 + .6}" y="{top + .3}" width="{c - 1.2}" '
                f'height="{height - .6}" rx="1.5"/><text class="tome-bd-mark tome-bd-mark--{of}" '
                f'x="{cx}" y="{top + height / 2}"{fit}>{escape(piece.mark)}</text></g>')
    raise ValueError(f"no drawing for the piece shape {piece.shape!r} (render/board_svg.py _piece)")


def svg(board_id: str, title: str, squares: list[list[Square | None]], pieces: list[Piece],
        lines: list[str], variant: str = "") -> Markup:
    """The board as a <figure>: the SVG (role img, titled and described) and the same lines as a list
    that only screen readers show. `variant`: a css token for a kind of board ("side": POWERUP's side view,
    whose open squares are air)."""
    height = len(squares)
    width = max((len(row) for row in squares), default=0)
    view_w, view_h = MARGIN + width * CELL + 1, MARGIN + height * CELL + 1
    bid = escape(board_id)
    columns = f"{COLUMNS[0]}–{COLUMNS[width - 1]}" if width else ""
    desc = (f"{width} columns ({columns}) by {height} rows (1–{height}); a1 is the top-left square. "
            + " ".join(lines))
    css = "tome-bd" + (f" tome-bd--{escape(variant)}" if variant else "")
    out = [f'<svg class="{css}" viewBox="0 0 {view_w} {view_h}" width="{view_w * SCALE:.0f}" '
           f'height="{view_h * SCALE:.0f}" role="img" aria-labelledby="{bid}-title {bid}-desc" '
           f'xmlns="http://www.w3.org/2000/svg">',
           f'<title id="{bid}-title">{escape(title)}</title>', f'<desc id="{bid}-desc">{escape(desc)}</desc>',
           '<g class="tome-bd-axis" aria-hidden="true">']
    half = CELL / 2
    out += [f'<text x="{MARGIN + x * CELL + half}" y="{MARGIN / 2}">{COLUMNS[x]}</text>'
            for x in range(width)]
    out += [f'<text x="{MARGIN / 2}" y="{MARGIN + y * CELL + half}">{y + 1}</text>' for y in range(height)]
    out.append("</g>")
    cells, zones, marks = [], [], []
    for y, row in enumerate(squares):
        for x, square in enumerate(row):
            if square is None:
                continue
            x0, y0 = MARGIN + x * CELL, MARGIN + y * CELL
            cells.append(f'<rect class="tome-bd-sq {escape(square.css)}" x="{x0}" y="{y0}" width="{CELL}" '
                         f'height="{CELL}"><title>{square_name(x, y)}: {escape(square.name)}</title></rect>')
            if square.zone:
                zones.append(f'<rect class="tome-bd-zone tome-bd-zone--{escape(square.zone)}" x="{x0 + .8}" '
                             f'y="{y0 + .8}" width="{CELL - 1.6}" height="{CELL - 1.6}"/>')
            marks += [_decor(d, x0, y0, square.color) for d in square.decor]
    out += ['<g class="tome-bd-squares">', *cells, "</g>"]
    if zones:
        out += ['<g class="tome-bd-zones" aria-hidden="true">', *zones, "</g>"]
    if marks:
        out += ['<g class="tome-bd-decors" aria-hidden="true">', *marks, "</g>"]
    by_square: dict[tuple[int, int], list[Piece]] = {}
    for piece in pieces:
        by_square.setdefault((piece.x, piece.y), []).append(piece)
    out.append('<g class="tome-bd-pieces">')
    for here in by_square.values():
        badges = [p for p in here if p.shape == "badge"]
        for piece in here:
            slot = badges.index(piece) if piece in badges else 0
            out.append(_piece(piece, slot, max(1, len(badges))))
    out += ["</g>", "</svg>"]
    listing = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return Markup(f'<figure class="tome-bd-figure" id="{bid}" data-search-exclude markdown="0">'
                  + "".join(out)
                  + f'<ul class="tome-visually-hidden">{listing}</ul></figure>')


def swatch(kind: str, css: str, decor: tuple[str, ...] = (), mark: str = "", variant: str = "",
           color: str | None = None, under: str = "") -> Markup:
    """The legend's picture of one square kind (kind "square"), a zone ("zone") or one piece shape (on a
    square of the classes `under`, if given), drawn with the board's own classes."""
    size = CELL + 2
    inner = ""
    if kind == "square":
        inner = f'<rect class="tome-bd-sq {escape(css)}" x="1" y="1" width="{CELL}" height="{CELL}"/>'
        inner += "".join(_decor(d, 1, 1, color) for d in decor)
    elif kind == "zone":
        inner = (f'<rect class="tome-bd-sq tome-bd-sq--open" x="1" y="1" width="{CELL}" height="{CELL}"/>'
                 f'<rect class="tome-bd-zone tome-bd-zone--{escape(css)}" x="1.8" y="1.8" '
                 f'width="{CELL - 1.6}" height="{CELL - 1.6}"/>')
    else:
        piece = _piece(Piece(0, 0, kind, css, "", mark), 0, 1).replace("<title></title>", "")
        if under:
            inner = f'<rect class="tome-bd-sq {escape(under)}" x="1" y="1" width="{CELL}" height="{CELL}"/>'
        inner += f'<g transform="translate({1 - MARGIN} {1 - MARGIN})">{piece}</g>'
    board = f" tome-bd--{escape(variant)}" if variant else ""
    return Markup(f'<svg class="tome-bd-swatch{board}" viewBox="0 0 {size} {size}" width="18" height="18" '
                  f'aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg">{inner}</svg>')

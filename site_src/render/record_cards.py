"""The cards inside a record, drawn on the record's page as the gallery draws them.

A villain file holds its Threat and Master Plan decks, a Hero file its 12 cards, a Command Line its
Schematics: every such list is a gallery's items (galleries.yaml), each with a page of its own. On the
record's own page (pages.Renderer.render_kind) the list is shown as those same cards, each linked to its page,
instead of the generic drawing of nested data:

    CardIndex.add(item)                       while the galleries are written (gallery_pages.render_cards)
    CardIndex.sections(game, kind, stem, parts, data, card) -> parts with the card lists drawn as cards

A field that is the list (`components`, `cards`) becomes a grid of cards; a field whose `cards` is the list
(`threats: {intro, cards}`) becomes its intro paragraphs, then the grid, then whatever else it holds.
"""

from __future__ import annotations

from collections.abc import Callable

from markupsafe import Markup

from . import records as records_mod
from .gallery import Item


class CardIndex:
    def __init__(self) -> None:
        # (game, kind, file stem) -> {JSON pointer of the list: [items in order]}
        self._lists: dict[tuple[str, str, str], dict[str, list[Item]]] = {}

    def add(self, item: Item) -> None:
        if not item.pointer:
            return  # a whole file is its own item: nothing to draw inside another page
        container = item.pointer.rsplit("/", 1)[0]
        key = (item.game, item.record_kind, item.record_id)
        self._lists.setdefault(key, {}).setdefault(container, []).append(item)

    def sections(self, game: str, kind: str, stem: str, parts: list[tuple[str, str, Markup]], data: dict,
                 card: Callable[[Item], Markup]) -> list[tuple[str, str, Markup]]:
        lists = self._lists.get((game, kind, stem), {})
        if not lists:
            return parts
        out = []
        for key, title, html in parts:
            value = data.get(key)
            if f"/{key}" in lists:
                html = _grid(lists[f"/{key}"], card)
            elif isinstance(value, dict) and f"/{key}/cards" in lists:
                html = _deck(value, lists[f"/{key}/cards"], card)
            out.append((key, title, html))
        return out


def _grid(items: list[Item], card: Callable[[Item], Markup]) -> Markup:
    cards = "\n".join(card(item) for item in items)
    return Markup(f'<div class="tome-cards tome-cards--record" markdown="0">\n{cards}\n</div>')


def _deck(value: dict, items: list[Item], card: Callable[[Item], Markup]) -> Markup:
    intro = records_mod.prose_html(value.get("intro"))
    rest = {k: v for k, v in value.items() if k not in ("intro", "cards")}
    head = records_mod.record_html(rest) if set(rest) - {"provenance"} else Markup("")
    if intro:
        head = records_mod._block(intro) + head
    return head + Markup("\n") + _grid(items, card)

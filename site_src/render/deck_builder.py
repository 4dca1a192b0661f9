"""The deck builder page of a game with ready decks (a `mazos/` folder: the hero TCG's mazos de inicio).

    deck_builder.render(renderer, game) -> nav entries ([] for a game without ready decks)
    deck_builder.page_data(game)        -> {"constants", "elements", "cards", "decks"}: what its script reads

The page is drawn in the browser by assets/deckbuilder/ (builder.js) from `page_data`, written into the page
as a JSON data block (never run). Every number the deck rules use is a game.yaml constant in that data; the
card pool is every card of the game's card files, each with its file's `tipo`. The ready decks are listed
with a link that opens each in the builder (`deck_query`, the same format as assets/deckbuilder/code.js).
"""

from __future__ import annotations

import json

from ..model.content import Game, source_order
from . import labels
from .urls import page_url, relative_url

PAGE = "mazos/constructor.md"  # under the game's folder: next to the ready decks' gallery (mazos/)
CARD_FIELDS = ("id", "nombre", "nivel", "elemento", "coste", "ataque", "defensa", "vida", "texto",
               "especialidad")


def has_builder(game: Game) -> bool:
    return bool(game.records("mazos"))


def page_data(game: Game) -> dict:
    """The card pool, the game's constants and elements, and the ready decks, as the page's script reads
    them."""
    cards = []
    for record in sorted(game.decks.values(), key=source_order):
        tipo = record.data.get("tipo")
        for card in record.data.get("cards") or []:
            if isinstance(card, dict) and isinstance(card.get("id"), str):
                cards.append({"tipo": tipo, **{k: card[k] for k in CARD_FIELDS if k in card}})
    decks = []
    for stem, record in sorted(game.records("mazos").items(), key=lambda item: source_order(item[1])):
        data = record.data
        decks.append({"id": stem, "nombre": str(data.get("nombre") or stem),
                      "descripcion": data.get("descripcion"), "heroes": data.get("heroes") or [],
                      "cartas": data.get("cartas") or []})
    elements = [{"id": e.get("id"), "name": e.get("name"), "color": e.get("color")}
                for e in game.meta.get("elements") or [] if isinstance(e, dict)]
    return {"constants": dict(game.meta.get("constants") or {}), "elements": elements, "cards": cards,
            "decks": decks}


def deck_query(deck: dict) -> str:
    """A deck as the builder's URL query, `?cartas=<id>:<n>,...&heroes=<id>,...` (deckbuilder/code.js)."""
    cartas = ",".join(f"{e['carta']}:{e['copias']}" for e in deck.get("cartas") or [])
    return f"?cartas={cartas}&heroes={','.join(deck.get('heroes') or [])}"


def json_block(data: dict) -> str:
    """JSON safe inside <script type="application/json">: no `</` can close the element."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def item_links(game: Game, item, href) -> list[dict]:
    """The links a gallery item's page adds under its card: a ready deck opens in the builder."""
    if item.record_kind != "mazos" or item.pointer or not has_builder(game):
        return []
    words = labels.for_language(game.primary_language)
    return [{"href": href(page_url(f"{game.id}/{PAGE}")) + deck_query(item.data),
             "label": words["deck_builder_open"]}]


def render(renderer, game: Game) -> list:
    if not has_builder(game):
        return []
    data = page_data(game)
    prefix = f"{game.id}/"  # the "¿por qué?" link of a broken rule: its heading on the rules page
    data["rules"] = {rule.removeprefix(prefix): relative_url(page_url(f"{game.id}/{PAGE}"), url)
                     for rule, url in renderer.rules.items() if rule.startswith(prefix)}
    words = labels.for_language(game.primary_language)
    duel = next((s for s in game.sorted_scenarios() if isinstance(s.data.get("play"), dict)), None)
    page = renderer.write(
        f"{game.id}/{PAGE}", "deck-builder.md.j2", words["deck_builder"], game=game,
        data_json=json_block(data),
        decks=[{**d, "query": deck_query(d), "url": page_url(f"{game.id}/mazos/{d['id']}.md")}
               for d in data["decks"]],
        duel=page_url(f"{game.id}/scenarios/{duel.data['id']}.md") if duel else None,
        duel_key=f"{game.id}/{duel.data['id']}" if duel else None,
    )
    return [{words["deck_builder"]: page.path}]

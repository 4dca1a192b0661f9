"""The deck rules of the hero trading card game («2. Composición de Mazos»), with Spanish messages.

    decks.validate(deck, data) -> ["El Mazo Principal debe tener 40 cartas exactas: tiene 38.", ...]
    decks.broken(deck, data)   -> [Broken(rule, where, message), ...]   (the same, with where it is)

`deck` is {"heroes": [hero ids], "cartas": [{"carta": id, "copias": n}, ...]} (content/heroes-tcg/mazos/,
docs-dev/TCG.md). `data` is the game's catalog entry (catalog["games"]["heroes-tcg"], a Context's `data`),
a whole catalog or a Context. Every number is a game.yaml constant.
"""

from __future__ import annotations

from typing import NamedTuple

from . import GAME_ID

MAIN_TYPES = ("amigo", "ayuda", "objeto", "cfe")  # «Compuesto por Amigos, Ayudas, Objetos y CFEs»
UNLIMITED = "cfe"  # «(CFEs sin límite)»
HERO = "heroe"
# the game.yaml constants the rules read
CONSTANTS = (
    "main_deck_size",
    "max_copies_per_card",
    "hero_deck_size",
    "max_copies_per_hero",
    "min_heroes_per_level",
    "max_hero_level",
)


class Broken(NamedTuple):
    rule: str  # the rules-page heading it breaks (composicion-mazo-principal, composicion-mazo-de-heroes)
    where: tuple  # ("cartas", index), ("heroes", index), ("cartas",) or ("heroes",): where in the deck
    message: str  # the Spanish sentence shown to the player


def game_data(data) -> dict:
    """The game's catalog entry from a Context, a whole catalog or the entry itself."""
    data = getattr(data, "data", data)
    return data["games"][GAME_ID] if "games" in data else data


def card_index(data) -> dict[str, tuple[str, dict]]:
    """Card id -> (tipo, card) for every card of every card file."""
    index = {}
    for deck in game_data(data).get("cards", {}).values():
        cards = deck.get("cards") if isinstance(deck, dict) else None
        for card in cards if isinstance(cards, list) else []:
            if isinstance(card, dict) and isinstance(card.get("id"), str):
                index[card["id"]] = (deck.get("tipo"), card)
    return index


def _name(index: dict, card_id) -> str:
    """How a message names a card: its Spanish name, else the id the deck gives."""
    if not isinstance(card_id, str) or not card_id:
        return "Una carta sin id"
    found = index.get(card_id)
    return f"«{found[1].get('nombre') or card_id}»" if found else f"«{card_id}»"


def broken(deck, data) -> list[Broken]:
    """Every deck rule the deck breaks, in the source's order (Mazo Principal, then Mazo de Héroes)."""
    const = game_data(data)["game"]["constants"]
    index = card_index(data)
    if not isinstance(deck, dict):
        return [Broken("composicion-de-mazos", (), "Un mazo tiene un Mazo de Héroes y un Mazo Principal.")]
    return _main(deck.get("cartas"), index, const) + _heroes(deck.get("heroes"), index, const)


def validate(deck, data) -> list[str]:
    """The Spanish message of every broken deck rule; [] when the deck is valid."""
    return [b.message for b in broken(deck, data)]


def _main(cartas, index: dict, const: dict) -> list[Broken]:
    rule = "composicion-mazo-principal"
    if not isinstance(cartas, list):
        return [Broken(rule, ("cartas",), "Falta el Mazo Principal: una lista de cartas con sus copias.")]
    out, first, copies, total = [], {}, {}, 0
    for i, entry in enumerate(cartas):
        card_id = entry.get("carta") if isinstance(entry, dict) else None
        n = entry.get("copias") if isinstance(entry, dict) else None
        name = _name(index, card_id)
        if type(n) is not int or n < 1:
            out.append(
                Broken(rule, ("cartas", i), f"{name}: las copias deben ser un número entero de 1 o más.")
            )
            continue
        total += n
        if not isinstance(card_id, str) or card_id not in index:
            out.append(Broken(rule, ("cartas", i), f"{name} no es una carta del juego."))
        elif index[card_id][0] not in MAIN_TYPES:
            message = f"{name} es un Héroe: el Mazo Principal se compone de Amigos, Ayudas, Objetos y CFEs."
            out.append(Broken(rule, ("cartas", i), message))
        else:
            first.setdefault(card_id, i)
            copies[card_id] = copies.get(card_id, 0) + n
    size = const["main_deck_size"]
    if total != size:
        message = f"El Mazo Principal debe tener {size} cartas exactas: tiene {total}."
        out.insert(0, Broken(rule, ("cartas",), message))
    limit = const["max_copies_per_card"]
    for card_id, n in copies.items():
        if n > limit and index[card_id][0] != UNLIMITED:
            message = f"Máximo {limit} copias por carta (CFEs sin límite): {_name(index, card_id)} tiene {n}."
            out.append(Broken(rule, ("cartas", first[card_id]), message))
    return out


def _heroes(heroes, index: dict, const: dict) -> list[Broken]:
    rule = "composicion-mazo-de-heroes"
    if not isinstance(heroes, list):
        return [Broken(rule, ("heroes",), "Falta el Mazo de Héroes: una lista de Héroes.")]
    out, seen, levels = [], {}, {}
    for i, hero_id in enumerate(heroes):
        if not isinstance(hero_id, str) or hero_id not in index or index[hero_id][0] != HERO:
            message = f"{_name(index, hero_id)} no es un Héroe: el Mazo de Héroes solo lleva Héroes."
            out.append(Broken(rule, ("heroes", i), message))
            continue
        seen.setdefault(hero_id, []).append(i)
        level = index[hero_id][1].get("nivel")
        if type(level) is int:
            levels[level] = levels.get(level, 0) + 1
    size = const["hero_deck_size"]
    if len(heroes) != size:
        message = f"El Mazo de Héroes debe tener los {size} Héroes: tiene {len(heroes)}."
        out.insert(0, Broken(rule, ("heroes",), message))
    limit = const["max_copies_per_hero"]
    for hero_id, places in seen.items():
        if len(places) > limit:
            copia = "copia" if limit == 1 else "copias"
            message = (
                f"Máximo {limit} {copia} de cada Héroe: {_name(index, hero_id)} está {len(places)} veces."
            )
            out.append(Broken(rule, ("heroes", places[limit]), message))
    least = const["min_heroes_per_level"]
    heroe = "Héroe" if least == 1 else "Héroes"
    for level in range(1, const["max_hero_level"] + 1):
        if levels.get(level, 0) < least:
            message = f"El Mazo de Héroes debe incluir al menos {least} {heroe} de Nivel {level}."
            out.append(Broken(rule, ("heroes",), message))
    return out

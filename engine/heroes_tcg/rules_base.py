"""What every rules module of the hero TCG shares: the game's data (Context), events, the state's look-ups
(sides, Amigos in the field, current Ataque and Defensa, energy).

Numbers come from content/heroes-tcg/game.yaml `constants` (CONSTANTS below) and the card records
(docs-dev/TCG.md); events cite the headings of content/heroes-tcg/rules/reglas.md."""

from ..core import Game
from ..core import context as core_context
from ..core.events import event_maker
from . import GAME_ID

# The game.yaml constants the engine reads (besides decks.CONSTANTS, the deck rules').
CONSTANTS = (
    "victory_defeated_heroes",
    "starting_hand_size",
    "starting_hero_level",
    "redraw_uses",
    "redraw_min_cards",
    "redraw_max_cards",
    "first_turn_attacks",
    "draw_up_to",
    "draw_when_hand_full",
    "max_cfe_per_turn",
    "max_friends_in_play",
    "max_objects_per_card",
    "elemental_energy_level_1",
    "elemental_energy_level_2",
    "elemental_energy_level_3",
    "ovnilio_elemental_energy",
    "attacks_per_friend_per_turn",
    "especialidades_per_friend_per_turn",
    "stalemate_turns",
)
OVNILIO = "incoloro"  # «Héroes Ovnilio (Incoloro)»: a Hero of this element is an Ovnilio Hero
NO_BOOST = (0, 0)  # an Amigo without an Objeto, or with one that adds neither Ataque nor Defensa
LOG_SIZE = 30  # the view's `log`: the last events of the game

event = event_maker(GAME_ID)


class Context(core_context.Context):
    """The card records by id (each with its file's `tipo`), the ready decks, the phases and the duel."""

    game_id = GAME_ID

    def __init__(self, catalog: dict, scenario_id: str):
        super().__init__(catalog)
        self.cards: dict[str, dict] = {}
        for deck in self.data.get("cards", {}).values():
            for card in deck.get("cards", []):
                self.cards[card["id"]] = dict(card, tipo=deck["tipo"])
        self.heroes = {cid: c for cid, c in self.cards.items() if c["tipo"] == "heroe"}
        # What an Objeto adds while equipped («mejorar_amigo»): {Objeto id: (Ataque, Defensa)}
        self.boosts = {
            cid: (c["params"].get("ataque", 0), c["params"].get("defensa", 0))
            for cid, c in self.cards.items()
            if c.get("efecto") == "mejorar_amigo"
        }
        self.mazos: dict[str, dict] = dict(self.data.get("mazos", {}))
        self.scenario = self.data.get("scenarios", {}).get(scenario_id, {})
        self.phases = {p["id"]: p for p in self.data["phases"]["fases-del-turno"]["phases"]}

    def name(self, card_id: str) -> str:
        return self.cards[card_id]["nombre"]

    def energy(self, hero_id) -> int:
        """The Active Hero's Energía Elemental: its level's for an Elemental Hero, 0 for an Ovnilio."""
        if hero_id is None:
            return 0
        hero = self.heroes[hero_id]
        if hero["elemento"] == OVNILIO:
            return self.const("ovnilio_elemental_energy")
        return self.const(f"elemental_energy_level_{hero['nivel']}")


class Rules(Game):
    """The state's look-ups every rules module uses. A side (state["sides"][seat]) holds its Mazo de Héroes
    (`heroes`, the Héroes still in it), the Active Hero (`hero`: {id, damage} or None), the defeated ones,
    `hand`, `deck` (top = the end), `discard`, `field` (Amigos: {uid, card, vertical, objeto, attacks,
    especialidades, atk_turn, def_next}), the CFEs `prendidas` and `apagadas` (counts of the one CFE card),
    `turns` played, RD use and the cards it sets aside (`apartadas`), and `revealed` (cards of its hand the
    rival has been shown)."""

    game_id = GAME_ID

    @staticmethod
    def rival(seat: int) -> int:
        return 1 - seat

    def seat_name(self, seat) -> str:
        computer = self._state.get("computer")
        if computer is not None and computer["seat"] == seat:
            return "Computadora"
        return f"Jugador {seat + 1}"

    def log(self, state, events, text, rule, kind="info", seat=None, **extra):
        """An event, also kept in the state's short log (the view's `log`)."""
        e = event(text, rule, kind, seat, **extra)
        events.append(e)
        state["log"] = (state["log"] + [{"text": text, "rule": e["rule"], "seat": seat}])[-LOG_SIZE:]
        return e

    # ----- Amigos in the field -------------------------------------------------------------------------
    def friend(self, state, seat, uid):
        return next((f for f in state["sides"][seat]["field"] if f["uid"] == uid), None)

    def objeto_effect(self, friend) -> dict:
        return self.ctx.cards[friend["objeto"]] if friend.get("objeto") else {}

    def attack_of(self, friend) -> int:
        """Current Ataque: printed, plus the Objeto and the effects still running (docs-dev/TCG.md)."""
        boost = self.ctx.boosts.get(friend["objeto"], NO_BOOST)[0]
        return self.ctx.cards[friend["card"]]["ataque"] + boost + friend["atk_turn"]

    def defense_of(self, friend) -> int:
        boost = self.ctx.boosts.get(friend["objeto"], NO_BOOST)[1]
        return self.ctx.cards[friend["card"]]["defensa"] + boost + friend["def_next"]

    def is_defender(self, friend) -> bool:
        """«Un Amigo en posición Vertical es Defensor (en Horizontal no defiende, salvo que tenga equipado
        Kabudo Bo)»: Kabudo Bo's effect is `defiende_en_horizontal`."""
        return friend["vertical"] or self.objeto_effect(friend).get("efecto") == "defiende_en_horizontal"

    def defenders(self, state, seat) -> list:
        return [f for f in state["sides"][seat]["field"] if self.is_defender(f)]

    def hero_card(self, state, seat):
        hero = state["sides"][seat]["hero"]
        return self.ctx.heroes[hero["id"]] if hero else None

    def activates(self, state, seat, friend) -> bool:
        """«Los Héroes Elementales activan las Especialidades de los Amigos en campo de su mismo
        elemento»; an Ovnilio Hero activates all of them."""
        hero = self.hero_card(state, seat)
        if hero is None:
            return False
        return hero["elemento"] == OVNILIO or hero["elemento"] == self.ctx.cards[friend["card"]]["elemento"]

    def friend_cost(self, state, seat, card_id) -> int:
        """An Amigo's cost less the Active Hero's Energía Elemental when the elements match (never below 0),
        taken off each Amigo's cost. Ruling #ruling-energia-elemental."""
        card, hero = self.ctx.cards[card_id], self.hero_card(state, seat)
        if hero is None or hero["elemento"] == OVNILIO or hero["elemento"] != card["elemento"]:
            return card["coste"]
        return max(0, card["coste"] - self.ctx.energy(hero["id"]))

    def pay(self, state, seat, n: int) -> None:
        """Pay `n` by turning Prendidas CFEs to Apagadas."""
        side = state["sides"][seat]
        side["prendidas"] -= n
        side["apagadas"] += n

    def leave_hand(self, state, seat, card_id) -> None:
        """Take one copy of a card out of the hand (a revealed copy goes first)."""
        side = state["sides"][seat]
        side["hand"].remove(card_id)
        if side["revealed"].count(card_id) > side["hand"].count(card_id):
            side["revealed"].remove(card_id)

    def to_hand(self, state, seat, card_id, revealed: bool) -> None:
        side = state["sides"][seat]
        side["hand"].append(card_id)
        if revealed:
            side["revealed"].append(card_id)

    def remove_friend(self, state, seat, friend) -> None:
        """The Amigo leaves the field; its Objeto goes to the Descarte."""
        side = state["sides"][seat]
        side["field"].remove(friend)
        if friend["objeto"]:
            side["discard"].append(friend["objeto"])

    def draw_cards(self, state, seat, n: int) -> int:
        """Draw up to `n` from the Mazo Principal; how many were drawn (fewer when it runs out)."""
        side, drawn = state["sides"][seat], 0
        for _ in range(n):
            card = self.draw(state, side["deck"])
            if card is None:
                break
            side["hand"].append(card)
            drawn += 1
        return drawn

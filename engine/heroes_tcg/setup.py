"""Before the first turn («3. Inicio de Partida y Redraw (RD)»): the computer's level, each side's deck (a
ready deck or a deck list checked by decks.validate), the opening hands, each player's Nivel 1 Hero; and the
RD, once in each player's first turn before drawing.

Rulings #ruling-jugador-1 (the first seat is the source's «Jugador 1» and plays first; each player chooses
its Nivel 1 Hero in seat order, face down, and both are revealed once both have chosen) and #ruling-redraw
(the RD is offered at the start of the Robo phase of a player's first turn: the cards are set aside one at a
time, then the player confirms)."""

from ..core import ScenarioError
from ..core.actions import action
from . import decks
from .rules_base import Rules

BOT_LEVELS = {"facil": "Fácil", "normal": "Normal"}


def deck_cards(deck: dict) -> list[str]:
    """The Mazo Principal of a deck list as card ids, one per copy."""
    return [entry["carta"] for entry in deck["cartas"] for _ in range(entry["copias"])]


class SetupRules(Rules):
    # ----- the computer's level (players=1) --------------------------------------------------------------
    def choices_choose_bot(self, state, task):
        return [
            action(f"bot:{level}", f"Rival de nivel {name}", task["seat"], "bot")
            for level, name in BOT_LEVELS.items()
        ]

    def choose_choose_bot(self, state, task, action, events):
        level = action["id"].split(":", 1)[1]
        state["computer"]["bot"] = level
        self.log(
            state,
            events,
            f"La Computadora juega como Jugador 2, nivel {BOT_LEVELS[level]}",
            "duelo-rivales",
            "setup",
        )

    # ----- each side's deck ----------------------------------------------------------------------------
    def ready_decks(self) -> list[str]:
        return sorted(self.ctx.mazos, key=lambda d: (self.ctx.mazos[d].get("order", 99), d))

    def choices_choose_deck(self, state, task):
        seat = task["seat"]
        return [
            action(f"mazo:{d}", f"Jugar con {self.ctx.mazos[d]['nombre']}", seat, "mazo")
            for d in self.ready_decks()
        ]

    def deck_list_action(self, seat: int, value) -> dict:
        """The action answering a seat's deck question with a deck list ({heroes, cartas}); a ScenarioError
        with the Spanish message of every deck rule it breaks."""
        if isinstance(value, str):
            raise ScenarioError(
                f"mazo_{seat}: «{value:.40}» no es un mazo de inicio "
                f"({', '.join(self.ready_decks())}) ni una lista de mazo"
            )
        problems = decks.validate(value, self.ctx.data)
        if problems:
            raise ScenarioError(f"mazo_{seat}: el mazo no cumple las reglas: {' '.join(problems)}")
        deck = {
            "heroes": list(value["heroes"]),
            "cartas": [{"carta": e["carta"], "copias": e["copias"]} for e in value["cartas"]],
        }
        return action("mazo:lista", "Jugar con un mazo propio", seat, "mazo", deck=deck)

    def choose_choose_deck(self, state, task, action, events):
        seat, side = task["seat"], state["sides"][task["seat"]]
        deck_id = action["id"].split(":", 1)[1]
        deck = action["deck"] if deck_id == "lista" else self.ctx.mazos[deck_id]
        side["mazo"] = None if deck_id == "lista" else deck_id
        side["heroes"] = sorted(deck["heroes"])
        side["deck"] = sorted(deck_cards(deck))
        side["mazo_nombre"] = "Mazo propio" if deck_id == "lista" else deck["nombre"]
        self.log(
            state,
            events,
            f"{self.seat_name(seat)} juega con {side['mazo_nombre']}",
            "composicion-de-mazos",
            "setup",
            seat,
        )

    # ----- opening hands and Heroes -------------------------------------------------------------------
    def run_deal(self, state, task, events):
        n = self.ctx.const("starting_hand_size")
        for seat, side in enumerate(state["sides"]):
            self.shuffle(state, side["deck"])
            self.draw_cards(state, seat, n)
        self.log(
            state, events, f"Cada jugador baraja su Mazo Principal y roba {n} cartas", "mano-inicial", "setup"
        )

    def opening_heroes(self) -> list[str]:
        """The Heroes a player may open with: those of Nivel `starting_hero_level`."""
        level = self.ctx.const("starting_hero_level")
        return sorted(h for h, card in self.ctx.heroes.items() if card["nivel"] == level)

    def choices_choose_hero(self, state, task):
        seat, level = task["seat"], self.ctx.const("starting_hero_level")
        return [
            action(f"heroe:{h}", f"Elegir a {self.hero_label(h)}", seat, "heroe")
            for h in state["sides"][seat]["heroes"]
            if self.ctx.heroes[h]["nivel"] == level
        ]

    def hero_label(self, hero_id) -> str:
        hero = self.ctx.heroes[hero_id]
        return (
            f"{hero['nombre']} (Nivel {hero['nivel']}, {self.element_name(hero['elemento'])}, "
            f"Vida {hero['vida']})"
        )

    def element_name(self, element_id) -> str:
        return next(
            (e["name"] for e in self.ctx.game.get("elements", []) if e["id"] == element_id), element_id
        )

    def choose_choose_hero(self, state, task, action, events):
        """Ruling #ruling-jugador-1: the choice is face down (`hero_choice`, hidden from the rival; the Hero
        stays in the Hero deck the rival sees) until every player has chosen; then each is placed."""
        sides = state["sides"]
        sides[task["seat"]]["hero_choice"] = action["id"].split(":", 1)[1]
        if any(s["hero"] is None and not s.get("hero_choice") for s in sides):
            self.log(
                state,
                events,
                f"{self.seat_name(task['seat'])} elige su Héroe de Nivel 1 boca abajo",
                "mano-inicial",
                "setup",
                task["seat"],
            )
            return
        for seat, side in enumerate(sides):
            if side.get("hero_choice"):
                hero, side["hero_choice"] = side["hero_choice"], None
                self.place_hero(state, seat, hero, events, "mano-inicial")

    def place_hero(self, state, seat, hero_id, events, rule) -> None:
        side = state["sides"][seat]
        side["heroes"].remove(hero_id)
        side["hero"] = {"id": hero_id, "damage": 0}
        self.log(
            state,
            events,
            f"{self.seat_name(seat)} coloca a {self.hero_label(hero_id)} como Héroe Activo",
            rule,
            "hero",
            seat,
        )

    # ----- RD (Redraw) --------------------------------------------------------------------------------
    def choices_redraw(self, state, task):
        seat, side = task["seat"], state["sides"][task["seat"]]
        base, out = {"seat": seat, "kind": "rd"}, []
        chosen = len(side["apartadas"])
        if not chosen:
            out.append(dict(base, id="rd:no", label="No hacer RD: robar con esta Mano"))
        if chosen >= self.ctx.const("redraw_min_cards"):
            out.append(
                dict(
                    base,
                    id="rd:confirmar",
                    label=f"Hacer RD: robar {chosen} carta(s) y barajar las apartadas en el Mazo",
                )
            )
        if chosen < self.ctx.const("redraw_max_cards"):
            out += [
                dict(base, id=f"rd:{c}", label=f"Apartar {self.ctx.name(c)}", card=c)
                for c in sorted(set(side["hand"]))
            ]
        return out

    def choose_redraw(self, state, task, action, events):
        seat, side = task["seat"], state["sides"][task["seat"]]
        value = action["id"].split(":", 1)[1]
        if value == "no":
            self.log(state, events, f"{self.seat_name(seat)} no hace RD", "rd-redraw", "rd", seat)
            return
        if value != "confirmar":
            self.leave_hand(state, seat, value)
            side["apartadas"].append(value)
            self.push(state, task)
            return
        n = len(side["apartadas"])
        drawn = self.draw_cards(state, seat, n)
        side["deck"] += side["apartadas"]
        side["apartadas"] = []
        side["deck"].sort()
        self.shuffle(state, side["deck"])
        side["rd_used"] += 1
        self.log(
            state,
            events,
            f"{self.seat_name(seat)} hace RD: aparta {n} carta(s), roba {drawn} y baraja "
            "las apartadas en su Mazo",
            "rd-redraw",
            "rd",
            seat,
        )

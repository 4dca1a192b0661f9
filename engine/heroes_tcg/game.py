"""The duel of the hero TCG: state creation, restore, the views and the hidden information, the computer
opponent's turn inside `play` (computer.py).

Hidden information: a hand is seen by its own seat only (the rival's view gives its size, and the cards of it
the rival was shown: `revealed`); so are the cards a player sets aside during its RD, and the Nivel 1 Hero it
chose face down until both have chosen (`hero_choice`, in no view). The order of every
Mazo Principal is hidden from both seats. The table view `view()` shows the hand of the seat to move (the
human's, against the computer). Everything else is on the table."""

from ..core import Option, ScenarioError
from ..core.setup import base_state, check_players
from . import GAME_ID, computer
from .combat import CombatRules
from .field import FieldRules
from .rules_base import Context
from .setup import BOT_LEVELS, SetupRules
from .turn import TurnRules

# The prompt line's words by the decision (the front task), never by the legal actions: they may depend on a
# hand the other seat does not see (whether a CFE is in it).
PROMPTS = {
    "choose_bot": "elige el nivel de la Computadora",
    "choose_deck": "elige tu mazo",
    "choose_hero": "elige tu Héroe de Nivel 1",
    "new_hero": "coloca un Héroe del siguiente nivel",
    "redraw": "RD: aparta cartas de tu Mano o juega con ella",
    "cfe": "baja una CFE o pasa a Campo y Ayudas",
    "main": "juega tus cartas o pasa a Esp. y Ataques",
    "equip": "elige el Amigo que equipa el Objeto",
    "target": "elige el objetivo",
    "battle": "activa Especialidades, ataca o termina el turno",
    "attack": "elige a quién atacas",
}


def _deck_option(seat: int) -> Option:
    return Option(
        "choose_deck",
        f"the deck of seat {seat}: a ready deck's id or a deck list {{heroes, cartas}}",
        lambda game: game.ready_decks(),
        seat=seat,
        parse=lambda game, value: game.deck_list_action(seat, value),
    )


def _hero_option(seat: int) -> Option:
    return Option(
        "choose_hero", f"the Nivel 1 Hero of seat {seat}", lambda game: game.opening_heroes(), seat=seat
    )


class HeroesTcg(SetupRules, TurnRules, FieldRules, CombatRules):
    """A duel: `players` 2 is two people (hot-seat), 1 is seat 0 against the computer (seat 1), which acts
    inside `play` (computer.py)."""

    PROMPTS = PROMPTS
    OPTIONS = {
        "bot": Option(
            "choose_bot",
            "facil or normal: the computer's level (players=1 only)",
            lambda game: tuple(BOT_LEVELS),
        ),
        "mazo_0": _deck_option(0),
        "mazo_1": _deck_option(1),
        "heroe_0": _hero_option(0),
        "heroe_1": _hero_option(1),
    }

    @classmethod
    def make_context(cls, catalog: dict, state: dict) -> Context:
        return Context(catalog, state["scenario"])

    @property
    def seats(self) -> int:
        """game.yaml `players`: a duel has that many sides, against the computer too (it holds a seat)."""
        return self.ctx.game["players"]["max"]

    @classmethod
    def restore(cls, catalog: dict, state: dict) -> "HeroesTcg":
        return cls(catalog, state)

    @classmethod
    def create(cls, catalog: dict, scenario_id: str, seed: int, players: int) -> "HeroesTcg":
        data = catalog["games"][GAME_ID]
        scenario = data.get("scenarios", {}).get(scenario_id)
        if scenario is None or "play" not in scenario:
            raise ScenarioError(f"{GAME_ID}/{scenario_id} no es un duelo")
        low, high = scenario["players"]["min"], scenario["players"]["max"]
        check_players(f"{GAME_ID}/{scenario_id}", players, low, high)
        if not data.get("mazos"):
            raise ScenarioError("no hay mazos de inicio en el contenido")
        side = {
            "mazo": None,
            "mazo_nombre": None,
            "heroes": [],
            "hero": None,
            "hero_choice": None,  # an opening Hero chosen face down, until both are (setup.py)
            "defeated": [],
            "next_level": None,
            "hand": [],
            "deck": [],
            "discard": [],
            "field": [],
            "prendidas": 0,
            "apagadas": 0,
            "turns": 0,
            "rd_used": 0,
            "apartadas": [],
            "revealed": [],
            "resolviendo": [],
        }
        seats = range(data["game"]["players"]["max"])
        state = base_state(
            seed,
            scenario=scenario_id,
            players=players,
            computer={"seat": scenario["play"]["computadora"], "bot": None} if players == 1 else None,
            sides=[{k: (list(v) if isinstance(v, list) else v) for k, v in side.items()} for _ in seats],
            turn=None,
            next_uid=0,
            quiet_turns=0,
            log=[],
        )
        game = cls(catalog, state)
        if players == 1:  # the person at the table chooses the computer's level
            state["tasks"].append({"t": "choose_bot", "seat": cls.rival(state["computer"]["seat"])})
        state["tasks"] += [
            *({"t": "choose_deck", "seat": seat} for seat in seats),
            {"t": "deal"},
            *({"t": "choose_hero", "seat": seat} for seat in seats),
            {"t": "start"},
        ]
        game.advance(state, [])
        game.rebase()
        return game

    def prompt(self, legal) -> str | None:
        """The line above the choices: whose turn, and the decision (PROMPTS, by the front task)."""
        if self.to_move is None or not legal:
            return None
        return f"{self.seat_name(self.to_move)}: {PROMPTS[self._state['tasks'][0]['t']]}"

    # ----- the computer acts inside play ---------------------------------------------------------------
    def advance(self, state, events) -> None:
        """Run the task queue; when the decision is the computer's, it chooses (computer.choose) and the
        queue goes on, so a call returns when a person must decide or the game is over."""
        while True:
            super().advance(state, events)
            comp = state.get("computer")
            if (
                comp is None
                or state["outcome"] is not None
                or not state["tasks"]
                or state["tasks"][0].get("seat") != comp["seat"]
            ):
                return
            action = computer.choose(self, state)
            self._choices = None
            task = state["tasks"].pop(0)
            getattr(self, "choose_" + task["t"])(state, task, action, events)
            self.after_task(state, events)

    def after_task(self, state, events) -> None:
        """Nothing to check between tasks: victory and defeat are decided where a Hero falls."""

    # ----- hidden information ------------------------------------------------------------------------
    def resample_hidden(self, state, seat, rng) -> None:
        """Every Mazo Principal is shuffled anew; the rival's hand (but the cards it was shown), its RD's
        set-aside cards and its Mazo are dealt anew from those cards together, sizes kept; a Hero it chose
        face down is drawn anew from its Nivel 1 Heroes."""
        for s, side in enumerate(state["sides"]):
            if s == seat:
                side["deck"].sort()
                rng.shuffle(side["deck"])
                continue
            if side.get("hero_choice"):
                level = self.ctx.const("starting_hero_level")
                options = sorted(h for h in side["heroes"] if self.ctx.heroes[h]["nivel"] == level)
                side["hero_choice"] = options[rng.below(len(options))]
            hand = list(side["hand"])
            known = []
            for card in side["revealed"]:
                hand.remove(card)
                known.append(card)
            pool = sorted(hand + side["apartadas"] + side["deck"])
            rng.shuffle(pool)
            n_hand, n_apart = len(hand), len(side["apartadas"])
            side["hand"] = sorted(known + pool[:n_hand])
            side["apartadas"] = pool[n_hand : n_hand + n_apart]
            side["deck"] = pool[n_hand + n_apart :]

    def progress(self, seat) -> float:
        return computer.progress(self, self._state, seat)

    # ----- what the page draws --------------------------------------------------------------------------
    def card_view(self, card_id) -> dict:
        card = self.ctx.cards[card_id]
        out = {"id": card_id, "nombre": card["nombre"], "tipo": card["tipo"], "texto": card["texto"]}
        for key in ("coste", "elemento", "ataque", "defensa", "nivel", "vida"):
            if key in card:
                out[key] = card[key]
        if card.get("especialidad"):
            esp = card["especialidad"]
            out["especialidad"] = {"coste": esp.get("coste", 0), "texto": esp["texto"]}
        return out

    def side_view(self, state, seat, shown: bool) -> dict:
        side, s = state["sides"][seat], state
        hero = None
        if side["hero"]:
            card = self.ctx.heroes[side["hero"]["id"]]
            hero = dict(
                self.card_view(card["id"]),
                dano=side["hero"]["damage"],
                energia=self.ctx.energy(card["id"]),
                ovnilio=card["elemento"] == "incoloro",
            )
        field = []
        for f in side["field"]:
            field.append(
                {
                    "uid": f["uid"],
                    "carta": self.card_view(f["card"]),
                    "vertical": f["vertical"],
                    "defensor": self.is_defender(f),
                    "ataque": self.attack_of(f),
                    "defensa": self.defense_of(f),
                    "objeto": self.card_view(f["objeto"]) if f["objeto"] else None,
                    "ataques": f["attacks"],
                    "especialidades": f["especialidades"],
                }
            )
        out = {
            "seat": seat,
            "name": self.seat_name(seat),
            "computadora": bool(s["computer"]) and s["computer"]["seat"] == seat,
            "mazo": {"id": side["mazo"], "nombre": side["mazo_nombre"]} if side["mazo_nombre"] else None,
            "heroe": hero,
            "siguiente_nivel": side["next_level"] if side["hero"] is None and side["defeated"] else None,
            "heroes_derrotados": [self.card_view(h) for h in side["defeated"]],
            "mazo_de_heroes": [self.card_view(h) for h in side["heroes"]],
            "mano_count": len(side["hand"]),
            "mazo_count": len(side["deck"]),
            "descarte": [self.card_view(c) for c in side["discard"]],
            "campo": field,
            "cfe": {"prendidas": side["prendidas"], "apagadas": side["apagadas"]},
            "apartadas_count": len(side["apartadas"]),
            "revealed": [self.card_view(c) for c in side["revealed"]],
            "turnos": side["turns"],
            "rd_usado": side["rd_used"] > 0,
        }
        if shown:
            out["mano"] = [self.card_view(c) for c in sorted(side["hand"])]
            out["apartadas"] = [self.card_view(c) for c in side["apartadas"]]
        return out

    def view(self, seat=None) -> dict:
        """`seat` None: the table view, with the hand of the seat to move (the human's against the computer,
        else the seat whose turn it is); a seat: its own hand only (see the module docstring)."""
        self.check_seat(seat)
        s = self._state
        legal = self.legal_actions()
        turn = s["turn"]
        if seat is not None:
            shown = seat
        elif s["computer"] is not None:
            shown = self.rival(s["computer"]["seat"])
        else:
            shown = self.to_move if self.to_move is not None else (turn["seat"] if turn else 0)
        phase = self.ctx.phases.get(turn["phase"]) if turn and turn["phase"] else None
        return {
            "game": GAME_ID,
            "scenario": f"{GAME_ID}/{s['scenario']}",
            "title": self.ctx.scenario.get("title", s["scenario"]),
            "seed": s["seed"],
            "players": s["players"],
            "computer": dict(s["computer"]) if s["computer"] else None,
            "to_move": self.to_move,
            "prompt": self.prompt(legal),
            "turno": {
                "seat": turn["seat"],
                "numero": turn["number"],
                "primero": s["sides"][turn["seat"]]["turns"] == 1,
            }
            if turn
            else None,
            "fase": {"numero": phase["number"], "id": phase["id"], "nombre": phase["name"]}
            if phase
            else None,
            "fases": [
                {"numero": p["number"], "id": p["id"], "nombre": p["name"]}
                for p in sorted(self.ctx.phases.values(), key=lambda p: p["number"])
            ],
            "seats": [self.side_view(s, i, shown == i) for i in range(self.seats)],
            "log": [dict(e) for e in s["log"]],
            "over": self.over,
            "outcome": self.outcome,
        }

"""POWERUP: setup and the turn sequence as tasks (the BUGs' turn, then the BUGBUSTERs' turns), the
POWERUPs, the missions' goals and the view. The rules live in the mixins this class composes."""

from ..core import ScenarioError
from ..core.actions import action
from ..core.options import Option
from ..core.setup import base_state, check_players
from .airborne import AirborneRules
from .allies import AllyRules
from .assist import AssistRules
from .attacks import AttackRules
from .bug_bosses import BugBossRules
from .bug_cards import BugCardAiRules
from .bug_side import BugSideRules
from .buster_turn import BusterTurnRules
from .campaign import CampaignRules
from .combat import CombatRules
from .continues import ContinueRules
from .cover import CoverRules
from .deathmatch import DeathmatchRules
from .dice import DiceRules
from .dm_computer import DeathmatchComputerRules
from .dm_life import DeathmatchLifeRules
from .dm_robots import RobotRules
from .epic import EpicRules
from .equipment import EquipmentRules
from .gateways import GatewayRules
from .glitch import GlitchRules
from .hidden_finds import HiddenFindRules
from .hidden_keys import HiddenKeyRules
from .lives import LivesRules
from .missions import MissionRules
from .mistress import MISTRESS_NAME, WHO_PLAYS_HER, MistressRules
from .mistress_bugs import MistressBugRules
from .mistress_cards import MistressCardRules
from .movement import MovementRules
from .pathing import PathingRules
from .pow_cards import PowCardRules
from .pow_team import PowTeamRules
from .pow_tricks import PowTrickRules
from .powerups import PowerupRules
from .professions import ProfessionRules
from .reactions import ReactionRules
from .revive import ReviveRules
from .rules_base import GAME_ID, PORTAL, Context, context_key, event
from .secrets import SecretRules
from .special_actions import SpecialActionRules
from .specials import SpecialsRules
from .view import ViewRules

_CONTEXTS: dict = {}  # context_key -> (catalog, Context)


class Powerup(
    MistressCardRules,
    MistressBugRules,
    MistressRules,
    HiddenFindRules,
    DeathmatchComputerRules,
    RobotRules,
    DeathmatchLifeRules,
    DeathmatchRules,
    CampaignRules,
    AirborneRules,
    AssistRules,
    CoverRules,
    ViewRules,
    PowTrickRules,
    PowTeamRules,
    BugBossRules,
    HiddenKeyRules,
    MissionRules,
    ProfessionRules,
    PowerupRules,
    ReactionRules,
    AllyRules,
    GlitchRules,
    SecretRules,
    SpecialsRules,
    SpecialActionRules,
    AttackRules,
    EpicRules,
    EquipmentRules,
    PowCardRules,
    ReviveRules,
    ContinueRules,
    GatewayRules,
    BugCardAiRules,
    BugSideRules,
    BusterTurnRules,
    PathingRules,
    MovementRules,
    CombatRules,
    DiceRules,
    LivesRules,
):
    game_id = GAME_ID
    OPTIONS = {
        "bugbusters": Option(
            "choose_bugbuster",
            "a list of BUGBUSTER ids, one per seat in seat order",
            lambda game: sorted(game.ctx.bugbusters),
            many=True,
        ),
        "campaign": Option(
            "choose_campaign",
            "no | yes: Mission 1 alone, or the Story campaign (the Story missions one after the other)",
            lambda game: ["no", "yes"],
        ),
        "professions": Option(
            "choose_profession",
            "a list of profession ids, one per seat (missions with professions)",
            lambda game: sorted(game.ctx.professions),
            many=True,
        ),
        "mistress": Option(
            "choose_mistress",
            "computer | person: the BUGMISTRESS played by the rulebook's AI or by a person at this device "
            "(Story and Arcade missions)",
            lambda game: [value for value, _ in WHO_PLAYS_HER],
        ),
        "players": Option(
            "choose_player",
            "Deathmatch: a list of person | computer, one per seat after the first, in seat order",
            lambda game: ["person", "computer"],
            many=True,
        ),
    }
    PROMPTS = {
        "choose": "choose a BUGBUSTER",
        "order": "who plays next?",
        "end": "choose an action",
        "react": "react to the attack?",
        "facing": "which way to face?",
        "pushed": "which way?",
        "move": "in the air: act or land?",
        "assist": "assist the attack?",
        "store": "the POWERUP store",
        "relight": "which POWERUP goes ON?",
        "continue": "pay a CONTINUE?",
        "discard": "discard a POW! card",
        "attack": "boost the attack or roll",
        "carry": "choose an action",
        "let-by": "pass or be pushed?",
        "profession": "choose a profession",
        "ability": "choose an action",
        "campaign": "play the Story campaign?",
        "player": "who plays the other seats?",
        "place": "place your team's pieces",
        "pow": "use the POW! cards",
        "mistress": "who plays the BUGMISTRESS?",
        "next": "the BUGs' turn",
        "value": "the BUGs' turn",
        "wave": "the BUGs' turn",
        "spawn": "the BUGs' turn",
        "bug": "the BUGs' turn",
        "card": "play the BUG card",
        "trick": "play a Trick?",
    }

    @classmethod
    def make_context(cls, catalog: dict, state: dict) -> Context:
        """The mission in play's data, its board with the tiles turned over so far (Kill the BUGMISTRESS);
        one Context per board, kept (a bot's copies go back and forth over a flip)."""
        key = context_key(state)
        cached = _CONTEXTS.get(key)
        if cached is not None and cached[0] is catalog:
            return cached[1]
        ctx = Context(catalog, *key)
        ctx.key = key
        ctx.flipped = list(key[2])  # the state's `flipped` list it was made for (campaign.ctx compares it)
        if len(_CONTEXTS) > 64:
            _CONTEXTS.clear()
        _CONTEXTS[key] = (catalog, ctx)
        return ctx

    @property
    def seats(self) -> int:
        """One per BUGBUSTER (Deathmatch: per character), and the BUGMISTRESS's when a person plays her."""
        return self._state["players"] + (self.mistress_seat() is not None)

    def prompt(self, legal) -> str | None:
        """In a person BUGMISTRESS's turn the line is the same whatever her hidden hand lets her play: the
        first legal action (a card or a BUG's) would tell the BUGBUSTERs what she holds."""
        tasks = self._state["tasks"]
        if legal and tasks and tasks[0]["t"] == "mistress":
            return f"{MISTRESS_NAME}: {self.PROMPTS['next']}"
        return super().prompt(legal)

    def seat_name(self, seat) -> str:
        if seat is not None and seat == self.mistress_seat():
            return MISTRESS_NAME
        buster = (
            self._state["busters"][seat] if seat is not None and seat < len(self._state["busters"]) else None
        )
        if buster and buster.get("char"):
            return self.name(self._state["chars"][buster["char"]])
        return f"Player {seat + 1}"  # before the seat has chosen its BUGBUSTER

    @classmethod
    def create(cls, catalog: dict, scenario_id: str, seed: int, players: int) -> "Powerup":
        data = catalog["games"][GAME_ID]
        scenario = data["scenarios"].get(scenario_id)
        key = f"{GAME_ID}/{scenario_id}"
        if scenario is None or "play" not in scenario:
            raise ScenarioError(f"{key} is not a playable POWERUP mission")
        bounds = scenario["players"]
        deathmatch = scenario["mode"] == "deathmatch"
        check_players(
            key, players, bounds["min"], bounds["max"], what="players" if deathmatch else "BUGBUSTERs"
        )
        layout = next(
            i
            for i, lay in enumerate(scenario["play"]["layouts"])
            if lay["players"]["min"] <= players <= lay["players"]["max"]
        )
        state = base_state(
            seed,
            scenario=scenario_id,
            players=cls.characters_for(players) if deathmatch else players,  # the seats: one per character
            **({"people": players} if deathmatch else {}),
            layout=layout,
            turn=0,
            chars={},
            busters=[],
            tokens=[],
            coins={},
            next_id=0,
            mistress={},
            decks={},
            store=[],
            continues=0,
            goal={},
            restarts=0,
            npc_moves={},
        )
        game = cls(catalog, state)
        game.set_up(state)
        state["tasks"] = [{"t": "choose_campaign", "seat": 0}] if scenario["play"].get("campaign") else []
        if not deathmatch:  # "a computer (AI) or a player" (mistress.py)
            state["tasks"].append({"t": "choose_mistress", "seat": 0})
        if deathmatch:  # "Any seat may be a person or the computer" (dm_computer.py); the first is a person
            state["computer"] = []
            state["tasks"] += [
                {"t": "choose_player", "seat": 0, "for": s} for s in range(1, state["players"])
            ]
        state["tasks"] += [{"t": "choose_bugbuster", "seat": s} for s in range(state["players"])]
        if scenario["play"].get("professions"):
            state["tasks"] += [{"t": "choose_profession", "seat": s} for s in range(players)]
        state["tasks"].append({"t": "begin"})
        game.advance(state, [])
        return game

    # ----- setup -----------------------------------------------------------------------
    def set_up(self, state) -> None:
        """ "Build the board following the mission instructions", the cards, the BUGs and the tokens.
        Ruling #ruling-setup-placement."""
        ctx, play, layout = self.ctx, self.ctx.play, self.ctx.layout
        decks = state["decks"]
        for name, deck in (("pow", "pow-cards"), ("bug", "bug-cards"), ("equipment", "equipment")):
            cards = ctx.decks.get(deck, {})
            pile = [f"{cid}#{n}" for cid in sorted(cards) for n in range(1, cards[cid].get("count", 1) + 1)]
            self.shuffle(state, pile)
            decks[name], decks[f"{name}_discard"] = pile, []
        for _ in range(ctx.const("store_equipment_cards")):
            card = self.draw(state, decks["equipment"])
            if card:
                state["store"].append(card)
        for n, p in enumerate(layout.get("powerups", [])):
            state["tokens"].append(
                {"id": f"powerup-{n + 1}", "kind": "powerup", "at": list(p["at"]), "on": p.get("on", True)}
            )
        for n, square in enumerate(layout.get("drums", [])):
            state["tokens"].append({"id": f"drum-{n + 1}", "kind": "drum", "at": list(square)})
        self.place_secrets(state)
        self.place_glitches(state)
        for b in layout.get("burps", []):
            self.new_bug(state, "burp", b["at"], b["facing"])
        for b in layout.get("bugs", []):
            self.new_bug(state, b["bug"], b["at"], b.get("facing", "left"))
        for part in layout.get("portal", []):
            self.new_bug(state, PORTAL, part["at"], part["facing"])
        for n in layout.get("npcs", []):
            record = ctx.npcs[n["npc"]]
            self.add_char(
                state,
                {
                    "id": n["npc"],
                    "side": "npc",
                    "kind": n["npc"],
                    "at": list(n["at"]),
                    "facing": n.get("facing", "right"),
                    "lives": record.get("lives", 1),
                },
            )
        state["mistress"] = {
            "hand": [],  # a person's BUG cards (mistress.py)
            "active": list(play.get("active", [])),
            "wave_pool": 0,
            "event": None,
            "first_spawn": True,
            "no_spawn": False,
        }

    def choices_choose_bugbuster(self, state, task) -> list:
        taken = {b["kind"] for b in state["busters"]}
        return [
            action(f"bugbuster:{bid}", f"Play {rec['name']}", task["seat"], "choose")
            for bid, rec in sorted(self.ctx.bugbusters.items(), key=lambda kv: kv[1]["order"])
            if bid not in taken and "sheet" in rec
        ]

    def choose_choose_bugbuster(self, state, task, chosen, events) -> None:
        seat, bid = task["seat"], chosen["id"].split(":")[1]
        record = self.ctx.bugbusters[bid]
        sheet = record["sheet"]
        start = self.start_of(seat)
        cid = bid
        self.add_char(
            state,
            {
                "id": cid,
                "side": "bugbuster",
                "kind": bid,
                "seat": seat,
                "at": list(start["at"]) if start["at"] is not None else None,
                "facing": start.get("facing", "right"),
                "lives": self.ctx.const("starting_lives"),
            },
        )
        equipped = {}
        for n, weapon in enumerate(sheet.get("weapons", [])):
            equipped.setdefault(weapon["category"], f"sheet:{bid}:{n}")
        state["busters"].append(
            {
                "seat": seat,
                "char": cid,
                "kind": bid,
                "ap": 0,
                "ammo": sheet["ammo"],
                "reaction": sheet["reaction"],
                "coins": self.ctx.play.get("coins", 0),
                "score": 0,
                "hand": [],
                "equipped": equipped,
                "pack": [],
                "epic": False,
                "played": False,
                "reactions_on": True,
            }
        )
        events.append(
            event(f"{record['name']} joins the squad.", "new-game-choose-your-bugbusters", seat=seat)
        )

    def start_of(self, seat) -> dict:
        """Where a seat's BUGBUSTER starts: the layout's start square (Deathmatch places it later)."""
        return self.dm_start(seat) if self.deathmatch() else self.ctx.layout["start"][seat]

    def run_begin(self, state, task, events) -> None:
        if self.deathmatch():
            self.prepare_deathmatch(state, events)
            return
        events.append(
            event(
                f"{self.ctx.scenario['title']}: {self.ctx.scenario.get('objective', '')}",
                "story-mode",
                kind="phase",
            )
        )
        self.push(state, *self.mistress_placements(state), {"t": "bug_turn"})

    def run_end_turn(self, state, task, events) -> None:
        """ "End of turn sequence"; the next one begins with the BUGs."""
        self.turn_over(state, events)
        if state.get("outcome") is None:
            self.push(state, {"t": "dm_turn" if self.deathmatch() else "bug_turn"})

    def card_kind(self, card_id: str) -> str:
        """A card's record id (copies are "<id>#<n>")."""
        return card_id.split("#")[0]

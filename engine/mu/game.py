"""Marvel United (Kickstarter Promos villains): the game object (state creation, view) over the mixins."""

import copy

from ..core import Rng, ScenarioError
from .damage import DamageRules
from .effects import EffectRules
from .heroes import HeroRules
from .missions import MISSIONS, MissionRules
from .rules_base import GAME_ID, TOKEN_KINDS, Context
from .setup import SetupRules
from .threats import ThreatRules
from .villain import VillainRules
from .villains import VILLAIN_MIXINS, HandlerRules


class MarvelUnited(SetupRules, HeroRules, VillainRules, DamageRules, MissionRules, ThreatRules, EffectRules,
                   HandlerRules, *VILLAIN_MIXINS):
    def __init__(self, catalog: dict, state: dict):
        super().__init__(catalog, state)
        self.ctx = Context(catalog, state["villain"])

    @classmethod
    def create(cls, catalog: dict, villain_id: str, seed: int, players: int) -> "MarvelUnited":
        """Any villain of the catalog with a health table and a Master Plan deck can be started (tests use
        it); `playable()` in __init__ decides what the site offers."""
        data = catalog["games"][GAME_ID]
        villain = data.get("villains", {}).get(villain_id)
        if villain is None:
            raise ScenarioError(f"{GAME_ID}/{villain_id} is not a villain")
        consts = data["game"].get("constants", {})
        low, high = consts.get("dashboard_table_min_heroes", 2), consts.get("dashboard_table_max_heroes", 4)
        solo = consts.get("commander_heroes", 1)
        table = villain["dashboard"].get("player_count") or {}
        rows = {r["heroes"]: r["value"] for r in table.get("rows", [])}
        # a Dashboard whose table gives Health for more Heroes is played by more (Knull: up to 6)
        high = max([high] + [n for n, value in rows.items() if value is not None])
        if not (low <= players <= high or players == solo):
            raise ScenarioError(f"{GAME_ID}/{villain_id} is played by {low} to {high} Heroes (or {solo} in "
                                f"Commander Solo Mode), not {players}")
        row = consts.get("commander_health_heroes", 2) if players == solo else players  # core-solo-commander
        if rows.get(row) is None:
            raise ScenarioError(f"{villain['name']}'s Dashboard gives no health for {row} Heroes")
        if not (villain.get("master_plan") or {}).get("cards"):
            raise ScenarioError(f"{villain['name']} has no Master Plan deck in content yet")
        if len(data.get("heroes", {})) < players:
            raise ScenarioError(f"only {len(data.get('heroes', {}))} Heroes in content, {players} needed")
        ctx = Context(catalog, villain_id)
        if len(ctx.locations) < ctx.const("locations_in_play"):
            raise ScenarioError("not enough Locations in content")
        state = {
            "villain": villain_id,
            "seed": seed,
            "rng": Rng.from_seed(seed).dump(),
            "heroes": [{"seat": i, "hero": None, "pos": None, "hand": [], "deck": [], "ko": False,
                        "invulnerable": False, "cleared": [], "tokens": {k: 0 for k in TOKEN_KINDS}}
                       for i in range(players)],
            "locations": [],
            "villain_pos": None,
            "villain_start": None,
            "mode": "commander" if players == solo else "standard",
            "health": rows[row],
            "health_max": rows[row],
            "plan_deck": [],
            "storyline": [],
            "since_villain": 0,
            "current": None,
            "turn": None,
            "missions": {m: 0 for m in MISSIONS},
            "completed": [],
            "cleared_threats": [],
            "tally": {"placed": {"civilian": 0, "thug": 0}, "removed": {"civilian": 0, "thug": 0}},
            "tasks": [],
            "outcome": None,
        }
        game = cls(catalog, state)
        state["missions"] = {m: 0 for m in game.missions_in_play()}  # a Dashboard may replace one
        state["tasks"] += [{"t": "pick_hero", "seat": s} for s in range(players)]
        if state["mode"] != "commander":  # the team chooses the standard game or Super Villain mode
            state["tasks"].append({"t": "choose_mode", "seat": 0})
        if game.dash_play("challenge"):  # the back's optional Challenge (Absorbing Man, Titania): add it?
            state["tasks"].append({"t": "choose_challenge", "seat": 0})
        state["tasks"].append({"t": "setup_board"})
        state["tasks"].append({"t": "first_turns"})
        game.advance(state, [])
        return game

    # ----- what the page draws ----------------------------------------------------------------
    def view(self, seat=None) -> dict:
        s, ctx = self.state, self.ctx
        legal = self.legal_actions()
        to_move = self.to_move
        prompt = None
        if to_move is not None and legal:
            prompt = f"{self.hero_name(s, to_move)}: {PROMPTS.get(legal[0]['kind'], 'choose')}"
        current = s["current"] if s["current"] is not None else to_move
        locations = []
        for loc in s["locations"]:
            data = ctx.locations[loc["id"]]
            threat = None
            if loc["threat"]:
                card = ctx.threats[loc["threat"]["card"]]
                kind, need = self.threat_need(loc["threat"])
                threat = {"id": loc["threat"]["id"], "card": card["id"], "name": card["name"],
                          "text": card["text"], "health": card.get("health"), "clear_with": kind,
                          "needed": need,
                          "left": self.threat_left(loc["threat"]), "text_applied": bool(card.get("play")),
                          "clearable": self.threat_clearable(loc["threat"]),
                          "status": (card.get("provenance") or {}).get("status")}
            locations.append({
                "id": loc["id"], "name": data["name"], "slots": len(loc["tokens"]),
                "tokens": list(loc["tokens"]),
                "end_of_turn": data.get("end_of_turn", {}).get("text"), "covered": loc["threat"] is not None,
                "threat": threat, "villain": s["villain_pos"] == loc["id"],
                "heroes": [h["seat"] for h in s["heroes"] if h["pos"] == loc["id"]]})
        heroes = []
        for h in s["heroes"]:
            entry = {"seat": h["seat"], "hero": h["hero"], "name": self.hero_name(s, h["seat"]),
                     "position": h["pos"], "hand_count": len(h["hand"]), "deck_count": len(h["deck"]),
                     "ko": h["ko"], "invulnerable": h["invulnerable"], "tokens": dict(h["tokens"]),
                     "cleared_threats": list(h["cleared"])}
            if h["seat"] == current:
                entry["hand"] = [self.card_view(c) for c in h["hand"]]
            heroes.append(entry)
        storyline = []
        for entry in s["storyline"]:
            if entry["kind"] == "hero" and entry.get("facedown"):  # turned facedown (Toxic Gamma Ray)
                storyline.append({"kind": "hero", "seat": entry["seat"], "facedown": True})
            elif entry["kind"] == "hero":
                storyline.append(dict(self.card_view(entry["card"]), kind="hero", seat=entry["seat"]))
            elif entry.get("facedown"):
                storyline.append({"kind": "master-plan", "facedown": True})
            else:
                card = ctx.master_plan[entry["card"]]
                storyline.append({"kind": "master-plan", "id": card["id"], "number": card["number"],
                                  "text": card["text"], "bam": card.get("bam", False),
                                  "status": (card.get("provenance") or {}).get("status")})
        out = {
            "game": GAME_ID,
            "scenario": f"{GAME_ID}/{s['villain']}",
            "title": ctx.villain["name"],
            "mode": s.get("mode", "standard"),
            "seed": s["seed"],
            "to_move": to_move,
            "prompt": prompt,
            "villain": {"id": s["villain"], "name": ctx.villain["name"], "position": s["villain_pos"],
                        "health": s["health"], "max": s["health_max"],
                        "vulnerable": self.villain_vulnerable(s),
                        "under_pressure": self.under_pressure(s),
                        "plan_deck": len(s["plan_deck"]),
                        "next_turn_in": max(0, self.villain_every(s) - s["since_villain"]),
                        "every": self.villain_every(s)},
            "locations": locations,
            "heroes": heroes,
            "current": current,
            "storyline": storyline,
            "turn": ({"seat": s["turn"]["seat"], "card": s["turn"]["card"], "previous": s["turn"]["prev"],
                      "symbols": list(s["turn"]["symbols"]), "effect_used": s["turn"]["effect_used"]}
                     if s["turn"] else None),
            "missions": [{"id": m, "name": name, "count": s["missions"][m], "size": self.mission_size(m),
                          "complete": m in s["completed"]}
                         for m, (name, const) in self.missions_in_play().items()],
            "over": self.over,
            "outcome": self.outcome,
        }
        challenge = s.get("challenge")
        if challenge and challenge["status"] == "waiting":  # facedown near the play area (setup.py)
            card = ctx.threats[challenge["card"]]
            out.setdefault("components", []).append({
                "id": card["id"], "name": f"{card['name']} (facedown: enters play where the first Threat is "
                                          "cleared)", "text": card["text"], "location": None, "seat": None,
                "count": 1})
        extra = self.villain_hook("view_")  # view_<villain>(state, out): what only this villain shows
        if extra:  # on a copy: a hook's accessor may create the villain's state, and drawing never changes it
            extra(copy.deepcopy(s), out)
        return out

    def card_view(self, card_id: str) -> dict:
        c = self.ctx.hero_cards[card_id]
        return {"id": c["id"], "name": c["name"], "hero": c["hero"], "symbols": list(c.get("symbols", [])),
                "effect": (c.get("effect") or {}).get("text")}


PROMPTS = {
    "hero": "choose your Hero",
    "mode": "choose the game mode",
    "challenge": "choose whether to add the Challenge",
    "setup": "choose your starting Location",
    "play": "play a card to the Storyline",
    "move": "use your actions",
    "attack": "use your actions",
    "heroic": "use your actions",
    "token": "use your actions",
    "effect": "resolve the special effect",
    "location": "use your actions",
    "end": "use your actions",
    "damage": "choose the card to put under your deck",
    "prevent": "choose whether a Hero takes the damage to prevent the effect",
    "cabal-villain": "choose the Cabal member who is the Villain",
    "cabal-deal": "choose the Henchman that takes the Crisis token",
    "enchantress-spell": "choose how Hypnosis acts on you this turn",
    "enchantress-forfeit": "choose the action you forfeit",
    "facedown": "choose the Hero card to turn facedown",
    "forfeit": "choose the action to forfeit",
    "token-or-damage": "discard an Action token or take the damage",
    "push": "choose where you are moved",
    "hit-target": "choose the Hero who is hit",
    "negative-zone": "choose the Hero who enters or leaves the Negative Zone",
}

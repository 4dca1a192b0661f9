"""Marvel United (Kickstarter Promos villains): the table (state creation, restore, view) over the core
rules' mixins. A game is always an instance of its villain's class, a subclass of villain_base.Villain (which
subclasses this one and holds every villain hook): create and restore find it with find_villain."""

from ..core import Option, ScenarioError
from ..core.setup import base_state, check_players
from .damage import DamageRules
from .effects import EffectRules
from .heroes import HeroRules
from .missions import MISSIONS, MissionRules
from .rules_base import GAME_ID, TOKEN_KINDS, Context
from .setup import SetupRules
from .threats import ThreatRules
from .villain import VillainRules
from .villains.common import CommonRules

# The prompt line's words by the kind of the first legal action (core Game.prompt).
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


class MarvelUnited(SetupRules, HeroRules, VillainRules, DamageRules, MissionRules, ThreatRules, EffectRules,
                   CommonRules):
    """The table and the core rules; never played by itself: MarvelUnited.create and restore build an
    instance of the villain's class (villain_base.find_villain), whose hooks the core rules call.

    Hidden information: a Hero's hand is seen by that Hero's seat only (`view(seat)` gives the other
    Heroes' hand sizes; the table view `view()` shows the hand of the Hero whose turn it is, for hot-seat
    play); the order of every Hero deck and of the Master Plan deck, and the dice to come, are hidden from
    every seat (views give sizes only)."""

    PROMPTS = PROMPTS
    OPTIONS = {
        "heroes": Option("pick_hero", "a list of Hero ids, one per seat in seat order",
                         lambda game: sorted(game.ctx.heroes), many=True),
        "mode": Option("choose_mode", "standard or super-villain (not asked in Commander Solo Mode)",
                       lambda game: ("standard", "super-villain")),
        "challenge": Option("choose_challenge", "yes or no: add the Dashboard's optional Challenge "
                                                "(Absorbing Man, Titania)", lambda game: ("no", "yes")),
    }

    @classmethod
    def make_context(cls, catalog: dict, state: dict) -> Context:
        return Context(catalog, state["villain"])

    @property
    def seats(self) -> int:
        return len(self._state["heroes"])

    def seat_name(self, seat) -> str:
        return self.hero_name(self._state, seat)

    def resample_hidden(self, state, seat, rng) -> None:
        """The Master Plan deck and every Hero deck are shuffled; other seats' hands and decks are dealt
        anew from their cards together (sizes kept)."""
        state["plan_deck"].sort()
        rng.shuffle(state["plan_deck"])
        for hero in state["heroes"]:
            if hero["seat"] == seat:
                hero["deck"].sort()
                rng.shuffle(hero["deck"])
                continue
            cards = sorted(hero["hand"] + hero["deck"])
            rng.shuffle(cards)
            hero["hand"], hero["deck"] = cards[:len(hero["hand"])], cards[len(hero["hand"]):]

    @classmethod
    def restore(cls, catalog: dict, state: dict) -> "MarvelUnited":
        """The game of a snapshot's state: an instance of its villain's class."""
        from .villain_base import find_villain  # villain_base subclasses this class

        return find_villain(state["villain"])(catalog, state)

    @classmethod
    def create(cls, catalog: dict, villain_id: str, seed: int, players: int) -> "MarvelUnited":
        """A new game against `villain_id`: an instance of its class (villain_base.find_villain), whose
        init_state hook adds the villain's own entries to the state. Any villain of the catalog with a
        health table and a Master Plan deck can be started (tests use it); `playable()` in __init__ decides
        what the site offers."""
        from .villain_base import find_villain  # villain_base subclasses this class

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
        check_players(f"{GAME_ID}/{villain_id}", players, low, high, also={solo: "in Commander Solo Mode"},
                      what="Heroes")
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
        state = base_state(seed, **{
            "villain": villain_id,
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
        })
        game = find_villain(villain_id)(catalog, state, ctx=ctx)
        game.init_state(state)
        state["missions"] = {m: 0 for m in game.missions_in_play()}  # a Dashboard may replace one
        state["tasks"] += [{"t": "pick_hero", "seat": s} for s in range(players)]
        if state["mode"] != "commander":  # the team chooses the standard game or Super Villain mode
            state["tasks"].append({"t": "choose_mode", "seat": 0})
        if game.dash_play("challenge"):  # the back's optional Challenge (Absorbing Man, Titania): add it?
            state["tasks"].append({"t": "choose_challenge", "seat": 0})
        state["tasks"].append({"t": "setup_board"})
        state["tasks"].append({"t": "first_turns"})
        game.advance(state, [])
        game.rebase()  # a failing first action rolls back to this state, not to the one before setup
        return game

    # ----- what the page draws ----------------------------------------------------------------
    def view(self, seat=None) -> dict:
        """`seat` None: the table view, with the hand of the Hero whose turn it is; a seat: that Hero's
        hand only (see the class docstring)."""
        self.check_seat(seat)
        s, ctx = self._state, self.ctx
        legal = self.legal_actions()
        to_move = self.to_move
        prompt = self.prompt(legal)
        current = s["current"] if s["current"] is not None else to_move
        shown = current if seat is None else seat
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
            if h["seat"] == shown:
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
        self.extend_view(s, out)  # what only this villain shows (the hook reads the state, changes `out`)
        return out

    def card_view(self, card_id: str) -> dict:
        c = self.ctx.hero_cards[card_id]
        return {"id": c["id"], "name": c["name"], "hero": c["hero"], "symbols": list(c.get("symbols", [])),
                "effect": (c.get("effect") or {}).get("text")}


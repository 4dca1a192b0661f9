"""The Story campaign (POWERUP Rulebook — Game Modes, Story Mode): "In STORY mode, players follow the missions
from the manual one by one." Asked at Mission 1's setup (option `campaign`: `no` | `yes`; the option
`professions` answers the profession question the first mission with professions asks); with `yes` the one
game plays the Story missions in the printed order (the `campaign` list of Mission 1's play block): when a
mission is won, its reward is granted and the next mission is set up on its own board; the game is won when
Point of No Return is, and lost when any mission is lost. The state's `mission` names the mission in play
(the scenario stays Mission 1, so a Session record replays it).

Our rulings (the text says only what Point of No Return keeps):
- Each BUGBUSTER carries its coins (never fewer than the next mission's starting coins), SCORE, POW! cards,
  equipment and profession sheet into the next mission; it starts it at its start square with its sheet's
  lives, ammunition and reaction points (a mission's setup), down or not at the end of the last one.
- Mission 1's reward ("The whole group can buy equipment from the POWERUP store. Each player gets a POW!
  card at the end."): a POW! card for each BUGBUSTER, then each visits the POWERUP store once, in seat order,
  between the two missions. The other rewards are the story's ("Talk to PDR."): shown, granting nothing.
- The decks and the store's cards go on from mission to mission; the board, its BUGs, tokens and coins,
  the BUG waves (each mission's own roster), the CONTINUE card ("set the CONTINUE card to the first level")
  and the turn card are set up anew.
- Point of No Return, "Keep any BUGs from the previous mission. If the square is occupied, the occupant is
  pushed.": its board is the BURP's; its BOSS, BURPs and drums are placed, and the BUGs still standing at
  the end of the BURP (BURPs aside: the mission sets its own, the box has 4) take the place of the other
  BUGs its layout lists for a game begun there, each on its square, facing as it was; an occupant there
  is pushed one square the way the kept BUG faces, and a kept BUG whose square is still taken is not
  placed.
Ruling #ruling-story-campaign."""

from ..core.actions import action
from .board import DX
from .rules_base import Rules, event

SPAWNER = "burp"
NOT_FLIPPED: list = []  # a state without `flipped` (never changed: compared only)


class CampaignRules(Rules):
    # ----- the context follows the mission in play ----------------------------------------
    # The context depends on the state's mission, layout and flipped tiles (rules_base.context_key). They
    # are compared once per state dict, not on each of the millions of reads a game makes: again when the
    # state is another dict (a rollback, a checkpoint), when it is handed out (`state`: the caller may edit
    # it) and when the engine changes one of them (`context_changed`, where a mission begins or a tile flips).
    @property
    def ctx(self):
        """The context follows the mission in play and the tiles the BUGMISTRESS has flipped."""
        mine = self.__dict__
        state = self._state
        if mine.get("_ctx_of") is state:
            return mine["_ctx"]
        ctx = mine["_ctx"]
        key = getattr(ctx, "key", None)
        if (
            key is None
            or (state.get("mission") or state["scenario"]) != key[0]
            or state["layout"] != key[1]
            or state.get("flipped", NOT_FLIPPED) != ctx.flipped
        ):
            ctx = mine["_ctx"] = self.make_context(self.catalog, state)
        mine["_ctx_of"] = state
        return ctx

    @ctx.setter
    def ctx(self, value) -> None:
        self.__dict__["_ctx"] = value
        self.__dict__["_ctx_of"] = None

    def context_changed(self) -> None:
        """The state's mission, layout or flipped tiles changed: the context is looked at again."""
        self.__dict__["_ctx_of"] = None

    @property
    def state(self) -> dict:
        self.context_changed()  # handed out to read or edit (rules tests flip tiles by hand)
        return super().state

    @state.setter
    def state(self, value: dict) -> None:
        self.context_changed()
        super(CampaignRules, type(self)).state.fset(self, value)

    # ----- the setup question ----------------------------------------------------------------
    def choices_choose_campaign(self, state, task) -> list:
        missions = self.ctx.play["campaign"]
        titles = ", ".join(self.catalog["games"][self.game_id]["scenarios"][m]["title"] for m in missions)
        return [
            action("campaign:no", f"Play {self.ctx.scenario['title']} alone", task["seat"], "campaign"),
            action("campaign:yes", f"Play the Story campaign: {titles}", task["seat"], "campaign"),
        ]

    def choose_choose_campaign(self, state, task, chosen, events) -> None:
        if chosen["id"] == "campaign:yes":
            missions = list(self.ctx.play["campaign"])
            state["campaign"] = {"missions": missions, "index": 0, "won": [], "between": False}
            state["mission"] = missions[0]
            self.context_changed()
            events.append(
                event(f"The Story campaign: {len(missions)} missions, one after the other.", "game-modes")
            )

    def setup_asks(self, option, options: dict) -> int:
        """With `campaign: yes`, each seat's profession is asked when the first Story mission with
        professions begins (Exodus): the option `professions` answers it then."""
        asked = super().setup_asks(option, options)
        if (
            option.task != "choose_profession"
            or options.get("campaign") != "yes"
            or "campaign" not in self.ctx.play
        ):
            return asked
        scenarios = self.catalog["games"][self.game_id]["scenarios"]
        later = any(scenarios[m]["play"].get("professions") for m in self.ctx.play["campaign"])
        return asked + self.seats if later else asked

    # ----- a mission won -----------------------------------------------------------------------
    def after_task(self, state, events) -> None:
        if (state.get("campaign") or {}).get("between"):
            return
        super().after_task(state, events)

    def finish(self, state, result: str, reason: str, events) -> None:
        camp = state.get("campaign")
        if result != "win" or not camp or camp["index"] + 1 >= len(camp["missions"]):
            if camp and result == "win":
                reason = f"The Story campaign is won. {reason}"
            super().finish(state, result, reason, events)
            return
        reward = self.ctx.play.get("reward") or {}
        text = f"{self.ctx.scenario['title']} is won: {reason}"
        if reward.get("text"):
            text += f" Reward: {reward['text']}"
        events.append(event(text, "story-mode", kind="goal"))
        camp["won"].append(state["mission"])
        camp["between"] = True
        state["tasks"] = [{"t": "next_mission"}]
        if reward.get("kind") == "store":
            self.push(state, *({"t": "store", "seat": b["seat"], "powerup": None} for b in state["busters"]))
        for buster in state["busters"]:
            self.draw_pow(state, self.char_of(state, buster["seat"]), reward.get("pow_cards", 0), events)

    def choices_store(self, state, task) -> list:
        out = super().choices_store(state, task)
        if task.get("powerup") is None:  # between two missions: no board to switch a POWERUP on
            out = [a for a in out if a["id"] != "store:switch-on-powerup"]
        return out

    def choose_store(self, state, task, chosen, events) -> None:
        if task.get("powerup") is None and chosen["id"] == "store:done":
            return
        super().choose_store(state, task, chosen, events)

    # ----- the next mission ------------------------------------------------------------------
    def run_next_mission(self, state, task, events) -> None:
        camp = state["campaign"]
        kept = []
        camp["index"] += 1
        mission = camp["missions"][camp["index"]]
        scenario = self.catalog["games"][self.game_id]["scenarios"][mission]
        if "bugs" in scenario["play"].get("carry_over", []):
            kept = [
                {"kind": c["kind"], "at": list(c["at"]), "facing": c["facing"], "lives": c["lives"]}
                for c in sorted(self.standing(state), key=lambda c: c["id"])
                if c["side"] == "bug" and c["kind"] != SPAWNER
            ]
        busters = state["busters"]
        state["mission"] = mission
        state["layout"] = next(
            i
            for i, lay in enumerate(scenario["play"]["layouts"])
            if lay["players"]["min"] <= state["players"] <= lay["players"]["max"]
        )
        self.context_changed()
        decks, store = state["decks"], state["store"]
        for field in ("chars", "coins", "goal", "npc_moves"):
            state[field] = {}
        state["tokens"], state["busters"], state["store"] = [], [], []
        for field in ("gateway_off", "closed_gateways", "turret"):
            state.pop(field, None)
        state.update(turn=0, restarts=0, continues=0)
        hand = state["mistress"].get("hand", [])  # a person's BUG cards go on to the next mission
        self.set_up(state)
        state["decks"], state["store"] = decks, store
        state["mistress"]["hand"] = hand
        for old in busters:
            self.choose_choose_bugbuster(state, {"seat": old["seat"]}, {"id": f"bugbuster:{old['kind']}"}, [])
            new = state["busters"][old["seat"]]
            for field in ("score", "hand", "equipped", "pack", "lost", "profession", "side", "reactions_on"):
                if field in old:
                    new[field] = old[field]
            new["coins"] = max(old["coins"], new["coins"])
        if kept:
            self.keep_bugs(state, kept, events)
        camp["between"] = False
        tasks = []
        if self.ctx.play.get("professions"):
            tasks += [
                {"t": "choose_profession", "seat": b["seat"]}
                for b in state["busters"]
                if not b.get("profession")
            ]
        state["tasks"] = tasks + [{"t": "begin"}]
        events.append(
            event(
                f"Story mission {camp['index'] + 1}/{len(camp['missions'])}: {self.ctx.scenario['title']}.",
                "story-mode",
                kind="phase",
            )
        )

    def keep_bugs(self, state, kept, events) -> None:
        """ "Keep any BUGs from the previous mission. If the square is occupied, the occupant is pushed.\""""
        goal_bug = self.ctx.play["goal"].get("bug")
        for c in [c for c in state["chars"].values() if c["side"] == "bug"]:
            if c["kind"] not in (SPAWNER, goal_bug):
                del state["chars"][c["id"]]
        for k in kept:
            for occupant in list(self.chars_at(state, k["at"])):
                self.shove(state, occupant, DX[k["facing"]], 1, events, rule="story-mode")
            probe = {"side": "bug", "kind": k["kind"], "id": "probe"}
            if self.chars_at(state, k["at"]) or not self.free_for(state, probe, k["at"]):
                continue
            bug = self.new_bug(state, k["kind"], k["at"], k["facing"])
            bug["lives"] = k["lives"]
            events.append(event(f"The {self.name(bug)} of the last mission is still here.", "story-mode"))

    def campaign_view(self) -> dict | None:
        camp = self._state.get("campaign")
        if not camp:
            return None
        scenarios = self.catalog["games"][self.game_id]["scenarios"]
        return {
            "mission": camp["index"] + 1,
            "of": len(camp["missions"]),
            "current": camp["missions"][camp["index"]],
            "missions": [{"id": m, "title": scenarios[m]["title"]} for m in camp["missions"]],
            "won": list(camp["won"]),
        }

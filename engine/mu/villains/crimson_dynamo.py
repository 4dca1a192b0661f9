"""Crimson Dynamo (content/marvel-united-promos/villains/crimson-dynamo.yaml): every rule of his Dashboard,
the Power Struggle Mission, his Threats and his Master Plan.

Special Setup (back): "Replace the Clear Threats Mission with the Power Struggle Mission. Threat tokens are
not used in this game. Place 2 Crisis tokens on the Power Struggle Mission. Set aside the The Struggle Begins
Master Plan card and place it on top of the deck after shuffling it."
  - Dashboard `replace_mission` {mission: clear-threats, by: power-struggle-mission} (core MissionRules.
    replaced_mission): a cleared Threat puts nothing on any Mission; the Power Struggle Mission (the record's
    `components` entry) counts as a Mission for Under Pressure and vulnerability once complete.
  - Dashboard `special_setup` -> `crimson_dynamo_setup` (params.crisis 2, params.first_card: the title of the
    card put on top): `state["crimson_dynamo"]["crisis"]` = the Crisis tokens on the Mission.
Special Rules: "Heroes may spend Heroic Action (star icon) actions in Crimson Dynamo's Location to remove
Crisis tokens from the Power Struggle Mission, 1 Heroic Action per Crisis token, as many times as they wish."
  - Villain hooks hero_targets / hero_action: a Hero in Crimson Dynamo's Location is offered
    "remove a Crisis token" for each Heroic Action (a symbol, the previous card's, a Wild, or a Heroic / Wild
    Action token), each removing params.crisis_per_heroic (1) token. Not offered once the Mission has no
    token.
Special Rules: "When there are no Crisis tokens on the Power Struggle Mission, it is completed. Flip it and
place it here, covering both the Special Rules and Villainous Plot."
  - The Mission is completed the moment its last token goes (a Heroic Action or a cleared Winter Guard Power).
    Decisions: once flipped it takes no more Crisis tokens (BAM!, Overflow, The Struggle Begins and Winter
    Guard Power add none: the event says so), the Special Rules action is gone and the Villainous Plot can no
    longer come true.
BAM!: "Add 1 Crisis token to the Power Struggle Mission. A Hero in Crimson Dynamo's Location may take 1 damage
to prevent this effect."
  - Dashboard `bam` -> `crimson_dynamo_crisis_unless_damage` (params.crisis, params.damage). With a Hero there
    the Heroes choose (task `crimson_dynamo_prevent`, asked of the lowest seat there): one of them takes the
    damage and no token is added, or the token is added. Decisions: KO'd Heroes take no damage (core-ko) and
    an Invulnerable Hero would ignore it, so neither can prevent; with no such Hero the token is added at
    once. The BAM! on a KO (core-ko; the Dashboard does not replace it) is the same BAM!.
Overflow: "For each Civilian / Thug token that can't be added to a Location, add 1 Crisis token to the Power
Struggle Mission."
  - Dashboard `overflow` -> `crimson_dynamo_overflow_crisis` (params.per_token), per token that did not fit.
Villainous Plot: "The Heroes lose if at any time there are 12 Crisis tokens on the Power Struggle Mission."
  - params.plot_crisis (12): checked whenever a token is added.
Threat, Armor Power (2): "As long as 1 or more Armor Power are in play, Crimson Dynamo ignores 1 damage each
Hero and Villain turn."
  - `play.villain_damage_anywhere` -> `crimson_dynamo_armor_power` (params.amount): wherever the Armor Powers
    are, the first damage to Crimson Dynamo in each turn is ignored, once per turn however many Armor Powers
    are in play. A turn is numbered by the face-up cards of the Storyline (each Hero and Villain turn adds
    one).
Threat, Red Militia: "BAM!: Turn all Civilians in this Location into Thugs. Deal 1 damage to 1 Hero in each
Location with 1 or more Thugs."
  - `play.bam` -> `crimson_dynamo_red_militia` (params.damage): the Civilians there become Thugs (a Civilian
    leaves the board, a Thug arrives: no Mission counts it), then each Location with a Thug, clockwise from
    Crimson Dynamo, hits 1 Hero there (not KO'd; the Heroes choose: villains/common.py hit_task).
Threat, Winter Guard Power (3): "BAM!: Add 1 Crisis token to the Power Struggle Mission. 1 Hero in this
Location may take 1 damage to prevent this effect. When this Threat is cleared, discard 1 Crisis token from
the Power Struggle Mission."
  - `play.bam` -> `crimson_dynamo_crisis_unless_damage` (the Threat's Location); `play.on_clear` ->
    `crimson_dynamo_discard_crisis` (params.crisis). The Threats have no Health: cleared by the core rule.
Master Plan, The Struggle Begins: "Add 1 Crisis token to the Power Struggle Mission."
  - `crimson_dynamo_add_crisis` (params.crisis); no Hero can prevent it. Its placement (1 Thug in each of the
    three Locations) is the source's Gap note's reading, added to the card in content.
Master Plan, Micro Missiles: "Deal 1 damage to each Hero in both Locations adjacent to Crimson Dynamo's."
  - `crimson_dynamo_micro_missiles` (params.damage); KO'd Heroes take none.
Master Plan, Electric Blasts: "Each Hero in Crimson Dynamo's and both adjacent Locations must turn all their
Equipment facedown. If not possible, they take 1 damage instead."
  - `crimson_dynamo_electric_blasts` (params.damage). Decision: the adapted Heroes have no Equipment cards, so
    it is never possible: each Hero there (not KO'd) takes the damage.
"""

from ..rules_base import event, handler
from ..villain_base import Villain
from .common import choice_task, hit_task, ignore_once, plan_card_on_top, plan_title, turns

PREVENT_TASK = "crimson_dynamo_prevent"


class CrimsonDynamo(Villain, villain="crimson-dynamo", texts=("special_rules", "villainous_plot")):

    # ----- the Power Struggle Mission --------------------------------------------------------------------
    def init_state(self, state) -> None:
        """`crisis`: the Crisis tokens on the Power Struggle Mission (its Special Setup puts them there);
        `armor_turn`: the turn Armor Power last ignored damage."""
        state[self._state_key] = {"crisis": 0, "armor_turn": None}

    def _mission(self) -> dict:
        """The Power Struggle Mission (`components` entry named by dashboard.play.replace_mission.by)."""
        return self.component(self.dash_play("replace_mission")["by"])

    def _complete(self, state) -> bool:
        return self._mission()["id"] in state["completed"]

    def _add(self, state, n, events, why, rule) -> None:
        mission = self._mission()
        if state.get("outcome") is not None:
            return  # the Heroes have already lost (12 Crisis tokens earlier this turn)
        if self._complete(state):
            events.append(event(f"{why}: the {mission['name']} is complete, no Crisis token is added", rule,
                                "villain"))
            return
        cd = self._own(state)
        cd["crisis"] += n
        plural = "s" if n > 1 else ""
        events.append(event(f"{why}: {n} Crisis token{plural} added to the {mission['name']} ({cd['crisis']} "
                            f"there)", rule, "villain"))
        limit = self.vparam("plot_crisis")
        if cd["crisis"] >= limit:
            self.lose(state, events, f"there are {limit} Crisis tokens on the {mission['name']}")

    def _remove(self, state, n, events, why, rule, seat=None) -> None:
        mission = self._mission()
        cd = self._own(state)
        if self._complete(state) or not cd["crisis"]:
            events.append(event(f"{why}: no Crisis token on the {mission['name']}", rule, "villain", seat))
            return
        gone = min(n, cd["crisis"])
        cd["crisis"] -= gone
        events.append(event(f"{why}: {gone} Crisis token{'s' if gone > 1 else ''} removed from the "
                            f"{mission['name']} ({cd['crisis']} left)", rule, "mission", seat))
        if cd["crisis"] == 0:
            self.complete_mission(state, mission["id"], mission["name"], events)
            events.append(event(f"The {mission['name']} is flipped onto the Dashboard: its Special Rules and "
                                "Villainous Plot no longer apply", "missions", "mission"))

    # ----- Special Setup, Special Rules, Villainous Plot ---------------------------------------------------
    @handler("crimson_dynamo_setup")
    def h_setup(self, state, params, events, **_) -> None:
        mission = self._mission()
        cd = self._own(state)
        cd["crisis"] = int(params["crisis"])
        replaced = self.dash_play("replace_mission")["mission"]
        replaced = replaced.replace("-", " ").title()
        events.append(event(f"The {mission['name']} replaces the {replaced} Mission (Threat tokens are not "
                            f"used) with {cd['crisis']} Crisis tokens on it", "setup", "setup"))
        plan_card_on_top(self, state, params["first_card"], events)

    def hero_targets(self, state, seat, kind, pos, out, remote) -> list:
        """Adds "remove a Crisis token" to a Heroic Action in his Location (engine/mu/heroes.py targets)."""
        crisis = self._own(state)["crisis"]
        if kind != "heroic" or pos != state["villain_pos"] or not crisis:
            return out
        if self._complete(state):
            return out
        name = self._mission()["name"]
        return out + [("heroic:power-struggle", f"Remove a Crisis token from the {name} ({crisis} there)")]

    def hero_action(self, state, seat, aid, events) -> bool:
        if aid != "heroic:power-struggle":
            return False
        self._remove(state, int(self.vparam("crisis_per_heroic")), events,
                     f"{self.hero_name(state, seat)} spends a Heroic Action", "heroic", seat)
        return True

    def extend_view(self, state, out) -> None:
        """The Power Struggle Mission in place of the one it replaces: `count` = its Crisis tokens (complete
        at 0), `size` = the Villainous Plot's limit."""
        mission = self._mission()
        crisis = self._own(state)["crisis"]
        for i, entry in enumerate(out["missions"]):
            if self.replaced_mission(entry["id"]):
                out["missions"][i] = {
                    "id": mission["id"], "name": mission["name"], "count": crisis,
                    "size": self.vparam("plot_crisis"), "complete": self._complete(state),
                    "replaces": entry["id"], "crisis": crisis,
                    "text": f"{crisis} Crisis tokens: complete when none is left; the Heroes lose at "
                            f"{self.vparam('plot_crisis')}"}

    # ----- BAM! (and Winter Guard Power's BAM!) ------------------------------------------------------------
    @handler("crimson_dynamo_crisis_unless_damage")
    def h_crisis_unless_damage(self, state, params, events, location=None, threat=None, **_) -> None:
        where = location or state["villain_pos"]
        source = self.ctx.threats[threat["card"]]["name"] if threat else f"{self.ctx.villain['name']}'s BAM!"
        if self._complete(state):
            self._add(state, 0, events, source, "bam")
            return
        seats = self._preventers(state, where)
        if not seats:
            self._add(state, int(params["crisis"]), events, source, "bam")
            return
        self.push(state, choice_task(PREVENT_TASK, seats, where, crisis=int(params["crisis"]),
                                     damage=int(params["damage"]), source=source))

    @staticmethod
    def _preventers(state, loc_id) -> list[int]:
        return [h["seat"] for h in state["heroes"]
                if h["pos"] == loc_id and not h["ko"] and not h.get("invulnerable")]

    def choices_crimson_dynamo_prevent(self, state, task):
        mission = self._mission()["name"]
        can = self._preventers(state, task["location"])
        seats = [s for s in task["candidates"] if s in can]
        out = [{"id": f"prevent:{s}", "seat": task["seat"], "kind": "prevent", "target_seat": s,
                "label": f"{self.hero_name(state, s)} takes {task['damage']} damage: no Crisis token on the "
                         f"{mission} ({task['source']})"} for s in seats]
        out.append({"id": "prevent:none", "seat": task["seat"], "kind": "prevent", "target_seat": None,
                    "label": f"Add {task['crisis']} Crisis token to the {mission} ({task['source']})"})
        return out

    def choose_crimson_dynamo_prevent(self, state, task, action, events):
        seat = action["target_seat"]
        if seat is None:
            self._add(state, task["crisis"], events, task["source"], "bam")
            return
        events.append(event(f"{self.hero_name(state, seat)} takes the damage to prevent {task['source']}",
                            "bam", "bam", seat))
        self.damage_hero(state, seat, task["damage"], events, task["source"])

    # ----- Overflow ----------------------------------------------------------------------------------------
    @handler("crimson_dynamo_overflow_crisis")
    def h_overflow_crisis(self, state, params, events, location=None, missed=(), **_) -> None:
        n = len(missed) * int(params["per_token"])
        if n:
            self._add(state, n, events, f"Overflow at {self.loc_name(location)}", "overflow")

    # ----- Master Plan and Threat effects ------------------------------------------------------------------
    @handler("crimson_dynamo_add_crisis")
    def h_add_crisis(self, state, params, events, card=None, **_) -> None:
        title = plan_title(card, "A Master Plan card")
        self._add(state, int(params["crisis"]), events, title, "plan-effect")

    @handler("crimson_dynamo_discard_crisis")
    def h_discard_crisis(self, state, params, events, threat=None, seat=None, **_) -> None:
        name = self.ctx.threats[threat["card"]]["name"] if threat else "A Threat"
        self._remove(state, int(params["crisis"]), events, f"{name} is cleared", "threats",
                     seat)

    @handler("crimson_dynamo_red_militia")
    def h_red_militia(self, state, params, events, location=None, threat=None, **_) -> None:
        name = self.ctx.threats[threat["card"]]["name"] if threat else "A Threat"
        tokens = self.loc(state, location)["tokens"]
        turned = tokens.count("civilian")
        tokens[:] = ["thug" if t == "civilian" else t for t in tokens]
        state["tally"]["removed"]["civilian"] += turned
        state["tally"]["placed"]["thug"] += turned
        events.append(event(f"{name}: {turned} Civilian{'s' if turned != 1 else ''} at "
                            f"{self.loc_name(location)} turn into Thugs", "threats", "token",
                            location=location))
        ring = self.ring(state)
        start = ring.index(state["villain_pos"])
        tasks = []
        for i in range(len(ring)):
            loc_id = ring[(start + i) % len(ring)]
            seats = self.standing(state, loc_id)
            if seats and "thug" in self.loc(state, loc_id)["tokens"]:
                tasks.append(hit_task(seats, loc_id, int(params["damage"]), name))
        self.push(state, *tasks)

    @handler("crimson_dynamo_armor_power")
    def h_armor_power(self, state, params, events, n=0, threat=None, **_) -> int:
        ignored = ignore_once(self._own(state), "armor_turn", turns(state), n, params["amount"])
        if ignored is None:
            return n
        name = self.ctx.threats[threat["card"]]["name"] if threat else "a Threat"
        events.append(event(f"{self.ctx.villain['name']} ignores {ignored} damage this turn ({name} in play)",
                            "threats", "threat"))
        return n - ignored

    def _damage_each(self, state, where, damage, source, events) -> None:
        seats = [h["seat"] for h in state["heroes"] if h["pos"] in where and not h["ko"]]
        if not seats:
            events.append(event(f"{source}: no Hero there", "plan-effect", "plan-effect"))
        for seat in reversed(seats):  # answered in seat order
            self.damage_hero(state, seat, damage, events, source)

    @handler("crimson_dynamo_micro_missiles")
    def h_micro_missiles(self, state, params, events, card=None, **_) -> None:
        title = card["effect"]["title"] if card else "Micro Missiles"
        where = self.adjacent(state, state["villain_pos"])
        self._damage_each(state, where, int(params["damage"]), title, events)

    @handler("crimson_dynamo_electric_blasts")
    def h_electric_blasts(self, state, params, events, card=None, **_) -> None:
        here = state["villain_pos"]
        title = card["effect"]["title"] if card else "Electric Blasts"
        events.append(event(f"{title}: no Hero has Equipment to turn facedown, so each takes the damage "
                            "instead", "plan-effect", "plan-effect"))
        where = [here] + self.adjacent(state, here)
        self._damage_each(state, where, int(params["damage"]), title, events)

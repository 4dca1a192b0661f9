"""The BUGs' turn played by the rulebook's Artificial Intelligence (POWERUP Rulebook — Artificial
Intelligence; Being the BUGMISTRESS): draw, activate, spawn from the BURPs, then each BUG's actions. The
BUGMISTRESS played by a person (mistress.py) takes the same steps as legal actions instead of these
rulings."""

from .board import DX, other_way
from .bug_cards import FIRST_BUG
from .rules_base import Rules, event, fmt


class BugSideRules(Rules):
    # ----- the turn's steps ---------------------------------------------------------
    def run_bug_turn(self, state, task, events) -> None:
        """ "BUGs turn 1.1. Draw BUG cards (1 per BUGBUSTER in play) 1.2. Activate new BUGs 1.3. Spawn of
        the BUGs (when possible) 1.4. Use an Event card (when possible) 1.5. Use Special BUG cards 1.6.
        BUGs use actions"."""
        self.count_turn(state, events, ": the BUGs' turn", "turn-sequence")
        mistress = state["mistress"]
        mistress["event"] = None  # "Their effect is maintained until BUGMISTRESS's next turn"
        for char in self.standing(state):
            char["dizzy"] = False
            if char["side"] == "bug" and self.ctx.sheet(char["kind"]).get("reaction"):
                char["reaction"] = self.ctx.sheet(char["kind"])["reaction"]  # the BOSS (bug_bosses.py)
            if char["side"] == "bug" and "regenerate-1" in self.ctx.sheet(char["kind"]).get("abilities", []):
                most = self.ctx.sheet(char["kind"])["lives"]
                if char["lives"] < most:
                    char["lives"] += 1
                    events.append(event(f"{self.name(char)} regenerates 1 life.", "bugmistress-bug-sheet"))
        if self.mistress_seat(state) is not None:  # a person plays her (mistress.py)
            mistress["tricks"] = "on"
            self.push(state, *self.mistress_turn_tasks(state), {"t": "bug_surprises"}, {"t": "busters_phase"})
            return
        self.push(
            state,
            {"t": "bug_draw"},
            {"t": "bug_spawn"},
            {"t": "bug_event"},
            {"t": "bug_actions"},
            {"t": "bug_surprises"},
            {"t": "busters_phase"},
        )

    def draw_bug_card(self, state) -> str | None:
        return self.draw(state, state["decks"]["bug"], state["decks"]["bug_discard"])

    def run_bug_draw(self, state, task, events) -> None:
        """Move & Attack: "Draw as many BUG cards as BUGBUSTERS playing, and then place the cards face up.
        Discard the Events." The SPAWN values of the cards the AI could not use (and of those with no
        action of their own) pay the activation of new waves (our ruling: a card is used either for its
        action or for its SPAWN value, "in one of two ways"). Ruling #ruling-ai-waves."""
        drawn = []
        for _ in range(self.bug_cards_to_draw(state)):
            card = self.draw_bug_card(state)
            if card is not None:
                drawn.append(card)
        mistress = state["mistress"]
        mistress["played"] = []  # this turn's Move & Attack cards and what became of each (the page's)
        queue = list(drawn)
        while queue:
            card_id = queue.pop(0)
            card = self.ctx.bug_cards[self.card_kind(card_id)]
            state["decks"]["bug_discard"].append(card_id)
            events.append(event(f"The BUGs draw {card['name']}.", "ai-move-and-attack"))
            if card["type"] == "event":  # "Discard the Events"
                mistress["played"].append([card_id, "discarded"])
                continue
            if card.get("effect") == "reinforcement":  # "Use it to have 2 cards instead of this one"
                mistress["played"].append([card_id, "two-cards"])
                for _ in range(card["values"]["cards"]):
                    extra = self.draw_bug_card(state)
                    if extra is not None:
                        queue.append(extra)
                continue
            if card.get("effect") == "spawn-only" or not self.use_bug_card(state, card, events):
                mistress["wave_pool"] += card.get("spawn", 0)
                mistress["played"].append([card_id, "spawn-value"])
            else:
                mistress["played"].append([card_id, "used"])
        self.activate_waves(state, events)

    def bug_cards_to_draw(self, state) -> int:
        """ "draws one BUG card for every BUGBUSTER playing" (a mission may add more: missions.py)."""
        return self.busters_in_play(state) * self.ctx.const("bug_cards_per_bugbuster")

    def activate_waves(self, state, events) -> None:
        """ "Once the activation cost is paid, place the BUG card face up. From then on, you can spawn that
        type of BUG": the cheapest wave of the mission's roster first, while the pool pays for it.
        Ruling #ruling-ai-waves."""
        mistress = state["mistress"]
        waiting = sorted(
            (b for b in self.ctx.play["roster"] if b not in mistress["active"]),
            key=lambda b: (self.ctx.sheet(b).get("activation_cost", 0), b),
        )
        for bug in waiting:
            cost = self.ctx.sheet(bug).get("activation_cost", 0)
            if cost > mistress["wave_pool"]:
                break
            mistress["wave_pool"] -= cost
            mistress["active"].append(bug)
            events.append(
                event(f"The {self.ctx.bugs[bug]['name']} wave is activated.", "bugmistress-bug-actions")
            )

    def spawners(self, state) -> list:
        return [
            c
            for c in self.standing(state)
            if c["side"] == "bug" and "spawn" in self.ctx.sheet(c["kind"]).get("abilities", [])
        ]

    def run_bug_spawn(self, state, task, events) -> None:
        """ "Draw as many cards as there are BURPS in play. Then go ahead with the auto-spawn as shown on the
        card [...] Each card releases a BUG from a different BURP"; the first spawn "release[s] only
        BUGGIES".
        Ruling #ruling-ai-spawn."""
        mistress = state["mistress"]
        if mistress.get("no_spawn"):
            mistress["no_spawn"] = False
            events.append(event("The BUGMISTRESS cannot spawn this turn.", "pow-actions"))
            return
        first = mistress["first_spawn"]
        mistress["first_spawn"] = False
        for burp in sorted(self.spawners(state), key=lambda c: c["id"]):
            card_id = self.draw_bug_card(state)
            if card_id is None:
                break
            state["decks"]["bug_discard"].append(card_id)
            card = self.ctx.bug_cards[self.card_kind(card_id)]
            bug = self.spawn_kind(state, card, first)
            if bug is None:
                continue
            self.spawn_from(state, burp, bug, events)

    def spawn_kind(self, state, card, first: bool):
        """The auto-spawn BUG if its wave is active, else the costliest active BUG the card's SPAWN value
        pays for (our ruling); on the first spawn, BUGGIES.
        Ruling #ruling-ai-spawn."""
        if first:
            return FIRST_BUG  # "the first SPAWN of the game [...] release only BUGGIES"
        active = state["mistress"]["active"]
        auto = card.get("auto_spawn")
        if auto in active and (
            "spawn" not in self.ctx.sheet(auto).get("abilities", []) or self.burp_room(state, auto)
        ):
            return auto
        affordable = [
            b
            for b in active
            if self.ctx.sheet(b)["spawn_cost"] <= card.get("spawn", 0)
            and ("spawn" not in self.ctx.sheet(b).get("abilities", []) or self.burp_room(state, b))
        ]
        if not affordable:
            return None
        return max(affordable, key=lambda b: (self.ctx.sheet(b)["spawn_cost"], b))

    def burp_limit(self, state) -> int:
        """ "There can never be more BURPs than BUGBUSTERs in the game" (Kill the BUGMISTRESS: "The maximum
        of BURPs allowed is the number of players minus 1": the scenario's `burps_below_players`).
        Ruling #ruling-burp-limit."""
        below = self.ctx.scenario.get("values", {}).get("burps_below_players", 0)
        return self.busters_in_play(state) - below

    def burp_room(self, state, bug: str) -> bool:
        """A spawner kind (a BURP) may be released while the BURPs are fewer than the limit; never the
        BUGMISTRESS. Ruling #ruling-burp-limit."""
        if "angry" in self.ctx.bugs[bug] or "angry_of" in self.ctx.bugs[bug]:
            return False
        burps = sum(1 for c in self.standing(state) if c["side"] == "bug" and c["kind"] == bug)
        return burps < self.burp_limit(state)

    def spawn_squares(self, spawner) -> list:
        """ "Place the spawn BUGs in the squares next to the spawner, either in front or above it"; "The
        BUGMISTRESS can SPAWN in any direction" (our ruling: in front, behind, then above).
        Rulings #ruling-spawn-square, #ruling-bugmistress-levels."""
        x, y = spawner["at"]
        ahead = [x + DX[spawner["facing"]], y]
        if "angry" in self.ctx.bugs[spawner["kind"]]:
            return [ahead, [x - DX[spawner["facing"]], y], [x, y - 1]]
        return [ahead, [x, y - 1]]

    def spawn_from(self, state, spawner, bug: str, events) -> None:
        """ "BUGs emerge from the mouths of upright BURPS, facing in the same direction. BUGs are dizzy from
        the trip and take no actions during the turn they were spawned in"; in front, else above.
        Ruling #ruling-spawn-square."""
        square = self.spawn_square(state, spawner, bug) if self.tokens_left(state, bug) else None
        if square is not None:
            char = self.new_bug(state, bug, square, spawner["facing"])
            char["dizzy"] = True
            events.append(
                event(
                    f"A {self.name(char)} spawns from the {self.name(spawner)} at {fmt(square)}.",
                    "bugmistress-bug-actions",
                    kind="spawn",
                )
            )
            self.arrive(state, char, events, how="walk")

    def tokens_left(self, state, bug: str) -> bool:
        """Whether a token of that BUG is left in the box (its record's `tokens`)."""
        on_board = sum(1 for c in state["chars"].values() if c["kind"] == bug and c["side"] == "bug")
        return on_board < self.ctx.bugs[bug].get("tokens", 99)

    def spawn_square(self, state, spawner, bug: str):
        """The square a `bug` released by `spawner` appears on: the first of spawn_squares that is open, not
        the void or acid, and free for it; None when there is none. Ruling #ruling-spawn-square."""
        probe = {"side": "bug", "kind": bug, "id": "probe"}
        for square in self.spawn_squares(spawner):
            if (
                self.open_square(state, square)
                and self.kind(square) not in ("void", "acid")
                and self.free_for(state, probe, square)
            ):
                return square
        return None

    def new_bug(self, state, bug: str, square, facing: str) -> dict:
        state["next_id"] += 1
        cid = f"bug-{state['next_id']}"
        sheet = self.ctx.sheet(bug)
        char = {
            "id": cid,
            "side": "bug",
            "kind": bug,
            "at": list(square),
            "facing": facing,
            "lives": sheet["lives"],
            "dizzy": False,
        }
        if sheet.get("reaction"):
            char["reaction"] = sheet["reaction"]
        return self.add_char(state, char)

    def run_bug_event(self, state, task, events) -> None:
        """ "Draw from the BUG cards until you find an event, then put it into play" (one a turn).
        Ruling #ruling-ai-event."""
        deck = state["decks"]
        for _ in range(len(deck["bug"]) + len(deck["bug_discard"])):
            card_id = self.draw_bug_card(state)
            if card_id is None:
                return
            deck["bug_discard"].append(card_id)
            card = self.ctx.bug_cards[self.card_kind(card_id)]
            if card["type"] == "event":
                state["mistress"]["event"] = card["id"]
                events.append(
                    event(f"Event: {card['name']} — {card.get('text', '')}", "ai-event", kind="event")
                )
                return

    # ----- BUG actions ------------------------------------------------------------------
    def run_bug_actions(self, state, task, events) -> None:
        """ "First we see if there are any players within the attack range of a BUG. If there are, start
        by resolving that attack. Then we move the BUGs, starting with the ones with the lowest SPAWN cost.
        We begin by moving the BUGs closer to the bottom of the board".
        Ruling #ruling-bug-order."""
        bugs = [
            c
            for c in self.standing(state)
            if c["side"] == "bug" and not c.get("dizzy") and self.ctx.sheet(c["kind"]).get("actions", 0) > 0
        ]
        attackers = [c for c in bugs if self.bug_target(state, c)]
        movers = sorted(
            (c for c in bugs if c not in attackers),
            key=lambda c: (self.ctx.sheet(c["kind"])["spawn_cost"], -c["at"][1], c["at"][0], c["id"]),
        )
        order = sorted(attackers, key=lambda c: c["id"]) + movers
        self.push(
            state,
            *(
                {
                    "t": "bug_act",
                    "bug": c["id"],
                    "ap": self.ctx.sheet(c["kind"])["actions"] * self.charge_multiplier(state),
                }
                for c in order
            ),
        )

    def bug_target(self, state, bug):
        """A BUGBUSTER or PRIMARY TARGET the BUG can attack from where it stands: (mode, side, target).
        Ruling #ruling-bug-attack-target."""
        options = []
        for side, target in self.melee_targets(state, bug):
            options.append(("melee", side, target))
        if self.ranged_allowed(state):
            for _k, dx, target in self.ranged_targets(state, bug):
                options.append(("ranged", dx, target))
        options = [o for o in options if self.bug_may_attack(state, o[2])]
        if not options:
            return None
        return min(options, key=lambda o: (-self.score_of(state, o[2]), o[2]["id"], o[0]))

    def bug_may_attack(self, state, char) -> bool:
        """Whom the AI's BUGs attack; the missions narrow it to their PRIMARY TARGETS."""
        return char["side"] != "bug"

    def score_of(self, state, char) -> int:
        return self.buster_of(state, char)["score"] if char["side"] == "bugbuster" else -1

    def run_bug_act(self, state, task, events) -> None:
        """One BUG action: attack if it can ("If the BUG is in the position to attack a PRIMARY TARGET or a
        BUGBUSTER, it will attack"), else move towards what it sees, the PRIMARY TARGET, or straight
        ahead. "Once a BUG attacks, it can no longer take action": no move or flip after it, only the further
        attacks its sheet's attacks per turn leave (the BOSS: 2), while its action points last. Before each
        action, the windows of the seats that react before every BUG action; a seat asked there gets no
        second window for this action's attack.
        Rulings #ruling-one-attack, #ruling-reaction-window."""
        bug = state["chars"].get(task["bug"])
        if bug is None or bug["lives"] <= 0 or bug["at"] is None or task["ap"] <= 0:
            return
        attacked = bug.get("attacked") == state["turn"]  # its TEAM too: "counted for the separate bugs"
        cost = self.ctx.const("bug_attack_cost")
        if attacked and (self.attacks_left(state, bug) <= 0 or task["ap"] < cost):
            return
        if "asked" not in task:  # the windows of the seats that react before every BUG action, first
            again = dict(task, asked=[])
            self.push(state, again)
            again["asked"] = self.offer_action_windows(state, bug)
            return
        asked = task["asked"]
        task = {k: v for k, v in task.items() if k != "asked"}
        target = self.bug_target(state, bug) if task["ap"] >= cost and self.attacks_left(state, bug) else None
        if target:
            mode, side, victim = target
            task["ap"] -= cost
            self.push(
                state,
                {"t": "bug_strike", "bug": bug["id"], "mode": mode, "side": side, "target": victim["id"]},
                task,  # a further attack, if its sheet leaves one
            )
            if victim.get("seat") not in asked:  # one reaction for each action
                self.offer_reactions(state, victim, bug, events)
            return
        if attacked:
            return  # nothing left to attack, and no other action after an attack
        move = self.bug_next_move(state, bug)
        task["ap"] -= 2 if move in ("straight", "diagonal") else 1
        if task["ap"] < 0:
            return
        self.bug_move(state, bug, move, events)
        if bug["id"] in state["chars"] and bug["lives"] > 0:
            self.push(state, task)

    def attacks_left(self, state, bug) -> int:
        """The attacks the BUG's sheet gives it per turn ("attacks per turn") less those it (or its TEAM
        stack) made this turn. Ruling #ruling-one-attack."""
        return self.ctx.sheet(bug["kind"])["attacks"] - self.attacks_made(state, bug)

    def attacks_made(self, state, bug) -> int:
        return bug.get("attacks_made", 0) if bug.get("attacked") == state["turn"] else 0

    def run_bug_strike(self, state, task, events) -> None:
        """The attack, unless the target got away ("The enemy's attack is performed and therefore lost"); it
        counts as one of the BUG's (and its TEAM's) attacks this turn either way.
        Ruling #ruling-one-attack."""
        bug, victim = state["chars"].get(task["bug"]), state["chars"].get(task["target"])
        if bug is None or bug["lives"] <= 0:
            return
        for mate in self.team(state, bug):  # "Once a BUG attacks, it can no longer take action"
            mate["attacked"], mate["attacks_made"] = state["turn"], self.attacks_made(state, mate) + 1
        if victim is None or victim["lives"] <= 0:
            events.append(event(f"{self.name(bug)}'s attack is lost.", "reaction"))
            return
        if self.strike_outright(state, bug, victim, events):
            return
        if task["mode"] == "melee":
            still = [t for s, t in self.melee_targets(state, bug) if t is victim]
            if still:
                side = next(s for s, t in self.melee_targets(state, bug) if t is victim)
                events.append(
                    event(f"{self.name(bug)} attacks {self.name(victim)} in melee.", "combat-melee")
                )
                self.melee_attack(state, bug, victim, side, events)
                return
        else:
            for _, dx, t in self.ranged_targets(state, bug):
                if t is victim:
                    events.append(
                        event(f"{self.name(bug)} shoots at {self.name(victim)}.", "combat-ranged-attack")
                    )
                    self.ranged_attack(state, bug, victim, dx, events, dodge=task.get("dodge", 0))
                    return
        events.append(
            event(f"{self.name(bug)}'s attack is lost: {self.name(victim)} is out of reach.", "reaction")
        )

    def strike_outright(self, state, bug, victim, events) -> bool:
        """Whether the attack kills the victim with no roll (a mission's rule: missions.py); False here."""
        return False

    def bug_goals(self, state, bug) -> list:
        """ "if a BUG sees a BUGBUSTER, it will always go towards it"; otherwise the PRIMARY TARGET.
        Ruling #ruling-bug-pathing."""
        seen = self.sighted_buster(state, bug)
        targets = [seen["at"]] if seen else self.primary_target_squares(state)
        goals = []
        for tx, ty in targets:
            goals += [[tx + dx, ty + dy] for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
        return goals

    def sighted_buster(self, state, bug):
        """The first BUGBUSTER the BUG sees ahead (behind too, with BACKEYE), or None."""
        seen = [c for _, c in self.sees(state, bug) if c["side"] == "bugbuster"]
        if not seen and "backeye" in self.ctx.sheet(bug["kind"]).get("abilities", []):
            other = dict(bug, facing=other_way(bug["facing"]))
            seen = [c for _, c in self.sees(state, other) if c["side"] == "bugbuster"]
        return seen[0] if seen else None

    def primary_target_squares(self, state) -> list:
        """Overridden by the missions (their PRIMARY TARGETS)."""
        return []

    def bug_next_move(self, state, bug) -> str:
        """The first move of a shortest way to the goals; with none, straight ahead, turning round at an
        obstacle, the void, acid or a deadly fall. Ruling #ruling-bug-pathing."""
        goals = self.bug_goals(state, bug)
        move = self.first_move_towards(state, bug, goals) if goals else None
        if move is None:  # "Alternatively, the BUG goes on in the direction it is facing" (our ruling: not
            # into a step that ends in acid or the void: it turns round, as at an obstacle)
            ahead = [bug["at"][0] + DX[bug["facing"]], bug["at"][1]]
            move = (
                "ahead"
                if self.open_square(state, ahead)
                and self.rest_square(state, bug, ahead, safe=True) is not None
                else "flip"
            )
        return move

    def bug_move(self, state, bug, move: str, events) -> None:
        """One move. A step ahead or a jump that lands on BUGs pushes the first of them 1 square the way the
        mover goes; a climb up or down into BUGs pushes the first of them 1 square the way it faces; if the
        square is still taken (or holds anyone but BUGs), the BUG stays and the action is spent.
        Ruling #ruling-bug-pushes."""
        x, y = bug["at"]
        dx = DX[bug["facing"]]
        if move == "flip":
            bug["facing"] = other_way(bug["facing"])
            events.append(
                event(f"{self.name(bug)} turns to face {bug['facing']}.", "bugmistress-bug-actions")
            )
            return
        if move in ("straight", "diagonal"):
            square = [x + 2 * dx, y] if move == "straight" else [x + dx, y - 1]
            if self.make_way_for_bug(state, bug, square, dx, events):
                self.walk(state, bug, square, events, rule="movement-jump", verb="jumps")
            return
        square = {"ahead": [x + dx, y], "up": [x, y - 1], "down": [x, y + 1]}[move]
        square = self.stepped_onto(state, square) or square
        if self.make_way_for_bug(state, bug, square, dx if move == "ahead" else None, events):
            self.walk(state, bug, square, events, rule="bugmistress-bug-actions")

    def make_way_for_bug(self, state, bug, square, way, events) -> bool:
        """Whether `bug` may enter `square`, once the BUGs there are pushed: "BUGS push other BUGs, which in
        turn push other BUGs. This is normal." The first of them goes 1 square `way` (the mover's way), or,
        pushed "from the top or from below" (`way` None), "forward in the direction it is facing". Anyone
        but BUGs there is not pushed. Ruling #ruling-bug-pushes."""
        if self.free_for(state, bug, square):
            return True
        blockers = [c for c in self.chars_at(state, square) if c is not bug]
        if blockers and all(c["side"] == "bug" for c in blockers):
            push = way if way is not None else DX[blockers[0]["facing"]]
            self.shove(state, blockers[0], push, 1, events, rule="ai-pushing")
        return self.free_for(state, bug, square)

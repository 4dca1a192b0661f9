"""The BUGMISTRESS's two levels and the BOSS's reaction points (POWERUP Rulebook — BUGs; Arcade Mode, Kill the
BUGMISTRESS; Reaction).

BUGMISTRESS: "In her initial state, her body regenerates and she is able to SPAWN like the BURPS. If we
manage to defeat her in this early state, she will go into VERY ANGRY mode. In this mode, she won't be able to
spawn or regenerate, but will immediately open fire on the BUGBUSTERs." Her sheet is `sheet` (level 1) and
`angry` (level 2, a kind of its own in the Context: `<id>-angry`). "The BUGMISTRESS can SPAWN in any
direction" (bug_side.spawn_squares).

Our rulings:
- Defeated at level 1 she does not die: she leaves no coins and the blow scores nothing; she turns VERY ANGRY
  on her square with the `angry` sheet's lives. Killed at level 2 she dies as any BUG (coins, SPAWN cost x
  100 to the killing blow), and a goal on the BUGMISTRESS counts that death.
- "immediately open fire": at once, out of turn, one ranged attack on the BUGBUSTER in her line of shot with
  the highest SCORE (then the lowest seat), looking both ways (she cannot be caught from behind) and turning
  to face it; the target gets its reaction window. With no one in her line of shot, no shot.
- BOSS ("He has the ability to blink! like the characters"): the sheet's `reaction` points, restored at the
  start of each BUGs' turn (a BUG never rests). When a BUGBUSTER shoots at him and he holds at least the
  weapon's speed plus one point, he pays the speed and Rolls with every point left (one yellow die each,
  "subtract the hits from the ranged attacker's roll"). He does not dodge melee: the exceptional warrior
  takes the fight."""

from .rules_base import Rules, event


class BugBossRules(Rules):
    # ----- the BUGMISTRESS -----------------------------------------------------------------
    def bug_dies(self, state, char, events, by) -> None:
        """The BUGMISTRESS defeated at level 1 goes VERY ANGRY instead of dying.
        Ruling #ruling-bugmistress-levels."""
        record = self.ctx.bugs[char["kind"]]
        if "angry" not in record:
            super().bug_dies(state, char, events, by)
            return
        char["kind"] = f"{record['id']}-angry"
        char["lives"] = self.ctx.sheet(char["kind"])["lives"]
        events.append(
            event(
                f"{record['name']} is defeated in her initial state: she goes VERY ANGRY "
                f"({char['lives']} lives, no SPAWN, no regeneration).",
                "bugs",
                kind="phase",
            )
        )
        self.open_fire(state, char, events)

    def open_fire(self, state, bug, events) -> None:
        """ "will immediately open fire on the BUGBUSTERs". Ruling #ruling-bugmistress-levels."""
        if not self.ctx.sheet(bug["kind"]).get("opens_fire"):
            return
        options = []
        original = bug["facing"]
        for facing in (original, "left" if original == "right" else "right"):
            bug["facing"] = facing
            for _k, dx, target in self.ranged_targets(state, bug):
                if target["side"] == "bugbuster":
                    options.append(
                        (-self.buster_of(state, target)["score"], target["seat"], facing, dx, target)
                    )
        bug["facing"] = original
        if not options:
            return
        _, _, facing, dx, target = min(options, key=lambda o: o[:3])
        bug["facing"] = facing
        events.append(event(f"{self.name(bug)} opens fire on {self.name(target)}!", "bugs"))
        self.push(
            state, {"t": "bug_strike", "bug": bug["id"], "mode": "ranged", "side": dx, "target": target["id"]}
        )
        self.offer_reactions(state, target, bug, events)

    def rewarded(self, state, bug, buster, events) -> None:
        """A kill of the VERY ANGRY BUGMISTRESS counts as a kill of the BUGMISTRESS for the goals."""
        base = self.ctx.bugs[bug["kind"]].get("angry_of")
        super().rewarded(state, dict(bug, kind=base) if base else bug, buster, events)

    # ----- the BOSS's reaction points ----------------------------------------------------------
    def bug_reaction_max(self, kind: str) -> int:
        """The sheet's reaction points, restored at the start of each BUGs' turn.
        Ruling #ruling-boss-blink."""
        return self.ctx.sheet(kind).get("reaction", 0)

    def ranged_attack(
        self, state, attacker, target, dx: int, events, dodge: int = 0, boost=None, extra_hits: int = 0
    ) -> None:
        """A BUG with reaction points (the BOSS) blinks when a BUGBUSTER shoots at him.
        Ruling #ruling-boss-blink."""
        if target["side"] == "bug" and attacker["side"] == "bugbuster" and not dodge:
            weapon = self.equipped(state, attacker, "distance") or {}
            speed = weapon.get("speed", self.ctx.const("default_weapon_speed"))
            points = target.get("reaction", 0)
            if points >= speed + 1:
                dodge = points - speed
                target["reaction"] = 0
                events.append(
                    event(
                        f"{self.name(target)} blinks: {points} reaction points, {dodge} to Roll.",
                        "reaction-roll",
                    )
                )
        super().ranged_attack(
            state, attacker, target, dx, events, dodge=dodge, boost=boost, extra_hits=extra_hits
        )

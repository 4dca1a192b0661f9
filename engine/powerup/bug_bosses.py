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
- Kill the BUGMISTRESS: "she cannot move" and "She can change places as long as the move is allowed [...] and
  she can flip up to 3 tiles" are read as her two levels: at level 1 she is a SPAWN point that never moves (no
  actions); VERY ANGRY, she moves as a flying BUG does, into squares where no one stands, and flips tiles. A
  flip costs her 1 action and turns a tile of the board over to its other side (tile n and n + 12), each tile
  once, at most the card's `tiles_flipped_max` in the mission. The AI flips when it has nothing to attack: the
  tile under the BUGBUSTER with the highest SCORE (then the lowest seat), if that tile is still face up, once
  a turn. "place the chips that were in the same places as they were on the other side": every token and
  character keeps its square; one left inside a solid square goes up to the first square above that is not;
  then the square acts on each character there as on one arriving by a fall (acid kills, spikes hurt), and
  gravity.
- BOSS ("He has the ability to blink! like the characters"): the sheet's `reaction` points, restored at the
  start of each BUGs' turn (a BUG never rests). When a BUGBUSTER shoots at him and he holds at least the
  weapon's speed plus one point, he pays the speed and Rolls with every point left (one yellow die each,
  "subtract the hits from the ranged attacker's roll"). He does not dodge melee: the exceptional warrior
  takes the fight."""

from .rules_base import SOLID_KINDS, Rules, event, fmt


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

    # ----- Kill the BUGMISTRESS: flipping tiles -----------------------------------------------
    def flips_left(self, state) -> int:
        """ "she can flip up to 3 tiles" (the card's `tiles_flipped_max`; none in other missions)."""
        most = self.ctx.scenario.get("values", {}).get("tiles_flipped_max", 0)
        return max(0, most - len(state.get("flipped", [])))

    def tile_index_at(self, square) -> int | None:
        """The layout's placement holding `square` (tiles are 3 x 3)."""
        size = self.tile_size()
        for n, p in enumerate(self.ctx.layout["tiles"]):
            if p["at"][0] <= square[0] < p["at"][0] + size and p["at"][1] <= square[1] < p["at"][1] + size:
                return n
        return None

    def flip_target(self, state, bug) -> int | None:
        """The AI's flip: the face-up tile under the BUGBUSTER with the highest SCORE (then the lowest seat),
        for the VERY ANGRY BUGMISTRESS with a flip left and none made this turn.
        Ruling #ruling-bugmistress-moves."""
        if "angry_of" not in self.ctx.bugs[bug["kind"]] or not self.flips_left(state):
            return None
        if bug.get("flipped_turn") == state["turn"]:
            return None
        busters = sorted(
            (b for b in state["busters"] if self.char_of(state, b["seat"])["lives"] > 0),
            key=lambda b: (-b["score"], b["seat"]),
        )
        for buster in busters:
            char = self.char_of(state, buster["seat"])
            index = self.tile_index_at(char["at"]) if char.get("at") else None
            if index is not None and index not in state.get("flipped", []):
                return index
        return None

    def run_bug_act(self, state, task, events) -> None:
        """The VERY ANGRY BUGMISTRESS with nothing to attack flips a tile first (`tile_flip_cost` actions).
        Ruling #ruling-bugmistress-moves."""
        bug = state["chars"].get(task["bug"])
        cost = self.ctx.const("tile_flip_cost")
        if (
            bug is not None
            and bug["lives"] > 0
            and task["ap"] >= cost
            and "asked" not in task
            and bug.get("attacked") != state["turn"]
            and not self.bug_target(state, bug)
        ):
            index = self.flip_target(state, bug)
            if index is not None:
                bug["flipped_turn"] = state["turn"]
                self.flip_tile(state, index, events, by=bug)
                self.push(state, dict(task, ap=task["ap"] - cost))
                return
        super().run_bug_act(state, task, events)

    def flip_tile(self, state, index: int, events, by=None) -> None:
        """Turn tile `index` of the layout over; every chip stays where it was, one inside a solid square
        goes up out of it, then the squares act and gravity. Ruling #ruling-bugmistress-moves."""
        tiles = self.ctx.data["tiles"]
        before = tiles[self.ctx.placements[index]["tile"]]
        state.setdefault("flipped", []).append(index)
        self.context_changed()
        after = tiles[self.ctx.placements[index]["tile"]]  # the context follows the flip
        who = f"{self.name(by)} flips" if by else "Flipped:"
        events.append(
            event(
                f"{who} tile {before['number']} ({before['name']}) over: "
                f"tile {after['number']} ({after['name']}).",
                "arcade-mode",
                kind="phase",
            )
        )
        on_tile = [c for c in self.standing(state) if c.get("at") and self.tile_index_at(c["at"]) == index]
        for token in state["tokens"]:
            at = token.get("at")
            if at and not token.get("carried_by") and self.tile_index_at(at) == index:
                token["at"] = self.out_of_solid(state, at)
        for char in sorted(on_tile, key=lambda c: -c["at"][1]):  # the lowest first: gravity
            if char.get("carried_by"):
                continue
            square = self.out_of_solid(state, char["at"])
            if square != char["at"]:
                events.append(event(f"{self.name(char)} is lifted to {fmt(square)}.", "arcade-mode"))
                self.relocate(state, char, square)
        for char in sorted(on_tile, key=lambda c: -c["at"][1]):
            if not char.get("carried_by") and char["lives"] > 0:
                self.arrive(state, char, events, how="fall")

    def out_of_solid(self, state, square) -> list:
        """The square itself, or the first one above it that is not solid (the board's top row at most)."""
        x, y = square
        while y > 0 and self.kind([x, y]) in SOLID_KINDS:
            y -= 1
        return [x, y]

    def rewarded(self, state, bug, buster, events) -> None:
        """A kill of the VERY ANGRY BUGMISTRESS counts as a kill of the BUGMISTRESS for the goals."""
        super().rewarded(state, dict(bug, kind=self.base_kind(bug)), buster, events)

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

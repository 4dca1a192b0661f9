"""Loss of lives, death, rewards, reviving a partner and the CONTINUE (POWERUP Rulebook — Loss of Lives,
Rewards, Revive partner, CONTINUE)."""

from .rules_base import Rules, event, fmt


class LivesRules(Rules):
    def name(self, char) -> str:
        if char["side"] == "bugbuster":
            return self.ctx.bugbusters[char["kind"]]["name"]
        if char["side"] == "npc":
            return self.ctx.npcs[char["kind"]]["name"]
        return self.ctx.bugs[char["kind"]]["name"]

    def damage_lives(self, hits: int) -> int:
        """The DAMAGE card: "With 1 hit, the target loses 1 life point. With 3 hits, the target will lose 2
        life points. With 6 hits the target loses 3. [...] 4, with 9 hits or more"."""
        lost = 0
        for row in self.ctx.tables["damage-card"]["rows"]:
            if hits >= row["at_least"]:
                lost = max(lost, row["value"])
        return lost

    def hurt(self, state, char, hits: int, events, rule="loss-of-lives", by=None) -> int:
        """Hits past armor, read on the DAMAGE card; the lives lost."""
        lost = self.damage_lives(hits)
        if lost:
            self.lose_lives(state, char, lost, events, rule=rule, by=by)
        return lost

    def lose_lives(self, state, char, lost: int, events, rule="loss-of-lives", by=None) -> None:
        if char["lives"] <= 0:
            return
        lost = min(lost, char["lives"])
        char["lives"] -= lost
        events.append(
            event(
                f"{self.name(char)} loses {lost} li{'ves' if lost > 1 else 'fe'} ({char['lives']} left).",
                rule,
                kind="damage",
            )
        )
        if char["lives"] == 0:
            self.kill(state, char, events, by=by)

    def kill(self, state, char, events, by=None, disintegrate: bool = False) -> None:
        char["lives"] = 0
        char.pop("carrying", None)
        for other in state["chars"].values():
            if other.get("carrying", {}).get("id") == char["id"]:
                other.pop("carrying")
        char.pop("carried_by", None)
        if char["side"] == "bug":
            self.bug_dies(state, char, events, by)
        elif char["side"] == "bugbuster":
            char["down"] = "disintegrated" if disintegrate else "defeated"
            if disintegrate:
                char["at"] = None
            events.append(
                event(
                    f"{self.name(char)} is {'disintegrated' if disintegrate else 'defeated'}"
                    + ("" if disintegrate else f" and lies on {fmt(char['at'])}")
                    + ".",
                    "loss-of-lives",
                    kind="death",
                )
            )
        else:
            events.append(event(f"{self.name(char)} dies.", "specials-npcs", kind="death"))
            char["at"] = None if disintegrate else char["at"]

    def bug_dies(self, state, char, events, by) -> None:
        """ "When a BUG dies, it disappears leaving coins behind [...] The BUGBUSTER that dealt the mortal
        blow will receive points for it: the BUG's SPAWN cost x 100"."""
        sheet = self.ctx.sheet(char["kind"])
        square = char["at"]
        del state["chars"][char["id"]]
        coins = sheet.get("coins", 0)
        if coins and square is not None and self.kind(square) not in ("void", "acid"):
            key = f"{square[0]},{square[1]}"
            state["coins"][key] = state["coins"].get(key, 0) + coins
        text = f"{self.name(char)} dies"
        if coins:
            text += f", leaving {coins} coin{'s' * (coins != 1)}"
        killer = state["chars"].get(by) if by else None
        if killer is not None and killer["side"] == "bugbuster":
            points = sheet["spawn_cost"] * self.ctx.const("score_per_spawn_cost")
            buster = self.buster_of(state, killer)
            buster["score"] += points
            text += f"; {self.name(killer)} scores {points}"
            self.rewarded(state, char, buster, events)
        events.append(event(text + ".", "rewards", kind="death"))
        self.bug_removed(state, char, events)

    def rewarded(self, state, bug, buster, events) -> None:
        """Overridden by the missions (a kill that counts toward a goal)."""

    def bug_removed(self, state, bug, events) -> None:
        """Overridden by the missions and the BUGs' side (a BURP gone)."""

    def buster_of(self, state, char) -> dict:
        return state["busters"][char["seat"]]

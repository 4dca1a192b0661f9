"""The team robots of Deathmatch (POWERUP Rulebook — Deathmatch, Goal and scoring; Specials, Team Robots):
"The goal is to reach the opponent's base, steal their robot and bring it to their own base. To be able to
score you have to get to your own base with the robot. Your team's robot must also be in your own base.
Otherwise, you won't score. The robot will fall off the character whenever it receives enough damage to be
pushed in combat. The robot remains in the square the character was originally. Once you touch your team's
fallen robot, it automatically teleports to your base. When you score, the robots return to their base.
Each player is teleported to their base and all POWERUPs are turned on again. Final score: The first one
that captures to score twice, wins." "Consider them as an ally or obstacle that can be picked up or
thrown."

Our rulings:
- A robot is a token a character may stand with (not an obstacle, so a base holds its team and its robot).
  A BUGBUSTER picks up the rival robot from its own square or the square it faces (the pick-up action) and
  may throw it like a drum (it does not explode). Its own team's robot is never picked up: touching it
  sends it home.
- "Touch": a BUGBUSTER at rest on its fallen robot's square or on a square beside, above or below it. A
  robot carried by a rival is not fallen.
- A carrier that dies drops the robot where it died (on the last square it stood on, if that was acid or
  the void).
- The score counts when the carrier comes to rest anywhere on its base tile with its own robot lying
  there. Everyone then goes back to the square it was placed on at setup (the first free square of its
  base when another stands there).
Ruling #ruling-deathmatch-robots."""

from ..core.actions import action
from ..core.grid import neighbours
from .board import DX
from .rules_base import Rules, event, fmt


class RobotRules(Rules):
    def robot(self, state, team: int):
        return next((t for t in state["tokens"] if t["kind"] == "robot" and t["team"] == team), None)

    def robot_name(self, team: int) -> str:
        return f"{self.team_name(team)}'s robot"

    # ----- picking up and throwing ------------------------------------------------------------------
    def extra_choices(self, state, char, seat) -> list:
        out = super().extra_choices(state, char, seat)
        if not self.deathmatch() or char.get("carrying") or char["at"] is None:
            return out
        cost = self.ctx.cost("pick-up")
        if self.buster_of(state, char)["ap"] < cost:
            return out
        rival = self.robot(state, 1 - self.team_of(seat))
        ahead = [char["at"][0] + DX[char["facing"]], char["at"][1]]
        if rival and not rival.get("carried_by") and rival["at"] in (char["at"], ahead):
            out.append(
                action(
                    f"pickup:token:{rival['id']}",
                    f"Pick up {self.robot_name(rival['team'])} at {fmt(rival['at'])}",
                    seat,
                    "carry",
                    cost=cost,
                )
            )
        return out

    def cargo_name(self, state, cargo) -> str:
        token = next((t for t in state["tokens"] if t["id"] == cargo["id"]), None)
        if cargo["what"] == "token" and token and token["kind"] == "robot":
            return self.robot_name(token["team"])
        return super().cargo_name(state, cargo)

    def throw_cargo(self, state, char, events) -> None:
        """A robot thrown flies as a drum does and lands where it rests; it does not explode."""
        cargo = char.get("carrying") or {}
        token = next((t for t in state["tokens"] if t["id"] == cargo.get("id")), None)
        if not (token and token["kind"] == "robot"):
            return super().throw_cargo(state, char, events)
        char.pop("carrying")
        faces = self.roll(state, self.attack_dice(state, char, "melee"))
        hits, _ = self.tally(faces)
        dx, at = DX[char["facing"]], list(char["at"])
        for _ in range(max(hits, self.ctx.const("throw_zero_hits_squares"))):
            nxt = [at[0] + dx, at[1]]
            if self.solid(state, nxt) or self.chars_at(state, nxt):
                break
            at = nxt
        token.pop("carried_by", None)
        self.drop_robot(
            state, token, at, events, f"{self.name(char)} throws {self.robot_name(token['team'])}"
        )

    def drop_robot(self, state, token, square, events, why: str) -> None:
        """The robot lands where it rests below `square` (back home if that is acid or the void)."""
        probe = {"id": "-", "side": "npc", "kind": "-", "at": square, "facing": "right", "lives": 1}
        rest = self.rest_square(state, probe, square)
        if rest is None or self.kind(rest) in ("acid", "void", "edge"):
            token["at"] = list(state["dm"]["homes"][str(token["team"])])
            events.append(event(f"{why}: it is lost and goes back to its base.", "specials-team-robots"))
            return
        token["at"] = list(rest)
        events.append(event(f"{why}: it lands at {fmt(rest)}.", "specials-team-robots"))

    # ----- touching one's own robot, scoring -----------------------------------------------------------
    def landed(self, state, char, events, how: str) -> None:
        """ "Once you touch your team's fallen robot, it automatically teleports to your base."
        Ruling #ruling-deathmatch-robots."""
        super().landed(state, char, events, how)
        if not (self.deathmatch() and char["side"] == "bugbuster" and char["lives"] > 0 and char["at"]):
            return
        team = self.team_of(char["seat"])
        own = self.robot(state, team)
        home = state["dm"]["homes"].get(str(team))
        if own is None or own.get("carried_by") or home is None or own["at"] == home:
            return
        if own["at"] == char["at"] or own["at"] in neighbours(char["at"]):
            own["at"] = list(home)
            events.append(
                event(
                    f"{self.name(char)} touches {self.robot_name(team)}: it teleports back to its base.",
                    "deathmatch-goal-and-scoring",
                )
            )

    def check_score(self, state, events) -> None:
        """ "To be able to score you have to get to your own base with the robot. Your team's robot must also
        be in your own base." Ruling #ruling-deathmatch-robots."""
        for buster in state["busters"]:
            char = self.char_of(state, buster["seat"])
            cargo = char.get("carrying") or {}
            team = self.team_of(buster["seat"])
            rival, own = self.robot(state, 1 - team), self.robot(state, team)
            if not (
                rival
                and cargo.get("id") == rival["id"]
                and self.on_base(char["at"], team)
                and own
                and not own.get("carried_by")
                and self.on_base(own["at"], team)
            ):
                continue
            scores = state["dm"]["scores"]
            scores[team] += 1
            events.append(
                event(
                    f"{self.name(char)} brings {self.robot_name(1 - team)} home: "
                    f"{self.team_name(team)} scores ({scores[0]} to {scores[1]}).",
                    "deathmatch-goal-and-scoring",
                    kind="goal",
                )
            )
            if scores[team] >= self.ctx.scenario["values"]["scores_to_win"]:
                reason = (
                    f"{self.team_name(team)} wins: it captured {self.team_name(1 - team)}'s robot "
                    f"{scores[team]} times ({scores[0]} to {scores[1]})."
                )
                self.dm_finish(state, team, reason, events)
                return
            self.after_a_score(state, events)
            return

    def after_a_score(self, state, events) -> None:
        """ "When you score, the robots return to their base. Each player is teleported to their base and all
        POWERUPs are turned on again." Ruling #ruling-deathmatch-robots."""
        for char in state["chars"].values():
            char.pop("carrying", None)
        for team in (0, 1):
            token = self.robot(state, team)
            if token is not None:
                token.pop("carried_by", None)
                token["at"] = list(state["dm"]["homes"][str(team)])
        busters = [self.char_of(state, b["seat"]) for b in state["busters"]]
        for char in busters:
            char["at"] = None
        for char in busters:
            char["at"] = self.home_square(state, char["seat"])
            char["facing"] = "right" if self.team_of(char["seat"]) == 0 else "left"
        self.relight_all(
            state,
            events,
            "The robots go back to their bases, everyone to theirs, and every POWERUP turns ON.",
        )

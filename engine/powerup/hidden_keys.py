"""Hidden Keys (POWERUP Rulebook — Arcade Mode): "the BUGBUSTERs have to uncover the three keys (A, B and
C) in the secret tokens. They must do this before the BUGs find them and use them for their own evil
purpose. Once you have the keys, you have to escape using the GLITCH." "The BUG that finds the secret keeps
it with them. If it dies, the secret falls to the ground and can be picked up. If a BUG gets one of the
keys and makes it to one of the map portals, the BUGs win." (goal kind `keys-and-escape`, the play
block's `primary_target: {secrets: true}` and `bugs_find_secrets`: docs-dev/POWERUP.md).

Our rulings (the card is silent):
- The escape: the mission is won when the GLITCH is beyond the board's edge (it "can fly on the outside of
  the board") with the keys aboard, kept by its passengers. Who else is left on the board does not matter.
- A key goes from hand to hand as equipment does ("By placing your character in an adjacent square, you
  can pass equipment"): 1 action to a partner beside, above or below, or aboard the same GLITCH.
- The BUGs' PRIMARY TARGET is the secret tokens: a BUG that sees no BUGBUSTER heads for the nearest one. A
  BUG keeping a secret token (face down: it does not know what it holds) heads for the nearest gateway, even
  when it sees a BUGBUSTER (it still attacks one it is in a position to attack). On a gateway's square (ON
  or OFF) its tokens are turned over: a key wins the mission for the BUGs; anything else is set aside.
- The mission is lost too when it can no longer be won: a key lost (a BUG keeping it fell into acid or the
  void) or the GLITCH destroyed.
Ruling #ruling-hidden-keys."""

from ..core.actions import action
from ..core.grid import neighbours
from .rules_base import Rules, event, fmt
from .secrets import GOALS


class HiddenKeyRules(Rules):
    EXTRA_ACTIONS = {"key": "extra_key"}

    def hunts_keys(self) -> bool:
        return self.goal()["kind"] == "keys-and-escape"

    def keys(self) -> list:
        return self.ctx.play["goal"]["keys"]

    # ----- the ending --------------------------------------------------------------------------
    def goal_met(self, state):
        """ "Once you have the keys, you have to escape using the GLITCH". Ruling #ruling-hidden-keys."""
        if not self.hunts_keys():
            return super().goal_met(state)
        for glitch in (t for t in state["tokens"] if t["kind"] == "glitch"):
            x, y = glitch["at"]
            if 0 <= x < self.ctx.width and 0 <= y < self.ctx.height:
                continue
            aboard = {t["token"] for c in glitch["aboard"] for t in state["chars"][c].get("secrets", [])}
            if set(self.keys()) <= aboard:
                return f"The GLITCH escapes with the {self.key_names(self.keys())}."
        return None

    def mission_lost(self, state, events):
        """A BUG through a gateway with a key, a key lost, or the GLITCH gone. Ruling #ruling-hidden-keys."""
        if not self.hunts_keys():
            return super().mission_lost(state, events)
        if state["goal"].get("bugs_escaped"):
            return state["goal"]["bugs_escaped"]
        kept = {t["token"] for t in state["tokens"] if t["kind"] == "secret"}
        kept |= {t["token"] for c in state["chars"].values() for t in c.get("secrets", [])}
        lost = [k for k in self.keys() if k not in kept]
        if lost:
            verb = "is" if len(lost) == 1 else "are"
            name = self.key_names(lost)
            return f"{name[0].upper()}{name[1:]} {verb} lost: the keys can no longer all be found."
        if not any(t["kind"] == "glitch" for t in state["tokens"]):
            return "The GLITCH is destroyed: there is no way to escape."
        return super().mission_lost(state, events)

    @staticmethod
    def key_names(keys) -> str:
        letters = [GOALS[k][-1] for k in keys]
        name = letters[0] if len(letters) == 1 else f"{', '.join(letters[:-1])} and {letters[-1]}"
        return f"key {name}" if len(letters) == 1 else f"keys {name}"

    def landed(self, state, char, events, how: str) -> None:
        """ "If a BUG gets one of the keys and makes it to one of the map portals, the BUGs win": a BUG
        keeping secret tokens at rest on a gateway turns them over. Ruling #ruling-hidden-keys."""
        super().landed(state, char, events, how)
        if not (
            self.hunts_keys()
            and char["side"] == "bug"
            and char.get("secrets")
            and char["lives"] > 0
            and char["at"] is not None
            and self.kind(char["at"]) == "gateway"
        ):
            return
        kept = char.pop("secrets")
        keys = sorted(t["token"] for t in kept if t["token"] in self.keys())
        shown = ", ".join(self.secret_text(t) for t in kept)
        events.append(
            event(f"{self.name(char)} reaches the gateway at {fmt(char['at'])} with {shown}.", "arcade-mode")
        )
        if keys:
            state["goal"]["bugs_escaped"] = (
                f"{self.name(char)} takes {self.key_names(keys)} through a gateway: the BUGs win."
            )
        else:
            events.append(event("It holds no key: the token is set aside.", "arcade-mode"))

    # ----- the BUGs' way -----------------------------------------------------------------------
    def bug_goals(self, state, bug) -> list:
        """A BUG keeping a secret token makes for a gateway; one that sees a BUGBUSTER goes towards it;
        else the nearest secret token. Ruling #ruling-hidden-keys."""
        if not self.hunts_keys():
            return super().bug_goals(state, bug)
        if bug.get("secrets"):
            return self.gateways()
        if self.sighted_buster(state, bug) is not None:
            return super().bug_goals(state, bug)
        return self.primary_target_squares(state)

    def primary_target_squares(self, state) -> list:
        """The secret tokens on the board (`primary_target: {secrets: true}`)."""
        if (self.ctx.play.get("primary_target") or {}).get("secrets"):
            return [t["at"] for t in state["tokens"] if t["kind"] == "secret"]
        return super().primary_target_squares(state)

    # ----- handing a key over ------------------------------------------------------------------
    def extra_choices(self, state, char, seat) -> list:
        """A key to a partner beside, above or below, or aboard the same GLITCH, as equipment is passed
        (1 action). Ruling #ruling-hidden-keys."""
        out = super().extra_choices(state, char, seat)
        held = [t for t in char.get("secrets", []) if t["token"] in GOALS]
        cost = self.ctx.cost("hand-equipment")
        if not held or self.buster_of(state, char)["ap"] < cost:
            return out
        around = [tuple(sq) for sq in neighbours(char["at"])]
        for other in state["busters"]:
            mate = self.char_of(state, other["seat"])
            if mate is char or mate["lives"] <= 0 or mate["at"] is None:
                continue
            together = char.get("in_glitch") and mate.get("in_glitch") == char["in_glitch"]
            if tuple(mate["at"]) not in around and not together:
                continue
            for token in held:
                out.append(
                    action(
                        f"key:{other['seat']}:{token['id']}",
                        f"Give {self.name(mate)} {GOALS[token['token']]}",
                        seat,
                        "give",
                        cost=cost,
                    )
                )
        return out

    def extra_key(self, state, char, buster, rest, chosen, events) -> None:
        seat, _, token_id = rest.partition(":")
        mate = self.char_of(state, int(seat))
        token = next(t for t in char["secrets"] if t["id"] == token_id)
        char["secrets"].remove(token)
        mate.setdefault("secrets", []).append(token)
        given = self.key_given_text(state, token)
        events.append(event(f"{self.name(char)} gives {self.name(mate)} {given}.", "action-give-equipment"))

    def key_given_text(self, state, token) -> str:
        return GOALS[token["token"]]

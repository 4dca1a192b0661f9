"""Hidden Keys' secrecy when a person plays the BUGMISTRESS (POWERUP Rulebook — Arcade Mode, Hidden Keys):
"When a BUG or a BUGBUSTER finds one of the keys or coins, they can keep it without showing what they have
found. The BUG that finds the secret keeps it with them."

Our ruling (the card does not say who is kept from seeing it; against the computer nothing is hidden, as the
rulebook's AI uses none of it):
- What a BUGBUSTER finds, a key or a Coin Bonus, is kept from her: the log says only that the token was
  taken, her view shows face-down tokens on the finder, and a Coin Bonus's coins are in the finder's purse
  but not in the coins she sees. The coins she does not see are spent last: once the purse holds less than
  them, she sees none and the rest stays hidden. A key handed over goes as "a face-down token". A Buggie
  Trap shows itself (its BUGGIE appears).
- What her BUGs find she sees (the BUGBUSTERs see a face-down token), as she saw it when they took it.
- Her view is hers, and the table view while she is to move; the BUGBUSTERs see their finds.
Ruling #ruling-hidden-finds."""

from .rules_base import Rules, fmt
from .secrets import GOALS


class HiddenFindRules(Rules):
    def finds_kept_secret(self, state) -> bool:
        """Hidden Keys with a person as the BUGMISTRESS."""
        return self.hunts_keys() and self.mistress_seat(state) is not None

    # ----- finding -----------------------------------------------------------------------------
    def reveal(self, state, char, token, events) -> bool:
        """A Coin Bonus found is remembered as coins she does not see. Ruling #ruling-hidden-finds."""
        kept_back = self.finds_kept_secret(state) and token["token"] == "coins"
        out = super().reveal(state, char, token, events)
        if kept_back and token["coins"]:
            self.buster_of(state, char).setdefault("unseen_coins", []).append(token["coins"])
        return out

    def reveal_text(self, state, char, token) -> str:
        if self.finds_kept_secret(state) and (token["token"] in GOALS or token["token"] == "coins"):
            return (
                f"{self.name(char)} turns over the secret token at {fmt(token['at'])} and keeps what it "
                "found without showing it."
            )
        return super().reveal_text(state, char, token)

    def key_given_text(self, state, token) -> str:
        if self.finds_kept_secret(state):
            return "a face-down token"
        return super().key_given_text(state, token)

    def after_task(self, state, events) -> None:
        """Coins spent come out of the coins she sees first. Ruling #ruling-hidden-finds."""
        for b in state["busters"]:
            unseen = b.get("unseen_coins")
            while unseen and sum(unseen) > b["coins"]:
                over = sum(unseen) - b["coins"]
                unseen[0] -= min(over, unseen[0])
                if not unseen[0]:
                    unseen.pop(0)
        super().after_task(state, events)

    # ----- what each seat sees -----------------------------------------------------------------
    def held_secrets_view(self, state, char, seat) -> list:
        if not self.finds_kept_secret(state):
            return super().held_secrets_view(state, char, seat)
        hers = self.her_eyes(state, seat)
        kept = char.get("secrets", [])
        if char["side"] == "bug":
            return [self.open_secret_view(t) if hers else {"id": t["id"], "kind": "secret"} for t in kept]
        if not hers:
            return super().held_secrets_view(state, char, seat)
        unseen = self.buster_of(state, char).get("unseen_coins", []) if char["side"] == "bugbuster" else []
        return [{"id": t["id"], "kind": "secret"} for t in kept] + [
            {"id": f"{char['id']}-coins-{n + 1}", "kind": "secret"} for n in range(len(unseen))
        ]

    def coins_seen(self, state, b, seat) -> int:
        if self.finds_kept_secret(state) and self.her_eyes(state, seat):
            return b["coins"] - sum(b.get("unseen_coins", []))
        return super().coins_seen(state, b, seat)

    def resample_hidden(self, state, seat, rng) -> None:
        """For her seat the tokens her BUGs keep are known (she looked at them), and the BUGBUSTERs' finds
        stay as they are: what they hold has already gone into purses and onto the GLITCH, and no bot plays
        her seat when a person does. Ruling #ruling-hidden-finds."""
        if not (self.finds_kept_secret(state) and seat == self.mistress_seat(state)):
            return super().resample_hidden(state, seat, rng)
        bugs = [c for c in state["chars"].values() if c["side"] == "bug" and "secrets" in c]
        held = {c["id"]: c.pop("secrets") for c in bugs}
        try:
            super().resample_hidden(state, seat, rng)
        finally:
            for cid, kept in held.items():
                state["chars"][cid]["secrets"] = kept

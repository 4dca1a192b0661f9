"""Secret tokens (POWERUP Rulebook — Specials, Secret Tokens): "These tokens have different results behind
them: Coin Bonus: You receive the number of coins that appears on the token. Goal Tokens: They are labeled
A, B and C. They have different uses depending on the mission. Buggie Trap: Place a BUGGIE in the square
where the Secret Token was. The character is pushed back to the square it came from."

A layout's `secrets` list says where the tokens lie and what the set of them holds, or what they hold and
`secret_squares` the squares they are dealt to at random; which token holds what is hidden: the contents
are shuffled over the squares from the seed at setup, hidden in the view (a
face-down "secret token") and drawn anew by `resample_hidden`, except those the scout has looked at.

Our rulings:
- A secret token is found by a BUGBUSTER coming to rest on its square (a walk, a jump, a push, a fall),
  not by one passing through it in a fall or a push.
- A Goal Token is kept by its finder (shown on its sheet); a BUGBUSTER keeps it when it is defeated.
- A Buggie Trap: the character goes back to the square it last left (the one above, if it fell in); if
  that square is taken or blocked it stays, and the BUGGIE appears beside it instead; no BUGGIE appears
  when the box has none left.
- BUGs pass over secret tokens unless the mission says `bugs_find_secrets` (Hidden Keys: "The BUG that finds
  the secret keeps it with them. If it dies, the secret falls to the ground and can be picked up."): then a
  BUG coming to rest on one keeps it face down, whatever it holds, and drops it where it dies (lost in
  acid, in the void, or when the BUG leaves the board).
Ruling #ruling-secret-tokens."""

from .rules_base import Rules, event, fmt

GOALS = {"goal-a": "Goal Token A", "goal-b": "Goal Token B", "goal-c": "Goal Token C"}


class SecretRules(Rules):
    # ----- setup and hidden information ----------------------------------------------------
    def place_secrets(self, state) -> None:
        """The layout's tokens face down, their contents shuffled over their squares.
        Ruling #ruling-secret-tokens."""
        secrets = self.ctx.layout.get("secrets", [])
        contents = [{"token": s["token"], "coins": s.get("coins", 0)} for s in secrets]
        if contents:
            self.shuffle(state, contents)
        if "secret_squares" in self.ctx.layout:  # "placed RANDOMLY across the middle of the board"
            squares = [list(sq) for sq in self.ctx.layout["secret_squares"]]
            self.shuffle(state, squares)
        else:
            squares = [s["at"] for s in secrets]
        for n, (square, content) in enumerate(zip(squares, contents, strict=False)):
            state["tokens"].append({"id": f"secret-{n + 1}", "kind": "secret", "at": list(square), **content})

    def hidden_secrets(self, state) -> list:
        """Every face-down secret token nobody has looked at: on the board and kept by the BUGs."""
        out = [t for t in state["tokens"] if t["kind"] == "secret" and not t.get("seen")]
        for char in state["chars"].values():
            if char["side"] == "bug":
                out += [t for t in char.get("secrets", []) if not t.get("seen")]
        return out

    def resample_hidden(self, state, seat, rng) -> None:
        """What the face-down secret tokens hold is hidden from every seat."""
        super().resample_hidden(state, seat, rng)
        tokens = sorted(self.hidden_secrets(state), key=lambda t: t["id"])
        contents = sorted((t["token"], t["coins"]) for t in tokens)
        rng.shuffle(contents)
        for token, (what, coins) in zip(tokens, contents, strict=True):
            token["token"], token["coins"] = what, coins

    def token_view(self, token) -> dict:
        """A token as the page shows it: a secret token nobody has looked at shows no content."""
        if token["kind"] == "secret" and not token.get("seen"):
            return {"id": token["id"], "kind": "secret", "at": token["at"]}
        return dict(token)

    def held_secrets_view(self, state, char, seat) -> list:
        """The secret tokens a character keeps as `seat` sees them: a BUGBUSTER's goal tokens, a BUG's face
        down."""
        return [
            {"id": t["id"], "kind": "secret"} if char["side"] == "bug" else self.open_secret_view(t)
            for t in char.get("secrets", [])
        ]

    def open_secret_view(self, token) -> dict:
        """A kept token face up; `mark` is the letter or sign the board shows on its keeper."""
        name = GOALS.get(token["token"]) or self.secret_text(token)
        mark = name[-1] if token["token"] in GOALS else ("●" if token["token"] == "coins" else "!")
        return {"id": token["id"], "token": token["token"], "name": name, "mark": mark}

    def secret_text(self, token) -> str:
        if token["token"] == "coins":
            return f"a Coin Bonus of {token['coins']} coin{'s' * (token['coins'] != 1)}"
        return GOALS.get(token["token"], "a Buggie Trap")

    # ----- finding them ---------------------------------------------------------------------
    def relocate(self, state, char, square) -> None:
        """Remember the square a character last left ("pushed back to the square it came from")."""
        if char.get("at") is not None and list(square) != char["at"]:
            char["came_from"] = list(char["at"])
        super().relocate(state, char, square)

    def landed(self, state, char, events, how: str) -> None:
        """A BUGBUSTER coming to rest on a secret token turns it over; a BUG keeps it only where the mission
        says `bugs_find_secrets`. Ruling #ruling-secret-tokens."""
        token = self.token_at(state, char["at"], "secret")
        if token is not None and char["side"] == "bugbuster":
            if not self.reveal(state, char, token, events):
                return
        elif token is not None and char["side"] == "bug" and self.ctx.play.get("bugs_find_secrets"):
            state["tokens"].remove(token)
            char.setdefault("secrets", []).append(token)
            events.append(
                event(
                    f"{self.name(char)} finds the secret token at {fmt(char['at'])} and keeps it.",
                    "specials-secret-tokens",
                )
            )
        super().landed(state, char, events, how)

    def reveal(self, state, char, token, events) -> bool:
        """Turn the token over; False when a Buggie Trap pushed the character away.
        Ruling #ruling-secret-tokens."""
        state["tokens"].remove(token)
        square = list(token["at"])
        events.append(event(self.reveal_text(state, char, token), "specials-secret-tokens"))
        if token["token"] == "coins":  # "You receive the number of coins that appears on the token"
            self.buster_of(state, char)["coins"] += token["coins"]
            return True
        if token["token"] in GOALS:  # kept by its finder
            char.setdefault("secrets", []).append(dict(token, seen=True))
            return True
        back = char.get("came_from")
        if back and self.open_square(state, back) and self.free_for(state, char, back):
            self.relocate(state, char, back)
            events.append(
                event(f"{self.name(char)} is pushed back to {fmt(back)}.", "specials-secret-tokens")
            )
            self.spring_trap(state, square, char, events)
            self.arrive(state, char, events, how="push")
            return False
        self.place_bugs(state, "buggie", square, 1, events, "specials-secret-tokens")
        return True

    def reveal_text(self, state, char, token) -> str:
        found = self.secret_text(token)
        return f"{self.name(char)} turns over the secret token at {fmt(token['at'])}: {found}."

    def spring_trap(self, state, square, char, events) -> None:
        """ "Place a BUGGIE in the square where the Secret Token was", facing the character."""
        if sum(1 for c in state["chars"].values() if c["kind"] == "buggie") >= self.ctx.bugs["buggie"].get(
            "tokens", 99
        ):
            return
        facing = "left" if char["at"][0] < square[0] else "right"
        buggie = self.new_bug(state, "buggie", square, facing)
        buggie["dizzy"] = True
        events.append(event(f"A BUGGIE appears at {fmt(square)}!", "specials-secret-tokens", kind="spawn"))
        self.arrive(state, buggie, events, how="walk")

    def kill(self, state, char, events, by=None, disintegrate: bool = False) -> None:
        """A BUG's secret "falls to the ground and can be picked up". Ruling #ruling-secret-tokens."""
        square = list(char["at"]) if char.get("at") is not None else None
        kept = char.pop("secrets", []) if char["side"] == "bug" else []
        super().kill(state, char, events, by=by, disintegrate=disintegrate)
        for token in kept:
            if square is None or self.kind(square) in ("void", "acid", "edge"):
                events.append(event("The secret token it kept is lost.", "specials-secret-tokens"))
                continue
            token["at"] = square
            state["tokens"].append(token)
            events.append(
                event(f"The secret token it kept falls at {fmt(square)}.", "specials-secret-tokens")
            )

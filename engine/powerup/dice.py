"""The white and yellow dice (POWERUP Rulebook — BUGBUSTER, The Dice): "Each skull is a hit", POW! faces
"give you 3 hits and a draw from the POW! pile", BUG faces are blunders that "discount a die from the roll.
The discarded die should have at least 1 hit". The faces of each die are content (lists/dice-faces.yaml)."""

from .rules_base import Rules, event

COLOURS = ("white", "yellow")


class DiceRules(Rules):
    def roll(self, state, dice: dict) -> list:
        """Roll `{"white": n, "yellow": m}`: one face dict per die (colour, face, hits, pow, blunder)."""
        out = []
        for colour in COLOURS:
            faces = self.ctx.dice[colour]
            for _ in range(max(0, dice.get(colour, 0))):
                face = faces[self.rand_below(state, len(faces))]
                out.append(
                    {
                        "colour": colour,
                        "face": face["face"],
                        "hits": face.get("hits", 0),
                        "pow": bool(face.get("pow_cards_drawn")),
                        "blunder": bool(face.get("dice_discounted")),
                    }
                )
        return out

    @staticmethod
    def tally(faces: list) -> tuple[int, int]:
        """(hits, POW! draws) of a roll after its blunders: each BUG face discards the die with the fewest
        hits that has at least one (our ruling: the roller keeps the best of what it rolled).
        Ruling #ruling-blunders."""
        kept = [dict(f) for f in faces if not f["blunder"]]
        for _ in range(sum(f["blunder"] for f in faces)):
            scoring = [f for f in kept if f["hits"] >= 1 and not f.get("discarded")]
            if not scoring:
                break
            min(scoring, key=lambda f: (f["hits"], f["pow"]))["discarded"] = True
        live = [f for f in kept if not f.get("discarded")]
        return sum(f["hits"] for f in live), sum(f["pow"] for f in live)

    @staticmethod
    def roll_text(faces: list) -> str:
        if not faces:
            return "no dice"
        names = {"blank": "blank", "skull": "skull", "skull-2": "2 skulls", "pow": "POW!", "bug": "BUG"}
        return ", ".join(f"{f['colour']} {names.get(f['face'], f['face'])}" for f in faces)

    def roll_event(self, who: str, faces: list, hits: int, why: str) -> dict:
        return event(
            f"{who} rolls {self.roll_text(faces)}: {hits} hit{'s' * (hits != 1)} {why}.",
            "bugbuster-the-dice",
            kind="roll",
        )


def dice_sum(*parts) -> dict:
    """The dice of several sources added together."""
    out = {c: 0 for c in COLOURS}
    for part in parts:
        for colour in COLOURS:
            out[colour] += (part or {}).get(colour, 0)
    return out

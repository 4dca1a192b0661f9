"""Read-only data a game needs, derived from the catalog once per game (never stored in the state)."""


class Context:
    """A game's records in the compiled catalog: `data` (everything under catalog["games"][game_id]),
    `game` (game.yaml), `constants` (game.yaml `constants`: the numbers the rules read) and `terms`
    (the glossary by id). Each game's Context adds the look-ups of its own record kinds."""

    game_id = ""

    def __init__(self, catalog: dict):
        self.data = catalog["games"][self.game_id]
        self.game = self.data["game"]
        self.constants = self.game.get("constants", {})
        self.terms = {t["id"]: t for t in self.data.get("glossary", [])}

    def const(self, name: str):
        """A number of the game's rules: game.yaml `constants.<name>` (a clear error when it is missing)."""
        if name not in self.constants:
            raise KeyError(f"content/{self.game_id}/game.yaml constants has no {name!r} "
                           "(the engine reads it)")
        return self.constants[name]

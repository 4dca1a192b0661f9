"""The hero trading card game (Spanish rules summary, title not given): its card data and deck rules
(docs-dev/TCG.md). The game class is not written yet, so this package does not `declare` the game: the
registry imports it and finds no game in it."""

GAME_ID = "heroes-tcg"

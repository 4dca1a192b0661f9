"""The games the engine knows: each game package declares itself once (`declare`), and `engine` finds
the packages by walking its own folder, so no list of games is written by hand anywhere.

`find(game_id)` imports only the package of that game: each package's __init__.py writes its id first, as
a literal (`GAME_ID = "mechs-vs-minions"`), and the registry reads that line without importing anything.
The page's runtime compiles every module it imports from source, so a Play area that imported the other
three games too spent a third of a second more (under Node, Pyodide 0.29) before its first move."""

import ast
import functools
import importlib
import pkgutil
from dataclasses import dataclass, field

from .errors import ScenarioError

# Subpackages of `engine` that are not games.
NOT_GAMES = frozenset({"core"})


@dataclass(frozen=True)
class GameSpec:
    id: str                   # the game id of content/<id>/ and of every rule id "<id>/<rule>"
    game_class: type          # the core.game.Game subclass (or the base of the game's variants)
    playable: object          # playable(game_data) -> scenario ids the site offers
    create: object            # create(catalog, scenario_id, seed, players) -> a Game
    restore: object           # restore(catalog, state) -> the Game of that state
    effects: frozenset = field(default_factory=frozenset)  # named effects content may use (build.py check)
    # form_options(scenario record) -> the setup questions a scenario page's form asks up front, each
    # {name: an OPTIONS name, label, choices: [(value, label)]} (play-area.html.j2's setup_options)
    form_options: object = lambda scenario: []


_GAMES: dict[str, GameSpec] = {}
_scanned = False


def declare(spec: GameSpec) -> GameSpec:
    """Called once by each game package's __init__; a second game with the same id is an error."""
    if spec.id in _GAMES and _GAMES[spec.id] is not spec:
        raise RuntimeError(f"two game packages declare the game {spec.id!r}")
    _GAMES[spec.id] = spec
    return spec


def games() -> dict[str, GameSpec]:
    """Every declared game by id (importing each game package of `engine` the first time)."""
    global _scanned
    if not _scanned:
        import engine

        for info in pkgutil.iter_modules(engine.__path__):
            if info.ispkg and info.name not in NOT_GAMES:
                importlib.import_module(f"engine.{info.name}")
        _scanned = True
    return dict(sorted(_GAMES.items()))


@functools.cache
def _packages() -> dict[str, str]:
    """{game id: package name} from the `GAME_ID = "<literal>"` of each game package's __init__.py."""
    import engine

    found = {}
    for info in pkgutil.iter_modules(engine.__path__):
        if info.ispkg and info.name not in NOT_GAMES:
            init = info.module_finder.find_spec(info.name).origin
            with open(init, encoding="utf-8") as source:
                game_id = next((node.value.value for node in ast.parse(source.read(), init).body
                                if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
                                and [getattr(t, "id", None) for t in node.targets] == ["GAME_ID"]), None)
            if isinstance(game_id, str):
                found[game_id] = info.name
    return found


def find(game_id) -> GameSpec:
    """The game `game_id`, importing its package alone the first time (all of them if its id is unknown)."""
    spec = None
    if isinstance(game_id, str):
        if game_id not in _GAMES and game_id in _packages():
            importlib.import_module(f"engine.{_packages()[game_id]}")
        spec = _GAMES.get(game_id) or games().get(game_id)
    if spec is None:
        raise ScenarioError(f"unknown game {game_id!r:.60} (the engine plays: {', '.join(games())})")
    return spec

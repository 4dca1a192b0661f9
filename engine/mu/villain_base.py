"""`Villain`: the game of Marvel United against one villain, with every villain hook and its default.

The python-chess way (`chess.variant.AtomicBoard` overrides documented `chess.Board` methods): the core
rules (setup, heroes, villain, damage, missions, threats, effects; the table in game.MarvelUnited) call the
hooks below as plain methods, and each villain is a subclass in engine/mu/villains/<villain>.py
(`class Klaw(Villain, villain="klaw", texts=("special_rules",))`) that overrides the hooks its printed
rules need. A hook's default is the core rule, or does nothing. No name is built from a string.

One lookup finds a villain's class: `find_villain(villain_id)` (MarvelUnited.create and restore use it, so
the game of villain X is an instance of X's class); a villain of the catalog without a class gets this base,
whose defaults log every printed villain text as "not-implemented".

Priority, for the parts a villain's record may also name a handler for (the Dashboard's `play`: bam,
overflow, ko, special_setup; a Master Plan card's `play`): a handler in content wins over the hook of the
same part, and a printed text with neither is logged "not-implemented" (the defaults of on_bam,
on_overflow, on_plan_effect, on_move, on_special_setup and the `texts_applied` check at setup).

What a villain class may define, checked when the class is created (`stray_methods`, so a misspelled hook
fails at import): overrides of the hooks below, with the same parameters; its handlers (methods marked
@handler(name), called as method(state, params, events, **context); HANDLERS maps the names); task methods
(run_/choices_/choose_/skip_<task>, found by the core task runner from the task's `t`); the class
attributes below; and `_private` helpers. Any other public name is an error.
"""

import difflib
import importlib
import inspect
import pkgutil
from typing import ClassVar

from . import villains as villains_package
from .game import MarvelUnited
from .rules_base import handlers_of, not_implemented
from .villain import SIDES

TASK_PREFIXES = ("run_", "choices_", "choose_", "skip_")
TEXTS = ("special_rules", "villainous_plot")  # Dashboard texts acting at many points of a game

_CLASSES: dict[str, type] = {}  # villain id -> its class (filled by Villain.__init_subclass__)
_scanned = False


class Villain(MarvelUnited):
    """The game against one villain. Every public method defined here is a hook: the core calls it at the
    point its docstring names; a villain's subclass overrides it (same parameters), reading the numbers of
    its rules from `self.vparam(...)` (the Dashboard's `play.params`)."""

    # ----- class attributes a villain sets ----------------------------------------------------------------
    villain_id: ClassVar[str | None] = None
    """The id of the villain's record (content/marvel-united-promos/villains/<id>.yaml); None on a shared
    intermediate class."""
    playable: ClassVar[bool] = False
    """True once every Dashboard rule, Threat and Master Plan text of the villain is applied: random games
    log no "not-implemented" event (tests/test_mu_core.py checks it); engine.mu.PLAYABLE lists these."""
    texts_applied: ClassVar[frozenset] = frozenset()
    """The Dashboard texts of TEXTS (special_rules, villainous_plot) this class's hooks apply; setup logs a
    printed one missing here as "not-implemented"."""
    HITS: ClassVar[dict] = {}
    """`via` tag -> the method dealing a "1 Hero" hit the villain queued with that tag
    (villains/common.hit_task), each a method marked @hit_by(tag); made when the class is, never by hand."""
    HANDLERS: ClassVar[dict] = MarvelUnited.HANDLERS
    """Handler name content may use -> the method implementing it: the shared handlers of
    villains/common.CommonRules and, for a subclass, its bases' and its own, each a method marked
    @handler(name) (rules_base.handler); made when the class is, never written by hand."""

    _state_key: ClassVar[str] = ""  # the key of the villain's own entry in the state (init_state makes it)

    def _own(self, state) -> dict:
        """The villain's own entry in the state: state[_state_key], made by init_state."""
        return state[self._state_key]

    def __init_subclass__(cls, villain: str | None = None, playable: bool = True, texts=(), **kwargs):
        """A villain's class names itself in its class line: `class Klaw(Villain, villain="klaw",
        texts=("special_rules",))` sets villain_id, playable (True unless given) and texts_applied, and
        its own state's key (the id with "_" for "-"); a shared intermediate class names no villain."""
        super().__init_subclass__(**kwargs)
        if villain is not None:
            cls.villain_id, cls.playable, cls.texts_applied = villain, playable, frozenset(texts)
            cls._state_key = villain.replace("-", "_")
        if "HANDLERS" in vars(cls) or "HITS" in vars(cls):
            raise TypeError(f"{cls.__name__}: HANDLERS and HITS are made from the methods marked "
                            "@handler(name) and @hit_by(tag)")
        hits = {tag: name for name, value in vars(cls).items() for tag in getattr(value, "hit_tags", ())}
        cls.HITS = {**getattr(cls, "HITS", {}), **hits}
        inherited = {}
        for base in reversed(cls.__mro__[1:]):
            inherited.update(vars(base).get("HANDLERS", {}))
        own = handlers_of(cls)
        twice = sorted(set(own) & set(inherited))
        if twice:
            raise TypeError(f"{cls.__name__} handles {twice}, which a base class handles already")
        cls.HANDLERS = {**inherited, **own}
        problems = stray_methods(cls)
        if problems:
            raise TypeError(f"{cls.__module__}.{cls.__qualname__}: " + "; ".join(problems))
        villain_id = vars(cls).get("villain_id")
        if villain_id:
            if villain_id in _CLASSES:
                raise TypeError(f"two classes play the villain {villain_id!r}: "
                                f"{_CLASSES[villain_id].__name__} and {cls.__name__}")
            _CLASSES[villain_id] = cls

    # ===== setup ===========================================================================================
    def init_state(self, state) -> None:
        """When: once, by MarvelUnited.create, as the state is built (before the Heroes are picked).
        May change: add the villain's own entries (state[<its key>], per-Hero fields in state["heroes"]) with
        their starting values, drawing nothing at random; nothing else creates them, so every hook (the
        view's too) reads them as they are. Default: nothing."""

    def on_special_setup(self, state, events) -> None:
        """When: at the end of the board setup (setup.run_setup_board), if the Dashboard has no
        `special_setup` handler. May change: anything of the board and the decks; queue setup questions.
        Default: a printed Special Setup is logged "not-implemented"."""
        if self.ctx.villain["dashboard"]["back"].get("special_setup"):
            events.append(not_implemented(f"{self.ctx.villain['name']}'s Special Setup is not applied yet",
                                          "setup"))

    # ===== the Villain turn ================================================================================
    def villain_turn_every(self, state, n: int) -> int:
        """When: whenever the core counts Hero cards between Villain turns (villain.villain_every), with `n`
        the core count (3, or 2 Under Pressure). Returns the count to use; changes nothing. Default: n."""
        return n

    def on_villain_turn_start(self, state, events) -> None:
        """When: first in a Villain turn, before the Threats' "at the beginning of each Villain turn" and the
        Master Plan draw; the turn stops if it ends the game. May change: anything; tasks it queues are
        answered before the turn goes on. Default: nothing."""

    def on_move(self, state, card, events) -> None:
        """When: a Master Plan card's move is not a number of Locations (a printed condition). May change:
        state["villain_pos"] (arrival triggers follow). Default: logged "not-implemented"; the Villain
        stays."""
        move = card.get("move")
        text = move.get("text", "") if isinstance(move, dict) else ""
        events.append(not_implemented(f"The move \"{text}\" is not applied yet: {self.ctx.villain['name']} "
                                      "stays", "villain-move"))

    def after_villain_move(self, state, card, events) -> None:
        """When: after the card's move (a rule acting when the Villain "ends his movement"), before the
        Threat of his new Location triggers on arrival. May change: state["villain_pos"]. Default:
        nothing."""

    def on_bam(self, state, events) -> None:
        """When: a BAM! (Master Plan icon, a KO's default, an effect), if the Dashboard has no `bam`
        handler; the Threats' BAM!s follow. May change: anything; queue tasks (damage, questions). Default: a
        printed BAM! is logged "not-implemented"."""
        text = self.ctx.villain["dashboard"].get("bam")
        if text:
            events.append(not_implemented(f"{self.ctx.villain['name']}'s BAM! is not applied yet: {text}",
                                          "bam"))

    def on_plan_effect(self, state, card, events) -> None:
        """When: a face-up Master Plan card with an effect and no `play` handler, after its move and BAM!,
        before its tokens are placed. May change: anything. Default: logged "not-implemented"."""
        title = card["effect"].get("title")
        events.append(not_implemented(f"{title + ': ' if title else ''}{card['effect']['text']} (not applied "
                                      "yet)", "plan-effect", card=card["id"]))

    def placement_sides(self, state) -> dict:
        """When: a Master Plan card's Civilians / Thugs are placed. Returns {side: Location id} for "left",
        "villain", "right" (a side left out gets nothing); changes nothing. Default: the Villain's Location
        and its two neighbours."""
        return {side: self.step(state, state["villain_pos"], offset) for side, offset in SIDES}

    def on_overflow(self, state, loc_id, missed, events) -> None:
        """When: once per Location that could not take a token, if the Dashboard has no `overflow` handler;
        `missed` lists the kinds of the tokens that did not fit. May change: anything. Default: logged
        "not-implemented"."""
        events.append(not_implemented(f"{self.ctx.villain['name']}'s Overflow is not applied yet: "
                                      f"{self.ctx.villain['dashboard']['overflow']}", "overflow"))

    def on_villain_turn_end(self, state, events) -> None:
        """When: last in a Villain turn, after placement, Overflow and the Threats' "at the end of each
        Villain turn"; the Heroes' answers to the turn's questions come after it. May change: anything.
        Default: nothing."""

    # ===== the Hero turn ===================================================================================
    def on_hero_turn_start(self, state, seat, events) -> bool:
        """When: first in a Hero turn (state["current"] is set), before the Invulnerable token, standing up
        and the draw. May change: anything. Returns True when it handled the turn (it queued what comes
        instead: the turn's tasks are not queued). Default: False."""
        return False

    def on_hero_play(self, state, play, events) -> None:
        """When: after the Hero's draw, before they choose the card to play. May change: the `hero_play` task
        `play` (play["only"] = the one card id they may play; play["facedown"] = True: no symbols, no
        Special Effect) and anything else. Default: nothing."""

    def on_card_played(self, state, seat, events) -> None:
        """When: the Hero's card is in the Storyline and their `hero_actions` task is queued, before the
        Threat of their Location acts on "Heroes starting their turn here". May change: anything; queue
        tasks answered before the actions. Default: nothing."""

    def previous_blank(self, state) -> bool:
        """When: a Hero plays a card after a face-up Hero card. True when the Heroes do not benefit from the
        previous card's symbols; changes nothing. Default: False."""
        return False

    def effects_blank(self, state, seat) -> bool:
        """When: the Hero plays a card with a Special Effect. True when their Special Effects are treated as
        blank; changes nothing. Default: False."""
        return False

    def hero_targets(self, state, seat, kind, pos, out, remote) -> list:
        """When: the Hero's possible uses of one `kind` symbol ("move", "attack", "heroic") in Location `pos`
        are listed (heroes.targets: legal actions, so it must change nothing). `out` is the core's list of
        (action id, label); `remote` is True for an action taken "as if" in another Location. Returns the
        list to offer (an action to withhold, a forfeit or a villain-specific use added: its id starts with
        `kind:` and hero_action applies it). Default: out."""
        return out

    def hero_action(self, state, seat, aid, events) -> bool:
        """When: before the core applies a Hero's action id `aid` (a symbol's or a token's). May change:
        anything. Returns True when it applied the action (the core then does nothing). Default: False."""
        return False

    def on_hero_moved(self, state, seat, events) -> None:
        """When: a Hero entered a Location (a Move action or a Special Effect). May change: anything.
        Default: nothing."""

    def on_hero_turn_end(self, state, task, events) -> bool:
        """When: first at the end of a Hero turn (`task` is its hero_turn_end task). May change: anything.
        Returns True when it queued its own tasks and `task` again, so the end of the turn is resolved after
        them. Default: False."""
        return False

    # ===== damage, KO, defeat ==============================================================================
    def deal_hit(self, state, seat, n, events, source, via) -> None:
        """When: the Heroes chose who takes the damage of a "1 Hero ..." hit (task hero_hit of
        villains/common.hit_task). `via` is the tag the villain put on the task (None: plain damage). May
        change: the damage and what comes with it. Default: damage_hero; a tagged hit goes to the method
        marked @hit_by(tag) (HITS); a tag no method takes is an error."""
        if via is None:
            self.damage_hero(state, seat, n, events, source)
            return
        if via not in self.HITS:
            raise ValueError(f"{type(self).__name__} queued a hit with via={via!r}, which no method marked "
                             "@hit_by takes")
        getattr(self, self.HITS[via])(state, seat, n, events, source)

    def on_hero_ko(self, state, seat, events) -> None:
        """When: a Hero is KO'd (state["heroes"][seat]["ko"] is set), if the Dashboard has no `ko` handler.
        May change: anything. Default: the core rule, a BAM! without the Threats' BAM!s."""
        self.bam(state, events, f"{self.hero_name(state, seat)} is KO'd", threats=False)

    def can_damage(self, state, seat) -> bool:
        """When: the Attack on the Villain in his Location is about to be offered to the Hero (he is
        vulnerable), before the Threats' play.can_damage. False withholds it; changes nothing. Default:
        True."""
        return True

    def villain_damage_taken(self, state, seat, n, events) -> int:
        """When: `n` (> 0) damage to the Villain still counts after the Threats (damage.damage_villain).
        Returns the damage that counts. May change: the villain's own state (a reveal, a count). Default:
        n."""
        return n

    def saved_from_defeat(self, state, seat, events) -> bool:
        """When: the Villain's Health reaches 0. True when the Villain is not defeated (the Heroes do not win
        yet). May change: anything (Health, position). Default: False."""
        return False

    def on_villain_damaged(self, state, seat, n, events) -> None:
        """When: after `n` damage to the Villain counted (and did not win the game). May change: anything.
        Default: nothing."""

    def henchman_damage_counts(self, state, loc_id, threat, seat, events) -> bool:
        """When: 1 damage to the Henchman `threat` at `loc_id` (after the Threats' play.damage_taken). False
        when it is ignored (the Attack is spent). May change: the villain's own bookkeeping of the turn.
        Default: True."""
        return True

    # ===== Threats, Missions, the end ======================================================================
    def on_threat_cleared(self, state, loc_id, threat, seat, events) -> None:
        """When: a Threat was cleared by `seat` (its `on_clear` handler ran, counted for Clear Threats),
        before a waiting Challenge enters. May change: where the card goes, anything else. Default:
        nothing."""

    def on_mission_complete(self, state, mission, events) -> bool:
        """When: a Mission (standard or a replacement) was completed and logged. Returns True when it replaces
        what follows (Under Pressure, vulnerable, the reward draw). May change: anything. Default: False."""
        return False

    def under_pressure(self, state) -> bool:
        """When: the core asks whether the Villain is Under Pressure (a Villain turn every 2 Hero cards).
        Changes nothing. Default, the core rule: `missions_to_under_pressure` Missions complete."""
        return len(state["completed"]) >= self.ctx.const("missions_to_under_pressure")

    def villain_vulnerable(self, state) -> bool:
        """When: the core asks whether Attacks in the Villain's Location may damage him. Changes nothing.
        Default, the core rule: `missions_to_vulnerable` Missions complete."""
        return len(state["completed"]) >= self.ctx.const("missions_to_vulnerable")

    def out_of_cards(self, state, events, reason: str) -> None:
        """When: the Villain must draw a Master Plan card, or a Hero must play a card, and has none. May
        change: the outcome. Default, the core rule: the Heroes lose (core-losing 1, 2)."""
        self.lose(state, events, reason)

    def after_each_task(self, state, events) -> None:
        """When: after every task while the game is not over (a Heroic Goal or Villainous Plot that holds "at
        once" whenever the board allows). May change: the outcome. Default: nothing."""

    # ===== what the page draws =============================================================================
    def extend_view(self, state, out) -> None:
        """When: view() built the table's `out` (any seat's). May change: `out` only (add tracks,
        components, marks; redraw a part), reading `state` as it is: drawing never changes the game.
        Default: nothing."""


def hooks() -> dict:
    """Hook name -> the base's function: every public method defined in Villain's class body."""
    return {name: value for name, value in vars(Villain).items()
            if not name.startswith("_") and inspect.isfunction(value)}


def _parameters(function) -> list[str]:
    return list(inspect.signature(function).parameters)


def stray_methods(cls) -> list[str]:
    """What cls defines (its own class body) that is none of: an override of a Villain hook with its
    parameters, a handler (marked @handler, taking (self, state, params, events, ...)), a task method
    (TASK_PREFIXES), a class attribute of Villain, or a `_private` name. A stray public method is most often
    a misspelled hook; the message names the closest hook. Also: a choices_/choose_/skip_ task method
    without its partner (choose_ <-> choices_), a HANDLERS entry without its method, an unknown
    `texts_applied` entry."""
    base_hooks = hooks()
    attributes = {n for n, v in vars(Villain).items() if not n.startswith("_") and not callable(v)}
    handlers = set(cls.HANDLERS.values())
    problems = []
    for name, value in vars(cls).items():
        if name.startswith("_"):
            continue
        function = value.__func__ if isinstance(value, (staticmethod, classmethod)) else value
        if not callable(function) and not isinstance(value, property):
            if name not in attributes:
                problems.append(f"{name} is not a class attribute of Villain "
                                f"({', '.join(sorted(attributes))}) and not _private")
            continue
        if name in base_hooks:
            if not inspect.isfunction(value) or _parameters(value) != _parameters(base_hooks[name]):
                problems.append(f"the hook {name} must be a method with the parameters of "
                                f"Villain.{name}{inspect.signature(base_hooks[name])}")
            continue
        if any(name.startswith(prefix) for prefix in TASK_PREFIXES) or name in handlers:
            inherited = next((b for b in cls.__mro__[1:] if name in vars(b)), None)
            if inherited is not None:
                problems.append(f"{name} overrides {inherited.__name__}.{name}, which is not a hook")
            if name in handlers and _parameters(function)[:4] != ["self", "state", "params", "events"]:
                problems.append(f"the handler {name} must take (self, state, params, events, **context)")
            continue
        close = difflib.get_close_matches(name, base_hooks, n=1, cutoff=0.6)
        problems.append(f"{name} is not a Villain hook{f' (did you mean {close[0]}?)' if close else ''}, "
                        "nor a @handler, nor a task method (run_/choices_/choose_/skip_); a "
                        "helper is _private")
    for name in vars(cls):  # a task asking a question has both; a skip_ is the no-option case of choices_
        kind, _, task = name.partition("_")
        pairs = {"choices": ("choose",), "choose": ("choices",), "skip": ("choices",)}.get(kind, ())
        for other in pairs:
            if task and not callable(getattr(cls, f"{other}_{task}", None)):
                problems.append(f"{name} has no {other}_{task}")
    for handler, method in cls.HANDLERS.items():
        if not callable(getattr(cls, method, None)):
            problems.append(f"HANDLERS[{handler!r}] names {method}, which the class lacks")
    unknown = set(cls.texts_applied) - set(TEXTS)
    if unknown:
        problems.append(f"texts_applied names {sorted(unknown)}, not among {TEXTS}")
    return problems


def villain_classes() -> dict[str, type]:
    """Villain id -> its class: every Villain subclass with a villain_id in engine/mu/villains/ (each
    module imported the first time), sorted by id."""
    global _scanned
    if not _scanned:
        for info in pkgutil.iter_modules(villains_package.__path__):
            importlib.import_module(f"{villains_package.__name__}.{info.name}")
        _scanned = True
    return dict(sorted(_CLASSES.items()))


def find_villain(villain_id: str) -> type:
    """The class of the game against `villain_id` (like python-chess's find_variant); Villain itself for a
    villain of the catalog that has none (every printed text of it is logged "not-implemented")."""
    return villain_classes().get(villain_id, Villain)


__all__ = ["Villain", "find_villain", "hooks", "stray_methods", "villain_classes"]

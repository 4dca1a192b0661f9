"""The Villain base (engine/mu/villain_base.py): one class per villain, found by one lookup, defining only
hooks, handlers, task methods and private helpers; every handler a villain's content names is on its own
class."""

import inspect

import pytest
from mu_support import MU, catalog

import engine
from engine.mu import EFFECTS, PLAYABLE, Villain, find_villain
from engine.mu.rules_base import handler, hit_by
from engine.mu.villain_base import TEXTS, hooks, stray_methods, villain_classes
from engine.mu.villains.families import NecroswordVillain, TrackPlotVillain


def handlers_named(record) -> set[str]:
    """Every `handler` a villain's record names (Dashboard, Threats, Master Plan, Challenge: any depth)."""
    named = set()

    def walk(value):
        if isinstance(value, dict):
            if isinstance(value.get("handler"), str):
                named.add(value["handler"])
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(record)
    return named


def test_every_villain_of_content_has_its_class_and_a_game_is_an_instance_of_it():
    """The game of villain X is an instance of X's class, found by find_villain (python-chess's
    find_variant), through new_game, restore and copy alike."""
    villains = catalog()["games"][MU]["villains"]
    assert sorted(villain_classes()) == sorted(villains)
    for vid in sorted(villains):
        cls = find_villain(vid)
        assert issubclass(cls, Villain) and cls is not Villain and cls.villain_id == vid
        game = engine.new_game(f"{MU}/{vid}", seed=1, players=2, catalog=catalog())
        assert type(game) is cls
        assert type(engine.restore(game.snapshot(), catalog=catalog())) is cls
        assert type(game.copy()) is cls
    assert find_villain("no-such-villain") is Villain  # a villain without a class: the core rules alone
    assert sorted(PLAYABLE) == sorted(vid for vid, cls in villain_classes().items() if cls.playable)


def test_every_villain_class_defines_only_hooks_handlers_task_methods_and_private_helpers():
    """"Looks like a hook" = any public method of a villain class: it must override a Villain hook (with
    its parameters), be a method its HANDLERS names, or be a task method (run_/choices_/choose_/skip_);
    anything else must be _private (villain_base.stray_methods, also run when each class is made)."""
    for cls in (TrackPlotVillain, NecroswordVillain, *villain_classes().values()):
        assert stray_methods(cls) == [], cls.__name__
        own_hooks = [name for name in vars(cls) if name in hooks()]
        for name in own_hooks:
            base = inspect.signature(hooks()[name]).parameters
            assert list(inspect.signature(vars(cls)[name]).parameters) == list(base), (cls.__name__, name)
        assert set(cls.texts_applied) <= set(TEXTS)


def test_a_misspelled_hook_fails_when_the_class_is_made():
    """A villain's `on_bamm` would never be called by the core: making the class raises, naming the hook it
    was probably meant to be."""
    with pytest.raises(TypeError, match=r"on_bamm is not a Villain hook \(did you mean on_bam\?\)"):
        class Misspelled(Villain):
            def on_bamm(self, state, events) -> None:
                """BAM!: never called."""

    old_style = r"can_damage_klaw is not a Villain hook \(did you mean can_damage\?\)"  # a former hook name
    with pytest.raises(TypeError, match=old_style):
        class OldStyle(Villain):
            def can_damage_klaw(self, state, seat) -> bool:
                return False

    with pytest.raises(TypeError, match=r"the hook can_damage must be a method with the parameters"):
        class WrongParameters(Villain):
            def can_damage(self, state) -> bool:
                return False

    with pytest.raises(TypeError, match=r"helper is not a Villain hook.*a helper is _private"):
        class PublicHelper(Villain):
            def helper(self, state) -> int:
                return 1

    with pytest.raises(TypeError, match=r"playabel is not a class attribute of Villain"):
        class MisspelledAttribute(Villain):
            playabel = True

    with pytest.raises(TypeError, match=r"HANDLERS and HITS are made from the methods marked @handler"):
        class HandWritten(Villain):
            HANDLERS = {"test_bam": "h_test_bam"}

    with pytest.raises(TypeError, match=r"HANDLERS and HITS are made from the methods marked @handler"):
        class HandWrittenHits(Villain):
            HITS = {"test_hit": "_test_hit"}

    with pytest.raises(TypeError, match=r"handles \['plan_card_on_top'\], which a base class handles"):
        class HandledTwice(Villain):
            @handler("plan_card_on_top")
            def h_other_top(self, state, params, events, **_) -> None:
                """A second rule under a shared handler's name."""

    with pytest.raises(TypeError, match=r"the handler h_test must take \(self, state, params, events"):
        class WrongHandler(Villain):
            @handler("test")
            def h_test(self, state, events) -> None:
                """No params."""

    with pytest.raises(TypeError, match=r"choose_test_pick has no choices_test_pick"):
        class HalfATask(Villain):
            def choose_test_pick(self, state, task, action, events) -> None:
                """A question nobody can be asked."""

    with pytest.raises(TypeError, match=r"texts_applied names \['special_rule'\]"):
        class UnknownText(Villain):
            texts_applied = frozenset({"special_rule"})

    with pytest.raises(TypeError, match=r"h_plan_card_on_top overrides CommonRules.h_plan_card_on_top"):
        class ShadowedHandler(Villain):  # a shared handler is not overridden by accident
            @handler("test_on_top")
            def h_plan_card_on_top(self, state, params, events, **_) -> None:
                """Another rule under a shared name."""

    class Fine(Villain):  # a hook, a handler, a task, a private helper: accepted (no villain_id: unlisted)
        def on_bam(self, state, events) -> None:
            self._helper(state)

        @handler("test_bam")
        def h_test_bam(self, state, params, events, **_) -> None:
            """A handler."""

        def run_test_task(self, state, task, events) -> None:
            """A task."""

        def _helper(self, state) -> None:
            """Private."""

    assert Fine.HANDLERS["test_bam"] == "h_test_bam" and "hit_hero_here" in Fine.HANDLERS  # merged
    assert None not in villain_classes() and Fine not in villain_classes().values()


def test_every_hook_says_when_the_core_calls_it():
    """Each hook of the base is documented: when the core calls it, what it may change or return."""
    assert len(hooks()) >= 30
    for name, function in hooks().items():
        doc = inspect.getdoc(function) or ""
        assert doc.startswith("When:"), name
        assert "Default" in doc, name


def test_every_handler_a_villains_content_names_is_on_its_own_class():
    """A handler named in villains/<id>.yaml is implemented by that villain's class (its HANDLERS, with the
    shared ones), not only by some other villain's; engine.implemented_effects lists every one."""
    villains = catalog()["games"][MU]["villains"]
    effects = engine.implemented_effects(MU)
    for vid, record in villains.items():
        cls = find_villain(vid)
        named = handlers_named(record)
        missing = named - set(cls.HANDLERS)
        assert not missing, (vid, missing)
        for name in named:
            assert callable(getattr(cls, cls.HANDLERS[name])), (vid, name)
        assert named <= effects <= set(EFFECTS)


def test_a_failing_first_action_leaves_a_new_game_as_it_was(monkeypatch):
    """DESIGN's promise for play(): an action whose rule raises leaves the state untouched - also the first
    action of a new game (MarvelUnited.create makes the state after setup the one play() rolls back to)."""
    game = engine.new_game(f"{MU}/klaw", seed=1, players=2, catalog=catalog())
    before = game.snapshot()

    def boom(*_):
        raise ValueError("a rule fails")

    monkeypatch.setattr(type(game), "choose_pick_hero", boom)
    with pytest.raises(ValueError, match="a rule fails"):
        game.play(game.legal_actions()[0]["id"])
    assert game.snapshot() == before


def test_a_tagged_hit_goes_to_the_method_marked_for_its_tag():
    """A villain's "1 Hero" hit queued with a `via` tag is dealt by its method marked @hit_by(tag) once the
    Heroes chose who is hit; a tag no method takes is an error, never plain damage by mistake."""
    from engine.mu.villains.gorr import GORR_VIA

    gorr = find_villain("gorr")
    assert gorr.HITS == {GORR_VIA: "_damage"}
    assert find_villain("knull").HITS == {"knull_unpreventable_damage": "_unpreventable_damage",
                                          "knull_damage": "_damage"}

    class Tagged(Villain):
        @hit_by("test_hit")
        def _test_hit(self, state, seat, n, events, source) -> None:
            events.append(("hit", seat, n, source))

    state = engine.new_game(f"{MU}/klaw", seed=1, players=2, catalog=catalog()).snapshot()["state"]
    game = Tagged(catalog(), state)
    events = []
    game.deal_hit(game.state, 1, 2, events, "a test", "test_hit")
    assert events == [("hit", 1, 2, "a test")]
    with pytest.raises(ValueError, match="via='test_miss', which no method marked @hit_by takes"):
        game.deal_hit(game.state, 1, 2, events, "a test", "test_miss")

"""Every word of the Mechs vs. Minions `play` vocabulary has the engine method that carries it out.

The schemas (schema/mechs-vs-minions/scenario.schema.json and play/*.schema.json) are the list of what a
mission's `play` block may say; the engine dispatches each value by name (engine/mvm/objectives.py,
minions.py, phases.py). A value the schema accepts but the engine lacks would pass `build.py check` and fail
only in the middle of a game, so each value is checked here, one test case each:

- a victory/loss condition kind `some-kind`      -> MechsVsMinions.cond_some_kind(state, spec)
- an escalation trigger `some-trigger`          -> MechsVsMinions.trigger_some_trigger(state, esc)
- an escalation's `then.set` key                -> a SET_TEXT entry (what the players read when it changes)
- a Minion movement `by` value                  -> MechsVsMinions.minions_<value>(state, rules, events)
- a spawn kind (except none)                    -> MechsVsMinions.spawn_squares_<kind>(state, spawn)
- a danger_phase item                           -> the task danger_<item>: run_danger_<item> (automatic) or
                                                   choices_/choose_danger_<item> (a player's decision)
"""

import json

import pytest
from mvm_support import REPO

from engine.mvm import MechsVsMinions
from engine.mvm.objectives import SET_TEXT
from engine.mvm.rules_base import HOOKS

SCHEMA = REPO / "schema" / "mechs-vs-minions"


def load(name: str) -> dict:
    return json.loads((SCHEMA / name).read_text())


def snake(value: str) -> str:
    return value.replace("-", "_")


CONDITIONS = load("play/conditions.schema.json")["$defs"]
MINIONS = load("play/minions.schema.json")["$defs"]["minion_phase"]["properties"]
PLAY = load("scenario.schema.json")["$defs"]["play"]["properties"]

CONDITION_KINDS = CONDITIONS["condition"]["properties"]["kind"]["enum"]
TRIGGERS = CONDITIONS["escalation"]["properties"]["trigger"]["enum"]
SET_KEYS = sorted(CONDITIONS["escalation"]["properties"]["then"]["items"]["properties"]["set"]["properties"])
MOVEMENT_BY = MINIONS["movement"]["properties"]["by"]["enum"]
SPAWN_KINDS = [k for k in MINIONS["spawn"]["properties"]["kind"]["enum"] if k != "none"]
DANGERS = PLAY["danger_phase"]["items"]["enum"]


def test_the_vocabulary_is_read_from_the_schemas():
    """The lists below are the schemas' own (a renamed $defs path would make every case vanish silently)."""
    assert "bomb-destroyed" in CONDITION_KINDS and "mech-enters-tile" in TRIGGERS
    assert "timed_draft" in SET_KEYS and "toward" in MOVEMENT_BY and "spawn-rows" in SPAWN_KINDS
    assert "boss" in DANGERS


@pytest.mark.parametrize("kind", CONDITION_KINDS)
def test_every_condition_kind_has_its_cond_method(kind):
    assert callable(getattr(MechsVsMinions, f"cond_{snake(kind)}", None)), f"cond_{snake(kind)} is missing"


@pytest.mark.parametrize("trigger", TRIGGERS)
def test_every_escalation_trigger_has_its_trigger_method(trigger):
    assert callable(getattr(MechsVsMinions, f"trigger_{snake(trigger)}", None)), f"trigger_{snake(trigger)} is missing"


@pytest.mark.parametrize("key", SET_KEYS)
def test_every_set_key_has_the_text_players_read(key):
    """An escalation's `set` changes a rule value in state["mods"] and tells the players what changed."""
    assert SET_TEXT.get(key), f"SET_TEXT has no text for {key}"


@pytest.mark.parametrize("by", MOVEMENT_BY)
def test_every_minion_movement_has_its_method(by):
    assert callable(getattr(MechsVsMinions, f"minions_{snake(by)}", None)), f"minions_{snake(by)} is missing"


@pytest.mark.parametrize("kind", SPAWN_KINDS)
def test_every_spawn_kind_has_its_squares_method(kind):
    name = f"spawn_squares_{snake(kind)}"
    assert callable(getattr(MechsVsMinions, name, None)), f"{name} is missing"


@pytest.mark.parametrize("item", DANGERS)
def test_every_danger_phase_item_has_its_task(item):
    task = f"danger_{snake(item)}"
    automatic = callable(getattr(MechsVsMinions, f"run_{task}", None))
    decided = all(callable(getattr(MechsVsMinions, f"{p}_{task}", None)) for p in ("choices", "choose"))
    assert automatic or decided, f"run_{task} (or choices_/choose_{task}) is missing"


# ----- feature hooks (engine/mvm/rules_base.py HOOKS) -------------------------------------------------------
def hook_methods(cls) -> set[str]:
    """Every method name of the game class that starts with a step name of HOOKS and '_'."""
    return {name for name in dir(cls) for step in HOOKS if name.startswith(step + "_")
            and callable(getattr(cls, name))}


def test_every_feature_hook_is_declared_in_hooks():
    """A hook method nobody lists is never called: a mission feature written as `on_enter_lava` must be
    declared in HOOKS["on_enter"], where its place in the order is chosen."""
    listed = {name for names in HOOKS.values() for name in names}
    assert hook_methods(MechsVsMinions) - listed == set()


@pytest.mark.parametrize("step", sorted(HOOKS))
def test_every_declared_hook_exists(step):
    for name in HOOKS[step]:
        assert callable(getattr(MechsVsMinions, name, None)), f"HOOKS[{step!r}] names {name}, which no module defines"


def test_a_misspelled_hook_is_caught():
    """The check above sees a hook a mission module adds without declaring it."""

    class WithStrayHook(MechsVsMinions):
        def on_enter_lavva(self, state, piece, mv, events):
            return None

    assert hook_methods(WithStrayHook) - {n for names in HOOKS.values() for n in names} == {"on_enter_lavva"}

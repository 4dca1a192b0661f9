"""The villains' own rules: one mixin per villain (hooks found by name, see rules_base.Rules.villain_hook) and
the named handlers that content's optional `play` objects call (villain.schema.json `$defs/handler`): a
Threat's `play` (clear, to_hero, bam, on_arrival, villain_damage, ...), a Master Plan card's `play`, and the
Dashboard's `play` (bam, overflow, ko, special_setup handlers; `params`, the Dashboard's numbers its hooks
read through Rules.vparam).

HANDLERS maps every handler name content may use to the method implementing it; a test checks that every
`play` handler named in content is a key of it."""

import importlib
import pkgutil

from ..rules_base import not_implemented
from .common import CommonRules

# The villain mixins the game class includes: every module of this package but `common` defines one class
# named <Module>Rules (klaw.py: KlawRules), found here so that adding a villain touches no shared file.
VILLAIN_MIXINS: tuple = ()
for _info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if _info.name == "common":
        continue
    _module = importlib.import_module(f"{__name__}.{_info.name}")
    VILLAIN_MIXINS += (getattr(_module, "".join(w.capitalize() for w in _info.name.split("_")) + "Rules"),)

# handler name -> method name (called as method(state, params, events, **context); see each handler)
HANDLERS: dict[str, str] = dict(CommonRules.HANDLERS)


def _names(mixin) -> list[str]:
    """Every method, attribute and handler name a mixin defines (two villains never share one)."""
    return [n for n in vars(mixin) if not n.startswith("__") and n != "HANDLERS"] + [
        f"handler {h}" for h in mixin.HANDLERS]


_owner = dict.fromkeys(_names(CommonRules), "CommonRules")
for _mixin in VILLAIN_MIXINS:
    for _name in _names(_mixin):
        if _owner.setdefault(_name, _mixin.__name__) != _mixin.__name__:
            raise RuntimeError(f"{_name} is defined by both {_owner[_name]} and {_mixin.__name__}: a "
                               "villain's names carry its name (klaw_..., h_klaw_...) or go to common.py")
    HANDLERS.update(_mixin.HANDLERS)


class HandlerRules(CommonRules):
    def run_handler(self, state, spec: dict, events, rule: str = "special", **context):
        """Run the named handler of a `play` object; unknown names are logged as not implemented (and
        return None)."""
        method = HANDLERS.get(spec["handler"])
        if method is None:
            events.append(not_implemented(f"The handler {spec['handler']!r} is not implemented", rule))
            return None
        return getattr(self, method)(state, spec.get("params") or {}, events, **context)

"""The villains' own rules: one mixin per villain (hooks found by name, see rules_base.Rules.villain_hook) and
the named handlers that content's optional `play` objects call (villain.schema.json `$defs/handler`): a
Threat's `play` (clear, to_hero, bam, on_arrival, villain_damage) and a Master Plan card's `play`.

HANDLERS maps every handler name content may use to the method implementing it; a test checks that every
`play` handler named in content is a key of it."""

from ..rules_base import not_implemented
from .common import HeroHitRules
from .crossbones import CrossbonesRules
from .gorr import GorrRules
from .klaw import KlawRules
from .maximus import MaximusRules
from .purple_man import PurpleManRules

# The villain mixins the game class includes.
VILLAIN_MIXINS = (KlawRules,)
VILLAIN_MIXINS += (PurpleManRules,)
VILLAIN_MIXINS += (GorrRules,)
VILLAIN_MIXINS += (CrossbonesRules,)
VILLAIN_MIXINS += (MaximusRules,)

# handler name -> method name (called as method(state, params, events, **context); see each handler)
HANDLERS: dict[str, str] = {}
for _mixin in VILLAIN_MIXINS:
    HANDLERS.update(_mixin.HANDLERS)


class HandlerRules(HeroHitRules):
    def run_handler(self, state, spec: dict, events, rule: str = "special", **context):
        """Run the named handler of a `play` object; unknown names are logged as not implemented (and
        return None)."""
        method = HANDLERS.get(spec["handler"])
        if method is None:
            events.append(not_implemented(f"The handler {spec['handler']!r} is not implemented", rule))
            return None
        return getattr(self, method)(state, spec.get("params") or {}, events, **context)

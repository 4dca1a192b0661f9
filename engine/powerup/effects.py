"""The named effects POWERUP content may use (docs-dev/POWERUP.md, "Effects"); `build.py check` fails on a
card, an ability or a sheet that names one missing here. Each name maps to the module that resolves it."""

POW_EFFECTS = frozenset(
    {
        "add-hit",
        "add-die",
        "add-armor",
        "bugmistress-discards",
        "gain-points",
        "draw-pow",
        "no-spawn",
        "re-roll",
        "pick-up-coins",
        "teleport",
        "turn-on-powerups",
        "door",
        "turn-bug",
        "untouchable",
        "cover-obstacle",
        "assemble",
        "copycat",
        "epic-letter",
    }
)
BUG_EFFECTS = frozenset(
    {
        "destroy-coins",
        "destroy-weapon",
        "ambush",
        "transform",
        "charge",
        "movement-cost",
        "no-ranged",
        "deplete-powerups",
        "immolation",
        "remove-ammo",
        "remove-reaction",
        "remove-lives",
        "knock-knock",
        "door",
        "teleport-bug",
        "reinforcement",
        "surprise",
        "thief-buggie",
        "spawn-only",
    }
)
PROFESSION_EFFECTS = frozenset({"modifier", "build-turret", "heal-partner", "sense-secrets"})

EFFECTS = POW_EFFECTS | BUG_EFFECTS | PROFESSION_EFFECTS

# The equipment special actions the engine plays (lists/equipment-special-actions.yaml; a weapon's
# `specials`): attacks.py (ammo-, reaction- and 2x to yellow die), special_actions.py (drill,
# area-damage-2), combat.py (push-2), dice through attack_dice (white-die-melee), powerups.py
# (two-reaction-points), buster_turn.py (jump-1a, move-2a-jump-4a).
SPECIAL_ACTIONS = frozenset(
    {
        "ammo-to-yellow-die",
        "reaction-to-yellow-die",
        "double-to-yellow-die",
        "drill",
        "area-damage-2",
        "push-2",
        "white-die-melee",
        "two-reaction-points",
        "jump-1a",
        "move-2a-jump-4a",
    }
)

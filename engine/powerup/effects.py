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

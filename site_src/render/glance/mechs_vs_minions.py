"""Mechs vs. Minions missions at a glance (schema/mechs-vs-minions/scenario.schema.json): setup, Crystal
Shards, the Bomb, Rune Gates, the Doom Tracker, the Draft, the Minion and Danger Phases, escalations, loss,
victory, EZ-MODE, what the mission introduces and the next envelope, from the `mission` block's numbers."""

from __future__ import annotations

from ...text import words
from .rows import Row, goal, texts

# The `mission` fields the panel says in words (the page's Details box leaves them out; its setup steps and
# every printed sentence are the page's sections).
SHOWN = frozenset(f"mission.{key}" for key in (
    "setup", "crystal_shards", "bomb", "rune_gates", "doom_tracker", "draft", "minion_phase", "escalations",
    "danger_phase", "loss", "win", "introduces", "next",
    # the mission's own sections print these sentences, and the board drawing shows the tiles:
    "map_tiles", "schematics"))


def _toward(direction: str) -> str:
    if direction == "rune-die":
        return "in the Crystal Compass direction of the Rune Die's colour"
    if direction.startswith("toward-"):
        return "toward the " + words.title(direction.removeprefix("toward-"))
    return words.words(direction)


_BOMB_DAMAGE = {
    "stomps-minion": "for each Minion it stomps",
    "minion-attack": "for each Minion attack",
    "lava-wall": "for each space the Lava Wall pushes it",
    "lava-pool": "on a Lava Pool",
    "rune-die-red-or-yellow": "when the Rune Die rolls red or yellow",
}


def rows(scenario: dict, names: dict[str, str]) -> list[Row]:
    """A mission's rows, from `mission` (and `play` where `mission` is silent), then its objective."""
    mission = scenario.get("mission") if isinstance(scenario.get("mission"), dict) else {}
    play = scenario.get("play") if isinstance(scenario.get("play"), dict) else {}
    found: list[Row] = []
    ez: list[str] = []

    setup = mission.get("setup") or {}
    if setup.get("steps"):
        value = words.count(len(setup["steps"]), "step")
        found.append(Row("setup", "Setup", value, rule=setup.get("rule")))
    shards = mission.get("crystal_shards") or play.get("crystal_shards") or {}
    if shards:
        count = shards.get("count", len(shards.get("squares") or []))
        bits = [f"{count} Crystal Shard{'s' if count != 1 else ''}" if count else "Crystal Shards"]
        if shards.get("breakable") is True:
            bits.append("breakable")
        if shards.get("carried") is True:
            bits.append("carried by Mechs")
        found.append(
            Row(
                "crystal-shards",
                "Crystal Shards",
                ", ".join(bits),
                texts(shards.get("placed")),
                rule=shards.get("rule"),
            )
        )
    bomb = mission.get("bomb") or {}
    if bomb:
        hurts = [
            f"{d['amount']} {_BOMB_DAMAGE.get(str(d.get('when', '')), words.words(d.get('when', '')))}"
            for d in bomb.get("damage") or []
            if isinstance(d, dict) and "amount" in d
        ]
        value = "loses " + "; ".join(hurts) if hurts else ""
        if bomb.get("heal_on_repair_pad"):
            value += f"{'; ' if value else ''}heals {bomb['heal_on_repair_pad']} on a Repair Pad"
        name = str(bomb.get("name") or "The Bomb")
        found.append(
            Row(
                "bomb",
                name[:1].upper() + name[1:],
                value,
                texts(bomb.get("placed")),
                rule=bomb.get("rule"),
            )
        )
    gates = mission.get("rune_gates") or {}
    if gates:
        bits = []
        if gates.get("count"):
            bits.append(words.count(gates["count"], "Rune Gate"))
        if gates.get("start"):
            bits.append(f"start {gates['start']}")
        found.append(Row("rune-gates", "Rune Gates", ", ".join(bits), rule=gates.get("rule")))

    doom = mission.get("doom_tracker") or {}
    if doom:
        tracks = words.label(doom.get("tracks", "value"))
        value = f"{tracks}: starts at {doom['start']}" if "start" in doom else tracks
        if "max" in doom:
            value += f" (at most {doom['max']})"
        if "ez_mode" in doom:
            value += f" · EZ-MODE: {doom['ez_mode']}"
            ez += texts(doom.get("ez_text")) or [f"{tracks} starts at {doom['ez_mode']}."]
        found.append(Row("doom-tracker", "Doom Tracker", value, rule=doom.get("rule")))

    draft = mission.get("draft") or {}
    if draft:
        bits = []
        first = draft.get("first") or {}
        if first.get("kind") == "double":
            bits.append("Double Draft in the first Round")
        timed = draft.get("timed") or {}
        if timed.get("from") == "start":
            bits.append("timed with Zhonya's Minuteglass from the start")
        elif timed.get("from"):
            bits.append(f"timed from the {words.words(timed['from'])} on")
        found.append(
            Row(
                "draft", "Draft", "; ".join(bits) or "as usual", rule=(first.get("rule") or timed.get("rule"))
            )
        )
    elif play.get("first_draft"):
        found.append(Row("draft", "Draft", f"first draft: {play['first_draft']}"))

    minions = mission.get("minion_phase") or play.get("minion_phase") or {}
    if minions:
        move = minions.get("movement") or {}
        spawn = minions.get("spawn") or {}
        attack = minions.get("attack") or {}
        bits = []
        if move:
            direction = move.get("direction") or move.get("by")
            spaces = move.get("spaces")
            phrase = "move"
            if spaces:
                phrase += f" {words.count(spaces, 'space')}"
            if direction:
                phrase += f" {_toward(str(direction))}"
            if move.get("prefer"):
                phrase += f" (ties: {', '.join(move['prefer'])})"
            bits.append(phrase)
            if move.get("ez_spaces"):
                ez.append(f"Minions move {words.count(move['ez_spaces'], 'space')} instead of {spaces}.")
        if spawn:
            where = spawn.get("where") or spawn.get("kind")
            phrase = "no spawning" if where == "none" else f"spawn on {words.words(where)}"
            if spawn.get("rows"):
                phrase += f" ({words.count(spawn['rows'], 'full row')})"
            bits.append(phrase)
        if attack:
            targets = ", ".join(words.label(t) for t in attack.get("targets") or []) or "adjacent Mechs"
            bits.append(f"attack: {attack.get('damage', 1)} damage to {targets}")
        rule = move.get("rule") or spawn.get("rule") or attack.get("rule")
        found.append(Row("minion-phase", "Minion Phase", "; ".join(bits), rule=rule))

    escalations = mission.get("escalations") or play.get("escalations") or []
    if escalations:
        items, rule = [], None
        for esc in escalations:
            if not isinstance(esc, dict):
                continue
            rule = rule or esc.get("rule")
            trigger = str(esc.get("trigger", ""))
            then = esc.get("then") or []
            if isinstance(then, list) and then and all(isinstance(t, str) for t in then):
                items.append(f"{trigger.rstrip(':')}: {then[0]}")
            else:
                objective = next(
                    (t["objective"] for t in then if isinstance(t, dict) and "objective" in t), None
                )
                items.append(f"When {words.words(trigger)}: {objective or words.label(esc.get('id', ''))}")
            if esc.get("ez_trigger"):
                ez.append(str(esc["ez_trigger"]))
        found.append(
            Row("escalations", "Escalations" if len(items) > 1 else "Escalation", items=items, rule=rule)
        )

    danger = mission.get("danger_phase") or {}
    if danger:
        kind = str(danger.get("kind", ""))
        bits = []
        boss = danger.get("boss") or {}
        if boss:
            if boss.get("command_line_slots"):
                bits.append(f"{boss['command_line_slots']}-slot Boss Command Line")
            if boss.get("deal"):
                bits.append(f"deal {boss['deal']}, pick {boss.get('pick', 1)} Boss Cards")
            if boss.get("doom_cannon_power"):
                bits.append(f"GG-101 Doom Cannon at {boss['doom_cannon_power']} Power")
            if boss.get("rune_shields"):
                bits.append(words.count(boss["rune_shields"], "Rune Shield"))
        lava = danger.get("lava_wall") or {}
        if lava:
            if lava.get("first_round"):
                bits.append(f"the Lava Wall first moves in Round {lava['first_round']}")
            if lava.get("spaces"):
                bits.append(f"{words.count(lava['spaces'], 'space')} each Danger Phase")
            if lava.get("damage_per_space"):
                bits.append(f"{lava['damage_per_space']} damage per space it pushes")
            if lava.get("ez_text"):
                ez.append(str(lava["ez_text"]))
        label = {"boss": "The Boss acts", "lava-wall": "The Lava Wall moves"}.get(kind, words.label(kind))
        found.append(
            Row(
                "danger-phase",
                "Danger Phase",
                f"{label}: {'; '.join(bits)}" if bits else label,
                rule=danger.get("rule"),
            )
        )

    losses = mission.get("loss") or []
    if losses:
        items = [t for loss in losses if isinstance(loss, dict) for t in texts(loss.get("text"))[-1:]]
        rule = next((x.get("rule") for x in losses if isinstance(x, dict) and x.get("rule")), None)
        found.append(Row("loss", "Loss", items=list(dict.fromkeys(items)), rule=rule))
    win = mission.get("win") or {}
    if win:
        found.append(Row("win", "Victory", items=texts(win.get("text"))[-1:], rule=win.get("rule")))
    elif play.get("victory"):
        victory = play["victory"]
        found.append(
            Row("win", "Victory", words.words(victory.get("when", "")), rule=victory.get("rule"))
        )
    if ez:
        found.append(Row("ez-mode", "EZ-MODE", items=list(dict.fromkeys(ez))))
    introduces = [i for i in mission.get("introduces") or [] if isinstance(i, dict) and i.get("name")]
    if introduces:
        found.append(
            Row(
                "introduces",
                "New in this mission",
                links=[(str(i["name"]), str(i.get("rule") or "")) for i in introduces],
            )
        )
    nxt = mission.get("next") or {}
    if nxt.get("envelope"):
        value = str(nxt["envelope"]) + (f" (Mission {nxt['mission']})" if nxt.get("mission") else "")
        found.append(Row("next", "Next Mission", value, rule=nxt.get("rule")))
    return found + goal(scenario)

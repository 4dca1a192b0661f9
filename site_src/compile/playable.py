"""Which records of a game the rules engine offers as games, and with how many players: the scenarios it
plays (a scenario with a `play` block the engine does not play yet is not offered); Marvel United's
villain pages get a Play area for each villain in the engine's `playable()` (engine.scenarios), from
Commander Solo Mode (`commander_heroes`) to `dashboard_table_max_heroes` Heroes (game.yaml constants), or more
where the villain's Dashboard table gives Health for more (Knull: 6)."""

from __future__ import annotations

from ..model.content import Game

PLAYED_KINDS = ("villains",)  # record kinds a game's engine may offer as games (besides scenarios)


def playable_records(game: Game, kind: str) -> set[str]:
    """File stems of the `kind` records the engine offers (none when the engine does not know the game)."""
    if kind not in PLAYED_KINDS or kind not in game.kinds:
        return set()
    import engine  # noqa: PLC0415 - the site asks the engine only for games it plays

    records = {stem: record.data for stem, record in game.kinds[kind].items()}
    catalog = {"games": {game.id: {kind: records}}}
    prefix = f"{game.id}/"
    return {sid[len(prefix):] for sid in engine.scenarios(catalog) if sid.startswith(prefix)}


def playable_scenarios(game: Game) -> set[str]:
    """File stems of the scenarios the engine offers as games. A `play` block alone is not enough: POWERUP's
    engine offers a mission once it plays every rule of it (engine.powerup.READY)."""
    with_play = {stem: r.data for stem, r in game.scenarios.items() if isinstance(r.data.get("play"), dict)}
    if not with_play:
        return set()
    import engine  # noqa: PLC0415 - the site asks the engine only for games it plays

    catalog = {"games": {game.id: {"scenarios": with_play}}}
    prefix = f"{game.id}/"
    return {sid[len(prefix):] for sid in engine.scenarios(catalog) if sid.startswith(prefix)}


def scenario_options(game: Game, record: dict) -> list[dict]:
    """The setup questions a scenario page's form asks up front, as the game's engine gives them
    (GameSpec.form_options: POWERUP's "who plays the BUGMISTRESS?")."""
    import engine  # noqa: PLC0415 - the site asks the engine only for games it plays

    return engine.find(game.id).form_options(record)


def play_context(game: Game, record: dict) -> dict:
    """The play-area.html.j2 variables of a villain page."""
    constants = game.meta.get("constants") or {}
    solo = int(constants.get("commander_heroes", 1))
    rows = ((record.get("dashboard") or {}).get("player_count") or {}).get("rows", [])
    most = max([int(constants.get("dashboard_table_max_heroes", 4))]
               + [r["heroes"] for r in rows if r.get("value") is not None])  # Knull: 6
    return {
        "scenario_key": f"{game.id}/{record['id']}",
        "players_min": solo,
        "players_max": most,
        "title": str(record.get("name") or record["id"]),
        "players_word": "Heroes",
        "solo_label": "Commander Solo Mode",
        "solo_players": solo,
        "setup_options": villain_options(record, solo),
    }


def villain_options(record: dict, solo: int) -> list[dict]:
    """The setup questions a villain page's form asks up front (the engine's options `mode` and
    `challenge`, engine/mu/game.py OPTIONS), so no Hero is asked them mid-setup: the mode, which Commander
    Solo Mode does not ask (`skip_players`), and the Dashboard's optional Challenge where it has one."""
    options = [{
        "name": "mode",
        "label": "Mode",
        "skip_players": solo,
        "skip_note": "Commander Solo Mode is played as it is",
        "choices": [("standard", "Standard game"), ("super-villain", "Super Villain mode")],
    }]
    dashboard = record.get("dashboard") or {}
    challenge = (dashboard.get("play") or {}).get("challenge")
    if challenge:
        card = next((c for c in record.get("components") or [] if c.get("id") == challenge.get("card")), {})
        name = str(card.get("name") or "Challenge")
        options.append({"name": "challenge", "label": name,
                        "choices": [("no", f"Play without the {name}"), ("yes", f"Add the {name}")]})
    return options

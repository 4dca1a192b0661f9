"""Log entries: every event names the rule that caused it ("<game>/<rule id>"), so the page can link it."""


def event_maker(game_id: str, aliases: dict | None = None):
    """The `event(text, rule, kind="info", seat=None, **extra)` function of one game.

    `rule` is a rule id of that game (a glossary term, a rules-page anchor, a scenario section) or a key
    of `aliases` (short names a game's modules use for its anchors); the event says `"<game_id>/<id>"`."""
    aliases = aliases or {}

    def event(text: str, rule: str, kind: str = "info", seat=None, **extra) -> dict:
        out = {"text": text, "rule": f"{game_id}/{aliases.get(rule, rule)}", "kind": kind}
        if seat is not None:
            out["seat"] = seat
        out.update(extra)
        return out

    return event

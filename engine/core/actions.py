"""Building legal actions: a dict with a stable string `id`, a human `label`, the `seat` choosing and a
`kind` (what the page groups buttons by and the prompt line names), plus anything the page needs."""


def action(id: str, label: str, seat, kind: str, **extra) -> dict:
    out = {"id": id, "label": label, "seat": seat, "kind": kind}
    out.update(extra)
    return out


def suffix(action_id: str) -> str:
    """What follows the first ':' of an id ("mode:ez" -> "ez"): the value a setup option names."""
    return action_id.split(":", 1)[1] if ":" in action_id else action_id

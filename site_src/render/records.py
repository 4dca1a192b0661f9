"""Any record drawn as HTML from its data alone, so that a new kind of record appears on the site
without a template of its own: mappings become definition lists, uniform lists of mappings become
tables, other lists become numbered items, text is Markdown, provenance becomes a badge and its note.

Everything inserted is escaped (text goes through markdown_html.safe_markdown); the output is one raw HTML
block with no blank lines, as Python-Markdown requires inside generated Markdown.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from . import labels
from .markdown_html import block_html, inline_html

TITLE_KEYS = ("name", "title", "term", "heading")
# Kinds drawn by templates of their own (templates/card.html.j2 in galleries, scenario.md.j2, the board of
# a scenario for tiles); every other kind's records are drawn by this module (pages.Renderer.render_kind).
KINDS_WITH_TEMPLATES = frozenset({"cards", "scenarios", "tiles"})


def provenance_html(p: dict) -> str:
    """A record's provenance: its badge and note where it is adapted or uncertain, then its source,
    in the words of the page being written (labels.current)."""
    words = labels.current()
    status = str(p.get("status", ""))
    parts = [f'<div class="tome-prov tome-prov--{escape(status)}" data-search-exclude>']
    if status in ("adapted", "uncertain"):
        parts.append(f'<span class="tome-badge tome-badge--{status}" '
                     f'title="{escape(words[status + "_title"])}">{escape(words[status])}</span> ')
    if p.get("note"):
        parts.append(f'<span class="tome-prov__note">{escape(p["note"])}</span> ')
    parts.append(f'<span class="tome-prov__source">{escape(words["source"])} '
                 f'{escape(p.get("source", ""))}</span></div>')
    return "".join(parts)


def badge_html(p: dict | None) -> str:
    """The small inline badge of an adapted or uncertain record (listings, card boxes), its note as
    its title."""
    if not isinstance(p, dict) or p.get("status") not in ("adapted", "uncertain"):
        return ""
    status = p["status"]
    title = f' title="{escape(p["note"])}"' if p.get("note") else ""
    return f'<span class="tome-badge tome-badge--{status}"{title}>{escape(labels.current()[status])}</span>'


def _text(value: str) -> str:
    """A one-line phrase stays inline; text written on several lines keeps its paragraphs."""
    return str(block_html(value) if "\n" in value else inline_html(value))


def _scalar(value) -> str:
    if isinstance(value, bool):
        return labels.current()["yes" if value else "no"]
    if value is None:
        return "—"
    if isinstance(value, str):
        return _text(value)
    return str(escape(value))


def _is_scalar(value) -> bool:
    return not isinstance(value, (dict, list))


def _title(item: dict) -> str | None:
    for key in TITLE_KEYS:
        if isinstance(item.get(key), str):
            return item[key]
    return None


def _table(items: list[dict]) -> str:
    keys: list[str] = []
    for item in items:
        keys += [k for k in item if k not in keys and k not in ("provenance", "id") and k not in HIDDEN_KEYS]
    head = "".join(f"<th>{escape(labels.field_label(k))}</th>" for k in keys)
    rows = []
    for item in items:
        cells = "".join(f"<td>{_scalar(item[k]) if k in item else ''}</td>" for k in keys)
        rows.append(f"<tr>{cells}</tr>")
    body = "".join(rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


# Keys never printed as data: provenance has its own line; `play` tells the rules engine how to apply a
# text the page already prints (handler names and parameters), so it would only repeat it in code words -
# except the provenance of a ruling of ours inside it (an adapted entry time, a Health), shown as a note.
HIDDEN_KEYS = frozenset({"provenance", "play", "values", "params"})
# `values` and `params` are the numbers of a text for the engine ({stack_max: 4} beside "up to 4 of these"):
# the text says them. Keys that are a record's prose, drawn as its paragraphs without a label:
PROSE_KEYS = ("intro", "text")
UNTITLED_LISTS = ("items", "entries")  # a list record's entries are its page: no heading "Items" over them


def play_notes(value) -> list[str]:
    """The provenance lines of every object inside a `play` block that carries one."""
    found = []
    if isinstance(value, dict):
        if isinstance(value.get("provenance"), dict):
            found.append(provenance_html(value["provenance"]))
        for key, item in value.items():
            if key != "provenance":
                found += play_notes(item)
    elif isinstance(value, list):
        for item in value:
            found += play_notes(item)
    return found


def value_html(value, skip: frozenset = frozenset()) -> str:
    if isinstance(value, dict):
        return item_html(value) if not skip else mapping_html(value, skip)
    if isinstance(value, list):
        if not value:
            return "—"
        if all(_is_scalar(v) for v in value):
            if all(isinstance(v, (int, float)) or (isinstance(v, str) and len(v) < 40) for v in value):
                return ", ".join(_scalar(v) for v in value)
            return "<ul>" + "".join(f"<li>{_scalar(v)}</li>" for v in value) + "</ul>"
        if all(isinstance(v, dict) and all(_is_scalar(x) for k, x in v.items() if k != "provenance")
               and not any(isinstance(x, str) and len(x) > 60 for x in v.values())
               and "provenance" not in v for v in value):
            return _table(value)
        return '<ol class="tome-items">' + "".join(f"<li>{item_html(v)}</li>" for v in value) + "</ol>"
    return _scalar(value)


def item_html(item) -> str:
    if not isinstance(item, dict):
        return value_html(item)
    title = _title(item)
    head = ""
    number = item.get("number") if isinstance(item.get("number"), int) else None
    if title or number is not None:
        anchor = f' id="{escape(item["id"])}"' if isinstance(item.get("id"), str) else ""
        lead = f"{number}. " if number is not None else ""
        head = f'<p class="tome-item__title"{anchor}><strong>{escape(lead)}{_text(title or "")}</strong></p>'
    skip = frozenset(k for k in TITLE_KEYS if item.get(k) == title) | {"id"} | (
        {"number"} if number is not None else set())
    return head + mapping_html(item, skip)


def _engine_steps(value) -> bool:
    """A `steps` list for the engine (operations), not a reader's numbered steps (each with its text)."""
    return isinstance(value, list) and any(isinstance(v, dict) and "text" not in v for v in value)


def mapping_html(data: dict, skip: frozenset = frozenset()) -> str:
    rows, prose = [], []
    printed = {key[: -len("_printed")] for key in data if key.endswith("_printed") and key[:-8] in data}
    for key, value in data.items():
        if key in PROSE_KEYS and key not in skip and isinstance(value, (str, list)) and _is_text(value):
            prose.append(prose_html(value))
            continue
        if key in printed or (key == "steps" and _engine_steps(value)):
            continue  # the printed form is shown (`cost_printed` "1 AP" for `cost` 1); engine steps are not
        if key.endswith("_printed") and key[:-8] in printed:
            key = key[:-8]
        if key == "play" and key not in skip:
            notes = play_notes(value)
            if notes:  # the engine's reading of a text carries our own rulings: readers see those
                rows.append(f"<dt>{escape(labels.current()['play_notes'])}</dt><dd>{''.join(notes)}</dd>")
            continue
        if key in skip or key in HIDDEN_KEYS:
            continue
        rows.append(f"<dt>{escape(labels.field_label(key))}</dt><dd>{value_html(value)}</dd>")
    body = "".join(prose) + (f'<dl class="tome-data">{"".join(rows)}</dl>' if rows else "")
    if isinstance(data.get("provenance"), dict):
        body += provenance_html(data["provenance"])
    return body


def _is_text(value) -> bool:
    return isinstance(value, str) or all(isinstance(v, str) for v in value)


def prose_html(value) -> str:
    """Paragraphs of a record's own text (one string, or one per paragraph); nothing for anything else."""
    items = [value] if isinstance(value, str) else value if isinstance(value, list) else []
    return "".join(str(block_html(v)) for v in items if isinstance(v, str))


def rule_ref_html(link: dict | None) -> str:
    """ " (<a>Setup</a>)": where a rule says it, from a page's rule_link() answer; "" for no link."""
    return f' (<a href="{escape(link["href"])}">{escape(link["title"])}</a>)' if link else ""


def for_readers(value, rule_link, constants: dict):
    """A record's data as its page shows it, not as ids: a `rule` that names a rule of the game becomes a
    Markdown link to it, titled as the rule is (`rule_link(id)` -> {"href", "title"} or None), and a
    `constants` list of the game's constant names each name with its value (`draw_up_to` = 5)."""
    if isinstance(value, list):
        return [for_readers(v, rule_link, constants) for v in value]
    if not isinstance(value, dict):
        return value
    out = {}
    for key, item in value.items():
        link = rule_link(item) if key == "rule" and isinstance(item, str) else None
        if link:
            out[key] = f"[{link['title']}]({link['href']})"
        elif key == "constants" and isinstance(item, list) and all(c in constants for c in item):
            out[key] = [f"`{c}` = {constants[c]}" for c in item]
        else:
            out[key] = for_readers(item, rule_link, constants)
    return out


def record_sections(data: dict, skip=("id",)) -> list[tuple[str, str, Markup]]:
    """A record split for a page: ("", "", facts) for its plain fields first, then
    (key, label, html) for each field that holds a mapping or a list, in the record's order."""
    skip = frozenset(skip) | HIDDEN_KEYS

    def plain_field(key, value) -> bool:
        return _is_scalar(value) or (key in PROSE_KEYS and isinstance(value, list) and _is_text(value))

    plain = {k: v for k, v in data.items() if k not in skip and plain_field(k, v)}
    out = [("", "", _block(mapping_html(plain)))] if plain else []
    for key, value in data.items():
        if key in skip or plain_field(key, value) or (key == "steps" and _engine_steps(value)):
            continue
        title = "" if key in UNTITLED_LISTS else labels.field_label(key)  # the page's body: no heading
        out.append((str(key), title, _block(value_html(value))))
    return out


def _block(html: str) -> Markup:
    html = "\n".join(line for line in html.split("\n") if line.strip())
    return Markup(f'<div class="tome-record" markdown="0">{html}</div>')


def record_html(data: dict, skip=("id",)) -> Markup:
    """A whole record (or what is left of it after a template drew the known fields)."""
    return _block(mapping_html(data, frozenset(skip)))

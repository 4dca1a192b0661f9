"""Every built page reads like a reference, not like the YAML it was drawn from (issue 15, "Records read like
a reference, not like data"): no field keys shown as labels, no Python or JSON literals in prose, no label
with nothing after it.

What a reader sees is the text of each page's <article> outside code, scripts, styles and drawings. In it:

- literals: a coordinate list "[2, 2]", "{'timed_draft': True}", "[]", "{}", a snake_case word, a cell or
  definition that is only None / True / False / null;
- field keys: a label (definition term, table header, heading, bold lead-in) that is a record's field name
  turned into words ("Rows", "Params", "Cost printed"), for the structural keys listed in STRUCTURAL and for
  every key written with an underscore (a reader never names a thing "In threat deck");
- empty labels: a definition term with an empty definition, or a paragraph, list item or cell that is only
  "Label:" (or "Label: .").
"""

from __future__ import annotations

import re
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from web import REPO, SITE

from site_src.render import labels
from site_src.text import words

SKIP_TAGS = {"script", "style", "code", "pre", "svg", "kbd", "samp"}
BLOCKS = {"p", "li", "td", "th", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "figcaption", "caption",
          "summary", "div", "section", "article", "header", "footer", "tr", "table", "ul", "ol", "dl", "br",
          "option", "label"}
LABELS = {"dt", "th", "h2", "h3", "h4", "strong"}
LITERALS = [
    ("a coordinate list", re.compile(r"\[\s*-?\d+\s*,\s*-?\d+\s*\]")),
    ("a mapping literal", re.compile(r"\{\s*['\"]\w+['\"]\s*:")),
    ("an empty list or mapping", re.compile(r"(?<![\w\]])(\[\]|\{\})")),
    ("a list of quoted strings", re.compile(r"\[\s*'[^']*'\s*(,|\])")),
    ("a snake_case word", re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")),
]
BARE_VALUES = {"None", "True", "False", "null"}  # Python / JSON; a sheet's "none" is a reader's word
# Field names that say how the data is laid out, not what it is: shown as a label, they are the YAML.
STRUCTURAL = {
    "text", "intro", "kind", "label", "number", "order", "heading", "count", "values", "params",
    "rows", "back", "side", "value", "printed", "name", "items", "handler", "id", "when", "then", "what",
    "next", "from", "to", "where", "placed", "first", "changes", "trigger", "amount", "piece", "title",
    "left", "right", "villain", "placement", "icon", "entries", "data", "fields", "key",
}
EMPTY_LABEL = re.compile(r"^(\w+(?: \w+){0,2}:|[^:]{1,40}:\s*\.)$")  # "Victory:" or "Victory: ."
EMPTY_DOT = re.compile(r"^[^:]{1,40}:\s*\.$")  # "Victory: ."


def content_keys() -> set[str]:
    keys: set[str] = set()

    def walk(value):
        if isinstance(value, dict):
            for key, item in value.items():
                keys.add(str(key))
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    for path in (REPO / "content").rglob("*.yaml"):
        walk(yaml.safe_load(path.read_text(encoding="utf-8")))
    return keys


def raw_labels() -> dict[str, str]:
    """{label as a page would print it: the field key} for the keys no reader should meet as a label."""
    keys = content_keys()
    reviewed = labels.LABELS["en"]["fields"]  # the labels written for English pages
    return {words.label(k): k for k in keys if (k in STRUCTURAL or "_" in k) and k not in reviewed}


class Reading(HTMLParser):
    """The <article>'s text as blocks, and its labels with what follows them."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.skip = 0
        self.blocks: list[list[str]] = []  # [tag, text]
        self.stack: list[list[str]] = []
        self.labels: list[tuple[str, str]] = []
        self.pending_dt: str | None = None
        self.empty_dd: list[str] = []
        self.lang: str | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "html":
            self.lang = dict(attrs).get("lang")
        if tag == "article":
            self.depth += 1
        if not self.depth:
            return
        if tag in SKIP_TAGS:
            self.skip += 1
        if tag in BLOCKS or tag in LABELS:
            self.stack.append([tag, "", ""])  # tag, prose (no code), everything

    def handle_endtag(self, tag):
        if not self.depth:
            return
        if tag in SKIP_TAGS:
            self.skip = max(0, self.skip - 1)
        if (tag in BLOCKS or tag in LABELS) and self.stack and self.stack[-1][0] == tag:
            done = self.stack.pop()
            text = re.sub(r"\s+", " ", done[1]).strip()
            whole = re.sub(r"\s+", " ", done[2]).strip()
            if self.stack:
                self.stack[-1][1] += " " + done[1] + " "
                self.stack[-1][2] += " " + done[2] + " "
            self.blocks.append([tag, text, whole])
            if tag in LABELS and whole:
                self.labels.append((tag, whole.rstrip("¶").strip().rstrip(":").strip()))
            if tag == "dt":
                self.pending_dt = whole
            elif tag == "dd":
                if not whole.strip(" —-.") and self.pending_dt:
                    self.empty_dd.append(self.pending_dt)
                self.pending_dt = None
        if tag == "article":
            self.depth -= 1

    def handle_data(self, data):
        if self.depth and self.stack:
            if not self.skip:
                self.stack[-1][1] += data
            self.stack[-1][2] += data


def pages() -> list[Path]:
    return sorted(p for p in SITE.rglob("*.html") if "pyodide" not in p.parts and "engine" not in p.parts)


def sections() -> list[str]:
    """The site's top folders: one test per game (and the home and search pages) so failures say where."""
    return sorted({p.relative_to(SITE).parts[0] if len(p.relative_to(SITE).parts) > 1 else "(root)"
                   for p in pages()})


def problems_of(path: Path, raw: dict[str, str]) -> list[str]:
    reading = Reading()
    reading.feed(path.read_text(encoding="utf-8"))
    found = []
    for tag, text, whole in reading.blocks:
        if tag in ("td", "dd", "p", "li") and whole in BARE_VALUES:
            found.append(f"a bare {whole!r} in a <{tag}>")
        if tag in ("li", "td", "dd") and EMPTY_LABEL.match(whole) or tag == "p" and EMPTY_DOT.match(whole):
            found.append(f"an empty label {whole!r}")  # a paragraph "In this example:" leads into a list
        if tag in ("p", "li", "td", "dd", "dt", "th", "h1", "h2", "h3", "figcaption", "caption", "summary",
                   "option"):
            for name, pattern in LITERALS:
                match = pattern.search(text)
                if match:
                    found.append(f"{name} {match.group(0)!r} in “{text[:90]}”")
    for tag, text in reading.labels if reading.lang == "en" else []:  # the words of English pages
        if text in raw:
            found.append(f"the field key {raw[text]!r} shown as the label <{tag}>{text}</{tag}>")
    found += [f"the label {dt!r} with nothing after it" for dt in reading.empty_dd]
    return sorted(set(found))


@pytest.fixture(scope="module")
def raw() -> dict[str, str]:
    return raw_labels()


@pytest.mark.parametrize("section", sections())
def test_pages_show_no_field_keys_literals_or_empty_labels(section, raw):
    report: dict[str, list[str]] = defaultdict(list)
    scanned = 0
    for path in pages():
        rel = path.relative_to(SITE)
        if (rel.parts[0] if len(rel.parts) > 1 else "(root)") != section:
            continue
        scanned += 1
        for problem in problems_of(path, raw):
            report[problem].append(str(rel.parent))
    assert scanned, f"no page of {section}"
    lines = [f"{problem}: {len(where)} page(s), e.g. {where[0]}" for problem, where in sorted(report.items())]
    assert not lines, f"{len(lines)} kinds of raw data on {section} pages:\n" + "\n".join(lines[:60])


def test_the_scan_finds_what_it_looks_for(tmp_path, raw):
    """The scanner itself: each kind of raw data, in a page shaped like ours, is reported."""
    page = tmp_path / "index.html"
    page.write_text(
        "<html lang='en'><body><article class='md-content__inner'>"
        "<p>Crystal Shards: 4 at [2, 2], [3, 2]</p><p>set: {'timed_draft': True}</p>"
        "<dl><dt>Victory</dt><dd></dd><dt>Rows</dt><dd>5</dd></dl><p>Victory: .</p>"
        "<table><tr><td>None</td><td>give_action_token</td></tr></table>"
        "<pre>[1, 2] stays in code</pre>"
        "</article></body></html>", encoding="utf-8")
    found = "\n".join(problems_of(page, raw))
    for expected in ("a coordinate list '[2, 2]'", "a mapping literal \"{'timed_draft':\"",
                     "the label 'Victory' with nothing after it", "the field key 'rows'",
                     "an empty label 'Victory: .'", "a bare 'None'", "a snake_case word 'give_action_token'"):
        assert expected in found, (expected, found)
    assert "[1, 2]" not in found

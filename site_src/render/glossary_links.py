"""Glossary terms linked and explained on hover, per game, first use per section.

A pass over the generated Markdown of every page of a game (pages.Renderer.write runs it on
each page written under `<game>/`). In each section (the text under a `#` or
`##` heading, or an `<h1>`/`<h2>` in raw HTML) the first occurrence of each term of that
game's glossary, or of one of its aliases, becomes

    <a class="tome-term" href="../../glossary/#bomb" title="The Bomb is an objective ...">Bomb</a>

and later occurrences in the same section stay plain text. assets/tooltips.js shows the title in
mkdocs-material's tooltip on hover and keyboard focus.
Terms are scoped per game: a page of one game only links that game's glossary.

Nothing is changed inside front matter, fenced or indented code, code spans, headings,
Markdown links, images, reference definitions, attribute lists, HTML tags and their
attributes, HTML comments, entities, or inside elements where a link does not belong
(a, code, pre, headings and card headers, navigation, buttons, form fields, table and
list labels, captions) or that opt out with `data-search-exclude` / `data-tome-nolink`
(provenance lines, boards, the Play area). A term is not linked inside its own entry (a heading with its id).

The link is inline raw HTML, which Python-Markdown passes through in paragraphs, lists,
tables and raw HTML blocks alike; the title is plain text with every character that
Markdown could read as syntax written as a character reference.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from markupsafe import escape

from ..text.tooltips import tooltip  # the tooltip of a term: text/tooltips.py
from . import urls
from .memo import Memo, checksum
from .urls import relative_url

# A page's linked Markdown is a function of its Markdown, its URL, the game's terms as the Linker holds
# them (`Linker.signature`) and the code of this module and urls.py: remembered (render/memo.py).
_MEMO = Memo("glossary-links", [Path(__file__), Path(urls.__file__)], ["markupsafe"])

SKIP_ELEMENTS = frozenset(
    "a abbr button caption code dt figcaption h1 h2 h3 h4 h5 h6 header kbd label legend nav "
    "noscript option pre samp script select style summary svg textarea th title".split()
)
VOID_ELEMENTS = frozenset("area base br col embed hr img input link meta source track wbr".split())
OPT_OUT = re.compile(r"\sdata-(?:search-exclude|tome-nolink)\b")

# Every kind of token starts with one of these characters: the lookahead lets the scan skip the rest quickly
_TOKEN = re.compile(
    r"(?=[<`!\[{&\\])(?:"
    r"(?P<comment><!--.*?-->)"
    r"|(?P<auto><(?:https?|mailto|ftp):[^>\s]*>)"
    r"|(?P<tag></?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>)"
    r"|(?P<code>(?P<ticks>`+).+?(?P=ticks))"
    r"|(?P<link>!?\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\]))"
    r"|(?P<attr>\{\s*[:#.][^}]*\})"
    r"|(?P<entity>&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);)"
    r"|(?P<escape>\\.))",
    re.S,
)
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)")
_ID_ATTR = re.compile(r"""\sid=(?:"([^"]*)"|'([^']*)'|([^\s>]+))""")
_TERM_HREF = re.compile(r'href="[^"#]*#([^"]+)"')
_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$")
_HEADING_ID = re.compile(r"\{[^}]*#([^\s}]+)[^}]*\}\s*$")
_SKIP_LINE = re.compile(
    r"^\s{0,3}(?:\[[^\]]+\]:\s"  # reference definition
    r"|\*\[[^\]]+\]:"  # abbreviation definition
    r"|(?:!!!|\?\?\?\+?)\s"  # admonition or details directive
    r"|\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$"  # table delimiter row
    r"|\{\s*[:#.][^}]*\}\s*$)"  # block attribute list
)
_BLOCK_OPENER = re.compile(r"^\s{0,3}(?:[-*+]\s|\d+[.)]\s|!!!|\?\?\?)")
_TITLE_UNSAFE = re.compile(r"[^A-Za-z0-9 ,.;:'’()\-–—?!À-ɏ]")


@dataclass(frozen=True)
class Term:
    id: str
    term: str
    title: str  # the tooltip: one plain sentence


def _attr_text(text: str) -> str:
    """Plain text for a title attribute inside generated Markdown: HTML-escaped, and every
    character Markdown could read as syntax (`*_[]|\\#{}<>&"...) as a character reference."""
    return _TITLE_UNSAFE.sub(lambda m: f"&#{ord(m.group(0))};", text)


def _trie(names) -> str:
    """One regular expression for the names, as a trie: `Bomb|Bomb Tile|Boss` as `Bo(?:mb(?: Tile)?|ss)`.

    It finds what the alternation of the names, longest first, finds: every name that matches at a place
    lies on one path of the trie, which is tried longest first (a shorter name's end is an optional group
    after the longer ones). Python's `re` tries each alternative of an alternation in turn at every word;
    the trie reads each character once (the Marvel United pages: 0.69 CPU-s -> 0.23)."""
    trie: dict = {}
    for name in names:
        node = trie
        for char in name:
            node = node.setdefault(char, {})
        node[""] = {}

    def pattern(node: dict) -> str:
        branches = [re.escape(char) + pattern(child) for char, child in sorted(node.items()) if char]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if "" in node else body

    return pattern(trie)


@functools.lru_cache(maxsize=4096)
def _parse_tag(tag: str) -> tuple[bool, str, bool, str | None, int, str | None, bool]:
    """What _PageLinker.tag reads of an HTML tag: (closing, name, self-closing, the term id of a link made
    before, heading level or 0, heading id, opts out or skipped). Tags repeat a lot across pages."""
    match = _TAG.match(tag)
    closing, name = match.group(1) == "/", match.group(2).lower()
    self_closing = tag.endswith("/>") or name in VOID_ELEMENTS
    linked = None
    if name == "a" and 'class="tome-term"' in tag:
        found = _TERM_HREF.search(tag)
        linked = found.group(1) if found else None
    level, heading_id = 0, None
    if re.fullmatch(r"h[1-6]", name):
        level = int(name[1])
        found = _ID_ATTR.search(tag)
        heading_id = next((g for g in found.groups() if g), None) if found else None
    skip = name in SKIP_ELEMENTS or bool(OPT_OUT.search(tag))
    return closing, name, self_closing, linked, level, heading_id, skip


class Linker:
    """The glossary of one game, ready to link pages of that game."""

    def __init__(
        self,
        game_id: str,
        terms: list[dict],
        glossary_url: str | None = None,
        keep: tuple[str, ...] = (),
    ):
        """`keep`: phrases left alone wherever they occur (the game's own title, whose words
        may be terms: "Mechs vs. Minions")."""
        self.game_id = game_id
        self.glossary_url = glossary_url or f"{game_id}/glossary/"
        self.by_name: dict[str, Term | None] = {}
        for phrase in keep:
            if phrase and len(phrase) >= 2:
                self.by_name[" ".join(phrase.split())] = None
        # Top-level entries win a name shared with a sub-entry; otherwise the first in source order.
        ordered = sorted(
            (t for t in terms if isinstance(t, dict) and t.get("id") and t.get("term")),
            key=lambda t: bool(t.get("parent")),
        )
        for raw in ordered:
            term = Term(str(raw["id"]), str(raw["term"]), tooltip(raw))
            for name in [raw["term"], *(raw.get("aliases") or [])]:
                name = " ".join(str(name).split())
                if len(name) >= 2:
                    self.by_name.setdefault(name, term)
        self.pattern = re.compile(r"(?<!\w)" + _trie(self.by_name) + r"(?!\w)") if self.by_name else None
        self.signature = checksum(self.game_id, self.glossary_url, repr(sorted(self.by_name.items())))

    # ------------------------------------------------------------------ one page

    def link(self, markdown: str, url: str) -> str:
        """The page's Markdown with the first use of each term per section linked."""
        if self.pattern is None:
            return markdown
        key = checksum(self.signature, url, markdown)
        linked = _MEMO.get(key)
        if linked is None:
            linked = _PageLinker(self, url).run(markdown)
            _MEMO.put(key, linked)
        return linked


class _PageLinker:
    def __init__(self, linker: Linker, url: str):
        self.linker = linker
        self.url = url
        self.seen: set[str] = set()
        self.headings: dict[int, str] = {}  # level -> id of the current heading at that level
        self.skip_tag: str | None = None
        self.skip_depth = 0

    def href(self, term: Term) -> str:
        return relative_url(self.url, f"{self.linker.glossary_url}#{term.id}")

    def heading(self, level: int, heading_id: str | None) -> None:
        if level <= 2:
            self.seen = set()
        for deeper in [lvl for lvl in self.headings if lvl >= level]:
            del self.headings[deeper]
        if heading_id:
            self.headings[level] = heading_id

    def run(self, markdown: str) -> str:
        lines = markdown.split("\n")
        out: list[str] = []
        index = 0
        if lines and lines[0].strip() == "---":  # front matter
            for end in range(1, len(lines)):
                if lines[end].strip() == "---":
                    out.extend(lines[: end + 1])
                    index = end + 1
                    break
        fence: str | None = None
        previous_blank = True
        in_block = False  # inside a list item or admonition: indented lines are its text
        indented_code = False
        for line in lines[index:]:
            match = _FENCE.match(line)
            if fence is not None or match:
                if fence is None:
                    fence = match.group(1)[0] * len(match.group(1))
                elif match and match.group(1).startswith(fence):
                    fence = None
                out.append(line)
                previous_blank = False
                continue
            blank = not line.strip()
            indented = line.startswith(("    ", "\t"))
            if not blank and not indented:
                in_block = bool(_BLOCK_OPENER.match(line))
                indented_code = False
            elif indented and previous_blank and not in_block and self.skip_tag is None:
                indented_code = True
            previous_blank = blank
            if blank or indented_code or _SKIP_LINE.match(line):
                out.append(line)
                continue
            heading = _ATX.match(line) if self.skip_tag is None else None
            if heading and not line.startswith(("    ", "\t")):
                text = heading.group(2) or ""
                found = _HEADING_ID.search(text)
                self.heading(len(heading.group(1)), found.group(1) if found else None)
                out.append(line)
                continue
            out.append(self.line(line))
        return "\n".join(out)

    def line(self, line: str) -> str:
        parts: list[str] = []
        last = 0
        text = self.text
        for token in _TOKEN.finditer(line):
            start = token.start()
            if start > last:
                parts.append(text(line[last:start]))
            whole = token.group()
            parts.append(whole)
            if token.lastgroup == "tag":
                self.tag(whole)
            last = token.end()
        parts.append(text(line[last:]))
        return "".join(parts)

    def tag(self, tag: str) -> None:
        closing, name, self_closing, linked, level, heading_id, skip = _parse_tag(tag)
        if self.skip_tag is not None:
            if name == self.skip_tag and not self_closing:
                self.skip_depth += -1 if closing else 1
                if self.skip_depth == 0:
                    self.skip_tag = None
            return
        if closing or self_closing:
            return
        if linked is not None:  # linked before: that was the first use
            self.seen.add(linked)
        if level:
            self.heading(level, heading_id)
        if skip:
            self.skip_tag, self.skip_depth = name, 1

    def text(self, text: str) -> str:
        if not text or self.skip_tag is not None:
            return text
        own = set(self.headings.values())

        def replace(match: re.Match) -> str:
            term = self.linker.by_name[match.group(0)]
            if term is None or term.id in self.seen or term.id in own:
                return match.group(0)
            self.seen.add(term.id)
            return (
                f'<a class="tome-term" href="{escape(self.href(term))}" '
                f'title="{_attr_text(term.title)}">{match.group(0)}</a>'
            )

        return self.linker.pattern.sub(replace, text)


def linkers(content) -> dict[str, Linker]:
    """A Linker per game that has glossary terms."""
    return {
        game_id: Linker(game_id, game.terms, keep=(game.title, str(game.meta.get("short_title") or "")))
        for game_id, game in sorted(content.games.items())
        if game.terms
    }

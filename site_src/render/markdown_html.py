"""Markdown from content made safe, and rendered to HTML: the one Markdown renderer of the pages.

Content text stays Markdown, but any raw HTML in it is escaped (outside code) and script-like link
targets (`javascript:`, `vbscript:`, `data:`) are dropped, so nothing from content reaches a page raw.

    safe_markdown(text)    Markdown for a generated Markdown page (the `md` template filter)
    inline_markdown(text)  the same on one line, for headings and list items (`md_inline`)
    markdown_html(text)    HTML, for use inside raw HTML blocks (`md_html`)
    inline_html(text)      HTML of a short phrase: a single paragraph loses its <p>
    block_html(text)       HTML, stripped of surrounding blank lines
"""

from __future__ import annotations

import re
from pathlib import Path

import markdown as markdown_lib
from markupsafe import Markup

from .memo import Memo

_CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
_SCRIPT_URL = r"<?\s*(?:javascript|vbscript|data):"
_BAD_LINK = re.compile(
    r"\[([^\]]*)\]\(\s*" + _SCRIPT_URL + r"[^)]*\)", re.I
)  # [text](javascript:...)
_BAD_REF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*" + _SCRIPT_URL + r".*$", re.I | re.M)


def _escape_html_outside_code(line: str) -> str:
    parts, last = [], 0
    for match in _CODE_SPAN.finditer(line):
        parts.append(line[last : match.start()].replace("<", "&lt;"))
        parts.append(match.group(0))
        last = match.end()
    parts.append(line[last:].replace("<", "&lt;"))
    return "".join(parts)


def safe_markdown(text: object) -> str:
    """Markdown text with raw HTML escaped (outside code) and script links neutralised."""
    text = _BAD_REF.sub("", _BAD_LINK.sub(r"\1", str(text or "")))
    out, fence = [], None
    for line in text.split("\n"):
        match = _FENCE.match(line)
        if match and (fence is None or match.group(1).startswith(fence)):
            fence = match.group(1)[0] * len(match.group(1)) if fence is None else None
            out.append(line)
            continue
        out.append(line if fence else _escape_html_outside_code(line))
    return "\n".join(out)


def inline_markdown(text: object) -> str:
    """One-line Markdown (headings, list items): safe, on a single line."""
    return " ".join(safe_markdown(text).split())


_MARKDOWN: list = []  # one converter, reset between texts (building one per call is most of the cost)


# A build converts about 4 300 texts, 1 700 of them different (a card's text on its gallery, its own page,
# its villain's page...); the HTML is a function of the text alone (the converter is reset for each), of
# this module and of Python-Markdown's version: remembered (render/memo.py).
_MEMO = Memo("markdown-html", [Path(__file__)], ["markdown", "markupsafe"])


def markdown_html(text: object) -> Markup:
    """Markdown rendered to HTML, for use inside raw HTML blocks."""
    text = str(text or "")
    html = _MEMO.get(text)
    if html is None:
        if not _MARKDOWN:
            _MARKDOWN.append(markdown_lib.Markdown(extensions=["attr_list", "tables", "abbr"]))
        html = _MARKDOWN[0].reset().convert(safe_markdown(text))
        _MEMO.put(text, html)
    return Markup(html)


def block_html(text: object) -> Markup:
    """Markdown as HTML, without blank lines around it."""
    return Markup(str(markdown_html(str(text))).strip())


def inline_html(text: object) -> Markup:
    """A short Markdown phrase as inline HTML: a single paragraph without its <p>."""
    html = str(block_html(text))
    if html.startswith("<p>") and html.endswith("</p>") and html.count("<p>") == 1:
        html = html[3:-4]
    return Markup(html)

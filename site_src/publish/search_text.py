"""mkdocs hook: the words mkdocs-material's search indexes for a page, read as a reader reads the page.

The search plugin reads `page.content` in its `on_page_context` and keeps the text of each section by
concatenating the text of the HTML elements as they come: `<dt>Move</dt><dd>0</dd><dt>BAM!</dt>`
becomes "Move0BAM!", a placement diagram's labels and token letters become "LeftCLeft: 1 Civilian", a
drawing's labels run into the next sentence. Its result previews show that text.

So, just before the search plugin (event priority 50), `on_page_context` hands it a copy of the page
made for reading (`for_index`), and just after it (priority -50) puts the page's own HTML back: the page
a reader sees is unchanged, only the index reads differently:

- every block, cell, list item and component (`<span>` included) ends with a separator, so the text of
  two elements never runs together; a definition list reads "Label: value." (a `<dt>` ends with a colon,
  a `<dd>` with a full stop, unless they end with punctuation already);
- drawings are not read: `<svg>`, anything `aria-hidden="true"` (decorative: the page's screen-reader
  text says it in words), and a `<figure>` is read by its `<figcaption>` alone (the caption is the
  figure's sentence; the diagram's labels are not text);
- inline `<code>` outside `<pre>` is read as its words: the plugin keeps `<code>` as a block of its own,
  and mkdocs-material's preview joins the blocks that hold a match with nothing between them
  ("crystal-shardsDestroy all four" from two cells of a table);
- `data-search-exclude`, the plugin's own marker, is kept (the plugin skips those elements).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from mkdocs.plugins import CombinedEvent, event_priority

# Inline formatting inside a sentence: no separator after it ("<strong>Sonic Wave Blast:</strong> Move").
PHRASING = {"a", "abbr", "b", "bdi", "cite", "code", "em", "i", "kbd", "mark", "q", "s", "samp", "small",
            "strong", "sub", "sup", "time", "u", "var", "wbr"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
        "track", "wbr"}
SKIPPED = {"svg", "script", "style", "template"}  # never read (the plugin skips scripts and styles too)
END_MARK = {"dt": ":", "dd": ".", "tr": "."}  # what ends a label, a value, a table row
_PUNCTUATION = re.compile(r"[.:;,!?…)\]»”\"'’]\s*$")
# The search plugin's own removal of its attributes from the page (material/plugins/search/plugin.py).
_SEARCH_ATTRIBUTES = re.compile(r"\s?data-search-\w+=\"[^\"]+\"")


class _Reader(HTMLParser):
    """Re-emits the HTML with separators and without the parts a reader does not read as text."""

    def __init__(self):
        super().__init__(convert_charrefs=False)
        self.out: list[str] = []
        self.stack: list[tuple[str, bool]] = []  # (tag, this element is dropped)
        self.figures: list[int] = []  # depth of each open <figure>
        self.captions = 0  # open <figcaption>s

    def dropped(self) -> bool:
        return any(drop for _tag, drop in self.stack)

    def muted(self) -> bool:
        """Inside a figure but not in its caption: tags kept (headings, ids), words not."""
        return bool(self.figures) and not self.captions

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            if not self.dropped():
                self.out.append(self.get_starttag_text())
                if tag not in PHRASING:
                    self._space()
            return
        values = dict(attrs)
        drop = tag in SKIPPED or values.get("aria-hidden") == "true"
        self.stack.append((tag, drop))
        if tag == "figure":
            self.figures.append(len(self.stack))
        elif tag == "figcaption":
            self.captions += 1
        if not self.dropped():
            if tag not in PHRASING:
                self._space()
            if not self._unwrapped(tag):
                self.out.append(self.get_starttag_text())

    def handle_startendtag(self, tag, attrs):
        if not self.dropped() and tag not in SKIPPED:
            self.out.append(self.get_starttag_text())

    def handle_endtag(self, tag):
        if not any(t == tag for t, _drop in self.stack):
            return  # a stray end tag
        while self.stack:
            open_tag, _drop = self.stack[-1]
            visible = not self.dropped()
            self.stack.pop()
            if visible:
                self._close(open_tag)
            if open_tag == "figcaption":
                self.captions -= 1
            if self.figures and self.figures[-1] > len(self.stack):
                self.figures.pop()
            if open_tag == tag:
                break

    def _unwrapped(self, tag: str) -> bool:
        """Inline code: its words without its tags (module docstring)."""
        return tag == "code" and not any(t == "pre" for t, _drop in self.stack)

    def _space(self) -> None:
        """One separator, never at the start (text before the first heading would make the plugin
        open a section of its own) and never twice."""
        if self.out and not self.out[-1][-1:].isspace():
            self.out.append(" ")

    def _close(self, tag: str) -> None:
        mark = END_MARK.get(tag)
        if mark and not self.muted():
            while self.out and self.out[-1].isspace():
                self.out.pop()
            if self.out:
                self.out[-1] = self.out[-1].rstrip()
            plain = re.sub(r"<[^>]*>", "", "".join(self.out[-8:]))
            if plain.strip() and not _PUNCTUATION.search(plain):
                self.out.append(mark)
        if not self._unwrapped(tag):
            self.out.append(f"</{tag}>")
        if tag not in PHRASING:
            self._space()

    def handle_data(self, data):
        if not self.dropped() and not self.muted():
            self.out.append(data)

    def handle_entityref(self, name):
        self.handle_data(f"&{name};")

    def handle_charref(self, name):
        self.handle_data(f"&#{name};")


def for_index(html: str) -> str:
    """The page's HTML as the search index should read it (module docstring)."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return "".join(reader.out)


_ORIGINAL = "_tome_page_html"


@event_priority(50)
def _hand_over(context, page, config, nav):
    """Before the search plugin indexes the page: hand it the copy made for reading."""
    setattr(page, _ORIGINAL, page.content)
    page.content = for_index(page.content or "")
    return context


@event_priority(-50)
def _restore(context, page, config, nav):
    original = getattr(page, _ORIGINAL, None)
    if original is not None:
        page.content = _SEARCH_ATTRIBUTES.sub("", original)
        delattr(page, _ORIGINAL)
    return context


on_page_context = CombinedEvent(_hand_over, _restore)

"""What mkdocs-material's search index reads of a page (site_src/publish/search_text.py): the text of two
elements never runs together, drawings and a figure's diagram are not read, the page's sections stay
the same, and the page a reader gets is the page's own HTML. The last test scans the built index."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from types import SimpleNamespace

from material.plugins.search.plugin import Parser
from web import needs_built

from site_src.publish import search_text


def indexed(page_html: str) -> list[tuple[str, str | None, str]]:
    """The sections the search plugin makes of `page_html` after the hook: (title, id, text without tags)."""
    parser = Parser()
    parser.feed(search_text.for_index(page_html))
    parser.close()
    out = []
    for section in parser.data:
        text = re.sub(r"<[^>]+>", " ", "".join(section.text))
        out.append(("".join(section.title).strip(), section.id, " ".join(text.split())))
    return out


def text_of(page_html: str) -> str:
    return " ".join(t for _title, _id, t in indexed(page_html) if t)


def test_a_card_s_stats_and_effect_read_as_words():
    card = ('<h1 id="t">Klaw Master Plan 1</h1><p class="tome-card__stats"><span class="tome-stat">'
            '<span class="tome-stat__label">Move</span> <span class="tome-stat__value">0</span></span>'
            '<span class="tome-stat"><span class="tome-stat__value">BAM!</span></span></p>'
            '<div><strong>Sonic Wave Blast:</strong> Move each Hero 1 Location away from '
            '<a href="x">Klaw</a>\'s.</div>')
    assert text_of(card) == "Move 0 BAM! Sonic Wave Blast: Move each Hero 1 Location away from Klaw's."


def test_a_definition_list_reads_label_colon_value():
    glance = ("<h2 id='g'>At a glance</h2><dl><dt>Players</dt><dd>1–4</dd><dt>Setup</dt><dd>5 steps</dd>"
              "<dt>Crystal Shards</dt><dd>4 shards.</dd><dt>Goal?</dt><dd>Win!</dd></dl>")
    assert text_of(glance) == "Players: 1–4. Setup: 5 steps. Crystal Shards: 4 shards. Goal? Win!"


def test_a_figure_is_read_by_its_caption_and_drawings_not_at_all():
    figure = ('<p>Before.</p><figure aria-label="Tokens placed"><div class="row"><div><span>Left</span>'
              '<span aria-hidden="true">C</span><span class="tome-sr">Left: 1 Civilian</span></div>'
              '<div><span><span aria-hidden="true">▼</span> Villain</span><span>–</span></div></div>'
              "<figcaption>Place 1 Civilian in each Location beside Klaw's.</figcaption></figure>"
              '<svg viewBox="0 0 10 10"><text>a1</text><text>b2</text></svg><p>After.</p>')
    assert text_of(figure) == "Before. Place 1 Civilian in each Location beside Klaw's. After."


def test_inline_code_is_read_as_words_and_a_code_block_kept():
    """mkdocs-material's preview joins the blocks that match with nothing between them, and the plugin
    makes a block of every <code>: two cells' values ran together ("crystal-shardsDestroy")."""
    table = ("<table><tr><td><code>parent</code></td><td><code>crystal-shards</code></td></tr>"
             "<tr><td><code>objective</code></td><td>Destroy all four Crystal Shards!</td></tr></table>"
             "<pre><code>game:mvm</code></pre>")
    copy = search_text.for_index(table)
    assert "<code>parent</code>" not in copy and "<pre><code>game:mvm</code></pre>" in copy
    assert text_of(table) == "parent crystal-shards. objective Destroy all four Crystal Shards! game:mvm"


def test_sections_titles_and_ids_are_the_plugin_s_own():
    """The copy starts where the page starts (no text before the first heading, which would make the
    plugin open a section of its own and move the page's first section to an anchor)."""
    page = ('<h1 id="tome--title">Blaze<a class="headerlink" href="#tome--title">¶</a></h1>\n<div><p>Fire</p>'
            '</div><h2 id="tome--details">Details</h2><dl><dt>Text</dt><dd>Move forward.</dd></dl>'
            '<h2 id="tome--related">Related</h2><ul><li><a href="../">Deck</a></li></ul>')
    original = Parser()
    original.feed(page)
    original.close()
    ours = indexed(page)
    assert [(t, i) for t, i, _text in ours] == [
        ("".join(s.title).strip(), s.id) for s in original.data]
    assert ours[0][1] is None  # the page's own entry, not "#tome--title"
    assert ours[1] == ("Details", "tome--details", "Text: Move forward.")


def test_the_page_a_reader_gets_is_unchanged():
    page = SimpleNamespace(
        content='<h1 id="a">A</h1><dl><dt>x</dt><dd>1</dd></dl><p data-search-exclude="y">n</p>')
    original = page.content
    _hand_over, restore = search_text.on_page_context.methods
    _hand_over({}, page=page, config={}, nav=None)
    assert page.content != original  # what the search plugin reads (its on_page_context runs between)
    restore({}, page=page, config={}, nav=None)
    assert page.content == '<h1 id="a">A</h1><dl><dt>x</dt><dd>1</dd></dl><p>n</p>'  # as the plugin leaves it
    assert _hand_over.mkdocs_priority > 0 > restore.mkdocs_priority  # around the plugin's (priority 0)


class _TextNodes(HTMLParser):
    def __init__(self):
        super().__init__()
        self.nodes: list[str] = []

    def handle_data(self, data):
        self.nodes.append(data)


@needs_built("card-search")
def test_no_word_of_the_built_index_is_two_elements_run_together(built_site):
    """A word of the index with a lower-case letter or digit followed by a capital ("0BAM!",
    "LeftCLeft", "Setup5") must be a word of the page (BUGBUSTERs, 1AP): one text node holds it."""
    site, _manifest = built_site
    index = json.loads((site / "search/search_index.json").read_text(encoding="utf-8"))
    pages: dict[str, str] = {}
    glued = []
    for doc in index["docs"]:
        path = doc["location"].split("#")[0]
        text = html.unescape(re.sub(r"<[^>]+>", " ", doc["text"]))
        words = [w for w in text.split() if re.search(r"[a-z0-9][A-Z]", w)]
        if not words:
            continue
        if path not in pages:
            reader = _TextNodes()
            reader.feed((site / path / "index.html").read_text(encoding="utf-8"))
            pages[path] = "\x00".join(reader.nodes)
        glued += [f"{doc['location']}: {w}" for w in words
                  if w.strip(".,:;!?()[]\"'“”«»") not in pages[path]]
    assert glued == []

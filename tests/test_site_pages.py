"""The reference pages: glossary terms linked and explained on hover (first use per section, scoped
per game), the home page's counts and random-card link, each game's overview, each scenario's
"At a glance" panel drawn from its data, and the Spanish game's pages: a project of their own, in Spanish.

Most checks read the built site's HTML; the hover tooltip, the random card and the search of each
language's project are checked in Chromium (Playwright, Debian's /usr/bin/chromium)."""

from __future__ import annotations

import gzip
import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import real_content
from test_site_crawl import resolve
from web import Recorder, SiteServer

from site_src.compile.playable import playable_records, playable_scenarios
from site_src.publish import projects
from site_src.render import gallery, glossary_links, labels, search_index

REPO = Path(__file__).resolve().parent.parent
SKIPPING = {"h1", "h2", "h3", "h4", "h5", "h6", "code", "pre", "dt", "th", "button", "label", "summary"}


class Article(HTMLParser):
    """The <article> of a page: its term links by section, and where each one sits."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.html_lang = None
        self.article_lang = "absent"
        self.depth = 0  # inside <article> when > 0
        self.section = 0
        self.section_ids: list[str | None] = [None]
        self.links: list[dict] = []  # {"href", "title", "section", "inside", "text"}
        self.text_by_section: list[list[str]] = [[]]
        self.stack: list[str] = []
        self._link: dict | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.html_lang = attrs.get("lang")
        if tag == "article" and "md-content__inner" in (attrs.get("class") or ""):
            self.depth = 1
            self.article_lang = attrs.get("lang", "absent")
            return
        if not self.depth:
            return
        if tag in ("h1", "h2"):
            self.section += 1
            self.section_ids.append(attrs.get("id"))
            self.text_by_section.append([])
        if tag == "a" and "tome-term" in (attrs.get("class") or "").split():
            self._link = {
                "href": attrs.get("href", ""),
                "title": attrs.get("title", ""),
                "section": self.section,
                "inside": [t for t in self.stack if t in SKIPPING or t == "a"],
                "text": "",
            }
            self.links.append(self._link)
        if tag not in ("br", "img", "input", "hr", "meta", "link", "source", "wbr"):
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.depth:
            return
        if tag == "article" and "article" not in self.stack:
            self.depth = 0
            return
        if tag == "a":
            self._link = None
        while self.stack:
            if self.stack.pop() == tag:
                break

    def handle_data(self, data):
        if not self.depth:
            return
        if self._link is not None:
            self._link["text"] += data
        if not any(t in SKIPPING or t == "a" for t in self.stack):
            self.text_by_section[self.section].append(data)


def read(path: Path) -> Article:
    article = Article()
    article.feed(path.read_text(encoding="utf-8"))
    return article


@pytest.fixture(scope="module")
def content():
    return real_content.content()


@pytest.fixture(scope="module")
def site(built_site):
    return built_site[0].resolve()


def game_pages(site: Path, game_id: str) -> list[Path]:
    return sorted((site / game_id).rglob("index.html"))


# ---------------------------------------------------------------------------- the linker itself


TERMS = [
    {"id": "bomb", "term": "The Bomb", "aliases": ["Bomb"], "summary": 'A <b>"bomb"</b> | *x* [y](z) `c`'},
    {"id": "mechs", "term": "Mechs", "aliases": ["Mech"], "summary": "Suits."},
    {"id": "draft", "term": "Draft", "summary": "Pick cards."},
    {"id": "double-draft", "term": "Double Draft", "parent": "draft", "summary": "Twice."},
]


def test_linker_links_the_first_use_per_section_only():
    linker = glossary_links.Linker("g", TERMS, keep=("Mechs vs. Minions",))
    md = "\n".join(
        [
            "---",
            "title: Bomb",
            "---",
            "",
            "Intro: the Bomb and a Mech, then the Bomb again.",
            "",
            "## The Bomb {#bomb}",
            "",
            "Bomb here is its own entry; a Mech is not.",
            "",
            "## Other {#other}",
            "",
            "Mechs vs. Minions is the title. A Double Draft, a Draft, a Mech.",
        ]
    )
    out = linker.link(md, "g/rules/x/")
    assert out.startswith("---\ntitle: Bomb\n---\n")  # front matter untouched
    assert out.count('href="../../glossary/#bomb"') == 1  # intro only: not in its own entry
    assert out.count('href="../../glossary/#mechs"') == 3  # once per section (not in the title)
    assert "Mechs vs. Minions is" in out
    assert 'href="../../glossary/#double-draft"' in out and 'href="../../glossary/#draft"' in out
    assert "## The Bomb {#bomb}" in out  # headings untouched
    # Linking again changes nothing: a link already there is the first use.
    assert linker.link(out, "g/rules/x/") == out


def test_linker_leaves_code_links_html_and_opt_outs_alone():
    linker = glossary_links.Linker("g", TERMS)
    md = "\n".join(
        [
            '`Bomb` [Bomb](x.md) <span title="Bomb">x</span> {: #Bomb } ![Bomb](i.png)',
            "",
            "```",
            "Bomb",
            "```",
            "",
            "Para.",
            "",
            "    Bomb indented code",
            "",
            '<div class="tome-prov" data-search-exclude>Bomb</div>',
            "<table><tr><th>Bomb</th><td><code>Bomb</code></td></tr></table>",
            "[Bomb]: https://example.invalid",
            '!!! note "Bomb"',
        ]
    )
    assert linker.link(md, "g/") == md


def test_linker_title_is_inert_plain_text():
    linker = glossary_links.Linker("g", TERMS)
    out = linker.link("| a | Bomb |\n|---|---|\n| Bomb | b |", "g/glossary/")
    link = re.search(r'<a class="tome-term" href="([^"]*)" title="([^"]*)">Bomb</a>', out)
    assert link and link.group(1) == "#bomb"  # on the glossary page itself: the anchor only
    title = link.group(2)
    for raw in '<>"|*[]`':
        assert raw not in title, raw
    assert out.count("tome-term") == 1
    # plain text as the page shows it: a tag typed in content stays (escaped), Markdown marks go
    assert html.unescape(title) == glossary_links.tooltip(TERMS[0]) == 'A <b>"bomb"</b> | x y c'


def test_scenario_md_items_in_lists_and_tables_are_linked():
    linker = glossary_links.Linker("g", TERMS)
    md = "- Move the Bomb.\n\n1. item\n\n    The Mechs stay.\n\n| x | Draft |\n|---|---|"
    out = linker.link(md, "g/scenarios/s/")
    assert out.count("tome-term") == 3


# ---------------------------------------------------------------------------- on the built site


def test_terms_are_linked_on_every_kind_of_page_of_their_game(site, content):
    for game in content.games.values():
        if not game.terms:
            continue
        ids = {t["id"] for t in game.terms}
        kinds_with_links: dict[str, int] = {}
        for path in game_pages(site, game.id):
            kind = path.relative_to(site / game.id).parts[0] if path.parent != site / game.id else "overview"
            article = read(path)
            for link in article.links:
                target, fragment = resolve(site, path, link["href"])
                # Scoped: every term link goes to this game's glossary, to one of its terms.
                assert target == site / game.id / "glossary" / "index.html", (path, link)
                assert fragment in ids, (path, link)
                assert link["title"].strip(), (path, link)
            if article.links:
                kinds_with_links[kind] = kinds_with_links.get(kind, 0) + 1
        expected = {"overview", "glossary", "rules"} | ({"scenarios"} if game.scenarios else set())
        assert expected <= set(kinds_with_links), (game.id, kinds_with_links)
        # Record and card pages too (every folder besides rules/glossary/scenarios).
        assert set(kinds_with_links) - expected - {"data-quality"}, (game.id, kinds_with_links)


def test_first_use_per_section_only_and_never_in_headings_code_or_links(site, content):
    repeated_but_linked_once = 0
    for game in content.games.values():
        if not game.terms:
            continue
        names = {}
        for t in game.terms:
            for name in [t["term"], *(t.get("aliases") or [])]:
                names.setdefault(name, t["id"])
        for path in game_pages(site, game.id):
            article = read(path)
            per_section: dict[tuple[int, str], int] = {}
            for link in article.links:
                assert not link["inside"], f"{path}: term link inside {link['inside']}"
                key = (link["section"], link["href"].split("#")[-1])
                per_section[key] = per_section.get(key, 0) + 1
                # Not inside the term's own glossary entry.
                own = article.section_ids[link["section"]]
                assert own != key[1], f"{path}: {key[1]} linked inside its own entry"
            twice = {k: n for k, n in per_section.items() if n > 1}
            assert not twice, f"{path}: linked more than once in a section: {twice}"
            for (section, term_id), _n in per_section.items():
                text = " ".join(article.text_by_section[section])
                spoken = [n for n, i in names.items() if i == term_id]
                if any(len(re.findall(rf"(?<!\w){re.escape(n)}(?!\w)", text)) for n in spoken):
                    repeated_but_linked_once += 1
    assert repeated_but_linked_once > 50, "later uses in a section should stay plain text"


@pytest.fixture(scope="module")
def served(site):
    with SiteServer(site) as server:
        yield server.url


@pytest.fixture
def page(chromium):
    context = chromium.new_context(viewport={"width": 1100, "height": 900})
    recorder = Recorder(context)
    try:
        yield recorder.watch(context.new_page()), recorder
    finally:
        context.close()


SCHEME_AT_FIRST_PAINT_JS = """document.addEventListener('DOMContentLoaded', () => {
  window.__ttFirstScheme = document.body.getAttribute('data-md-color-scheme');
});"""


def palette_state(tab) -> dict:
    return tab.evaluate("""() => ({
      scheme: document.body.getAttribute('data-md-color-scheme'),
      labels: [...document.querySelectorAll('[data-tt-palette] label')].filter((l) => !l.hidden)
        .map((l) => document.getElementById(l.htmlFor).getAttribute('data-md-color-scheme')),
      stored: JSON.parse(localStorage.getItem('/.__palette')),
    })""")


@pytest.mark.browser
@pytest.mark.parametrize("system", ["light", "dark"])
def test_the_palette_toggle_follows_the_system_until_the_reader_chooses(chromium, served, system):
    """overrides/partials/javascripts/palette.html: the scheme the system prefers is the one the page is
    parsed in (not the light one first), nothing is written until the reader chooses; the header's toggle
    (one label, for the scheme it switches to) switches and is remembered over a reload; Enter on it switches
    back; while the reader has not chosen, a change of the system's preference is followed."""
    context = chromium.new_context(viewport={"width": 1100, "height": 900}, color_scheme=system)
    recorder = Recorder(context)
    context.add_init_script(SCHEME_AT_FIRST_PAINT_JS)
    other = {"light": "dark", "dark": "light"}[system]
    scheme = {"light": "default", "dark": "slate"}
    words = {"light": "slate", "dark": "default"}  # the toggle shown switches to
    try:
        tab = recorder.watch(context.new_page())
        tab.goto(served + "mechs-vs-minions/rules/how-to-play/")
        assert tab.evaluate("window.__ttFirstScheme") == scheme[system]
        assert palette_state(tab) == {"scheme": scheme[system], "labels": [words[system]], "stored": None}
        tab.emulate_media(color_scheme=other)  # the system changes: followed, still nothing stored
        tab.wait_for_function("(s) => document.body.getAttribute('data-md-color-scheme') === s",
                              arg=scheme[other])
        tab.emulate_media(color_scheme=system)
        tab.wait_for_function("(s) => document.body.getAttribute('data-md-color-scheme') === s",
                              arg=scheme[system])
        tab.locator("[data-tt-palette] label:not([hidden])").click()
        state = palette_state(tab)
        assert (state["scheme"], state["labels"]) == (scheme[other], [words[other]])
        assert state["stored"]["color"]["scheme"] == scheme[other]
        tab.reload()
        assert tab.evaluate("window.__ttFirstScheme") == scheme[other]
        tab.emulate_media(color_scheme=other)  # chosen: the system no longer decides
        tab.emulate_media(color_scheme=system)
        assert palette_state(tab)["scheme"] == scheme[other]
        tab.locator("[data-tt-palette] input:checked").focus()
        tab.keyboard.press("Enter")
        state = palette_state(tab)
        assert (state["scheme"], state["labels"]) == (scheme[system], [words[system]])
        assert state["stored"]["color"]["scheme"] == scheme[system]
        recorder.assert_clean()
    finally:
        context.close()


def test_a_glossary_has_its_index_of_terms_and_no_table_of_contents(site):
    """The glossary's A–Z index of terms is its table of contents: the theme's list of the page's 97
    headings, twice over (sidebar and drawer), is not written (publish/mkdocs_hooks.py: `hide: [toc]`)."""
    text = (site / "mechs-vs-minions" / "glossary" / "index.html").read_text(encoding="utf-8")
    assert 'class="tome-term-index"' in text
    assert 'data-md-component="toc"' not in text
    assert text.count('<h2 id="') > 60
    rules = (site / "mechs-vs-minions" / "rules" / "how-to-play" / "index.html").read_text(encoding="utf-8")
    assert rules.count('data-md-component="toc"') == 2  # other pages keep theirs


@pytest.mark.browser
def test_a_glossary_tooltip_appears_on_hover(page, served, content):
    tab, recorder = page
    game = content.games["mechs-vs-minions"]
    summaries = {t["id"]: glossary_links.tooltip(t) for t in game.terms}
    for url in ("mechs-vs-minions/rules/how-to-play/", "mechs-vs-minions/scenarios/mission-01/"):
        tab.goto(served + url)
        link = tab.locator("article p a.tome-term").first
        term_id = link.get_attribute("href").split("#")[1]
        link.scroll_into_view_if_needed()
        link.hover()
        tooltip = tab.locator(".md-tooltip2[role=tooltip]").filter(has_text=summaries[term_id][:40])
        tooltip.first.wait_for(state="visible", timeout=10_000)
        assert summaries[term_id] in tooltip.first.inner_text().replace("\n", " ")
        # The tooltip sits next to the term, and goes away when the pointer leaves.
        box, tip = link.bounding_box(), tooltip.first.bounding_box()
        assert abs((tip["y"] + tip["height"] / 2) - (box["y"] + box["height"] / 2)) < 200
        tab.mouse.move(5, 5)
        tooltip.first.wait_for(state="hidden", timeout=10_000)
        # Clicking the term opens its entry.
        link.click()
        tab.wait_for_url(re.compile(rf".*/mechs-vs-minions/glossary/#{term_id}$"))
        assert tab.locator(f"[id='{term_id}']").count() == 1
    recorder.assert_clean()


@pytest.mark.browser
def test_a_glossary_tooltip_appears_on_keyboard_focus_and_escape_dismisses_it(page, served, content):
    """WCAG 1.4.13: content shown on focus is dismissible without moving focus. While it shows, the term is
    described by the tooltip (not by a title the browser would show a second time); after, its title is
    back (assets/tooltips.js)."""
    tab, recorder = page
    game = content.games["mechs-vs-minions"]
    summaries = {t["id"]: glossary_links.tooltip(t) for t in game.terms}
    tab.goto(served + "mechs-vs-minions/rules/how-to-play/")
    link = tab.locator("article p a.tome-term").first
    term_id = link.get_attribute("href").split("#")[1]
    title = link.get_attribute("title")
    link.focus()
    tooltip = tab.locator(".md-tooltip2[role=tooltip]")
    tooltip.wait_for(state="visible", timeout=10_000)
    assert tooltip.inner_text().replace("\n", " ") == summaries[term_id] == title
    assert link.get_attribute("title") is None
    assert link.get_attribute("aria-describedby") == tooltip.get_attribute("id")
    tab.keyboard.press("Escape")
    tooltip.wait_for(state="detached", timeout=10_000)
    assert link.get_attribute("title") == title and link.get_attribute("aria-describedby") is None
    assert link.evaluate("e => e === document.activeElement")  # Escape left the focus where it was
    recorder.assert_clean()


# ---------------------------------------------------------------------------- language
# A game in another language than the site's is an mkdocs project of its own (publish/projects.py).

# The theme's words on every page, as mkdocs-material's translations say them (partials/languages/).
THEME_WORDS = {
    "en": {"placeholder": "Search", "toc": "Table of contents", "previous": "Previous", "next": "Next"},
    "es": {"placeholder": "Búsqueda", "toc": "Tabla de contenidos", "previous": "Anterior",
           "next": "Siguiente"},
}
# Words of the site's English that a page in another language must not show, in its text or its title,
# aria-label, placeholder and alt attributes (text in <code> is what a query types, `game:tcg`): the
# theme's, ours (render/labels.py, assets/labels.js), and a few of the commonest English words. None is a
# card's name (the cards of the Spanish game are named in Spanish; `Set`, the source's phase, is not here).
ENGLISH_CHROME = ("Table of contents", "Search", "Previous", "Next", "Made with", "Permanent link",
                  "Switch to", "Back to top", "Skip to content", "Overview", "Rules", "Source:",
                  "adapted", "uncertain", "Not found", "Edit", "Card search", "Search syntax", "Query",
                  "Glossary", "Gallery", "Galleries", "Players", "Play", "Seed", "random", "Random card",
                  "Initializing", "Clear", "Copy", "Share", "Undo", "Choices", "Index of terms", "See also",
                  "Also written", "Details", "Data quality", "matches", "records", "Header", "Navigation",
                  "Footer", "Home", "Filter", "Level", "Cost", "Element", "Type", "Attack", "Defense",
                  "Scenarios", "Phases", "Deck", "Decks", "Examples", "Fields", "Games", "Results", "Try",
                  "the", "and", "of", "with", "page", "this")


class Chrome(HTMLParser):
    """What a reader sees of a page: its text (outside scripts and styles), the words of its
    title, aria-label, placeholder and alt attributes, <html lang>, <title>, the search box's placeholder,
    the header's site name, and every link's href with its text; `prose`: the text outside <code> too."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.prose: list[str] = []
        self._code = 0
        self.lang = self.title = self.placeholder = self.site_name = None
        self.links: list[tuple[str, str, str]] = []  # (href, class, text)
        self._skip = 0
        self._in_title = False
        self._link: list | None = None
        self._topic = 0

    def handle_starttag(self, tag, attrs):
        attrs = {k: v or "" for k, v in attrs}
        if tag == "html":
            self.lang = attrs.get("lang")
        if tag in ("script", "style"):
            self._skip += 1
        if tag == "code":
            self._code += 1
        if tag == "title":
            self._in_title = True
        if attrs.get("data-md-component") == "search-query":
            self.placeholder = attrs.get("placeholder")
        if "md-header__topic" in attrs.get("class", "") and self.site_name is None:
            self._topic = 1
        for name in ("title", "aria-label", "placeholder", "alt"):
            if attrs.get(name):
                self.texts.append(attrs[name])
                self.prose.append(attrs[name])
        if tag == "a":
            self._link = [attrs.get("href", ""), attrs.get("class", ""), ""]
            self.links.append(self._link)

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._skip -= 1
        if tag == "code":
            self._code -= 1
        if tag == "title":
            self._in_title = False
        if tag == "a" and self._link is not None:
            self._link[2] = " ".join(self._link[2].split())
            self._link = None

    def handle_data(self, data):
        if self._skip:
            return
        if self._in_title:
            self.title = data.strip()
        if self._topic and data.strip():
            self.site_name, self._topic = data.strip(), 0
        self.texts.append(data)
        if not self._code:
            self.prose.append(data)
        if self._link is not None:
            self._link[2] += data

    def english(self) -> list[str]:
        text = " ".join(self.prose)
        return [word for word in ENGLISH_CHROME if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)]


def chrome(path: Path) -> Chrome:
    page = Chrome()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def other_language_games(content):
    games = [g for g in content.games.values() if g.primary_language != "en"]
    assert games, "content/ has no game in another language than the site's"
    return games


def test_a_game_in_another_language_reads_in_it_everywhere(site, content):
    """Every page of the Spanish game, its own Card search, Search syntax and 404 pages included:
    <html lang="es">, the theme's words in Spanish (search box, table of contents, previous/next), none
    of the site's English words on it, and the section's title (header, <title>) is the game's
    site_title; its overview keeps the title with its note."""
    for game in other_language_games(content):
        words = THEME_WORDS[game.primary_language]
        pages = [*game_pages(site, game.id), site / game.id / "404.html"]
        assert len(pages) > 5
        own = {path.parent.name for path in pages}
        assert {labels.LABELS[game.primary_language]["cs_slug"],
                labels.LABELS[game.primary_language]["sh_slug"]} <= own
        for path in pages:
            page = chrome(path)
            assert page.lang == game.primary_language, path
            assert page.placeholder == words["placeholder"], path
            assert page.english() == [], (path, page.english())
            assert page.title.endswith(f" - {game.site_title}") or page.title == game.site_title, page.title
            assert page.site_name == game.site_title, (path, page.site_name)
        rules = chrome(site / game.id / "rules" / game.sorted_rules()[0].id / "index.html")
        assert words["toc"] in rules.texts
        assert {words["previous"], words["next"]} <= {text.strip() for text in rules.texts}
        assert game.site_title != game.title
        overview = (site / game.id / "index.html").read_text(encoding="utf-8")
        assert f">{html.escape(game.title, quote=False)}<" in overview  # the note that it has no title


def test_the_english_pages_keep_the_english_theme(site, content):
    for game in content.games.values():
        if game.primary_language != "en":
            continue
        for path in game_pages(site, game.id)[:40]:
            page = chrome(path)
            assert page.lang == "en" and page.placeholder == THEME_WORDS["en"]["placeholder"], path
            assert page.site_name == "Tabletome — rules you can play", path
    rules = chrome(site / "mechs-vs-minions" / "rules" / "how-to-play" / "index.html")
    assert THEME_WORDS["en"]["toc"] in rules.texts
    home = chrome(site / "index.html")
    assert home.lang == "en"
    assert 'lang="es"' in (site / "index.html").read_text(encoding="utf-8")  # the Spanish game's card


def test_the_two_projects_link_both_ways(site, content):
    """The English nav's entry for the game leads to its overview; the game's nav starts with
    "Tabletome", the site's home, where its header's logo leads too."""
    for game in other_language_games(content):
        page = site / "mechs-vs-minions" / "index.html"
        entry = [(href, text) for href, cls, text in chrome(page).links
                 if "md-nav__link" in cls and text == game.site_title]
        assert entry and all(resolve(site, page, href)[0] == site / game.id / "index.html"
                             for href, _ in entry)
        # its label is in the game's language, and says so (publish/mkdocs_hooks.py)
        link = f'<a href="../{game.id}/" class="md-nav__link" lang="{game.primary_language}" '
        assert link + f'hreflang="{game.primary_language}">' in page.read_text(encoding="utf-8")
        page = site / game.id / "rules" / game.sorted_rules()[0].id / "index.html"
        spanish = chrome(page)
        home = [href for href, cls, text in spanish.links if "md-nav__link" in cls and text == "Tabletome"]
        assert home and all(resolve(site, page, href)[0] == site / "index.html" for href in home)
        logos = [href for href, cls, _ in spanish.links if "md-logo" in cls]
        assert logos and all(resolve(site, page, href)[0] == site / "index.html" for href in logos)


def test_one_search_index_and_one_runtime_serve_both_projects(site, content):
    """The game's project adds its pages to the site's one search index (stemmed in both languages)
    and loads the theme, our scripts and the runtime from the site root: no copy under its folder."""
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    locations = [doc["location"] for doc in index["docs"]]
    for game in other_language_games(content):
        assert game.primary_language in index["config"]["lang"] and "en" in index["config"]["lang"]
        assert f"{game.id}/" in locations and f"{game.id}/glossary/" in locations
        assert "mechs-vs-minions/" in locations
        assert len(locations) == len(set(locations))
        for folder in ("assets", "search", "engine", "pyodide"):
            assert not (site / game.id / folder).exists(), folder
        assert not (site / game.id / "sitemap.xml").exists()
        # the site's one sitemap lists both projects' pages
        sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
        listed = set(re.findall(r"<loc>[a-z]+://[^/]+/([^<]*)</loc>", sitemap))
        for path in [*game_pages(site, game.id), *game_pages(site, "mechs-vs-minions")]:
            assert f"{path.parent.relative_to(site).as_posix()}/" in listed, path
        assert gzip.decompress((site / "sitemap.xml.gz").read_bytes()).decode("utf-8") == sitemap
        text = (site / game.id / "index.html").read_text(encoding="utf-8")
        assert '<script src="../assets/labels.js">' in text and '"base": ".."' in text


def test_a_missing_page_gets_its_sections_404_page(site, content):
    """The local server (publish/serve.py) answers a missing page under a game in another language with
    that game's 404 page, in its language, and any other with the site's."""
    import urllib.error
    import urllib.request

    game = other_language_games(content)[0]
    with SiteServer(site) as server:
        for path, lang in ((f"{game.id}/no-such-page/", game.primary_language), ("no-such-page/", "en")):
            with pytest.raises(urllib.error.HTTPError) as error:
                urllib.request.urlopen(server.url + path, timeout=10)
            assert error.value.code == 404
            page = Chrome()
            page.feed(error.value.read().decode("utf-8"))
            assert page.lang == lang, path
            if lang != "en":
                assert page.english() == [], page.english()


def test_each_game_in_another_language_is_planned_as_a_project(tmp_path, content):
    docs = tmp_path / "docs"
    (docs / "assets").mkdir(parents=True)
    (docs / "index.md").write_text("# Home\n", encoding="utf-8")
    for game_id in content.games:
        (docs / game_id).mkdir()
    sections = {g.id: {g.site_title: [f"{g.id}/index.md"]} for g in content.games.values()}
    nav = [{"Home": "index.md"}, *sections.values()]
    main, *others = projects.plan(content, nav, sections, docs, tmp_path / "site", tmp_path / "scratch")
    separate = other_language_games(content)
    assert main.game is None and main.language == "en" and main.site_dir == tmp_path / "site"
    assert main.exclude == [f"/{g.id}/" for g in separate]
    assert [p.game for p in others] == separate
    for project in others:
        gid = project.game.id
        assert {g: sections[g] in main.nav for g in content.games} == {
            g: g not in {s.id for s in separate} for g in content.games}
        assert {project.game.site_title: f"{gid}/index.md"} in main.nav
        assert project.nav == [{"Tabletome": "index.md"}, sections[gid]]
        assert f"/{gid}/" not in project.exclude and {"/index.md", "/assets/"} <= set(project.exclude)
        assert project.language == project.game.primary_language


def test_a_project_that_writes_outside_its_folder_is_refused(tmp_path, content):
    game = other_language_games(content)[0]
    staging, built = tmp_path / "site", tmp_path / "scratch"
    for folder in (staging / "search", built / "search", built / game.id, built / "assets"):
        folder.mkdir(parents=True)
    index = {"config": {"lang": ["en", game.primary_language]}, "docs": [{"location": ""}]}
    for site in (staging, built):
        (site / projects.SEARCH_INDEX).write_text(json.dumps(index), encoding="utf-8")
    (built / game.id / "index.html").write_text("<p>x</p>", encoding="utf-8")
    url = "<url><loc>http://127.0.0.1:8000/{}</loc></url>\n"
    for site, page in ((staging, "index/"), (built, f"{game.id}/")):
        (site / "sitemap.xml").write_text(f"<urlset>\n{url.format(page)}</urlset>", encoding="utf-8")
    (built / "assets" / "copy.js").write_text("", encoding="utf-8")
    project = projects.Project(game.primary_language, built, [], [], game)
    with pytest.raises(projects.ProjectError, match="outside"):
        projects.merge(project, staging)
    (built / "assets" / "copy.js").unlink()
    assert projects.merge(project, staging) == 0  # its index names no page of its folder
    sitemap = (staging / "sitemap.xml").read_text(encoding="utf-8")  # its pages join the site's sitemap
    assert sitemap == f"<urlset>\n{url.format('index/')}{url.format(game.id + '/')}</urlset>"
    assert (staging / game.id / "index.html").is_file() and not built.exists()


def test_every_language_has_every_page_word():
    def words(language: str) -> set[str]:  # the words; the sub-tables (kinds, fields, ...) may differ
        return {key for key, value in labels.LABELS[language].items() if isinstance(value, str)}

    for language in labels.LABELS:
        assert words(language) == words("en"), language


def full_text_results(tab, words: str) -> list[str]:
    """Type words into the page's search box; the links of mkdocs-material's full-text results."""
    tab.click('[data-md-component="search-query"]')
    tab.locator('[data-md-component="search-query"]').type(words, delay=20)
    tab.wait_for_function("() => document.querySelectorAll('.md-search-result__item').length > 0")
    return tab.eval_on_selector_all(".md-search-result__link", "els => els.map(e => e.href)")


@pytest.mark.browser
def test_each_project_searches_the_whole_site_in_its_own_words(page, served, content, site):
    """On a Spanish page the search box finds the Spanish pages and speaks Spanish, field filters
    included; the English home's search finds the same Spanish pages; our scripts' word tables have
    the same keys in every language."""
    tab, recorder = page
    game = other_language_games(content)[0]
    term = game.terms[0]["term"]
    tab.goto(served + f"{game.id}/rules/{game.sorted_rules()[0].id}/")
    assert tab.evaluate("document.documentElement.lang") == game.primary_language
    box = tab.locator('[data-md-component="search-query"]')
    assert box.get_attribute("placeholder") == THEME_WORDS[game.primary_language]["placeholder"]
    hrefs = full_text_results(tab, term)
    assert any(f"/{game.id}/" in href for href in hrefs), hrefs
    assert "documento" in tab.locator(".md-search-result__meta").inner_text()
    entries = json.loads((site / "assets/data/search-index.json").read_text(encoding="utf-8"))
    alias = game.meta.get("short_title") or game.id
    expected = len(search_index.Matcher(entries).search(f'game:"{alias}" kind:term')[0])
    assert expected == len(game.terms)
    box.fill("")
    box.type(f'game:"{alias}" kind:term', delay=20)
    tab.wait_for_function("() => (document.querySelector('.tt-fs__count') || {}).textContent")
    assert tab.locator(".tt-fs__count").inner_text() == f"{expected} resultados"
    assert tab.locator(".tt-fs__all").inner_text() == "Abrir en la búsqueda de cartas ›"
    # a query's warning in the page's words, and Enter's page: the Card search in the page's language
    box.type(" foo:bar", delay=20)
    tab.wait_for_function("() => document.querySelector('.tt-fs__warning')")
    assert tab.locator(".tt-fs__warning").inner_text() == "Campo desconocido «foo» en foo:bar: se ignora."
    own = labels.LABELS[game.primary_language]
    assert f"/{game.id}/{own['cs_slug']}/?query=" in tab.locator(".tt-fs__all").get_attribute("href")
    assert tab.locator(".tt-fs__help").get_attribute("href").endswith(f"/{game.id}/{own['sh_slug']}/")
    keys = tab.evaluate("() => Object.values(window.tomeLabels).map(t => Object.keys(t).sort().join())")
    assert len(set(keys)) == 1, "assets/labels.js: a language lacks a key the others have"
    tab.goto(served)
    hrefs = full_text_results(tab, term)
    assert any(f"/{game.id}/" in href for href in hrefs), hrefs
    assert "matching document" in tab.locator(".md-search-result__meta").inner_text()
    # a Spanish result opens in the Spanish theme
    tab.locator(f".md-search-result__link[href*='/{game.id}/']").first.click()
    tab.wait_for_function(f"() => document.documentElement.lang === {game.primary_language!r}")
    assert tab.locator('[data-md-component="search-query"]').get_attribute("placeholder") == (
        THEME_WORDS[game.primary_language]["placeholder"])
    recorder.assert_clean()


# ---------------------------------------------------------------------------- home


def expected_cards(content) -> dict[str, list[str]]:
    found = {g: [] for g in content.games}
    for gal in gallery.galleries(content):
        found[gal.game] += [item.url for item in gal.items]
    return found


def test_home_shows_every_game_with_its_counts(site, content):
    page = (site / "index.html").read_text(encoding="utf-8")
    cards = expected_cards(content)
    for game in content.games.values():
        counts = game.counts()
        sections = sum(1 for page in game.rules for h in page.headings if h.level == 2)
        tag = re.search(rf'<p[^>]*data-game="{game.id}"[^>]*>(.*?)</p>', page, re.S)
        assert tag, game.id
        attrs = dict(re.findall(r'(data-[a-z-]+)="([^"]*)"', tag.group(0)))
        assert attrs["data-rules-sections"] == str(sections)
        assert attrs["data-cards"] == str(len(set(cards[game.id])))
        assert attrs["data-scenarios"] == str(counts["scenarios"])
        played = playable_records(game, "villains")  # Marvel United's villains are its games
        offered = len(playable_scenarios(game))  # what the engine plays, not every scenario with a play block
        assert attrs["data-playable"] == str(offered + len(played))
        text = " ".join(tag.group(1).split())
        assert f"in {sections} section" in text and f"{len(set(cards[game.id]))} card" in text
        playable = f"({offered + len(played)} playable{' villains' if played else ''})"
        assert f"{counts['scenarios']} scenario" in text and playable in text


def test_home_random_card_link_points_at_card_pages(site, content):
    page = (site / "index.html").read_text(encoding="utf-8")
    link = re.search(r'<a class="md-button tome-random" href="([^"]+)" data-tome-random="([^"]+)"', page)
    assert link, "no random-card link on the home page"
    urls = link.group(2).split()
    every = [u for found in expected_cards(content).values() for u in found]
    assert sorted(urls) == sorted(dict.fromkeys(every))
    assert link.group(1) in urls
    for url in urls:
        target, _ = resolve(site, site / "index.html", url)
        assert target.is_file(), url


@pytest.mark.browser
def test_random_card_opens_a_card_and_picks_again(page, served, site):
    tab, recorder = page
    tab.goto(served)
    link = tab.locator("a.tome-random").first
    urls = link.get_attribute("data-tome-random").split()
    seen = set()
    for _ in range(4):
        tab.reload()
        seen.add(tab.locator("a.tome-random").first.get_attribute("href"))
    assert len(seen) > 1, "the random-card link always shows the same card"
    before = link.get_attribute("href")
    assert before in urls
    link.click()
    tab.wait_for_load_state()
    assert urlsplit(tab.url).path == urlsplit(served + before).path
    assert tab.locator("article h1").count() == 1
    recorder.assert_clean()


# ---------------------------------------------------------------------------- overview


def test_overview_lists_what_is_playable_rules_glossary_galleries_and_scenarios(site, content):
    galleries = gallery.galleries(content)
    for game in content.games.values():
        page = (site / game.id / "index.html").read_text(encoding="utf-8")
        offered = playable_scenarios(game)
        playable = [s for s in game.sorted_scenarios() if s.file.stem in offered]
        section = re.search(r'id="tome--playable".*?(?=<h2)', page, re.S).group(0)
        if playable:
            for record in playable:
                assert f'href="scenarios/{record.file.stem}/#tome--play"' in section
                assert f'href="scenarios/{record.file.stem}/"' in section
                title = record.data["title"]
                assert title in section or html.escape(title).replace("&#x27;", "&#39;") in section, title
        played = sorted(playable_records(game, "villains"))
        for stem in played:  # a villain the engine plays is listed with its Play button
            assert f'href="villains/{stem}/#tome--play"' in section, stem
        if not playable and not played:
            assert "tome-playable" not in section
        # Rules pages in the source's order, each with its sections.
        rules = re.search(r'id="tome--rules".*?(?=<h2)', page, re.S).group(0)
        order = [m for m in re.findall(r'href="rules/([^/"#]+)/"', rules)]
        assert list(dict.fromkeys(order)) == [p.id for p in game.sorted_rules()]
        for rules_page in game.sorted_rules():
            for heading in (h for h in rules_page.headings if h.level == 2):
                assert f'href="rules/{rules_page.id}/#{heading.id}"' in rules
        if game.terms:
            assert 'href="glossary/"' in page
        for gal in (g for g in galleries if g.game == game.id):
            assert f'href="{gal.url.removeprefix(game.id + "/")}"' in page, gal.url
        for scenario in game.scenarios:
            assert f'href="scenarios/{scenario}/"' in page
        for kind in set(game.kinds) - {"cards", "scenarios", "tiles"}:
            assert f'href="{kind}/"' in page, kind


# ---------------------------------------------------------------------------- scenarios


def glance(site: Path, game: str, scenario: str) -> dict[str, str]:
    page = (site / game / "scenarios" / scenario / "index.html").read_text(encoding="utf-8")
    rows = re.findall(r'<div class="tome-glance__row" data-glance="([^"]+)">(.*?)</div>', page, re.S)

    def text(body: str) -> str:
        body = re.sub(r"<(?!/?a\b)[^>]+>", " ", body)  # blocks and spans apart, term links inline
        return " ".join(html.unescape(re.sub(r"</?a\b[^>]*>", "", body)).split())

    return {key: text(body) for key, body in rows}


def test_mission_1_at_a_glance(site):
    rows = glance(site, "mechs-vs-minions", "mission-01")
    assert "Bomb health: starts at 5 · EZ-MODE: 7" in rows["doom-tracker"]
    assert "Set Up the Bomb" in rows["doom-tracker"]  # where the source says it
    assert "KA-BOOM! You lose." in rows["loss"]
    assert "Once the Bomb is secured" in rows["win"]
    assert "start the Bomb at 7 health instead" in rows["ez-mode"]
    assert "Double Draft" in rows["draft"]
    assert "move 1 space toward the Bomb" in rows["minion-phase"]
    assert "Bomb leaves the School" in rows["escalations"]
    assert rows["players"] == "Players 1–4"


def test_every_mission_glance_comes_from_its_data(site, content):
    game = content.games["mechs-vs-minions"]
    for record in game.sorted_scenarios():
        rows = glance(site, game.id, record.file.stem)
        mission = record.data.get("mission")
        if not mission:
            assert "win" in rows and "players" in rows, record.file.stem  # the Tutorial: from `play`
            continue
        doom = mission.get("doom_tracker")
        if doom:
            assert f"starts at {doom['start']}" in rows["doom-tracker"], record.file.stem
            if "ez_mode" in doom:
                assert f"EZ-MODE: {doom['ez_mode']}" in rows["doom-tracker"], record.file.stem
        for loss in mission.get("loss", []):
            assert " ".join(loss["text"][-1].split()) in rows["loss"], record.file.stem
        assert " ".join(mission["win"]["text"][-1].split()) in rows["win"], record.file.stem
        if "danger_phase" in mission:
            assert "danger-phase" in rows, record.file.stem


def test_powerup_scenarios_at_a_glance(site, content):
    game = content.games["powerup"]
    rows = glance(site, "powerup", "save-the-vips")
    assert "4 per player" in rows["initial-coins"]
    assert "8 turn sequences" in rows["time-limit"]
    for rule in game.scenarios["save-the-vips"].data["special_rules"]:
        assert rule in rows["special-rules"]
    for record in game.sorted_scenarios():
        rows = glance(site, "powerup", record.file.stem)
        for goal in record.data.get("goals", []):
            assert " ".join(goal.split()) in rows["goal"], record.file.stem
        for step in record.data.get("preparation", []):
            assert " ".join(step.split()) in rows["preparation"], record.file.stem
        if "initial_coins" in record.data:
            assert f"{record.data['initial_coins']['per_player']} per player" in rows["initial-coins"]


# ---------------------------------------------------------------------------- POWERUP sheets


def article_text(path: Path) -> tuple[str, str]:
    """(the page's <article> HTML, its text with the tags removed and entities decoded)."""
    page = path.read_text(encoding="utf-8")
    start = page.index('<article class="md-content__inner')
    body = page[start : page.rindex("</article>")]
    return body, html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))


RAW_FIELDS = ("spawn_cost", "activation_cost", "opens_fire", "reaction_bonus", "ammo_bonus", "destroyed_when",
              "build-turret", "glitch-speed", "{'white'", "white: ")


def test_powerup_sheets_read_as_the_printed_sheets(site):
    body, text = article_text(site / "powerup/bugs/bugmistress/index.html")
    # the BUG sheet anatomy's words, both levels, the abilities named and linked to their list
    for words in ("BUG sheet: initial state (level 1)", "VERY ANGRY mode (level 2)", "SPAWN cost",
                  "Melee combat 2 white dice + 1 yellow die", "Range attack none", "Coins left behind",
                  "1 white die + 2 yellow dice, up to 6 squares away", "opens fire at once"):
        assert words in text, words
    assert 'href="../../lists/bug-abilities/#regenerate-1">REGENERATE 1</a>' in body
    _, text = article_text(site / "powerup/bugs/brasas/index.html")
    assert "up to 3 squares away, fire damage" in text and "Protected from fire weapons" in text

    body, text = article_text(site / "powerup/bugbusters/tor/index.html")
    for words in ("Character sheet", "EPIC side", "Nana, his beloved axe", "Bonus reaction points +1",
                  "Reaction points 2 (also the maximum)", "None of them is ever destroyed."):
        assert words in text, words
    assert 'href="../../special-actions/double-to-yellow-die/">2x to yellow die</a>' in body

    _, text = article_text(site / "powerup/professions/engineer/index.html")
    assert "Machine-gun turret" in text and "leave 3 of your ammunition counters" in text

    _, text = article_text(site / "powerup/tables/continue-card/index.html")
    assert "CONTINUEs already used Coins 0 3 1 5" in text and "6 or more 15" in text
    _, text = article_text(site / "powerup/lists/dice-faces/index.html")
    assert "Face White die Yellow die Skull 4 1" in text
    _, text = article_text(site / "powerup/stores/powerup-store/index.html")
    assert "ammunition 1 coin for 3" in text

    for page in ("bugs/bugmistress", "bugbusters/tor", "professions/engineer", "tables/continue-card",
                 "lists/dice-faces", "stores/powerup-store"):
        _, text = article_text(site / f"powerup/{page}/index.html")
        assert not [raw for raw in RAW_FIELDS if raw in text], page


# ---------------------------------------------------------------------------- POWERUP cards


def card_page_text(site: Path, game: str, item: str) -> str:
    """The visible words of a card's page: its card drawn large, its provenance, its Details."""
    page = (site / game / "cards" / item / "index.html").read_text(encoding="utf-8")
    article = page[page.index("<article"):page.rindex("</article>")]
    article = re.sub(r"<(script|style)\b.*?</\1>", " ", article, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", article)).split())


# what the cards' data says in its own words; a reader should see none of these
RAW = ("destroyed_when", "auto_spawn", "display_name", "out-of-ammo", "melee-lost", "single-use",
       "yellow-die", "gain-points", "spawn-only", "add-die", "epic-letter", "{'", "None")


def test_powerup_cards_read_as_cards(site, content):
    game = content.games["powerup"]
    bugs = {stem: r.data["name"] for stem, r in game.records("bugs").items()}
    decks = {deck: game.decks[deck].data["cards"] for deck in ("pow-cards", "bug-cards", "equipment")}
    for deck, cards in decks.items():
        for card in cards:
            words = card_page_text(site, "powerup", card["id"])
            assert [raw for raw in RAW if raw in words] == [], card["id"]
            assert "adapted" in words, card["id"]  # every card of these decks has something of ours
            if deck == "pow-cards":
                letter = "any (wild)" if card["letter"] == "wild" else card["letter"]
                assert f"Letter {letter}" in words, card["id"]
            if deck == "bug-cards":
                assert f"SPAWN {card['spawn']}" in words, card["id"]
                released = bugs[card["auto_spawn"]]
                assert f"Automatic SPAWN: {released} (solo or AI games)" in words, card["id"]
            if deck == "equipment":
                assert f"Cost {card['cost']}" in words, card["id"]
                if card["category"] != "armor":
                    assert f"Speed {card.get('speed', 1)}" in words, card["id"]
    # one of each, in full: the printed card's parts as words
    shotgun = card_page_text(site, "powerup", "shotgun")
    assert "Shotgun ×2 Distance weapon Cost 3 Speed 1" in shotgun
    assert "+1 white die, +1 yellow die · range 2 · piercing damage" in shotgun
    assert "PUSH 2: With a successful attack, it pushes the target 2 more squares." in shotgun
    assert "Destroyed when its bearer runs out of ammunition." in shotgun
    grenade = card_page_text(site, "powerup", "frag-grenade")
    assert "Grenade Cost 2" in grenade and "range: the hits of a yellow die" in grenade
    assert "Blast: the square it reaches and the four beside it" in grenade
    assert "+3 armor" in card_page_text(site, "powerup", "power-armor")
    unnamed = card_page_text(site, "powerup", "unnamed-draw-two")
    assert unnamed.startswith("(unnamed: draws two POW! cards)") and "Letter I" in unnamed
    assert "Cost 1 reaction point" in unnamed
    gas = card_page_text(site, "powerup", "explosive-gas")
    assert "Event SPAWN 4 No one can use distance attacks until the next turn begins." in gas


def test_powerup_mission_pages_draw_each_board_with_its_pieces(site, content):
    # Each layout is drawn as a side view: one SVG per layout (render/board_svg.py), a square per cell, every
    # piece marked (tests/test_scenario_boards.py checks where each piece stands)
    game = content.games["powerup"]
    offered = playable_scenarios(game)
    for record in game.sorted_scenarios():
        play = record.data.get("play")
        if not play:
            continue
        stem = record.file.stem
        page = (site / "powerup" / "scenarios" / stem / "index.html").read_text(encoding="utf-8")
        boards = re.findall(r'<svg class="tome-bd tome-bd--side".*?</svg>', page, re.S)
        assert len(boards) == len(play["layouts"]), stem
        for board, layout in zip(boards, play["layouts"], strict=True):
            width = max(t["at"][0] for t in layout["tiles"]) + 3
            height = max(t["at"][1] for t in layout["tiles"]) + 3
            assert board.count('<rect class="tome-bd-sq ') == width * height, stem
            assert board.count("tome-bd-piece--start") == len(layout.get("start", [])), stem
            powerups = layout.get("powerups", [])  # a Deathmatch's teams place theirs
            ons = sum(1 for p in powerups if p["on"])
            assert board.count("tome-bd-piece--powerup-on") == ons, stem
            assert board.count("tome-bd-piece--powerup-off") == len(powerups) - ons, stem
            assert board.count("tome-bd-piece--burp") == len(layout.get("burps", [])), stem
            for npc in layout.get("npcs", []):
                name = game.records("npcs")[npc["npc"]].data["name"]
                assert f"{name}, facing {npc['facing']}" in board, stem
        legend = re.search(r'id="tome--legend".*?</ul>', page, re.S).group(0)
        for bug in {b["bug"] for layout in play["layouts"] for b in layout.get("bugs", [])}:
            assert game.records("bugs")[bug].data["name"] in legend, stem
        assert "How we play it" in page
        # a mission the engine does not offer yet has no Play area and no Playable badge
        assert ('id="tome--play"' in page) == (stem in offered), stem
        assert ("tome-badge--playable" in page) == (stem in offered), stem


def test_every_word_our_scripts_say_is_in_labels_js():
    """Our scripts write words through `say(key)` (assets/labels.js), and the Play worker, which has no
    page, names its loading stages (`progress("stage")`) and failures (`fail(..., "key")`) for the page
    to word: each key they use is in labels.js, whose languages have the same keys (above)."""
    assets = REPO / "site_src" / "assets"
    table = (assets / "labels.js").read_text(encoding="utf-8")
    english = table[table.index("en: {") : table.index("es: {")]
    keys = set(re.findall(r"^\s+(\w+):", english, re.M))
    used = set()
    for path in assets.rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'\bsay\("(\w+)"', text))
        used |= {f"play_stage_{stage}" for stage in re.findall(r'\bprogress\("(\w+)"', text)}
        used |= set(re.findall(r'\bfail\([^;]*?"(play_\w+)"\)', text))
    assert len(used) > 40
    assert {key for key in used if key not in keys and f"{key}_one" not in keys} == set()

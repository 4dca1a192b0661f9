"""Search in Chromium (Playwright, Debian's /usr/bin/chromium) against the built site on 127.0.0.1.

mkdocs-material's full-text search finds a card by name and opens its own page; a query with a
field filter shows the compiled index's matches and their count in the same box; Enter hands
it to the Card search page, whose URL keeps the query; warnings show; data is drawn as text;
the page reads at 375 px in dark mode; nothing is fetched from another host. Plain words: the record a
query names comes first, near misses below what lunr finds, previews read as sentences; field filters
show the gallery's card; the Spanish game's pages do the same in Spanish; the full-text index is fetched
only once the reader starts to search.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from web import Recorder, needs_built

TIMEOUT_MS = 20_000

pytestmark = [pytest.mark.browser, needs_built("card-search")]


@pytest.fixture
def page(chromium):
    context = chromium.new_context(viewport={"width": 1100, "height": 900})
    watch = Recorder(context)
    tab = watch.watch(context.new_page())
    tab.set_default_timeout(TIMEOUT_MS)
    try:
        yield tab, watch
    finally:
        context.close()


@pytest.fixture(scope="module")
def home(chromium, site_url):
    """One tab on the home page for the tests that only type queries into its search box: the page and its
    search index load once for all of them (shown_results clears the box before each query)."""
    context = chromium.new_context(viewport={"width": 1100, "height": 900})
    watch = Recorder(context)
    tab = watch.watch(context.new_page())
    tab.set_default_timeout(TIMEOUT_MS)
    tab.goto(site_url)
    try:
        yield tab, watch
    finally:
        context.close()


def open_search(tab, site_url, path=""):
    tab.goto(site_url + path)
    tab.click(".md-search__input")
    return tab.locator(".md-search__input")


def panel_names(tab) -> list[str]:
    return [n.strip() for n in tab.locator(".tt-fs .tt-fs__name").evaluate_all(
        "(els) => els.map((e) => e.firstChild.textContent)")]


def page_names(tab) -> list[str]:
    return tab.locator(".tt-cs__results .tt-cs__name").all_inner_texts()


# ------------------------------------------------------------------ full text (lunr)


def test_search_a_card_by_name_and_open_its_page(page, site_url):
    tab, watch = page
    box = open_search(tab, site_url)
    box.type("Flamespitter", delay=30)
    # lunr finds it; the card it names is shown above lunr's list (names.js), lunr's copy hidden
    lunr = tab.locator(".md-search-result__list a.md-search-result__link[href*='cards/flamespitter/']")
    lunr.first.wait_for(state="attached")
    link = tab.locator(".tt-named a.tt-fs__link[href$='cards/flamespitter/']")
    link.first.wait_for()
    assert not tab.locator(".md-search-result[data-tt-fs]").count()  # plain words stay with lunr
    link.first.click()
    tab.wait_for_url("**/mechs-vs-minions/cards/flamespitter/**")
    assert urlsplit(tab.url).path.endswith("/mechs-vs-minions/cards/flamespitter/")
    assert "Flamespitter" in tab.locator("article h1").first.inner_text()
    watch.assert_clean()


def test_the_full_text_index_waits_for_the_reader_to_search(page, site_url):
    """assets/search/lazy-index.js: a page loads without the theme's full-text index (about 900 kB, half a
    page's CPU time) and its search worker, which come when the reader starts to search, from the "/" key
    here; a link with a search in it (`?q=`) fetches them at once and shows the results. A page without a
    Play area or a deck builder does not fetch their code either (publish/assets.py)."""
    tab, watch = page
    tab.goto(site_url + "mechs-vs-minions/rules/how-to-play/")
    tab.wait_for_load_state("networkidle")
    index = [u for u in watch.requests if urlsplit(u).path.endswith("/search/search_index.json")]
    assert index == [], "the full-text index was fetched before the reader searched"
    workers = [u for u in watch.requests if "/assets/javascripts/workers/search." in u]
    assert workers == [], "the theme's search worker started before the reader searched"
    code = [u for u in watch.requests if re.search(r"/assets/chunks/(shell|deck-builder)-", u)]
    assert code == [], "a rules page fetched the Play area's or the deck builder's code"
    tab.keyboard.press("/")
    tab.keyboard.type("Flamespitter", delay=30)
    tab.locator(".md-search-result__list a[href*='cards/flamespitter/']").first.wait_for(state="attached")
    index = [u for u in watch.requests if urlsplit(u).path.endswith("/search/search_index.json")]
    assert len(set(index)) == 1, index  # (the Recorder hears both the page and its context)
    assert [u for u in watch.requests if "/assets/javascripts/workers/search." in u]
    tab.goto(site_url + "?q=Blaze")
    tab.locator(".md-search-result__list a[href*='cards/blaze/']").first.wait_for(state="attached")
    watch.assert_clean()


# ------------------------------------------------------------------ field filters in the box


def test_field_filter_in_the_search_box(page, site_url):
    tab, watch = page
    box = open_search(tab, site_url)
    box.type("game:mvm element:fire", delay=20)
    tab.wait_for_function(
        "() => (document.querySelector('.tt-fs__count') || {}).textContent === '5 matches'")
    # the fire Command Cards, then the Boss's fire cards
    assert panel_names(tab) == ["Blaze", "Flamespitter", "Fuel Tank", "Scorch", "Flame Jet"]
    assert tab.locator(".md-search-result[data-tt-fs]").count() == 1
    assert not tab.locator(".md-search-result > .md-search-result__list").is_visible()
    # arrow keys walk the results; a click opens the record's page
    box.press("ArrowDown")
    assert tab.evaluate("document.activeElement.classList.contains('tt-fs__link')")
    assert "Blaze" in tab.evaluate("document.activeElement.textContent")
    tab.locator(".tt-fs__link", has_text="Flamespitter").click()
    tab.wait_for_url("**/mechs-vs-minions/cards/flamespitter/")
    assert "Flamespitter" in tab.locator("article h1").first.inner_text()
    watch.assert_clean()


def test_enter_hands_the_query_to_the_card_search_page(page, site_url):
    tab, watch = page
    box = open_search(tab, site_url, "mechs-vs-minions/")
    box.type("villain:klaw move>=3", delay=20)
    tab.wait_for_function(
        "() => (document.querySelector('.tt-fs__count') || {}).textContent === '6 matches'")
    box.press("Enter")
    tab.wait_for_url("**/card-search/?query=*")
    assert parse_qs(urlsplit(tab.url).query)["query"] == ["villain:klaw move>=3"]
    root = tab.locator("[data-tt-card-search][data-ready]")
    root.wait_for()
    assert root.get_attribute("data-count") == "6"
    assert tab.locator(".tt-cs__meta").inner_text() == "6 matches"
    assert page_names(tab) == [f"Klaw Master Plan {n}" for n in range(7, 13)]
    # a new query updates the results and the URL; a reload gives the same results
    tab.fill("#tt-cs-q", "villain:klaw bam:no")
    tab.wait_for_function("() => document.querySelector('[data-tt-card-search]').dataset.count === '2'")
    assert parse_qs(urlsplit(tab.url).query)["query"] == ["villain:klaw bam:no"]
    tab.reload()
    tab.locator("[data-tt-card-search][data-ready]").wait_for()
    assert tab.input_value("#tt-cs-q") == "villain:klaw bam:no"
    assert page_names(tab) == ["Klaw Master Plan 7", "Klaw Master Plan 8"]
    tab.locator(".tt-cs__name", has_text="Klaw Master Plan 8").click()
    tab.wait_for_url("**/marvel-united-promos/master-plan/klaw-master-plan-08/")
    watch.assert_clean()


def test_card_search_page_examples_and_warnings(page, site_url):
    tab, watch = page
    tab.goto(site_url + "card-search/?query=" + "type%3Aevent%20cost%3Afree%20foo%3Abar")
    tab.locator("[data-tt-card-search][data-ready]").wait_for()
    assert tab.locator(".tt-cs__warnings li").all_inner_texts() == [
        "Unknown field “foo” in foo:bar: ignored."]
    assert tab.get_attribute("[data-tt-card-search]", "data-count") == "0"
    tab.fill("#tt-cs-q", "bam:yes")
    tab.wait_for_function("() => +document.querySelector('[data-tt-card-search]').dataset.count > 50")
    # the help page's example links open the Card search page with their query
    tab.goto(site_url + "search-help/")
    example = tab.locator("article table a[href*='card-search/?query=']").first
    query = example.inner_text()
    example.click()
    tab.locator("[data-tt-card-search][data-ready]").wait_for()
    assert tab.input_value("#tt-cs-q") == query
    assert int(tab.get_attribute("[data-tt-card-search]", "data-count")) > 0
    watch.assert_clean()


def test_index_text_is_drawn_as_text(page, site_url):
    tab, watch = page
    hostile = "<img src=x onerror=\"window.__pwned=1\"><script>window.__pwned=2</script>"
    entries = [
        {"game": "g", "kind": "game", "id": "g", "name": "G", "url": "g/", "fields": {}, "text": ""},
        {"game": "g", "kind": "card", "gallery": "x", "id": "evil", "name": hostile,
         "url": "javascript:window.__pwned=3", "fields": {"type": hostile, "status": "uncertain"},
         "text": hostile},
    ]
    tab.route("**/assets/data/search-index.json",
              lambda route: route.fulfill(status=200, content_type="application/json",
                                          body=json.dumps(entries)))
    tab.goto(site_url + "card-search/?query=kind%3Acard")
    tab.locator("[data-tt-card-search][data-ready]").wait_for()
    assert page_names(tab) == [hostile]
    assert tab.locator(".tt-cs__results img, .tt-cs__results script").count() == 0
    href = tab.get_attribute(".tt-cs__name", "href")
    assert href.startswith(site_url)  # resolved against the site, never a javascript: URL
    box = open_search(tab, site_url, "card-search/")
    box.type("kind:card", delay=10)
    tab.locator(".tt-fs__name").first.wait_for()
    assert tab.locator(".tt-fs img, .tt-fs script").count() == 0
    assert tab.evaluate("window.__pwned") is None
    tab.unroute("**/assets/data/search-index.json")
    watch.assert_clean()


def test_readable_at_375px_in_dark_mode(chromium, site_url):
    context = chromium.new_context(viewport={"width": 375, "height": 800}, color_scheme="dark")
    try:
        watch = Recorder(context)
        tab = watch.watch(context.new_page())
        tab.set_default_timeout(TIMEOUT_MS)
        tab.goto(site_url + "card-search/?query=game%3Apowerup%20is%3Auncertain")
        tab.locator("[data-tt-card-search][data-ready]").wait_for()
        assert tab.get_attribute("body", "data-md-color-scheme") == "slate"
        assert tab.evaluate("document.documentElement.scrollWidth") <= 375
        tab.goto(site_url)
        tab.click("label.md-header__button[for=__search]")
        tab.locator(".md-search__input").type("game:mvm element:fire", delay=10)
        tab.locator(".tt-fs__name").first.wait_for()
        box = tab.locator(".tt-fs").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375
        colors = tab.evaluate("""() => {
          const lum = (c) => { const [r, g, b] = c.match(/\\d+/g).map(Number); return (r + g + b) / 765; };
          const name = getComputedStyle(document.querySelector('.tt-fs__name')).color;
          let el = document.querySelector('.tt-fs'), bg = 'rgba(0, 0, 0, 0)';
          while (el && /rgba\\(0, 0, 0, 0\\)|transparent/.test(bg)) {
            bg = getComputedStyle(el).backgroundColor;
            el = el.parentElement;
          }
          return [lum(name), lum(bg)];
        }""")
        assert colors[0] > 0.6 and colors[1] < 0.4, colors  # light text on a dark panel
        watch.assert_clean()
    finally:
        context.close()


# ------------------------------------------------------------------ plain words: names first, near misses


def shown_results(tab, words: str) -> list[str]:
    """Type `words` into the search box; the results it shows, top to bottom, as page paths (#anchor
    kept): the records the words name, mkdocs-material's results (less the copies it hides), the near
    misses."""
    box = tab.locator('[data-md-component="search-query"]')
    box.click()
    box.fill("")
    box.type(words, delay=15)
    tab.wait_for_function("""(q) => {
      const named = document.querySelector('.tt-named');
      const meta = document.querySelector('.md-search-result__meta');
      return named && named.dataset.query === q && meta && /\\d|No /.test(meta.textContent);
    }""", arg=words)
    tab.wait_for_timeout(300)  # lunr's list is drawn in the same frame as its count; let it settle
    return tab.evaluate("""() => {
      const path = (a) => { const u = new URL(a.href); return u.pathname + u.hash; };
      const visible = (a) => !a.closest('[hidden]');
      const out = [...document.querySelectorAll('.tt-named .tt-fs__link')].map(path);
      for (const item of document.querySelectorAll('.md-search-result__list > .md-search-result__item')) {
        const a = item.querySelector('a.md-search-result__link');
        if (a && visible(a)) out.push(path(a));
      }
      return [...out, ...[...document.querySelectorAll('.tt-near .tt-fs__link')].filter(visible).map(path)];
    }""")


@pytest.mark.parametrize(("words", "first"), [
    ("Klaw", "/marvel-united-promos/villains/klaw/"),  # a villain, before the 12 cards named after him
    ("Flamespitter", "/mechs-vs-minions/cards/flamespitter/"),  # a card
    ("Double Draft", "/mechs-vs-minions/glossary/#double-draft"),  # a glossary term
    ("Tutorial", "/mechs-vs-minions/scenarios/mission-00/"),  # missions
    ("None Shall Pass", "/mechs-vs-minions/scenarios/mission-06/"),
    ("The BURP", "/powerup/scenarios/the-burp/"),  # the source heads it "Mission (the BURP)"
])
def test_the_record_a_query_names_comes_first(home, words, first):
    tab, watch = home
    results = shown_results(tab, words)
    assert results[0] == first, results
    assert results.count(first) == 1, results  # lunr's copy of it is hidden
    watch.assert_clean()


def test_klaw_s_cards_follow_the_villain(page, site_url):
    tab, watch = page
    tab.goto(site_url)
    results = shown_results(tab, "Klaw")
    cards = [r for r in results if "/master-plan/klaw-master-plan-" in r]
    assert results[0] == "/marvel-united-promos/villains/klaw/" and len(cards) >= 9, results
    assert tab.locator(".tt-named__head").inner_text() == "Named “Klaw”"
    # the keyboard reaches it first too: Enter opens it
    tab.locator('[data-md-component="search-query"]').press("Enter")
    tab.wait_for_url("**/marvel-united-promos/villains/klaw/")
    watch.assert_clean()


@pytest.mark.parametrize(("words", "first"), [
    ("Klw", "/marvel-united-promos/villains/klaw/"),
    ("Tristanna", "/mechs-vs-minions/command-lines/tristana/"),
    ("Flamespiter", "/mechs-vs-minions/cards/flamespitter/"),
])
def test_a_near_miss_finds_the_nearest_name(home, words, first):
    tab, watch = home
    results = shown_results(tab, words)
    assert tab.locator(".md-search-result__meta").inner_text() == "No matching documents"  # lunr: nothing
    assert results[0] == first, results
    assert tab.locator(".tt-near__head").inner_text() == "Close to what you typed"
    watch.assert_clean()


def test_near_misses_come_below_what_lunr_finds(home):
    """"Blaz" is the start of "Blaze" for lunr: its result is lunr's, in lunr's place, and not repeated
    among the near misses, which are drawn below lunr's list."""
    tab, watch = home
    results = shown_results(tab, "Blaz")
    assert results[0] == "/mechs-vs-minions/cards/blaze/" and results.count(results[0]) == 1, results
    assert tab.evaluate("""() => {
      const list = document.querySelector('.md-search-result__list');
      const near = document.querySelector('.tt-near');
      return Boolean(list.compareDocumentPosition(near) & Node.DOCUMENT_POSITION_FOLLOWING);
    }""")
    watch.assert_clean()


# ------------------------------------------------------------------ previews read as sentences


PREVIEW_QUERIES = ["Klaw", "Sonic Wave Blast", "Crystal Shards", "Tutorial", "Civilian", "BAM",
                   "School Under Siege", "Minion Phase", "armor"]
RAW_KEY = re.compile(r"\b[a-z]+_[a-z_]+\b|\{'|'\s*:\s|\[\d+, \d+\]")  # spawn_rows, {'set': 1}, [2, 2]


def _page(site: Path, path: str) -> _Texts:
    """A built page's text nodes, each apart (what a reader reads there, word for word), and its code."""
    parser = _Texts()
    parser.feed((site / path.lstrip("/").split("#")[0] / "index.html").read_text(encoding="utf-8"))
    return parser


class _Texts(HTMLParser):
    def __init__(self):
        super().__init__()
        self.texts: list[str] = []
        self.code: list[str] = []
        self.in_code = 0

    def handle_starttag(self, tag, attrs):
        self.in_code += tag == "code"

    def handle_endtag(self, tag):
        self.in_code -= tag == "code" and self.in_code > 0

    def handle_data(self, data):
        self.texts.append(data)
        if self.in_code:
            self.code.append(data)

    @property
    def words(self) -> str:
        return "\x00".join(self.texts)


def test_result_previews_read_as_sentences(page, site_url, built_site):
    """No two elements' words run together in a preview ("Move 0BAM!", "LeftCLeft", "Setup5 steps"): a
    word with a lower-case letter or digit before a capital must be a word of its page (BUGBUSTERs);
    no field keys or data literals (but those the page quotes as code)."""
    site, _manifest = built_site
    tab, watch = page
    tab.goto(site_url)
    problems, seen = [], 0
    for words in PREVIEW_QUERIES:
        shown_results(tab, words)
        previews = tab.evaluate("""() => [...document.querySelectorAll(
            '.md-search-result__item:not([hidden]) a.md-search-result__link, .tt-nm .tt-fs__link')]
          .map((a) => [new URL(a.href).pathname,
                       (a.querySelector('.md-search-result__article, .tt-fs__text') || a).innerText])""")
        for path, text in previews:
            seen += 1
            if "0BAM" in text or "LeftCLeft" in text:
                problems.append(f"{words}: {path}: {text[:120]}")
            code = _page(site, path).code  # a key the page quotes as code (`spawn_rows`) is meant
            for key in RAW_KEY.findall(text):
                if not any(key in c for c in code):
                    problems.append(f"{words}: {path}: field key or literal {key!r} in {text[:120]!r}")
            joined = [w.strip(".,:;!?()[]\"'“”«»…") for w in text.split() if re.search(r"[a-z0-9][A-Z]", w)]
            if joined:
                page_words = _page(site, path).words
                problems += [f"{words}: {path}: {w!r} run together" for w in joined if w not in page_words]
    assert seen > 40
    assert problems == []
    watch.assert_clean()


# ------------------------------------------------------------------ field filters show the card faces


def test_field_filter_results_show_the_gallery_s_card(page, site_url):
    tab, watch = page
    tab.goto(site_url)
    box = tab.locator('[data-md-component="search-query"]')
    box.click()
    box.type("game:mvm element:fire", delay=15)
    tab.wait_for_function("() => document.querySelectorAll('.tt-fs .tt-face .tome-card').length === 5")
    faces = tab.locator(".tt-fs .tt-fs__item .tt-face .tome-card")
    assert faces.locator(".tome-card__name").all_inner_texts() == panel_names(tab)
    first = tab.evaluate("document.querySelector('.tt-fs .tt-face .tome-card').outerHTML")
    text_color = "(card) => getComputedStyle(card.querySelector('.tome-card__powers li')).color"
    in_panel = tab.locator(".tt-fs .tt-face .tome-card").first.evaluate(text_color)
    # the same card box as the gallery page's, in the same colours (not the theme's greyed result text)
    tab.goto(site_url + "mechs-vs-minions/cards/command-cards/")
    gallery = tab.locator("article.tome-card#blaze")
    assert "tome-color--red" in first and gallery.get_attribute("class") in first
    assert in_panel == gallery.evaluate(text_color)
    assert tab.locator("article.tome-card#blaze .tome-card__powers li").count() == first.count("<li>")
    # the Card search page too: Klaw's cards with their placement diagrams
    tab.goto(site_url + "card-search/?query=villain%3Aklaw%20move%3E%3D3")
    tab.wait_for_function(
        "() => document.querySelectorAll('.tt-cs__results .tt-face .tome-card').length === 6")
    assert tab.locator(".tt-cs__results .tt-face .tome-place").count() == 6
    hrefs = tab.locator(".tt-cs__results .tt-face .tome-card__name a").evaluate_all(
        "(links) => links.map((a) => a.href)")
    assert len(hrefs) == 6
    assert all(h.startswith(site_url + "marvel-united-promos/master-plan/") for h in hrefs)
    watch.assert_clean()


# ------------------------------------------------------------------ the Spanish game's search, in Spanish


def test_the_spanish_search_names_and_guesses_in_spanish(page, site_url):
    tab, watch = page
    tab.goto(site_url + "heroes-tcg/")
    results = shown_results(tab, "Salamandra")
    assert results[0] == "/heroes-tcg/cards/salamandra/", results
    assert tab.locator(".tt-named__head").inner_text() == "Se llama «Salamandra»"
    assert shown_results(tab, "Descarte")[0] == "/heroes-tcg/glossary/#descarte"
    results = shown_results(tab, "Salamanda")
    assert results[0] == "/heroes-tcg/cards/salamandra/", results
    assert tab.locator(".tt-near__head").inner_text() == "Parecido a lo que escribiste"
    box = tab.locator('[data-md-component="search-query"]')
    box.fill("")
    box.type("game:tcg tipo:amigo coste<=2", delay=15)
    tab.wait_for_function("""() => {
      const n = document.querySelectorAll('.tt-fs .tt-fs__item').length;
      return n > 0 && document.querySelectorAll('.tt-fs .tt-face .tome-card').length === n;
    }""")
    assert tab.locator(".tt-fs__count").inner_text().endswith("resultados")
    watch.assert_clean()

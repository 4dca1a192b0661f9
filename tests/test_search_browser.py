"""Search in Chromium (Playwright, Debian's /usr/bin/chromium) against the built site on 127.0.0.1.

mkdocs-material's full-text search finds a card by name and opens its own page; a query with a
field filter shows the compiled index's matches and their count in the same box; Enter hands
it to the Card search page, whose URL keeps the query; warnings show; data is drawn as text;
the page reads at 375 px in dark mode; nothing is fetched from another host.
"""

from __future__ import annotations

import json
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
    link = tab.locator(".md-search-result__list a.md-search-result__link[href*='cards/flamespitter/']")
    link.first.wait_for()
    assert not tab.locator(".md-search-result[data-tt-fs]").count()  # plain words stay with lunr
    link.first.click()
    tab.wait_for_url("**/mechs-vs-minions/cards/flamespitter/**")
    assert urlsplit(tab.url).path.endswith("/mechs-vs-minions/cards/flamespitter/")
    assert "Flamespitter" in tab.locator("article h1").first.inner_text()
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

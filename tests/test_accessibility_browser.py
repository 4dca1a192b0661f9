"""Accessibility (issue 17): axe-core (npm `axe-core`, in node_modules/ from package-lock.json) run in
Debian's Chromium against the built site finds no violation of its WCAG 2.1 A and AA rules (tags wcag2a,
wcag2aa, wcag21a, wcag21aa), on:

- at least 40 pages sampled by a rule (`sample()`): one page of each kind of page of each game and of each
  project's language (the home page; each game's overview, rules pages, glossary, data-quality page,
  galleries, card pages, other record pages, scenario pages and Marvel United villain pages; the Card
  search, Search syntax, 404 and offline pages of the English and the Spanish project; the deck builder),
  the one whose path hashes lowest, then SPREAD pages spread evenly over all the others in path order; in
  the light scheme, and one page of each kind of DARK_KINDS again in the dark scheme (a context whose
  prefers-color-scheme is dark, which mkdocs-material's palette follows);
- a glossary term's tooltip (assets/tooltips.js) with the term hovered, then the search dialog open over
  the page with what a query finds, plain words (the theme's results) and a field filter (the cards it
  draws), in both schemes (the palette toggle, as below);
- each game's play page after Play and after ten moves (a legal action clicked each time), in both
  schemes (the header's palette toggle pressed, as a reader would: one Play boot for both).

axe is put into every page of a context as an init script through the DevTools protocol
(`add_init_script`), which the page's Content Security Policy does not govern, so each page is checked with
its policy in force (no `bypass_csp`). No rule is disabled and nothing is excluded. A failure lists, per
page, each violation's rule, its help and its first elements with their HTML, then which rule failed on how
many pages.
"""

from __future__ import annotations

import functools
import hashlib
import re
from pathlib import Path

import pytest
from test_browser import click_next_action, press_play
from web import REPO, SITE, Recorder, needs_built

AXE = REPO / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
SAMPLE = 40  # pages in the light scheme, at least
SPREAD = 2  # of them spread over the site after one of each kind
SHOWN = 4  # elements shown per violation in a failure
SEARCH_TIMEOUT_MS = 20_000
VIEWPORT = {"width": 1280, "height": 900}

BROWSER = [pytest.mark.browser, needs_built("card-search")]

RUN_AXE_JS = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, count: v.nodes.length,
    nodes: v.nodes.slice(0, SHOWN).map((n) => (
      {target: n.target.join(' '), html: n.html, summary: n.failureSummary})),
  }));
}""".replace("SHOWN", str(SHOWN))


def browser(test):
    for mark in BROWSER:
        test = mark(test)
    return test


# ------------------------------------------------------------------ which pages


GAMES = sorted(p.name for p in (REPO / "content").iterdir() if (p / "game.yaml").is_file())
SEARCH_META = re.compile(r'<meta name="tome:(card-search|search-help)" content="([^"]*)">')


def built_pages() -> list[str]:
    """Every page of the built site as its path under the root: "" (home), "powerup/rules/combat/",
    "404.html", "heroes-tcg/404.html", and the offline pages "503.html", "heroes-tcg/503.html"."""
    pages = []
    for path in SITE.rglob("*.html"):
        rel = path.relative_to(SITE).as_posix()
        if rel.startswith(("assets/", "pyodide/", "engine/")):
            continue
        if path.name == "index.html":
            pages.append(rel.removesuffix("index.html"))
        elif path.name in ("404.html", "503.html"):  # shown at a missing page's address; offline
            pages.append(rel)
    return sorted(pages)


def page_file(path: str) -> Path:
    """The HTML file of a page path of built_pages()."""
    return SITE / (path if path.endswith(".html") else path + "index.html")


def kind_of(path: str, html: str) -> tuple[str, str]:
    """(kind, where) of a built page: where is its game, or its project's language for the pages each project
    has (its search pages and 404 page), or "" for the home page."""
    language = re.search(r'<html lang="([^"]+)"', html).group(1)
    parts = path.split("/")
    game = parts[0] if parts[0] in GAMES else ""
    searches = {url: name for name, url in SEARCH_META.findall(html)}
    if path.endswith(("404.html", "503.html")):
        return path.rsplit("/", 1)[-1].removesuffix(".html"), language
    if path in searches:  # the page its own head names as the project's Card search or Search syntax page
        return searches[path], language
    if path == "":
        return "home", ""
    if path == f"{game}/":
        return "overview", game
    if 'class="tt-deckbuilder"' in html:
        return "deck-builder", game
    if parts[1] in ("glossary", "data-quality", "rules"):
        return parts[1], game
    if parts[1] == "villains" and len(parts) > 3:
        return "villain", game
    if parts[1] == "scenarios" and len(parts) > 3:
        return "scenario", game
    if 'class="tome-filters"' in html:
        return "gallery", game
    if 'class="tome-item"' in html:  # a gallery item's own page (templates/gallery-item.md.j2)
        return "card", game
    return "record", game


def _hash(path: str) -> str:
    return hashlib.sha256(path.encode()).hexdigest()


@functools.cache
def sample() -> list[tuple[str, str]]:
    """The sampled pages as (path, kind): one page of each (kind, game or language), the one whose path hashes
    lowest (a fixed pick that favours no easy page), in a fixed order; then SPREAD pages (more if the kinds
    are fewer than SAMPLE - SPREAD) spread evenly, in path order, over all the others."""
    kinds: dict[tuple[str, str], list[str]] = {}
    for path in built_pages():
        kinds.setdefault(kind_of(path, page_file(path).read_text(encoding="utf-8")), []).append(path)
    chosen = [(min(paths, key=_hash), kind) for (kind, _where), paths in sorted(kinds.items())]
    taken = {path for path, _kind in chosen}
    rest = sorted((path, kind) for (kind, _where), paths in kinds.items()
                  for path in paths if path not in taken)
    wanted = max(SPREAD, SAMPLE - len(chosen))
    return [*chosen, *(rest[(i * len(rest)) // wanted] for i in range(wanted))]


def halves() -> list[list[tuple[str, str]]]:
    """The sample in two halves of about the same weight (bytes of HTML, which axe's time follows: a gallery
    of 218 cards takes ten times a card's page), one per test, so two workers finish together."""
    parts: list[list[tuple[str, str]]] = [[], []]
    weights = [0, 0]
    for path, kind in sorted(sample(), key=lambda pk: (-page_file(pk[0]).stat().st_size, pk[0])):
        lighter = weights.index(min(weights))
        parts[lighter].append((path, kind))
        weights[lighter] += page_file(path).stat().st_size
    return parts


# In the dark scheme too: one sampled page of each of these kinds, taking the games in turn.
DARK_KINDS = ["home", "rules", "glossary", "gallery", "card", "villain", "scenario", "data-quality",
              "card-search", "deck-builder", "404"]


def dark_sample() -> list[str]:
    of_kind: dict[str, list[str]] = {}
    for path, kind in sample():
        of_kind.setdefault(kind, []).append(path)
    return [of_kind[kind][i % len(of_kind[kind])] for i, kind in enumerate(DARK_KINDS) if kind in of_kind]


# ------------------------------------------------------------------ running axe


@functools.cache
def axe_source() -> str:
    assert AXE.is_file(), f"{AXE} is missing: build.py installs the node tools of package-lock.json (npm ci)"
    return AXE.read_text(encoding="utf-8")


def new_context(chromium, scheme: str):
    """A browser context whose pages all hold axe: given once as an init script (the DevTools protocol's,
    which the pages' CSP does not govern), not sent with each page (a third of axe's cost per page)."""
    context = chromium.new_context(viewport=VIEWPORT, color_scheme=scheme)
    context.add_init_script(script=axe_source())
    return context


def axe(page) -> list[dict]:
    """axe's WCAG 2.1 A/AA violations on the page as it is now."""
    assert page.evaluate("() => typeof axe !== 'undefined'"), f"axe is not in {page.url}"
    return page.evaluate(RUN_AXE_JS, TAGS)


def report(where: str, violations: list[dict]) -> str:
    lines = [f"{where}:"]
    for v in violations:
        elements = f"{v['count']} element{'s' * (v['count'] != 1)}"
        lines.append(f"  {v['id']} ({v['impact']}, {elements}): {v['help']}")
        for node in v["nodes"]:
            html = re.sub(r"\s+", " ", node["html"])
            lines.append(f"    {node['target']}: {html[:200]}")
            summary = re.sub(r"\s+", " ", node["summary"] or "")
            if summary:
                lines.append(f"      {summary[:300]}")
    return "\n".join(lines)


class Findings:
    """The violations of a test's pages, gathered so that one failure names them all."""

    def __init__(self):
        self.reports: list[str] = []
        self.rules: dict[str, int] = {}

    def check(self, page, where: str) -> None:
        violations = axe(page)
        if violations:
            self.reports.append(report(where, violations))
            for v in violations:
                self.rules[v["id"]] = self.rules.get(v["id"], 0) + 1

    def assert_none(self) -> None:
        if self.reports:
            pages = ", ".join(f"{rule} on {n}" for rule, n in sorted(self.rules.items()))
            pytest.fail("axe-core found WCAG 2.1 A/AA violations:\n" + "\n".join(self.reports)
                        + f"\n(pages or states failing each rule: {pages})", pytrace=False)


def scheme_of(page) -> str:
    return page.evaluate("() => document.body.getAttribute('data-md-color-scheme')")


def switch_scheme(page, scheme: str) -> None:
    """The header's palette toggle pressed (its label clicked, as by the reader: the search dialog, when open,
    covers the header) until the page is in `scheme`; then the colours' transitions let finish
    (mkdocs-material's take .25 s), so that axe reads the colours as they end up, not half way."""
    page.locator('form[data-tt-palette] label:not([hidden])').dispatch_event("click")
    page.wait_for_function("(s) => document.body.getAttribute('data-md-color-scheme') === s", arg=scheme)
    page.wait_for_timeout(400)


def check_both_schemes(page, findings: Findings, where: str) -> None:
    """axe in the light scheme, then in the dark one, then back to light: one page, its state kept."""
    findings.check(page, f"{where} (light)")
    switch_scheme(page, "slate")
    findings.check(page, f"{where} (dark)")
    switch_scheme(page, "default")


# ------------------------------------------------------------------ the sample


def test_the_sample_covers_every_kind_of_page():
    """At least 40 distinct pages, every kind the issue names among them, each game's overview and its play
    page's kind, and the Spanish project's own pages."""
    pages = sample()
    assert len(pages) >= SAMPLE and len(pages) == len({path for path, _kind in pages})
    kinds = {kind for _path, kind in pages}
    assert {"home", "overview", "rules", "glossary", "gallery", "card", "villain", "scenario", "data-quality",
            "card-search", "search-help", "deck-builder", "404", "503", "record"} <= kinds, kinds
    for game in GAMES:
        assert any(path == f"{game}/" for path, _kind in pages), game
        assert any(path.startswith(f"{game}/") and kind in ("scenario", "villain")
                   for path, kind in pages), game
    spanish = {kind for path, kind in pages if path.startswith("heroes-tcg/")}
    assert {"404", "503", "card-search", "search-help", "overview", "rules", "card"} <= spanish, spanish
    assert len(dark_sample()) >= 10 and len(set(dark_sample())) == len(dark_sample())


def test_the_search_dialog_is_the_theme_s_with_a_name():
    """overrides/partials/search.html is mkdocs-material's own partial with one attribute added, the dialog's
    accessible name in the project's words: a theme upgrade that changes the partial fails here, so the
    override is brought up to date rather than left behind."""
    import material

    from site_src.render import labels

    ours = (REPO / "site_src" / "overrides" / "partials" / "search.html").read_text(encoding="utf-8")
    theirs = Path(material.__file__).parent / "templates" / "partials" / "search.html"
    body = ours.split("-#}\n", 1)[1]
    name = ' aria-label="{{ config.extra.tome_search_dialog | e }}"'
    assert name in body
    assert body.replace(name, "", 1) == theirs.read_text(encoding="utf-8").split("-#}\n", 1)[1]
    for page in [SITE / "index.html", *(SITE / game / "index.html" for game in GAMES)]:
        html = page.read_text(encoding="utf-8")
        language = re.search(r'<html lang="([^"]+)"', html).group(1)
        dialog = labels.LABELS[language]["search_dialog"]
        assert f'role="dialog" aria-label="{dialog}"' in html, (page, dialog)


# ------------------------------------------------------------------ the pages


@browser
@pytest.mark.parametrize("half", [0, 1])
def test_sampled_pages_light(chromium, site_url, half):
    """Half of the sample (`halves`), light scheme."""
    context = new_context(chromium, "light")
    findings = Findings()
    try:
        rec = Recorder(context)
        page = rec.watch(context.new_page())
        for path, kind in halves()[half]:
            page.goto(site_url + path)
            assert scheme_of(page) == "default"
            findings.check(page, f"{site_url}{path} ({kind}, light)")
    finally:
        context.close()
    findings.assert_none()


@browser
def test_sampled_pages_dark(chromium, site_url):
    context = new_context(chromium, "dark")
    findings = Findings()
    try:
        page = context.new_page()
        for path in dark_sample():
            page.goto(site_url + path)
            assert scheme_of(page) == "slate"
            findings.check(page, f"{site_url}{path} (dark)")
    finally:
        context.close()
    findings.assert_none()


SEARCHES = ["Klaw", "game:mvm element:fire"]  # plain words (the theme's results), a field filter (cards)


@browser
def test_tooltip_and_search_dialog(chromium, site_url):
    """A glossary term pointed at (its tooltip shown, the link hovered), then the search dialog open over the
    page with what a query finds, in both schemes: both are part of every page."""
    context = new_context(chromium, "light")
    findings = Findings()
    try:
        page = context.new_page()
        page.set_default_timeout(SEARCH_TIMEOUT_MS)
        page.goto(site_url + "mechs-vs-minions/rules/how-to-play/")
        page.locator("article a.tome-term").first.hover()
        page.locator(".md-tooltip2[role=tooltip]").first.wait_for(state="visible")
        page.wait_for_timeout(300)  # its fade-in
        check_both_schemes(page, findings, f"{page.url} with a glossary term's tooltip")
        box = page.locator('[data-md-component="search-query"]')
        for query in SEARCHES:
            box.click()
            box.fill("")
            box.type(query, delay=10)
            if ":" in query:
                page.wait_for_function("() => document.querySelectorAll('.tt-fs .tt-face .tome-card').length")
            else:  # the records the words name (assets/search/names.js) and the theme's count of results
                page.wait_for_function("""(q) => {
                  const named = document.querySelector('.tt-named');
                  const meta = document.querySelector('.md-search-result__meta');
                  return named && named.dataset.query === q && meta && /\\d/.test(meta.textContent);
                }""", arg=query)
            page.wait_for_timeout(300)  # the theme draws its list in the frame after its count
            check_both_schemes(page, findings, f"{page.url} search dialog with {query!r}")
    finally:
        context.close()
    findings.assert_none()


# One play page per game: (scenario page, players).
PLAY = [
    ("mechs-vs-minions/scenarios/mission-00/", 2),
    ("marvel-united-promos/villains/klaw/", 2),
    ("powerup/scenarios/gimme-my-powerup/", 1),
    ("heroes-tcg/scenarios/duelo/", 1),
]
MOVES = 10
SEED = 5


@browser
@pytest.mark.parametrize(("path", "players"), PLAY, ids=[p.split("/")[0] for p, _n in PLAY])
def test_play_page_after_play_and_ten_moves(chromium, site_url, path, players):
    context = new_context(chromium, "light")
    findings = Findings()
    try:
        rec = Recorder(context)
        page = rec.watch(context.new_page())
        page.goto(site_url + path)
        press_play(page, SEED, players)
        check_both_schemes(page, findings, f"{site_url}{path} after Play")
        for _ in range(MOVES):
            click_next_action(page)
        check_both_schemes(page, findings, f"{site_url}{path} after {MOVES} moves")
        rec.assert_clean()
    finally:
        context.close()
    findings.assert_none()

"""Marvel United has a glossary of its own (issue 15): the words its Villain pages and our adapted core
rules use, each with where it comes from, and linked with its own tooltip on the game's pages.

Read from the built site (`build.py build` first): the glossary page has an entry for every term of
content/marvel-united-promos/glossary.yaml, the brief's terms among them; an adapted entry shows the
adapted badge and a note naming our Core Rules page, a transcribed one the box's rulebook and section.
A Villain page links Threat, BAM! and Master Plan to their entries, each with its own summary as the
tooltip; Hero card and rules pages link terms too.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from site_src.text.tooltips import tooltip

GAME = "marvel-united-promos"
BOX = "Marvel United: Multiverse – Kickstarter Promos Box Rulebook — "
# Terms the brief names, as a reader would look them up (the term or one of its aliases).
BRIEF_TERMS = [
    "Threat", "Master Plan", "Storyline", "BAM!", "Overflow", "Civilian", "Thug", "Henchman",
    "Villainous Plot", "Heroic Goal", "Under Pressure", "KO", "Location", "Dashboard", "Super Villain",
    "Challenge", "Mission", "Action token", "Heroic Action", "Wild", "Health", "Invulnerable",
    "Special Rules", "Special Setup", "accelerate",
]
LINK = re.compile(r'<a class="tome-term" href="([^"]*)" title="([^"]*)">([^<]*)</a>')


@pytest.fixture(scope="module")
def site(built_site) -> Path:
    return built_site[0]


@pytest.fixture(scope="module")
def terms(game) -> dict[str, dict]:
    return {t["id"]: t for t in game.terms}


def article(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    return text[text.index("<article"):text.index("</article>")]


def entries(page: str) -> dict[str, str]:
    """Term id -> the HTML of its entry on the glossary page (from its heading to the next one)."""
    heads = list(re.finditer(r'<h([2-6]) id="([^"]+)"', page))
    return {m.group(2): page[m.start():(heads[i + 1].start() if i + 1 < len(heads) else len(page))]
            for i, m in enumerate(heads)}


def test_the_glossary_has_the_terms_the_villains_and_core_rules_use(terms):
    names = {name for t in terms.values() for name in [t["term"], *(t.get("aliases") or [])]}
    missing = [n for n in BRIEF_TERMS if n not in names]
    assert not missing, missing
    assert len(terms) >= 40


def test_the_glossary_page_lists_every_term_with_its_provenance(site, terms):
    page = article(site / GAME / "glossary" / "index.html")
    found = entries(page)
    assert set(terms) <= set(found), sorted(set(terms) - set(found))
    assert "0 terms" not in page
    statuses = set()
    for term_id, term in terms.items():
        entry = html.unescape(re.sub(r"<[^>]+>", "", found[term_id]))
        prov = term["provenance"]
        statuses.add(prov["status"])
        if prov["status"] == "adapted":
            assert 'tome-badge--adapted' in found[term_id], term_id
            assert "Core Rules" in entry or "Hero" in entry, (term_id, entry)  # why: which page it restates
            assert prov["note"] in entry, term_id
        else:
            assert prov["status"] == "transcribed", term_id
            assert f"Source: {BOX}" in entry, (term_id, entry)
    assert statuses == {"adapted", "transcribed"}
    # the box defines the Dashboard and the Master Plan cards itself: those are its own words
    assert terms["dashboard"]["provenance"]["status"] == "transcribed"
    assert terms["master-plan"]["provenance"]["status"] == "transcribed"
    assert terms["storyline"]["provenance"]["status"] == "adapted"


def test_a_villain_page_links_its_terms_each_with_its_own_summary(site, terms):
    links = LINK.findall(article(site / GAME / "villains" / "klaw" / "index.html"))
    by_term: dict[str, set[str]] = {}
    for href, title, _text in links:
        assert href.startswith("../../glossary/#"), href
        by_term.setdefault(href.split("#")[1], set()).add(html.unescape(title))
    for term_id in ("threat", "bam", "master-plan"):
        assert by_term.get(term_id) == {tooltip(terms[term_id])}, (term_id, by_term.get(term_id))
    # every linked term has its own tooltip: no two share one
    titles = [next(iter(t)) for t in by_term.values()]
    assert len(titles) == len(set(titles)) and len(titles) >= 10


@pytest.mark.parametrize("page", ["hero-cards/hulk-08", "rules/core-rules", "master-plan"])
def test_hero_card_rules_and_card_pages_link_terms(site, terms, page):
    links = LINK.findall(article(site / GAME / page / "index.html"))
    linked = {href.split("#")[1] for href, _title, _text in links}
    assert linked and linked <= set(terms), (page, linked - set(terms))
    if page == "hero-cards/hulk-08":
        assert "invulnerable" in linked  # Thick Hide's "Invulnerable token"

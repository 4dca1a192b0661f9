"""One tab per game (mkdocs-material `navigation.tabs`, issue 15): every page of a game, a card's page
included (cards are outside the nav), shows its game's tab as the current one; in Chromium at 1280 px the
sidebar then holds the current game only."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from web import SITE, SiteServer

GAMES = sorted(p.name for p in (SITE.parent / "content").iterdir() if (p / "game.yaml").is_file())


class Tabs(HTMLParser):
    """The header's tabs: [(label, current)]."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tabs: list[list] = []
        self._in = None

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "li" and "md-tabs__item" in classes:
            self.tabs.append(["", "md-tabs__item--active" in classes])
            self._in = True
        if tag == "a" and "md-tabs__link" in classes and self._in:
            self._in = "link"

    def handle_endtag(self, tag):
        if tag == "a" and self._in == "link":
            self._in = None

    def handle_data(self, data):
        if self._in == "link":
            self.tabs[-1][0] += data


def tabs_of(path) -> list[tuple[str, bool]]:
    parser = Tabs()
    parser.feed(path.read_text(encoding="utf-8"))
    return [(re.sub(r"\s+", " ", label).strip(), active) for label, active in parser.tabs]


@pytest.fixture(scope="module")
def titles(checked_content) -> dict[str, str]:
    return {gid: game.site_title for gid, game in checked_content.content.games.items()}


@pytest.mark.parametrize("game", GAMES)
def test_every_page_of_a_game_shows_its_tab_as_the_current_one(game, titles):
    pages = sorted((SITE / game).rglob("index.html"))
    assert len(pages) > 10, f"{game}: only {len(pages)} pages built"
    wrong = []
    for path in pages:
        current = [label for label, active in tabs_of(path) if active]
        if current != [titles[game]]:
            wrong.append(f"{path.relative_to(SITE).parent}: current tab {current}")
    assert not wrong, f"{len(wrong)} pages of {game} without their game's tab current, e.g.:\n" + "\n".join(
        wrong[:10])


def test_the_english_site_has_a_tab_per_game(titles):
    labels = [label for label, _ in tabs_of(SITE / "index.html")]
    for gid, title in titles.items():
        assert title in labels, f"no tab for {gid} ({title!r}) among {labels}"


@pytest.mark.browser
def test_the_sidebar_holds_only_the_current_game(chromium, titles):
    with SiteServer(SITE) as server:
        context = chromium.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(server.url + "marvel-united-promos/master-plan/klaw-master-plan-01/")
        sidebar = page.locator(".md-sidebar--primary")
        visible = [t.strip() for t in sidebar.locator("a.md-nav__link:visible, label.md-nav__link:visible")
                   .all_inner_texts() if t.strip()]
        assert "Master Plan cards" in visible and "Klaw" in visible
        for other in ("BUG Sheets", "Command Cards", "Field Guide"):  # POWERUP's and Mechs vs. Minions'
            assert other not in visible, (other, visible)
        active = page.locator(".md-tabs__item--active").inner_text().strip()
        assert active == titles["marvel-united-promos"]
        page.locator(".md-tabs__link", has_text=titles["mechs-vs-minions"]).click()
        page.wait_for_url("**/mechs-vs-minions/**")
        assert page.locator(".md-tabs__item--active").inner_text().strip() == titles["mechs-vs-minions"]
        context.close()

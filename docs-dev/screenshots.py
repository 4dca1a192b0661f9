"""The README's pictures, taken from the built site in Debian's Chromium (Playwright): a gallery, a scenario
page with its board, a villain page with its ring of Locations, and each game's play page after Play.

    python3 build.py screenshots        # builds the site, then writes docs-dev/screenshots/*.png

Each play page is opened with a share link that starts the game (the play area reads `#play=...` from the
address), so the picture shows the table, the choices and the log as a player first sees them.
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "tests")]

from playwright.sync_api import sync_playwright  # noqa: E402
from web import CHROMIUM, SITE, SiteServer  # noqa: E402

OUT = REPO / "docs-dev" / "screenshots"
WIDTH, HEIGHT = 1280, 900
LOAD_MS = 120_000

# (file name, page, what to show: None = the top of the page, or a CSS selector scrolled into view)
PAGES = [
    ("gallery-command-cards", "mechs-vs-minions/cards/", None),
    ("scenario-board-mission-02", "mechs-vs-minions/scenarios/mission-02/", "svg.tome-bd"),
    ("villain-klaw", "marvel-united-promos/villains/klaw/", ".tome-ring"),
]
# (file name, page, scenario, players): the game started by its share link
PLAY = [
    ("play-mechs-vs-minions", "mechs-vs-minions/scenarios/mission-00/", "mechs-vs-minions/mission-00", 2),
    ("play-marvel-united", "marvel-united-promos/villains/klaw/", "marvel-united-promos/klaw", 2),
    ("play-powerup", "powerup/scenarios/gimme-my-powerup/", "powerup/gimme-my-powerup", 1),
    ("play-heroes-tcg", "heroes-tcg/scenarios/duelo/", "heroes-tcg/duelo", 1),
]


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    with SiteServer(SITE) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
        for name, path, target in PAGES:
            page.goto(server.url + path)
            if target:
                page.locator(target).first.scroll_into_view_if_needed()
                page.evaluate("window.scrollBy(0, -80)")
            page.screenshot(path=str(OUT / f"{name}.png"))
            print(f"docs-dev/screenshots/{name}.png")
        for name, path, scenario, players in PLAY:
            page.goto(f"{server.url}{path}#play={scenario}&seed=1&players={players}&actions=")
            page.wait_for_function(
                "() => { const a = document.querySelector('.tt-play');"
                " return a && a.dataset.ttActions === '0' && !a.hasAttribute('aria-busy'); }",
                timeout=LOAD_MS)
            page.locator(".tt-play").scroll_into_view_if_needed()
            page.locator("#tome--play").evaluate("h => h.scrollIntoView({block: 'start'})")
            page.screenshot(path=str(OUT / f"{name}.png"))
            print(f"docs-dev/screenshots/{name}.png")
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

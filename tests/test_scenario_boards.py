"""Scenario boards on the built site (issue 15): every Mechs vs. Minions and POWERUP scenario page shows its
board before Play, as an SVG drawn at build time from the content (render/board_svg.py), or says in words
that the source gives no board; the pieces drawn are the content's, where the content puts them; the legend
names every kind of square, zone and piece drawn; coordinates are the board's notation (a1 top-left), never
`[x, y]`; no data literal ({...}, None, True, False) reaches a scenario page's prose. In Chromium at 375 px
the widest boards fit without scrolling the page sideways, and in the dark scheme their squares and pieces
differ from the page's background."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine.core.grid import notation
from site_src.render import labels
from site_src.render.board_svg import CELL, MARGIN

SVG = "{http://www.w3.org/2000/svg}"
GAMES = ("mechs-vs-minions", "powerup")
NO_BOARD = labels.LABELS["en"]["board"]["none"]


@pytest.fixture(scope="module")
def site(built_site) -> Path:
    return built_site[0]


@pytest.fixture(scope="module")
def games(checked_content):
    return {gid: checked_content.content.games[gid] for gid in GAMES}


def page_of(site: Path, game_id: str, stem: str) -> str:
    return (site / game_id / "scenarios" / stem / "index.html").read_text(encoding="utf-8")


def figures(page: str) -> dict[str, ET.Element]:
    """Each board figure of a page by its id, parsed as XML (an SVG that is not well-formed fails here; the
    figure's one HTML attribute without a value is given one)."""
    found = {}
    for match in re.finditer(r'<figure class="tome-bd-figure" id="([^"]+)".*?</figure>', page, re.S):
        found[match.group(1)] = ET.fromstring(match.group(0).replace(" data-search-exclude ", " "))
    return found


def square_of(element: ET.Element) -> tuple[int, int]:
    """The square a piece is drawn on: a circle's centre, a rect's or a polygon's top-left corner."""
    if element.tag == f"{SVG}circle":
        x, y = float(element.get("cx")), float(element.get("cy"))
    elif element.tag == f"{SVG}polygon":
        points = [tuple(map(float, p.split(","))) for p in element.get("points").split()]
        x, y = min(p[0] for p in points), min(p[1] for p in points)
    else:
        rect = element if element.tag == f"{SVG}rect" else element.find(f"{SVG}rect")
        x, y = float(rect.get("x")), float(rect.get("y"))
    return int((x - MARGIN) // CELL), int((y - MARGIN) // CELL)


def pieces(svg: ET.Element, css: str) -> list[tuple[int, int]]:
    css = f"tome-bd-piece--{css}"
    return sorted(square_of(e) for e in svg.iter() if css in (e.get("class") or "").split())


def hidden_list(figure: ET.Element) -> list[str]:
    return ["".join(li.itertext()) for li in figure.iter("li")]


def tile_squares(play: dict, tiles: dict, selector: dict) -> list[tuple[int, int]]:
    """The squares of the scenario's Map Tiles that match every key of a selector (kind, zone, colour, the
    tile's index), read from the tiles' rows here rather than from the site's or the engine's board."""
    found = []
    for index, placed in enumerate(play["board"]["tiles"]):
        tile = tiles[placed["tile"]]
        for dy, row in enumerate(tile["rows"]):
            for dx, char in enumerate(row):
                square = {**tile["legend"][char], "tile": index}
                if all(square.get(k) == v for k, v in selector.items()):
                    found.append((placed["at"][0] + dx, placed["at"][1] + dy))
    return sorted(found)


def article_text(page: str) -> str:
    """The words a reader sees in the page's article (scripts, styles and the SVGs' markup left out; the
    boards' hidden lists kept)."""
    body = page[page.index("<article"): page.index("</article>")]
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S)
    body = re.sub(r"<svg\b.*?</svg>", " ", body, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def flat(text: str) -> str:
    """Text with its spaces as a reader sees them: one between words, none before punctuation (a linked
    glossary term's closing tag leaves one)."""
    return re.sub(r"\s+([,.;:!?)']|'s\b)", r"\1", " ".join(text.split()))


# ---------------------------------------------------------------------------- every page has its board


def test_every_scenario_page_draws_its_board_before_the_rules_or_says_it_has_none(site, games):
    for gid, game in games.items():
        for stem, record in game.scenarios.items():
            page = page_of(site, gid, stem)
            play = record.data.get("play") or {}
            board_at = page.index('id="tome--board"')
            # after "At a glance", before the first section of the rulebook's text and before Play
            assert page.index('id="tome--glance"') < board_at, stem
            first = (record.data.get("sections") or [{}])[0].get("id")
            if first:
                assert board_at < page.index(f'id="{first}"'), stem
            if 'id="tome--play"' in page:
                assert board_at < page.index('id="tome--play"'), stem
            drawn = figures(page)
            if "board" in play:
                assert "tome-board-setup" in drawn, stem
            elif "layouts" in play:
                assert sorted(drawn) == [f"tome-board-{i}" for i in range(1, len(play["layouts"]) + 1)], stem
            else:
                assert not drawn, stem
                assert NO_BOARD in html.unescape(page), stem
            for figure in drawn.values():
                svg = figure.find(f"{SVG}svg")
                assert svg.get("role") == "img" and svg.get("viewBox"), stem
                assert figure.find(f".//{SVG}title").text and figure.find(f".//{SVG}desc").text, stem
                assert hidden_list(figure), stem
                assert "style" not in ET.tostring(figure, encoding="unicode"), stem  # the CSP: classes only


# ---------------------------------------------------------------------------- the pieces are the content's


def test_mechs_vs_minions_boards_draw_the_content_s_pieces_where_it_puts_them(site, games):
    game = games["mechs-vs-minions"]
    tiles = {stem: r.data for stem, r in game.tiles.items()}
    size = game.meta["constants"]["boss_size"]
    for stem, record in game.scenarios.items():
        play = record.data["play"]
        figure = figures(page_of(site, "mechs-vs-minions", stem))["tome-board-setup"]
        svg = figure.find(f"{SVG}svg")
        shards = sorted(tuple(s) for s in (play.get("crystal_shards") or {}).get("squares", []))
        assert pieces(svg, "crystal-shard") == shards, stem
        setup = play.get("setup_minions") or {}
        minions = sorted([tuple(s) for s in setup.get("squares", [])]
                         + (tile_squares(play, tiles, setup["on"]) if "on" in setup else []))
        assert pieces(svg, "minion") == minions, stem
        starts = tile_squares(play, tiles, play.get("mech_start", {"kind": "mech-start"}))
        assert pieces(svg, "start-space") == starts, stem
        assert len(starts) >= len(play["seats"]["order"]), stem  # a space for each seat
        for piece in ("bomb", "boss"):
            at = (play.get(piece) or {}).get("square")
            assert pieces(svg, piece) == ([tuple(at)] if at else []), stem
        said = " ".join(hidden_list(figure))
        for square in shards + minions + starts:
            assert notation(square) in said, (stem, square)
        if play.get("boss"):
            x, y = play["boss"]["square"]
            assert notation([x + size - 1, y + size - 1]) in said, stem  # the squares under all of it


def test_escalations_that_place_pieces_have_their_own_board(site, games):
    game = games["mechs-vs-minions"]
    for stem, record in game.scenarios.items():
        page = page_of(site, "mechs-vs-minions", stem)
        drawn = figures(page)
        for escalation in record.data["play"].get("escalations") or []:
            placed = [tuple(s) for step in escalation["then"] for s in step.get("place_minions", [])]
            key = f"tome-board-{escalation['id']}"
            assert (key in drawn) == bool(placed), (stem, key)
            if placed:
                assert pieces(drawn[key].find(f"{SVG}svg"), "minion") == sorted(placed), stem
                assert ", ".join(notation(s) for s in placed) in article_text(page), stem


def test_powerup_boards_draw_each_layout_s_pieces_where_it_puts_them(site, games):
    game = games["powerup"]
    for stem, record in game.scenarios.items():
        play = record.data.get("play")
        if not play:
            continue
        drawn = figures(page_of(site, "powerup", stem))
        for index, layout in enumerate(play["layouts"], 1):
            svg = drawn[f"tome-board-{index}"].find(f"{SVG}svg")
            width = max(t["at"][0] for t in layout["tiles"]) + 3
            height = max(t["at"][1] for t in layout["tiles"]) + 3
            squares = [e for e in svg.iter(f"{SVG}rect") if "tome-bd-sq" in (e.get("class") or "").split()]
            assert len(squares) == width * height, stem
            assert pieces(svg, "start") == sorted(tuple(s["at"]) for s in layout.get("start", [])), stem
            for on, css in ((True, "powerup-on"), (False, "powerup-off")):
                expected = sorted(tuple(p["at"]) for p in layout.get("powerups", []) if bool(p["on"]) is on)
                assert pieces(svg, css) == expected, stem
            for keys, css in ((("burps",), "burp"), (("bugs", "portal"), "bug"), (("npcs",), "npc")):
                placed = [e for key in keys for e in layout.get(key, [])]  # a portal part is the BUGs'
                assert pieces(svg, css) == sorted(tuple(e["at"]) for e in placed), stem
            assert pieces(svg, "drum") == sorted(tuple(d) for d in layout.get("drums", [])), stem
            said = " ".join(hidden_list(drawn[f"tome-board-{index}"]))
            for start in layout.get("start", []):
                assert notation(start["at"]) in said, stem
            for team in play.get("teams", []):  # a Deathmatch: each base tile outlined, and said in words
                place = next(t for t in layout["tiles"] if t["tile"] == team["base"])
                zone = f"tome-bd-zone--base-{team['id']}"
                outlined = [e for e in svg.iter(f"{SVG}rect") if zone in (e.get("class") or "").split()]
                assert len(outlined) == 9, (stem, team["id"])
                x, y = place["at"]
                assert f"{team['name']}'s base: tile " in said and f"{notation([x, y])} to " in said, stem


# ---------------------------------------------------------------------------- the legend


def test_each_legend_names_every_kind_of_square_zone_and_piece_its_boards_draw(site, games):
    for gid, game in games.items():
        terms = {t["id"] for t in game.terms}
        for stem in game.scenarios:
            page = page_of(site, gid, stem)
            drawn = figures(page)
            if not drawn:
                continue
            legend = re.search(r'<ul class="tome-bd-legend".*?</ul>', page, re.S).group(0)
            shown = set(re.findall(r"tome-bd-(?:sq|zone|piece)--[\w-]+", legend))
            for figure in drawn.values():
                for element in figure.iter():
                    classes = (element.get("class") or "").split()
                    for css in classes:
                        if css.startswith(("tome-bd-sq--", "tome-bd-zone--", "tome-bd-piece--")):
                            assert css in shown, (stem, css)
                            if css.startswith("tome-bd-sq--"):
                                colour = next((c for c in classes if c.startswith("tome-color--")), None)
                                if colour:
                                    assert f'{css} {colour}' in legend, (stem, css, colour)
            # each entry whose name is a glossary term links to it
            for href in re.findall(r'href="([^"]*glossary/#[^"]+)"', legend):
                assert href.rsplit("#", 1)[1] in terms, (stem, href)
            if gid == "mechs-vs-minions":
                for name, term in (("Crystal Shard", "crystal-shards"), ("Minion", "minions")):
                    if f">{name}<" in legend:
                        assert f'glossary/#{term}">{name}</a>' in legend, (stem, name)


# ---------------------------------------------------------------------------- no data's shape in the prose


def test_no_scenario_page_prints_coordinates_or_data_literals(site, games):
    for gid, game in games.items():
        for stem, record in game.scenarios.items():
            text = article_text(page_of(site, gid, stem)).replace(record.data["title"], " ")
            literals = (r"\[\s*\d+\s*,\s*\d+\s*\]", r"[{}]",
                        r"\bNone\b", r"\bTrue\b", r"\bFalse\b", r"\bset: ")
            for literal in literals:
                found = re.search(f".{{0,50}}{literal}.{{0,30}}", text)
                assert not found, (stem, found and found.group(0))
            assert not re.search(r"\b\w+: \.", text), stem  # a label with nothing after it


def test_escalations_read_as_sentences(site, games):
    game = games["mechs-vs-minions"]
    words = labels.LABELS["en"]["board"]
    for stem, record in game.scenarios.items():
        page = page_of(site, "mechs-vs-minions", stem)
        text = flat(article_text(page))
        items = {flat(html.unescape(re.sub(r"<[^>]+>", "", li)))
                 for li in re.findall(r"<li>(.*?)</li>", page, re.S)}
        for escalation in record.data["play"].get("escalations") or []:
            if escalation.get("text"):
                assert flat(escalation["text"]) in text, (stem, escalation["id"])
            trigger = words["triggers"][escalation["trigger"]].split("{")[0].strip()
            assert trigger in text, (stem, escalation["id"])
            # each step that is not the rulebook text's own switch is an item of a list, in words
            for step in escalation["then"]:
                for key, value in step.items():
                    if key == "set":
                        continue
                    squares = ", ".join(notation(s) for s in value) if key == "place_minions" else ""
                    sentence = words["steps"][key].format(value=value, squares=squares)
                    assert flat(sentence) in items, (stem, key)


# ---------------------------------------------------------------------------- in Chromium


@pytest.mark.browser
def test_the_widest_boards_fit_375_px_and_show_in_the_dark_scheme(chromium, site_url):
    context = chromium.new_context(viewport={"width": 375, "height": 800})
    try:
        tab = context.new_page()
        for path in ("mechs-vs-minions/scenarios/mission-02/", "powerup/scenarios/exodus/"):
            tab.goto(site_url + path)
            board = tab.locator("svg.tome-bd").last
            board.scroll_into_view_if_needed()
            assert tab.evaluate("document.documentElement.scrollWidth") <= 375, path
            box = board.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 375 and box["height"] > 100, (path, box)
            tab.evaluate("document.body.setAttribute('data-md-color-scheme', 'slate')")
            colours = tab.evaluate("""() => {
                const svg = [...document.querySelectorAll('svg.tome-bd')].pop();
                const fill = sel => getComputedStyle(svg.querySelector(sel)).fill;
                return {page: getComputedStyle(document.body).backgroundColor,
                        square: fill('.tome-bd-sq--open'),
                        piece: fill('.tome-bd-piece--minion, .tome-bd-piece rect'),
                        axis: fill('.tome-bd-axis text')};
            }""")
            assert colours["page"].startswith("rgb") and colours["square"].startswith("rgb"), colours
            assert colours["square"] != colours["page"], (path, colours)
            assert colours["piece"] not in (colours["page"], colours["square"]), (path, colours)
            assert colours["axis"] != colours["page"], (path, colours)
    finally:
        context.close()

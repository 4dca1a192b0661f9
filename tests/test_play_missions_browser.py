"""The Play page draws what Missions 1-10 add (docs-dev/CONTRACTS.md, "view() for Mechs vs. Minions").

Two layers, both in Debian's Chromium through Playwright against the built site:

- Drawing checks: the Tutorial's page fed, by a stand-in worker, a view that carries every mission key
  (zones, Rune Gates, Runes, the Doom Tracker, EZ-MODE, the rolled Rune Die, the 2x2 Boss with its
  Command Line, shields, Super Shield and draft, the Lava Wall, a Mech carrying a Crystal Shard,
  Schematic Cards, Overdrive) and Boss draft and EZ-MODE choices. These run as soon as the Tutorial is
  built, whatever missions are playable, and check what a user sees: text, colours, board positions,
  keyboard use, 375 px width and the dark scheme.
- Real missions: each mission page, played by the real engine in Pyodide, once the built site makes
  it playable (its `play:` block landed); a mission that is not playable yet is skipped with the reason.

With TABLETOME_SCREENSHOT_DIR=<folder> the drawing checks also save screenshots there.
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
from pathlib import Path
from urllib.parse import quote

import pytest
from web import (
    SITE,
    STUB_WORKER_JS,
    Recorder,
    SiteServer,
    needs_built,
    wait_for_game,
    wait_idle,
)

MVM = "mechs-vs-minions"
TUTORIAL = f"{MVM}/mission-00"
LOAD_TIMEOUT_MS = 90_000
STEP_TIMEOUT_MS = 30_000
SHOTS = os.environ.get("TABLETOME_SCREENSHOT_DIR")

pytestmark = [pytest.mark.browser, needs_built(f"{MVM}/scenarios/mission-00/")]


def page_of(mission: str) -> str:
    return f"{MVM}/scenarios/{mission}/"


def fragment(scenario: str, seed: int, players: int, actions: list[str]) -> str:
    ids = ",".join(quote(a, safe=":/") for a in actions)
    return f"#play={scenario}&seed={seed}&players={players}&actions={ids}"


def shot(page, name: str, selector: str | None = None) -> None:
    if not SHOTS:
        return
    Path(SHOTS).mkdir(parents=True, exist_ok=True)
    target = page.locator(selector) if selector else page
    target.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


# ------------------------------------------------------------------ a view with every mission key

BOSS_CARDS = {
    "boss-stomp": {"name": "Boss Stomp", "deck": "boss-cards", "element": "metal", "color": "green",
                   "text": "The Boss moves forward 2 spaces and deals 1 Damage to every Mech it pushes."},
    "boss-zap": {"name": "Boss Zap", "deck": "boss-cards", "element": "electric", "color": "yellow",
                 "text": "Deal 1 Damage to the nearest Mech."},
    "boss-burn": {"name": "Boss Burn", "deck": "boss-cards", "element": "fire", "color": "red",
                  "text": "Spawn a Minion on each Lava Pool."},
    "boss-scan": {"name": "Boss Scan", "deck": "boss-cards", "element": "computery", "color": "blue",
                  "text": "Turn to face the nearest Mech."},
}


def mission_view(view: dict) -> dict:
    """The Tutorial's view (6x6, two Mechs placed) grown into a 6x12 board with every key Missions
    1-10 add: the contract's shapes, filled with made-up but consistent values."""
    v = copy.deepcopy(view)
    sq = v["board"]["squares"]
    extra = [[{"kind": "open"} for _ in range(6)] for _ in range(6)]
    # Row 7 (y=6): a spawn zone; row 8: rune gates (red open, blue closed), repair pad, oil slick;
    # rows 9-10: the Boss on c9-d10, a boulder with spikes, a lava pool; row 12: the Lava Wall; an
    # assembly zone and a safety zone at the bottom corners.
    for x in range(6):
        extra[0][x]["zone"] = "spawn-zone"
    extra[1][0] = {"kind": "rune-gate", "color": "red", "closed": False}  # the red Rune is disabled
    extra[1][1] = {"kind": "rune-gate", "color": "blue", "closed": True}
    extra[1][4] = {"kind": "repair-pad"}
    extra[1][5] = {"kind": "oil-slick"}
    extra[2][0] = {"kind": "massive-boulder", "spikes": ["up", "right"]}
    extra[3][5] = {"kind": "lava-pool"}
    extra[4][0] = {"kind": "open", "zone": "assembly-zone"}
    extra[4][5] = {"kind": "open", "zone": "safety-zone"}
    extra[3][4] = {"kind": "rune-space", "color": "green", "zone": "bomb-deploy-zone"}
    v["board"] = {"width": 6, "height": 12, "squares": sq + extra}
    v["runes"] = {"red": False, "yellow": True, "blue": True, "green": False}
    v["ez"] = True
    v["rune_roll"] = "blue"
    v["doom"] = {"tracks": "the Boss's health", "value": 6, "max": 8}
    v["lava_wall"] = {"covered": [[x, 11] for x in range(6)], "speed": 1, "active": True, "direction": "up"}
    v["overdrive"] = True
    v["trackers"].update({"kill_tracker": 2, "team_gears": 15, "overdrive": True})
    mechs = [p for p in v["pieces"] if p["kind"] == "mech"]
    mechs[0]["carrying"] = True
    for m in mechs[1:]:
        m["carrying"] = False
    v["pieces"].append({"kind": "boss", "x": 2, "y": 8, "size": 2, "facing": "down", "health": 6, "max": 8})
    v["pieces"].append({"kind": "minion", "x": 3, "y": 6})
    v["boss"] = {
        "health": 6, "max": 8,
        "slots": [
            {"slot": 1, "element": "fire", "cards": ["boss-burn"], "power": 1, "default": "Move forward 1.",
             "charged": False},
            {"slot": 2, "element": "electric", "cards": ["boss-zap", "boss-zap", "boss-zap"], "power": 3,
             "default": "Deal 1 Damage to each adjacent Mech.", "charged": True},
            {"slot": 3, "element": "computery", "cards": [], "power": 0,
             "default": "Turn toward the nearest Mech.", "charged": False},
            {"slot": 4, "element": "metal", "cards": [], "power": 0,
             "default": "Spawn 2 Minions beside the Boss.", "charged": False},
        ],
        "shields": {"red": True, "yellow": False, "blue": True, "green": False},
        "super_shield": True,
        "draft": ["boss-stomp", "boss-scan"],
        "doom_cannon_power": 3,
    }
    v["cards"].update(BOSS_CARDS)
    v["seats"][0]["schematics"] = [
        {"id": "corki-hack", "name": "Hextech Hack", "type": "hack", "gears": 3, "active": True,
         "used": False, "text": "Once per round, swap two of your Command Line slots."},
        {"id": "corki-slot", "name": "Rocket Slot", "type": "slot", "gears": 9, "active": False,
         "used": False, "text": "Fits into your Command Line: move 1."},
    ]
    v["seats"][1]["schematics"] = [
        {"id": "tristana-boost", "name": "Big Boost", "type": "boost", "gears": 1, "active": True,
         "used": True, "text": "Add 1 Power to a slot this round."},
    ]
    v["prompt"] = "Corki: program a Boss Card"
    return v


def mission_legal(view: dict) -> list[dict]:
    return [
        {"id": "boss-pick:boss-stomp", "label": "Program Boss Stomp into the Boss Command Line", "seat": 0,
         "kind": "boss-pick", "card": "boss-stomp"},
        {"id": "boss-pick:boss-scan", "label": "Program Boss Scan into the Boss Command Line", "seat": 0,
         "kind": "boss-pick", "card": "boss-scan"},
        {"id": "target:2-8", "label": "Attack the Boss at c9", "seat": 0, "kind": "target", "square": [2, 8]},
        {"id": "target:4-7", "label": "Step onto the repair pad at e8", "seat": 0, "kind": "target",
         "square": [4, 7]},
    ]


@pytest.fixture(scope="module")
def stub_states() -> dict:
    """States by actions played: "" the EZ-MODE choice; "mode:ez" the full mission view; "mode:normal"
    the Tutorial's own first view."""
    import engine

    game = engine.new_game(TUTORIAL, seed=7, players=2)
    fresh = (game.view(), game.legal_actions())
    while any(a["kind"] == "setup" for a in game.legal_actions()):
        game.play(game.legal_actions()[0]["id"])
    plain = game.view()
    choose = copy.deepcopy(plain)
    choose["prompt"] = "Corki: play the mission in normal mode or EZ-MODE?"
    mode = [
        {"id": "mode:normal", "label": "Normal mode", "seat": 0, "kind": "mode"},
        {"id": "mode:ez", "label": "EZ-MODE (the mission's EZ-MODE values)", "seat": 0, "kind": "mode"},
    ]
    full = mission_view(plain)

    def state(view, legal):
        return {"view": view, "legal": legal, "over": False, "outcome": None}

    return {
        "": state(choose, mode),
        "mode:ez": state(full, mission_legal(full)),
        "mode:normal": state(*fresh),
    }


def open_stub(ctx, rec, site_url: str, states: dict, actions: list[str], scheme: str | None = None):
    """The Tutorial's page whose worker is the stand-in answering with `states`; scheme "slate" is
    mkdocs-material's dark scheme."""
    stub = STUB_WORKER_JS.replace("__STATES__", json.dumps(states))
    ctx.route(re.compile(r".*/assets/play/worker\.js(\?.*)?$"),
              lambda route: route.fulfill(status=200, content_type="text/javascript", body=stub))
    page = rec.watch(ctx.new_page())
    page.goto(site_url + page_of("mission-00") + fragment(TUTORIAL, 7, 2, actions))
    wait_idle(page, len(actions), timeout=LOAD_TIMEOUT_MS)
    if scheme:
        page.evaluate("(s) => document.body.setAttribute('data-md-color-scheme', s)", scheme)
    return page


BOARD_JS = """(area) => {
  const text = (el) => (el ? el.innerText.replace(/\\s+/g, ' ').trim() : null);
  const rect = (el) => {
    const r = el.getBoundingClientRect();
    return {x: r.x, y: r.y, w: r.width, h: r.height};
  };
  const sq = (x, y) => area.querySelector(`.tt-board .tt-sq[data-x="${x}"][data-y="${y}"]`);
  const boss = area.querySelector('.tt-board .tt-piece--boss');
  if (boss) boss.scrollIntoView({block: 'center'});
  const center = (el) => {
    const r = el.getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2];
  };
  return {
    header: text(area.querySelector('.tt-header')),
    mission: text(area.querySelector('.tt-mission')),
    doom: text(area.querySelector('.tt-doom')),
    doomValue: area.querySelector('.tt-doom') && area.querySelector('.tt-doom').dataset.value,
    doomMeter: area.querySelector('.tt-doom [role=meter]') &&
      area.querySelector('.tt-doom [role=meter]').getAttribute('aria-valuenow'),
    runes: [...area.querySelectorAll('.tt-runes-panel .tt-rune')].map((r) => [r.dataset.rune, r.dataset.on]),
    runeRoll: text(area.querySelector('.tt-rune-roll')),
    lava: text(area.querySelector('.tt-lava-panel')),
    lavaSquares: [...area.querySelectorAll('.tt-board .tt-sq--lava')]
      .map((s) => [+s.dataset.x, +s.dataset.y]),
    zones: [...area.querySelectorAll('.tt-board .tt-sq[data-zone]')].map((s) => s.dataset.zone),
    holes: area.querySelectorAll('.tt-board .tt-sq--none').length,
    legend: [...area.querySelectorAll('.tt-legend li')].map(text),
    gateRed: sq(0, 7) && sq(0, 7).className, gateBlue: sq(1, 7) && sq(1, 7).className,
    gateRedTitle: sq(0, 7) && (sq(0, 7).title || sq(0, 7).getAttribute('aria-label')),
    zoneBg: sq(1, 6) && getComputedStyle(sq(1, 6)).backgroundColor,
    openBg: sq(1, 1) && getComputedStyle(sq(1, 1)).backgroundColor,
    boss: boss && {label: boss.getAttribute('aria-label'), facing: boss.dataset.facing, text: text(boss),
                   rect: rect(boss), a: rect(sq(2, 8)), d: rect(sq(3, 9))},
    bossSquare: sq(2, 8) && {tag: sq(2, 8).tagName, label: sq(2, 8).getAttribute('aria-label'),
                             hit: document.elementFromPoint(...center(sq(2, 8))) === sq(2, 8)},
    bossPanel: text(area.querySelector('.tt-boss')),
    bossSlots: [...area.querySelectorAll('.tt-slots--boss > li')].map((li) => ({
      slot: li.dataset.slot, power: li.dataset.power, doom: li.classList.contains('tt-slot--doom'),
      text: text(li)})),
    shields: [...area.querySelectorAll('.tt-boss__shields .tt-rune')]
      .map((r) => [r.dataset.rune, r.dataset.on]),
    carrying: [...area.querySelectorAll('.tt-board .tt-piece--mech')].map((m) => [m.dataset.seat,
      m.getAttribute('aria-label'), !!m.querySelector('.tt-piece__carried')]),
    schematics: [...area.querySelectorAll('.tt-seat')].map((s) =>
      [...s.querySelectorAll('.tt-schematic')].map((x) => [x.dataset.schematic, x.dataset.state, text(x)])),
    bossPicks: [...area.querySelectorAll('.tt-actions button[data-action^="boss-pick:"]')].map(text),
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  };
}"""


TO_TOOLBAR_JS = "() => { document.querySelector('.tt-play .tt-toolbar').scrollIntoView(); scrollBy(0, -60); }"
FOCUSED_ACTION_JS = "() => document.activeElement && document.activeElement.dataset.action"


def board_facts(page) -> dict:
    return page.eval_on_selector(".tt-play", BOARD_JS)


# ------------------------------------------------------------------ drawing checks (stand-in worker)


def test_every_mission_key_is_drawn(context, site_url, stub_states):
    """Zones, Rune Gates, Runes, Doom Tracker, EZ-MODE, Rune Die, the Boss, the Lava Wall, a carried
    Crystal Shard, Schematic Cards and Overdrive: each shows what it is in words and on the board."""
    ctx, rec = context
    page = open_stub(ctx, rec, site_url, stub_states, ["mode:ez"])
    f = board_facts(page)

    assert "EZ-MODE" in f["header"]
    assert "Team Gears 15" in f["header"] and "Kill Tracker 2" in f["header"]
    assert "Overdrive ON!" in f["header"]
    # Doom Tracker: what it tracks, value / max and a bar.
    assert "doom tracker" in f["doom"].lower() and "the Boss's health" in f["doom"] and "6 / 8" in f["doom"]
    assert f["doomValue"] == "6" and f["doomMeter"] == "6"
    # Runes: four coins in order, active or disabled in words.
    assert f["runes"] == [["red", "false"], ["yellow", "true"], ["blue", "true"], ["green", "false"]]
    assert "Red disabled" in f["mission"] and "Yellow active" in f["mission"]
    assert f["runeRoll"].lower() == "rune die rolled blue"
    assert "overdrive!" in f["mission"].lower()
    # Lava Wall: its squares are lava, the panel says speed and that it moves.
    assert sorted(f["lavaSquares"]) == [[x, 11] for x in range(6)]
    assert "moving up" in f["lava"] and "speed 1 space" in f["lava"] and "6 spaces covered" in f["lava"]
    # Zones: tinted, with legend entries.
    assert f["zones"].count("spawn-zone") == 6
    assert {"assembly-zone", "safety-zone", "bomb-deploy-zone"} <= set(f["zones"])
    assert f["zoneBg"] != f["openBg"]
    for entry in ("Spawn zone", "Assembly zone", "Bomb deploy zone", "Safety zone", "Lava Wall", "Rune Gate",
                  "Repair Pad", "Oil Slick", "Lava Pool", "Massive Boulder", "Mech carrying a Crystal Shard"):
        assert any(entry in item for item in f["legend"]), (entry, f["legend"])
    # Rune Gates: the red Rune is disabled, so its gate is open; blue is active: closed.
    assert "tt-gate--open" in f["gateRed"] and "tt-c-red" in f["gateRed"]
    assert "tt-gate--closed" in f["gateBlue"]
    assert "Red Rune Gate, open" in f["gateRedTitle"]
    # The Boss: one token over c9-d10, facing down, with its health.
    boss = f["boss"]
    assert boss["facing"] == "down" and "health 6 of 8" in boss["label"] and "BOSS" in boss["text"]
    assert boss["rect"]["x"] >= boss["a"]["x"] - 1 and boss["rect"]["y"] >= boss["a"]["y"] - 1
    assert boss["rect"]["x"] + boss["rect"]["w"] <= boss["d"]["x"] + boss["d"]["w"] + 1
    assert boss["rect"]["y"] + boss["rect"]["h"] <= boss["d"]["y"] + boss["d"]["h"] + 1
    assert boss["rect"]["w"] > 1.2 * boss["a"]["w"], "the Boss spans two squares"
    # A legal action on a Boss square stays a clickable button under the token.
    assert f["bossSquare"]["tag"] == "BUTTON" and "The Boss" in f["bossSquare"]["label"]
    assert "Attack the Boss at c9" in f["bossSquare"]["label"] and f["bossSquare"]["hit"]
    # The Boss Command Line: 4 slots, stacked cards, power, default text, Doom Cannon warning.
    assert [s["slot"] for s in f["bossSlots"]] == ["1", "2", "3", "4"]
    assert "Boss Burn" in f["bossSlots"][0]["text"] and "P1" in f["bossSlots"][0]["text"]
    assert f["bossSlots"][1]["doom"] and "doom cannon charged" in f["bossSlots"][1]["text"].lower()
    assert "under: Boss Zap, Boss Zap" in f["bossSlots"][1]["text"]
    assert "Default: Turn toward the nearest Mech." in f["bossSlots"][2]["text"]
    assert not f["bossSlots"][2]["doom"]
    assert "GG-101 Doom Cannon charged: slot 2" in f["bossPanel"]
    assert "Health 6 / 8" in f["bossPanel"] and "Super Shield up" in f["bossPanel"]
    assert f["shields"] == [["red", "true"], ["yellow", "false"], ["blue", "true"], ["green", "false"]]
    # The Boss draft: the two cards with their text, as buttons.
    assert "boss draft" in f["bossPanel"].lower() and BOSS_CARDS["boss-stomp"]["text"] in f["bossPanel"]
    assert len(f["bossPicks"]) == 2
    assert "Program Boss Stomp" in f["bossPicks"][0] and BOSS_CARDS["boss-stomp"]["text"] in f["bossPicks"][0]
    # The carried Crystal Shard.
    assert f["carrying"][0][2] and "carrying a Crystal Shard" in f["carrying"][0][1]
    assert not f["carrying"][1][2]
    # Schematic Cards: active ones show their text; face-down ones their type and gears; used ones say so.
    corki, tristana = f["schematics"]
    assert corki[0][1] == "active" and "Once per round" in corki[0][2] and "needs 3 Team Gears" in corki[0][2]
    assert corki[1][1] == "face down" and "Face down" in corki[1][2] and "needs 9 Team Gears" in corki[1][2]
    assert "Once per round" not in corki[1][2] and "Slot" in corki[1][2]
    assert tristana[0][1] == "used" and "used" in tristana[0][2]
    assert f["overflow"] <= 0
    shot(page, "mission-view-light", ".tt-play")
    rec.assert_clean()


def test_ez_mode_choice_and_boss_pick_by_keyboard(context, site_url, stub_states):
    """The first choice of a mission, normal mode or EZ-MODE, and a Boss Card pick: reachable with Tab
    and played with Enter; the EZ-MODE badge appears once chosen."""
    ctx, rec = context
    page = open_stub(ctx, rec, site_url, stub_states, [])
    group = page.locator(".tt-actions .tt-group--mode")
    assert "normal or ez-mode" in group.inner_text().lower() and "EZ-MODE (" in group.inner_text()
    assert page.locator(".tt-ez").count() == 0
    shot(page, "mission-mode-choice", ".tt-play")
    # Tab from the Undo button until the EZ-MODE button has the focus.
    page.focus(".tt-play .tt-new")
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED_ACTION_JS) == "mode:ez":
            break
    else:
        pytest.fail("Tab never reached the EZ-MODE button")
    page.keyboard.press("Enter")
    wait_idle(page, 1)
    assert page.locator(".tt-header .tt-ez").inner_text() == "EZ-MODE"
    # The focus went to the first choice; Tab reaches the Boss picks and the Boss-square target.
    reached = set()
    for _ in range(60):
        action = page.evaluate(FOCUSED_ACTION_JS)
        if action:
            reached.add(action)
        page.keyboard.press("Tab")
    assert {"boss-pick:boss-stomp", "boss-pick:boss-scan", "target:2-8"} <= reached, reached
    rec.assert_clean()


def test_tutorial_view_without_mission_keys(context, site_url, stub_states):
    """A view without the new keys (the Tutorial) draws no mission panel, Boss or badge."""
    ctx, rec = context
    page = open_stub(ctx, rec, site_url, stub_states, ["mode:normal"])
    assert page.locator(".tt-mission").is_hidden()
    assert page.locator(".tt-boss").is_hidden()
    assert page.locator(".tt-ez").count() == 0
    assert page.locator(".tt-schematic").count() == 0
    assert page.locator(".tt-board .tt-sq").count() == 36
    assert page.locator(".tt-board .tt-sq--action").count() > 0
    rec.assert_clean()


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_mission_view_at_375_px(context, site_url, stub_states, scheme):
    """At 375 px, in the light and the dark scheme: nothing sticks out sideways, squares stay usable,
    the Boss slots and the mission panels fit, and the text keeps its contrast."""
    ctx, rec = context
    page = open_stub(ctx, rec, site_url, stub_states, ["mode:ez"], scheme=scheme)
    page.set_viewport_size({"width": 375, "height": 900})
    page.wait_for_timeout(200)
    f = board_facts(page)
    assert f["overflow"] <= 0, f"the page is {f['overflow']} px wider than the screen"
    sizes = page.eval_on_selector(
        ".tt-play",
        """(area) => {
          const inside = (el) => {
            const r = el.getBoundingClientRect();
            return r.left >= -1 && r.right <= innerWidth + 1;
          };
          const sq = area.querySelector('.tt-board .tt-sq').getBoundingClientRect();
          const boxes = [...area.querySelectorAll(
            '.tt-panel, .tt-boss, .tt-slots--boss > li, .tt-schematic, .tt-actions button, .tt-legend li')];
          const fg = getComputedStyle(area.querySelector('.tt-doom__value')).color;
          const bg = getComputedStyle(document.body).backgroundColor;
          return {square: sq.width, outside: boxes.filter((b) => !inside(b)).map((b) => b.className), fg, bg};
        }""",
    )
    assert sizes["square"] >= 28, sizes
    assert not sizes["outside"], sizes["outside"]
    assert sizes["fg"] != sizes["bg"]
    page.evaluate(TO_TOOLBAR_JS)
    shot(page, f"mission-view-375-{scheme}")
    page.evaluate("() => document.querySelector('.tt-play .tt-boss').scrollIntoView()")
    shot(page, f"mission-boss-375-{scheme}")
    rec.assert_clean()


# ------------------------------------------------------------------ real missions (Pyodide)


def need_playable(mission: str) -> None:
    """Every mission is playable: its page in the built site has a Play area."""
    page = SITE / page_of(mission) / "index.html"
    assert 'class="tt-play"' in page.read_text(encoding="utf-8"), f"{page} has no Play area"


def engine_game(mission: str, seed: int, players: int):
    import engine

    scenario = f"{MVM}/{mission}"
    assert scenario in engine.scenarios(), f"{scenario} has a Play area but the engine does not offer it"
    return engine.new_game(scenario, seed=seed, players=players)


def open_real(ctx, rec, site_url: str, mission: str, seed: int, players: int, actions: list[str]):
    """The mission's page on a share link, replayed by the real engine: fails with the page's error."""
    page = rec.watch(ctx.new_page())
    page.goto(site_url + page_of(mission) + fragment(f"{MVM}/{mission}", seed, players, actions))
    page.wait_for_function(
        """(n) => {
          const area = document.querySelector('.tt-play');
          const error = area && area.querySelector('.tt-error:not([hidden])');
          return error || (area && !area.hasAttribute('aria-busy') && area.dataset.ttActions === String(n));
        }""",
        arg=len(actions),
        timeout=LOAD_TIMEOUT_MS,
    )
    error = page.locator(".tt-play .tt-error:not([hidden])")
    assert error.count() == 0, f"{mission}: {error.inner_text()}"
    return page


def line_until(mission: str, seed: int, players: int, stop, first: list[str], limit: int = 600):
    """Action ids of a line of legal play (random choices, seeded) from `first` until stop(view)."""
    for k in range(12):
        game = engine_game(mission, seed, players)
        actions = []
        for a in first:
            game.play(a)
            actions.append(a)
        rng = random.Random(k)
        while len(actions) < limit and not game.over:
            if stop(game.view()):
                return actions, game
            legal = [a for a in game.legal_actions() if a["id"] != "draft:timeout"] or game.legal_actions()
            action = legal[rng.randrange(len(legal))]["id"]
            game.play(action)
            actions.append(action)
        if stop(game.view()):
            return actions, game
    return None, None


def mode_first(game) -> list[str]:
    kinds = {a["kind"] for a in game.legal_actions()}
    return ["mode:ez"] if "mode" in kinds else []


@pytest.fixture(scope="module")
def mission_tab(chromium):
    """One tab that goes from mission page to mission page, as a reader opening share links does: each page
    boots its Play worker from the HTTP cache (warm)."""
    server = SiteServer(SITE)
    ctx = chromium.new_context(viewport={"width": 1100, "height": 1300})
    rec = Recorder(ctx)
    try:
        page = rec.watch(ctx.new_page())
        page.goto(server.url + f"{MVM}/")
        yield server, page, rec
    finally:
        ctx.close()
        server.stop()


@pytest.mark.parametrize("mission", [f"mission-{n:02d}" for n in range(1, 11)])
def test_real_mission_opens_with_its_trackers(mission_tab, mission):
    """Each playable mission, its share link followed from the page before: the page offers normal mode or
    EZ-MODE when the mission has one; after EZ-MODE the badge shows, and the Doom Tracker, Runes, Boss and
    Lava Wall the engine's view holds are drawn with the engine's values."""
    need_playable(mission)
    server, page, rec = mission_tab
    game = engine_game(mission, 3, 2)
    legal = game.legal_actions()
    page.goto(server.url + page_of(mission) + fragment(f"{MVM}/{mission}", 3, 2, []))
    wait_for_game(page, f"{MVM}/{mission}", 0, LOAD_TIMEOUT_MS)
    if any(a["kind"] == "mode" for a in legal):
        assert page.locator('.tt-actions button[data-action="mode:ez"]').is_visible()
        assert page.locator('.tt-actions button[data-action="mode:normal"]').is_visible()
        page.click('.tt-actions button[data-action="mode:ez"]')
        wait_idle(page, 1, timeout=STEP_TIMEOUT_MS)
        game.play("mode:ez")
        assert page.locator(".tt-header .tt-ez").is_visible()
    view = game.view()
    f = board_facts(page)
    if view.get("doom"):
        assert f["doomValue"] == str(view["doom"]["value"]), f["doom"]
        if view["doom"].get("max"):
            assert f"{view['doom']['value']} / {view['doom']['max']}" in f["doom"]
    else:
        assert f["doom"] is None
    if view.get("runes"):
        assert f["runes"] == [[c, "true" if on else "false"] for c, on in view["runes"].items()]
    if view.get("boss"):
        assert f["boss"] is not None and f["bossPanel"] is not None
        assert len(f["bossSlots"]) == len(view["boss"]["slots"])
    if view.get("lava_wall"):
        assert sorted(f["lavaSquares"]) == sorted(list(map(list, view["lava_wall"]["covered"])))
        assert f["lava"] is not None
    zones = sorted(sq["zone"] for row in view["board"]["squares"] for sq in row if sq and sq.get("zone"))
    assert sorted(f["zones"]) == zones
    # a board that is not a rectangle (Mission 2's T of tiles) leaves its holes blank
    assert f["holes"] == sum(1 for row in view["board"]["squares"] for sq in row if sq is None)
    assert f["overflow"] <= 0
    shot(page, f"real-{mission}", ".tt-play")
    rec.assert_clean()


def test_real_boss_panel_mission_03(context, site_url):
    """Mission 3: the Boss is one 2x2 token with its health, and its Command Line panel shows 4 slots
    with their elements and default texts."""
    need_playable("mission-03")
    ctx, rec = context
    game = engine_game("mission-03", 5, 2)
    first = mode_first(game)
    for a in first:
        game.play(a)
    view = game.view()
    page = open_real(ctx, rec, site_url, "mission-03", 5, 2, first)
    f = board_facts(page)
    boss = next(p for p in view["pieces"] if p["kind"] == "boss")
    assert f["boss"] is not None and f"health {boss['health']}" in f["boss"]["label"]
    assert f["boss"]["rect"]["w"] > 1.2 * f["boss"]["a"]["w"]
    assert len(f["bossSlots"]) == 4
    for slot, drawn in zip(view["boss"]["slots"], f["bossSlots"], strict=True):
        if not slot["cards"] and slot.get("default"):
            assert slot["default"] in drawn["text"]
    assert f"{view['boss']['health']} / {view['boss']['max']}" in f["bossPanel"]
    shot(page, "real-mission-03-boss", ".tt-play")
    rec.assert_clean()


@pytest.mark.parametrize("mission", ["mission-05", "mission-09"])
def test_real_lava_wall(context, site_url, mission):
    """Missions 5 and 9: the Lava Wall's squares are drawn as lava and its panel gives speed and state."""
    need_playable(mission)
    ctx, rec = context
    game = engine_game(mission, 2, 2)
    first = mode_first(game)
    flowing = lambda v: bool((v.get("lava_wall") or {}).get("covered"))  # noqa: E731
    actions, game = line_until(mission, 2, 2, flowing, first, limit=400)
    if actions is None:
        actions, game = first, engine_game(mission, 2, 2)
        for a in first:
            game.play(a)
    view = game.view()
    assert view.get("lava_wall"), f"{mission}'s view has no lava_wall"
    page = open_real(ctx, rec, site_url, mission, 2, 2, actions)
    f = board_facts(page)
    assert sorted(f["lavaSquares"]) == sorted(list(map(list, view["lava_wall"]["covered"])))
    assert f"speed {view['lava_wall']['speed']}" in f["lava"]
    shot(page, f"real-{mission}-lava", ".tt-play")
    rec.assert_clean()


def test_real_carried_shard_mission_02(context, site_url):
    """Mission 2: a Mech that picked up a Crystal Shard is drawn carrying it (and says so)."""
    need_playable("mission-02")
    ctx, rec = context
    game = engine_game("mission-02", 4, 2)
    first = mode_first(game)
    carrying = lambda v: any(p.get("carrying") for p in v["pieces"] if p["kind"] == "mech")  # noqa: E731
    actions, game = line_until("mission-02", 4, 2, carrying, first)
    assert actions is not None, "no seeded line of random play reached a Mech carrying a Crystal Shard"
    page = open_real(ctx, rec, site_url, "mission-02", 4, 2, actions)
    f = board_facts(page)
    carriers = {str(p["seat"]) for p in game.view()["pieces"] if p["kind"] == "mech" and p.get("carrying")}
    drawn = {seat for seat, _label, badge in f["carrying"] if badge}
    assert drawn == carriers
    assert any("Mech carrying a Crystal Shard" in item for item in f["legend"])
    shot(page, "real-mission-02-shard", ".tt-play")
    rec.assert_clean()

"""Shared fixtures: the repo, a copy of the small valid content tree, and built sites.

Full builds are slow-ish (mkdocs + wheel + Pyodide copy), so each is made once per
session and shared; tests that need a fresh output folder copy one. The browser tests share
one Chromium and one server of site/ for the whole session (see web.py).
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from playwright import sync_api
from web import CHROMIUM, SITE, Profiles, Recorder, SiteServer, not_built

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

FIXTURE_CONTENT = REPO / "tests" / "fixtures" / "content"
BAD_CASES = REPO / "tests" / "bad"

# The fixture tree names one effect; the stub engine below implements it.
FIXTURE_EFFECTS = frozenset({"fuel_tank_detonation"})


def fixture_effects(game: str) -> set:
    return set(FIXTURE_EFFECTS)


def quiet(message: str) -> None:
    pass


@pytest.fixture
def fixture_content(tmp_path: Path) -> Path:
    """A writable copy of tests/fixtures/content (a small, valid tree)."""
    target = tmp_path / "content"
    shutil.copytree(FIXTURE_CONTENT, target)
    return target


def make_stub_engine(folder: Path) -> Path:
    """A minimal importable `engine` package, for builds of the fixture tree."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "__init__.py").write_text(
        '"""Stub engine for tests."""\n\n\ndef implemented_effects(game):\n'
        f"    return {set(FIXTURE_EFFECTS)!r}\n",
        encoding="utf-8",
    )
    return folder


def build_fixture_site(content: Path, root: Path) -> Path:
    """A fixture tree built with the stub engine (root/engine) into root/site; the site's folder."""
    from site_src import pipeline

    out = root / "site"
    pipeline.build(REPO, out, log=quiet, content_dir=content, engine_dir=make_stub_engine(root / "engine"),
                   effects=fixture_effects)
    return out


@pytest.fixture(scope="session")
def checked_content():
    """The real content/ as the build loads it (checked once per test process: real_content.checked)."""
    import real_content

    return real_content.checked()


@pytest.fixture(scope="module")
def game(request, checked_content):
    """The game named by the test module's GAME, from the checked content."""
    return checked_content.content.games[request.module.GAME]


@pytest.fixture(scope="session")
def built_site() -> tuple[Path, dict]:
    """The site `build.py test` has just built from the real content/ and engine/ (site/, or TABLETOME_SITE):
    (site, its engine manifest). One build for the whole suite: each xdist worker building its own copy
    cost a minute of the two cores."""
    manifest = SITE / "engine" / "manifest.json"
    assert manifest.is_file(), f"{SITE} is not built (run `python3 build.py build`; `build.py test` does)"
    return SITE.resolve(), json.loads(manifest.read_text(encoding="utf-8"))


def pytest_configure(config):
    config.addinivalue_line("markers", "needs_built(page): reads the built page (web.needs_built); fails "
                            "when site/ does not hold it")


def pytest_collection_modifyitems(config, items):
    """The browser tests first, then the rest (build.py test runs them with `--dist load --maxschedchunk 1`,
    which hands tests out one or two at a time in this order): both cores then drive Chromium together, and
    run the engine tests together after. Without --maxschedchunk, xdist first gives each worker a quarter of
    the tests in one block, so one worker ran all the browser tests while the other ran engine tests: a
    whole run took 716 s, 687 s with the order kept (both measured on the same tree)."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is None)


def pytest_runtest_setup(item):
    for mark in item.iter_markers("needs_built"):
        missing = not_built(mark.args[0])
        if missing:
            pytest.fail(missing, pytrace=False)


@pytest.fixture(scope="session")
def chromium(tmp_path_factory):
    """Debian's Chromium driven by Playwright: `chromium.new_context(...)` gives a context as fresh as an
    incognito one but for the HTTP and code caches of this worker's earlier tests (web.Profiles)."""
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing (`build.py test` installs it with apt-get)"
    with sync_api.sync_playwright() as p:
        yield Profiles(p, tmp_path_factory.mktemp("chromium-profiles"))


@pytest.fixture(scope="session")
def site_url():
    """The built site/ (or TABLETOME_SITE) served on 127.0.0.1 for the whole session: its URL."""
    assert (SITE / "index.html").is_file(), (
        f"{SITE} is not built (run `python3 build.py build` first; `build.py test` does)")
    with SiteServer(SITE) as server:
        yield server.url


HOSTILE = '<script>alert(1)</script><img src=x onerror="alert(2)">'


def hostile(field: str) -> str:
    """The hostile text put into one field of the hostile fixture: a tag naming the field, then HOSTILE.
    A page that prints the field shows `H-<field> <script>alert(1)</script>…` as text."""
    return f"H-{field} {HOSTILE}"


# Where hostile_site puts hostile text: file (under content/mechs-vs-minions/) -> (old, new) replacements.
# Every field a template prints from content: names, titles, texts, notes, sources, labels, summaries.
HOSTILE_EDITS = {
    "game.yaml": [
        ("title: Mechs vs. Minions", f"title: 'Mechs vs. Minions {hostile('game-title')}'"),
        ("summary: A small, valid test tree for the checker.", f"summary: '{hostile('game-summary')}'"),
        ("  - name: Map Tiles", f"  - name: '{hostile('component-name')}'"),
        ("    note: Make up the Game Board.", f"    note: '{hostile('component-note')}'"),
        ("{id: fire, name: Fire, color: red, scrap: repair}",
         f"{{id: fire, name: '{hostile('element-name')}', color: red, scrap: repair}}"),
        ("  source: Test fixture rulebook, Setup", f"  source: '{hostile('game-source')}'"),
    ],
    "glossary.yaml": [
        ("A Yordle who pilots a Mech.", f"A Yordle {hostile('definition')} [x](javascript:alert(2))."),
        ("    term: Draft\n", f"    term: '{hostile('term')}'\n    aliases: ['{hostile('alias')}']\n"),
    ],
    "rules/basics.md": [
        ("title: Basics", f"title: '{hostile('rules-title')}'\nsummary: '{hostile('rules-summary')}'"),
        ("  source: Test fixture rulebook, Basics", f"  source: '{hostile('rules-source')}'"),
        ("Draft, program, execute.",
         f"Draft, program, execute. {hostile('rules-body')} [x](javascript:alert(4))"),
        ("### Execute Command Lines", f"### Execute {hostile('rules-heading')}"),
    ],
    "cards/command-cards.yaml": [
        ("name: Command Card Deck", f"name: '{hostile('deck-name')}'"),
        ("name: Blaze", f"name: 'Blaze {hostile('card-name')}'"),
        ("text: Move 1.", f"text: 'Move 1 {hostile('power-text')} [x](javascript:alert(3))'"),
        ("note: Made up for the checker's tests.", f"note: '{hostile('card-note')}'"),
        ("Detonate instead of taking damage.", f"Detonate {hostile('ability')}"),
        ('source: "Test fixture rulebook, Blaze"', f"source: '{hostile('card-source')}'"),
    ],
    "cards/damage-cards.yaml": [
        ("name: Glitch", f"name: '{hostile('damage-name')}'"),
        ("text: Swap two slots.", f"text: '{hostile('damage-text')}'"),
    ],
    "scenarios/mission-00.yaml": [
        ("title: Tutorial", f"title: 'Tutorial </title>{hostile('scenario-title')}'"),
        ("objective: Destroy the Crystal Shard!", f"objective: '{hostile('objective')}'"),
        ("    title: Setup", f"    title: '{hostile('section-title')}'"),
        ("    text: Place the Mechs.", f"    text: '{hostile('section-text')}'"),
        ("text: Once all Minions are slain, the Tutorial is Complete!", f"text: '{hostile('victory')}'"),
    ],
    "tiles/small.yaml": [("name: Small Tile", f"name: '{hostile('tile-name')}'")],
}

# A kind drawn by records.py (a record page and the kind's index page) and a gallery grouped by a
# field of the file (the Schematic Cards by Yordle): one Command Line.
HOSTILE_COMMAND_LINE = f"""id: corki
name: '{hostile('yordle')}'
schematics:
  - id: corki-valkyrie
    name: '{hostile('schematic-name')}'
    type: hack
    gears: 2
    unlocked_by: 1
    text: '{hostile('schematic-text')} [x](javascript:alert(5))'
    steps:
      - move: {{distance: [1, 4]}}
    provenance:
      source: '{hostile('schematic-source')}'
      status: uncertain
      note: '{hostile('schematic-note')}'
overdrive:
  name: '{hostile('overdrive-name')}'
  text: '{hostile('overdrive-text')}'
  steps:
    - move: {{distance: 1, directions: [forward, back, left, right]}}
provenance:
  source: '{hostile('command-line-source')}'
  status: adapted
  note: '{hostile('command-line-note')}'
"""


@pytest.fixture(scope="session")
def hostile_site(tmp_path_factory) -> Path:
    """The fixture tree with HTML and script links in every field a template prints (HOSTILE_EDITS,
    HOSTILE_COMMAND_LINE); built once (with a stub engine) for every escaping test."""
    root = tmp_path_factory.mktemp("hostile")
    content = root / "content"
    shutil.copytree(FIXTURE_CONTENT, content)
    for name, replacements in HOSTILE_EDITS.items():
        path = content / "mechs-vs-minions" / name
        text = path.read_text(encoding="utf-8")
        for old, new in replacements:
            assert old in text, (name, old)
            text = text.replace(old, new)
        path.write_text(text, encoding="utf-8")
    lines = content / "mechs-vs-minions" / "command-lines"
    lines.mkdir()
    (lines / "corki.yaml").write_text(HOSTILE_COMMAND_LINE, encoding="utf-8")
    return build_fixture_site(content, root)


@pytest.fixture
def context(chromium):
    """A fresh browser context for one play-page test, with a Recorder of console errors and requests."""
    ctx = chromium.new_context(viewport={"width": 1100, "height": 1300})
    recorder = Recorder(ctx)
    try:
        yield ctx, recorder
    finally:
        ctx.close()


@pytest.fixture
def mvm_tree(tmp_path) -> Path:
    """A copy of content/ holding Mechs vs. Minions only (it checks clean alone), for tests that break it."""
    from site_src.check import checker

    root = tmp_path / "content"
    shutil.copytree(REPO / "content" / "mechs-vs-minions", root / "mechs-vs-minions")
    assert checker.check(root).problems == []
    return root

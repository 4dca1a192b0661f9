"""The full build: the site's layout, the engine wheel and manifest, the vendored Pyodide,
rule anchors, escaping of content text, and a failed build that leaves the previous output
byte-identical. Links, anchors and resources of every page: tests/test_site_crawl.py."""

from __future__ import annotations

import hashlib
import html
import json
import re
import shutil
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
import real_content
from conftest import FIXTURE_CONTENT, REPO, fixture_effects, quiet
from web import parse

from site_src import pipeline
from site_src.compile import catalog
from site_src.compile.playable import playable_records, playable_scenarios


def tree_hash(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        if path.is_file():
            digest.update(path.read_bytes())
    return digest.hexdigest()


# ---------------------------------------------------------------- layout


def test_pages_exist_for_all_content(built_site):
    site, _manifest = built_site
    content = real_content.content()
    assert (site / "index.html").is_file()
    assert (site / "404.html").is_file()
    for game in content.games.values():
        for page in (f"{game.id}/", f"{game.id}/glossary/", f"{game.id}/cards/"):
            assert (site / page / "index.html").is_file(), page
        for rules_page in game.rules:
            assert (site / game.id / "rules" / rules_page.id / "index.html").is_file()
        for scenario in game.scenarios:
            assert (site / game.id / "scenarios" / scenario / "index.html").is_file()


def test_home_lists_every_game_with_counts(built_site):
    site, _manifest = built_site
    content = real_content.content()
    home = (site / "index.html").read_text(encoding="utf-8")
    for game in content.games.values():
        counts = game.counts()
        assert f'href="{game.id}/"' in home
        assert f"{counts['terms']} glossary term" in home
        # the game's own counts line (a count found on another game's line once passed for it)
        line = re.search(rf'<p class="tome-counts"[^>]*data-game="{game.id}".*?</p>', home, re.S).group(0)
        playable = len(playable_scenarios(game)) or len(playable_records(game, "villains"))
        assert f"({playable} playable" in line, game.id


def test_browser_titles_name_the_site_once(built_site):
    """A tab reads "<page> - <site>", and the home page's is the site's name alone (it once read
    "Tabletome - Tabletome — rules you can play")."""
    from site_src.publish.mkdocs_run import SITE_NAME

    site, _manifest = built_site
    titles = {}
    for page in sorted(site.rglob("index.html")):
        match = re.search(r"<title>([^<]*)</title>", page.read_text(encoding="utf-8"))
        assert match, page
        titles[page.relative_to(site).as_posix()] = html.unescape(match.group(1))
    assert titles["index.html"] == SITE_NAME
    doubled = {page: title for page, title in titles.items()
               if len(parts := title.split(" - ")) != len(set(parts)) or title.count("Tabletome") > 1}
    assert doubled == {}


def test_manifest_wheel_and_runtime(built_site):
    site, manifest = built_site
    assert set(manifest) >= {"wheel", "wheel_sha256", "pyodide", "rules"}
    wheel = site / manifest["wheel"]
    assert wheel.is_file() and wheel.name.endswith("-py3-none-any.whl")
    assert wheel.name.startswith("tabletome_engine-")
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == manifest["wheel_sha256"]
    lock = json.loads((REPO / "pyodide.lock.json").read_text(encoding="utf-8"))
    assert manifest["pyodide"] == f"pyodide/{lock['version']}/"
    for name, digest in lock["files"].items():
        path = site / manifest["pyodide"] / name
        assert path.is_file(), name
        assert hashlib.sha256(path.read_bytes()).hexdigest() == digest, name


def test_the_bundle_step_works_from_any_working_folder(tmp_path, monkeypatch):
    """A clone anywhere builds: esbuild names its outputs relative to its own working folder
    (site_src/assets/), which a build run from a folder of another depth once resolved against its own
    (a clone in /tmp/fresh failed: "play.js.map is not in the subpath of ...")."""
    from site_src.publish import assets

    out = tmp_path / "docs" / "assets"
    out.mkdir(parents=True)
    deep = tmp_path / "a" / "b" / "c" / "d" / "e"
    deep.mkdir(parents=True)
    monkeypatch.chdir(deep)
    sizes = assets.bundle(out, log=lambda message: None)
    assert {"play/play.js", "play/worker.js", "tome.css", "tooltips.js"} <= set(sizes)
    assert all((out / name).is_file() for name in sizes)


def test_our_scripts_and_styles_are_served_bundled_and_minified(built_site):
    """publish/assets.py: every page links one stylesheet of ours, tome.css, holding every sheet of
    STYLESHEETS minified; the modules are bundled at their own paths (the sources they hold are not in the
    site); each output has its source map; the Play area's and the deck builder's code are chunks of their
    own, which a page without them never imports statically."""
    from site_src.publish import assets
    from site_src.resources import ASSETS

    site, _ = built_site
    page = (site / "mechs-vs-minions" / "rules" / "how-to-play" / "index.html").read_text(encoding="utf-8")
    ours = re.findall(r'<link rel="stylesheet" href="\.\./\.\./\.\./(assets/[^"]+)"', page)
    assert [name for name in ours if not name.startswith("assets/stylesheets/")] == ["assets/tome.css"]
    css = (site / "assets" / "tome.css").read_text(encoding="utf-8")
    for name in assets.STYLESHEETS:  # a selector of each sheet made it in, and no comment did
        first = re.search(r"^(\.[\w-]+)", (ASSETS / name).read_text(encoding="utf-8"), re.M)
        assert first and first.group(1) in css, name
    assert "/*" not in css.split("/*# sourceMappingURL")[0] and css.count("\n") < 5
    for name in [*assets.MODULES, *assets.SCRIPTS, assets.STYLESHEET]:
        assert (site / "assets" / f"{name}.map").is_file(), name
    for name in assets.SCRIPTS:  # minified one by one: smaller than the source
        assert len((site / "assets" / name).read_bytes()) < len((ASSETS / name).read_bytes()), name
    assert not (site / "assets" / "play" / "shell.js").exists()
    assert not (site / "assets" / "deckbuilder" / "deck-builder.js").exists()
    chunks = sorted(p.name.rsplit("-", 1)[0] for p in (site / "assets" / "chunks").glob("*.js"))
    assert {"shell", "deck-builder"} <= set(chunks)
    entry = (site / "assets" / "play" / "play.js").read_text(encoding="utf-8")
    static = re.findall(r'\bimport\s*(?:[\w{}*,\s$]+from\s*)?"([^"]+)"', entry)
    assert static and not [name for name in static if "shell-" in name]
    assert re.search(r'import\("\.\./chunks/shell-[\w]+\.js"\)', entry)


def test_wheel_holds_the_engine_and_its_catalog(built_site):
    site, manifest = built_site
    with zipfile.ZipFile(site / manifest["wheel"]) as wheel:
        names = wheel.namelist()
        assert "engine/__init__.py" in names
        assert "engine/catalog.json" in names
        assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
        packaged = wheel.read("engine/catalog.json").decode("utf-8")
    compiled = real_content.catalog()
    assert packaged == catalog.dumps(compiled)


def test_every_rule_id_points_to_an_existing_anchor(built_site):
    site, manifest = built_site
    content = real_content.content()
    assert manifest["rules"], "no rule ids"
    expected = {f"{g}/{t['id']}" for g, game in content.games.items() for t in game.terms}
    assert expected <= set(manifest["rules"])
    ids_by_page: dict[Path, set[str]] = {}
    for rule_id, url in manifest["rules"].items():
        path, _, anchor = url.partition("#")
        assert anchor == rule_id.split("/", 1)[1]
        page = site / path / "index.html"
        assert page.is_file(), url
        if page not in ids_by_page:
            ids_by_page[page] = parse(page).ids
        assert anchor in ids_by_page[page], f"{rule_id}: no id={anchor!r} in {page}"


def test_scenario_pages_carry_the_play_area(built_site):
    site, _manifest = built_site
    content = real_content.content()
    for game in content.games.values():
        offered = playable_scenarios(game)  # a play block the engine does not play yet has no Play area
        for scenario_id in game.scenarios:
            html = (site / game.id / "scenarios" / scenario_id / "index.html").read_text(
                encoding="utf-8"
            )
            has_play = 'data-scenario="' + f'{game.id}/{scenario_id}"' in html
            assert has_play == (scenario_id in offered), scenario_id


def test_every_mission_page_says_how_it_is_won(built_site):
    """The Setup section ends with the mission's victory in the rulebook's words (all 11 once read
    "Victory: ." with nothing after it)."""
    site, _manifest = built_site
    content = real_content.content()
    missions = content.games["mechs-vs-minions"].scenarios
    assert len(missions) == 11
    for scenario_id, record in missions.items():
        page = (site / "mechs-vs-minions/scenarios" / scenario_id / "index.html").read_text(encoding="utf-8")
        shown = re.search(r"<strong>Victory:</strong>\s*(.*?)</p>", page, re.S)
        assert shown, scenario_id
        words = re.sub(r"<[^>]+>", "", html.unescape(shown.group(1))).split()
        assert words[:4] == record.data["play"]["victory"]["text"].split()[:4], scenario_id


# ---------------------------------------------------------------- escaping (fixture tree)


# Each page of the hostile fixture build (tests/conftest.py HOSTILE_EDITS), by the template that draws it,
# and the hostile fields it must show as text (a field's tag, then `<script>alert(1)</script>`, literally).
HOSTILE_PAGES = {
    "index.html": {"game-title", "game-summary"},  # home.md.j2
    "mechs-vs-minions/index.html": {  # game.md.j2
        "game-title", "game-summary", "game-source", "component-name", "component-note", "element-name",
        "rules-title", "rules-summary", "scenario-title", "objective"},
    "mechs-vs-minions/glossary/index.html": {"term", "alias", "definition"},  # glossary.md.j2
    "mechs-vs-minions/rules/basics/index.html": {  # rules-page.md.j2
        "rules-title", "rules-summary", "rules-body", "rules-heading", "rules-source"},
    "mechs-vs-minions/scenarios/mission-00/index.html": {  # scenario.md.j2, play-area.html.j2
        "scenario-title", "objective", "section-title", "section-text"},
    "mechs-vs-minions/cards/index.html": {"card-name", "damage-name", "yordle"},  # cards.md.j2
    "mechs-vs-minions/cards/command-cards/index.html": {  # gallery.md.j2, card.html.j2
        "card-name", "power-text", "ability", "card-note", "element-name"},
    "mechs-vs-minions/cards/damage-cards/index.html": {"damage-name", "damage-text"},
    "mechs-vs-minions/cards/schematic-cards/index.html": {  # grouped by a field of the file
        "schematic-name", "schematic-text", "schematic-note", "yordle"},
    "mechs-vs-minions/cards/blaze/index.html": {  # gallery-item.md.j2
        "card-name", "power-text", "card-source", "deck-name", "element-name"},
    "mechs-vs-minions/cards/fuel-tank/index.html": {"card-name", "ability", "card-note"},
    "mechs-vs-minions/cards/glitch/index.html": {"damage-name", "damage-text"},
    "mechs-vs-minions/cards/corki-valkyrie/index.html": {
        "schematic-name", "schematic-text", "schematic-note", "schematic-source", "yordle"},
    "mechs-vs-minions/cards/overdrive/index.html": {"overdrive-name", "overdrive-text", "yordle"},
    "mechs-vs-minions/data-quality/index.html": {  # data-quality.md.j2
        "card-note", "schematic-name", "schematic-note", "command-line-note", "yordle"},
    "mechs-vs-minions/command-lines/index.html": {"yordle", "command-line-note"},  # kind.md.j2
    "mechs-vs-minions/command-lines/corki/index.html": {  # record.md.j2 (records.py)
        "yordle", "overdrive-name", "overdrive-text", "schematic-name", "schematic-text",
        "command-line-source", "command-line-note"},
    "search-help/index.html": {"yordle"},  # search-help.md.j2: example queries from the content
    "card-search/index.html": {"game-title"},  # card-search.md.j2 prints no content: only the nav
    "404.html": {"game-title"},
}
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "data", "poster", "xlink:href", "srcset"}


class Inert(HTMLParser):
    """What a page would run, and what it shows: script elements without src (their text), event
    handler attributes, script URLs, images; all text and attribute values, decoded."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.scripts: list[str] = []
        self.handlers: list[str] = []
        self.script_urls: list[str] = []
        self.images: list[str] = []
        self.shown: list[str] = []
        self._script: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            value = value or ""
            self.shown.append(value)
            if name.startswith("on"):
                self.handlers.append(f"<{tag} {name}={value!r}>")
            if name in URL_ATTRIBUTES and re.match(r"\s*(javascript|vbscript|data:text/html)", value, re.I):
                self.script_urls.append(f"<{tag} {name}={value!r}>")
        if tag == "img":
            self.images.append(dict(attrs).get("src") or "")
        if tag == "script":
            self._script = None if dict(attrs).get("src") else []

    def handle_data(self, data):
        if self._script is not None:
            self._script.append(data)
        else:
            self.shown.append(data)

    def handle_endtag(self, tag):
        if tag == "script" and self._script is not None:
            self.scripts.append("".join(self._script))
            self._script = None


def hostile_tags(text: str) -> set[str]:
    return set(re.findall(r"H-([a-z-]+) " + re.escape("<script>alert(1)</script>"), text))


def test_content_text_is_escaped_on_every_page(hostile_site):
    """Hostile text in every field a template prints (tests/conftest.py HOSTILE_EDITS) is shown as text,
    literally (not dropped, not escaped twice), on the pages of every template, and no page of the
    build carries a script, an event handler, a script URL or an image that came from content."""
    pages = sorted(p for p in hostile_site.rglob("*.html") if "pyodide" not in p.parts)
    assert {p.relative_to(hostile_site).as_posix() for p in pages} >= set(HOSTILE_PAGES)
    for path in pages:
        name = path.relative_to(hostile_site).as_posix()
        html = path.read_text(encoding="utf-8")
        assert "<script>alert" not in html and "<img src=x" not in html, name
        assert "javascript:alert" not in html, name
        page = Inert()
        page.feed(html)
        assert not [s for s in page.scripts if "alert" in s], name
        assert page.handlers == [] and page.script_urls == [], (name, page.handlers, page.script_urls)
        assert "x" not in page.images, name
        missing = HOSTILE_PAGES.get(name, set()) - hostile_tags("\n".join(page.shown))
        assert not missing, f"{name}: these fields are not shown as text: {sorted(missing)}"
    # The data-* attributes of the play area and of the gallery cards hold the text as it is.
    scenario = (hostile_site / "mechs-vs-minions/scenarios/mission-00/index.html").read_text(encoding="utf-8")
    assert 'data-title="Tutorial &lt;/title&gt;H-scenario-title &lt;script&gt;' in scenario
    gallery = (hostile_site / "mechs-vs-minions/cards/command-cards/index.html").read_text(encoding="utf-8")
    assert ('data-name="blaze h-card-name &lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x '
            'onerror=&#34;alert(2)&#34;&gt;"') in gallery
    # mkdocs' search index holds HTML the theme inserts as is: escaped there.
    lunr = (hostile_site / "search/search_index.json").read_text(encoding="utf-8")
    assert "<script>alert" not in lunr and "<img src=x" not in lunr and "javascript:alert" not in lunr
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in lunr
    # The field-filter index is data (assets/search/search.js draws it with textContent): the text as is.
    index = json.loads((hostile_site / "assets/data/search-index.json").read_text(encoding="utf-8"))
    assert {"card-name", "term", "yordle", "scenario-title", "damage-text"} <= hostile_tags(json.dumps(index))


# ---------------------------------------------------------------- failure leaves output alone


def test_failed_build_leaves_previous_output_identical(built_site, tmp_path):
    site, _manifest = built_site
    out = tmp_path / "site"
    shutil.copytree(site, out)
    before = tree_hash(out)

    broken = tmp_path / "content"
    shutil.copytree(FIXTURE_CONTENT, broken)
    (broken / "mechs-vs-minions/tiles/small.yaml").write_text("id: [unclosed\n", encoding="utf-8")
    with pytest.raises(pipeline.BuildFailed) as failure:
        pipeline.build(REPO, out, log=quiet, content_dir=broken, effects=fixture_effects)
    assert "content/mechs-vs-minions/tiles/small.yaml:2:1: /: YAML syntax error" in str(
        failure.value
    )

    # a late failure: content and mkdocs are fine, the engine is not a package
    empty_engine = tmp_path / "no-engine"
    empty_engine.mkdir()
    with pytest.raises(pipeline.BuildFailed, match="not a package"):
        pipeline.build(
            REPO,
            out,
            log=quiet,
            content_dir=FIXTURE_CONTENT,
            engine_dir=empty_engine,
            effects=fixture_effects,
        )
    assert tree_hash(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["content", "no-engine", "site"]

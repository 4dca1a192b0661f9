"""Card galleries (site_src/render/gallery.py, gallery_pages.py, galleries.yaml): the items of every game
and their fields, straight from the YAML; then the built site: gallery pages, one page per item out
of the nav, "Fix this record" links to the right file and line, Data quality pages listing every
uncertain and adapted record, and content text escaped on every page that shows a card."""

from __future__ import annotations

import html as html_lib
import json
import posixpath
import re
from pathlib import Path

import pytest
import yaml
from conftest import (
    HOSTILE,
    REPO,
)

from site_src import repository
from site_src.model.content import Game
from site_src.render import gallery, gallery_pages, urls

QUALITY = ("uncertain", "adapted")


@pytest.fixture(scope="module")
def content(checked_content):
    assert not checked_content.problems
    return checked_content.content


@pytest.fixture(scope="module")
def by_id(content):
    return {(g.game, g.id): g for g in gallery.galleries(content)}


def yaml_of(path: str) -> dict:
    return yaml.safe_load((REPO / "content" / path).read_text(encoding="utf-8"))


# ---------------------------------------------------------------- items per game


def test_every_game_has_its_galleries_in_config_order(content, by_id):
    found = {}
    for g in gallery.galleries(content):
        found.setdefault(g.game, []).append((g.id, len(g.items)))
    assert found["mechs-vs-minions"] == [("command-cards", 12), ("damage-cards", 8), ("schematic-cards", 12),
                                         ("boss-cards", 8), ("overdrive", 4)]
    assert found["powerup"] == [("pow-cards", 31), ("bug-cards", 29), ("equipment", 31), ("bugs", 10),
                                ("bugbusters", 7), ("professions", 6), ("special-actions", 10), ("npcs", 8)]
    assert [g for g, _ in found["marvel-united-promos"]] == ["master-plan", "threats", "cabal-members",
                                                             "components", "hero-cards", "locations"]
    assert found["heroes-tcg"] == [("tipos-de-carta", 5), ("heroes", 12), ("amigos", 30), ("ayudas", 17),
                                   ("objetos", 7), ("cfes", 1), ("mazos", 2)]


def test_klaw_has_twelve_master_plan_items_with_move_bam_and_placement(by_id):
    plan = yaml_of("marvel-united-promos/villains/klaw.yaml")["master_plan"]["cards"]
    items = [i for i in by_id["marvel-united-promos", "master-plan"].items if i.record_id == "klaw"]
    assert len(items) == 12 == len(plan)
    for item, card in zip(items, plan, strict=True):
        assert item.id == card["id"] and item.data == card
        assert item.name == f"Klaw Master Plan {card['number']}"
        assert item.fields["villain"] == "Klaw"
        assert item.fields["move"] == card["move"] and item.fields["bam"] is card["bam"]
        assert item.fields["status"] == "uncertain" and item.provenance["note"].startswith("Gap:")
        assert item.url == f"marvel-united-promos/master-plan/{card['id']}/"
        assert item.source_path == "content/marvel-united-promos/villains/klaw.yaml"
    assert [i.fields["bam"] for i in items].count(False) == 2  # cards 7 and 8
    face = gallery_pages.face(items[0], None, gallery_pages.UI["en"], None, [])
    left, villain, right = face["placement"]["locations"]
    assert [t["kind"] for t in left["tokens"]] == ["civilian"] and villain["tokens"] == []
    assert right["title"] == "Right: 1 Civilian"
    assert {"kind": "bam", "label": "", "value": "BAM!", "title": "BAM! icon"} in face["stats"]


def test_every_master_plan_and_threat_card_is_an_item_once(content, by_id):
    plans, threats, cabal = [], [], []
    for stem, record in content.games["marvel-united-promos"].kinds["villains"].items():
        plans += [c["id"] for c in (record.data.get("master_plan") or {}).get("cards", [])]
        cards = [c["id"] for c in (record.data.get("threats") or {}).get("cards", [])]
        (cabal if stem == "cabal" else threats).extend(cards)
    assert sorted(i.id for i in by_id["marvel-united-promos", "master-plan"].items) == sorted(plans)
    assert sorted(i.id for i in by_id["marvel-united-promos", "threats"].items) == sorted(threats)
    members = by_id["marvel-united-promos", "cabal-members"].items
    assert [i.name for i in members] == ["Doctor Doom", "Emma Frost", "Iron Patriot", "Loki", "Namor",
                                         "Taskmaster"]
    assert sorted(i.id for i in members) == sorted(cabal)
    gorr = [i for i in by_id["marvel-united-promos", "master-plan"].items if i.record_id == "gorr"]
    moved = [i for i in gorr if isinstance(i.data["move"], dict)]
    assert moved and all(i.fields["move"] == i.data["move"]["text"] for i in moved)


def test_mvm_command_cards_carry_their_element_and_colour(content, by_id):
    game = content.games["mechs-vs-minions"]
    colours = {e["id"]: e["color"] for e in game.meta["elements"]}
    deck = yaml_of("mechs-vs-minions/cards/command-cards.yaml")["cards"]
    items = by_id["mechs-vs-minions", "command-cards"].items
    assert [i.id for i in items] == [c["id"] for c in deck]
    for item, card in zip(items, deck, strict=True):
        assert item.fields["element"] == card["element"] and item.color == colours[card["element"]]
        assert item.fields["type"] == card["kind"]
        assert "copies" not in item.fields and item.adapted == {"copies"}  # the deck's counts are ours
        assert item.fields["deck"] == "command-cards" and item.url == f"mechs-vs-minions/cards/{card['id']}/"
        for power in card["powers"]:
            assert power["text"] in item.text
    assert {i.fields["element"] for i in items} == set(colours)
    damage = by_id["mechs-vs-minions", "damage-cards"].items
    assert {i.fields["type"] for i in damage} == {"glitch", "slot", "system"}


def test_powerup_items_fields(by_id):
    pow_cards = {i.id: i for i in by_id["powerup", "pow-cards"].items}
    fields = pow_cards["adrenalyn"].fields
    assert (fields["type"], fields["cost"], fields["cost_amount"]) == ("special", "Free", 0)
    assert pow_cards["attack-advantage"].fields["requires"] == "must be used with a melee attack"
    letters = (pow_cards["adrenalyn"].fields["letter"], pow_cards["joker"].fields["letter"])
    assert letters == ("E", "wild")
    unnamed = pow_cards["unnamed-draw-two"]  # printed without a name: the site says so, inventing none
    assert unnamed.name == "(unnamed: draws two POW! cards)" and unnamed.status == "adapted"
    bug_cards = {i.id: i for i in by_id["powerup", "bug-cards"].items}
    assert bug_cards["creeper"].fields["type"] == "event"
    teleport = bug_cards["teleport"].fields
    assert teleport["type"] == "special" and teleport["listed"] is False
    inmolation = bug_cards["inmolation"].fields
    assert (inmolation["spawn"], inmolation["auto_spawn"]) == (5, "brasas")
    equipment = {i.id: i.fields for i in by_id["powerup", "equipment"].items}
    assert by_id["powerup", "equipment"].items[2].url == "powerup/cards/shotgun/"
    assert (equipment["shotgun"]["cost"], equipment["shotgun"]["copies"]) == (3, 2)
    # no damage type is plain damage, and a weapon without a printed speed has speed 1; armor has neither
    assert (equipment["baseball-bat"]["damage"], equipment["baseball-bat"]["speed"]) == ("plain", 1)
    assert (equipment["kevlar-vest"]["damage"], equipment["kevlar-vest"]["speed"]) == (None, None)
    bugs = by_id["powerup", "bugs"]
    assert bugs.kinds == ("bugs",) and bugs.url == "powerup/bugs/"
    assert {i.id: i.fields["tokens"] for i in bugs.items}["bigbug"] == 12
    actions = by_id["powerup", "special-actions"].items
    assert actions[0].pointer == "/items/0" and actions[0].inherited  # the list's provenance
    assert actions[0].url == "powerup/special-actions/ammo-to-yellow-die/"


def test_tcg_card_types_are_its_components(by_id):
    items = by_id["heroes-tcg", "tipos-de-carta"].items
    assert [i.name for i in items] == ["Héroes", "Amigos", "Ayudas", "Objetos", "CFEs"]
    assert [i.id for i in items] == ["heroes", "amigos", "ayudas", "objetos", "cfes"]
    assert all(i.source_path == "content/heroes-tcg/game.yaml" for i in items)


def test_item_ids_and_pages_are_unique_within_a_game(content):
    for game_id, game in content.games.items():
        items = [i for g in gallery.game_galleries(game) for i in g.items]
        assert len({i.id for i in items}) == len(items), game_id
        assert len({i.url for i in items}) == len(items), game_id


def test_source_lines_point_at_the_item(content):
    for item in gallery.items(content):
        line = (REPO / item.source_path).read_text(encoding="utf-8").splitlines()[item.source_line - 1]
        if item.pointer:
            key = "id" if isinstance(item.data.get("id"), str) else "name"
            assert re.search(rf"\b{key}: ['\"]?{re.escape(str(item.data[key]))}", line), (item.id, line)
        else:
            assert item.source_line == 1


def test_text_for_search_is_plain_and_has_no_ids():
    text = gallery.plain_text({"id": "x", "element": "fire", "name": "Blaze",
                               "text": "**Move** 1 [space](#s).", "steps": [{"move": 1}],
                               "provenance": {"note": "n"}})
    assert text == "Blaze Move 1 space."


# ---------------------------------------------------------------- config errors


def _config_error(content, conf: dict, match: str) -> None:
    game = content.games["mechs-vs-minions"]
    with pytest.raises(gallery.GalleryConfigError, match=match):
        gallery.game_galleries(game, {"mechs-vs-minions": conf})


def test_config_mistakes_are_reported(content, tmp_path):
    bad = tmp_path / "galleries.yaml"
    bad.write_text("mechs-vs-minions:\n  - {id: a, title: A, records: cards/x/cards, colour: red}\n")
    with pytest.raises(gallery.GalleryConfigError, match="unknown keys"):
        gallery.load_config(bad)
    bad.write_text("mechs-vs-minions:\n  - {id: a, title: A, records: cards/x/cards, filters: [cost]}\n")
    with pytest.raises(gallery.GalleryConfigError, match="filter 'cost' is not one of its fields"):
        gallery.load_config(bad)
    twice = [{"id": "a", "title": "A", "records": "cards/command-cards/cards", "url": "cards"},
             {"id": "b", "title": "B", "records": "cards/command-cards/cards", "url": "cards"}]
    _config_error(content, twice, "item id 'blaze' of gallery 'b' is already used in gallery 'a'")
    clash = [{"id": "blaze", "title": "A", "records": "cards/command-cards/cards", "url": "cards"}]
    _config_error(content, clash, "would have the same page as gallery 'blaze'")


def test_a_pattern_that_matches_nothing_makes_no_gallery(content):
    game = content.games["mechs-vs-minions"]
    conf = {"mechs-vs-minions": [{"id": "none", "title": "None", "records": "villains/*/master_plan/cards"}]}
    assert gallery.game_galleries(game, conf) == []


# ---------------------------------------------------------------- cards are escaped


def test_card_html_escapes_every_field(content):
    game = content.games["mechs-vs-minions"]
    item = gallery.Item(
        game="mechs-vs-minions", gallery="g", id="x", name=f"Name {HOSTILE}", url="mechs-vs-minions/g/x/",
        fields={"type": HOSTILE, "status": "uncertain"}, text=HOSTILE,
        data={"name": HOSTILE, "kind": HOSTILE, "copies": 2, "text": f"{HOSTILE} [x](javascript:alert(3))",
              "effect": {"title": HOSTILE, "text": HOSTILE}, "cost": {"printed": HOSTILE},
              "missing": [HOSTILE], "powers": [{"power": 1, "text": HOSTILE}]},
        source_path="content/x.yaml", source_line=1,
        provenance={"status": "uncertain", "note": HOSTILE, "source": HOSTILE}, color="red",
    )
    for large in (False, True):
        html = str(gallery_pages.card_html(item, game, gallery_pages.UI["en"], '"><script>', ["type"], large))
        assert "<script" not in html and "<img" not in html and "javascript:" not in html
        assert "&lt;script&gt;" in html and "\n\n" not in html


# ---------------------------------------------------------------- badges and extra texts (Marvel United)


SYMBOL_WORDS = {"move": "Move", "attack": "Attack", "heroic": "Heroic", "wild": "Wild"}
SLOT_WORDS = {"civilian": "Civilian", "thug": "Thug", "empty": "Empty"}
ICON = r'<svg class="tome-icon tome-icon--([a-z]+)" viewBox="0 0 16 16" aria-hidden="true"'
MARK = (r'<li class="tome-mark tome-mark--([a-z]+) tome-color--[a-z]+">'
        r'(?:<svg class="tome-icon[^>]*><path[^>]*/></svg>)?([^<]*)</li>')
SYMBOL_ICONS = {"move": "arrow", "attack": "burst", "heroic": "star", "wild": "wild"}


def test_hero_card_faces_carry_their_symbols_and_effect_text(content, by_id):
    game = content.games["marvel-united-promos"]
    items = by_id["marvel-united-promos", "hero-cards"].items
    assert items and {i.record_id for i in items} >= {"black-widow", "captain-marvel"}
    for item in items:
        symbols = item.data["symbols"]
        (row,) = item.badges
        assert [m["value"] for m in row["marks"]] == symbols
        for large in (False, True):
            html = str(gallery_pages.card_html(item, game, gallery_pages.UI["en"], None, [], large))
            marks = re.findall(MARK, html)
            assert marks == [(s, SYMBOL_WORDS[s]) for s in symbols], item.id
            icons = re.findall(ICON, html)
            assert icons == [SYMBOL_ICONS[s] for s in symbols], item.id  # each symbol drawn beside its word
            if symbols:
                assert f'aria-label="Symbols: {", ".join(SYMBOL_WORDS[s] for s in symbols)}"' in html
            else:
                assert "<strong class=\"tome-card__label\">Symbols:</strong> <span" in html
                assert ">No symbols</span>" in html
            effect = item.data.get("effect")
            if effect:
                assert html_lib.escape(effect["text"], quote=False) in html, item.id
    assert any(i.data.get("effect") for i in items) and any(not i.data["symbols"] for i in items)


def test_location_faces_carry_their_slots_and_end_of_turn_text(content, by_id):
    game = content.games["marvel-united-promos"]
    items = by_id["marvel-united-promos", "locations"].items
    assert len(items) >= 6
    for item in items:
        slots = item.data["slots"]
        assert len(slots) == 6
        html = str(gallery_pages.card_html(item, game, gallery_pages.UI["en"], "x/", ["status"]))
        marks = re.findall(MARK, html)
        assert marks == [(s, SLOT_WORDS[s]) for s in slots], item.id
        assert f'aria-label="Slots: {", ".join(SLOT_WORDS[s] for s in slots)}"' in html
        text = html_lib.escape(item.data["end_of_turn"]["text"], quote=False)
        assert f'<strong class="tome-card__label">End of Turn:</strong> {text}' in html, item.id


def test_drawn_fields_and_engine_data_leave_details(content, by_id):
    game = content.games["marvel-united-promos"]
    ctx_galleries = gallery.game_galleries(game)
    ctx = gallery_pages._Context(game, gallery_pages.UI["en"], ctx_galleries,
                                 {g.id: g for g in ctx_galleries})

    class Renderer:
        rules: dict = {}
        rule_titles: dict = {}
        repository = repository.Repository("", "main")  # pages.Renderer's: where links point (none here)

        def write(self, path, template, title, **kw):
            self.kw = kw

    renderer = Renderer()
    for gallery_id, key in (("hero-cards", "effect"), ("locations", "end_of_turn")):
        g = by_id["marvel-united-promos", gallery_id]
        index = next(n for n, i in enumerate(g.items) if isinstance(i.data.get(key), dict))
        gallery_pages._render_item(renderer, game, ctx, g, index, g.items[index], [])
        keys = [k for k, _, _ in renderer.kw["details"]]
        assert "symbols" not in keys and "slots" not in keys  # drawn on the card
        assert key not in keys  # its text is on the card; its steps / handler are for the engine only
        assert "tome-mark" in str(renderer.kw["card"])


def test_badge_config_mistakes_are_reported(tmp_path):
    bad = tmp_path / "galleries.yaml"
    head = "mechs-vs-minions:\n  - {id: a, title: A, records: cards/x/cards, "
    for tail, match in (
        ("badges: [{label: X}]}", "needs a `field`"),
        ("badges: [{field: kind, colour: red}]}", "unknown keys"),
        ("badges: [{field: kind, values: {a: {label: A, color: pink}}}]}", "unknown colours"),
        ("badges: {field: kind}}", "must be a list"),
        ("texts: [{field: text, label: 3}]}", "`label` must be a string"),
    ):
        bad.write_text(head + tail + "\n")
        with pytest.raises(gallery.GalleryConfigError, match=match):
            gallery.load_config(bad)


def test_badges_and_texts_are_escaped(content):
    game = content.games["mechs-vs-minions"]
    conf = [{"id": "g", "title": "G", "records": "cards/command-cards/cards", "url": "cards",
             "badges": [{"field": "kind", "label": HOSTILE,
                         "values": {"x": {"label": HOSTILE, "color": "red"}}}],
             "texts": [{"field": "text", "label": HOSTILE}]}]
    (g,) = gallery.game_galleries(game, {"mechs-vs-minions": conf})
    item = g.items[0]
    item.badges[0]["marks"] = [{"value": HOSTILE, "label": HOSTILE, "color": None}]
    item.texts = [{"field": "text", "key": HOSTILE, "label": HOSTILE,
                   "text": f"{HOSTILE} [x](javascript:alert(3))"}]
    for large in (False, True):
        html = str(gallery_pages.card_html(item, game, gallery_pages.UI["en"], None, [], large))
        assert "<script" not in html and "<img" not in html and "javascript:" not in html
        assert "&lt;script&gt;" in html and "\n\n" not in html


# ---------------------------------------------------------------- the built site


def page(site: Path, url: str) -> str:
    return (site / url / "index.html").read_text(encoding="utf-8")


def test_gallery_pages_and_item_pages_exist(built_site, content):
    site, _ = built_site
    for g in gallery.galleries(content):
        html = page(site, g.url)
        assert html.count('<article class="tome-card') == len(g.items), g.url
        assert 'class="tome-filters"' in html and f'data-tome-gallery="{g.id}"' in html
        for item in g.items:
            assert f'id="{item.id}"' in html
            assert (site / item.url / "index.html").is_file(), item.url
        assert 'href="../' in html  # cards link to their pages
    for game in content.games:
        index = page(site, f"{game}/cards/")
        assert "tome-checklist" in index


def test_item_pages_are_out_of_the_nav_and_the_search_points_to_them(built_site, content):
    site, _ = built_site
    for g in gallery.galleries(content):  # each gallery's page: the nav is open at its section
        links = {
            posixpath.normpath(g.url + re.search(r'href="([^"]*)"', a).group(1)) + "/"
            for a in re.findall(r'<a\s[^>]*class="md-nav__link[^"]*"[^>]*>', page(site, g.url))
        }
        assert g.url in links, f"gallery {g.url} is in the nav"
        assert not {i.url for i in g.items} & links, "item pages must stay out of the nav"
    docs = json.loads((site / "search/search_index.json").read_text(encoding="utf-8"))["docs"]
    locations = {d["location"].split("#")[0] for d in docs}
    assert "mechs-vs-minions/cards/blaze/" in locations
    assert "marvel-united-promos/master-plan/klaw-master-plan-01/" in locations
    for g in gallery.galleries(content):
        assert g.url not in locations, f"gallery {g.url} should be excluded from search"


def test_fix_this_record_names_the_file_and_line_and_links_only_to_a_repository(built_site, content):
    """With no repository configured (pyproject.toml [tool.tabletome] repo_url = ""), the collapsed box names
    the file and line, says how to propose the change and names the contributor's guide; no page links to a
    placeholder host."""
    site, _ = built_site
    assert repository.configured().url == "", "this test describes the project with no public repository"
    for item in gallery.items(content):
        html = page(site, item.url)
        box = re.search(r'<details class="tome-fix"[^>]*>(.*?)</details>', html, re.S)
        assert box, item.url
        assert "Fix this record" in box.group(1) or "Corregir este registro" in box.group(1)
        assert f"{item.source_line} of {item.source_path}" in box.group(1) or (
            f"{item.source_line} de {item.source_path}" in box.group(1)), item.url
        assert "blob/" not in box.group(1) and "REPLACE-WITH" not in html, item.url
        assert "<code>CONTRIBUTING.md</code>" in box.group(1), item.url  # the guide, named
    klaw = page(site, "marvel-united-promos/master-plan/klaw-master-plan-01/")
    lines = (REPO / "content/marvel-united-promos/villains/klaw.yaml").read_text().splitlines()
    line = int(re.search(r"line (\d+) of content/marvel-united-promos/villains/klaw\.yaml", klaw).group(1))
    assert lines[line - 1].strip() == "- id: klaw-master-plan-01"


def test_item_page_shows_card_details_provenance_and_related(built_site):
    site, _ = built_site
    klaw = page(site, "marvel-united-promos/master-plan/klaw-master-plan-01/")
    assert "tome-card--large" in klaw and "tome-place" in klaw and "BAM!" in klaw
    assert "Gap: the token placements on the Klaw Masterplan cards were read" in klaw
    assert 'href="../klaw-master-plan-02/"' in klaw and 'href="../../villains/klaw/"' in klaw
    assert 'href="../../threats/"' in klaw  # Klaw's Threat cards, same villain
    blaze = page(site, "mechs-vs-minions/cards/blaze/")
    assert "tome-badge--adapted" in blaze and "Copies not found." in blaze
    assert 'href="../../glossary/#move-commands"' in blaze  # its rule
    assert re.search(r'Terms used:.*href="../../glossary/#damage"', blaze)  # "do damage" in its text
    assert "<title>Blaze" in blaze
    hero = page(site, "marvel-united-promos/hero-cards/black-widow-07/")  # its card drawn large
    # the symbol's icon, then its word linked to its glossary entry (first use in the section)
    assert re.search(r'<li class="tome-mark tome-mark--move tome-color--blue"><svg class="tome-icon '
                     r'tome-icon--arrow"[^>]*><path[^>]*/></svg><a class="tome-term" '
                     r'href="../../glossary/#move" title="[^"]+">Move</a></li>', hero)
    # its words read as written (its terms are links)
    assert "Another Hero of your choice takes 1 Wild Action token." in re.sub(r"<[^>]+>", "", hero)
    mansion = page(site, "marvel-united-promos/locations/avengers-mansion/")
    assert mansion.count('class="tome-mark tome-mark--') == 6 and "End of Turn:" in mansion


def test_data_quality_lists_every_uncertain_and_adapted_record(built_site, content):
    site, _ = built_site
    for game_id, game in content.games.items():
        html = page(site, f"{game_id}/data-quality/")
        expected: list = []
        for path, data in _records(game):
            _walk(data, "", lambda pointer, prov, p=path, found=expected: found.append((p, pointer, prov)))
        text = " ".join(html_lib.unescape(re.sub(r"<[^>]+>", "", html)).split())
        listed = re.findall(r'<ul class="tome-dq__records">(.*?)</ul>', html, re.S)
        assert sum(chunk.count("<li>") for chunk in listed) == len(expected), game_id
        for _path, _pointer, prov in expected:
            if prov.get("note"):
                assert " ".join(prov["note"].split()) in text, prov["note"][:60]
        for item in gallery.items(content):
            if item.game == game_id and item.status in QUALITY and not item.inherited:
                target = urls.relative_url(f"{game_id}/data-quality/", item.url)
                assert f'href="{target}"' in html, item.url


def _records(game: Game):
    records = [game.game, game.glossary] + [p.record for p in game.rules]
    records += [r for kind in game.kinds.values() for r in kind.values()]
    return [(r.rel, r.data) for r in records if r is not None]


def _walk(node, pointer, found):
    if isinstance(node, dict):
        prov = node.get("provenance")
        if isinstance(prov, dict) and prov.get("status") in QUALITY:
            found(pointer, prov)
        for key, child in node.items():
            if key != "provenance":
                _walk(child, f"{pointer}/{key}", found)
    elif isinstance(node, list):
        for index, child in enumerate(node):
            _walk(child, f"{pointer}/{index}", found)


# ---------------------------------------------------------------- hostile content


def test_card_text_is_inert_on_every_page_that_shows_it(hostile_site):
    for url in ("mechs-vs-minions/cards/", "mechs-vs-minions/cards/command-cards/",
                "mechs-vs-minions/cards/blaze/", "mechs-vs-minions/cards/fuel-tank/",
                "mechs-vs-minions/data-quality/"):
        html = page(hostile_site, url)
        assert "<script>alert" not in html and "<img src=x" not in html, url
        assert "javascript:" not in html, url
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html, url

"""The field-filter search: its query language (Python, and the browser's JavaScript under Node,
which must give the same answers), the compiled index (search-index.json) for known records,
and, in the built site, the index file, the help and Card search pages, and mkdocs-material's
full-text index (record pages in it, gallery pages out)."""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import REPO

from engine.mu import PLAYABLE
from site_src.render import search_index as si

QUERY_JS = REPO / "site_src" / "assets" / "search" / "query.js"
NODE = shutil.which("node")


@pytest.fixture(scope="module")
def entries(checked_content):
    return si.build(checked_content.content)


@pytest.fixture(scope="module")
def matcher(entries):
    return si.Matcher(entries)


def names(matcher, query):
    found, parsed = matcher.search(query)
    return [e["name"] for e in found]


def ids(matcher, query):
    found, _parsed = matcher.search(query)
    return [e["id"] for e in found]


# ---------------------------------------------------------------- the query language


def test_tokens_of_a_scryfall_like_query():
    tokens = si.tokenize('game:mvm -element!=fire "each hero" move>=3 (a or b) name:"fuel tank" x')
    assert tokens == [
        {"t": "field", "f": "game", "op": ":", "v": "mvm"},
        {"t": "neg"},
        {"t": "field", "f": "element", "op": "!=", "v": "fire"},
        {"t": "phrase", "v": "each hero"},
        {"t": "field", "f": "move", "op": ">=", "v": "3"},
        {"t": "lp"},
        {"t": "word", "v": "a"},
        {"t": "or"},
        {"t": "word", "v": "b"},
        {"t": "rp"},
        {"t": "field", "f": "name", "op": ":", "v": "fuel tank"},
        {"t": "word", "v": "x"},
    ]


@pytest.mark.parametrize("op", ["<=", ">=", "!=", ":", "=", "<", ">"])
def test_every_operator(op):
    assert si.tokenize(f"move{op}2") == [{"t": "field", "f": "move", "op": op, "v": "2"}]


def test_words_that_are_not_filters():
    # an empty value, a leading digit and a hyphen inside a word are plain words
    assert [t["t"] for t in si.tokenize("note: 12:00 mole-man - x")] == ["word"] * 5
    assert si.tokenize("BAM!") == [{"t": "word", "v": "BAM!"}]


def test_parse_tree_and_precedence():
    sch = si.Schema(fields={"element": {"text"}, "bam": {"bool"}})
    parsed = si.parse("a -b (element:fire or element:metal) c or d", sch)
    assert parsed.has_field and not parsed.warnings
    assert parsed.node == {"t": "or", "items": [
        {"t": "and", "items": [
            {"t": "word", "v": "a"},
            {"t": "not", "item": {"t": "word", "v": "b"}},
            {"t": "or", "items": [
                {"t": "field", "f": "element", "op": ":", "v": "fire"},
                {"t": "field", "f": "element", "op": ":", "v": "metal"},
            ]},
            {"t": "word", "v": "c"},
        ]},
        {"t": "word", "v": "d"},
    ]}


def test_parse_warnings_drop_the_term():
    sch = si.Schema(fields={"move": {"number"}, "bam": {"bool"}}, kinds={"card"})
    parsed = si.parse("foo:bar move>=x bam:maybe is:nothing -foo:1 blaze", sch)
    assert parsed.node == {"t": "word", "v": "blaze"}
    assert parsed.warnings == [  # as data: the page writes them in its language (assets/labels.js)
        {"w": "unknown_field", "field": "foo", "term": "foo:bar"},
        {"w": "needs_number", "op": ">=", "term": "move>=x"},
        {"w": "yes_or_no", "field": "bam", "term": "bam:maybe"},
        {"w": "unknown_value", "value": "nothing", "term": "is:nothing"},
        {"w": "unknown_field", "field": "foo", "term": "foo:1"},
    ]


def test_short_field_names_and_folding():
    sch = si.Schema(fields={"type": {"text"}})
    assert si.parse("t:Trick", sch).node == {"t": "field", "f": "type", "op": ":", "v": "Trick"}
    assert si.fold("  Héroe  Elemental’s ") == "heroe elemental's"
    assert si.key("Mole Man") == si.key("mole-man") == "moleman"
    assert si.leading_number("2 reaction points") == 2 and si.leading_number("Free") == 0


def test_unbalanced_and_empty_queries_do_not_fail():
    sch = si.Schema()
    for query in ["", "   ", "(", ")", "-", "- -", '"', "or", "a or", "((a)", "a))", "-(", 'name:"']:
        si.parse(query, sch)  # no exception
    assert si.parse("", sch).node is None
    assert si.parse(")a(", sch).node == {"t": "word", "v": "a"}


# ---------------------------------------------------------------- the index for known records


def test_issue_examples(matcher):
    # the Command Cards of the element, and the Boss's own Fire cards (Missions 3, 6, 10)
    assert names(matcher, "game:mvm element:fire") == ["Blaze", "Flamespitter", "Fuel Tank", "Scorch",
                                                       "Flame Jet"]
    assert ids(matcher, "villain:klaw move>=3") == [f"klaw-master-plan-{n:02}" for n in range(7, 13)]
    assert set(names(matcher, "type:special cost:free")) == {
        "Adrenalyn", "Ammo Found", "Coin Magnet", "Power Surge", "Whistle", "Cheat Code", "Joker",
        "Energy Drink", "Lucky Find",
    }
    assert set(names(matcher, "type:trick cost:free")) == {"Shield Up", "Skeleton Key"}
    bam = ids(matcher, "bam:yes")
    assert "klaw-master-plan-01" in bam and "klaw-master-plan-07" not in bam


def test_klaw_master_plan_cards(entries):
    klaw = {e["id"]: e for e in entries if e["id"].startswith("klaw-master-plan-")}
    assert len(klaw) == 12
    first, seventh = klaw["klaw-master-plan-01"], klaw["klaw-master-plan-07"]
    assert first["kind"] == "card" and first["gallery"] == "master-plan"
    assert first["fields"]["villain"] == "Klaw"
    assert (first["fields"]["move"], first["fields"]["bam"]) == (0, True)
    assert (seventh["fields"]["move"], seventh["fields"]["bam"]) == (3, False)
    assert first["fields"]["status"] == "uncertain"
    assert "Sonic Wave Blast" in first["text"]


def test_game_aliases(matcher, checked_content):
    games = checked_content.content.games
    for game_id, game in games.items():
        short = game.meta.get("short_title")
        for alias in [game_id, short]:
            if alias:
                found = {e["game"] for e in matcher.search(f'game:"{alias}"')[0]}
                assert found == {game_id}, alias
    assert ids(matcher, "game:mvm kind:game") == ["mechs-vs-minions"]
    assert matcher.search("game:nosuchgame")[1].warnings


def test_operators_over_the_index(matcher):
    assert ids(matcher, "villain:klaw move=0") == ["klaw-master-plan-01", "klaw-master-plan-02"]
    assert ids(matcher, "villain:klaw move<1") == ids(matcher, "villain:klaw move=0")
    assert len(ids(matcher, "villain:klaw move!=0 number>0")) == 10
    assert len(ids(matcher, "villain:klaw bam:no kind:card")) == 2
    assert ids(matcher, "villain:klaw is:bam move>4") == ["klaw-master-plan-11", "klaw-master-plan-12"]
    every = set(ids(matcher, "kind:card villain:klaw"))
    with_bam = set(ids(matcher, "villain:klaw bam:yes"))
    assert set(ids(matcher, "kind:card villain:klaw -bam:yes")) == every - with_bam
    assert names(matcher, 'name:"fuel tank" kind:card') == names(matcher, "name=fuel-tank") == ["Fuel Tank"]
    either = names(matcher, "(element:fire or element:electric) kind:card")
    assert {"Blaze", "Flamespitter", "Fuel Tank"} < set(either)
    assert len(either) == len(ids(matcher, "element:fire")) + len(ids(matcher, "element:electric"))


def test_every_kind_of_record_is_found_by_name(matcher, entries):
    kinds = {e["kind"] for e in entries}
    assert {"game", "card", "term", "scenario", "villain"} <= kinds
    assert "klaw" in ids(matcher, "kind:villain klaw")
    assert "mission-00" in ids(matcher, "is:scenario is:playable")
    # every Marvel United villain the engine offers is playable too (its page has a Play area)
    assert sorted(ids(matcher, "is:villain is:playable")) == sorted(PLAYABLE)
    assert "minion-phase" in ids(matcher, "kind:term game:mvm minion")
    assert "ana" in ids(matcher, "is:bugbuster ana")


def test_help_page_examples_all_work(matcher):
    for query, _description in si.EXAMPLES:
        found, parsed = matcher.search(query)
        assert found and not parsed.warnings, query
        assert parsed.has_field or query.startswith('"'), query


def test_index_with_a_fake_gallery(checked_content):
    """The builder follows the gallery API: galleries(content) -> [Gallery(items=[Item])]."""
    item = SimpleNamespace(game="mechs-vs-minions", gallery="fake", id="zap", name="Zap",
                           url="mechs-vs-minions/fake/zap/", fields={"element": "fire", "move": 2,
                           "bam": True, "cost": None}, text="Zap **it** [twice](x.md).",
                           data={"name": "Zap", "element": "fire", "text": "Zap **it** [twice](x.md).",
                                 "provenance": {"status": "adapted"}}, record_kind="cards",
                           record_id="command-cards")
    gallery = SimpleNamespace(game="mechs-vs-minions", id="fake", title="Fake", items=[item], kinds=(),
                              url="mechs-vs-minions/fake/")
    entries = si.build(checked_content.content, galleries=[gallery])
    zap = [e for e in entries if e["id"] == "zap"]
    assert zap == [{"game": "mechs-vs-minions", "kind": "card", "gallery": "fake", "id": "zap",
                    "name": "Zap", "url": "mechs-vs-minions/fake/zap/",
                    "fields": {"element": "fire", "move": 2, "bam": True, "status": "adapted"},
                    "text": "Zap it twice."}]
    assert [e["name"] for e in si.Matcher(entries).search("element:fire move>1")[0]] == ["Zap"]
    # where search.js finds its card: the game's gallery pages, by gallery id
    (game,) = [e for e in entries if e["kind"] == "game" and e["game"] == "mechs-vs-minions"]
    assert game["faces"] == {"fake": "mechs-vs-minions/fake/"}


def test_index_is_small_and_well_formed(entries):
    data = si.dumps(entries).encode()
    assert len(data) < 450_000, len(data)  # 393 KB before Marvel United's 51 glossary terms (27 KB)
    urls = [e["url"] for e in entries]
    assert len(urls) == len(set(urls)), "two records share a URL"
    for entry in entries:
        assert set(entry) <= {"game", "kind", "gallery", "id", "name", "url", "fields", "text", "faces",
                              "aliases"}
        assert not entry["url"].startswith(("/", "http")) and ".." not in entry["url"]
        assert len(entry["text"]) <= si.TEXT_LIMIT + 1
        for value in entry["fields"].values():
            assert isinstance(value, (str, int, bool, list)) and value is not None


# ---------------------------------------------------------------- Python and JavaScript agree

NODE_RUNNER = """
import { Matcher, tokenize } from %s;
let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const { entries, queries } = JSON.parse(input);
  const matcher = new Matcher(entries);
  const out = queries.map((q) => {
    const { found, parsed } = matcher.search(q);
    return { ids: found.map((e) => e.url), warnings: parsed.warnings, hasField: parsed.hasField,
             node: parsed.node, tokens: tokenize(q) };
  });
  process.stdout.write(JSON.stringify(out));
});
"""

AGREEMENT_QUERIES = [
    *[q for q, _ in si.EXAMPLES],
    "game:mvm element:fire", "villain:klaw move>=3", "type:trick cost:free", "bam:yes",
    "blaze", "BLAZE", "héroe", "heroe", "klaw's", "Klaw’s", '"each hero" -klaw', "-villain:klaw bam:yes",
    "move>2 move<=4", "move!=0 villain:titania", "cost<1", "cost>=1", "cost:1", "cost=free",
    "players:3 kind:scenario", "players<2", "players!=2 is:game", "is:uncertain", "is:adapted game:mvm",
    "is:listed", "is:playable", "game:marvel", "game:mu", "game=mvm", "game!=mvm kind:game", "g:tcg",
    "game:\"TCG de héroes\"", "t:special", "o:minion k:term", "n:blaze", "e:metal", "v:mole-man",
    "villain:\"mole man\"", "villain=absorbingman", "(element:fire or element:metal) -type:move",
    "a or b or element:fire", "((element:fire)", "element:fire)", "-(bam:yes or bam:no) villain:klaw",
    "foo:bar blaze", "move>=x", "bam:maybe", "is:nothing", "is:", "element:", 'name:"',
    "status=transcribed game:tcg", "id:klaw-master-plan-0", "gallery:threats health>=4",
    "kind:term parent:damage", "number>=10 kind:scenario", "copies>5", "mode:story", "tokens>10",
    "and element:fire and", "OR", "- -", "12:00", "move:3.0", "move>=-1 villain:klaw", "is:playable",
    "playable:sí game:tcg", "playable:si", "bam:Sí",
]


def test_javascript_gives_the_same_answers(entries, matcher):
    assert NODE, "node is not installed (the project needs Node 20: see the README)"
    script = NODE_RUNNER % json.dumps(QUERY_JS.as_uri())
    result = subprocess.run([NODE, "--input-type=module", "-e", script],
                            input=json.dumps({"entries": entries, "queries": AGREEMENT_QUERIES}),
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    answers = json.loads(result.stdout)
    for query, js in zip(AGREEMENT_QUERIES, answers, strict=True):
        found, parsed = matcher.search(query)
        assert js["tokens"] == si.tokenize(query), query
        assert js["node"] == parsed.node, query
        assert js["warnings"] == parsed.warnings, query
        assert js["hasField"] == parsed.has_field, query
        assert js["ids"] == [e["url"] for e in found], query


# ---------------------------------------------------------------- the built site


def _lunr(site: Path) -> dict[str, str]:
    data = json.loads((site / "search/search_index.json").read_text(encoding="utf-8"))
    return {doc["location"]: doc["title"] for doc in data["docs"]}


def test_built_index_and_pages(built_site):
    site, _manifest = built_site
    index = json.loads((site / si.INDEX_PATH).read_text(encoding="utf-8"))
    assert len(index) > 300
    assert (site / "card-search/index.html").is_file()
    help_html = (site / "search-help/index.html").read_text(encoding="utf-8")
    for query, _description in si.EXAMPLES:
        assert f"<code>{html.escape(query, quote=False)}</code>" in help_html, query
    js = (site / "assets/search/search.js").read_text(encoding="utf-8")
    assert "innerHTML" not in js and "insertAdjacentHTML" not in js  # text only
    assert any("assets/search/search.js" in p.read_text(encoding="utf-8")
               for p in [site / "index.html"])


def test_every_index_url_is_a_page_of_the_site(built_site):
    site, _manifest = built_site
    index = json.loads((site / si.INDEX_PATH).read_text(encoding="utf-8"))
    missing = []
    for entry in index:
        path, _, anchor = entry["url"].partition("#")
        page = site / path / "index.html"
        if not page.is_file():
            missing.append(entry["url"])
        elif anchor and f'id="{anchor}"' not in page.read_text(encoding="utf-8"):
            missing.append(entry["url"])
    assert missing == []


def test_full_text_search_points_at_record_pages(built_site, checked_content):
    """Record, villain, scenario and glossary pages are in mkdocs-material's index with their
    names as titles; gallery pages are not (so results open the record's own page)."""
    site, _manifest = built_site
    lunr = _lunr(site)
    index = json.loads((site / si.INDEX_PATH).read_text(encoding="utf-8"))
    wrong = []
    for entry in index:
        if entry["kind"] == "game":
            continue
        title = lunr.get(entry["url"])
        if title is None:
            wrong.append(f"{entry['url']}: not in the full-text index")
        elif si.fold(entry["name"]) not in si.fold(title):
            wrong.append(f"{entry['url']}: title {title!r}, expected {entry['name']!r}")
    assert wrong == []
    from site_src.render import gallery

    for gal in gallery.galleries(checked_content.content):
        url = getattr(gal, "url", "")
        if url:
            assert url not in lunr, f"gallery page {url} is in the full-text index"


def test_every_warning_has_a_sentence_in_every_language():
    """A warning is data (search_index.warning); the page words it from assets/labels.js, whose
    languages all have the same keys (test_site_pages.py)."""
    names = set(re.findall(r'warning\("(\w+)"', (REPO / "site_src/render/search_index.py").read_text()))
    labels = (REPO / "site_src/assets/labels.js").read_text(encoding="utf-8")
    assert len(names) == 7
    for name in names:
        assert labels.count(f"fs_warn_{name}:") == labels.count("fs_hint:") > 1, name


def test_a_spanish_reader_types_si_for_yes():
    """The Spanish Search syntax page: «`sí` se escribe con o sin tilde»."""
    assert si.truth("Sí") is True and si.truth("si") is True and si.truth("no") is False


def test_every_gallery_item_s_card_is_on_its_gallery_page(built_site):
    """search.js shows a field filter's gallery items by their card, taken from the gallery page (the
    game entry's `faces`) by the item's id: every one is there, drawn as a card."""
    site, _manifest = built_site
    index = json.loads((site / si.INDEX_PATH).read_text(encoding="utf-8"))
    faces = {e["game"]: e["faces"] for e in index if e["kind"] == "game"}
    pages: dict[str, str] = {}
    missing, count = [], 0
    for entry in index:
        if "gallery" not in entry:
            continue
        count += 1
        page = faces[entry["game"]][entry["gallery"]]
        if page not in pages:
            pages[page] = (site / page / "index.html").read_text(encoding="utf-8")
        if not re.search(rf'<article class="tome-card[^"]*" id="{re.escape(entry["id"])}"', pages[page]):
            missing.append(f"{page}#{entry['id']}")
    assert count > 500 and missing == []

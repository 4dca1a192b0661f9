"""The records a plain-words query names, and its near misses (site_src/assets/search/names.js), run in
Node over the index compiled from content/ (search_index.build): the search box shows the first above
mkdocs-material's results and the second below them (tests/test_search_browser.py drives that)."""

from __future__ import annotations

import json
import subprocess

import pytest
from conftest import REPO
from test_search import NODE

from site_src.render import search_index as si

NAMES_JS = REPO / "site_src" / "assets" / "search" / "names.js"
QUERY_JS = REPO / "site_src" / "assets" / "search" / "query.js"

RUNNER = """
import { named, nearMisses, distance, allowedSlips } from %s;
import { Matcher } from %s;
let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => { input += chunk; });
process.stdin.on("end", () => {
  const { entries, queries, pairs } = JSON.parse(input);
  const matcher = new Matcher(entries);
  const url = (e) => e.url;
  process.stdout.write(JSON.stringify({
    named: queries.map((q) => named(matcher, q).map(url)),
    near: queries.map((q) => nearMisses(matcher, q).map(url)),
    slips: queries.map(allowedSlips),
    distances: pairs.map(([a, b]) => distance(a, b)),
  }));
});
"""

QUERIES = ["Klaw", "klaw", "The BURP", "the burp", "BURP", "Tutorial", "None Shall Pass", "none shall pass!",
           "Flamespitter", "Tristana", "Klw", "Kalw", "Tristanna", "Flamespiter", "Salamandra", "Salamanda",
           "Dragon Carmesi", "Descarte", "Descarts", "Héroes", "ab", "Klaw Master Plan", "zzzzzzzz"]
PAIRS = [["klw", "klaw"], ["kalw", "klaw"], ["tristanna", "tristana"], ["abc", "abc"], ["", "ab"],
         ["salamanda", "salamandra"], ["kitten", "sitting"]]


@pytest.fixture(scope="module")
def answers(checked_content):
    assert NODE, "node is not installed (the project needs Node 20: see the README)"
    entries = si.build(checked_content.content)
    script = RUNNER % (json.dumps(NAMES_JS.as_uri()), json.dumps(QUERY_JS.as_uri()))
    result = subprocess.run([NODE, "--input-type=module", "-e", script],
                            input=json.dumps({"entries": entries, "queries": QUERIES, "pairs": PAIRS}),
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    return {name: dict(zip(QUERIES, out[name], strict=True)) for name in ("named", "near", "slips")} | {
        "distances": out["distances"]}


def test_a_name_names_its_record_not_the_records_whose_names_hold_it(answers):
    named = answers["named"]
    assert named["Klaw"] == named["klaw"] == ["marvel-united-promos/villains/klaw/"]
    assert named["Klaw Master Plan"] == []  # "Klaw Master Plan 1" ... are named by their numbers
    assert named["Tutorial"] == ["mechs-vs-minions/scenarios/mission-00/"]
    assert named["None Shall Pass"] == named["none shall pass!"] == ["mechs-vs-minions/scenarios/mission-06/"]
    assert named["Flamespitter"] == ["mechs-vs-minions/cards/flamespitter/"]
    # the Mech's Command Line and the glossary's term, in the index's order (records before terms)
    assert named["Tristana"] == ["mechs-vs-minions/command-lines/tristana/",
                                 "mechs-vs-minions/glossary/#tristana"]


def test_a_title_in_parentheses_and_an_alias_are_names(answers):
    named = answers["named"]
    # the source heads the mission "Mission (the BURP)"
    assert named["The BURP"] == named["the burp"] == ["powerup/scenarios/the-burp/"]
    assert "powerup/bugs/burp/" in named["BURP"] and "powerup/scenarios/the-burp/" not in named["BURP"]
    assert "heroes-tcg/glossary/#heroe" in named["Héroes"]  # the term Héroe, also written Héroes


def test_spanish_names_without_their_accents(answers):
    named = answers["named"]
    assert named["Salamandra"] == ["heroes-tcg/cards/salamandra/"]
    assert [u for u in named["Dragon Carmesi"] if "dragon-carmesi" in u]
    assert named["Descarte"] == ["heroes-tcg/glossary/#descarte"]


def test_near_misses_are_one_or_two_slips_away(answers):
    near = answers["near"]
    assert near["Klw"][0] == near["Kalw"][0] == "marvel-united-promos/villains/klaw/"
    assert near["Tristanna"][:2] == ["mechs-vs-minions/command-lines/tristana/",
                                     "mechs-vs-minions/glossary/#tristana"]
    assert near["Flamespiter"][0] == "mechs-vs-minions/cards/flamespitter/"
    assert near["Salamanda"][0] == "heroes-tcg/cards/salamandra/"
    assert near["Descarts"][0] == "heroes-tcg/glossary/#descarte"
    assert near["zzzzzzzz"] == [] and near["ab"] == []  # nothing close; too short to guess
    for query, urls in answers["named"].items():
        assert not set(urls) & set(near[query]), query  # an exact name is never a near miss too


def test_how_many_slips_and_the_distance(answers):
    assert [answers["slips"][q] for q in ("ab", "Klw", "Klaw", "Tristanna")] == [0, 1, 1, 2]
    assert answers["distances"] == [1, 1, 1, 0, 2, 1, 3]

"""Every glossary tooltip explains its own term (issue 15), in all four games.

A tooltip is all a reader sees of a term on hover. The real content: no two terms of any game share a
tooltip, and each names its term (or an alias) in some form; Zhonya's Minuteglass no longer shows
"Every new Round starts by drafting new Command Cards.". The checker (check/tooltips.py) fails, with
file, line and field, on a copy of the content where two terms share a summary or a summary names
something else; and a term without a summary gets the first sentence of its definition that names it.
"""

from __future__ import annotations

from pathlib import Path

import yaml
from conftest import REPO

from site_src.check import checker
from site_src.text.tooltips import names_term, term_names, tooltip

CONTENT = REPO / "content"


def test_no_two_terms_of_any_game_share_a_tooltip(checked_content):
    seen: dict[str, str] = {}
    for game_id, game in sorted(checked_content.content.games.items()):
        for term in game.terms:
            text = tooltip(term)
            where = f"{game_id}/{term['id']}"
            assert text not in seen, f"{where} and {seen.get(text)} share the tooltip {text!r}"
            seen[text] = where
    assert len(seen) >= 200  # all four games' terms were read


def test_every_tooltip_names_its_own_term(checked_content):
    for game_id, game in sorted(checked_content.content.games.items()):
        assert game.terms, f"{game_id} has no glossary"
        for term in game.terms:
            assert names_term(tooltip(term), term_names(term)), (game_id, term["id"], tooltip(term))


def test_zhonyas_minuteglass_says_what_it_is(checked_content):
    terms = {t["id"]: t for t in checked_content.content.games["mechs-vs-minions"].terms}
    tip = tooltip(terms["zhonyas-minuteglass"])
    assert tip != "Every new Round starts by drafting new Command Cards."
    assert "Zhonya's Minuteglass" in tip and "sand" in tip


def test_names_term_accepts_forms_of_the_term_and_refuses_another_subject():
    assert names_term("First, execute your entire Command Line.", ["Executing Command Lines"])
    assert names_term("If you take damage you drop it.", ["Dropping Crystal Shards"]) is False
    assert names_term("BURPs are the spawn points of the BUGs.", ["BURP"])
    assert names_term("El Mazo de Héroes se precarga con 12 Héroes.", ["Mazo de Héroes"])
    assert names_term("Scrapping Fire or Metal cards allows you to repair damage.", ["Scrap to Repair"])
    assert not names_term("Every new Round starts by drafting new Command Cards.", ["Zhonya's Minuteglass"])
    assert not names_term("They are the spawn points of the BUGs.", ["BURP", "BURPs"])


def test_a_term_without_summary_shows_the_first_sentence_that_names_it():
    term = {"id": "x", "term": "Zhonya's Minuteglass", "definition":
            "Every new Round starts by drafting. Then the First Player flips Zhonya's Minuteglass. More."}
    assert tooltip(term) == "Then the First Player flips Zhonya's Minuteglass."
    # a definition that never names it: the term, then its first sentence
    assert tooltip({"id": "y", "term": "Corki", "definition": "A Yordle who pilots a Mech. Two."}) == \
        "Corki: A Yordle who pilots a Mech."


def _summary_line(path: Path, term_id: str) -> tuple[int, str]:
    """(1-based line, text) of the `summary:` of a term in a glossary file."""
    lines = path.read_text(encoding="utf-8").split("\n")
    start = lines.index(f"- id: {term_id}")
    for number in range(start + 1, len(lines)):
        if lines[number].startswith("  summary:"):
            return number + 1, lines[number]
    raise AssertionError(term_id)


def test_the_checker_fails_on_two_terms_with_one_summary(mvm_tree):
    glossary = mvm_tree / "mechs-vs-minions" / "glossary.yaml"
    text = glossary.read_text(encoding="utf-8")
    shared = "  summary: The Bomb and the Boss are objectives in some Missions."
    _bomb_line, bomb = _summary_line(glossary, "bomb")
    line, boss = _summary_line(glossary, "boss")
    glossary.write_text(text.replace(bomb, shared).replace(boss, shared), encoding="utf-8")
    problems = [p.format() for p in checker.check(mvm_tree).problems]
    assert len(problems) == 1, problems  # the first keeps it; the second is told, at its summary
    index = next(i for i, t in enumerate(_terms(glossary)) if t["id"] == "boss")
    where = f"content/mechs-vs-minions/glossary.yaml:{line}:12: /terms/{index}/summary: "
    assert problems[0].startswith(where)
    assert (f"the tooltip of 'The Boss' is also the tooltip of 'The Bomb' "
            f"(content/mechs-vs-minions/glossary.yaml:{_bomb_line})") in problems[0]


def test_the_checker_fails_on_a_summary_that_does_not_name_its_term(mvm_tree):
    glossary = mvm_tree / "mechs-vs-minions" / "glossary.yaml"
    line, text = _summary_line(glossary, "zhonyas-minuteglass")
    glossary.write_text(
        glossary.read_text(encoding="utf-8").replace(
            text, "  summary: Every new Round starts by drafting new Command Cards."),
        encoding="utf-8",
    )
    problems = [p.format() for p in checker.check(mvm_tree).problems]
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"content/mechs-vs-minions/glossary.yaml:{line}:")
    assert "/summary: the tooltip of 'Zhonya's Minuteglass' does not name it" in problems[0]


def _terms(glossary: Path) -> list[dict]:
    return yaml.safe_load(glossary.read_text(encoding="utf-8"))["terms"]

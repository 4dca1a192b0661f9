"""Source coverage: cites must name a source.yaml section; --coverage lists what cites each heading."""

import shutil
import subprocess
import sys
from pathlib import Path

from site_src.check import checker, coverage

REPO = Path(__file__).resolve().parent.parent
FIXTURE = REPO / "tests" / "fixtures" / "content"

SOURCE = """title: Test fixture rulebook
language: en
sections:
  - id: yordles
    heading: Yordles
  - id: draft
    heading: Draft
    sections:
      - id: double-draft
        heading: Double Draft
"""


def tree(tmp_path, cites: dict[str, str]) -> Path:
    """The fixture content with a source.yaml, and `cites` added to the glossary terms named."""
    root = tmp_path / "content"
    shutil.copytree(FIXTURE, root)
    game = root / "mechs-vs-minions"
    (game / "source.yaml").write_text(SOURCE, encoding="utf-8")
    glossary = (game / "glossary.yaml").read_text(encoding="utf-8")
    for source_words, cited in cites.items():
        glossary = glossary.replace(f'source: "Test fixture rulebook, {source_words}", status: transcribed}}',
                                    f'source: "Test fixture rulebook, {source_words}", status: transcribed, '
                                    f'cites: [{cited}]}}')
    (game / "glossary.yaml").write_text(glossary, encoding="utf-8")
    return root


def no_effects(game):
    return {"fuel_tank_detonation"}


def test_a_cite_that_names_no_section_is_a_positioned_problem(tmp_path):
    root = tree(tmp_path, {"Yordles": "yordle"})
    result = checker.check(root, effects=no_effects)
    assert [p.format() for p in result.problems] == [
        "content/mechs-vs-minions/glossary.yaml:5:89: /terms/0/provenance/cites/0: "
        "cites 'yordle', which is no section of mechs-vs-minions/source.yaml"
    ]


def test_report_lists_who_cites_each_heading_and_counts_the_rest(tmp_path):
    root = tree(tmp_path, {"Yordles": "yordles", "Draft": "draft"})
    result = checker.check(root, effects=no_effects)
    assert result.ok, [p.format() for p in result.problems]
    lines, uncited = coverage.report(result.content)
    assert uncited == 1  # Double Draft: nothing cites it
    assert "  Yordles [yordles]: mechs-vs-minions/glossary.yaml › corki" in lines
    assert any(line.endswith("Double Draft [double-draft]") for line in lines)


def test_cli_coverage_fails_on_an_uncited_heading_and_passes_when_all_are_cited(tmp_path):
    def run(root):
        return subprocess.run([sys.executable, str(REPO / "build.py"), "check", "--coverage",
                               "--content", str(root)], capture_output=True, text=True, timeout=120)

    partial = run(tree(tmp_path / "a", {"Yordles": "yordles", "Draft": "draft"}))
    assert partial.returncode == 1 and "1 source heading cited by nothing" in partial.stdout
    full = tree(tmp_path / "b", {"Yordles": "yordles", "Draft": "draft"})
    glossary = full / "mechs-vs-minions" / "glossary.yaml"
    text = glossary.read_text(encoding="utf-8")
    glossary.write_text(text.replace("cites: [draft]", "cites: [draft, double-draft]"), encoding="utf-8")
    complete = run(full)
    assert complete.returncode == 0, complete.stdout + complete.stderr
    assert "every source heading is cited" in complete.stdout

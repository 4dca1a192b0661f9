"""The checker compares a printed player-count table with its structured rows."""

import shutil
from pathlib import Path

from site_src.check import checker

REPO = Path(__file__).resolve().parent.parent


def test_a_row_that_disagrees_with_the_printed_text_is_a_positioned_problem(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(REPO / "content" / "marvel-united-promos", root / "marvel-united-promos")
    klaw = root / "marvel-united-promos" / "villains" / "klaw.yaml"
    text = klaw.read_text(encoding="utf-8")
    assert "- {heroes: 3, value: 6}" in text
    klaw.write_text(text.replace("- {heroes: 3, value: 6}", "- {heroes: 3, value: 8}"), encoding="utf-8")
    problems = [p.format() for p in checker.check(root).problems]
    assert len(problems) == 1, problems
    assert problems[0].startswith("content/marvel-united-promos/villains/klaw.yaml:")
    assert "/dashboard/player_count/rows: the printed table says 3 Heroes: 6, the rows say 8" in problems[0]

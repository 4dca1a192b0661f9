"""The bench table and bench/RESULTS.md writer (bench/report.py): pure functions, nothing timed, no browser.

Given figures as the measuring modules return them, the table shows every figure issue 7 lists with its
floor and their ratio, and a new run goes in after RESULTS.md's header with the older runs kept below.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_pyodide import lcg as runner_lcg  # tests/node/run_engine.mjs's choice rule

from bench import playouts, report, suite_time  # the repo is on sys.path (conftest.py)

REPO = Path(__file__).resolve().parent.parent


def engine_run(games: int, steps: int, seconds: float, ended: int | None = None) -> dict:
    return {"games": games, "ended": games if ended is None else ended, "steps": steps, "seconds": seconds}


def figures() -> dict:
    """A whole run: timings as lists of runs (their medians are shown), sizes in bytes."""
    return {
        "play_cold_s": [2.0, 2.2, 9.0], "bare_cold_s": [1.0, 1.1, 1.2],
        "play_warm_s": [1.5], "bare_warm_s": [0.5],
        "bare_boot_bytes": 10_000_000,
        "pyodide_boot_s": 1.5,
        "engine": {
            "mechs-vs-minions/mission-00": {"cpython": engine_run(10, 10_000, 1.0),
                                            "pyodide": engine_run(10, 10_000, 4.0),
                                            "cpython_copying": engine_run(10, 10_000, 4.0)},
            "mechs-vs-minions/mission-01": {"cpython": engine_run(10, 5_000, 1.0),
                                            "pyodide": engine_run(10, 5_000, 2.0),
                                            "cpython_copying": engine_run(10, 5_000, 2.0)},
            "marvel-united-promos/klaw": {"cpython": engine_run(20, 8_000, 1.0),
                                          "pyodide": engine_run(20, 8_000, 4.0, ended=19)},
        },
        "check_s": [1.0, 1.2, 1.1], "yaml_s": [0.25, 0.25, 0.25],
        "build_s": [6.0, 6.0, 6.0], "mkdocs_s": [3.0, 3.0, 3.0], "history_s": [0.04, 0.03, 0.05],
        "pages": 482, "pages_text_bytes": 2_000_000, "content_yaml_bytes": 1_500_000,
        "rules_page": {"html": 68_000, "total": 490_000, "text": 49_000},
        "gallery_page": {"html": 61_000, "total": 480_000, "text": 120_000},
        "scenario_page": {"html": 79_000, "total": 500_000, "text": 25_000},
        "full_text_index_bytes": 800_000, "field_index_bytes": 300_000,
        "runtime_bytes": 12_300_000, "wheel_bytes": 180_000, "site_bytes": 38_600_000,
        "suite_s": 540.0, "suite_pytest_s": 450.0, "suite_passed": 3777, "suite_ceiling_s": 600.0,
    }


def parsed(text: str) -> dict[str, list[str]]:
    """Table lines by figure: [value, floor, ratio, floor is]."""
    lines = text.splitlines()
    assert re.split(r"\s{2,}", lines[0]) == ["figure", "value", "floor", "ratio", "floor is"]
    cells = [re.split(r"\s{2,}", line.strip()) for line in lines[1:]]
    return {cell[0]: cell[1:] for cell in cells}


# Every figure of issue 7's list → (value, floor, ratio) as the table shows them for figures().
ISSUE_FIGURES = {
    "Play → first legal action, cold (s)": ("2.20", "1.10", "2.00"),
    "Play → first legal action, warm (s)": ("1.50", "0.50", "3.00"),
    "Pyodide steps/s, Mechs vs. Minions missions (2)": ("2,500", "7,500", "0.33"),
    "Pyodide playouts/s, Mechs vs. Minions missions (2)": ("3.8", "10.0", "0.38"),
    # issue 12: CPython steps/s beside the same games deep-copying the state on every action
    "CPython steps/s, Mechs vs. Minions missions (2)": ("7,500", "2,500", "3.00"),
    "Pyodide steps/s, Marvel United villains (1) [1 game cut at max steps]": ("2,000", "8,000", "0.25"),
    "Pyodide playouts/s, Marvel United villains (1) [1 game cut at max steps]": ("5.0", "20.0", "0.25"),
    "build.py build (s)": ("6.00", "3.00", "2.00"),
    "build.py check (s)": ("1.10", "0.25", "4.40"),
    # issue 18: the dates of the pages' last changes, read from git while the site is built
    "… of the build: each content file's last change, from git (s)": ("0.040", "6.000", "0.007"),
    "rules page (MvM How to play) before the runtime: HTML + CSS/JS (kB)": ("490.0", "49.0", "10.00"),
    "gallery page (MvM command cards) before the runtime: HTML + CSS/JS (kB)": ("480.0", "120.0", "4.00"),
    "scenario page (MvM Tutorial) before the runtime: HTML + CSS/JS (kB)": ("500.0", "25.0", "20.00"),
    "Pyodide runtime, vendored (MB)": ("12.3", "10.0", "1.23"),
    "engine wheel (kB)": ("180.0", "10,000.0", "0.02"),
    "mkdocs full-text search index (kB)": ("800.0", "2,000.0", "0.40"),
    "field-filter search index (kB)": ("300.0", "1,500.0", "0.20"),
    # issue 17: the whole suite from a fresh clone, beside the issue's ten minutes
    "test suite from a fresh clone: `python3 build.py test` (s) (goal ≤ 600)": ("540", "600", "0.90"),
}


def test_table_shows_every_issue_figure_with_its_floor_and_ratio():
    table = parsed(report.table(figures()))
    for figure, expected in ISSUE_FIGURES.items():
        assert figure in table, f"missing row {figure!r}; rows: {list(table)}"
        value, floor, ratio, floor_is = table[figure]
        assert (value, floor, ratio) == expected, figure
        assert floor_is != "—", figure
    # what the floors are, named in the row
    assert "bare Pyodide boot" in table["Play → first legal action, cold (s)"][3]
    assert "cold" in table["Play → first legal action, cold (s)"][3]
    assert "warm" in table["Play → first legal action, warm (s)"][3]
    assert table["build.py build (s)"][3] == "bare mkdocs build of the same generated Markdown"
    assert table["Pyodide steps/s, Mechs vs. Minions missions (2)"][3].startswith("CPython steps/s")
    assert "copying the state on every action" in table["CPython steps/s, Mechs vs. Minions missions (2)"][3]
    assert not any(f.startswith("CPython steps/s, Marvel United") for f in table)  # no copying run given
    # absolute values without a floor still show
    assert table["generated pages"][:3] == ["482", "—", "—"]
    assert table["Pyodide boot under Node, excluded above (s)"][:2] == ["1.50", "—"]


def test_rows_follow_the_issue_order():
    figures_in_order = [row.figure for row in report.rows(figures())]
    firsts = [next(i for i, f in enumerate(figures_in_order) if f.startswith(prefix))
              for prefix in ("Play →", "Pyodide steps/s", "build.py build", "rules page", "Pyodide runtime")]
    assert firsts == sorted(firsts)


def test_per_scenario_rows_only_with_the_flag():
    summary = parsed(report.table(figures()))
    detailed = parsed(report.table(figures(), per_scenario=True))
    assert not any("mission-01" in figure for figure in summary)
    assert detailed["Pyodide steps/s, mechs-vs-minions/mission-01"][:3] == ["2,500", "5,000", "0.50"]
    assert detailed["Pyodide playouts/s, mechs-vs-minions/mission-00"][:3] == ["2.5", "10.0", "0.25"]
    assert set(summary) < set(detailed)


def test_a_partial_run_leaves_out_missing_figures_and_missing_floors():
    only_site = {k: v for k, v in figures().items()
                 if not k.startswith(("play_", "bare_", "engine", "pyodide_"))}
    table = parsed(report.table(only_site))
    assert not any(figure.startswith(("Play →", "Pyodide steps/s")) for figure in table)
    assert table["Pyodide runtime, vendored (MB)"] == ["12.3", "—", "—", report.BOOT_BYTES]
    assert table["build.py build (s)"][2] == "2.00"


OLD = """# Benchmark results

Newest first. Some words about the runs.

## 2026-11-30 — older run

```
old table
```

## 2026-11-29 — oldest run

old text
"""


def test_a_new_run_goes_after_the_header_and_keeps_older_runs_below():
    run = report.section("2026-12-01 10:00 UTC", {"cores": 2, "memory": "23 GiB", "python": "3.11.7",
                                                  "node": "v20.20.2", "chromium": "156.0.8078.108"},
                         "`python3 build.py bench --runs 3`", report.table(figures()))
    text = report.insert_run(OLD, run)
    header = OLD[:OLD.index("## ")]
    assert text.startswith(header)
    assert text.endswith(OLD[len(header):])  # the older runs, untouched, in their order, below
    new = text[len(header):-len(OLD[len(header):])]
    assert new.startswith("## 2026-12-01 10:00 UTC — 2 cores, 23 GiB, Python 3.11.7, Node v20.20.2, "
                          "Chromium 156.0.8078.108\n")
    assert "```\n" + report.table(figures()) + "\n```\n" in new
    headings = re.findall(r"^## (\S+)", text, flags=re.MULTILINE)
    assert headings == ["2026-12-01", "2026-11-30", "2026-11-29"]
    newer = report.insert_run(text, run.replace("2026-12-01", "2026-12-02"))
    assert re.findall(r"^## (\S+)", newer, flags=re.MULTILINE)[:2] == ["2026-12-02", "2026-12-01"]


@pytest.mark.parametrize("existing", ["", "\n"])
def test_a_missing_or_empty_results_file_gets_the_header_then_the_run(tmp_path, existing):
    path = tmp_path / "RESULTS.md"
    if existing:
        path.write_text(existing, encoding="utf-8")
    report.write_results(path, "## 2026-12-01 — run\n\nbody\n")
    text = path.read_text(encoding="utf-8")
    assert text.startswith(report.HEADER.rstrip("\n") + "\n\n## 2026-12-01 — run\n")
    assert text.count("## ") == 1


def test_the_results_file_in_the_repo_keeps_its_header_first():
    text = (REPO / "bench" / "RESULTS.md").read_text(encoding="utf-8")
    assert text.startswith("# Benchmark results\n")
    dates = re.findall(r"^## (\d{4}-\d\d-\d\d)", text, flags=re.MULTILINE)
    assert dates and dates == sorted(dates, reverse=True)


def test_the_playouts_both_runtimes_run_choose_like_the_node_runner():
    for seed in (0, 1, 7, 2**31 + 5):
        ours, theirs = playouts.lcg(seed), runner_lcg(seed)
        assert [ours(n) for n in range(1, 60)] == [theirs(n) for n in range(1, 60)]
    result = playouts.run({"scenarios": ["mechs-vs-minions/mission-00"], "seeds": [1, 2], "players": 2,
                           "max_steps": 20_000})["mechs-vs-minions/mission-00"]
    assert result["games"] == 2 and result["ended"] == 2 and result["steps"] > 0 and result["seconds"] > 0


def test_the_copying_playouts_play_the_same_games():
    """The old approach's timing (a deep copy of the state before every action) plays the very same games."""
    request = {"scenarios": ["marvel-united-promos/klaw", "mechs-vs-minions/mission-01"], "seeds": [1, 2],
               "players": 2, "max_steps": 20_000}
    plain, copying = playouts.run(request), playouts.run(dict(request, copying=True))
    for scenario in request["scenarios"]:
        assert {k: v for k, v in plain[scenario].items() if k != "seconds"} == \
            {k: v for k, v in copying[scenario].items() if k != "seconds"}


def test_the_against_rows_name_the_revision_and_compare_with_its_engine():
    run = figures()
    for scenario in run["engine"]:
        run["engine"][scenario]["cpython_against"] = engine_run(10, 1_000, 1.0)
    run["against"] = "41e3a15"
    table = parsed(report.table(run))
    assert table["CPython steps/s against 41e3a15, Mechs vs. Minions missions (2)"][:3] == ["7,500", "1,000",
                                                                                              "7.50"]
    assert table["CPython steps/s against 41e3a15, Mechs vs. Minions missions (2)"][3] == \
        "CPython steps/s of the engine at 41e3a15 (median over scenarios)"


def lighthouse_page(play: bool, perf: list[float], transfer: float, failed: list[str] = ()) -> dict:
    return {"play": play, "performance": perf, "accessibility": [100.0], "best-practices": [100.0],
            "seo": [92.0], "transfer_bytes": [transfer],
            "failed": {"performance": list(failed), "accessibility": [], "best-practices": [],
                       "seo": ["meta-description"]}}


def test_lighthouse_rows_show_each_score_beside_the_bare_page_with_the_issue_goal():
    from bench import lighthouse

    found = {lighthouse.BARE: lighthouse_page(False, [98.0], 60_000),
             lighthouse.RULES_PAGE: lighthouse_page(False, [80.0, 90.0, 88.0], 104_000,
                                                    ["total-blocking-time"]),
             "scenario page (MvM Tutorial)": lighthouse_page(True, [91.0], 134_000)}
    table = parsed(report.table({"lighthouse": found}))
    rules = f"Lighthouse performance, {lighthouse.RULES_PAGE} (goal ≥ 95) [total-blocking-time]"
    assert table[rules][:3] == ["88", "98", "0.90"]  # the median of three runs, the bare page's score
    assert table["Lighthouse performance, scenario page (MvM Tutorial) (goal ≥ 90)"][:2] == ["91", "98"]
    assert table[f"Lighthouse accessibility, {lighthouse.RULES_PAGE} (goal = 100)"][:2] == ["100", "100"]
    seo = f"Lighthouse seo, {lighthouse.RULES_PAGE} (goal ≥ 95) [meta-description]"
    assert table[seo][:2] == ["92", "92"]
    transfer = table[f"{lighthouse.RULES_PAGE}: transferred before Play, compressed (kB) (goal ≤ 120)"]
    assert transfer[:3] == ["104.0", "60.0", "1.73"]
    assert not any(name.startswith(f"Lighthouse performance, {lighthouse.BARE}") for name in table)


@pytest.mark.parametrize(("line", "passed", "seconds"), [
    ("======================= 3777 passed in 449.51s (0:07:29) =======================", "3777", "449.51"),
    ("=========== 3777 passed, 2 warnings in 601.02s (0:10:01) ===========", "3777", "601.02"),
])
def test_the_suite_time_is_read_from_pytest_s_summary(line, passed, seconds):
    """bench/suite_time.py reads the tests passed and pytest's time from its last line; a run with a failure
    has no such line (and a non-zero exit), so it is reported as a failure, not timed."""
    assert suite_time.SUMMARY.findall("...\n" + line + "\n") == [(passed, seconds)]
    assert suite_time.SUMMARY.findall("=== 1 failed, 3776 passed in 449.51s ===") == []

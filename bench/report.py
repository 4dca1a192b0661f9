"""The bench table and bench/RESULTS.md: every figure as its value, its floor and their ratio.

`table(figures)` and `insert_run(text, section)` are pure (tests/test_bench.py checks them); the
measuring modules return `figures`, a dict keyed as below (a timing may be a list of runs: its median
is shown). A row whose value is missing is left out; a row whose floor is missing shows "—".
"""

from __future__ import annotations

import os
import platform
import re
import statistics
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

HEADER = """# Benchmark results

Newest first. Each run is one `python3 build.py bench` on the machine described, which inserts its
section here (bench/report.py). Every figure is shown with its floor, measured in the same run, and
their ratio (value / floor); timings are medians over the runs. No test asserts any of them.
"""
FAMILIES = {"mechs-vs-minions": "Mechs vs. Minions missions",
            "marvel-united-promos": "Marvel United villains",
            "powerup": "POWERUP missions"}
PAGES = {"rules": "rules page (MvM How to play)", "gallery": "gallery page (MvM command cards)",
         "scenario": "scenario page (MvM Tutorial)"}
BOOT_BYTES = "bytes a cold bare Pyodide boot fetches"


@dataclass(frozen=True)
class Row:
    figure: str
    value: float
    floor: float | None = None
    floor_is: str = ""
    digits: int = 2

    @property
    def ratio(self) -> float | None:
        return self.value / self.floor if self.floor else None


def median(value):
    return statistics.median(value) if isinstance(value, list | tuple) else value


def _get(figures: dict, key: str, scale: float = 1.0):
    value = median(figures.get(key))
    return None if value is None else value / scale


def _rate(runs: list[dict], what: str) -> float:
    """Median over scenarios of games/s ("games") or steps/s ("steps")."""
    return statistics.median(run[what] / run["seconds"] if run["seconds"] else 0.0 for run in runs)


def engine_rows(engine: dict, per_scenario: bool = False, against: str | None = None) -> list[Row]:
    """Per family (median over its scenarios; per_scenario adds a row per scenario): Pyodide's steps/s and
    playouts/s against CPython's."""
    families: dict[str, list[str]] = {}
    for scenario in engine:
        families.setdefault(scenario.split("/")[0], []).append(scenario)
    rows = []
    for family, scenarios in families.items():
        groups = [(f"{FAMILIES.get(family, family)} ({len(scenarios)})", scenarios)]
        if per_scenario:
            groups += [(scenario, [scenario]) for scenario in scenarios]
        for name, group in groups:
            cut = sum(engine[s][rt]["games"] - engine[s][rt]["ended"] for s in group for rt in engine[s])
            median_note = " (median over scenarios)" if len(group) > 1 else ""
            mark = f" [{cut} game{'s' if cut != 1 else ''} cut at max steps]" if cut else ""
            for what, unit, digits in (("steps", "steps/s", 0), ("games", "playouts/s", 1)):
                rows.append(Row(f"Pyodide {unit}, {name}{mark}",
                                _rate([engine[s]["pyodide"] for s in group], what),
                                _rate([engine[s]["cpython"] for s in group], what),
                                f"CPython {unit}" + median_note, digits))
            if all("cpython_copying" in engine[s] for s in group):
                rows.append(Row(f"CPython steps/s, {name}{mark}",
                                _rate([engine[s]["cpython"] for s in group], "steps"),
                                _rate([engine[s]["cpython_copying"] for s in group], "steps"),
                                "CPython steps/s copying the state on every action (play() before issue 12)"
                                + median_note, 0))
            if all("cpython_against" in engine[s] for s in group):
                rows.append(Row(f"CPython steps/s against {against}, {name}{mark}",
                                _rate([engine[s]["cpython"] for s in group], "steps"),
                                _rate([engine[s]["cpython_against"] for s in group], "steps"),
                                f"CPython steps/s of the engine at {against}" + median_note, 0))
    return rows


TCG_RIVALS = {"random": "the random policy", "facil": "the fácil bot"}


def tcg_rows(tcg: dict) -> list[Row]:
    """Issue 14's figures of the TCG computer opponent (bench/tcg_bot.py): the normal bot's win rate against
    each rival beside its floor, its slowest and median reply beside the ceiling."""
    out = []
    for rival, name in TCG_RIVALS.items():
        duels = tcg.get(rival)
        if duels:
            others = [f"{duels[k]} {word}" for k, word in (("draws", "drawn"), ("cut", "cut")) if duels[k]]
            mark = f" [{', '.join(others)}]" if others else ""
            out.append(Row(f"TCG normal bot vs {name}: duels won of {duels['games']} (%){mark}",
                           100 * duels["wins"] / duels["games"], 100 * duels["floor"],
                           "issue 14's floor (at least)", 1))
    reply = tcg.get("reply")
    if reply:
        where = f"{reply['runtime']}, {reply['replies']} replies in {reply['duels']} duels"
        for key, what in (("slowest_s", "slowest"), ("median_s", "median")):
            out.append(Row(f"TCG normal bot's reply, {what}, {where} (s)", reply[key], reply["ceiling_s"],
                           "issue 14's ceiling (under it: ratio below 1)"))
    return out


def dm_rows(dm: dict) -> list[Row]:
    """Issue 16's figures of the POWERUP Deathmatch computer (bench/dm_bot.py): BLU TEAM's wins against RED
    TEAM played at random, the computer's beside the random policy's in the same seat (the same run), and
    its slowest and median reply beside the ceiling."""
    out = []
    for count in sorted(k for k in dm if k.endswith("p")):
        mine, floor = dm[count]["computer"], dm[count]["random"]
        others = [f"{mine[k]} {word}" for k, word in (("draws", "drawn"), ("cut", "cut")) if mine[k]]
        mark = f" [{', '.join(others)}]" if others else ""
        out.append(Row(f"Deathmatch computer vs random play, {count[:-1]} players: games won of "
                       f"{mine['games']} (%){mark}", 100 * mine["wins"] / mine["games"],
                       100 * floor["wins"] / floor["games"], "the random policy's wins in its seat (%)", 1))
    reply = dm.get("reply")
    if reply:
        where = f"{reply['runtime']}, {reply['replies']} replies in {reply['games']} games"
        for key, what in (("slowest_s", "slowest"), ("median_s", "median")):
            out.append(Row(f"Deathmatch computer's reply, {what}, {where} (s)", reply[key],
                           reply["ceiling_s"], "issue 14's ceiling for a computer's move (ratio < 1)"))
    return out


def rows(figures: dict, per_scenario: bool = False) -> list[Row]:
    """The table's rows in the issue's order: play-ready, engine speed, the TCG bot, build, weight."""
    out: list[Row | None] = []

    def row(figure, key, floor_key=None, floor_is="", scale=1.0, digits=2, floor=None):
        value = _get(figures, key, scale) if isinstance(key, str) else key
        if floor_key is not None:
            floor = _get(figures, floor_key, scale)
        out.append(None if value is None else Row(figure, value, floor, floor_is, digits))

    # 1. Play-ready time
    row("Play → first legal action, cold (s)", "play_cold_s", "bare_cold_s",
        "bare Pyodide boot on an empty page, cold (fresh profile)")
    row("Play → first legal action, warm (s)", "play_warm_s", "bare_warm_s",
        "bare Pyodide boot on an empty page, warm (same profile)")
    # 2. Engine speed
    out.extend(engine_rows(figures.get("engine") or {}, per_scenario, figures.get("against")))
    row("Pyodide boot under Node, excluded above (s)", "pyodide_boot_s")
    # 2b. The TCG computer opponent (issue 14)
    out.extend(tcg_rows(figures.get("tcg_bot") or {}))
    # 2c. The POWERUP Deathmatch computer (issue 16)
    out.extend(dm_rows(figures.get("dm_bot") or {}))
    # 3. Build
    row("build.py build (s)", "build_s", "mkdocs_s", "bare mkdocs build of the same generated Markdown")
    row("build.py check (s)", "check_s", "yaml_s", "reading and YAML-parsing content/ (libyaml)")
    row("… of the build: each content file's last change, from git (s)", "history_s", "build_s",
        "the whole build.py build (the ratio is the share of it)", digits=3)
    row("generated pages", "pages", digits=0)
    # 4. Weight
    for kind, name in PAGES.items():
        page = figures.get(f"{kind}_page")
        if page:
            row(f"{name} before the runtime: HTML + CSS/JS (kB)", page["total"] / 1e3,
                floor=page["text"] / 1e3, floor_is="the text of its article", digits=1)
    row("Pyodide runtime, vendored (MB)", "runtime_bytes", "bare_boot_bytes", BOOT_BYTES, 1e6, 1)
    row("engine wheel (kB)", "wheel_bytes", "bare_boot_bytes", BOOT_BYTES, 1e3, 1)
    row("mkdocs full-text search index (kB)", "full_text_index_bytes", "pages_text_bytes",
        "the text of every page's article", 1e3, 1)
    row("field-filter search index (kB)", "field_index_bytes", "content_yaml_bytes",
        "the YAML of content/ it indexes", 1e3, 1)
    row("site total (MB)", "site_bytes", scale=1e6, digits=1)
    # 5. The test suite from a fresh clone (issue 17)
    suite = "test suite from a fresh clone"
    row(f"{suite}: `python3 build.py test` (s) (goal ≤ 600)", "suite_s", "suite_ceiling_s",
        "issue 17's ceiling: ten minutes (under it: ratio below 1)", digits=0)
    row(f"{suite}: pytest on both cores, part of it (s)", "suite_pytest_s", digits=0)
    row(f"{suite}: tests passed", "suite_passed", digits=0)
    # 6. Lighthouse (issue 17)
    if figures.get("lighthouse"):
        from bench import lighthouse

        out.extend(lighthouse.rows(figures["lighthouse"]))
    return [r for r in out if r is not None]


def _number(value: float | None, digits: int) -> str:
    return "—" if value is None else f"{value:,.{digits}f}"


def table(figures: dict, per_scenario: bool = False) -> str:
    """The figures as one plain-text table: figure, value, floor, ratio, what the floor is."""
    # a ratio has at least two decimals, more for a figure given with more (a small share of the build)
    body = [(r.figure, _number(r.value, r.digits), _number(r.floor, r.digits),
             _number(r.ratio, max(2, r.digits)), r.floor_is or "—") for r in rows(figures, per_scenario)]
    head = ("figure", "value", "floor", "ratio", "floor is")
    widths = [max(len(line[i]) for line in [head, *body]) for i in range(4)]
    lines = [f"{a:{widths[0]}}  {b:>{widths[1]}}  {c:>{widths[2]}}  {d:>{widths[3]}}  {e}"
             for a, b, c, d, e in [head, *body]]
    return "\n".join(line.rstrip() for line in lines)


# ---------------------------------------------------------------- RESULTS.md


def _version(command: Iterable[str]) -> str:
    """The version a command prints (`node --version`): the bench has just run it, so it is there."""
    done = subprocess.run(list(command), capture_output=True, text=True, timeout=30, check=True)
    found = re.search(r"v?\d+(\.\d+)+", done.stdout)
    if not found:
        raise RuntimeError(f"{' '.join(command)} printed no version: {done.stdout.strip()!r}")
    return found.group(0)


def machine() -> dict:
    """Cores, memory and the versions of Python, Node and Chromium on this machine."""
    kib = int(re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text()).group(1))
    memory = f"{kib / 2**20:.1f} GiB"
    return {"cores": os.cpu_count(), "memory": memory, "python": platform.python_version(),
            "node": _version(["node", "--version"]), "chromium": _version(["/usr/bin/chromium", "--version"])}


def section(date: str, machine_: dict, settings: str, table_text: str) -> str:
    """One run for RESULTS.md: a heading with the date and machine, the settings, the table."""
    m = machine_
    return (f"## {date} — {m['cores']} cores, {m['memory']}, Python {m['python']}, Node {m['node']}, "
            f"Chromium {m['chromium']}\n\n{settings}\n\n```\n{table_text}\n```\n")


def insert_run(text: str, run: str) -> str:
    """RESULTS.md with `run` inserted after its header (the text before the first "## "), older runs below."""
    if not text.strip():
        text = HEADER
    found = re.search(r"^## ", text, flags=re.MULTILINE)
    head, older = (text[:found.start()], text[found.start():]) if found else (text, "")
    return head.rstrip("\n") + "\n\n" + run.rstrip("\n") + "\n" + ("\n" + older if older else "")


def write_results(path: Path, run: str) -> Path:
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    path.write_text(insert_run(old, run), encoding="utf-8")
    return path

"""Site figures: build time against bare mkdocs, page weights, search index sizes.

    .venv/bin/python bench/site_figures.py [--runs 3]

Builds the real content into temporary folders: the whole `build.py build` pipeline (check, catalog,
pages, mkdocs, wheel, Pyodide, swap), and bare `mkdocs build` of the same generated Markdown, and
prints both with their ratio; then the weight of a rules page, a gallery page and a scenario page
as a reader first loads them (the HTML plus the site's own CSS and JavaScript it references, without
the Pyodide runtime, which only loads after Play), and the size of the search indexes.
"""

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from site_src import checker, mkdocs_run, pages, pipeline  # noqa: E402

PAGES = {
    "rules page (MvM how to play)": "mechs-vs-minions/rules/how-to-play/index.html",
    "gallery page (MvM command cards)": "mechs-vs-minions/cards/command-cards/index.html",
    "scenario page (MvM Tutorial)": "mechs-vs-minions/scenarios/mission-00/index.html",
}
ASSET = re.compile(r'(?:src|href)="([^"#?]+\.(?:css|js))(?:\?[^"]*)?"')


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def page_weight(site: Path, page: str) -> tuple[int, int]:
    """(HTML bytes, HTML + referenced local CSS/JS bytes)."""
    html_path = site / page
    html = html_path.read_text(encoding="utf-8")
    total = len(html.encode("utf-8"))
    seen = set()
    for ref in ASSET.findall(html):
        if ref.startswith(("http:", "https:", "//")):
            continue
        target = (html_path.parent / ref).resolve()
        if target.is_file() and target not in seen:
            seen.add(target)
            total += target.stat().st_size
    return len(html.encode("utf-8")), total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    content = REPO / "content"
    check_times, full_times, bare_times = [], [], []
    with tempfile.TemporaryDirectory(prefix="tabletome-bench-") as tmp:
        tmp = Path(tmp)
        for run in range(args.runs):
            check_times.append(timed(lambda: checker.check(content)))
            out = tmp / f"full-{run}"
            full_times.append(timed(lambda o=out: pipeline.build(REPO, o, log=lambda m: None)))
        result = checker.check(content)
        docs = tmp / "docs"
        renderer = pages.render(result.content, docs)
        for run in range(args.runs):
            config = mkdocs_run.write_config(result.content, renderer.nav, docs, tmp / f"bare-{run}",
                                             tmp / f"mkdocs-{run}.yml")
            bare_times.append(timed(lambda c=config: mkdocs_run.build(c)))
        site = tmp / "full-0"
        print(f"{'figure':46} {'value':>12}")
        print(f"{'build.py check (s, median)':46} {statistics.median(check_times):12.2f}")
        full, bare = statistics.median(full_times), statistics.median(bare_times)
        print(f"{'full build (s, median)':46} {full:12.2f}")
        print(f"{'bare mkdocs build, same Markdown (s, median)':46} {bare:12.2f}")
        print(f"{'full / bare mkdocs (ratio)':46} {full / bare:12.2f}")
        print(f"{'generated pages':46} {len(renderer.pages):12d}")
        for name, page in PAGES.items():
            if (site / page).is_file():
                html, total = page_weight(site, page)
                print(f"{name + ' HTML (kB)':46} {html / 1e3:12.1f}")
                print(f"{name + ' + CSS/JS (kB)':46} {total / 1e3:12.1f}")
        for name, rel in (("mkdocs full-text search index (kB)", "search/search_index.json"),
                          ("field-filter search index (kB)", "assets/data/search-index.json")):
            if (site / rel).is_file():
                print(f"{name:46} {(site / rel).stat().st_size / 1e3:12.1f}")
        total = sum(f.stat().st_size for f in site.rglob("*") if f.is_file())
        runtime = sum(f.stat().st_size for f in (site / "pyodide").rglob("*") if f.is_file())
        print(f"{'site total (MB)':46} {total / 1e6:12.1f}")
        print(f"{'site without the Pyodide runtime (MB)':46} {(total - runtime) / 1e6:12.1f}")


if __name__ == "__main__":
    main()

"""Site figures: build and check times against their floors, page weights, runtime and index sizes.

    .venv/bin/python bench/site_figures.py [--runs 3]

Builds the real content into temporary folders: the whole `build.py build` pipeline (check, catalog,
pages, mkdocs, wheel, Pyodide, swap) and bare `mkdocs build` of the same generated Markdown, one after the
other in each run (so both see the same load from the machine's other work); times the
content check against merely reading and YAML-parsing content/ (libyaml), and the build's reading of
each content file's last change from git against the whole build. Then weighs a rules page, a
gallery page and a scenario page as a reader first loads them (the HTML plus the site's own CSS and
JavaScript it references, before the Pyodide runtime, which only loads after Play) against the text of
their article, and the runtime, the wheel and the search indexes.
"""

import argparse
import re
import sys
import tempfile
import time
from html import unescape
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench import report  # noqa: E402
from site_src import pipeline, repository  # noqa: E402
from site_src.check import checker  # noqa: E402
from site_src.publish import assets, mkdocs_run  # noqa: E402
from site_src.render import pages, search_index  # noqa: E402

PAGES = {  # report.PAGES names these three kinds
    "rules": "mechs-vs-minions/rules/how-to-play/index.html",
    "gallery": "mechs-vs-minions/cards/command-cards/index.html",
    "scenario": "mechs-vs-minions/scenarios/mission-00/index.html",
}
ASSET = re.compile(r'(?:src|href)="([^"#?]+\.(?:css|js|mjs))(?:\?[^"]*)?"')
NOT_TEXT = re.compile(r"<(script|style)\b.*?</\1>", re.DOTALL | re.IGNORECASE)
TAG = re.compile(r"<[^>]+>")
FULL_TEXT_INDEX = "search/search_index.json"
FIELD_INDEX = "assets/data/search-index.json"


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def size(path: Path) -> int:
    if path.is_dir():
        return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())
    return path.stat().st_size


def article_text(html: str) -> str:
    """The text a reader reads: what the page's <article> elements hold, without scripts and styles."""
    start, end = html.find("<article"), html.rfind("</article>")
    if start < 0 or end < 0:
        return ""
    body = NOT_TEXT.sub(" ", html[start:end])
    return " ".join(unescape(TAG.sub(" ", body)).split())


def page_weight(site: Path, page: str) -> dict:
    """Bytes of the page's HTML, of the HTML plus the local CSS/JS it references, and of its article text."""
    html_path = site / page
    html = html_path.read_text(encoding="utf-8")
    text = article_text(html)
    total, seen = len(html.encode("utf-8")), set()
    for ref in ASSET.findall(html):
        if ref.startswith(("http:", "https:", "//")):
            continue
        target = (html_path.parent / ref).resolve()
        if not target.is_file():
            raise FileNotFoundError(f"{page} loads {ref}, which is not in {site}")
        if target not in seen:
            seen.add(target)
            total += target.stat().st_size
    return {"html": len(html.encode("utf-8")), "total": total, "text": len(text.encode("utf-8"))}


def parse_yaml(content: Path) -> None:
    for path in sorted(content.rglob("*")):
        if path.suffix in (".yaml", ".yml"):
            yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
        elif path.is_file():
            path.read_bytes()


def measure(runs: int = 3) -> dict:
    """Seconds per run (lists) and sizes in bytes, as report.py names them."""
    content = REPO / "content"
    figures = {"check_s": [], "yaml_s": [], "build_s": [], "mkdocs_s": [], "history_s": []}
    with tempfile.TemporaryDirectory(prefix="tabletome-bench-") as tmp:
        tmp = Path(tmp)
        bare = None
        # Each full build is followed by a bare mkdocs build of the same Markdown, so that both of a run are
        # measured under the same load from whatever else runs on the machine (all full builds first, then
        # all bare ones, read a change of load in between as a change of ratio). The bare builds' docs/ is
        # rendered after the first full build, which therefore starts as cold as it did.
        for run in range(runs):
            figures["yaml_s"].append(timed(lambda: parse_yaml(content)))
            # as `build.py check` runs it: its schema problems remembered in .cache/ (check/schemas.py)
            figures["check_s"].append(timed(lambda: checker.check(content, cache=REPO / ".cache")))
            out = tmp / f"full-{run}"
            figures["build_s"].append(timed(lambda o=out: pipeline.build(REPO, o, log=lambda m: None)))
            # the part of it that reads when each content file last changed (render/history.py)
            figures["history_s"].append(timed(lambda: repository.last_changes(content)))
            if bare is None:
                result = checker.check(content)
                docs = tmp / "docs"
                renderer = pages.render(result.content, docs)  # the same docs/ the full build feeds mkdocs:
                assets.bundle(docs / "assets", log=lambda m: None)  # our scripts and styles as esbuild wrote
                search_index.write(result.content, docs, renderer)
                bare = (result.content, renderer.nav, renderer.sections, docs)
            work = tmp / f"work-{run}"
            work.mkdir()
            figures["mkdocs_s"].append(timed(lambda o=tmp / f"bare-{run}", w=work, b=bare: list(
                mkdocs_run.build_site(*b, o, w))))
        site = tmp / "full-0"
        figures["pages"] = len(renderer.pages)
        figures["pages_text_bytes"] = sum(len(article_text(p.read_text(encoding="utf-8")).encode("utf-8"))
                                          for p in site.rglob("*.html"))
        figures["content_yaml_bytes"] = sum(size(p) for p in content.rglob("*.yaml"))
        for kind, page in PAGES.items():
            figures[f"{kind}_page"] = page_weight(site, page)
        figures["full_text_index_bytes"] = size(site / FULL_TEXT_INDEX)
        figures["field_index_bytes"] = size(site / FIELD_INDEX)
        figures["runtime_bytes"] = size(site / "pyodide")
        figures["wheel_bytes"] = size(next((site / "engine").glob("*.whl")))
        figures["site_bytes"] = size(site)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(report.table(measure(args.runs)))


if __name__ == "__main__":
    main()

"""Lighthouse (npm `lighthouse`, 12.2.3, package-lock.json) on the built site as a phone sees it, beside a
bare mkdocs-material page of plain text measured in the same run.

    .venv/bin/python bench/lighthouse.py [--runs 1] [--site site]

Serves site/ on 127.0.0.1 as `build.py serve` does (publish/serve.py: WhiteNoise with the build's `.br`
and `.gz` copies, cache headers), and next to it under /_bench/ a bare mkdocs-material site built here in a
temporary folder: one page holding the text of the rules page's article as plain paragraphs, the theme's
defaults but `font: false` (as ours: no request leaves the machine), compressed the same way. Lighthouse's
default configuration is its mobile preset (a mid-range phone's screen and a 4x slower CPU, simulated
slow 4G); each run starts a fresh Chromium profile (a first visit). A page's score per category is the
median over the runs; its transfer is what Lighthouse saw travel while the page loaded (compressed, as
sent: HTML, CSS, JavaScript, fonts, indexes; the Pyodide runtime waits for Play). Each page's last report is
kept in .cache/lighthouse/<page>.json (open it in Lighthouse's viewer, or read its audits) to see why.

The issue's goals (issue 17) are written beside each row's name: performance at least 95 (90 for the
pages with a Play area), accessibility and best practices 100, SEO at least 95, and a rules page's
transfer at most 120 kB.
"""

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench import play_ready, report, site_figures  # noqa: E402
from site_src.publish import compress  # noqa: E402

LIGHTHOUSE = REPO / "node_modules" / ".bin" / "lighthouse"
REPORTS = REPO / ".cache" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
# page name -> (path under the site, has a Play area)
PAGES = {
    "home page": ("", False),
    "rules page (MvM How to play)": ("mechs-vs-minions/rules/how-to-play/", False),
    "glossary (MvM Field Guide)": ("mechs-vs-minions/glossary/", False),
    "gallery (MvM command cards)": ("mechs-vs-minions/cards/command-cards/", False),
    "card page (MvM Blaze)": ("mechs-vs-minions/cards/blaze/", False),
    "villain page (MU Klaw)": ("marvel-united-promos/villains/klaw/", True),
    "scenario page (MvM Tutorial)": ("mechs-vs-minions/scenarios/mission-00/", True),
    "scenario page (POWERUP The BLOB)": ("powerup/scenarios/the-blob/", True),
    "scenario page (TCG duelo)": ("heroes-tcg/scenarios/duelo/", True),
}
BARE = "bare mkdocs-material page of plain text"
RULES_PAGE = "rules page (MvM How to play)"
BARE_CONFIG = """site_name: Bare
site_url: http://127.0.0.1/
theme:
  name: material
  font: false
"""


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def goal(category: str, play: bool) -> str:
    if category == "performance":
        return "≥ 90" if play else "≥ 95"
    return "≥ 95" if category == "seo" else "= 100"


def write_bare_site(folder: Path, site: Path) -> Path:
    """A bare mkdocs-material site whose one page holds the rules page's article text, built and compressed
    into `folder`/site; returns that folder."""
    html = (site / PAGES[RULES_PAGE][0] / "index.html").read_text(encoding="utf-8")
    text = site_figures.article_text(html)
    words = text.split()
    paragraphs = [" ".join(words[i:i + 80]) for i in range(0, len(words), 80)]
    docs = folder / "docs"
    docs.mkdir(parents=True)
    (docs / "index.md").write_text("# How to play\n\n" + "\n\n".join(paragraphs) + "\n", encoding="utf-8")
    (folder / "mkdocs.yml").write_text(BARE_CONFIG, encoding="utf-8")
    built = folder / "site"
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(folder / "mkdocs.yml"),
                    "-d", str(built)], check=True, cwd=folder)
    compress.compress(built, REPO / ".cache" / "compressed", log=lambda message: None)
    return built


def lighthouse(url: str, out: Path) -> dict:
    """One Lighthouse run (mobile preset) of `url`: {category: score 0-100, "transfer_bytes": n}."""
    if not LIGHTHOUSE.exists():
        raise RuntimeError(f"{LIGHTHOUSE} is missing: `python3 build.py build` installs the node tools "
                           "(npm ci)")
    done = subprocess.run([str(LIGHTHOUSE), url, f"--chrome-path={play_ready.CHROMIUM}",
                           "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
                           f"--only-categories={','.join(CATEGORIES)}", "--output=json",
                           f"--output-path={out}", "--quiet"], capture_output=True, text=True)
    if done.returncode != 0 or not out.is_file():
        raise RuntimeError(f"lighthouse {url} failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
    result = json.loads(out.read_text(encoding="utf-8"))
    if result.get("runtimeError"):
        raise RuntimeError(f"lighthouse {url}: {result['runtimeError']}")
    scores = {name: 100 * result["categories"][name]["score"] for name in CATEGORIES}
    scores["transfer_bytes"] = result["audits"]["total-byte-weight"]["numericValue"]
    audits = result["audits"]
    scores["failed"] = {category: [ref["id"] for ref in result["categories"][category]["auditRefs"]
                                   if ref.get("weight") and audits[ref["id"]].get("score") is not None
                                   and audits[ref["id"]]["score"] < 1]
                        for category in CATEGORIES}
    return scores


def measure(site: Path, runs: int = 1, say=print) -> dict:
    """{"lighthouse": {page name: {category: [scores], "transfer_bytes": [bytes], "play": bool,
    "failed": {category: [ids of the audits that lost points in some run]}}}}, the bare page under BARE."""
    found = {}
    with tempfile.TemporaryDirectory(prefix="tabletome-lighthouse-") as tmp:
        tmp = Path(tmp)
        bare = write_bare_site(tmp / "bare", site)
        server = play_ready.make_server(site, bare)
        try:
            targets = {BARE: (server.url + play_ready.BARE, False)}
            targets.update({name: (server.url + path, play) for name, (path, play) in PAGES.items()})
            for run in range(runs):
                for name, (url, play) in targets.items():
                    say(f"lighthouse {run + 1}/{runs}: {url}")
                    REPORTS.mkdir(parents=True, exist_ok=True)
                    scores = lighthouse(url, REPORTS / f"{slug(name)}.json")
                    page = found.setdefault(name, {"play": play, "failed": {c: [] for c in CATEGORIES}})
                    for category, ids in scores.pop("failed").items():
                        page["failed"][category] += [i for i in ids if i not in page["failed"][category]]
                    for key, value in scores.items():
                        page.setdefault(key, []).append(value)
        finally:
            server.stop()
    return {"lighthouse": found}


def rows(found: dict) -> list[report.Row]:
    """Each page's four scores beside the bare page's, its goal in the name; a failed audit's id after it.
    Then each page's transfer before Play beside the bare page's."""
    bare = found.get(BARE)
    out = []
    for name, page in found.items():
        if name == BARE:
            continue
        for category in CATEGORIES:
            floor = statistics.median(bare[category]) if bare else None
            value = statistics.median(page[category])
            failing = page["failed"][category] if value < 100 else []
            shown = f" [{', '.join(failing[:4])}{', …' if len(failing) > 4 else ''}]" if failing else ""
            wanted = goal(category, page["play"])
            out.append(report.Row(f"Lighthouse {category}, {name} (goal {wanted}){shown}",
                                  value, floor, BARE + " (same run)", 0))
    for name, page in found.items():
        if name == BARE:
            continue
        wanted = " (goal ≤ 120)" if name == RULES_PAGE else ""
        out.append(report.Row(f"{name}: transferred before Play, compressed (kB){wanted}",
                              statistics.median(page["transfer_bytes"]) / 1e3,
                              statistics.median(bare["transfer_bytes"]) / 1e3 if bare else None,
                              BARE + " (same run)", 1))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--site", type=Path, default=REPO / "site")
    args = parser.parse_args()
    print(report.table(measure(args.site, args.runs)))


if __name__ == "__main__":
    main()

"""Crawl the whole built site: every page, every link, every resource.

In Python, over the files of the built site: every HTML page is parsed; every internal link
(`href`, including `#anchors` into other pages and into the same page) must resolve to a file
and, where it names one, to an element id of that page; every resource the browser would fetch
(`src`, stylesheets, icons, preloads, CSS `url()`, the web manifest) must be on the site itself;
and every page must be reachable from the home page by following links.

In Chromium (Playwright, Debian's /usr/bin/chromium, the site served on 127.0.0.1): a sample of
pages of every kind is loaded at 375 px in dark mode; no request leaves 127.0.0.1, nothing fails
to load, nothing logs an error, the page is in the dark scheme and nothing makes it scroll
sideways.
"""

from __future__ import annotations

import re
from collections import deque
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from web import CSS_URL, REPO, Recorder, SiteServer, parse


def is_external(url: str) -> bool:
    url = url.strip()
    parts = urlsplit(url)
    return url.startswith("//") or bool(parts.scheme and parts.scheme not in ("data", "blob"))


def resolve(site: Path, page: Path, href: str) -> tuple[Path, str]:
    """The file an internal link points to, and its fragment."""
    parts = urlsplit(href)
    if parts.path.startswith("/"):  # 404.html and 503.html link from the site root
        target = site / unquote(parts.path).lstrip("/")
    elif parts.path:
        target = (page.parent / unquote(parts.path)).resolve()
    else:
        target = page
    if target.is_dir() or parts.path.endswith("/"):
        target = target / "index.html"
    return target, unquote(parts.fragment)


@pytest.fixture(scope="module")
def crawl(built_site):
    """Every HTML page of the built site, parsed: {path: Page}."""
    site, _manifest = built_site
    pages = {path.resolve(): parse(path) for path in sorted(site.rglob("*.html"))}
    assert len(pages) > 50, f"only {len(pages)} pages were built"
    return site.resolve(), pages


def test_every_internal_link_and_anchor_resolves(crawl):
    site, pages = crawl
    broken = []
    checked = 0
    for path, page in pages.items():
        for href in page.links:
            if is_external(href) or href.startswith(("mailto:", "javascript:", "tel:")):
                continue
            if href in ("", "#"):
                continue
            target, fragment = resolve(site, path, href)
            checked += 1
            if not target.exists():
                broken.append(f"{path.relative_to(site)}: {href} (no such page)")
            elif fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else parse(target).ids
                if fragment not in ids:
                    broken.append(f"{path.relative_to(site)}: {href} (no id {fragment!r})")
    assert checked > 1000, f"only {checked} internal links were checked"
    assert broken == [], f"{len(broken)} broken links:\n" + "\n".join(broken[:60])


def test_no_resource_comes_from_another_host(crawl):
    site, pages = crawl
    external, missing = [], []
    for path, page in pages.items():
        where = path.relative_to(site)
        for url in page.fetched:
            if is_external(url):
                external.append(f"{where}: {url}")
            elif not url.startswith(("data:", "blob:")):
                target, _ = resolve(site, path, url)
                if not target.exists():
                    missing.append(f"{where}: {url}")
        for style in page.styles:
            external += [f"{where}: {url}" for url in CSS_URL.findall(style) if is_external(url)]
    for css in site.rglob("*.css"):
        for url in CSS_URL.findall(css.read_text(encoding="utf-8")):
            if is_external(url):
                external.append(f"{css.relative_to(site)}: {url}")
            elif not url.startswith(("data:", "#")):
                if not (css.parent / unquote(urlsplit(url).path)).exists():
                    missing.append(f"{css.relative_to(site)}: {url}")
    for manifest in site.rglob("*.webmanifest"):
        external += [f"{manifest.name}: {u}" for u in re.findall(r'"(https?://[^"]+)"', manifest.read_text())]
    assert external == [], "resources from other hosts:\n" + "\n".join(external[:40])
    assert missing == [], "resources missing from the site:\n" + "\n".join(missing[:40])


def test_every_page_is_reachable_from_home(crawl):
    site, pages = crawl
    home = site / "index.html"
    seen = {home}
    queue = deque([home])
    while queue:
        path = queue.popleft()
        for href in pages[path].links:
            if is_external(href) or href.startswith(("mailto:", "javascript:", "#")) or not href:
                continue
            target, _ = resolve(site, path, href)
            if target in pages and target not in seen:
                seen.add(target)
                queue.append(target)
    # the 404 and offline pages are shown at other pages' addresses (by the server, by the service worker)
    orphans = sorted(str(p.relative_to(site)) for p in set(pages) - seen
                     if p.name not in ("404.html", "503.html"))
    assert orphans == [], "pages no link leads to:\n" + "\n".join(orphans[:40])


# ---------------------------------------------------------------------------- in Chromium


def sample_pages(site: Path) -> list[str]:
    """URLs (relative to the site root) of a few pages of every kind, for every game: the
    overview, every folder's index (rules, glossary, galleries, scenarios, record kinds, data
    quality) and the first page in each folder (and the last, in rules and scenarios)."""
    picked: list[str] = ["", "404.html", "503.html"]
    picked += [
        f"{p.parent.name}/" for p in sorted(site.glob("*/index.html")) if not (p.parent / "rules").is_dir()
    ]
    games = sorted(p.name for p in site.iterdir() if (p / "index.html").is_file() and (p / "rules").is_dir())
    for game in games:
        root = site / game
        picked.append(f"{game}/")
        for folder in sorted(d for d in root.iterdir() if d.is_dir()):
            children = sorted(d for d in folder.iterdir() if d.is_dir() and (d / "index.html").is_file())
            if (folder / "index.html").is_file():
                picked.append(f"{game}/{folder.name}/")
            # Folders without an index of their own (rules, scenarios): the first and the last.
            for child in children[:1] if (folder / "index.html").is_file() else children[:1] + children[-1:]:
                picked.append(f"{game}/{folder.name}/{child.name}/")
    return [
        u for u in dict.fromkeys(picked) if not u.startswith(("assets/", "pyodide/", "engine/", "search/"))
    ]


@pytest.fixture(scope="module")
def served(built_site):
    site, _manifest = built_site
    with SiteServer(site) as server:
        yield site, server.url


PAGE_STATE_JS = """() => {
  const width = document.documentElement.clientWidth;
  const clips = new Map();  // element -> whether it scrolls or clips its content sideways
  const clipped = (el) => {
    if (!clips.has(el)) {
      const o = getComputedStyle(el).overflowX;
      clips.set(el, o !== 'visible' && el !== document.documentElement && el !== document.body);
    }
    return clips.get(el);
  };
  const wide = [];  // what sticks out, looked for only when the page is wider than the screen
  const tooWide = document.documentElement.scrollWidth > width + 1;
  const elements = tooWide ? document.querySelectorAll('body *') : [];
  for (const el of elements) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.right <= width + 1) continue;
    let inside = false;  // inside a box of its own that scrolls (a wide table): fine
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      if (clipped(p)) { inside = p.getBoundingClientRect().right <= width + 1; break; }
    }
    if (!inside) wide.push(el.tagName + '.' + [...el.classList].join('.'));
    if (wide.length >= 5) break;
  }
  return {
    scheme: document.body.getAttribute('data-md-color-scheme'),
    background: getComputedStyle(document.body).backgroundColor,
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: width,
    wide,
  };
}"""


def _luminance(rgb: str) -> float:
    r, g, b = (int(x) for x in re.findall(r"\d+", rgb)[:3])
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


def _section(url: str) -> str:
    """The game a sampled page belongs to, or "site" for the pages above the games."""
    first = url.split("/", 1)[0]
    return first if first in SECTIONS else "site"


SECTIONS = sorted(p.name for p in (REPO / "content").iterdir() if p.is_dir())


def test_the_sample_covers_every_section(served):
    site, _base_url = served
    urls = sample_pages(site)
    assert len(urls) >= 25, urls
    assert {_section(u) for u in urls} == {"site", *SECTIONS}


@pytest.mark.browser
@pytest.mark.parametrize("section", ["site", *SECTIONS])  # one test per section: both cores share the crawl
def test_sample_pages_in_chromium_dark_375(served, chromium, section):
    site, base_url = served
    urls = [u for u in sample_pages(site) if _section(u) == section]
    assert urls, section
    context = chromium.new_context(viewport={"width": 375, "height": 740}, color_scheme="dark")
    recorder = Recorder(context)
    problems = []
    try:
        page = recorder.watch(context.new_page())
        for url in urls:
            response = page.goto(base_url + url, wait_until="load")
            if url != "404.html":
                assert response is not None and response.status == 200, url
            state = page.evaluate(PAGE_STATE_JS)
            if state["scheme"] != "slate" or _luminance(state["background"]) > 0.3:
                problems.append(f"{url}: not dark ({state['scheme']}, {state['background']})")
            if state["scrollWidth"] > state["clientWidth"] + 1 or state["wide"]:
                problems.append(f"{url}: wider than 375 px ({state['scrollWidth']} px: {state['wide']})")
        page.close()
    finally:
        context.close()
    assert problems == [], "\n".join(problems)
    recorder.assert_clean()
    print(f"\n{len(urls)} pages loaded in Chromium at 375 px, dark: no foreign request, no error")

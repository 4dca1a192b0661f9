"""The Content Security Policy of every page: one `<meta http-equiv="Content-Security-Policy">`.

The site is static and served by anything (`build.py serve`, a plain file host), so the policy
travels inside each page rather than in a response header. The pipeline calls `apply(site)` on
the folder mkdocs wrote, before the engine and the runtime are added.

The policy (the same on every page):

- `default-src 'self'`: fonts, the manifest, frames and anything not named below come from the
  site itself.
- `script-src 'self' 'wasm-unsafe-eval'` plus the SHA-256 hash of each inline script the theme
  writes: mkdocs-material's `__md_scope` line in <head> (its relative path differs with a
  page's depth), our palette script (overrides/partials/javascripts/palette.html) and its
  scroll-to-anchor script. The hashes are the union over every page (one policy for the site).
  `'wasm-unsafe-eval'` lets Pyodide compile its WebAssembly wherever the page's policy reaches it.
  (Measured in Debian's Chromium: a module Worker loaded from a URL gets its policy from its own
  HTTP response, not from the page's <meta>, so the Play worker boots with or without it; the
  directive is there for browsers that hand the page's policy to its workers.) No
  `'unsafe-inline'`, no `'unsafe-eval'`: an inline event handler, a `javascript:` link or `eval`
  in a page is refused.
  An executable inline script inside a page's content (its <article>) fails the build: content
  never carries code, so one there means some text escaped its escaping.
  The `<script type="application/json" id="__config">` block is data, never run: not hashed.
- `style-src 'self' 'unsafe-hashes'` plus the hash of each inline `style="…"` attribute value in
  the pages. The only ones are Python-Markdown's table column alignment
  (`style="text-align: right;"`); hashing them keeps them working without `'unsafe-inline'`.
  Styles set from JavaScript through the CSSOM (`el.style.setProperty`, which the Play area and
  mkdocs-material use for positions and progress bars) are not restricted by CSP.
- `img-src 'self' data:`: mkdocs-material draws its icons as `data:` SVG images in its CSS.
- `connect-src 'self'` (the search index, the engine's manifest and wheel), `worker-src 'self'`
  (the search worker and the Play worker are files of the site: no `blob:` worker).
- `object-src 'none'`, `base-uri 'self'`, `form-action 'self'`.

A policy in a <meta> element cannot say `frame-ancestors`, `report-uri` or `sandbox` (browsers
ignore them there), so it names none. It is placed right after `<meta charset>`, ahead of every
other element of <head>: the charset declaration must stay within the first 1024 bytes of the
file, and it loads nothing, so the policy still governs every script, style and link.

Speed: `apply` reads every page twice (the hashes, then the policy written in), each pass on every core
(`workers`, forked processes; the first error in page order is the one raised, as one process would).
The scan looks for `style=` where the lower-cased page has "tyle" (str.find), instead of a case-insensitive
regular expression tried at every character: 0.73 -> 0.36 CPU-s over the site, the same matches. What a
page's scan finds is a function of the page's text and of this module, so with `cache` it is remembered
under the text's checksum (render/memo.py, `.cache/memo/csp-scan-*.json`): a page that did not change
since the last build is read and hashed, not scanned.
Measured on the whole site (790 pages, 37 MB): 1.4 CPU-s and 0.9 s before; 0.9 CPU-s and 0.45 s on 2 cores
scanning every page; 0.4 CPU-s with every scan remembered.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

from ..render.memo import Memo

_MEMO = Memo("csp-scan", [Path(__file__)], [], render=False)  # a page's scan by its text's checksum

# Script types a browser runs (an absent or empty type is JavaScript); anything else is a data block.
_JS_TYPES = {
    "", "module", "text/javascript", "application/javascript", "text/ecmascript", "application/ecmascript",
}
_CHARSET = '<meta charset="utf-8">'
_META = '<meta http-equiv="Content-Security-Policy" content="{}">'


class CspError(ValueError):
    """A page the policy cannot be written into, or with a script it must not allow."""


def sha256_source(text: str) -> str:
    """A CSP hash source for `text`: 'sha256-<base64 of its UTF-8 digest>'."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


# The page is scanned with a few regular expressions rather than parsed (Python's HTMLParser takes
# seconds over the whole site). They can rely on what the build writes: text and attribute values
# from content are escaped, so every "<" outside scripts and comments opens a real tag.
# tests/test_csp.py checks the result against a real parse of every page.
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_TAG = re.compile(r"<(/?)(article|script)\b([^>]*)>", re.I)
_SCRIPT_END = re.compile(r"</script[\s/>]", re.I)
_ATTR = re.compile(r"""([^\s=/>"']+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>"']+))?""")
_VALUE = r"""(?:"[^"]*"|'[^']*'|[^\s>"']+)"""
_OPEN_TAG = re.compile(rf"""<[a-zA-Z][^\s/>]*((?:\s+[^\s=/>"']+(?:\s*=\s*{_VALUE})?)*)\s*/?>""")
_STYLE = re.compile(r"\sstyle\s*=", re.I)


def _styles(markup: str):
    """The matches of _STYLE in `markup`, in order. Each holds "tyle" (in any case) two characters after its
    start, and no other character lower-cases to those letters, so where lower-casing keeps every
    character's place, only the places of "tyle" in the lower-cased text are tried; two matches never
    overlap (each ends at its `=`), so these are the matches finditer finds."""
    lowered = markup.lower()
    if len(lowered) != len(markup):  # a character whose lower case is longer: the places differ
        yield from _STYLE.finditer(markup)
        return
    at = lowered.find("tyle", 2)
    while at >= 0:
        match = _STYLE.match(markup, at - 2)
        if match:
            yield match
        at = lowered.find("tyle", at + 4)


def _attributes(text: str) -> dict[str, str]:
    found = {}
    for name, value in _ATTR.findall(text):
        value = value[1:-1] if value[:1] in "\"'" else value
        found.setdefault(name.lower(), html.unescape(value))
    return found


class Inline:
    """The inline scripts of a page (text, inside an <article>?) and its style attribute values."""

    def __init__(self, page: str):
        self.scripts: list[tuple[str, bool]] = []
        text = _COMMENT.sub("", page)
        bodies = []  # (start, stop) of every script's text: not markup
        article = 0
        at = 0
        while match := _TAG.search(text, at):
            closing, tag = match.group(1), match.group(2).lower()
            at = match.end()
            if tag == "article":
                article = max(0, article + (-1 if closing else 1))
            elif not closing:
                end = _SCRIPT_END.search(text, at)
                stop = end.start() if end else len(text)
                found = _attributes(match.group(3))
                if "src" not in found and found.get("type", "").strip().lower() in _JS_TYPES:
                    self.scripts.append((text[at:stop], article > 0))
                bodies.append((at, stop))
                at = stop
        markup, last = [], 0
        for start, stop in bodies:
            markup.append(text[last:start])
            last = stop
        markup.append(text[last:])
        self.styles: set[str] = set()
        markup = "".join(markup)
        for match in _styles(markup):  # the tag around each `style=`, if it is an attribute
            tag = _OPEN_TAG.match(markup, markup.rfind("<", 0, match.start()))
            if tag and tag.end() > match.start() and "style" in (found := _attributes(tag.group(1))):
                self.styles.add(found["style"])


def inline(page: str) -> Inline:
    return Inline(page)


def policy(script_hashes: list[str] | set[str], style_hashes: list[str] | set[str]) -> str:
    scripts = " ".join(["'self'", "'wasm-unsafe-eval'", *sorted(script_hashes)])
    styles = " ".join(["'self'", *(["'unsafe-hashes'", *sorted(style_hashes)] if style_hashes else [])])
    return "; ".join([
        "default-src 'self'",
        f"script-src {scripts}",
        f"style-src {styles}",
        "img-src 'self' data:",
        "connect-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
    ])


def _scan(path: Path) -> tuple[str, list, list[str]]:
    """One page's text checksum, its inline scripts ([hash source, inside its content?, its first 80
    characters]) and the hash sources of its style attributes (remembered by the text's checksum)."""
    text = path.read_text(encoding="utf-8")
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    found = _MEMO.get(digest)
    if found is None:
        page = inline(text)
        found = [[[sha256_source(script), in_article, script[:80]] for script, in_article in page.scripts],
                 sorted({sha256_source(style) for style in page.styles})]
    return digest, *found


def _write(job: tuple[Path, Path, str]) -> None:
    """Write the policy's <meta> into one page."""
    path, site, meta = job
    text = path.read_text(encoding="utf-8")
    head = text.find("<head>")
    at = text.find(_CHARSET, head)
    if head < 0 or at < 0 or at > text.find("</head>"):
        raise CspError(f"{path.relative_to(site)}: no {_CHARSET} in <head> to put the policy after")
    if "Content-Security-Policy" in text[head:text.find("</head>")]:
        raise CspError(f"{path.relative_to(site)}: already has a Content-Security-Policy")
    at += len(_CHARSET)
    path.write_text(text[:at] + meta + text[at:], encoding="utf-8")


def apply(site: Path, workers: int = 1, cache: Path | None = None) -> str:
    """Write the policy into every HTML page under `site` (with `workers` processes; with `cache`, the
    scans of pages seen before are remembered there).

    Returns the policy. Raises CspError on a page without `<meta charset="utf-8">` in its <head>,
    one that already has a policy, or one with an executable inline script inside its content."""
    pages = sorted(site.rglob("*.html"))
    _MEMO.reset()
    if cache is not None:
        _MEMO.load(cache)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=get_context("fork")) if workers > 1 else None
    run = (lambda fn, jobs: pool.map(fn, jobs, chunksize=16)) if pool else map
    try:
        scripts: set[str] = set()
        styles: set[str] = set()
        for path, (text_digest, found, style_hashes) in zip(pages, run(_scan, pages), strict=True):
            for digest, in_article, start in found:
                if in_article:
                    raise CspError(f"{path.relative_to(site)}: an inline <script> in the page's content: "
                                   f"{start!r}")
                scripts.add(digest)
            styles.update(style_hashes)
            _MEMO.put(text_digest, [found, style_hashes])
        text_policy = policy(scripts, styles)
        meta = _META.format(text_policy)
        for _ in run(_write, [(path, site, meta) for path in pages]):
            pass
    finally:
        if pool:
            pool.shutdown(wait=True, cancel_futures=True)
    if cache is not None:
        _MEMO.save(cache)
    return text_policy

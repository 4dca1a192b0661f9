"""The web app manifest's icons (site_src/publish/offline.py ICONS), drawn once as SVG here and saved as PNG
by Debian's Chromium (Playwright screenshots at each size): the project has no image library, and the PNGs
are committed under site_src/assets/icons/. Run again only to change the drawing:

    .venv/bin/python docs-dev/icons.py

An open book with a die on it, white and amber on the header's indigo. The `any` icons have rounded corners
(transparent outside them); the `maskable` one fills its square and keeps the drawing inside the central
circle of 80 % of its width, the safe zone a platform's mask never cuts.
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "tests")]

from playwright.sync_api import sync_playwright  # noqa: E402
from web import CHROMIUM  # noqa: E402

from site_src.publish.offline import ICONS, THEME_COLOR  # noqa: E402

DRAWING = """
  <path d="M250 392 C 206 362 148 352 92 362 L 92 218 C 148 206 206 214 250 246 Z" fill="#ffffff"/>
  <path d="M262 392 C 306 362 364 352 420 362 L 420 218 C 364 206 306 214 262 246 Z" fill="#ffffff"/>
  <path d="M120 262 C 160 254 196 260 226 278 M120 300 C 160 292 196 298 226 316 M286 278 C 316 260 352 254
           392 262 M286 316 C 316 298 352 292 392 300" stroke="#9fa8da" stroke-width="10" fill="none"
        stroke-linecap="round"/>
  <g transform="rotate(-12 256 170)">
    <rect x="186" y="100" width="140" height="140" rx="26" fill="#ffd740" stroke="#263238" stroke-width="8"/>
    <g fill="#263238">
      <circle cx="222" cy="136" r="14"/><circle cx="290" cy="136" r="14"/><circle cx="256" cy="170" r="14"/>
      <circle cx="222" cy="204" r="14"/><circle cx="290" cy="204" r="14"/>
    </g>
  </g>
"""


def svg(purpose: str) -> str:
    if purpose == "maskable":  # full bleed, the drawing at 80 % around the centre
        body = f'<rect width="512" height="512" fill="{THEME_COLOR}"/>' \
               f'<g transform="translate(256 256) scale(.8) translate(-256 -256)">{DRAWING}</g>'
    else:
        body = f'<rect width="512" height="512" rx="112" fill="{THEME_COLOR}"/>{DRAWING}'
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">{body}</svg>'


def main() -> int:
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM)
        for path, size, purpose in ICONS:
            page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
            page.set_content(f'<html><body style="margin:0">{svg(purpose)}</body></html>')
            page.locator("svg").evaluate(f"s => {{ s.setAttribute('width', {size}); "
                                         f"s.setAttribute('height', {size}); s.style.display = 'block'; }}")
            target = REPO / "site_src" / path
            target.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(target), omit_background=True)
            page.close()
            print(target.relative_to(REPO))
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

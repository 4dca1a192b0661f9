"""Small symbol icons drawn inline as SVG (no image files): what a card's symbol looks like beside its word.
Named in galleries.yaml by a badge value's `icon`; the word stays beside it for readers and screen readers
(the icon is aria-hidden). Shapes are ours, simple pictograms in the spirit of the printed symbols: the
source describes Marvel United's as a green arrow (Action / Move), a red burst (Attack), a yellow star
(Heroic) and a multicolour card (Wild)."""

from __future__ import annotations

from markupsafe import Markup

PATHS = {
    "arrow": "M2 7h7V3l6 5-6 5V9H2z",
    "burst": "M8 0l1.8 4.2L14 2.5l-1.7 4.3L16 8l-3.7 1.2L14 13.5l-4.2-1.7L8 16l-1.8-4.2L2 13.5"
             "l1.7-4.3L0 8l3.7-1.2L2 2.5l4.2 1.7z",
    "star": "M8 0.5l2.2 4.9 5.3.5-4 3.6 1.2 5.2L8 12l-4.7 2.7 1.2-5.2-4-3.6 5.3-.5z",
    "wild": "M8 1a7 7 0 1 0 0 14A7 7 0 1 0 8 1zm0 2.2v4.8h4.8A4.8 4.8 0 0 0 8 3.2z"
            "M8 8v4.8A4.8 4.8 0 0 0 12.8 8z",
}
NAMES = frozenset(PATHS)


def icon(name: str) -> Markup:
    """The icon as inline SVG, sized by the text around it (1em), coloured by `currentColor`."""
    return Markup('<svg class="tome-icon tome-icon--{0}" viewBox="0 0 16 16" aria-hidden="true" '
                  'focusable="false"><path d="{1}"/></svg>').format(name, PATHS[name])

"""Text as a token for a URL, an id or a CSS class."""

from __future__ import annotations

import re
import unicodedata


def slug(text: object, empty: str = "item") -> str:
    """Lower-case ASCII letters and digits joined by single hyphens ("Señor Blaze!" → "senor-blaze")."""
    plain = unicodedata.normalize("NFKD", str(text)).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or empty


def css_token(value: object) -> str:
    """A value as part of a CSS class name (`tome-sq--repair-pad`): at most 40 characters."""
    return re.sub(r"[^a-z0-9-]+", "-", str(value or "").lower()).strip("-")[:40] or "none"

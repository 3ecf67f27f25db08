"""What makes two player names the same, and the page name a player's name gives.

Both are pure text rules shared by the loader (which refuses look-alike names
and warns of clashing page names) and the site (which names the pages).
"""

from __future__ import annotations

import re
import unicodedata

_INVISIBLE = {"Cf", "Cc", "Zl", "Zp"}


def name_key(name: str) -> str:
    """What two names must differ in: not case, width, or invisible format characters."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return " ".join("".join(ch for ch in folded
                            if unicodedata.category(ch) not in _INVISIBLE).split())


def name_slug(text: str) -> str:
    """Letters, marks and digits of any script, lower case; everything else one hyphen."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    kept = "".join(ch if unicodedata.category(ch)[0] in "LMN" else "-" for ch in folded)
    return re.sub(r"-+", "-", kept).strip("-")[:60].strip("-")

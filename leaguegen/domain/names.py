"""What makes two player names the same, and the page name a player's name gives.

Both are pure text rules shared by the loader (which refuses look-alike names
and warns of clashing page names) and the site (which names the pages).

``skeleton`` goes one step further than ``name_key``: Cyrillic "А" and Latin "A" stay
different letters under Unicode normalisation, yet print the same, so "Аnna Lee" typed
with a Russian keyboard layout is a second player to the loader and the same one to
every reader of the pages. The skeleton maps the common Latin, Cyrillic and Greek
homoglyphs to one letter (a small table, after Unicode's confusables.txt, written out
here because no confusables library is installed and the whole table, 6,000 lines of
symbols and scripts no club writes names in, would mostly flag what nobody confuses).
Two names with the same skeleton but different keys are two spellings a reader cannot
tell apart: ``enter`` refuses the second unless told they are different people, and
``check`` warns.
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


# Letters that print like a Latin letter, capitals and small letters apart (Greek "Η" is
# an H, its small "η" no n a reader would take for one): Cyrillic, Greek, and the dotless
# Latin i and j. Applied before case is folded.
_HOMOGLYPHS = {
    # Cyrillic capitals
    "А": "A", "В": "B", "Е": "E", "З": "3", "Ѕ": "S", "І": "I", "Ј": "J", "К": "K", "М": "M",
    "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T", "У": "Y", "Х": "X", "Ү": "Y", "Һ": "H",
    "Ԛ": "Q", "Ԝ": "W", "Ӏ": "I",
    # Cyrillic small letters
    "а": "a", "е": "e", "і": "i", "ј": "j", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x",
    "ѕ": "s", "һ": "h", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ү": "y",
    # Greek capitals
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N",
    "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    # Greek small letters
    "ο": "o", "ν": "v", "ι": "i", "α": "a", "ρ": "p", "υ": "u",
    # Latin look-alikes of Latin letters
    "ı": "i", "ȷ": "j",
}
_SKELETON = str.maketrans(_HOMOGLYPHS)


def skeleton(name: str) -> str:
    """``name_key`` of ``name`` with every look-alike letter replaced by the Latin one it
    prints like: two names with one skeleton cannot be told apart on a page."""
    return name_key(unicodedata.normalize("NFKC", name).translate(_SKELETON))


def look_alike(a: str, b: str) -> bool:
    """Two different names (``name_key``) that print alike (``skeleton``)."""
    return name_key(a) != name_key(b) and skeleton(a) == skeleton(b)


def look_alike_letters(a: str, b: str) -> list[str]:
    """The letters of ``a`` and ``b`` that differ though they look alike, as
    ``'А' (U+0410) for 'A' (U+0041)``, for a message naming what to retype."""
    out = []
    for x, y in zip(a, b, strict=False):
        if x != y and x not in out:
            out.append(f"'{x}' (U+{ord(x):04X}) for '{y}' (U+{ord(y):04X})")
    return out

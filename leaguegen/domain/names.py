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

from leaguegen.errors import Message

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


# A player's sex as the season file or the TRF writes it, and the grammatical gender the
# pages word sentences about that player in (Arabic and Russian verbs and adjectives agree
# with it: «انسحبت», «выбыла»). Unknown: "neutral", a wording that names no gender.
GENDERS = {"m": "male", "w": "female", "f": "female"}


def grammatical_gender(sex: str | None) -> str:
    """``male``, ``female`` or ``neutral`` (no sex given, or one the TRF does not write)."""
    return GENDERS.get((sex or "").strip().lower(), "neutral")


def family_given(name: str, family: str | None = None) -> tuple[str, str] | None:
    """The family and given names of a player, when they are known: ``family`` (a part of
    ``name``, its first or last words: "Александр Волков" with family "Волков", "王浩然"
    with family "王"), else a comma in the name as the TRF writes it ("Volkov, Alexander").
    None: the name is a single text whose order the organiser did not state."""
    text = " ".join(name.split())
    if family:
        fam = " ".join(family.split())
        if text.startswith(fam):
            return fam, text[len(fam):].strip(" ,")
        if text.endswith(fam):
            return fam, text[:-len(fam)].strip(" ,")
        return None
    if "," in text:
        fam, _, given = text.partition(",")
        return fam.strip(), given.strip()
    return None


def family_problem(name: str, family: str) -> Message | None:
    """Why ``family`` cannot be the family name of ``name`` (None: it can): it must be the
    first or the last words of the name, whole, so the given name is what is left."""
    text, fam = " ".join(name.split()), " ".join(family.split())
    if not fam or fam == text:
        return Message("{key} '{family}' must be a part of the name '{name}', not all of it",
                       key="family", family=family, name=name)
    spaced = " " in text
    at_start = text.startswith(fam) and (not spaced or text[len(fam)] in " ,")
    at_end = text.endswith(fam) and (not spaced or text[-len(fam) - 1] in " ,")
    if not (at_start or at_end):
        return Message("{key} '{family}' is not the first or the last words of the name"
                       " '{name}'", key="family", family=family, name=name)
    return None


def family_first(name: str, family: str | None = None) -> str:
    """The name as an index lists it, family name first ("Волков Александр"); the name as
    written when its family name is not known."""
    parts = family_given(name, family)
    if parts is None:
        return name
    return f"{parts[0]} {parts[1]}".strip()


def trf_name(name: str, family: str | None = None) -> str:
    """The name as the TRF's 001 record writes it: "Family, Given" (FIDE's order) when the
    family name is known, else as written."""
    parts = family_given(name, family)
    if parts is None or not parts[1]:
        return name if parts is None else parts[0]
    return f"{parts[0]}, {parts[1]}"


def is_slug(text: str) -> bool:
    """Whether ``text`` can name a folder of the site and a part of its addresses as it is
    (a section's id): letters, marks and digits of any script, lower case where the script
    has cases ("甲组", "высшая", "النخبة", "open-a"), and hyphens, not first; in Unicode's
    composed form (NFC), so that the folder written and the link to it are the same bytes."""
    if not text or text[0] == "-" or unicodedata.normalize("NFC", text) != text:
        return False
    return all(ch == "-" or (unicodedata.category(ch)[0] in "LMN" and ch == ch.lower())
               for ch in text)

"""Where each page lives in the output tree; every path segment is sanitised.

Names never become paths as written: a player's page is named from the
pairing number and a slug of ASCII letters and digits only, so no name can
climb out of the output folder or collide with another file.
"""

from __future__ import annotations

import re
import unicodedata

from leaguegen.domain.season import Section


def slug(text: str) -> str:
    norm = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", norm.lower()).strip("-")[:48]


def section(s: Section) -> str:
    return f"{s.id}/index.html"


def rounds(s: Section) -> str:
    return f"{s.id}/rounds.html"


def player(s: Section, number: int) -> str:
    name = slug(s.players[number - 1].name)
    return f"{s.id}/players/{number:02d}{'-' + name if name else ''}.html"


def pdf_name(s: Section) -> str:
    """The PDF's file name, relative to the section's folder."""
    return f"{s.id}-crosstable.pdf"


def pdf(s: Section) -> str:
    return f"{s.id}/{pdf_name(s)}"


# ---------------------------------------------------------------- open data beside the pages

SEASON_JSON = "season.json"
SEASON_ICS = "season.ics"
ATOM = "feed.atom"


def section_json(s: Section) -> str:
    return f"{s.id}/section.json"


def section_ics(s: Section) -> str:
    return f"{s.id}/section.ics"


def player_ics(s: Section, number: int) -> str:
    """Beside the player's page, with the same name."""
    return player(s, number).removesuffix(".html") + ".ics"


def trf(s: Section) -> str:
    return f"{s.id}/{s.id}.trf"

"""Where each page lives in the output tree; every path segment is sanitised.

A player's page is named after the player, not the pairing number, so its
address stays when numbers change (a late entry, a redraw): the slug keeps the
letters and digits of any script (``王浩然``, ``يوسف-الحسن``, ``priya-raman``),
everything else becomes a hyphen, so no name can climb out of the output folder.
A player's ``id:`` in the season file replaces the slug; two players whose slugs
clash get ``-2``, ``-3`` in pairing order (the loader warns: give them ids), and a
slug that is a reserved device name on Windows gets a suffix too.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from leaguegen.domain.names import name_slug
from leaguegen.domain.season import Section


def slug(text: str) -> str:
    norm = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", norm.lower()).strip("-")[:48]


def section(s: Section) -> str:
    return f"{s.id}/index.html"


def rounds(s: Section) -> str:
    return f"{s.id}/rounds.html"


_RESERVED = frozenset({"con", "prn", "aux", "nul"}
                      | {f"{d}{i}" for d in ("com", "lpt") for i in range(1, 10)})


def player_slugs(s: Section) -> tuple[str, ...]:
    """Every player's slug in pairing order."""
    return _slugs(tuple((p.id, p.name) for p in s.players))


@lru_cache(maxsize=1024)
def _slugs(players: tuple[tuple[str | None, str], ...]) -> tuple[str, ...]:
    """The slugs of a field, by its players' ids and names (what they are made of): every
    link to a player asks, and a field of n players is worked out once, not n times."""
    seen: dict[str, int] = {}
    out = []
    for number, (given, name) in enumerate(players, start=1):
        base = given or name_slug(name) or f"player-{number}"
        if base in _RESERVED:
            base += "-1"
        seen[base] = seen.get(base, 0) + 1
        out.append(base if seen[base] == 1 else f"{base}-{seen[base]}")
    return tuple(out)


def player(s: Section, number: int) -> str:
    return f"{s.id}/players/{player_slugs(s)[number - 1]}.html"


def players(s: Section) -> tuple[str, ...]:
    """Every player's page in pairing order (:func:`player` for the whole field at once:
    each call of that reads the field's slugs)."""
    return tuple(f"{s.id}/players/{slug}.html" for slug in player_slugs(s))


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


# ---------------------------------------------------------------- the lists players look for

def start_list(s: Section) -> str:
    return f"{s.id}/start-list.html"


def alphabetical(s: Section, round_no: int | None = None) -> str:
    """The wall list of a round; without a round, the current round's (a stable address)."""
    if round_no is None:
        return f"{s.id}/alphabetical.html"
    return f"{s.id}/alphabetical-{round_no}.html"


def changes(s: Section) -> str:
    return f"{s.id}/changes.html"


# ---------------------------------------------------------------- prizes (docs/prizes.md)

def prizes(s: Section) -> str:
    return f"{s.id}/prizes.html"


def prizes_pdf_name(s: Section) -> str:
    """The prize list's PDF, relative to the section's folder."""
    return f"{s.id}-prizes.pdf"


def prizes_pdf(s: Section) -> str:
    return f"{s.id}/{prizes_pdf_name(s)}"


def prizes_json(s: Section) -> str:
    return f"{s.id}/prizes.json"


# ---------------------------------------------------------------- school and club table

def clubs(s: Section) -> str:
    return f"{s.id}/clubs.html"


def clubs_pdf_name(s: Section) -> str:
    return f"{s.id}-clubs.pdf"


def clubs_pdf(s: Section) -> str:
    return f"{s.id}/{clubs_pdf_name(s)}"


def checkin_pdf(s: Section) -> str:
    """The check-in sheet of the next round (site/pages/checkin.py)."""
    return f"{s.id}/{s.id}-checkin.pdf"


# ---------------------------------------------------------------- grand prix series
# at the season's root (a folder of seasons: in club/), beside the home page: a file, not a
# folder, so no section id can clash with it

def series(series_id: str) -> str:
    return f"series-{series_id}.html"


def series_pdf(series_id: str) -> str:
    return f"series-{series_id}.pdf"


def series_json(series_id: str) -> str:
    return f"series-{series_id}.json"

"""The venue screen of a section (``<id>/screen.html``): the current round's boards and the
standings in large type, for a screen in the playing hall.

It reloads itself every minute with ``<meta http-equiv="refresh">``, not a script (the
site's pages carry none, and its Content-Security-Policy allows none), so a screen left
on it shows each result as ``serve`` or a new build publishes it. Made for the sections
with round lists (round robins and Swiss sections), like the A-Z pages.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction

from leaguegen.domain.season import Season
from leaguegen.domain.sections import SectionFacts
from leaguegen.site.pages.alphabetical import current_round, round_lines, shared_of
from leaguegen.site.pages.common import SeasonInfo, season_info
from leaguegen.site.pages.registry import register_section_pages
from leaguegen.site.pages.start_list import has_lists
from leaguegen.site.render import render

REFRESH_SECONDS = 60


@dataclass(frozen=True, slots=True)
class ScreenBoard:
    number: int
    white: str
    black: str
    result: str  # as entered ("1-0", "½-½"...), "" while the game is on


@dataclass(frozen=True, slots=True)
class ScreenRow:
    rank: int
    name: str
    points: Fraction


@dataclass(frozen=True, slots=True)
class ScreenPage:
    root: str
    season: SeasonInfo
    section: str
    number: int
    date: dt.date | None
    boards: tuple[ScreenBoard, ...]
    standings: tuple[ScreenRow, ...]
    refresh: int
    here: str  # the page's path from the site's root (the language links)


def screen_page(season: Season, facts: SectionFacts) -> ScreenPage | None:
    """The screen of a section with round lists and a round paired; None otherwise."""
    section, table = facts.section, facts.table
    if table is None or not has_lists(section):
        return None
    number = current_round(facts)
    if number is None:
        return None
    shared = shared_of(facts, "../", season.language)
    names = [p.name if p else "" for p in shared.players]
    per = facts.kind.chores.games_per_pairing
    first = per * (number - 1) + 1
    results = {(g.white, g.black): g.result.text for g in section.games
               if g.round == first and g.result is not None}
    boards = sorted(
        (ScreenBoard(board, names[n], names[opp], results.get((n, opp), ""))
         for n, board, colour, opp, _ in round_lines(facts, number, shared.order)
         if opp and board and colour[:1] == "w"), key=lambda b: b.number)
    rows = tuple(ScreenRow(row.rank, names[row.number], section.scoring.value(row.points))
                 for row in (facts.standings.rows if facts.standings else ()))
    date = next((r.date for r in section.rounds if r.number == first), None)
    here = f"{section.id}/screen.html"
    return ScreenPage("../", season_info(season), section.name, number, date,
                      tuple(boards), rows, REFRESH_SECONDS, here)


def screen_pages(season: Season, facts: SectionFacts) -> dict[str, str]:
    page = screen_page(season, facts)
    if page is None:
        return {}
    return {page.here: render("lists/screen.html", page, season.language)}


register_section_pages(screen_pages)

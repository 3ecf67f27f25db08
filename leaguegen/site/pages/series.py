"""A grand prix series' page, PDF source and JSON (``series-<id>.html`` / ``.pdf`` / ``.json``).

A season's series (``series:`` in season.yaml) sit at the season's root beside the home
page; a folder of seasons' series (``club.yaml``) in ``club/`` beside the club's pages.
The table is ``domain/series_events.series_table``; here it is put in values the
templates word: each player's points per event with their place (and how many shared
it), which results count and which are dropped, the series' tie-break values and which
one separated a player from the next, and the rules as a legend, so a reader can add
every total up. The JSON beside the page is the same table as plain data.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from leaguegen.domain.club.identity import Roster
from leaguegen.domain.season import Season
from leaguegen.domain.season_facts import SeasonFacts
from leaguegen.domain.series import SeriesRow
from leaguegen.domain.series_events import SeriesTable, season_series, series_table
from leaguegen.formats.club_file import ClubFile
from leaguegen.site import urls
from leaguegen.site.pages.common import SeasonInfo, season_info
from leaguegen.site.render import render, render_pdf_source


@dataclass(frozen=True, slots=True)
class Heading:
    """What the PDF frame (layouts/pdf.html) shows as the document's name."""

    name: str


@dataclass(frozen=True, slots=True)
class EventView:
    """An event of the series: its name (a folder's: with the season's), its page, whether
    it is finished and whether it has results yet."""

    name: str
    season_name: str
    url: str
    finished: bool
    started: bool


@dataclass(frozen=True, slots=True)
class CellView:
    """A player's result in one event: series points, place (the highest of a tie),
    ``tied`` players sharing it, ``counted`` (False: dropped by best N)."""

    points: Fraction
    place: int
    tied: int
    counted: bool


@dataclass(frozen=True, slots=True)
class RowView:
    """A player's line (``rank`` None: below the minimum of events). ``values``: the
    series' tie-breaks, as (code, value) (``best``: the places, best first; ``last``: not
    shown as a column); ``decided_by``: the tie-break that put them above the next."""

    rank: int | None
    shared: bool
    name: str
    url: str | None
    total: Fraction
    cells: tuple[CellView | None, ...]
    played: int
    dropped: int
    values: tuple[tuple[str, object], ...]
    decided_by: str | None


@dataclass(frozen=True, slots=True)
class SeriesPage:
    """A series' page and its PDF. ``season``: the season's frame (a folder's series: the
    folder's title in its place, and ``folder`` set: its events name their seasons);
    ``section``: the PDF's heading; the rules for the legend; ``rows`` the ranked
    players, ``below`` those under the minimum of events."""

    root: str
    season: SeasonInfo
    title: str
    section: Heading
    id: str
    name: str
    points: tuple[Fraction, ...]
    rest: Fraction
    ties: str
    places: str
    best: int | None
    minimum: int
    tiebreaks: tuple[str, ...]
    columns: tuple[str, ...]  # the tie-breaks shown as columns
    events: tuple[EventView, ...]
    rows: tuple[RowView, ...]
    below: tuple[RowView, ...]
    provisional: bool
    pdf_url: str
    json_url: str
    folder: bool = False


SHOWN = ("played", "all", "best")  # the tie-breaks with a column of their own

# (event index, player number) -> the player's page; event index -> (name, season, page)
PlayerUrl = Callable[[int, int], str]
EventInfo = Callable[[int], tuple[str, str, str]]


def _row(row: SeriesRow, table: SeriesTable, player_url: PlayerUrl | None) -> RowView:
    cells = tuple(None if r is None else CellView(r.points, r.place, r.tied, r.counted)
                  for r in row.results)
    seen = table.last_seen.get(row.key)
    url = player_url(*seen) if player_url is not None and seen is not None else None
    return RowView(row.rank, row.shared, row.name, url, row.total, cells, row.played,
                   sum(1 for c in cells if c is not None and not c.counted),
                   tuple(zip(table.rules.tiebreaks, row.values, strict=True)), row.decided_by)


def series_page(table: SeriesTable, root: str, season: SeasonInfo, title: str,
                event_info: EventInfo, player_url: PlayerUrl | None,
                folder: bool = False) -> SeriesPage:
    """The page's values from a worked-out series."""
    rules = table.rules
    events = []
    for index, facts in enumerate(table.facts):
        name, season_name, url = event_info(index)
        events.append(EventView(name, season_name, url, facts.progress.finished,
                                bool(facts.progress.rounds_played)))
    rows = [_row(r, table, player_url) for r in table.rows]
    return SeriesPage(
        root=root, season=season, title=title, section=Heading(rules.name), id=rules.id,
        name=rules.name, points=rules.points, rest=rules.rest, ties=rules.ties,
        places=rules.places, best=rules.best, minimum=rules.minimum,
        tiebreaks=rules.tiebreaks, columns=tuple(c for c in rules.tiebreaks if c in SHOWN),
        events=tuple(events), rows=tuple(r for r in rows if r.rank is not None),
        below=tuple(r for r in rows if r.rank is None), provisional=table.provisional,
        pdf_url=urls.series_pdf(rules.id), json_url=urls.series_json(rules.id), folder=folder)


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def _value(code: str, value: object) -> object:
    if code == "best":  # the places, best first
        return list(value)  # type: ignore[call-overload]
    if code == "last":  # the points of each event, the last first
        return [_number(v) for v in value]  # type: ignore[attr-defined]
    return _number(Fraction(value))  # type: ignore[arg-type]


def series_data(page: SeriesPage) -> dict[str, object]:
    """The table as open data (``series-<id>.json``; docs/data-feeds.md, "Grand prix
    series"): the rules, the events, each player's results (place, tied, points,
    counted) and tie-break values."""
    def player(r: RowView) -> dict[str, object]:
        return {"rank": r.rank, "name": r.name, "points": _number(r.total),
                "events_played": r.played,
                "results": [None if c is None else {
                    "place": c.place, "tied": c.tied, "points": _number(c.points),
                    "counted": c.counted} for c in r.cells],
                "tiebreaks": {code: _value(code, v) for code, v in r.values}}
    return {
        "version": 1, "id": page.id, "name": page.name, "provisional": page.provisional,
        "rules": {"points": [_number(p) for p in page.points], "rest": _number(page.rest),
                  "ties": page.ties, "places": page.places, "best": page.best,
                  "minimum": page.minimum, "tiebreaks": list(page.tiebreaks)},
        "events": [{"name": e.name, "season": e.season_name, "finished": e.finished}
                   for e in page.events],
        "standings": [player(r) for r in page.rows],
        "below_minimum": [player(r) for r in page.below],
    }


def season_series_pages(season: Season, facts: SeasonFacts) -> list[SeriesPage]:
    """The pages of the series a season declares over its sections (``season``: in the
    language being rendered)."""
    out = []
    for table in season_series(facts):
        sections = [f.section for f in table.facts]

        def event_info(i: int, sections=sections) -> tuple[str, str, str]:  # noqa: ANN001
            return sections[i].name, season.name, urls.section(sections[i])

        def player_url(i: int, number: int, sections=sections) -> str:  # noqa: ANN001
            return urls.player(sections[i], number)

        out.append(series_page(table, "", season_info(season), season.name, event_info,
                               player_url))
    return out


def render_season_series(season: Season, facts: SeasonFacts
                         ) -> tuple[dict[str, str], dict[str, str]]:
    """The season's series pages and their PDFs' sources, by path from the season's root
    (in the language being rendered)."""
    pages, pdfs = {}, {}
    for page in season_series_pages(season, facts):
        pages[urls.series(page.id)] = render("series/page.html", page, season.language)
        source = render_pdf_source("series/pdf.html", page, season.language)
        if source:
            pdfs[urls.series_pdf(page.id)] = source
    return pages, pdfs


def series_json_bytes(page: SeriesPage) -> bytes:
    """:func:`series_data` as the feeds write JSON (compact, one newline)."""
    return (json.dumps(series_data(page), ensure_ascii=False, separators=(",", ":"))
            + "\n").encode()


def club_series_pages(club: ClubFile, seasons: Mapping[str, SeasonFacts], found: Roster,
                      title: str, language: str, digits: str, root: str = ""
                      ) -> list[SeriesPage]:
    """The pages of a folder's series (``club.yaml``), in ``club/`` (``root``: up from it
    to the site's root, ``ROOT`` by default; ``../../`` from a language's ``ru/club/``):
    each event linked to its season's section page, each player to their career page."""
    from leaguegen.site.pages.club import ROOT, member_page

    root = root or ROOT
    out = []
    for rules in club.series:
        # the PDF frame's line names the folder's organiser (or, without one, the series)
        frame = SeasonInfo(name=title or rules.name, organiser="", venue="",
                           time_control="", language=language, description_html="",
                           languages=(language,), digits=digits)
        events = club.events[rules.id]
        table = series_table(rules, events, seasons, found)

        def event_info(i: int, events=events) -> tuple[str, str, str]:  # noqa: ANN001
            path, section_id = events[i]
            facts = seasons[path]
            section = facts.sections[section_id].section
            return section.name, facts.season.name, f"{root}{path}/{urls.section(section)}"

        def player_url(i: int, number: int, events=events) -> str:  # noqa: ANN001
            path, section_id = events[i]
            slug = found.slug_of(path, section_id, number)
            return member_page(slug) if slug else ""

        out.append(series_page(table, root, frame, title, event_info, player_url,
                               folder=True))
    return out

"""Open data beside the pages, listed as one output in ``site/outputs.py``.

Per section: ``<id>/section.json``, ``<id>/section.ics``, one calendar per player and, for
the kinds FIDE rates (round robins, Swiss), the TRF-2026 report ``<id>/<id>.trf``;
per season: ``season.json``, ``season.ics`` and ``feed.atom``.
"""

from __future__ import annotations

import json

from leaguegen.domain.season import Season, Section
from leaguegen.formats import season_trf
from leaguegen.site import urls
from leaguegen.site.feeds import atom, ical, json_feed
from leaguegen.site.feeds.atom import atom_feed
from leaguegen.site.feeds.ical import player_calendars, season_calendar, section_calendar
from leaguegen.site.feeds.json_feed import season_feed, section_feed_of
from leaguegen.site.outputs import Files, Output
from leaguegen.site.pages.common import exports_trf


def _json(data: object) -> bytes:
    """Compact JSON and one newline: without ``indent`` the standard library encodes in C
    (about a tenth of the pure-Python encoder an indent forces); the values are the same."""
    return (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def section_files(season: Season, section: Section) -> Files:
    files = {urls.section_json(section): _json(section_feed_of(section)),
             urls.section_ics(section): section_calendar(season, section)}
    if exports_trf(section):
        files[urls.trf(section)] = season_trf.dumps(season, section.id).encode("utf-8")
    for number, calendar in player_calendars(season, section).items():
        files[urls.player_ics(section, number)] = calendar
    return files


def season_files(season: Season) -> Files:
    return {urls.SEASON_JSON: _json(season_feed(season)),
            urls.SEASON_ICS: season_calendar(season),
            urls.ATOM: atom_feed(season)}


def section_parts(season: Season, section: Section) -> tuple:
    """What ``season_files`` needs of one section: its season-calendar lines, its Atom
    entries, its ``season.json`` entry (each kept per section by its module)."""
    return (ical.season_block(season, section), atom.section_entries(season, section),
            json_feed.season_entry(section))


def take_parts(season: Season, section: Section, parts: tuple) -> None:
    block, entries, entry = parts
    ical.take_block(season, section, block)
    atom.take_entries(season, section, entries)
    json_feed.take_entry(section, entry)


FEEDS = Output("feeds", section_files, season_files, section_parts, take_parts)

"""Open data beside the pages, listed as outputs in ``site/outputs.py``.

Per section: ``<id>/section.json``, ``<id>/section.ics``, one calendar per player and, for
the kinds FIDE rates (round robins, Swiss), the TRF-2026 report ``<id>/<id>.trf``; for a
section with prizes, its prize list ``<id>/prizes.json`` (``prizes_json``);
per season: ``season.json``, ``season.ics`` and ``feed.atom``; and (``SERIES``) each grand
prix series' ``series-<id>.json``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from leaguegen.domain.season import Section
from leaguegen.domain.season_facts import SeasonFacts
from leaguegen.formats import season_trf
from leaguegen.site import urls
from leaguegen.site.feeds.atom import RESULTS_TEMPLATE, atom_feed, section_entries
from leaguegen.site.feeds.ical import calendar, calendars
from leaguegen.site.feeds.json_feed import season_entry, season_feed, section_feed
from leaguegen.site.feeds.prizes_json import prizes_feed
from leaguegen.site.outputs import Files, Output
from leaguegen.site.pages.common import exports_trf


def _json(data: object) -> bytes:
    """Compact JSON and one newline: without ``indent`` the standard library encodes in C
    (about a tenth of the pure-Python encoder an indent forces); the values are the same."""
    return (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def section_files(facts: SeasonFacts, section: Section) -> tuple[Files, dict]:
    """The section's files, and its part of the season's files (plain data, kept with
    the section's files in the cache: ``outputs``): its events in ``season.ics``, its
    entries in ``feed.atom``, its entry in ``season.json``. The section's JSON feed is
    made once here, for its own file and every calendar of the section."""
    feed = section_feed(facts, section)
    events, players = calendars(facts, section, feed)
    files = {urls.section_json(section): _json(feed), urls.section_ics(section):
             calendar(f"{facts.season.name}: {section.name}", events)}
    if exports_trf(section):
        files[urls.trf(section)] = season_trf.dumps(facts.season, section.id,
                                                     facts.of(section)).encode("utf-8")
    for number, data in players.items():
        files[urls.player_ics(section, number)] = data
    prizes = prizes_feed(facts.of(section))
    if prizes is not None:
        files[urls.prizes_json(section)] = _json(prizes)
    return files, _part(facts, section, events)


def _part(facts: SeasonFacts, section: Section, events: str) -> dict:
    return {"ics": events, "atom": section_entries(facts, section),
            "json": season_entry(facts, section)}


def season_files(facts: SeasonFacts, parts: Sequence[dict] | None = None) -> Files:
    """The season's files from each section's part (:func:`section_files`), in order
    (made here when not given)."""
    if parts is None:
        parts = [_part(facts, s, calendars(facts, s, section_feed(facts, s))[0])
                 for s in facts.season.sections]
    return {urls.SEASON_JSON: _json(season_feed(facts, [part["json"] for part in parts])),
            urls.SEASON_ICS: calendar(facts.season.name, "".join(p["ics"] for p in parts)),
            urls.ATOM: atom_feed(facts, [part["atom"] for part in parts])}


FEEDS = Output("feeds", section_files, season_files, templates=(RESULTS_TEMPLATE,))


def series_files(facts: SeasonFacts, _parts: Sequence[object] = ()) -> Files:
    """Every series' table as its page has it, as plain data (docs/data-feeds.md, "Grand
    prix series"); none without a ``series:`` block. Season-wide: made again when any
    section, or the ``series:`` block, changed."""
    if not facts.season.series:
        return {}
    from leaguegen.site.pages.series import season_series_pages, series_json_bytes

    return {urls.series_json(page.id): series_json_bytes(page)
            for page in season_series_pages(facts.season, facts)}


SERIES = Output("series", None, series_files)

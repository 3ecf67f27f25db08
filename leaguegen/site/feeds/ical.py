"""Calendars of a season's rounds: ``season.ics``, ``<section>/section.ics``, one per player.

Written as ``icalendar`` (the well-kept library for RFC 5545) writes them, byte for
byte, but directly: the library takes milliseconds per event and a big season has a
calendar per player; tests/site/test_feeds_ics.py makes the same calendars through the
library and holds the two equal. Each round is one
event whose UID is made of the season's slug, the section id and the round number
only, so a postponed or re-dated round updates the event a subscriber already
has instead of adding another; once results are in, the event's description lists
them. A round without a date has no event. The output is deterministic (no clock
is read): DTSTAMP is the season's last dated change, so an unchanged season builds
byte-identical calendars.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from leaguegen.domain.model import Colour
from leaguegen.domain.season import Season, Section
from leaguegen.domain.season_facts import SeasonFacts
from leaguegen.site import urls
from leaguegen.site.feeds.json_feed import section_feed

PRODID = "-//leaguegen//season calendar//EN"
HEAD = ("BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:{PRODID}", "CALSCALE:GREGORIAN")


@dataclass(frozen=True, slots=True)
class _Event:
    """One round in a calendar (plain values; written by :func:`_event_lines`)."""

    uid: str
    stamp: dt.datetime
    start: dt.date
    summary: str
    location: str
    description: str


def _escape(text: str) -> str:
    """RFC 5545 TEXT escaping, in ``icalendar``'s order (its ``_escape_char``)."""
    return (text.replace(r"\N", "\n").replace("\\", "\\\\").replace(";", r"\;")
            .replace(",", r"\,").replace("\r\n", r"\n").replace("\n", r"\n")
            .replace("\r", r"\n"))


def _raw(text: str) -> str:
    """An X- property is written unescaped (``icalendar``'s ``vUnknown``); a line break,
    which the library refuses, becomes a space."""
    return text.replace("\r\n", " ").replace("\n", " ").replace("\r", " ")


def _fold(line: str, limit: int = 75) -> str:
    """RFC 5545 folding exactly as ``icalendar`` folds (never inside an escape)."""
    if len(line) < limit and len(line.encode()) < limit:
        return line
    if line.isascii():  # one byte a character: cut every limit - 1 characters
        pieces, i = [], 0
        while len(line) - i >= limit:
            cut = i + limit - 1
            if line[cut - 1] in "\\^":  # keep an escape with what it escapes
                cut -= 1
            pieces.append(line[i:cut])
            i = cut
        pieces.append(line[i:])
        return "\r\n ".join(pieces)
    parts: list[str] = []
    current: list[str] = []
    count = 0
    for char in line:
        size = len(char.encode())
        if current and count + size >= limit:
            if len(current) > 1 and current[-1] in "\\^":
                carried = current.pop()
                parts.append("".join(current))
                current, count = [carried], len(carried.encode())
            else:
                parts.append("".join(current))
                current, count = [], 0
        current.append(char)
        count += size
    if current:
        parts.append("".join(current))
    return "\r\n ".join(parts)


def _event_lines(e: _Event) -> list[str]:
    lines = ["BEGIN:VEVENT", _fold(f"SUMMARY:{_escape(e.summary)}"),
             f"DTSTART;VALUE=DATE:{_basic_date(e.start.isoformat())}",
             f"DTSTAMP:{e.stamp:%Y%m%dT%H%M%SZ}", _fold(f"UID:{_escape(e.uid)}"),
             _fold(f"DESCRIPTION:{_escape(e.description)}")]
    if e.location:
        lines.append(_fold(f"LOCATION:{_escape(e.location)}"))
    lines.append("END:VEVENT")
    return lines


def _ics_of_lines(name: str, events: list[str]) -> bytes:
    lines = [*HEAD, _fold(f"X-WR-CALNAME:{_raw(name)}"), *events, "END:VCALENDAR"]
    return ("\r\n".join(lines) + "\r\n").encode()


def _uid(season: Season, section: Section, round_no: int) -> str:
    return f"{_season_slug(season.name)}-{section.id}-round-{round_no}@leaguegen"


@lru_cache(maxsize=64)
def _season_slug(name: str) -> str:
    """The season's part of every UID (asked for per round of every section)."""
    return urls.slug(name) or "season"


def _round_events(facts: SeasonFacts, section: Section, stamp: dt.datetime,
                  feed: dict | None = None) -> list[_Event]:
    """The section's events; ``feed``: the section's JSON feed, when the caller made it
    already."""
    season = facts.season
    if feed is None:
        feed = section_feed(facts, section)
    names = [p.name for p in section.players]
    events = []
    for rnd in feed["rounds"]:
        if not rnd["date"]:
            continue
        lines = [line for _, line in _lines(rnd, names)] + _match_lines(feed, rnd)
        events.append(_Event(
            uid=_uid(season, section, rnd["number"]), stamp=stamp,
            start=dt.date.fromisoformat(rnd["date"]),
            summary=f"{section.name}: round {rnd['number']} ({season.name})",
            location=season.venue or "",
            description="\n".join(lines) if lines else "Pairings to be published."))
    return events


def _lines(rnd: dict, names: list[str]) -> Iterator[tuple[set[int], str]]:
    """A round's boards and byes (its feed's), each a line of its description, with the
    players it is about."""
    for b in rnd["boards"]:
        yield {b["white"], b["black"]}, (f"{b['board']}. {names[b['white'] - 1]} - "
                                          f"{names[b['black'] - 1]}: "
                                          f"{b['result'] or 'not played yet'}")
    for bye in rnd["byes"]:
        yield {bye["player"]}, f"{names[bye['player'] - 1]}: {bye['kind']}"


def _match_lines(feed: dict, rnd: dict) -> list[str]:
    """A team league's round (its feed's ``matches``): each fixture with its score in game
    points (or its default), and the team with the free round."""
    teams = {t["number"]: t["name"] for t in feed.get("teams", [])}
    lines = []
    for m in rnd.get("matches", []):
        score = "not played yet" if m["result"] is None else m["default"] or \
            f"{m['home_points']:g}-{m['away_points']:g}"
        lines.append(f"{teams[m['home']]} - {teams[m['away']]}: {score}")
    if rnd.get("free_team"):
        lines.append(f"{teams[rnd['free_team']]}: free round")
    return lines


def _basic_date(iso: str) -> str:
    """``YYYYMMDD`` of a feed's ``YYYY-MM-DD``: ``date.fromisoformat(iso)`` written with
    ``%Y%m%d``, without strftime's cost (which writes a year before 1000 unpadded)."""
    if len(iso) == 10 and iso[0] != "0" and iso[4] == iso[7] == "-":
        return iso[:4] + iso[5:7] + iso[8:]
    return f"{dt.date.fromisoformat(iso):%Y%m%d}"


def _stamp(facts: SeasonFacts) -> dt.datetime:
    """Every event's DTSTAMP: the season's last dated change, so an unchanged season
    builds byte-identical calendars."""
    day = facts.last_change
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC)


def section_block(facts: SeasonFacts, section: Section, feed: dict | None = None) -> list[str]:
    """A section's events as lines: its calendar's, and its part of the season's (made
    with the section's files and kept with them, so a build after one save joins the
    other sections' lines instead of making them again: ``feeds.section_files``)."""
    return [line for e in _round_events(facts, section, _stamp(facts), feed=feed)
            for line in _event_lines(e)]


def season_calendar(facts: SeasonFacts, blocks: Sequence[list[str]] | None = None) -> bytes:
    """``season.ics``: every section's block (``blocks``, in the season's order, when the
    caller has them)."""
    if blocks is None:
        blocks = [section_block(facts, section) for section in facts.season.sections]
    return _ics_of_lines(facts.season.name, [line for block in blocks for line in block])


def section_calendar(facts: SeasonFacts, section: Section,
                     block: list[str] | None = None) -> bytes:
    """The section's rounds: the very lines of its block in the season calendar."""
    if block is None:
        block = section_block(facts, section)
    return _ics_of_lines(f"{facts.season.name}: {section.name}", block)


def player_calendars(facts: SeasonFacts, section: Section,
                     feed: dict | None = None) -> dict[int, bytes]:
    """Every player's calendar of the section, by number, in one pass: each event names the
    opponent and the colour (the tests hold each to what ``icalendar`` writes).

    What players share is written once: a round's start, stamp and location lines, a
    board's description line (the same for both of its players), each name escaped once
    (RFC 5545 escaping works character by character, except for the pairs ``\\N`` and
    CR LF, and the fixed text around a name starts and ends with neither, so the escape
    of a summary is the escapes of its pieces joined). ``feed``: the section's JSON feed,
    when the caller made it already."""
    season = facts.season
    stamp = _stamp(facts)
    if feed is None:
        feed = section_feed(facts, section)
    table = facts.of(section).table
    names = [p.name for p in section.players]
    count = len(names)
    escaped = [_escape(name) for name in names]
    rows = [table.record(n).rounds for n in range(1, count + 1)] if table is not None else None
    white = Colour.WHITE
    head = "\r\n".join(HEAD) + "\r\n"
    location = f"{_fold(f'LOCATION:{_escape(season.venue)}')}\r\n" if season.venue else ""
    stamp_line = f"DTSTAMP:{stamp:%Y%m%dT%H%M%SZ}\r\n"
    chunks: list[list[str]] = [[] for _ in range(count + 1)]
    for rnd in feed["rounds"]:
        if not rnd["date"]:
            continue
        r = rnd["number"]
        lines: dict[int, list[str]] = {}
        for who, line in _lines(rnd, names):
            for number in who:
                lines.setdefault(number, []).append(line)
        uid = _escape(_uid(season, section, r))
        start = f"DTSTART;VALUE=DATE:{_basic_date(rnd['date'])}\r\n"
        middle = start + stamp_line
        # every player's UID line is shorter than a fold when the longest one is
        short_uid = uid.isascii() and len(f"UID:p{count}-{uid}") < 75
        plain = _fold(f"SUMMARY:{_escape(f'{section.name}: round {r} ({season.name})')}")
        tail = _escape(f": {section.name}, round {r}")
        descriptions: dict[str, str] = {}
        for number in range(1, count + 1):
            mine = lines.get(number)
            text = "\n".join(mine) if mine else "Pairings to be published."
            description = descriptions.get(text)
            if description is None:
                description = descriptions[text] = _fold(f"DESCRIPTION:{_escape(text)}")
            summary = plain
            if rows is not None:
                rounds = rows[number - 1]
                entry = rounds[r - 1] if 1 <= r <= len(rounds) else None  # .entry(r)
                if entry is not None and entry.opponent is not None:
                    colour = "White" if entry.colour is white else "Black"
                    summary = _fold(f"SUMMARY:{escaped[number - 1]} ({colour}) v "
                                    f"{escaped[entry.opponent - 1]}{tail}")
            uid_line = f"UID:p{number}-{uid}" if short_uid else _fold(f"UID:p{number}-{uid}")
            chunks[number].append(
                f"BEGIN:VEVENT\r\n{summary}\r\n{middle}{uid_line}\r\n"
                f"{description}\r\n{location}END:VEVENT\r\n")
    out = {}
    for number in range(1, count + 1):
        calname = _fold(f"X-WR-CALNAME:{_raw(f'{names[number - 1]}: {section.name}')}")
        out[number] = (f"{head}{calname}\r\n{''.join(chunks[number])}END:VCALENDAR\r\n"
                       .encode())
    return out

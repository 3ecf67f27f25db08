"""Calendars of a season's rounds: ``season.ics``, ``<section>/section.ics``, one per player.

Written as ``icalendar`` (the well-kept library for RFC 5545) writes them, byte for
byte, but directly: the library takes milliseconds per event and a big season has a
calendar per player; tests/site/test_feeds_ics.py holds the two equal. Each round is one
event whose UID is made of the season's slug, the section id and the round number
only, so a postponed or re-dated round updates the event a subscriber already
has instead of adding another; once results are in, the event's description lists
them. A round without a date has no event. The output is deterministic (no clock
is read): DTSTAMP is the season's last dated change, so an unchanged season builds
byte-identical calendars.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from functools import lru_cache

from leaguegen.domain.model import Colour
from leaguegen.domain.season import Section
from leaguegen.domain.season_facts import SeasonFacts
from leaguegen.site import urls

PRODID = "-//leaguegen//season calendar//EN"
HEAD = f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:{PRODID}\r\nCALSCALE:GREGORIAN\r\n"


def _escape(text: str) -> str:
    """RFC 5545 TEXT escaping, in ``icalendar``'s order (its ``_escape_char``)."""
    return (text.replace(r"\N", "\n").replace("\\", "\\\\").replace(";", r"\;")
            .replace(",", r"\,").replace("\r\n", r"\n").replace("\n", r"\n")
            .replace("\r", r"\n"))


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


def line(name: str, text: str) -> str:
    """A TEXT property, escaped and folded, with its CR LF."""
    return f"{_fold(f'{name}:{_escape(text)}')}\r\n"


def event(summary: str, start: str, uid: str, description: str, location: str) -> str:
    """A VEVENT of its lines (each with its CR LF; ``start`` holds DTSTART and DTSTAMP)."""
    return f"BEGIN:VEVENT\r\n{summary}{start}{uid}{description}{location}END:VEVENT\r\n"


def calendar(name: str, events: str) -> bytes:
    """A calendar of ``events``; its name is an X- property, written unescaped as
    ``icalendar`` writes one (a line break, which the library refuses, becomes a space)."""
    name = name.replace("\r\n", " ").replace("\n", " ").replace("\r", " ")
    return f"{HEAD}{_fold(f'X-WR-CALNAME:{name}')}\r\n{events}END:VCALENDAR\r\n".encode()


@lru_cache(maxsize=64)
def _season_slug(name: str) -> str:
    """The season's part of every UID (asked for per round of every section)."""
    return urls.slug(name) or "season"


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


def calendars(facts: SeasonFacts, section: Section, feed: dict) -> tuple[str, dict[int, bytes]]:
    """The section's events (its calendar's, and its part of the season's) and every
    player's calendar by number, in one pass over the section's feed. A player's events
    name the opponent and the colour.

    What players share is written once: a round's start, stamp and location lines, a
    board's description line (the same for both of its players), each name escaped once
    (RFC 5545 escaping works character by character, except for the pairs ``\\N`` and
    CR LF, and the fixed text around a name starts and ends with neither, so the escape
    of a summary is the escapes of its pieces joined)."""
    season = facts.season
    day = facts.last_change  # DTSTAMP: an unchanged season builds the same calendars
    stamp = f"DTSTAMP:{dt.datetime(day.year, day.month, day.day):%Y%m%dT%H%M%SZ}\r\n"
    table = facts.of(section).table
    names = [p.name for p in section.players]
    count = len(names)
    escaped = [_escape(name) for name in names]
    rows = [table.record(n).rounds for n in range(1, count + 1)] if table is not None else None
    white = Colour.WHITE
    location = line("LOCATION", season.venue) if season.venue else ""
    events: list[str] = []
    chunks: list[list[str]] = [[] for _ in range(count + 1)]
    for rnd in feed["rounds"]:
        if not rnd["date"]:
            continue
        r = rnd["number"]
        every: list[str] = []
        lines: dict[int, list[str]] = {}
        for who, text in _lines(rnd, names):
            every.append(text)
            for number in who:
                lines.setdefault(number, []).append(text)
        every += _match_lines(feed, rnd)
        uid = _escape(f"{_season_slug(season.name)}-{section.id}-round-{r}@leaguegen")
        start = f"DTSTART;VALUE=DATE:{_basic_date(rnd['date'])}\r\n{stamp}"
        plain = line("SUMMARY", f"{section.name}: round {r} ({season.name})")
        events.append(event(plain, start, f"{_fold(f'UID:{uid}')}\r\n", line(
            "DESCRIPTION", "\n".join(every) if every else "Pairings to be published."),
            location))
        # every player's UID line is shorter than a fold when the longest one is
        short_uid = uid.isascii() and len(f"UID:p{count}-{uid}") < 75
        tail = _escape(f": {section.name}, round {r}")
        descriptions: dict[str, str] = {}
        for number in range(1, count + 1):
            mine = lines.get(number)
            text = "\n".join(mine) if mine else "Pairings to be published."
            description = descriptions.get(text)
            if description is None:
                description = descriptions[text] = line("DESCRIPTION", text)
            summary = plain
            if rows is not None:
                rounds = rows[number - 1]
                entry = rounds[r - 1] if 1 <= r <= len(rounds) else None  # .entry(r)
                if entry is not None and entry.opponent is not None:
                    colour = "White" if entry.colour is white else "Black"
                    summary = _fold(f"SUMMARY:{escaped[number - 1]} ({colour}) v "
                                    f"{escaped[entry.opponent - 1]}{tail}") + "\r\n"
            uid_line = f"UID:p{number}-{uid}" if short_uid else _fold(f"UID:p{number}-{uid}")
            chunks[number].append(event(summary, start, f"{uid_line}\r\n", description,
                                        location))
    return "".join(events), {n: calendar(f"{names[n - 1]}: {section.name}", "".join(chunks[n]))
                             for n in range(1, count + 1)}

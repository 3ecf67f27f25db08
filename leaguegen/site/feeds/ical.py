"""Calendars of a season's rounds: ``season.ics``, ``<section>/section.ics``, one per player.

Written with ``icalendar`` (the well-kept library for RFC 5545, so line folding,
escaping and time zones are right without hand-written code). Each round is one
event whose UID is made of the season's slug, the section id and the round number
only, so a postponed or re-dated round updates the event a subscriber already
has instead of adding another; once results are in, the event's description lists
them. A round without a date has no event. The output is deterministic (no clock
is read): DTSTAMP is the season's last dated change, so an unchanged season builds
byte-identical calendars.
"""

from __future__ import annotations

import datetime as dt

from icalendar import Calendar, Event

from leaguegen.domain.model import Colour
from leaguegen.domain.season import Season, Section
from leaguegen.domain.sections import facts_of
from leaguegen.site import urls
from leaguegen.site.feeds.json_feed import section_feed

PRODID = "-//leaguegen//season calendar//EN"


def _calendar(name: str) -> Calendar:
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-calname", name)
    return cal


def last_change(season: Season) -> dt.date:
    """The newest date the season's files mention: a played round or a news item."""
    dates = [r.date for s in season.sections for r in s.rounds
             if r.date and any(g.round == r.number and g.result for g in s.games)]
    dates += [n.date for n in season.news if n.date]
    return max(dates, default=dt.date(2000, 1, 1))


def _uid(season: Season, section: Section, round_no: int) -> str:
    return f"{urls.slug(season.name) or 'season'}-{section.id}-round-{round_no}@leaguegen"


def _names(section: Section) -> dict[int, str]:
    return {i: p.name for i, p in enumerate(section.players, start=1)}


def _round_events(season: Season, section: Section, stamp: dt.datetime,
                  player: int | None = None) -> list[Event]:
    feed = section_feed(section)
    names = _names(section)
    events = []
    for rnd in feed["rounds"]:
        if not rnd["date"]:
            continue
        lines = []
        for b in rnd["boards"]:
            if player is not None and player not in (b["white"], b["black"]):
                continue
            result = b["result"] or "not played yet"
            lines.append(f"{b['board']}. {names[b['white']]} - {names[b['black']]}: {result}")
        for bye in rnd["byes"]:
            if player is None or bye["player"] == player:
                lines.append(f"{names[bye['player']]}: {bye['kind']}")
        event = Event()
        uid = _uid(season, section, rnd["number"])
        event.add("uid", uid if player is None else f"p{player}-{uid}")
        event.add("dtstamp", stamp)
        event.add("dtstart", dt.date.fromisoformat(rnd["date"]))
        event.add("summary", f"{section.name}: round {rnd['number']}"
                             f" ({season.name})")
        if season.venue:
            event.add("location", season.venue)
        event.add("description", "\n".join(lines) if lines else "Pairings to be published.")
        events.append(event)
    return events


def _stamp(season: Season) -> dt.datetime:
    day = last_change(season)
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC)


def season_calendar(season: Season) -> bytes:
    cal = _calendar(season.name)
    stamp = _stamp(season)
    for section in season.sections:
        for event in _round_events(season, section, stamp):
            cal.add_component(event)
    return cal.to_ical()


def section_calendar(season: Season, section: Section) -> bytes:
    cal = _calendar(f"{season.name}: {section.name}")
    for event in _round_events(season, section, _stamp(season)):
        cal.add_component(event)
    return cal.to_ical()


def player_calendar(season: Season, section: Section, number: int) -> bytes:
    """The rounds of one player: each event names the opponent and the colour."""
    name = section.players[number - 1].name
    cal = _calendar(f"{name}: {section.name}")
    table = facts_of(section).table
    for event in _round_events(season, section, _stamp(season), player=number):
        r = int(str(event["uid"]).split("-round-")[1].split("@")[0])
        entry = table.record(number).entry(r) if table is not None else None
        if entry is not None and entry.opponent is not None:
            colour = "White" if entry.colour is Colour.WHITE else "Black"
            opponent = section.players[entry.opponent - 1].name
            event["summary"] = f"{name} ({colour}) v {opponent}: {section.name}, round {r}"
        cal.add_component(event)
    return cal.to_ical()

"""The calendars are written directly for speed; they must be exactly what icalendar writes."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leaguegen.domain.model import Colour
from leaguegen.domain.season import Section
from leaguegen.domain.season_facts import SeasonFacts, season_facts
from leaguegen.formats.season_yaml import load_season
from leaguegen.site import feeds, urls
from leaguegen.site.feeds import ical
from leaguegen.site.feeds.json_feed import section_feed
from tests.conftest import ROOT

SEASONS = sorted(p for p in (ROOT / "seasons").iterdir() if (p / "season.yaml").exists())

pytest.importorskip("icalendar")


@dataclass(frozen=True)
class Event:
    uid: str
    stamp: dt.datetime
    start: dt.date
    summary: str
    location: str
    description: str


def _ics(name: str, events: list[Event]) -> bytes:
    """A calendar of these events as the product writes one (its lines, joined)."""
    return ical.calendar(name, "".join(ical.event(
        ical.line("SUMMARY", e.summary),
        f"DTSTART;VALUE=DATE:{e.start:%Y%m%d}\r\nDTSTAMP:{e.stamp:%Y%m%dT%H%M%SZ}\r\n",
        ical.line("UID", e.uid), ical.line("DESCRIPTION", e.description),
        ical.line("LOCATION", e.location) if e.location else "") for e in events))


def _library_ics(name: str, events: list[Event]) -> bytes:
    """The same calendar made with ``icalendar``: the reference the product is held to."""
    from icalendar import Calendar
    from icalendar import Event as LibraryEvent

    cal = Calendar()
    cal.add("prodid", ical.PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-calname", name)
    for e in events:
        event = LibraryEvent()
        event.add("uid", e.uid)
        event.add("dtstamp", e.stamp)
        event.add("dtstart", e.start)
        event.add("summary", e.summary)
        if e.location:
            event.add("location", e.location)
        event.add("description", e.description)
        cal.add_component(event)
    return cal.to_ical()


def _stamp(facts: SeasonFacts) -> dt.datetime:
    day = facts.last_change
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC)


def _uid(facts: SeasonFacts, section: Section, r: int) -> str:
    return f"{ical._season_slug(facts.season.name)}-{section.id}-round-{r}@leaguegen"


def _section_events(facts: SeasonFacts, section: Section) -> list[Event]:
    """The section's events, one per dated round of its feed, every board, bye and match."""
    season = facts.season
    feed = section_feed(facts, section)
    names = [p.name for p in section.players]
    events = []
    for rnd in feed["rounds"]:
        if not rnd["date"]:
            continue
        lines = [line for _, line in ical._lines(rnd, names)] + ical._match_lines(feed, rnd)
        events.append(Event(
            _uid(facts, section, rnd["number"]), _stamp(facts),
            dt.date.fromisoformat(rnd["date"]),
            f"{section.name}: round {rnd['number']} ({season.name})", season.venue or "",
            "\n".join(lines) if lines else "Pairings to be published."))
    return events


def _files(facts: SeasonFacts, section: Section) -> dict[str, bytes]:
    return feeds.section_files(facts, section)[0]


def _player_events(facts: SeasonFacts, section: Section,
                   number: int) -> tuple[str, list[Event]]:
    """The name and events of one player's calendar, scanned plainly from the section's
    feed: the player's boards and byes, each summary naming the opponent and colour."""
    season = facts.season
    names = [p.name for p in section.players]
    name = names[number - 1]
    table = facts.of(section).table
    record = table.record(number) if table is not None else None
    events = []
    for rnd in section_feed(facts, section)["rounds"]:
        if not rnd["date"]:
            continue
        r = rnd["number"]
        lines = [f"{b['board']}. {names[b['white'] - 1]} - {names[b['black'] - 1]}: "
                 f"{b['result'] or 'not played yet'}"
                 for b in rnd["boards"] if number in (b["white"], b["black"])]
        lines += [f"{name}: {bye['kind']}" for bye in rnd["byes"] if bye["player"] == number]
        summary = f"{section.name}: round {r} ({season.name})"
        entry = record.entry(r) if record is not None else None
        if entry is not None and entry.opponent is not None:
            colour = "White" if entry.colour is Colour.WHITE else "Black"
            summary = f"{name} ({colour}) v {names[entry.opponent - 1]}: {section.name}, round {r}"
        events.append(Event(
            f"p{number}-{_uid(facts, section, r)}", _stamp(facts),
            dt.date.fromisoformat(rnd["date"]), summary, season.venue or "",
            "\n".join(lines) if lines else "Pairings to be published."))
    return f"{name}: {section.name}", events


@pytest.mark.parametrize("folder", SEASONS, ids=lambda p: p.name)
def test_every_demo_calendar_is_what_icalendar_writes(folder: Path) -> None:
    season = load_season(folder)
    facts = season_facts(season)
    every = [e for s in season.sections for e in _section_events(facts, s)]
    assert _ics(season.name, every) == _library_ics(season.name, every)
    assert feeds.season_files(facts)["season.ics"] == _library_ics(season.name, every)


def _no_leading_bom(value: str) -> bool:
    """icalendar (7.3) drops a U+FEFF that starts a value (a byte-order mark to it) where
    the calendars keep the text as written: the reference cannot judge that character."""
    return not value.startswith("\ufeff")


text = st.text(st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from(
    list("\\;,\n\r^\"é中ع ")), max_size=200).filter(_no_leading_bom)


one_line = text.map(lambda t: t.replace("\r", "").replace("\n", ""))


@settings(max_examples=200, deadline=None)
@given(name=one_line, summary=text, location=text, description=text,
       day=st.dates(dt.date(2000, 1, 1), dt.date(2100, 1, 1)))
def test_any_text_is_escaped_and_folded_as_icalendar_does(name, summary, location,
                                                          description, day) -> None:
    stamp = dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC)
    event = Event(uid=f"x-{summary[:20]}@leaguegen", stamp=stamp, start=day,
                        summary=summary, location=location, description=description)
    assert _ics(name, [event, event]) == _library_ics(name, [event, event])


@settings(max_examples=200, deadline=None)
@given(description=st.text(st.sampled_from(list("ab \\;,^\n")), min_size=60, max_size=400))
def test_long_ascii_lines_fold_where_icalendar_folds(description) -> None:
    day = dt.date(2026, 9, 3)
    stamp = dt.datetime(2026, 9, 3, tzinfo=dt.UTC)
    event = Event(uid="u@leaguegen", stamp=stamp, start=day, summary=description,
                        location="", description=description)
    assert _ics("n", [event]) == _library_ics("n", [event])


@pytest.mark.parametrize("folder", SEASONS, ids=lambda p: p.name)
def test_section_calendar_is_what_icalendar_writes_of_its_rounds(folder: Path) -> None:
    season = load_season(folder)
    facts = season_facts(season)
    for section in season.sections:
        events = _section_events(facts, section)
        name = f"{season.name}: {section.name}"
        assert _files(facts, section)[urls.section_ics(section)] == _library_ics(name, events)


@pytest.mark.parametrize("folder", SEASONS, ids=lambda p: p.name)
def test_player_calendars_in_one_pass_are_each_players_events(folder: Path) -> None:
    """The calendars written in one pass per section (shared lines, names escaped once)
    are what icalendar writes of each player's own events."""
    season = load_season(folder)
    facts = season_facts(season)
    for section in season.sections:
        files = _files(facts, section)
        for number in range(1, len(section.players) + 1):
            calendar = files.pop(urls.player_ics(section, number))
            assert calendar == _library_ics(*_player_events(facts, section, number))
        assert not [path for path in files if path.endswith(".ics")
                    and path != urls.section_ics(section)]


_RIVERSIDE = ROOT / "seasons" / "riverside-2026"
name_text = st.text(st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from(
    list("\\;,^N\"é中ع ")), min_size=1, max_size=60).filter(
    _no_leading_bom)


@settings(max_examples=60, deadline=None)
@given(names=st.lists(name_text, min_size=2, max_size=2), venue=one_line,
       section_name=name_text, season_name=st.none() | name_text)
def test_player_calendars_of_any_names_are_each_players_events(names, venue, section_name,
                                                                season_name) -> None:
    """Escaping each name once and joining the pieces gives what escaping the whole
    summary gives, whatever the names (backslashes, N after a backslash, commas...); a
    season's name long enough to fold the UID lines folds them as each player's would."""
    import dataclasses

    season = load_season(_RIVERSIDE)
    section = season.sections[0]
    players = list(section.players)
    for i, name in enumerate(names):
        players[i] = dataclasses.replace(players[i], name=name)
    section = dataclasses.replace(section, players=tuple(players), name=section_name)
    season = dataclasses.replace(season, venue=venue, sections=(section,),
                                 name=season.name if season_name is None else season_name)
    facts = season_facts(season)
    files = _files(facts, section)
    for number in (1, 2, len(players)):
        assert files[urls.player_ics(section, number)] == _library_ics(
            *_player_events(facts, section, number))


@settings(max_examples=100, deadline=None)
@given(day=st.dates())
def test_dates_are_what_strftime_writes(day) -> None:
    """The start lines are written without strftime: the same text for any date (a year
    before 1000 too)."""
    assert ical._basic_date(day.isoformat()) == f"{day:%Y%m%d}"

"""The calendars are written directly for speed; they must be exactly what icalendar writes."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leaguegen.domain.season_facts import season_facts
from leaguegen.formats.season_yaml import load_season
from leaguegen.site.feeds import ical
from tests.conftest import ROOT

SEASONS = sorted(p for p in (ROOT / "seasons").iterdir() if (p / "season.yaml").exists())

pytest.importorskip("icalendar")


@pytest.mark.parametrize("folder", SEASONS, ids=lambda p: p.name)
def test_every_demo_calendar_is_what_icalendar_writes(folder: Path) -> None:
    season = load_season(folder)
    facts = season_facts(season)
    stamp = ical._stamp(facts)
    every = [e for s in season.sections for e in ical._round_events(facts, s, stamp)]
    assert ical._ics(season.name, every) == ical._library_ics(season.name, every)
    assert ical.season_calendar(facts) == ical._library_ics(season.name, every)
    for section in season.sections:
        for number in range(1, len(section.players) + 1):
            name, events = ical.player_events(facts, section, number)
            assert ical._ics(name, events) == ical._library_ics(name, events)


text = st.text(st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from(
    list("\\;,\n\r^\"é中ع ")), max_size=200)


one_line = text.map(lambda t: t.replace("\r", "").replace("\n", ""))


@settings(max_examples=200, deadline=None)
@given(name=one_line, summary=text, location=text, description=text,
       day=st.dates(dt.date(2000, 1, 1), dt.date(2100, 1, 1)))
def test_any_text_is_escaped_and_folded_as_icalendar_does(name, summary, location,
                                                          description, day) -> None:
    stamp = dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC)
    event = ical._Event(uid=f"x-{summary[:20]}@leaguegen", stamp=stamp, start=day,
                        summary=summary, location=location, description=description)
    assert ical._ics(name, [event, event]) == ical._library_ics(name, [event, event])


@settings(max_examples=200, deadline=None)
@given(description=st.text(st.sampled_from(list("ab \\;,^\n")), min_size=60, max_size=400))
def test_long_ascii_lines_fold_where_icalendar_folds(description) -> None:
    day = dt.date(2026, 9, 3)
    stamp = dt.datetime(2026, 9, 3, tzinfo=dt.UTC)
    event = ical._Event(uid="u@leaguegen", stamp=stamp, start=day, summary=description,
                        location="", description=description)
    assert ical._ics("n", [event]) == ical._library_ics("n", [event])


@pytest.mark.parametrize("folder", SEASONS, ids=lambda p: p.name)
def test_players_events_in_one_pass_are_each_players_scan(folder: Path) -> None:
    """The one pass over a section's boards gives every player exactly the events a scan
    of the boards for that player gives (``_round_events(player=n)``)."""
    season = load_season(folder)
    facts = season_facts(season)
    stamp = ical._stamp(facts)
    for section in season.sections:
        every = ical._players_events(facts, section, stamp)
        assert sorted(every) == list(range(1, len(section.players) + 1))
        for number, events in every.items():
            assert events == ical._round_events(facts, section, stamp, player=number)


@pytest.mark.parametrize("folder", SEASONS, ids=lambda p: p.name)
def test_section_calendar_is_what_icalendar_writes_of_its_rounds(folder: Path) -> None:
    season = load_season(folder)
    facts = season_facts(season)
    stamp = ical._stamp(facts)
    for section in season.sections:
        events = ical._round_events(facts, section, stamp)
        name = f"{season.name}: {section.name}"
        assert ical.section_calendar(facts, section) == ical._library_ics(name, events)


@pytest.mark.parametrize("folder", SEASONS, ids=lambda p: p.name)
def test_player_calendars_in_one_pass_are_each_players_events(folder: Path) -> None:
    """The calendars written in one pass per section (shared lines, names escaped once)
    are the bytes of each player's own events (held to icalendar above)."""
    season = load_season(folder)
    facts = season_facts(season)
    for section in season.sections:
        every = ical.player_calendars(facts, section)
        assert sorted(every) == list(range(1, len(section.players) + 1))
        for number, calendar in every.items():
            assert calendar == ical._ics(*ical.player_events(facts, section, number))


_RIVERSIDE = ROOT / "seasons" / "riverside-2026"
name_text = st.text(st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from(
    list("\\;,^N\"é中ع ")), min_size=1, max_size=60)


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
    every = ical.player_calendars(facts, section)
    for number in (1, 2, len(players)):
        assert every[number] == ical._ics(*ical.player_events(facts, section, number))


@settings(max_examples=100, deadline=None)
@given(day=st.dates(), clock=st.times(), offset=st.none() | st.integers(-12, 12))
def test_dates_and_stamps_are_what_strftime_writes(day, clock, offset) -> None:
    """The start and stamp lines are written without strftime (or once per stamp): the
    same text for any date (a year before 1000 too) and any clock, equal stamps on
    different clocks apart."""
    assert ical._basic_date(day.isoformat()) == f"{day:%Y%m%d}"
    zone = None if offset is None else dt.timezone(dt.timedelta(hours=offset))
    stamp = dt.datetime.combine(day, clock, zone)
    assert ical._stamp_line(stamp) == f"DTSTAMP:{stamp:%Y%m%dT%H%M%SZ}"
    if zone is not None and offset and abs(offset) < 12 and dt.date(2, 1, 1) < day < \
            dt.date(9998, 1, 1):
        same = stamp.astimezone(dt.UTC)  # equal to ``stamp``, another clock
        assert ical._stamp_line(same) == f"DTSTAMP:{same:%Y%m%dT%H%M%SZ}"

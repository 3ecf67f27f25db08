"""Open data beside the pages: JSON valid against the schema, calendars and the Atom feed
parsed back by real readers, ids that survive a changed date."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from leaguegen.cli.season_standings import as_json, season_standings
from leaguegen.domain.season_facts import season_facts
from leaguegen.domain.sections import derive_facts
from leaguegen.formats.season_yaml import load_season
from leaguegen.site import feeds, urls
from leaguegen.site.feeds.json_feed import section_feed
from tests.conftest import ROOT

SEASONS = sorted(p for p in (ROOT / "seasons").iterdir() if (p / "season.yaml").exists())
SCHEMA = json.loads((ROOT / "docs" / "data-feeds.schema.json").read_text())


@pytest.fixture(scope="module")
def validator():
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    return jsonschema.Draft202012Validator(SCHEMA)


@pytest.mark.parametrize("folder", SEASONS, ids=lambda p: p.name)
def test_every_demo_feed_is_valid_against_the_schema(folder: Path, validator) -> None:
    season = load_season(folder)
    data = json.loads(feeds.season_files(season_facts(season))[urls.SEASON_JSON])
    assert not list(validator.iter_errors(data))
    for section in season.sections:
        feed = json.loads(json.dumps(section_feed(season_facts(season), section)))
        errors = [e.message for e in validator.iter_errors(feed)]
        assert not errors, (section.id, errors[:3])


@pytest.mark.parametrize("folder", SEASONS, ids=lambda p: p.name)
def test_json_files_are_compact_one_line_and_the_feeds_values(folder: Path) -> None:
    """``section.json`` and ``season.json`` are written compact (the C encoder's form:
    no spaces, non-ASCII as is) with one trailing newline, and read back as the feed."""
    season = load_season(folder)
    facts = season_facts(season)
    parts = [feeds.section_files(facts, section) for section in season.sections]
    written = dict(feeds.season_files(facts, [part for _, part in parts]))
    for files, _ in parts:
        written.update(files)
    expected = {urls.SEASON_JSON: json.loads(written[urls.SEASON_JSON])}
    expected.update({urls.section_json(s): section_feed(facts, s) for s in season.sections})
    for path, value in expected.items():
        text = written[path].decode("utf-8")
        assert text == json.dumps(value, ensure_ascii=False, separators=(",", ":")) + "\n"
        assert text.count("\n") == 1 and json.loads(text) == value


def test_a_feeds_standings_are_the_commands(validator) -> None:
    season = load_season(ROOT / "seasons" / "riverside-2026")
    for section in season.sections:
        assert section_feed(season_facts(season), section)["standings"] == as_json(
            season, section.id, season_standings(season, section.id))


def test_results_as_they_count_and_byes_with_their_kind() -> None:
    season = load_season(ROOT / "seasons" / "riverside-2026")
    premier = section_feed(season_facts(season), season.section("premier"))
    first = premier["rounds"][0]
    assert [b["board"] for b in first["boards"]] == [1, 2, 3, 4, 5]
    assert first["boards"][0] == {"board": 1, "white": 1, "black": 10, "result": "1-0"}
    # Siobhan Murphy withdrew after round 3: her later games count as forfeits
    murphy = season.section("premier").number_of("Siobhan Murphy")
    later = [b for r in premier["rounds"][3:premier["section"]["rounds_played"]]
             for b in r["boards"] if murphy in (b["white"], b["black"])]
    assert later and all(b["result"] in ("+-", "-+") for b in later)
    seven = next(s for s in season.sections if len(s.players) % 2)
    free = [bye for r in section_feed(season_facts(season), seven)["rounds"] for bye in r["byes"]]
    assert free and all(b["kind"] == "free round" for b in free)


def _section_ics(facts, section) -> bytes:  # noqa: ANN001
    return feeds.section_files(facts, section)[0][urls.section_ics(section)]


def _events(data: bytes):
    icalendar = pytest.importorskip("icalendar")
    return [c for c in icalendar.Calendar.from_ical(data).walk() if c.name == "VEVENT"]


def test_calendars_parse_back_and_uids_survive_a_new_date(tmp_path: Path) -> None:
    folder = tmp_path / "s"
    shutil.copytree(ROOT / "seasons" / "riverside-2026", folder)
    season = load_season(folder)
    premier = season.section("premier")
    events = _events(_section_ics(season_facts(season), premier))
    dated = [r for r in premier.rounds if r.date]
    assert len(events) == len(dated)
    first = {str(e["uid"]): e for e in events}
    assert len(first) == len(events)  # unique
    assert _events(feeds.season_files(season_facts(season))[urls.SEASON_ICS])
    me = _events(feeds.section_files(season_facts(season), premier)[0][
        urls.player_ics(premier, 1)])
    assert me and all("Eleanor Whitfield" in str(e["summary"]) for e in me)
    # postpone round 9: same UIDs, the event moves
    text = (folder / "season.yaml").read_text(encoding="utf-8")
    last = dated[-1].date.isoformat()
    (folder / "season.yaml").write_text(text.replace(f"date: {last}", "date: 2027-03-03", 1),
                                        encoding="utf-8")
    again = load_season(folder)
    moved = {str(e["uid"]): e for e in _events(_section_ics(season_facts(again),
                                                             again.section("premier")))}
    assert set(moved) == set(first)
    changed = [u for u in first if first[u]["dtstart"].dt != moved[u]["dtstart"].dt]
    assert len(changed) == 1 and moved[changed[0]]["dtstart"].dt == dt.date(2027, 3, 3)


def test_a_played_rounds_event_lists_its_results() -> None:
    season = load_season(ROOT / "seasons" / "riverside-2026")
    premier = season.section("premier")
    event = _events(_section_ics(season_facts(season), premier))[0]
    assert "Eleanor Whitfield - Daniel Reyes: 1-0" in str(event["description"])
    unplayed = [e for e in _events(_section_ics(season_facts(season), premier))
                if "not played yet" in str(e["description"])]
    played = derive_facts(premier).progress.rounds_played
    assert len(unplayed) == len([r for r in premier.rounds if r.date and r.number > played])


def test_the_atom_feed_is_atom_with_news_and_results() -> None:
    season = load_season(ROOT / "seasons" / "riverside-2026")
    data = feeds.season_files(season_facts(season))[urls.ATOM]
    root = ET.fromstring(data)
    ns = {"a": "http://www.w3.org/2005/Atom"}
    entries = root.findall("a:entry", ns)
    titles = [e.findtext("a:title", namespaces=ns) for e in entries]
    assert "Welcome to the winter league" in titles
    assert any("results of round 1" in t for t in titles)
    ids = [e.findtext("a:id", namespaces=ns) for e in entries]
    assert len(set(ids)) == len(ids) and all(i.startswith("urn:uuid:") for i in ids)
    updated = [e.findtext("a:updated", namespaces=ns) for e in entries]
    assert updated == sorted(updated, reverse=True)
    again = season_facts(load_season(ROOT / "seasons" / "riverside-2026"))
    assert feeds.season_files(again)[urls.ATOM] == data  # deterministic

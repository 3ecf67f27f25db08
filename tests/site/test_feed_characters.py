"""Every feed parses whatever characters the season's text holds (issue 26).

A form feed in a news body made ``feed.atom`` ill-formed XML, and feed readers reject
the whole feed. The Atom feed goes through ``feeds.atom.clean``; the JSON feeds and the
calendars must stay valid on the same inputs.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import shutil
import xml.dom.minidom
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from leaguegen.domain.season import NewsItem
from leaguegen.domain.season_facts import season_facts
from leaguegen.formats.season_yaml import load_season
from leaguegen.site import feeds
from leaguegen.site.feeds.atom import clean
from tests.conftest import ROOT

C0 = "".join(chr(c) for c in range(0x20))
EVERY = C0 + "\x7f\x85\x9f\u2028\u2029\ufffe\uffff"
ATOM = "{http://www.w3.org/2005/Atom}"


def _parse_strictly(data: bytes) -> ET.Element:
    """Two real parsers (expat through ElementTree and through minidom)."""
    xml.dom.minidom.parseString(data)
    return ET.fromstring(data)


def test_a_form_feed_in_a_news_body_from_the_folder(tmp_path: Path) -> None:
    folder = tmp_path / "season"
    shutil.copytree(ROOT / "leaguegen" / "scaffold" / "season", folder)
    news = folder / "news"
    news.mkdir(exist_ok=True)
    body = "".join(f"word{i}{chr(i)}" for i in range(0x20) if chr(i) not in "\n\r")
    (news / "2027-01-02-controls.md").write_text(f"# Every\x0ccontrol\n\nFirst\x0cpage.\n\n"
                                                 f"{body}\n", encoding="utf-8")
    season = load_season(folder)
    root = _parse_strictly(feeds.season_files(season_facts(season))["feed.atom"])
    titles = [e.findtext(f"{ATOM}title") for e in root.iter(f"{ATOM}entry")]
    assert "Every control" in titles
    content = "".join(e.findtext(f"{ATOM}content") or "" for e in root.iter(f"{ATOM}entry"))
    assert "First page." in content and "word31" in content
    for rel, data in feeds.season_files(season_facts(season)).items():
        if rel.endswith(".json"):
            json.loads(data)
        elif rel.endswith(".ics"):
            _calendar(data)
        else:
            _parse_strictly(data)


def _calendar(data: bytes) -> None:
    icalendar = pytest.importorskip("icalendar")
    icalendar.Calendar.from_ical(data)


@pytest.mark.parametrize("where", ["season name", "organiser", "news title", "news body",
                                   "section name"])
def test_every_control_character_anywhere_still_parses(where: str) -> None:
    """Values the loader refuses are cleaned too: the feed does not trust its input."""
    season = load_season(ROOT / "seasons" / "riverside-2026")
    text = f"A{EVERY}B"
    item = NewsItem("n", "Title", dt.date(2026, 1, 1), "Body")
    if where == "season name":
        season = dataclasses.replace(season, name=text)
    elif where == "organiser":
        season = dataclasses.replace(season, organiser=text)
    elif where == "news title":
        season = dataclasses.replace(season, news=(dataclasses.replace(item, title=text),))
    elif where == "news body":
        season = dataclasses.replace(season, news=(dataclasses.replace(item, markdown=text),))
    else:
        first = dataclasses.replace(season.sections[0], name=text)
        season = dataclasses.replace(season, sections=(first, *season.sections[1:]))
    root = _parse_strictly(feeds.season_files(season_facts(season))["feed.atom"])
    shown = "".join(root.itertext())
    assert "A" in shown and "B" in shown
    assert json.loads(feeds.season_files(season_facts(season))["season.json"])


def test_clean_keeps_what_xml_allows() -> None:
    allowed = "tab\there\nline\rreturn é 中 \x85 \u2028 \U0001f600"
    assert clean(allowed) == allowed
    assert clean("a\x0cb\x0bc\x00d\x1fe\ufffef\ud800") == "a b cdef"

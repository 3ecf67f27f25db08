"""A team league's players on the start list and the A-Z lists, and its section.json
(issue 28): read from the built example season, the feed checked against the schema."""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import pytest

from leaguegen.domain.sections import derive_facts
from leaguegen.domain.sections.team_league import standings_json
from leaguegen.formats.chores import withdraw
from leaguegen.formats.season_yaml import load_season
from leaguegen.site.build import build_site
from tests.conftest import ROOT

DEMO = ROOT / "seasons" / "club-league-2026"
SCHEMA = json.loads((ROOT / "docs" / "data-feeds.schema.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("team-lists") / "site"
    build_site(DEMO, out, pdf=False)
    return out


def text(path: Path) -> str:
    body = path.read_text(encoding="utf-8").split("<main", 1)[-1]
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", body)))


def test_the_start_list_has_every_player_team_by_team(site: Path) -> None:
    page = text(site / "division-1" / "start-list.html")
    assert "No. Player Team Rating FIDE ID" in page
    assert "5 Emma Ellison Riverside A 1967 400548 6 Farid Fairley (reserve) Riverside A 1890" \
        " 7 Grace Gordon Hillcrest" in page
    assert 'href="../division-1/team-6.html">Jade Jensen</a>' in (
        site / "division-1" / "start-list.html").read_text(encoding="utf-8")


def test_the_a_to_z_list_seats_the_players_of_the_rounds_cards(site: Path) -> None:
    page = text(site / "division-1" / "alphabetical-1.html")
    assert "Player (Team) Board Colour Opponent" in page
    # the reserve Jade Jensen played board 4 for Riverside B in round 1, White
    assert "Jade Jensen Riverside B 4 White David Dempsey" in page
    assert "Hana Hughes Riverside B Hugo Hartley" in page  # not fielded: no board
    # the current round is the first with a match still to play (round 6)
    assert "round 6, players A–Z" in text(site / "division-1" / "alphabetical.html")
    # Division 2 has five teams: one has the free round each evening
    assert "Ada Archer Hillcrest B free round" in text(site / "division-2" /
                                                       "alphabetical-1.html")


def test_the_section_feed_has_the_teams_players_and_matches(site: Path) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validator = jsonschema.Draft202012Validator(SCHEMA)
    feed = json.loads((site / "division-1" / "section.json").read_text(encoding="utf-8"))
    assert list(validator.iter_errors(feed)) == []
    assert feed["teams"][5]["reserves"] == [36] and feed["teams"][5]["name"] == "Riverside B"
    jade = feed["players"][35]
    assert (jade["name"], jade["team"], jade["reserve"], jade["page"]) == (
        "Jade Jensen", 6, True, "team-6.html")
    r4 = feed["rounds"][3]
    default = next(m for m in r4["matches"] if m["home"] == 5)
    assert (default["default"], default["result"], default["away_points"]) == ("-+", "away",
                                                                               4.0)
    r1 = feed["rounds"][0]["matches"][0]
    assert r1["boards"][3] == {"board": 4, "home": 4, "away": 36, "home_colour": "black",
                               "result": "1/2-1/2"}
    assert feed["rounds"][6]["matches"][0]["result"] is None
    section = load_season(DEMO).section("division-1")
    assert feed["standings"] == json.loads(json.dumps(standings_json(derive_facts(section))))
    season = json.loads((site / "season.json").read_text(encoding="utf-8"))
    assert list(validator.iter_errors(season)) == []
    assert season["sections"][0]["players"] == 36
    assert season["sections"][0]["trf"] == "division-1/division-1.trf"


TRANSLATED = {  # the division's team tie-breaks, as each language's page names them
    "ru": ("Командные очки", "Очки за партии", "Личная встреча",
           "Коэффициент Зонненборна — Бергера (командные очки)"),
    "zh_Hans": ("大分", "局分", "直接对局", "索伯分（大分）"),
    "ar": ("نقاط المباريات", "نقاط الأشواط", "المواجهة المباشرة",
           "سونبورن-برجر (نقاط المباريات)"),
}


def test_the_team_tiebreaks_are_named_in_each_language(tmp_path: Path) -> None:
    season = tmp_path / "season"
    shutil.copytree(DEMO, season)
    text_ = (season / "season.yaml").read_text(encoding="utf-8")
    (season / "season.yaml").write_text(text_.replace(
        "time_control:", "languages: [en, ru, zh_Hans, ar]\ntime_control:", 1),
        encoding="utf-8")
    withdraw(season, "division-2", "Castle Rooks", 2)
    out = tmp_path / "site"
    build_site(season, out, pdf=False)
    for lang, names in TRANSLATED.items():
        folder = out / lang.replace("_", "-")  # zh_Hans is published under zh-Hans/
        page = (folder / "division-1" / "index.html").read_text(encoding="utf-8")
        for code, name in zip(("MPTS", "GPTS", "DE", "SB:MP"), names, strict=True):
            assert f'<abbr title="{name}">{code}</abbr>' in page, (lang, code)
            assert "Sonneborn-Berger" not in page and "Direct encounter" not in page
        other = (folder / "division-2" / "index.html").read_text(encoding="utf-8")
        assert "withdrew after round" not in other  # the withdrawal sentence is translated
    assert "снялась после 2-го тура" in (out / "ru" / "division-2" / "index.html").read_text(
        encoding="utf-8")


def test_the_calendar_lists_each_rounds_matches(site: Path) -> None:
    ics = (site / "division-2" / "section.ics").read_text(encoding="utf-8")
    ics = ics.replace("\r\n", "\n").replace("\n ", "")  # unfolded
    assert ("DESCRIPTION:Castle Rooks - Riverside C: 2.5-1.5\\nNorthgate Juniors - Old Mill B:"
            " 2-2\\nHillcrest B: free round") in ics
    assert "Pairings to be published" not in ics.split("20261022", 1)[0]
    assert "Riverside C - Hillcrest B: not played yet" in ics


def test_the_table_writes_points_as_the_page_writes_scores(site: Path) -> None:
    """Game points and tie-breaks in the page's notation (½, never .5), and the season's
    home page has no plan: the league has results (its matches, not games)."""
    page = text(site / "division-1" / "index.html")
    assert "Riverside A ↑ promotion 5 3 2 0 8 14½ 0 35" in page
    assert not re.search(r"\d\.\d", page.split("Cross table")[0])
    assert 'class="planning"' not in (site / "index.html").read_text(encoding="utf-8")
